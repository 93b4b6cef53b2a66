"""Move values (play cards, pick up, chansa, throw on, pass) and their parse/format pair."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from skitgubbe.engine.cards import DECK, Card, format_cards, parse_cards
from skitgubbe.errors import CardParseError, MoveParseError


@dataclass(frozen=True, slots=True)
class Play:
    """Play one or more cards from hand as one play (several only where the rules allow it)."""

    cards: tuple[Card, ...]

    def __reduce__(self) -> tuple[type[Play], tuple[tuple[Card, ...]]]:
        return (Play, (self.cards,))  # the compiled frozen class cannot be unpickled attribute by attribute

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take cards from the table into hand (phase 2: *supa*)."""

    def __reduce__(self) -> tuple[type[PickUp], tuple[()]]:
        return (PickUp, ())

    def __str__(self) -> str:
        return "pick up"

    def __repr__(self) -> str:
        return "parse_move('pick up')"


@dataclass(frozen=True, slots=True)
class Chansa:
    """Play the top talon card unseen instead of a hand card (phase 1: *chansa*, *våga*)."""

    def __reduce__(self) -> tuple[type[Chansa], tuple[()]]:
        return (Chansa, ())

    def __str__(self) -> str:
        return "chansa"

    def __repr__(self) -> str:
        return "parse_move('chansa')"


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw cards on a phase-1 trick (*slänga på*, everyone-plays tricks); may be made out of turn where allowed."""

    cards: tuple[Card, ...]

    def __reduce__(self) -> tuple[type[Throw], tuple[tuple[Card, ...]]]:
        return (Throw, (self.cards,))

    def __str__(self) -> str:
        return "throw " + format_cards(self.cards)

    def __repr__(self) -> str:
        return f"parse_move({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to throw on when the throw-on window reaches you (*stå över*)."""

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        return (Pass, ())

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "parse_move('pass')"


Move = Play | PickUp | Chansa | Throw | Pass
MOVE_TYPES: Final = frozenset({Play, PickUp, Chansa, Throw, Pass})

PICK_UP: Final = PickUp()
CHANSA: Final = Chansa()
PASS: Final = Pass()
#: The shared single-card play of every card, by `card.index` (`SINGLE_PLAYS[card.index]` is `play_of(card)`).
SINGLE_PLAYS: Final[tuple[Play, ...]] = tuple(sorted((Play((c,)) for c in DECK), key=lambda m: m.cards[0].index))

#: Parameters and table entries of single-card plays, shared so that the hot paths allocate none: by `card.index`,
#: `(card,)`, `("cards", (card,))` and `("target", card)` (a reason's parameters), and by `seat * 52 + card.index`
#: `(seat, (card,))` (a play on the table).
ONE_CARD: Final[tuple[tuple[Card, ...], ...]] = tuple(play.cards for play in SINGLE_PLAYS)
CARDS_PARAM: Final[tuple[tuple[str, tuple[Card, ...]], ...]] = tuple(("cards", play.cards) for play in SINGLE_PLAYS)
TARGET_PARAM: Final[tuple[tuple[str, Card], ...]] = tuple(("target", play.cards[0]) for play in SINGLE_PLAYS)
SEATED_PLAYS: Final[tuple[tuple[int, tuple[Card, ...]], ...]] = tuple(
    (seat, play.cards) for seat in range(6) for play in SINGLE_PLAYS
)

_PICK_UP_WORDS = {"pick up", "pickup", "pick-up", "take", "supa", "ta upp", "tar upp", "plocka upp"}
_CHANSA_WORDS = {"chansa", "våga", "chance", "talon", "play talon"}
_PASS_WORDS = {"pass", "stå över", "passa", "pass on"}
#: Words that start a throw-on move, longest first: `throw 9C 9D`, `släng 9C`, `slänga på 9C`.
_THROW_PREFIXES = ("slänga på ", "slänger på ", "throw on ", "throw ", "släng ")


def play_of(card: Card) -> Play:
    """The (shared) single-card play of a card."""
    return SINGLE_PLAYS[card.index]


def parse_move(text: object) -> Move:
    """Read a move: cards, `pick up`/`supa`/`ta upp`, `chansa`/`våga`, `throw <cards>`/`släng`, `pass`/`stå över`.

    `str(move)` is its canonical text, which reads back as the same move:

    >>> parse_move("klöver dam, klöver kung")
    parse_move('QC KC')
    >>> [str(parse_move(text)) for text in ("♣E", "supa", "våga", "släng 9C 9D", "stå över")]
    ['AC', 'pick up', 'chansa', 'throw 9C 9D', 'pass']
    >>> all(parse_move(str(move)) == move for move in (parse_move("10H JH"), PICK_UP, CHANSA, PASS))
    True
    >>> parse_move("9C 9C")
    Traceback (most recent call last):
    ...
    skitgubbe.errors.MoveParseError: '9C 9C' is not a move: a card is named twice; ...
    """
    if isinstance(text, (Play, PickUp, Chansa, Throw, Pass)):
        return text
    if not isinstance(text, str):
        raise MoveParseError(repr(text))
    key = " ".join(text.strip().lower().split())
    if key in _PICK_UP_WORDS:
        return PICK_UP
    if key in _CHANSA_WORDS:
        return CHANSA
    if key in _PASS_WORDS:
        return PASS
    if not key:
        raise MoveParseError(text, "move_empty")
    for prefix in _THROW_PREFIXES:
        if (key + " ").startswith(prefix):
            rest = " ".join(text.split())[len(prefix) :].strip()
            if not rest:
                raise MoveParseError(text, "names_no_card_throw_on")
            return Throw(_cards_of(text, rest))
    cards = _cards_of(text, text)
    return play_of(cards[0]) if len(cards) == 1 else Play(cards)


def _cards_of(text: str, part: str) -> tuple[Card, ...]:
    try:
        cards = parse_cards(part)
    except CardParseError as error:
        raise MoveParseError(text, "move_not_a_card", card=repr(error.text)) from None
    if len(set(cards)) != len(cards):
        raise MoveParseError(text, "card_named_twice")
    return cards


def split_player_move(text: object) -> tuple[str | None, Move]:
    """Read `"A: 9C"` as ("A", the move); text without a colon has no player.

    >>> split_player_move("B: ta upp"), split_player_move("QC KC AC")
    (('B', parse_move('pick up')), (None, parse_move('QC KC AC')))
    """
    if not isinstance(text, str):
        raise MoveParseError(repr(text))
    if ":" in text:
        name, _, rest = text.partition(":")
        name = name.strip()
        if not name:
            raise MoveParseError(text, "player_name_before_empty")
        return name, parse_move(rest)
    return None, parse_move(text)
