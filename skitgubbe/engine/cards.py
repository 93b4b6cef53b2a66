"""Suits, ranks and cards: immutable values with parse/format in every notation the book uses."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import Final

from skitgubbe.errors import CardParseError, LanguageError


class Suit(Enum):
    """A suit; the value is the canonical one-letter English code."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def name_in(self, lang: str) -> str:
        """The suit's name in Swedish (`klöver`) or English (`clubs`)."""
        if lang != "sv" and lang != "en":  # the same refusal as skitgubbe.text.lang.check_lang (a layer above)
            raise LanguageError(lang)
        return _SUIT_NAMES[lang][self]

    @classmethod
    def parse(cls, text: object) -> Suit:
        """Read a suit: its code, symbol or name in either language; `suit.value` is its code.

        >>> Suit.parse("klöver"), Suit.parse("♥").value, Suit.parse("spades")
        (Suit.CLUBS, 'H', Suit.SPADES)
        """
        if not isinstance(text, str):
            raise CardParseError(repr(text), "suit")
        key = text.strip().lower()
        try:
            return _SUIT_WORDS[key]
        except KeyError:
            raise CardParseError(text, "suit") from None

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] > _SUIT_ORDER[other]


class Rank(IntEnum):
    """A rank; the value orders it (ace high, two low)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        """English code: 2–10, J, Q, K, A."""
        return _RANK_CODES[self]

    def letter_in(self, lang: str) -> str:
        """Short form in a language: Swedish uses Kn, D, K, E for the court cards and the ace."""
        if lang != "sv" and lang != "en":  # the same refusal as skitgubbe.text.lang.check_lang (a layer above)
            raise LanguageError(lang)
        return _RANK_LETTERS_SV[self] if lang == "sv" else _RANK_CODES[self]

    def name_in(self, lang: str) -> str:
        """Word for the rank: `dam`, `queen`; number ranks in digits for Swedish, words for English."""
        if lang != "sv" and lang != "en":  # the same refusal as skitgubbe.text.lang.check_lang (a layer above)
            raise LanguageError(lang)
        return _RANK_NAMES[lang][self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card. `str(card)` is the canonical code (`9C`); `Card.parse` reads every notation.

    There is exactly one object per card (`Card(Rank.NINE, Suit.CLUBS) is Card.parse("9C")`), so equality
    and hashing are identity: fast enough for the simulations that play thousands of games a second.
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False)

    def __hash__(self) -> int:
        # cards are interned, so the index is an identity hash; written out because a class compiled by mypyc
        # does not inherit `object.__hash__` here
        return self.index

    def __eq__(self, other: object) -> bool:
        # identity, written out: a class that defines an ordering gets a generic equality that costs CPython a method
        # lookup per comparison, and `card in hand` compares with every card before it
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        interned = _INTERNED.get((rank, suit))
        if interned is not None:
            return interned
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise CardParseError(f"{rank!r} {suit!r}")
        card = object.__new__(cls)
        _INTERNED[(rank, suit)] = card
        return card

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", _SUIT_ORDER[self.suit] * 13 + self.rank - 2)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (str(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        return (self.rank, _SUIT_ORDER[self.suit]) < (other.rank, _SUIT_ORDER[other.suit])

    def __le__(self, other: Card) -> bool:
        return self is other or self < other

    def __gt__(self, other: Card) -> bool:
        return other < self

    def __ge__(self, other: Card) -> bool:
        return self is other or other < self

    def __str__(self) -> str:
        return _RANK_CODES[self.rank] + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def code(self) -> str:
        return str(self)

    def symbol_in(self, lang: str) -> str:
        """Suit symbol then rank letter: `♣D` in Swedish, `♣Q` in English."""
        return self.suit.symbol + self.rank.letter_in(lang)

    def name_in(self, lang: str) -> str:
        """`klöver 9`, `hjärter dam`; `nine of clubs`, `queen of hearts`."""
        if lang != "sv" and lang != "en":  # the same refusal as skitgubbe.text.lang.check_lang (a layer above)
            raise LanguageError(lang)
        if lang == "sv":
            return f"{self.suit.name_in('sv')} {self.rank.name_in('sv')}"
        return f"{self.rank.name_in('en')} of {self.suit.name_in('en')}"

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read a card in any accepted notation (see `CardParseError.ACCEPTED`); `str(card)` is its canonical code.

        >>> [str(Card.parse(text)) for text in ("9C", "♣D", "♣Kn", "hjärter dam", "ace of spades", "10h")]
        ['9C', 'QC', 'JC', 'QH', 'AS', '10H']
        >>> all(Card.parse(str(card)) is card for card in DECK)
        True
        >>> Card.parse("♣X")
        Traceback (most recent call last):
        ...
        skitgubbe.errors.CardParseError: '♣X' is not a card; accepted forms: ...
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardParseError(repr(text))
        key = " ".join(text.strip().lower().split())
        card = _PARSE_CACHE.get(key)
        if card is None:
            raise CardParseError(text)
        return card


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
_SUIT_ORDER: Final[dict[Suit, int]] = {s: "CDHS".index(s.value) for s in Suit}
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_NAMES = {
    "sv": {Suit.CLUBS: "klöver", Suit.DIAMONDS: "ruter", Suit.HEARTS: "hjärter", Suit.SPADES: "spader"},
    "en": {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"},
}
_RANK_CODES = {r: (str(r.value) if r.value <= 10 else "JQKA"[r.value - 11]) for r in Rank}
_RANK_LETTERS_SV = {**_RANK_CODES, Rank.JACK: "Kn", Rank.QUEEN: "D", Rank.KING: "K", Rank.ACE: "E"}
_RANK_NAMES = {
    "sv": {
        **{r: str(r.value) for r in Rank if r <= 10},
        Rank.JACK: "knekt",
        Rank.QUEEN: "dam",
        Rank.KING: "kung",
        Rank.ACE: "ess",
    },
    "en": {
        Rank.TWO: "two",
        Rank.THREE: "three",
        Rank.FOUR: "four",
        Rank.FIVE: "five",
        Rank.SIX: "six",
        Rank.SEVEN: "seven",
        Rank.EIGHT: "eight",
        Rank.NINE: "nine",
        Rank.TEN: "ten",
        Rank.JACK: "jack",
        Rank.QUEEN: "queen",
        Rank.KING: "king",
        Rank.ACE: "ace",
    },
}
_SUIT_WORDS: dict[str, Suit] = {}
for _suit in Suit:
    for _word in (
        _suit.value,
        _suit.symbol,
        _suit.name_in("sv"),
        _suit.name_in("en"),
        _suit.name_in("en").rstrip("s"),
        _suit.name.lower(),
    ):
        _SUIT_WORDS[_word.lower()] = _suit
_SUIT_WORDS.update(
    {
        "\u2667": Suit.CLUBS,
        "\u2662": Suit.DIAMONDS,
        "\u2661": Suit.HEARTS,
        "\u2664": Suit.SPADES,
        "hjärtan": Suit.HEARTS,
    }
)


def _rank_words(rank: Rank) -> set[str]:
    words = {
        _RANK_CODES[rank].lower(),
        _RANK_LETTERS_SV[rank].lower(),
        _RANK_NAMES["sv"][rank],
        _RANK_NAMES["en"][rank],
        str(rank.value),
    }
    if rank == Rank.TEN:
        words |= {"t", "tio", "tia"}
    extra_sv = {
        Rank.TWO: "två",
        Rank.THREE: "tre",
        Rank.FOUR: "fyra",
        Rank.FIVE: "fem",
        Rank.SIX: "sex",
        Rank.SEVEN: "sju",
        Rank.EIGHT: "åtta",
        Rank.NINE: "nio",
        Rank.JACK: "kn",
        Rank.KING: "k",
    }
    if rank in extra_sv:
        words.add(extra_sv[rank])
    return words


def _add_notations(
    cache: dict[str, Card], card: Card, short: set[str], symbols: list[str], suit_words: list[str]
) -> None:
    """Every symbol and word notation of one card, into the parse cache."""
    for r in short:
        for sym in symbols:
            cache[sym + r] = card  # ♣9, ♣q, ♣d, ♣kn, ♣e
            cache[r + sym] = card  # 9♣
    for r in _rank_words(card.rank):
        for s in suit_words:
            if len(s) > 1:
                cache[f"{s} {r}"] = card  # klöver 9, hjärter dam
                cache[f"{r} of {s}"] = card  # nine of clubs
                cache[f"{r} {s}"] = card  # 9 clubs


def _build_parse_cache() -> dict[str, Card]:
    cache: dict[str, Card] = {}
    short_ranks = {
        r: {_RANK_CODES[r].lower(), _RANK_LETTERS_SV[r].lower()} | ({"t"} if r == Rank.TEN else set()) for r in Rank
    }
    for suit in Suit:
        suit_words = [w for w, s in _SUIT_WORDS.items() if s is suit]
        symbols = [w for w in suit_words if len(w) == 1 and not w.isascii()]
        for rank in Rank:
            _add_notations(cache, Card(rank, suit), short_ranks[rank], symbols, suit_words)
    for suit in Suit:
        for rank in Rank:
            cache[(_RANK_CODES[rank] + suit.value).lower()] = Card(rank, suit)  # canonical: 9C, QD, 10H
        cache["t" + suit.value.lower()] = Card(Rank.TEN, suit)
    return cache


_PARSE_CACHE: Final = _build_parse_cache()

#: The 52 cards in a fixed order: clubs, diamonds, hearts, spades; two to ace within each suit.
DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)

_SPLIT = re.compile(r"[\s,;]+|(?<=[CDHScdhs])-|-(?=[♣♦♥♠])")


def parse_cards(text: str | Iterable[object]) -> tuple[Card, ...]:
    """Read several cards: a list of notations, or one string of codes separated by spaces, commas or dashes.

    Multi-word notations (`klöver 9`) need the list form or commas: `"klöver 9, klöver 10"`.
    `format_cards` writes them back as canonical codes:

    >>> format_cards(parse_cards("♣D-♣K-♣E"))
    'QC KC AC'
    >>> format_cards(parse_cards("klöver 9, hjärter 10")), format_cards(parse_cards(["9C", "♠E"]))
    ('9C 10H', '9C AS')
    """
    if isinstance(text, str):
        if "," in text or ";" in text:
            parts = [p for p in re.split(r"[,;]", text) if p.strip()]
            return tuple(Card.parse(p) for p in parts)
        try:
            return (Card.parse(text),)
        except CardParseError:
            pass
        parts = [p for p in _SPLIT.split(text.strip()) if p]
        return tuple(Card.parse(p) for p in parts)
    return tuple(Card.parse(item) for item in text)


def beats(card: Card, top: Card, trump: Suit | None) -> bool:
    """Whether `card` beats `top` under this trump suit: higher in the same suit, or a trump on a non-trump.

    The one place this is decided: the phases and the computer players ask it (phase 2's hot paths use
    `phase2_common.beat_table`, which is built from it).

    >>> beats(Card.parse("KC"), Card.parse("9C"), Suit.HEARTS), beats(Card.parse("2H"), Card.parse("AC"), Suit.HEARTS)
    (True, True)
    >>> beats(Card.parse("AS"), Card.parse("9C"), Suit.HEARTS), beats(Card.parse("9C"), Card.parse("KC"), None)
    (False, False)
    """
    if card.suit is top.suit:
        return card.rank > top.rank
    return card.suit is trump


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical codes separated by spaces: `QC KC AC`."""
    return " ".join(str(c) for c in cards)


def shuffled_deck(seed: int) -> list[Card]:
    """The 52 cards in the order a seeded shuffle gives; the same seed always gives the same order.

    It is `random.Random(seed).shuffle(list(DECK))` written out (the same draws, so the same order; the tests
    compare), so that the compiled engine deals without calling back into Python code.
    """
    deck = list(DECK)
    getrandbits = random.Random(seed).getrandbits
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def sort_hand(cards: Sequence[Card], trump: Suit | None = None) -> list[Card]:
    """Cards grouped by suit (trump last) and by rank, as a player would hold them."""
    order = {s: i for i, s in enumerate(Suit)}
    if trump is not None:
        order[trump] = len(order)
    return sorted(cards, key=lambda c: (order[c.suit], c.rank))
