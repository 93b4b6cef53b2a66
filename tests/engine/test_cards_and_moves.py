"""Cards and moves: every notation parses, formats round-trip, bad input names itself."""

from __future__ import annotations

import pytest

from skitgubbe import DECK, Card, CardParseError, Rank, Suit, parse_cards, parse_move
from skitgubbe.engine.moves import CHANSA, PICK_UP, Play, split_player_move
from skitgubbe.errors import MoveParseError


@pytest.mark.parametrize(
    "text, code",
    [
        ("9C", "9C"),
        ("10H", "10H"),
        ("QS", "QS"),
        ("AD", "AD"),
        ("qs", "QS"),
        ("TC", "10C"),
        ("♣9", "9C"),
        ("♣Q", "QC"),
        ("♣D", "QC"),
        ("♣Kn", "JC"),
        ("♣E", "AC"),
        ("♥10", "10H"),
        ("♠K", "KS"),
        ("9♣", "9C"),
        ("klöver 9", "9C"),
        ("hjärter dam", "QH"),
        ("Spader Ess", "AS"),
        ("ruter knekt", "JD"),
        ("klöver kung", "KC"),
        ("nine of clubs", "9C"),
        ("queen of hearts", "QH"),
        ("Ace of Spades", "AS"),
        ("ten of diamonds", "10D"),
    ],
)
def test_every_notation(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


def test_canonical_round_trip_and_repr() -> None:
    assert len(DECK) == 52 and len(set(DECK)) == 52
    for card in DECK:
        assert Card.parse(str(card)) == card
        assert Card.parse(card.symbol_in("sv")) == card
        assert Card.parse(card.symbol_in("en")) == card
        assert Card.parse(card.name_in("sv")) == card
        assert Card.parse(card.name_in("en")) == card
        assert eval(repr(card), {"Card": Card}) == card


def test_names_in_both_languages() -> None:
    card = Card(Rank.QUEEN, Suit.CLUBS)
    assert card.name_in("sv") == "klöver dam" and card.name_in("en") == "queen of clubs"
    assert card.symbol_in("sv") == "♣D" and card.symbol_in("en") == "♣Q"


@pytest.mark.parametrize("bad", ["ZZ", "1C", "11H", "DC", "", "klöver 1", "♣Z"])
def test_bad_notation_quotes_input_and_lists_forms(bad: str) -> None:
    with pytest.raises(CardParseError) as caught:
        Card.parse(bad)
    message = str(caught.value)
    assert repr(bad) in message and "accepted forms" in message and "♣Kn" in message


def test_parse_cards_forms() -> None:
    assert [str(c) for c in parse_cards("QC KC AC")] == ["QC", "KC", "AC"]
    assert [str(c) for c in parse_cards("♣D-♣K-♣E")] == ["QC", "KC", "AC"]
    assert [str(c) for c in parse_cards("klöver 9, hjärter 4")] == ["9C", "4H"]
    assert [str(c) for c in parse_cards(["♣9", "queen of hearts"])] == ["9C", "QH"]


def test_moves_parse_and_format() -> None:
    assert parse_move("pick up") is PICK_UP and parse_move("supa") is PICK_UP and parse_move("ta upp") is PICK_UP
    assert parse_move("chansa") is CHANSA and parse_move("våga") is CHANSA
    move = parse_move("QC KC AC")
    assert isinstance(move, Play) and str(move) == "QC KC AC" and parse_move(str(move)) == move
    assert split_player_move("B: ♣D ♣K ♣E") == ("B", move)
    with pytest.raises(MoveParseError, match="is not a move"):
        parse_move("jump")
    with pytest.raises(MoveParseError, match="twice"):
        parse_move("9C 9C")


def test_cards_are_immutable() -> None:
    card = Card.parse("9C")
    with pytest.raises(AttributeError):
        card.rank = Rank.TEN  # type: ignore[misc]
