"""Skitgubbe: a rule-exact engine for the Swedish two-phase card game, with every decision cited."""

from skitgubbe import _compiled  # noqa: F401  (first: it refuses compiled modules older than their source)
from skitgubbe.engine.cards import DECK, Card, CardParseError, Rank, Suit, format_cards, parse_cards
from skitgubbe.engine.events import Event, EventKind, IllegalMove, Reason
from skitgubbe.engine import game
from skitgubbe.engine.game import Game, PositionError, Step
from skitgubbe.engine.moves import CHANSA, PICK_UP, Chansa, Move, MoveParseError, PickUp, Play, parse_move
from skitgubbe.rules.catalogue import Rule
from skitgubbe.rules.options import CATALOGUE, PRESETS, Rules, RulesError, preset, rule
from skitgubbe.engine.state import GameState

#: Whether the engine's core runs compiled by mypyc (setup.py) rather than as Python source.
COMPILED: bool = game.__file__ is not None and not game.__file__.endswith(".py")

__all__ = [
    "CATALOGUE",
    "CHANSA",
    "COMPILED",
    "Card",
    "CardParseError",
    "Chansa",
    "DECK",
    "Event",
    "EventKind",
    "Game",
    "GameState",
    "IllegalMove",
    "Move",
    "MoveParseError",
    "PICK_UP",
    "PRESETS",
    "PickUp",
    "Play",
    "PositionError",
    "Rank",
    "Reason",
    "Rule",
    "Rules",
    "RulesError",
    "Step",
    "Suit",
    "format_cards",
    "parse_cards",
    "parse_move",
    "preset",
    "rule",
]
__version__ = "0.1.0"
