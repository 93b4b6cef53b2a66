"""Skitgubbe: a rule-exact engine for the Swedish two-phase card game, with every decision cited."""

from .cards import DECK, Card, CardParseError, Rank, Suit, format_cards, parse_cards
from .events import Event, EventKind, IllegalMove, Reason
from .game import Game, PositionError, Step
from .moves import CHANSA, PICK_UP, Chansa, Move, MoveParseError, PickUp, Play, parse_move
from .rules import CATALOGUE, PRESETS, Rule, Rules, RulesError, preset, rule
from .state import GameState

__all__ = [
    "CATALOGUE", "CHANSA", "Card", "CardParseError", "Chansa", "DECK", "Event", "EventKind", "Game", "GameState",
    "IllegalMove", "Move", "MoveParseError", "PICK_UP", "PRESETS", "PickUp", "Play", "PositionError", "Rank",
    "Reason", "Rule", "Rules", "RulesError", "Step", "Suit", "format_cards", "parse_cards", "parse_move",
    "preset", "rule",
]
__version__ = "0.1.0"
