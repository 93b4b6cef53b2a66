"""The fast core's seams: the written-out shuffle, the lazy `Step`, and a legal-move list that is the caller's own.

The golden digests (tests/test_golden_games.py) guard every move, rule and event; these tests guard what the
digests do not see: that a step's reason, made on demand, is the judge's; that a step still behaves as the tuple of
its fields; and that changing the list `legal_moves()` returned cannot make the engine accept an illegal move.
"""

from __future__ import annotations

import pickle
import random

import pytest

from skitgubbe import DECK, PRESETS, Game, IllegalMove, Play, Reason
from skitgubbe.engine.cards import Card, shuffled_deck
from skitgubbe.engine.moves import PICK_UP
from skitgubbe.players.bots import RandomPlayer


def test_the_written_out_shuffle_is_randoms_shuffle() -> None:
    for seed in [*range(300), 2**31 - 1, 10**12]:
        expected = list(DECK)
        random.Random(seed).shuffle(expected)
        assert shuffled_deck(seed) == expected, seed


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_steps_reason_is_the_judges(preset: str) -> None:
    """Every step's reason (made when asked for) is what `judge` says of the same move in the same position."""
    game = Game.deal(3, rules=preset, seed=11)
    bot = RandomPlayer(11)
    for _ in range(150):
        if game.over:
            break
        move = bot.choose(game)
        judged = game.judge(move)
        step = game.play(move)
        assert isinstance(step.reason, Reason)
        assert step.reason == judged
        assert step.rule == judged.rule
        assert step.reason is step.reason  # made once


def test_a_step_behaves_as_the_tuple_of_its_fields() -> None:
    game = Game.deal(3, seed=5)
    step = game.play(game.legal_moves()[0])
    player, move, why, events = step
    assert (player, move, why, events) == (step.player, step.move, step.reason, step.events)
    twin = Game.deal(3, seed=5).play(move)
    assert twin == step and hash(twin) == hash(step) and twin != game.legal_moves()
    assert pickle.loads(pickle.dumps(step)) == step
    assert repr(step).startswith("Step(player='A', move=parse_move(")
    assert str(step) == f"A: {move}"
    with pytest.raises(AttributeError):
        step.player = "B"  # type: ignore[misc]


def test_changing_the_listed_moves_changes_nothing() -> None:
    """`legal_moves()` hands out its own list (no copy is kept): what a caller does to it cannot make a move legal."""
    game = Game.deal(3, seed=3)
    while game.phase == 1:
        game.play(game.legal_moves()[0])
    to_play = game.to_play
    assert to_play is not None
    foreign = next(c for c in DECK if c not in game.hand(to_play))
    moves = game.legal_moves()
    moves.append(Play((foreign,)))
    moves.append(PICK_UP)
    before = game.state
    if not game.table:
        with pytest.raises(IllegalMove):
            game.play(PICK_UP)
    with pytest.raises(IllegalMove):
        game.play(Play((foreign,)))
    assert game.state == before
    assert game.legal_moves() == moves[:-2]


def test_a_play_built_by_hand_is_judged_like_a_listed_one() -> None:
    """A `Play` that is not the shared single-card value (built by hand) gets the same reason and the same game."""
    listed, built = Game.deal(4, rules="kortspelsregler", seed=8), Game.deal(4, rules="kortspelsregler", seed=8)
    for _ in range(120):
        if listed.over:
            break
        move = listed.legal_moves()[-1]
        copy = Play(tuple(Card.parse(str(c)) for c in move.cards)) if isinstance(move, Play) else move
        assert listed.play(move) == built.play(copy)
    assert listed.state == built.state
