"""A fuzz test over the case library. Each library case (skitgubbe/records/cases/) is mutated at random
(values of other types, removed and unknown fields, cards moved, doubled or invented, odd names and moves, broken
bytes) and judged by `check` (with and without --compare): the exit status is 0, 1 or 2 and never an internal
error or a traceback; the compiled build and the Python source build give the same status, output and message.

Bounded and derandomized: hypothesis runs a fixed set of examples, and the cross-build corpus comes from a seeded
`random.Random`, so a run cannot turn red by chance."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability import ROOT, source_build
from tiers import examples

from skitgubbe import cli

LIBRARY = sorted((ROOT / "skitgubbe" / "records" / "cases").glob("*.json"))
CASES = [json.loads(path.read_text(encoding="utf-8")) for path in LIBRARY]
VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    1,
    2,
    2.0,
    -1,
    10**30,
    "",
    " ",
    "X",
    "A",
    " A",
    "A\u200b",
    "\u202eB",
    "9C",
    "♣D",
    "10H",
    "klöver 9",
    "S",
    "pick up",
    [],
    {},
    [None],
    [7],
    ["9C", "9C"],
    ["A", "A"],
    {"A": []},
    [["A", []]],
    {"player": "A", "card": "2C"},
    {"preset": "pagat", "chansa": 1},
    "x" * 300,
]
MOVES = [
    "A: 9C",
    "Z: pick up",
    "B: throw 2C 2C",
    "C:",
    ":",
    "A: chansa",
    "A: pass",
    "B: 2C 2C",
    "A: släng",
    "B: supa",
    "A:  ",
    "C: ta upp",
    "A: QC KC AC",
    "A: ♣D ♣D",
    "B: 99Z",
]
FIELDS = [
    "rules",
    "players",
    "phase",
    "hands",
    "talon",
    "won",
    "trump_card",
    "trump",
    "to_play",
    "table",
    "out",
    "moves",
    "colour",
]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, prefix + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            found += _paths(child, prefix + (i,))
    return found


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return data


def _cards(data: Any) -> list[str]:
    return [v for p in _paths(data) for v in [_get(data, p)] if isinstance(v, str) and len(v) in (2, 3)]


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def mutate(case: dict[str, Any], rng: random.Random) -> dict[str, Any] | bytes:
    """One to three random mutations of a case (or, now and then, broken bytes)."""
    data: Any = copy.deepcopy({k: v for k, v in case.items() if k not in ("title", "question", "notes")})
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(9)
        paths = _paths(data)
        if kind == 0:  # a value of another type anywhere
            data = _set(data, rng.choice(paths[1:] or paths), copy.deepcopy(rng.choice(VALUES)))
        elif kind == 1 and isinstance(data, dict) and data:  # a field removed
            data.pop(rng.choice(sorted(data)))
        elif kind == 2 and isinstance(data, dict):  # a field added or replaced
            data[rng.choice(FIELDS)] = copy.deepcopy(rng.choice(VALUES))
        elif kind == 3:  # a card doubled into another list
            lists = [p for p in paths if isinstance(_get(data, p), list)]
            cards = _cards(data)
            if lists and cards:
                _get(data, rng.choice(lists)).append(rng.choice(cards))
        elif kind == 4 and isinstance(data, dict):  # a move added
            moves = data.get("moves")
            if isinstance(moves, list):
                moves.insert(rng.randint(0, len(moves)), rng.choice(MOVES))
        elif kind == 5 and isinstance(data, dict):  # the other phase
            data["phase"] = 3 - data["phase"] if data.get("phase") in (1, 2) else 1
        elif kind == 6 and isinstance(data, dict):  # a player renamed or dropped
            players = data.get("players")
            if isinstance(players, list) and players:
                i = rng.randrange(len(players))
                if rng.random() < 0.5:
                    players[i] = rng.choice(["", " A", "A", "Q", "B\u200b", "x:y", 5, None])
                else:
                    del players[i]
        elif kind == 7:  # a list emptied
            lists = [p for p in paths if isinstance(_get(data, p), list)]
            if lists:
                _get(data, rng.choice(lists)).clear()
        else:  # broken bytes
            text = json.dumps(data, ensure_ascii=False)
            choice = rng.randrange(5)
            if choice == 0:
                return text[: rng.randrange(len(text) + 1)].encode()
            if choice == 1:
                return b"\xef\xbb\xbf" + text.encode()
            if choice == 2:
                return text.encode("latin-1", "replace")
            if choice == 3:
                return text.replace("{", '{"phase": 1, ', 1).encode()  # a key twice
            return text.encode("utf-16")
    return data


def _write(path: Path, data: dict[str, Any] | bytes) -> None:
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False).encode())


def judge_in_process(path: Path, *flags: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        status = cli.main(["check", str(path), *flags], out=out)
    return status, out.getvalue(), err.getvalue()


FOLDER = Path(tempfile.mkdtemp(prefix="skitgubbe-fuzz-"))


@pytest.mark.slow
@settings(max_examples=examples(400), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(range(len(CASES))), st.randoms(use_true_random=False), st.sampled_from(["", "--compare"]))
def test_mutated_library_cases_get_a_verdict_or_a_clear_refusal(index: int, rng: random.Random, flag: str) -> None:
    data = mutate(CASES[index], rng)
    path = FOLDER / "case.json"
    _write(path, data)
    status, out, err = judge_in_process(path, *([flag] if flag else ["--json"]))
    assert status in (0, 1, 2), (status, err, data)
    assert "internal error" not in err and "Traceback" not in err, (err, data)
    if status == 2:
        assert err.startswith((f"{path}: bad case file: ", "--rules")), err
        assert out == ""
    else:
        assert err == "" and out


BATCH = """
import contextlib, io, json, sys
from skitgubbe import cli, COMPILED
rows = []
for path in sys.argv[1:]:
    for flags in (["--json"], ["--compare", "--lang", "sv"]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err):
            status = cli.main(["check", path, *flags], out=out)
        rows.append([path, flags, status, out.getvalue(), err.getvalue()])
print(json.dumps({"compiled": COMPILED, "rows": rows}))
"""


def _batch(files: list[str], source: Path | None) -> dict[str, Any]:
    import os

    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if source is not None:
        env["PYTHONPATH"] = str(source)
    result = subprocess.run(
        [sys.executable, "-c", BATCH, *files],
        capture_output=True,
        text=True,
        cwd=source or ROOT / "tests",
        env=env,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


@pytest.mark.slow
def test_the_compiled_and_the_source_build_judge_mutated_cases_alike(tmp_path: Path) -> None:
    rng = random.Random(12)
    files = []
    for i in range(240):
        path = tmp_path / f"case-{i:03}.json"
        _write(path, mutate(CASES[i % len(CASES)], rng))
        files.append(str(path))
    source = source_build(tmp_path)
    compiled, plain = _batch(files, None), _batch(files, source)
    assert plain["compiled"] is False
    statuses = [row[2] for row in compiled["rows"]]
    assert set(statuses) <= {0, 1, 2}, statuses
    assert {0, 1, 2} <= set(statuses)  # the corpus reaches every kind of answer
    for mine, theirs in zip(compiled["rows"], plain["rows"]):
        assert mine == theirs, (mine, theirs)
