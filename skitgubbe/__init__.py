"""Skitgubbe: a rule-exact engine for the Swedish two-phase card game, with every decision cited.

The curated public API is `__all__` (README, "Where things are"). Importing the package also loads the text
layer, which words the engine's events, reasons and illegal moves (the engine itself carries data only), and
registers how a `Game` draws itself in Jupyter (the views layer, imported only when a table is drawn).
"""

from skitgubbe import _compiled  # noqa: F401  (first: it refuses compiled modules older than their source)
from skitgubbe.engine import game
from skitgubbe.engine.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from skitgubbe.engine.events import Event, EventKind, Reason
from skitgubbe.engine.game import Game, Step, set_html_view
from skitgubbe.engine.moves import CHANSA, PICK_UP, Chansa, Move, PickUp, Play, parse_move
from skitgubbe.engine.state import GameState
from skitgubbe.errors import (
    CardParseError,
    IllegalMove,
    MoveParseError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
    SkitgubbeError,
)
from skitgubbe.rules.catalogue import Rule
from skitgubbe.rules.options import CATALOGUE, PRESETS, Rules, preset, rule
from skitgubbe.text import error_text as _error_text  # noqa: F401  (registers the words of every error)
from skitgubbe.text import i18n as _i18n  # noqa: F401  (registers the words of events, reasons and errors)

#: Whether the engine's core runs compiled by mypyc (setup.py) rather than as Python source.
COMPILED: bool = game.__file__ is not None and not game.__file__.endswith(".py")


def _table_html(shown: Game) -> str:
    """`Game._repr_html_`: the table as HTML, drawn by the views layer (imported here, on first use)."""
    from skitgubbe.views import render

    return render.state_html(shown.state, "en", size="md", inline_css=True)


set_html_view(_table_html)

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
