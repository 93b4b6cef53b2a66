"""The strong player decides only on what a real player knows, and its moves are legal and fast enough."""

from __future__ import annotations

import random

from skitgubbe import Game
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.loop import play_out
from skitgubbe.players.strong import StrongPlayer


def _midgame(seed: int, moves: int) -> Game:
    game = Game.deal(3, seed=seed)
    bot = SensiblePlayer(seed)
    for _ in range(moves):
        if game.over:
            break
        game.play(bot.choose(game))
    return game


def _swap_hidden(game: Game, observer: str) -> Game | None:
    """The same game as the observer sees it, with two unseen cards of two other places exchanged."""
    other = game.copy()
    w = other._w
    me = w.names.index(observer)
    public = game.public_cards()
    places = [(w.hands[s], i) for s in range(w.n) if s != me for i, c in enumerate(w.hands[s]) if c not in public]
    places += [(w.talon, i) for i in range(len(w.talon))]
    if len(places) < 2:
        return None
    (a, i), (b, j) = places[0], places[-1]
    a[i], b[j] = b[j], a[i]
    return other


def test_resampling_keeps_what_the_observer_knows() -> None:
    for seed, moves in ((1, 10), (2, 55), (3, 70)):
        game = _midgame(seed, moves)
        me = game.to_play
        assert me is not None
        world = game.resample_unseen(me, random.Random(seed))
        a, b = game.state, world.state
        assert sorted(a.all_cards()) == sorted(b.all_cards())
        assert a.hands[me] == b.hands[me] and a.table == b.table and a.won == b.won
        assert {p: len(h) for p, h in a.hands.items()} == {p: len(h) for p, h in b.hands.items()}
        assert len(a.talon) == len(b.talon)


def test_decisions_never_depend_on_hidden_cards() -> None:
    checked = 0
    for seed, moves in ((4, 6), (5, 30), (6, 52), (7, 56), (8, 60)):
        game = _midgame(seed, moves)
        me = game.to_play
        if me is None or len(game.legal_moves()) < 2:
            continue
        twin = _swap_hidden(game, me)
        if twin is None:
            continue
        assert twin.state != game.state
        assert game.resample_unseen(me, random.Random(9)).state == twin.resample_unseen(me, random.Random(9)).state
        assert StrongPlayer(seed, playouts=12).choose(game) == StrongPlayer(seed, playouts=12).choose(twin)
        checked += 1
    assert checked >= 3


def test_strong_player_plays_whole_games_legally() -> None:
    for seed in range(3):
        game = Game.deal(3, seed=seed)
        players = {"A": StrongPlayer(seed, playouts=6), "B": SensiblePlayer(seed), "C": SensiblePlayer(seed + 1)}
        play_out(game, players, max_moves=2000)
        assert game.over
        replay = game.restart()  # every move was legal where it was played
        for step in game.history:
            assert step.move in replay.legal_moves()
            replay.play(step.move, step.player)
