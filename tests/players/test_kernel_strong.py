"""The strong player's search in C: legal moves everywhere, what the seat knows only (`Unseen`), early stop, time
budget, deterministic, no expensive trump where a low card beats, and no second search where the C cannot play."""

from __future__ import annotations

import time

import pytest

from skitgubbe import Game
from skitgubbe.engine.kernel.pack import mask_of
from skitgubbe.engine.moves import Play
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.budget import Budget
from skitgubbe.players.fallback import StrongSearchPlayer
from skitgubbe.players.kernel_strong import KernelStrongPlayer, Unseen
from skitgubbe.players.registry import make_player
from skitgubbe.rules.options import PRESETS

TABLES = [(name, n) for name in PRESETS for n in range(2, 7)]


def _positions(preset: str, n: int, seed: int, stops: tuple[int, ...]) -> list[Game]:
    """Positions of a sensible game at the given move counts (where a choice is to be made)."""
    game = Game.deal(n, rules=PRESETS[preset], seed=seed)
    bot = SensiblePlayer(seed)
    out: list[Game] = []
    while not game.over and game.move_count <= max(stops):
        if game.move_count in stops:
            out.append(game.copy())
        game.play(bot.choose(game))
    return out


def _swap_hidden(game: Game) -> Game | None:
    """The same game as the player to act sees it, with two unseen cards in two other places exchanged."""
    other = game.copy()
    w = other._w
    me = w.to_play
    public = game.public_cards()
    places = [(w.hands[s], i) for s in range(w.n) if s != me for i, c in enumerate(w.hands[s]) if c not in public]
    shown_trump = w.phase == 1 and w.trump is not None
    places += [(w.talon, i) for i in range(len(w.talon)) if not (shown_trump and i == 0)]
    if len(places) < 2:
        return None
    (a, i), (b, j) = places[0], places[-1]
    if a[i].index // 13 == b[j].index // 13 and a is b:
        return None
    a[i], b[j] = b[j], a[i]
    return other


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_legal_moves_on_every_preset(preset: str, players: int) -> None:
    games = _positions(preset, players, players, (0, 9, 25, 60))
    assert len(games) >= 3
    for game in games:
        move = KernelStrongPlayer(3, Budget(playouts=3)).choose(game)
        assert move in game.legal_moves(), f"{preset}, {players} players, move {game.move_count}"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_unseen_cards_are_what_the_seat_cannot_see(preset: str) -> None:
    """`Unseen`: the seat's own hand kept, the others' shown cards kept, every other card of theirs, of the talon
    (but a face-up trump under it) and the set-aside card in the pool to deal again, each place counted."""
    for game in _positions(preset, 4, 11, (5, 30, 70)):
        w = game._w
        me = w.to_play
        assert me is not None
        public = mask_of(game.public_cards())
        unseen = Unseen(game, me)
        pool = 0
        for card in unseen.pool:
            pool |= 1 << card
        assert unseen.kept[me] == mask_of(w.hands[me]) and unseen.hidden[me] == 0 and pool & unseen.kept[me] == 0
        for s in range(w.n):
            hand = mask_of(w.hands[s])
            if s != me:
                assert unseen.kept[s] == hand & public and unseen.hidden[s] == (hand & ~public).bit_count()
                assert hand & ~public & ~pool == 0
        shown_trump = w.phase == 1 and w.trump is not None
        assert unseen.talon_slots == [i for i in range(len(w.talon)) if not (shown_trump and i == 0)]
        assert unseen.aside == (w.trump_card is not None and not shown_trump)
        assert sum(unseen.hidden) + len(unseen.talon_slots) + int(unseen.aside) == len(unseen.pool)
        assert pool & public == 0 and unseen.pool == sorted(unseen.pool)


def test_decisions_depend_only_on_what_the_seat_knows() -> None:
    checked = 0
    for preset, n, seed, stops in (
        ("pagat", 3, 4, (6, 40)),
        ("pagat", 4, 5, (30, 58)),
        ("alla-spelar", 3, 6, (4, 20)),
        ("uppslagen-trumf", 3, 7, (8, 30)),
        ("kortspelsregler", 4, 8, (10, 50)),
    ):
        for game in _positions(preset, n, seed, stops):
            if len(game.legal_moves()) < 2:
                continue
            twin = _swap_hidden(game)
            if twin is None:
                continue
            assert twin.state != game.state
            me = game._w.to_play
            assert me is not None
            a, b = Unseen(game, me), Unseen(twin, me)
            assert (a.kept, a.hidden, a.pool, a.talon_slots, a.aside) == (
                b.kept,
                b.hidden,
                b.pool,
                b.talon_slots,
                b.aside,
            )
            one, two = KernelStrongPlayer(seed, Budget(playouts=8)), KernelStrongPlayer(seed, Budget(playouts=8))
            assert one.choose(game) == two.choose(twin)
            assert (one.deals, one.games) == (two.deals, two.games)
            checked += 1
    assert checked >= 6


def test_the_same_seed_gives_the_same_decision_and_another_seed_other_deals() -> None:
    game = _positions("pagat", 3, 21, (30,))[0]
    runs = [KernelStrongPlayer(7, Budget(playouts=16, early_stop=False)) for _ in range(3)]
    assert len({repr(p.choose(game)) for p in runs}) == 1
    from skitgubbe.players.kernel_strong import evaluate

    figures = {evaluate(game, Budget(playouts=16, early_stop=False), seed=seed).half_losses for seed in (7, 8, 9)}
    assert len(figures) > 1  # other seeds, other deals


