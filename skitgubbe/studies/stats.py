"""Statistics of simulated games: who loses, how long games last, and what helps.

The studies behind the book's chapter "Strategy and statistics". Each study plays seeded games between computer
players and returns plain JSON data (numbers, lists, dicts). Results are cached on disk, keyed by the study, its
parameters and a hash of the engine's source, so that a page build that asks again gets the very same numbers
without playing again; a changed engine plays again.

How the games are played (`skitgubbe.studies.games`): by method `kernel`, the default and the chapter's, on the
fast core (the C) with one random stream per game, (seed, `KERNEL_STREAM`) hashed from the game's seed, the
strong player being the C search (`strong-kernel:<playouts>`); by method `game`, through `Game` with one
Mersenne Twister per player, the strong player `strong:<playouts>` (the chapter before issue 27). The method is a
parameter of every study, so it is part of the cache key.

- `seat_study`: loss rate by seat, and by the cards and trumps a player holds when phase 2 opens.
- `length_study`: moves in phase 1 and phase 2 under every preset, with the games that hit the move cap.
- `chansa_study`: players who chansa never, as the sensible player does, more often, or always when leading.
- `mixed_study`: strong, sensible and random players at one table.

Intervals: `wilson` (a proportion, 95%) and `mean_interval` (mean ± 1.96·SE). `chapter_numbers` formats every
number the chapter quotes, in Swedish or English. This module imports no plotting or notebook library.

Environment: `SKITGUBBE_SIM_CACHE` names the cache folder (default `_build/.sim_cache` in the source tree, so that
`make clean` empties it); `SKITGUBBE_SIM_JOBS` the number of processes (default 2 where there are two cores; the
numbers are the same for any number).
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import permutations
from pathlib import Path
from typing import Any, cast

from skitgubbe.players.registry import CHANSA_POLICIES
from skitgubbe.rules.options import DEFAULT_PRESET, PRESETS
from skitgubbe.studies.games import DEFAULT_CAP, KERNEL_METHOD, Record, check_method, play_record
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.numbers import SEAT_NAMES, Z95, fmt_int, fmt_mean, fmt_number, fmt_pct, fmt_pct_interval, fmt_points
from skitgubbe.text.stats_words import VERDICT

CACHE_ENV = "SKITGUBBE_SIM_CACHE"
JOBS_ENV = "SKITGUBBE_SIM_JOBS"
CACHE_VERSION = 3

Result = dict[str, Any]  # a study's JSON result

# Modules that only draw or display: editing them cannot change a simulated number.
_PRESENTATION = {"plots.py", "widgets.py", "render.py"}


# -- intervals --------------------------------------------------------------------------------------------------
def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); (0, 1) when there are no trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))  # p inside despite rounding


def proportion(successes: int, trials: int) -> dict[str, Any]:
    """Count, trials, rate and 95% Wilson interval as one JSON object."""
    low, high = wilson(successes, trials)
    return {"k": successes, "n": trials, "rate": successes / trials if trials else None, "low": low, "high": high}


def mean_interval(values: Sequence[float], z: float = Z95) -> dict[str, Any]:
    """Mean, sample standard deviation, standard error and mean ± z·SE (95% by default)."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "sd": None, "se": None, "low": None, "high": None}
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else 0.0
    se = sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "se": se, "low": mean - z * se, "high": mean + z * se}


# -- games ------------------------------------------------------------------------------------------------------
Job = tuple[tuple[str, ...], str, int, int, str]  # kinds, preset, seed, cap, method


def _play_job(job: Job) -> list[Any]:
    kinds, preset, seed, cap, method = job
    return play_record(kinds, preset, seed, cap, method).to_list()


def default_jobs() -> int:
    """Processes for a study: $SKITGUBBE_SIM_JOBS, else 2 where there are two cores. The numbers never depend on it."""
    try:
        return max(1, int(os.environ[JOBS_ENV]))
    except (KeyError, ValueError):
        return min(2, os.cpu_count() or 1)


