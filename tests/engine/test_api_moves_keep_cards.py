"""Through the Python API no move can lose a card or break the game. Under everyone-plays,
`Play((c, c))` and `Throw((c, c))` were judged legal and then failed half-way (51 cards left); `Throw(())` was
accepted and its record could not be loaded; `Play(())` raised IndexError.

The property test plays random games under every preset with 2 to 6 players and, at random moments, tries moves
a careless or hostile caller could build: each must raise `IllegalMove` or a `ValueError` kind with a message,
and leave the state equal to what it was. tests/package/test_source_build.py runs this file again against
the Python source."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tiers import examples

from skitgubbe import DECK, PRESETS, Card, Game, IllegalMove, MoveParseError
from skitgubbe.engine.moves import CHANSA, PASS, PICK_UP, Play, Throw
from skitgubbe.players.registry import make_player
from skitgubbe.records.record import GameRecord

MISUSE = [
    ("a held card twice", lambda hand, rng: Play((hand[0], hand[0])) if hand else None, "a card is named twice"),
    ("a held card twice, thrown", lambda hand, rng: Throw((hand[0], hand[0])) if hand else None, "named twice"),
    ("a throw of no card", lambda hand, rng: Throw(()), "it names no card"),
    ("a play of no card", lambda hand, rng: Play(()), "it names no card"),
    ("a play of a string", lambda hand, rng: Play(("9C",)), "must be a tuple of Card values"),  # type: ignore[arg-type]
    ("a play of a number", lambda hand, rng: Play((9,)), "must be a tuple of Card values"),  # type: ignore[arg-type]
    ("cards not held", lambda hand, rng: Play(tuple(c for c in DECK if c not in hand)[:1]), ""),
    ("None", lambda hand, rng: None, "'None' is not a move"),
    ("a number", lambda hand, rng: 7, "'7' is not a move"),
    ("a list of cards", lambda hand, rng: list(hand), "is not a move"),
    ("an empty string", lambda hand, rng: "", "it is empty"),
    ("text of a card twice", lambda hand, rng: f"{hand[0]} {hand[0]}" if hand else None, "a card is named twice"),
]

#: Names of a game's seats that are no player: the API must say so, not fail.
NOT_PLAYERS = ["Z", "", 3, 2.5, b"A"]


def _cards(game: Game) -> list[Card]:
    state = game.state
    cards = [c for h in state.hands.values() for c in h] + [c for _, p in state.table for c in p]
    cards += [c for w in state.won.values() for c in w] + list(state.talon)
    if state.trump_card:
        cards.append(state.trump_card[1])
    return cards


def _try(game: Game, move: object, player: object = None) -> str:
    """Play `move`; it must be refused with a message and change nothing. The message, or '' if it was legal."""
    before = game.state
    count = len(game.history)
    try:
        game.play(move, player)  # type: ignore[arg-type]
    except IllegalMove as error:
        message = error.message("en")
    except ValueError as error:  # MoveParseError, an unknown player
        message = str(error)
    else:
        return ""
    assert game.state == before, f"{move!r} changed the state"
    assert len(game.history) == count
    assert message
    return message


@settings(max_examples=examples(60), deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 2**31 - 1))
def test_random_api_misuse_is_refused_and_changes_nothing(preset: str, players: int, seed: int) -> None:
    game = Game.deal(players, rules=PRESETS[preset], seed=seed)
    total = len(_cards(game))
    bots = {name: make_player("random", seed + i) for i, name in enumerate(game.players)}
    rng = random.Random(seed)
    moves = 0
    while not game.over and moves < 300:
        player = game.to_play
        assert player is not None
        if rng.random() < 0.3:
            hand = list(game.hand(player))
            what, build, message = MISUSE[rng.randrange(len(MISUSE))]
            move = build(hand, rng)
            if move is not None or what == "None":
                got = _try(game, move, player if rng.random() < 0.5 else None)
                assert got, f"{what}: {move!r} was accepted"
                assert message in got, (what, got)
            other = rng.choice([p for p in game.players if p != player])
            if hand and game.phase == 1:
                # out of turn: a throw of a card twice by someone else, and a play by someone not to act
                _try(game, Throw((hand[0], hand[0])), other)
            for name in NOT_PLAYERS:
                assert _try(game, CHANSA, name)  # type: ignore[arg-type]
            for special in (PICK_UP, CHANSA, PASS):
                if special not in game.legal_moves():
                    assert _try(game, special), special
        game.play(bots[player].choose(game), player)
        moves += 1
        assert len(_cards(game)) == total if game.phase == 1 else True
    # the record of what was played still loads and replays to the same position
    record = GameRecord.of(game, seed=seed)
    assert GameRecord.load(record.to_dict()).replay().state == game.state


def test_everyone_plays_a_card_twice_no_longer_loses_it() -> None:
    """The issue's example: under alla-spelar, `Play((c, c))` judged legal, then `apply` failed half-way."""
    game = Game.deal(3, rules="alla-spelar", seed=3)
    card = game.hand(game.to_play)[0]  # type: ignore[arg-type]
    before = game.state
    for move in (Play((card, card)), Throw((card, card)), Throw(()), Play(())):
        with pytest.raises(MoveParseError):
            game.judge(move)
        with pytest.raises(MoveParseError):
            game.play(move)
        with pytest.raises(MoveParseError):
            game.is_legal(move)  # not a move at all: an error, not "illegal"
        assert game.state == before
    assert (
        sum(len(h) for h in game.state.hands.values()) + len(game.state.talon) + (game.state.trump_card is not None)
        == 52
    )
