"""The statistics behind the chapter "Strategy and statistics": intervals, seeded studies, the result cache.

The chapter's notebooks check every number they quote against the games themselves (hidden cells, run by nbval);
here the building blocks are checked on small seeded runs.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
from helpers import REPO

from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import Chansa
from skitgubbe.players.bots import SensiblePlayer
from skitgubbe.players.registry import make_player
from skitgubbe.rules import Rules
from skitgubbe.studies import games, stats
from skitgubbe.studies.simulate import play_game
from skitgubbe.text import numbers


# -- intervals ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Stat. Med. 17, table II
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (5, 10, 0.2366, 0.7634),  # symmetric about 1/2
    ],
)
def test_wilson_interval_known_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = stats.wilson(k, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_wilson_interval_edge_cases() -> None:
    assert stats.wilson(0, 0) == (0.0, 1.0)
    lo, hi = stats.wilson(50, 100)
    assert lo < 0.5 < hi and math.isclose(0.5 - lo, hi - 0.5)
    assert stats.wilson(30, 100)[1] - stats.wilson(30, 100)[0] > stats.wilson(300, 1000)[1] - stats.wilson(300, 1000)[0]


def test_mean_interval() -> None:
    m = stats.mean_interval([1, 2, 3, 4])
    sd = math.sqrt(5 / 3)
    assert m["mean"] == 2.5 and m["sd"] == pytest.approx(sd) and m["se"] == pytest.approx(sd / 2)
    assert m["low"] == pytest.approx(2.5 - 1.959964 * sd / 2, abs=1e-6)
    assert m["high"] == pytest.approx(2.5 + 1.959964 * sd / 2, abs=1e-6)
    assert stats.mean_interval([])["mean"] is None


def test_number_formats_per_language() -> None:
    assert numbers.fmt_pct(0.33444, "en") == "33.4%"
    assert numbers.fmt_pct(0.33444, "sv") == "33,4\u00a0%"
    assert numbers.fmt_int(10_000, "en") == "10,000"
    assert numbers.fmt_int(10_000, "sv") == "10\u202f000"
    assert numbers.fmt_pct_interval({"low": 0.31, "high": 0.352}, "sv") == "31,0\u201335,2\u00a0%"
    assert numbers.fmt_mean({"mean": 49.25, "se": 0.05}, "en") == "49.2\u00a0±\u00a00.1"
    assert numbers.fmt_mean({"mean": 49.2, "se": 0.01}, "sv") == "49,20\u00a0±\u00a00,02"  # never "± 0,0"
    assert numbers.fmt_points({"mean": -0.0153, "se": 0.0068}, "en") == "\u22121.5\u00a0±\u00a01.3"
    assert numbers.fmt_points({"mean": 0.0001, "se": 0.0068}, "sv") == "0,0\u00a0±\u00a01,3"


# -- players and games ----------------------------------------------------------------------------------------------
def test_sensible_records_are_the_simulate_module_games() -> None:
    for seed in range(5):
        record = stats.play_record(("sensible",) * 3, "pagat", seed, method="game")
        game, result = play_game(["sensible"] * 3, Rules.from_spec("pagat"), seed)
        assert record.loser == game.players.index(result.loser)
        assert record.phase1_moves + record.phase2_moves == result.moves
        assert sum(record.cards) == 52 and all(0 <= t <= c for t, c in zip(record.trumps, record.cards))


def test_phase_two_opening_counts_match_a_replay() -> None:
    record = stats.play_record(("sensible",) * 3, "pagat", 11, method="game")
    game, _ = play_game(["sensible"] * 3, Rules.from_spec("pagat"), 11)
    states = list(game.states())
    opening = states[record.phase1_moves]  # the state right after the move that ended phase 1
    assert opening.phase == 2 and states[record.phase1_moves - 1].phase == 1
    assert tuple(len(opening.hands[p]) for p in game.players) == record.cards
    assert tuple(sum(c.suit is opening.trump for c in opening.hands[p]) for p in game.players) == record.trumps


def test_chansa_policies() -> None:
    never = [stats.play_record(stats.chansa_seating("never", seed), "pagat", seed) for seed in range(12)]
    always = [stats.play_record(stats.chansa_seating("always", seed), "pagat", seed) for seed in range(12)]
    sensible = [stats.play_record(stats.chansa_seating("sensible", seed), "pagat", seed) for seed in range(12)]
    assert all(r.chansas[r.seed % 3] == 0 for r in never)
    assert sum(r.chansas[r.seed % 3] for r in always) > sum(r.chansas[r.seed % 3] for r in sensible) > 0
    game = stats.play_record(stats.chansa_seating("never", 0), "pagat", 0)
    assert not game.capped


def test_never_chansa_player_only_removes_chansa() -> None:

    game = Game.deal(3, seed=3)
    player = make_player("chansa:never", 1)
    for _ in range(40):
        moves = game.legal_moves()
        move = player.choose(game)
        assert move in moves and (not isinstance(move, Chansa) or moves == [move])
        game.play(move)


def test_make_player_kinds() -> None:
    assert make_player("strong:8", 1).playouts == 8
    never = make_player("chansa:never", 1)
    assert isinstance(never, SensiblePlayer) and never.chansa is False
    with pytest.raises(ValueError):
        make_player("clever", 1)


# -- the kernel method ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", list(stats.PRESETS))
def test_kernel_records_agree_with_the_same_game_on_the_engine(preset: str) -> None:
    """The C's study game (`native.study`) and the same policies' moves played one by one on a `Game`
    (`games.stepped_record`: every move legal there, the record read off the engine): the same record."""
    rules = Rules.from_spec(preset)
    kinds = ("sensible", "chansa:always", "random")
    for seed in range(3):
        record = games.kernel_record(kinds, rules, seed)
        assert record == games.stepped_record(kinds, rules, seed)
        assert not record.capped and record.loser is not None and record.cards is not None
        assert record.phase1_moves > 0 and record.phase2_moves > 0
    never = games.kernel_record(("chansa:never", "chansa:always", "sensible"), rules, 5)
    assert never == games.stepped_record(("chansa:never", "chansa:always", "sensible"), rules, 5)
    assert never.chansas[0] == 0


def test_a_mixed_table_on_the_kernel_plays_the_game_through_game_plays() -> None:
    """The C plays the strong seats' searches in the study game itself (`sg_study`): the same record as the game
    played on a `Game`, the strong seat through `KernelStrongPlayer` (packed from the `Game`, knowing what `Unseen`
    says), the others through the C's policies."""
    kinds = stats.mixed_seating("three-kinds", 2, 4)
    assert "strong-kernel:2" in kinds
    record = games.kernel_record(kinds, Rules.from_spec("pagat"), 4)
    assert record.loser is not None and not record.capped
    assert stats.base_kind(kinds[record.loser]) in ("strong", "sensible", "random")
    assert record == games.stepped_record(kinds, Rules.from_spec("pagat"), 4)


