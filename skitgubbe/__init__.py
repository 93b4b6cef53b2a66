"""Skitgubbe: a rule-exact engine for the Swedish two-phase card game, with every decision cited.

The curated public API is `__all__` (README, "Where things are"). The engine and the errors carry data only (keys
and parameters); this module, which Python runs before any submodule of the package, installs the one seam
`skitgubbe.wording` once: the text layer's wording (events, reasons, errors, `Phrase`s) and how a `Game` draws
itself in Jupyter (the views layer, imported only when a table is drawn). So words never depend on import order.
"""

from skitgubbe import _compiled  # noqa: F401  (first: it refuses compiled modules older than their source)
from skitgubbe.engine import game
from skitgubbe.engine.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from skitgubbe.engine.events import Event, EventKind, Reason
from skitgubbe.engine.game import Game, Step
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import CHANSA, PICK_UP, Chansa, Move, PickUp, Play, parse_move
from skitgubbe.engine.state import GameState
from skitgubbe.errors import (
    CardParseError,
    MoveParseError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
    SkitgubbeError,
)
from skitgubbe.rules.catalogue import CATALOGUE, rule
from skitgubbe.rules.options import PRESETS, Rules, preset
from skitgubbe.rules.rule import Rule
from skitgubbe.text.i18n import worded
from skitgubbe.wording import install

#: Whether the engine's core runs compiled by mypyc (setup.py) rather than as Python source.
COMPILED: bool = game.__file__ is not None and not game.__file__.endswith(".py")


def _table_html(shown: object) -> str:
    """`Game._repr_html_`: the table as HTML, drawn by the views layer (imported here, on first use: importing the
    views, and the plotting they load, would slow every start of the package)."""
    from skitgubbe.views.board import static_board

    assert isinstance(shown, Game)
    return static_board(shown.state, "en", inline_css=True)


install(worded, _table_html)

__all__ = [
    "CATALOGUE",
    "CHANSA",
    "COMPILED",
    "DECK",
    "PICK_UP",
    "PRESETS",
    "Card",
    "CardParseError",
    "Chansa",
    "Event",
    "EventKind",
    "Game",
    "GameState",
    "IllegalMove",
    "Move",
    "MoveParseError",
    "NotationError",
    "PickUp",
    "Play",
    "PositionError",
    "Rank",
    "Reason",
    "RecordError",
    "Rule",
    "Rules",
    "RulesError",
    "SkitgubbeError",
    "Step",
    "Suit",
    "format_cards",
    "parse_cards",
    "parse_move",
    "preset",
    "rule",
]
__version__ = "0.1.0"
