"""Move values (play cards, pick up, chansa) and their parse/format pair."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import Card, CardParseError, format_cards, parse_cards


@dataclass(frozen=True, slots=True)
class Play:
    """Play one or more cards from hand as one play (several only where the rules allow it)."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take cards from the table into hand (phase 2: *supa*)."""

    def __str__(self) -> str:
        return "pick up"

    def __repr__(self) -> str:
        return "parse_move('pick up')"


@dataclass(frozen=True, slots=True)
class Chansa:
    """Play the top talon card unseen instead of a hand card (phase 1: *chansa*, *våga*)."""

    def __str__(self) -> str:
        return "chansa"

    def __repr__(self) -> str:
        return "parse_move('chansa')"


Move = Union[Play, PickUp, Chansa]

PICK_UP = PickUp()
CHANSA = Chansa()
_SINGLE_PLAYS: list[Play | None] = [None] * 52

_PICK_UP_WORDS = {"pick up", "pickup", "pick-up", "take", "supa", "ta upp", "tar upp", "plocka upp"}
_CHANSA_WORDS = {"chansa", "våga", "chance", "talon", "play talon"}


class MoveParseError(ValueError):
    """Text that is not a move."""

    def __init__(self, text: str, detail: str = "") -> None:
        self.text = text
        hint = ("a move is one or more cards ('9C', 'QC KC AC', '♣D'), 'pick up' (also 'supa', 'ta upp') "
                "or 'chansa' (also 'våga'), optionally after the player's name: 'A: 9C'")
        super().__init__(f"{text!r} is not a move{': ' + detail if detail else ''}; {hint}")


def play_of(card: Card) -> Play:
    """The (shared) single-card play of a card."""
    move = _SINGLE_PLAYS[card.index]
    if move is None:
        move = _SINGLE_PLAYS[card.index] = Play((card,))
    return move


def parse_move(text: "str | Move") -> Move:
    """Read a move: cards, `pick up`/`supa`/`ta upp`, or `chansa`/`våga`."""
    if isinstance(text, (Play, PickUp, Chansa)):
        return text
    if not isinstance(text, str):
        raise MoveParseError(repr(text))
    key = " ".join(text.strip().lower().split())
    if key in _PICK_UP_WORDS:
        return PICK_UP
    if key in _CHANSA_WORDS:
        return CHANSA
    if not key:
        raise MoveParseError(text, "it is empty")
    try:
        cards = parse_cards(text)
    except CardParseError as error:
        raise MoveParseError(text, f"{error.text!r} is not a card") from None
    if len(set(cards)) != len(cards):
        raise MoveParseError(text, "a card is named twice")
    return play_of(cards[0]) if len(cards) == 1 else Play(cards)


def split_player_move(text: str) -> tuple[str | None, Move]:
    """Read `"A: 9C"` as ("A", the move); text without a colon has no player."""
    if ":" in text:
        name, _, rest = text.partition(":")
        name = name.strip()
        if not name:
            raise MoveParseError(text, "the player's name before ':' is empty")
        return name, parse_move(rest)
    return None, parse_move(text)


def format_move(move: Move) -> str:
    return str(move)
