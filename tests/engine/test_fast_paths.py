"""The fast core's seams: the written-out shuffle, the lazy `Step`, and a legal-move list that is the caller's own.

The golden digests (tests/engine/test_golden_games.py) guard every move, rule and event; these tests guard what the
digests do not see: that a step's reason, made on demand, is the judge's; that a step still behaves as the tuple of
its fields; that changing the list `legal_moves()` returned cannot make the engine accept an illegal move; and
that reasons and events, worked out only when asked (the game's record replays its moves), are the same however
late or in whatever order they are asked, in a copy that went its own way and in a resampled world.
"""

from __future__ import annotations

import pickle
import random

import pytest

from skitgubbe import DECK, PRESETS, Game, IllegalMove, Play, Reason
from skitgubbe.engine.cards import Card, shuffled_deck
from skitgubbe.engine.moves import CHANSA, PASS, PICK_UP
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


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_play_accepts_what_the_judge_accepts_and_lands_where_the_judge_does(preset: str, players: int) -> None:
    """`play` decides every move by the style's `judge` (whose inside decides the common moves first, a beat table
    looked up or one hand card found) and carries it out by `apply`. In every position of a game, a play of each card of the deck (as a value built by hand and as
    the shared one the engine lists), a pick-up, a chansa and a pass are each accepted exactly when `judge` allows
    them; a refused move changes nothing, and an accepted one leaves the very position that judging the move and
    carrying it out with its events gives (the record's replay)."""
    game = Game.deal(players, rules=preset, seed=40 + players)
    bot = RandomPlayer(players)
    tried = accepted = 0
    while not game.over and game.move_count < 120:
        candidates = [Play((card,)) for card in DECK] + [PICK_UP, CHANSA, PASS] + game.legal_moves()
        for move in candidates:
            legal = game.is_legal(move)
            trial = game.copy()
            before = trial.state
            try:
                trial.play(move)
            except IllegalMove:
                assert not legal, (game.state, move)
                assert trial.state == before
                continue
            finally:
                tried += 1
            assert legal, (game.state, move)
            assert trial.state == trial._record.position_at(trial.move_count).snapshot(), (before, move)
            accepted += 1
        game.play(bot.choose(game))
    assert tried > 2_000 and accepted > 100


# -- reasons and events worked out when asked (the game's record replays its moves) ----------------------------------
def _explained(steps: tuple[object, ...] | list[object]) -> list[tuple[object, object]]:
    return [(step.reason, step.events) for step in steps]  # type: ignore[attr-defined]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_asking_late_or_out_of_order_explains_as_asking_at_once(preset: str, players: int) -> None:
    """Reasons and events asked for after each move, after the whole game, or backwards, are the same."""
    at_once = Game.deal(players, rules=preset, seed=players)
    eager = []
    bot = RandomPlayer(players)
    while not at_once.over and at_once.move_count < 400:
        step = at_once.play(bot.choose(at_once))
        eager.append((step.reason, step.events))
    late = Game.deal(players, rules=preset, seed=players).played([s.move for s in at_once.history])
    assert _explained(late.history) == eager
    backwards = Game.deal(players, rules=preset, seed=players).played([s.move for s in at_once.history])
    assert _explained(list(reversed(backwards.history))) == list(reversed(eager))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_copy_and_its_original_each_explain_their_own_moves(preset: str) -> None:
    """After a copy the two games go different ways; each step explains what happened in its own game."""
    game = Game.deal(4, rules=preset, seed=3)
    bot = RandomPlayer(3)
    for _ in range(25):
        game.play(bot.choose(game))
    twin = game.copy()
    for one, seed in ((game, 1), (twin, 2)):
        other_bot = RandomPlayer(seed)
        while not one.over and one.move_count < 300:
            one.play(other_bot.choose(one))
    for one in (twin, game):  # the copy asks first: the original's record must still start where it did
        reference = Game.deal(4, rules=preset, seed=3)
        expected = [(s.reason, s.events) for s in (reference.play(step.move, step.player) for step in one.history)]
        assert _explained(one.history) == expected


def test_a_resampled_world_explains_the_cards_of_its_own_talon() -> None:
    """A resampled world's draws name the cards really drawn there (not those of the game it was made from)."""
    checked = 0
    for seed in range(20):
        game = Game.deal(3, seed=seed)
        bot = RandomPlayer(seed)
        for _ in range(4):
            game.play(bot.choose(game))
        world = game.resample_unseen("A", random.Random(seed))
        drawn = []
        for _ in range(12):
            if world.over or world.phase != 1:
                break
            mover = world.to_play
            before = set(world.hand(mover))
            step = world.play(bot.choose(world))
            drawn.append((step, set(world.hand(mover)) - before))
        for step, new_cards in drawn:
            for event in step.events:
                if event.kind.value == "drew":
                    assert set(event.cards) == new_cards, (seed, step)
                    checked += 1
    assert checked > 50


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_games_leave_no_cyclic_garbage(preset: str) -> None:
    """Playing, explaining and copying make no reference cycles: the cyclic collector finds nothing to free."""
    import gc

    gc.collect()
    gc.disable()
    try:
        for seed in range(6):
            game = Game.deal(3, rules=preset, seed=seed)
            bot = RandomPlayer(seed)
            while not game.over and game.move_count < 600:
                game.play(bot.choose(game))
            copy = game.copy()
            _explained(copy.history[-20:])
            del game, copy
        found = gc.collect()
    finally:
        gc.enable()
    assert found == 0