MIN_PARALLEL = 100  # fewer games than this are played in this process: starting workers would cost more


def play_many(jobs_list: Sequence[Job], jobs: int | None = None) -> list[list[Any]]:
    """Play every (kinds, preset, seed, cap, method) game, results in that order; in `jobs` processes if more than
    one."""
    jobs = default_jobs() if jobs is None else max(1, jobs)
    if jobs > 1 and len(jobs_list) >= MIN_PARALLEL:
        chunk = max(1, len(jobs_list) // (8 * jobs))
        try:
            pool = multiprocessing.get_context("spawn").Pool(jobs)
        except OSError:  # no semaphores or processes here: play in this process instead
            pass
        else:
            with pool:
                return pool.map(_play_job, jobs_list, chunksize=chunk)
    return [_play_job(job) for job in jobs_list]


# -- cache ------------------------------------------------------------------------------------------------------
def engine_hash() -> str:
    """SHA-256 of everything a simulated number depends on: the source of every module of the package but the
    drawing ones (engine, rules, players, these studies), and the Python that runs them (its `random` module
    deals the seeded decks). The compiled and the source engine play the same games, so the build is not in it."""
    digest = hashlib.sha256()
    digest.update(f"{platform.python_implementation()} {sys.version_info[0]}.{sys.version_info[1]}\0".encode())
    package = Path(__file__).resolve().parent.parent
    for path in sorted(package.rglob("*.py")):
        if path.name in _PRESENTATION or path.parent.name == "views":
            continue
        digest.update(path.relative_to(package).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def default_cache_dir() -> Path:
    """$SKITGUBBE_SIM_CACHE, else `_build/.sim_cache` in the source tree, else the user's cache folder."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").exists():
        return root / "_build" / ".sim_cache"
    return Path.home() / ".cache" / "skitgubbe" / "sim"


def cache_key(study: str, params: Mapping[str, Any], engine: str | None = None) -> str:
    text = json.dumps(
        {"study": study, "params": params, "engine": engine or engine_hash(), "version": CACHE_VERSION}, sort_keys=True
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def cached(
    study: str,
    params: Mapping[str, Any],
    compute: Callable[[], Any],
    *,
    cache_dir: Path | str | None = None,
    use_cache: bool = True,
) -> Any:
    """`compute()`'s JSON result, from the cache when present; stored after computing.

    A fresh result is passed through JSON before it is returned, so a cache hit returns exactly what a miss did.
    """
    params = json.loads(json.dumps(params, sort_keys=True))
    folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    engine = engine_hash()
    path = folder / f"{study}-{cache_key(study, params, engine)}.json"
    if use_cache and path.exists():
        try:
            stored = json.loads(path.read_text(encoding="utf-8"))
            if stored.get("params") == params and stored.get("engine") == engine:
                return stored["result"]
        except (OSError, ValueError, KeyError):
            pass
    started = time.perf_counter()
    result = json.loads(json.dumps(compute()))
    seconds = time.perf_counter() - started
    if use_cache:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(
            json.dumps(
                {"study": study, "params": params, "engine": engine, "seconds": round(seconds, 2), "result": result}
            ),
            encoding="utf-8",
        )
        os.replace(tmp, path)
    return result


# -- studies ----------------------------------------------------------------------------------------------------
def _bins(values: Iterable[tuple[int, bool]], edges: Sequence[int]) -> list[dict[str, Any]]:
    """Group (value, lost) pairs into bins [edges[i], edges[i+1]) with the last bin open; a proportion each."""
    counts = [[0, 0] for _ in edges]
    for value, lost in values:
        i = max(bisect_right(edges, value) - 1, 0)  # the last edge at or below the value; below them all, the first
        counts[i][0] += lost
        counts[i][1] += 1
    out = []
    for i, (k, n) in enumerate(counts):
        last = edges[i + 1] - 1 if i + 1 < len(edges) else None
        out.append({"from": edges[i], "to": last, **proportion(k, n)})
    return out


CARD_BINS = (0, 12, 15, 18, 21, 24)
TRUMP_BINS = (0, 1, 2, 3, 4, 5, 6, 7)


def seat_study(
    games: int,
    *,
    preset: str = DEFAULT_PRESET,
    players: int = 3,
    first_seed: int = 0,
    cap: int = DEFAULT_CAP,
    method: str = KERNEL_METHOD,
    jobs: int | None = None,
    cache_dir: Path | str | None = None,
    use_cache: bool = True,
) -> Result:
    """Sensible players only: losses by seat, and by cards and trumps held when phase 2 opens."""
    params = {
        "games": games,
        "preset": preset,
        "players": players,
        "first_seed": first_seed,
        "cap": cap,
        "method": check_method(method),
    }

    def compute() -> Result:
        kinds = ("sensible",) * players
        rows = play_many([(kinds, preset, seed, cap, method) for seed in range(first_seed, first_seed + games)], jobs)
        records = [Record.from_list(row) for row in rows]
        return _seat_summary(records, players) | {"params": params}

    return cast(Result, cached("seats", params, compute, cache_dir=cache_dir, use_cache=use_cache))


def _seat_summary(records: list[Record], players: int) -> Result:
    finished = [r for r in records if not r.capped]
    seats = [proportion(sum(r.loser == s for r in finished), len(finished)) for s in range(players)]
    opened = [r for r in finished if r.cards is not None]
    card_pairs = [(r.cards[s], r.loser == s) for r in opened for s in range(players)]  # type: ignore[index]
    trump_pairs = [(r.trumps[s], r.loser == s) for r in opened for s in range(players)]  # type: ignore[index]
    return {
        "games": len(records),
        "capped": len(records) - len(finished),
        "finished": len(finished),
        "seats": seats,
        "opening": {
            "players": len(card_pairs),
            "mean_cards": mean_interval([c for c, _ in card_pairs]),
            "mean_trumps": mean_interval([t for t, _ in trump_pairs]),
            "cards": _bins(card_pairs, CARD_BINS),
            "trumps": _bins(trump_pairs, TRUMP_BINS),
        },
        # compact per-game data, so that a page can check every number it quotes against the games themselves
        "games_data": [
            [r.seed, r.loser, None if r.cards is None else list(r.cards), None if r.trumps is None else list(r.trumps)]
            for r in records
        ],
    }


def length_study(
    games: int,
    *,
    presets: Sequence[str] | None = None,
    players: int = 3,
    first_seed: int = 0,
    cap: int = DEFAULT_CAP,
    method: str = KERNEL_METHOD,
    jobs: int | None = None,
    cache_dir: Path | str | None = None,
    use_cache: bool = True,
) -> Result:
    """Sensible players under each preset: moves in phase 1 and phase 2 of the games that end, and capped games."""
    presets = list(PRESETS) if presets is None else list(presets)
    params = {
        "games": games,
        "presets": presets,
        "players": players,
        "first_seed": first_seed,
        "cap": cap,
        "method": check_method(method),
    }

    def compute() -> Result:
        kinds = ("sensible",) * players
        seeds = range(first_seed, first_seed + games)
        rows = play_many([(kinds, preset, seed, cap, method) for preset in presets for seed in seeds], jobs)
        out: dict[str, Any] = {}
        for i, preset in enumerate(presets):
            records = [Record.from_list(row) for row in rows[i * games : (i + 1) * games]]
            done = [r for r in records if not r.capped]
            out[preset] = {
                "games": len(records),
                "capped": len(records) - len(done),
                "capped_seeds": [r.seed for r in records if r.capped],
                "phase1": mean_interval([r.phase1_moves for r in done]),
                "phase2": mean_interval([r.phase2_moves for r in done]),
                "total": mean_interval([r.phase1_moves + r.phase2_moves for r in done]),
                "moves": [[r.phase1_moves, r.phase2_moves] for r in done],
            }
        return {"presets": out, "params": params}

    return cast(Result, cached("lengths", params, compute, cache_dir=cache_dir, use_cache=use_cache))


def _rotated(kinds: Sequence[str], shift: int) -> tuple[str, ...]:
    n = len(kinds)
    return tuple(kinds[(i - shift) % n] for i in range(n))


def chansa_seating(policy: str, seed: int, players: int = 3) -> tuple[str, ...]:
    """The kinds by seat in game `seed` of the chansa study: the policy's player sits in seat `seed % players`."""
    return _rotated((f"chansa:{policy}",) + ("sensible",) * (players - 1), seed % players)


def mixed_seating(table: str, playouts: int, seed: int, method: str = KERNEL_METHOD) -> tuple[str, ...]:
    """The kinds by seat in game `seed` at a mixed table: the `seed % k`-th of its k distinct seat orders. The
    strong player is the kernel search (`strong-kernel:<playouts>`) by method `kernel`, `strong:<playouts>` else."""
    strong = f"strong-kernel:{playouts}" if method == KERNEL_METHOD else f"strong:{playouts}"
    real = tuple(strong if k == "strong" else k for k in MIXED_TABLES[table])
    orders = sorted(set(permutations(real)))
    return orders[seed % len(orders)]


def base_kind(kind: str) -> str:
    """`strong:16`, `strong-kernel:16` -> `strong`: the kind of player without its parameters or its method."""
    name = kind.split(":", 1)[0]
    return "strong" if name == "strong-kernel" else name


def chansa_study(
    games: int,
    *,
    policies: Sequence[str] = tuple(CHANSA_POLICIES),
    preset: str = DEFAULT_PRESET,
    players: int = 3,
    first_seed: int = 0,
    cap: int = DEFAULT_CAP,
    method: str = KERNEL_METHOD,
    jobs: int | None = None,
    cache_dir: Path | str | None = None,
    use_cache: bool = True,
) -> Result:
    """One player with a chansa policy against sensible players, its seat rotating; its loss rate per policy.

    Every policy plays the same deals from the same seat, so differences come from the policy, not from the cards;
    `paired` compares each policy with the sensible one deal by deal (difference in loss rate, mean ± 1.96·SE).
    """
    params = {
        "games": games,
        "policies": list(policies),
        "preset": preset,
        "players": players,
        "first_seed": first_seed,
        "cap": cap,
        "method": check_method(method),
    }

    def compute() -> Result:
        seeds = range(first_seed, first_seed + games)
        work = [
            (chansa_seating(policy, seed, players), preset, seed, cap, method) for policy in policies for seed in seeds
        ]
        rows = play_many(work, jobs)
        out: dict[str, Any] = {}
        lost: dict[str, dict[int, int | None]] = {}
        for i, policy in enumerate(policies):
            records = [Record.from_list(row) for row in rows[i * games : (i + 1) * games]]
            done = [r for r in records if not r.capped]
            seat = {r.seed: r.seed % players for r in records}
            lost[policy] = {r.seed: None if r.capped else int(r.loser == seat[r.seed]) for r in records}
            out[policy] = {
                "games": len(records),
                "capped": len(records) - len(done),
                **proportion(sum(r.loser == seat[r.seed] for r in done), len(done)),
                "chansas": mean_interval([r.chansas[seat[r.seed]] for r in records]),
                "results": [[r.seed, lost[policy][r.seed], r.chansas[seat[r.seed]]] for r in records],
            }
        if "sensible" in lost:
            for policy in policies:
                pairs = [(lost[policy][s], lost["sensible"][s]) for s in seeds]
                out[policy]["paired"] = mean_interval([a - b for a, b in pairs if a is not None and b is not None])
        return {"policies": out, "params": params}

    return cast(Result, cached("chansa", params, compute, cache_dir=cache_dir, use_cache=use_cache))


MIXED_TABLES: Mapping[str, tuple[str, ...]] = {
    "three-kinds": ("strong", "sensible", "random"),
    "strong-sensible": ("strong", "sensible", "sensible"),
}


def mixed_study(
    games: Mapping[str, int],
    *,
    playouts: int = 16,
    preset: str = DEFAULT_PRESET,
    first_seed: int = 0,
    cap: int = DEFAULT_CAP,
    method: str = KERNEL_METHOD,
    jobs: int | None = None,
    cache_dir: Path | str | None = None,
    use_cache: bool = True,
) -> Result:
    """Strong, sensible and random players at mixed tables (`MIXED_TABLES`), `games[table]` games each.

    Game `seed` seats the players in the `seed % k`-th of the table's k distinct seat orders, so every kind sits
    in every seat equally often. For each kind: the share of games that a player of that kind lost, per player
    (a kind with two players at the table shares its losses between them).
    """
    params = {
        "games": dict(games),
        "playouts": playouts,
        "preset": preset,
        "first_seed": first_seed,
        "cap": cap,
        "method": check_method(method),
    }

    def compute() -> Result:
        work: list[Job] = []
        spans: dict[str, tuple[int, int]] = {}
        for table, count in games.items():
            start = len(work)
            work += [
                (mixed_seating(table, playouts, seed, method), preset, seed, cap, method)
                for seed in range(first_seed, first_seed + count)
            ]
            spans[table] = (start, len(work))
        rows = play_many(work, jobs)
        out: dict[str, Any] = {}
        for table, (start, stop) in spans.items():
            records = [Record.from_list(row) for row in rows[start:stop]]
            done = [r for r in records if not r.capped]
            kinds = list(dict.fromkeys(MIXED_TABLES[table]))
            losers = [base_kind(r.kinds[r.loser]) for r in done if r.loser is not None]
            per_kind = {}
            for kind in kinds:
                seats = MIXED_TABLES[table].count(kind)
                k = losers.count(kind)
                per_kind[kind] = {"players": seats, "losses": k, **proportion(k, len(done))}
                if seats > 1:  # per player: the kind's share split between its players
                    per_kind[kind] |= {"rate": per_kind[kind]["rate"] / seats, "low": None, "high": None}
            out[table] = {
                "games": len(records),
                "capped": len(records) - len(done),
                "kinds": per_kind,
                "losers": [[r.seed, None if r.loser is None else base_kind(r.kinds[r.loser])] for r in records],
            }
        return {"tables": out, "params": params}

    return cast(Result, cached("mixed", params, compute, cache_dir=cache_dir, use_cache=use_cache))


# -- the chapter --------------------------------------------------------------------------------------------------
# The parameters of the book's chapter (issue 27, item 6). The choice: five times the games where the intervals are
# widest (seats 10,000 -> 50,000, chansa 3,000 -> 15,000 deals per chansa policy), in no more CPU than the chapter
# took through `Game`; the length study keeps its 2,000 deals per preset (its means are within ±0.1 moves already),
# the mixed study its 60 + 150 games, with the kernel search at 4 deals per candidate move as the strong player
# (benchmarks/stats_kernel.py measures the time and compares every figure with the `game` method's). The chapter's
# two editions share the cache, so only the first one to be built plays.
CHAPTER: Mapping[str, Mapping[str, Any]] = {
    "seats": {"games": 50_000, "first_seed": 1_000_000},
    "lengths": {"games": 10_000, "first_seed": 2_000_000},
    "chansa": {"games": 15_000, "first_seed": 3_000_000},
    "mixed": {"games": {"three-kinds": 300, "strong-sensible": 750}, "playouts": 4, "first_seed": 4_000_000},
}

#: The chapter's parameters before issue 27 (method `game`): what benchmarks/stats_kernel.py compares with.
CHAPTER_BEFORE: Mapping[str, Mapping[str, Any]] = {
    "seats": {"games": 10_000, "first_seed": 1_000_000, "method": "game"},
    "lengths": {"games": 2_000, "first_seed": 2_000_000, "method": "game"},
    "chansa": {"games": 3_000, "first_seed": 3_000_000, "method": "game"},
    "mixed": {
        "games": {"three-kinds": 60, "strong-sensible": 150},
        "playouts": 16,
        "first_seed": 4_000_000,
        "method": "game",
    },
}

STUDIES: Mapping[str, Callable[..., Result]] = {
    "seats": seat_study,
    "lengths": length_study,
    "chansa": chansa_study,
    "mixed": mixed_study,
}


def chapter_results(
    scale: float = 1.0, *, chapter: Mapping[str, Mapping[str, Any]] = CHAPTER, **kwargs: Any
) -> dict[str, Result]:
    """Every study of the chapter (games scaled by `scale`, for smoke tests), from the cache when possible;
    `chapter` other parameters (`CHAPTER_BEFORE`)."""
    out = {}
    for name, params in chapter.items():
        params = dict(params)
        if isinstance(params["games"], Mapping):
            params["games"] = {k: max(1, round(v * scale)) for k, v in params["games"].items()}
        else:
            params["games"] = max(1, round(params["games"] * scale))
        out[name] = STUDIES[name](**params, **kwargs)
    return out


def _join(items: Sequence[str], lang: Lang) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + VERDICT.phrase("and", lang) + items[-1]


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sides(items: Sequence[tuple[str, float | None, float | None]], level: float) -> tuple[list[str], list[str]]:
    """Names whose interval lies wholly above / wholly below `level`."""
    above = [name for name, low, high in items if low is not None and low > level]
    below = [name for name, low, high in items if high is not None and high < level]
    return above, below


def _seat_names(lang: Lang) -> dict[str, str]:
    """The seats (`SEAT_NAMES`) as a verdict names them."""
    return {
        "forehand": VERDICT.phrase("seat_forehand", lang),
        "second": VERDICT.phrase("seat_second", lang),
        "dealer": VERDICT.phrase("seat_dealer", lang),
    }


def _policy_names(lang: Lang) -> dict[str, str]:
    """The ways of playing chansa other than the sensible player's, as a verdict names them."""
    return {
        "never": VERDICT.phrase("policy_never", lang),
        "eager": VERDICT.phrase("policy_eager", lang),
        "always": VERDICT.phrase("policy_always", lang),
    }


def seat_verdict(seats: Mapping[str, Any], lang: Lang) -> str:
    lang = check_lang(lang)
    names = _seat_names(lang)
    items = [(names[name], p["low"], p["high"]) for name, p in zip(SEAT_NAMES, seats["seats"])]
    above, below = _sides(items, 1 / 3)
    if not above and not below:
        return VERDICT.phrase("seat_none", lang)
    parts = []
    if above:
        parts.append(VERDICT.phrase("seat_more", lang, seats=_join(above, lang)))
    if below:
        joined = _join(below, lang)
        parts.append(
            VERDICT.phrase("seat_less", lang, seats=joined)
            if above
            else VERDICT.phrase("seat_less_first", lang, seats=joined)
        )
    return _capital(", ".join(parts)) + "."


def chansa_verdict(chansa: Mapping[str, Any], lang: Lang) -> str:
    lang = check_lang(lang)
    names = _policy_names(lang)
    others = [p for p in chansa["policies"] if p != "sensible"]
    items = [
        (names[p], chansa["policies"][p]["paired"]["low"], chansa["policies"][p]["paired"]["high"]) for p in others
    ]
    above, below = _sides(items, 0.0)
    if not above and not below:
        return VERDICT.phrase("chansa_none", lang)
    parts = []
    if above:
        parts.append(VERDICT.phrase("chansa_more", lang, policies=_join(above, lang)))
    if below:
        joined = _join(below, lang)
        parts.append(
            VERDICT.phrase("chansa_less", lang, policies=joined)
            if above
            else VERDICT.phrase("chansa_less_first", lang, policies=joined)
        )
    every = len(above) + len(below) == len(others)
    tail = VERDICT.phrase("chansa_tail_all", lang) if every else VERDICT.phrase("chansa_tail", lang)
    return _capital(", ".join(parts)) + tail


def strong_verdict(p: Mapping[str, Any], lang: Lang) -> str:
    lang = check_lang(lang)
    if p["high"] < 1 / 3:
        return VERDICT.phrase("strong_less", lang)
    if p["low"] > 1 / 3:
        return VERDICT.phrase("strong_more", lang)
    return VERDICT.phrase("strong_none", lang)


def cap_sentence(lengths: Mapping[str, Any], lang: Lang) -> str:
    """How many games reached the move cap under `strikt` and under all presets (Markdown, `strikt` as code)."""
    lang = check_lang(lang)
    per = lengths["presets"]
    k = per["strikt"]["capped"] if "strikt" in per else 0
    total = sum(v["capped"] for v in per.values())
    n = fmt_int(per["strikt"]["games"] if "strikt" in per else lengths["params"]["games"], lang)
    counts = {"n": n, "k": fmt_int(k, lang), "total": fmt_int(total, lang)}
    if k:
        return VERDICT.phrase("cap_some", lang, n=n, k=counts["k"], total=counts["total"])
    if total:
        return VERDICT.phrase("cap_others", lang, n=n, total=counts["total"])
    return VERDICT.phrase("cap_none", lang, n=n)


# Glue keys whose values are Markdown (sentences, preset names as code): the chapter pastes them with `{glue:md}`
# (plain text), not `{glue:text}` (bold, for numbers).
MARKDOWN_KEYS = ("seat_verdict", "chansa_verdict", "mixed2_verdict", "len_cap_sentence") + tuple(
    f"len_{part}_{end}" for part in ("phase1", "phase2", "total") for end in ("shortest", "longest")
)


def chapter_numbers(results: Mapping[str, Result], lang: Lang) -> dict[str, str]:
    """Every number (and every verdict drawn from numbers) the chapter's prose quotes, for `lang`, by glue key."""
    lang = check_lang(lang)
    seats, lengths, chansa, mixed = results["seats"], results["lengths"], results["chansa"], results["mixed"]
    out: dict[str, str] = {}
    out["seat_games"] = fmt_int(seats["finished"], lang)
    for name, p in zip(SEAT_NAMES, seats["seats"]):
        out[f"seat_{name}"] = fmt_pct(p["rate"], lang)
        out[f"seat_{name}_ci"] = fmt_pct_interval(p, lang)
    out["seat_verdict"] = seat_verdict(seats, lang)
    opening = seats["opening"]
    out["open_players"] = fmt_int(opening["players"], lang)
    out["open_mean_cards"] = fmt_number(opening["mean_cards"]["mean"], lang, 1)
    out["open_mean_trumps"] = fmt_number(opening["mean_trumps"]["mean"], lang, 1)
    for axis in ("cards", "trumps"):
        for end, b in (("low", opening[axis][0]), ("high", opening[axis][-1])):
            out[f"open_{axis}_{end}"] = fmt_pct(b["rate"], lang)
            out[f"open_{axis}_{end}_ci"] = fmt_pct_interval(b, lang)
            out[f"open_{axis}_{end}_n"] = fmt_int(b["n"], lang)
            out[f"open_{axis}_{end}_edge"] = fmt_int(b["to"] if end == "low" else b["from"], lang)
    per = lengths["presets"]
    out["len_games"] = fmt_int(lengths["params"]["games"], lang)
    out["len_cap"] = fmt_int(lengths["params"]["cap"], lang)
    out["len_presets"] = fmt_int(len(per), lang)
    out["len_capped_total"] = fmt_int(sum(v["capped"] for v in per.values()), lang)
    out["len_cap_sentence"] = cap_sentence(lengths, lang)
    for preset, v in per.items():
        key = preset.replace("-", "_")
        out[f"len_{key}_capped"] = fmt_int(v["capped"], lang)
        out[f"len_{key}_p1"] = fmt_mean(v["phase1"], lang)
        out[f"len_{key}_p2"] = fmt_mean(v["phase2"], lang)
        out[f"len_{key}_total"] = fmt_mean(v["total"], lang)
    for part in ("phase1", "phase2", "total"):
        ordered = sorted(per, key=lambda preset: per[preset][part]["mean"])
        out[f"len_{part}_shortest"] = f"`{ordered[0]}`"
        out[f"len_{part}_shortest_mean"] = fmt_mean(per[ordered[0]][part], lang)
        out[f"len_{part}_longest"] = f"`{ordered[-1]}`"
        out[f"len_{part}_longest_mean"] = fmt_mean(per[ordered[-1]][part], lang)
    pol = chansa["policies"]
    out["chansa_games"] = fmt_int(chansa["params"]["games"], lang)
    for policy, v in pol.items():
        out[f"chansa_{policy}"] = fmt_pct(v["rate"], lang)
        out[f"chansa_{policy}_ci"] = fmt_pct_interval(v, lang)
        out[f"chansa_{policy}_per_game"] = fmt_number(v["chansas"]["mean"], lang, 1)
        if policy != "sensible" and "paired" in v:
            out[f"chansa_{policy}_paired"] = fmt_points(v["paired"], lang)
    out["chansa_verdict"] = chansa_verdict(chansa, lang)
    out["mixed_playouts"] = fmt_int(mixed["params"]["playouts"], lang)
    three, two = mixed["tables"]["three-kinds"], mixed["tables"]["strong-sensible"]
    out["mixed3_games"] = fmt_int(three["games"] - three["capped"], lang)
    for kind, p in three["kinds"].items():
        out[f"mixed3_{kind}"] = fmt_pct(p["rate"], lang)
        out[f"mixed3_{kind}_ci"] = fmt_pct_interval(p, lang)
    out["mixed2_games"] = fmt_int(two["games"] - two["capped"], lang)
    out["mixed2_strong"] = fmt_pct(two["kinds"]["strong"]["rate"], lang)
    out["mixed2_strong_ci"] = fmt_pct_interval(two["kinds"]["strong"], lang)
    out["mixed2_sensible"] = fmt_pct(two["kinds"]["sensible"]["rate"], lang)
    out["mixed2_verdict"] = strong_verdict(two["kinds"]["strong"], lang)
    return out


def cost_numbers(bench: Mapping[str, Any], lang: Lang) -> dict[str, str]:
    """The chapter's own cost and the agreement of its figures before and after issue 27, for `lang`, by glue key:
    from benchmarks/stats_kernel.py's `--times --json` file (CPU seconds per study, the load, the compared figures)."""
    lang = check_lang(lang)
    times = bench["times"]
    out = {f"cpu_{label}": fmt_number(times[label]["total"], lang, 1) for label in ("before", "after")}
    out |= {f"cpu_{label}_mixed": fmt_number(times[label]["mixed"], lang, 1) for label in ("before", "after")}
    out["cpu_load"] = fmt_number(max(times["load"]), lang, 1)
    out["games_factor"] = fmt_int(round(CHAPTER["seats"]["games"] / CHAPTER_BEFORE["seats"]["games"]), lang)
    for study in ("seats", "chansa"):
        out[f"{study}_games_before"] = fmt_int(CHAPTER_BEFORE[study]["games"], lang)
    out["seats_games_after"] = fmt_int(CHAPTER["seats"]["games"], lang)
    out["len_games_before"] = fmt_int(CHAPTER_BEFORE["lengths"]["games"], lang)
    for label, chapter in (("before", CHAPTER_BEFORE), ("after", CHAPTER)):
        out[f"mixed_games_{label}"] = fmt_int(sum(chapter["mixed"]["games"].values()), lang)
    out["mixed_playouts_before"] = fmt_int(CHAPTER_BEFORE["mixed"]["playouts"], lang)
    judged = [r for r in bench["rows"] if r["within"] is not None and not r["figure"].endswith("*")]
    out["agree_figures"] = fmt_int(len(judged), lang)
    out["agree_within"] = fmt_int(sum(r["within"] for r in judged), lang)
    out["agree_overlap"] = fmt_int(sum(bool(r["overlap"]) for r in judged), lang)
    return out
