"""`check`, `check --compare` and `replay` read their file once, so a pipe or FIFO works, and
`-` is standard input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from reliability import PHASE2, ROOT, cli

RECORD = {"rules": "pagat", "players": ["A", "B", "C"], "seed": 5, "moves": ["A: chansa"]}


# the case's moves are legal under its own rules (kortspelsregler), not under every preset: --compare exits 1
STDIN_CASES = [
    (["check", "-"], 0, "Rules: kortspelsregler"),
    (["check", "-", "--compare"], 1, "kortspelsregler"),
    (["check", "-", "--json"], 0, '"move": "7H 8H"'),
]


@pytest.mark.parametrize("args, status, text", STDIN_CASES, ids=[" ".join(c[0]) for c in STDIN_CASES])
def test_a_case_from_standard_input(args: list[str], status: int, text: str) -> None:
    run = cli(args, stdin=json.dumps(PHASE2))
    run.assert_clean()
    assert run.status == status, run.err
    assert text in run.out


def test_a_record_from_standard_input() -> None:
    run = cli(["replay", "-"], stdin=json.dumps(RECORD))
    assert run.status == 0, run.err
    assert "1. A: chansa" in run.out


def test_bad_json_on_standard_input_is_named() -> None:
    run = cli(["check", "-"], stdin="{")
    assert run.status == 2 and run.err.startswith("-: bad case file: line 1, column 2: bad JSON"), run.err


@pytest.mark.parametrize("compare", [False, True])
def test_a_process_substitution_is_read_once(compare: bool) -> None:
    """`check <(cat case.json)`: a pipe that can be read only once."""
    flag = " --compare" if compare else ""
    text = json.dumps(PHASE2).replace("'", "'\\''")
    command = f"{sys.executable} -m skitgubbe check <(printf '%s' '{text}'){flag}"
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == (1 if compare else 0), result.stderr
    assert result.stderr == "" and "kortspelsregler" in result.stdout


@pytest.mark.parametrize("compare", [False, True])
def test_a_fifo_is_read_once_and_does_not_hang(tmp_path: Path, compare: bool) -> None:
    fifo = tmp_path / "case.fifo"
    os.mkfifo(fifo)

    def feed() -> None:
        with open(fifo, "w") as handle:  # blocks until the reader opens it; then one write, then EOF
            handle.write(json.dumps(PHASE2))

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    run = cli(["check", str(fifo), *(["--compare"] if compare else [])], timeout=60)
    writer.join(timeout=10)
    assert not writer.is_alive()
    assert run.status == (1 if compare else 0), run.err
    assert run.err == "" and "kortspelsregler" in run.out
