"""Property-based tests over random seeded games under every preset and for 2 to 6 players."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skitgubbe import DECK, PRESETS, Game, IllegalMove
from skitgubbe.bots import make_player
from skitgubbe.moves import CHANSA, PICK_UP, Play, play_of
from skitgubbe.record import GameRecord

CAP = 4000
FORCED_WINDOW = 200

games = st.tuples(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 2**31 - 1),
                  st.sampled_from(["random", "sensible"]))
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _play_out(preset: str, players: int, seed: int, kind: str, check_each_step: bool = True) -> Game:
    game = Game.deal(players, rules=PRESETS[preset], seed=seed)
    bots = {name: make_player(kind, seed + i) for i, name in enumerate(game.players)}
    probe = random.Random(seed)
    moves = 0
    while not game.over and moves < CAP:
        player = game.to_play
        assert player is not None
        move = bots[player].choose(game)
        assert move in game.legal_moves()
        if check_each_step:
            _assert_cards_accounted(game)
            _probe_illegal(game, probe)
        game.play(move, player)
        moves += 1
    return game


def _assert_cards_accounted(game: Game) -> None:
    cards = game.state.all_cards()
    assert len(cards) == 52 and len(set(cards)) == 52


def _probe_illegal(game: Game, rng: random.Random) -> None:
    """Try a random move; if the engine calls it illegal, the position must be exactly as before."""
    candidates = [play_of(rng.choice(DECK)), PICK_UP, CHANSA, Play(tuple(rng.sample(DECK, 2)))]
    move = rng.choice(candidates)
    if game.is_legal(move):
        assert any(_same(move, m) for m in game.legal_moves())
        return
    before = game.state
    history = game.history
    try:
        game.play(move)
    except IllegalMove as error:
        assert error.rule
    else:
        raise AssertionError(f"{move} was judged illegal but played")
    assert game.state == before and game.history == history


def _same(a: object, b: object) -> bool:
    if isinstance(a, Play) and isinstance(b, Play):
        return sorted(a.cards) == sorted(b.cards)
    return a == b


def _assert_ended_or_forced_cycle(game: Game) -> None:
    """A game ends with exactly one loser, unless the rules force an endless cycle (every move forced)."""
    if game.over:
        state = game.state
        holders = [p for p in state.players if state.hands[p]]
        assert state.loser is not None and holders == [state.loser]
        assert len(state.out) == len(state.players) - 1 and state.loser not in state.out
        return
    replay = game.restart()
    history = game.history
    forced = []
    seen = set()
    repeated = False
    for i, step in enumerate(history):
        if i >= len(history) - FORCED_WINDOW:
            forced.append(len(replay.legal_moves()))
            key = repr(replay.state)
            repeated = repeated or key in seen
            seen.add(key)
        replay.play(step.move, step.player)
    assert max(forced) == 1 and repeated, "a capped game that is not a forced cycle"


@SETTINGS
@given(games)
def test_cards_conserved_bots_legal_and_illegal_moves_change_nothing(spec: tuple[str, int, int, str]) -> None:
    game = _play_out(*spec)
    _assert_cards_accounted(game)


@SETTINGS
@given(games)
def test_every_game_ends_with_exactly_one_loser(spec: tuple[str, int, int, str]) -> None:
    game = _play_out(*spec, check_each_step=False)
    _assert_ended_or_forced_cycle(game)


@SETTINGS
@given(games)
def test_records_round_trip_and_replay_identically(spec: tuple[str, int, int, str]) -> None:
    preset, players, seed, kind = spec
    game = _play_out(preset, players, seed, kind, check_each_step=False)
    record = GameRecord.of(game, seed=seed)
    again = GameRecord.load(__import__("json").loads(record.to_json()))
    assert again == record
    assert list(again.states()) == list(game.states())
    assert again.replay().state == game.state


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 6), st.integers(0, 10_000))
def test_legal_moves_are_exactly_the_moves_judged_legal(preset: str, players: int, seed: int) -> None:
    game = Game.deal(players, rules=PRESETS[preset], seed=seed)
    bot = make_player("random", seed)
    for _ in range(300):
        if game.over:
            break
        legal = game.legal_moves()
        hand = game.hand(game.to_play or "")
        singles = [play_of(c) for c in hand] + [PICK_UP, CHANSA]
        for move in singles:
            assert game.is_legal(move) == (move in legal), move
        game.play(bot.choose(game))