def test_early_stop_drops_only_moves_that_cannot_win() -> None:
    stopped = 0
    for preset, n, seed, at in (("pagat", 3, 1, 45), ("pagat", 4, 2, 60), ("strikt", 3, 3, 50), ("pagat", 3, 4, 70)):
        for game in _positions(preset, n, seed, (at, at + 1)):
            count = len(game.legal_moves())
            if count < 2:
                continue
            full = KernelStrongPlayer(seed, Budget(playouts=48, early_stop=False))
            early = KernelStrongPlayer(seed, Budget(playouts=48))
            assert full.choose(game) == early.choose(game)
            assert full.games == 48 * count and full.deals == 48
            assert early.games <= full.games
            stopped += early.games < full.games
    assert stopped >= 2


def test_time_budget() -> None:
    game = _positions("pagat", 3, 5, (40,))[0]
    assert len(game.legal_moves()) >= 2
    player = KernelStrongPlayer(1, Budget(playouts=1_000_000, seconds=0.0))
    assert player.choose(game) in game.legal_moves()
    assert player.deals == 1  # at least one deal, none after the time is up
    player = KernelStrongPlayer(1, Budget(playouts=1_000_000, seconds=0.05, early_stop=False))
    began = time.perf_counter()
    player.choose(game)
    spent = time.perf_counter() - began
    assert 1 < player.deals < 1_000_000 and spent < 1.0


def test_no_expensive_trump_where_a_low_card_beats() -> None:
    positions = [  # phase 2 of pagat, spades trumps, hands of six: a low heart, club or diamond beats the table's card
        (
            ["A", "B", "C"],
            {
                "A": ["2C", "8D", "QC", "3D", "JH", "5C"],
                "B": ["6H", "AS", "3C", "9D", "4H", "10C"],
                "C": ["4D", "JC", "7H", "2S", "KH", "6C"],
            },
            "5H",
        ),
        (["A", "B"], {"A": ["2D", "9H", "KD", "3H", "7S", "QH"], "B": ["7C", "KS", "4D", "10H", "5H", "8D"]}, "6C"),
        (
            ["A", "B", "C", "D"],
            {
                "A": ["2H", "5D", "7C", "8S"],
                "B": ["JD", "QS", "AS", "8C", "3H", "5C"],
                "C": ["3D", "9C", "KH", "4S"],
                "D": ["6D", "4C", "10D", "JS"],
            },
            "9D",
        ),
    ]
    for players, hands, top in positions:
        game = Game.from_position(
            players=players, phase=2, trump="S", to_play="B", hands=hands, table=[("A", [top])], rules="pagat"
        )
        trumps = [m for m in game.legal_moves() if isinstance(m, Play) and any(c.suit.value == "S" for c in m.cards)]
        assert trumps and len(game.legal_moves()) > len(trumps)
        for seed in range(3):
            move = KernelStrongPlayer(seed, Budget(playouts=64)).choose(game)
            assert move not in trumps, (hands["B"], top, move)


def test_registered_under_its_own_kind() -> None:
    # through the one door to the strong search (players/fallback.py): in C where the fast core plays the rules
    player = make_player("strong-kernel", 4)
    assert (
        isinstance(player, StrongSearchPlayer)
        and player.budget == Budget(playouts=64)
        and player.name == "strong-kernel"
    )
    player = make_player("strong-kernel:128", 4)
    assert isinstance(player, StrongSearchPlayer) and player.budget == player.engine_budget == Budget(playouts=128)
    assert make_player("strong", 4).name == "strong"
    game = Game.deal(3, seed=2)
    assert KernelStrongPlayer(0).choose(game) in game.legal_moves()


def test_registry_imports_without_the_kernel() -> None:
    """The browser engine leaves the kernel out: the registry and today's players must import and play without it,
    and asking for the kernel's player there names the missing module instead of failing at import."""
    import subprocess
    import sys

    script = (
        "import sys; sys.modules['skitgubbe.engine.kernel'] = None\n"
        "from skitgubbe import Game\n"
        "from skitgubbe.players.registry import make_player\n"
        "g = Game.deal(3, seed=4)\n"
        "print(make_player('strong:8', 1).choose(g))\n"
        "try:\n"
        "    make_player('strong-kernel', 1)\n"
        "except ImportError as e:\n"
        "    print('no kernel:', e.name)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True)
    lines = out.stdout.splitlines()
    assert len(lines) == 2 and lines[1].startswith("no kernel: skitgubbe.engine.kernel"), out.stdout + out.stderr


def test_no_second_search_where_the_fast_core_cannot_play() -> None:
    """Rules the C refuses, or no C here: `evaluate` names why (a `FastCoreError`), it runs no Python search."""
    from skitgubbe.engine.kernel import native, support
    from skitgubbe.errors import FastCoreError, SkitgubbeError
    from skitgubbe.players.kernel_strong import evaluate
    from skitgubbe.rules.options import Rules

    rules = Rules.from_spec({"preset": "alla-spelar", "throw_on": "anytime"})
    game = Game.deal(3, rules=rules, seed=2)
    before = game.state
    with pytest.raises(FastCoreError, match="throw_on=anytime") as refused:
        evaluate(game, Budget(playouts=4))
    assert refused.value.reason == support.refusal(rules) and isinstance(refused.value, SkitgubbeError)
    assert "throw_on" in refused.value.message("sv") and game.state == before
    with pytest.raises(FastCoreError, match="throw_on=anytime"):
        KernelStrongPlayer(1, Budget(playouts=4)).choose(game)
    native._load()
    runner = native._RUNNER[0]
    native._RUNNER[0] = None  # no backend (the compiled module reads this list, not a patched function)
    try:
        assert not native.available()
        with pytest.raises(FastCoreError, match="not here") as missing:
            evaluate(_positions("pagat", 3, 5, (4,))[0], Budget(playouts=4))
    finally:
        native._RUNNER[0] = runner
    assert missing.value.reason == support.NO_BACKEND