@pytest.mark.parametrize("preset", list(stats.PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_strong_seats_in_c_play_the_games_the_engine_plays(preset: str, players: int) -> None:
    """Strong seats searched inside the C's study game (what each seat knows worked out there: the cards shown,
    chansa cards, the trump shown at phase 2) give the records of the same games on a `Game`, under every preset and
    table size, with one and with two strong seats; the strong seats decide differently from sensible ones."""
    rules = Rules.from_spec(preset)
    filler = ("random", "sensible", "chansa:eager", "sensible")[: players - 1]
    tables = [("strong-kernel:6", *filler), (*filler[:-1], "strong-kernel:3", "strong-kernel:5")]
    differs = 0
    for seed, kinds in enumerate(tables * 2):
        record = games.kernel_record(kinds, rules, 40 + seed)
        assert record == games.stepped_record(kinds, rules, 40 + seed), (kinds, seed)
        plain = tuple("sensible" if kind.startswith("strong") else kind for kind in kinds)
        differs += record != games.kernel_record(plain, rules, 40 + seed)
    assert differs > 0


def test_the_kernel_method_refuses_a_kind_it_does_not_play() -> None:
    with pytest.raises(ValueError, match="clever"):
        games.kernel_record(("clever", "sensible"), Rules.from_spec("pagat"), 1)


def test_the_study_games_use_one_stream_per_game() -> None:
    """Game `seed` depends on its seed only: the same record alone or after other games; another seed, another game."""
    first = [stats.play_record(("sensible",) * 3, "kortspelsregler", seed) for seed in range(4)]
    assert stats.play_record(("sensible",) * 3, "kortspelsregler", 2) == first[2]
    assert len({(r.loser, r.phase2_moves, r.cards) for r in first}) > 1


def test_the_method_is_in_the_cache_key(tmp_path) -> None:
    """A study through `Game` and on the kernel are two cache entries, and the `game` method is the old games."""
    kernel = stats.seat_study(12, cache_dir=tmp_path)
    game = stats.seat_study(12, method="game", cache_dir=tmp_path)
    assert len(list(tmp_path.glob("seats-*.json"))) == 2
    assert kernel["params"]["method"] == "kernel" and game["params"]["method"] == "game"
    assert [g[1] for g in game["games_data"]] == [
        stats.play_record(("sensible",) * 3, "pagat", seed, method="game").loser for seed in range(12)
    ]
    with pytest.raises(ValueError, match="method"):
        stats.seat_study(2, method="fast", use_cache=False)


# -- studies and cache ----------------------------------------------------------------------------------------------
def test_studies_are_deterministic(tmp_path) -> None:
    a = stats.seat_study(40, first_seed=5, use_cache=False)
    b = stats.seat_study(40, first_seed=5, use_cache=False)
    assert a == b and a["games"] == 40
    assert sum(p["k"] for p in a["seats"]) == a["finished"]
    assert stats.seat_study(40, first_seed=6, use_cache=False) != a


def test_cache_round_trip_gives_identical_results(tmp_path, monkeypatch) -> None:
    fresh = stats.chansa_study(9, policies=("never", "sensible"), use_cache=False)
    first = stats.chansa_study(9, policies=("never", "sensible"), cache_dir=tmp_path)
    files = list(tmp_path.glob("chansa-*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["engine"] == stats.engine_hash()

    def no_play(*args, **kwargs):
        raise AssertionError("a cache hit must not play")

    monkeypatch.setattr(stats, "play_many", no_play)
    again = stats.chansa_study(9, policies=("never", "sensible"), cache_dir=tmp_path)
    assert fresh == first == again
    with pytest.raises(AssertionError):  # other parameters are another entry
        stats.chansa_study(10, policies=("never", "sensible"), cache_dir=tmp_path)


def test_cache_key_depends_on_parameters_and_engine(tmp_path, monkeypatch) -> None:
    assert stats.cache_key("seats", {"games": 1}) != stats.cache_key("seats", {"games": 2})
    assert stats.cache_key("seats", {"games": 1}) != stats.cache_key("lengths", {"games": 1})
    assert stats.cache_key("seats", {"games": 1}, "a" * 64) != stats.cache_key("seats", {"games": 1}, "b" * 64)
    calls = []
    stats.cached("x", {"n": 1}, lambda: calls.append(1) or {"v": 1}, cache_dir=tmp_path)
    stats.cached("x", {"n": 1}, lambda: calls.append(1) or {"v": 1}, cache_dir=tmp_path)
    assert calls == [1]
    monkeypatch.setattr(stats, "engine_hash", lambda: "0" * 64)  # a changed engine plays again
    stats.cached("x", {"n": 1}, lambda: calls.append(1) or {"v": 1}, cache_dir=tmp_path)
    assert calls == [1, 1]


def test_cache_folder_from_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(stats.CACHE_ENV, str(tmp_path / "here"))
    assert stats.default_cache_dir() == tmp_path / "here"
    stats.length_study(2, presets=["pagat"])
    assert list((tmp_path / "here").glob("lengths-*.json"))


def test_processes_do_not_change_the_numbers() -> None:
    games = stats.MIN_PARALLEL // 2  # two presets: just enough games to use the worker processes
    one = stats.length_study(games, presets=["pagat", "strikt"], jobs=1, use_cache=False)
    two = stats.length_study(games, presets=["pagat", "strikt"], jobs=2, use_cache=False)
    assert one == two


def test_length_study_excludes_capped_games() -> None:
    result = stats.length_study(4, presets=["pagat"], cap=60, use_cache=False)["presets"]["pagat"]
    assert result["capped"] == 4 and result["phase1"]["n"] == 0 and result["moves"] == []
    full = stats.length_study(4, presets=["pagat"], use_cache=False)["presets"]["pagat"]
    assert full["capped"] == 0 and full["phase1"]["n"] == 4


def test_mixed_study_seats_every_kind_everywhere() -> None:
    orders = {stats.mixed_seating("three-kinds", 4, seed) for seed in range(6)}
    assert len(orders) == 6
    result = stats.mixed_study({"three-kinds": 3, "strong-sensible": 3}, playouts=2, use_cache=False)
    three = result["tables"]["three-kinds"]
    assert sum(v["k"] for v in three["kinds"].values()) == three["games"] - three["capped"]
    assert result["tables"]["strong-sensible"]["kinds"]["sensible"]["players"] == 2


# -- the chapter ----------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_chapter_numbers_match_a_fresh_simulation(tmp_path) -> None:
    """A small-scale run of the chapter: cached and fresh numbers agree in both languages, and every key is set."""
    cached = stats.chapter_results(scale=0.004, cache_dir=tmp_path)
    hit = stats.chapter_results(scale=0.004, cache_dir=tmp_path)
    fresh = stats.chapter_results(scale=0.004, use_cache=False)
    assert cached == hit == fresh
    sv, en = stats.chapter_numbers(fresh, "sv"), stats.chapter_numbers(fresh, "en")
    assert sv.keys() == en.keys() and all(isinstance(v, str) and v for v in sv.values())
    assert stats.chapter_numbers(cached, "sv") == sv
    for preset in stats.PRESETS:
        assert f"len_{preset.replace('-', '_')}_p1" in en


def test_chapter_glue_keys_are_all_used_by_both_editions() -> None:
    """Every `{glue:text}` key in the chapter's markdown is a number the chapter computes, in both editions."""
    import re

    book = REPO / "book"
    keys = set(stats.chapter_numbers(stats.chapter_results(scale=0.002, use_cache=False), "en"))
    keys.add("strong_default_playouts")
    cost = json.loads((REPO / "benchmarks" / "results" / "stats_kernel_s8.json").read_text(encoding="utf-8"))
    keys |= set(stats.cost_numbers(cost, "en"))
    used = {}
    for lang in ("sv", "en"):
        nb = json.loads((book / lang / "strategy.ipynb").read_text(encoding="utf-8"))
        text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
        used[lang] = set(re.findall(r"\{glue:(?:text|md)\}`([^`]+)`", text))
        assert used[lang] <= keys, used[lang] - keys
    assert used["sv"] == used["en"]


def test_stats_imports_no_plotting_or_notebook_library() -> None:
    code = (
        "import sys, skitgubbe.studies.stats; bad = {'matplotlib', 'ipywidgets', 'IPython', 'myst_nb'} & set(sys.modules);"
        " print(sorted(bad)); raise SystemExit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_figures_are_self_contained_with_alt_text_in_the_page_language() -> None:
    pytest.importorskip("matplotlib")
    from skitgubbe.views import plots

    results = stats.chapter_results(scale=0.002, use_cache=False)
    for lang, word in (("sv", "förluster"), ("en", "games lost")):
        for html in (
            plots.seat_figure(results["seats"], lang),
            plots.opening_figure(results["seats"], lang),
            plots.length_figure(results["lengths"], lang),
            plots.chansa_figure(results["chansa"], lang),
            plots.mixed_figure(results["mixed"], lang),
        ):
            assert html.startswith("<figure") and 'src="data:image/svg+xml;base64,' in html
            assert "http" not in html.replace("data:image/svg+xml", "")
            alt = html.split('alt="', 1)[1].split('"', 1)[0]
            assert len(alt) > 60 and "<figcaption>" in html
        assert word in plots.seat_figure(results["seats"], lang)
    assert set(plots.OKABE_ITO.values()) >= {"#E69F00", "#56B4E9", "#009E73", "#0072B2", "#D55E00"}
