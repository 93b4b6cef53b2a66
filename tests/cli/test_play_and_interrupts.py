"""`play` and `simulate --jobs` end on Ctrl-C without a traceback; `play --save` checks its path
before the game starts and never loses a played game (saved on quit, end of input and Ctrl-C)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from reliability import TRACEBACK, cli

SAVE_CASES = [
    ("a missing folder", "no/such/folder/game.json", "--save: the folder no/such/folder does not exist"),
    ("a directory", ".", "--save: . is a directory; give a file name"),
]


@pytest.mark.parametrize("what, target, message", SAVE_CASES, ids=[c[0] for c in SAVE_CASES])
def test_a_bad_save_path_is_refused_before_the_game(tmp_path: Path, what: str, target: str, message: str) -> None:
    run = cli(["play", "--save", target], stdin="9C\n", cwd=tmp_path)
    run.assert_clean()
    assert run.status == 2
    assert message in run.err, run.err
    assert "You are A" not in run.out  # refused before the first deal


@pytest.mark.parametrize("ending", ["quit\n", ""], ids=["quit", "end of input"])
def test_quitting_saves_the_game_so_far(tmp_path: Path, ending: str) -> None:
    # seed 3 deals A ♦2 ♦8 ♠A, and A leads: play ♦2, then quit (or end the input)
    run = cli(["play", "--seed", "3", "--save", "game.json"], stdin=f"2D\n{ending}", cwd=tmp_path)
    assert run.status == 0, run.err
    assert "saved: game.json" in run.out
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["seed"] == 3 and record["moves"][0] == "A: 2D"
    replay = cli(["replay", "game.json"], cwd=tmp_path)
    assert replay.status == 0, replay.err


def test_a_failed_save_prints_the_record_instead(tmp_path: Path) -> None:
    # a path that passes the check before the game and then fails to write: /dev/full
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    run = cli(["play", "--seed", "3", "--save", "/dev/full"], stdin="2D\nquit\n", cwd=tmp_path)
    assert run.status == 74, run.err
    assert "--save: cannot write /dev/full: No space left on device; the record follows:" in run.err
    assert '"moves": [\n  "A: 2D"' in run.out


def _default_sigint() -> None:
    """Ctrl-C as at a terminal: a test run started in the background (`make test &`) ignores SIGINT, and a child
    inherits that, so the program under test would never see the signal."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(args: list[str], folder: Path, ready: str) -> subprocess.CompletedProcess[str]:
    """Start `python -m skitgubbe ARGS` in its own process group, wait until `ready` is printed (or the process
    has started its work), send Ctrl-C (SIGINT) to the whole group, as a terminal does."""
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "skitgubbe", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=folder,
        start_new_session=True,
        preexec_fn=_default_sigint,
    )
    assert process.stdout is not None
    seen = ""
    deadline = time.monotonic() + 120
    while ready not in seen and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen += line
    assert ready in seen, seen
    os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return subprocess.CompletedProcess(args, process.returncode, seen + out, err)


def test_ctrl_c_in_play_saves_and_ends_without_a_traceback(tmp_path: Path) -> None:
    result = _interrupt(["play", "--seed", "2", "--save", "game.json"], tmp_path, "You are A")
    assert TRACEBACK not in result.stderr and "KeyboardInterrupt" not in result.stderr, result.stderr
    assert result.returncode == 130
    assert "interrupted" in result.stderr
    if (tmp_path / "game.json").exists():  # saved when a bot had already moved
        assert cli(["replay", "game.json"], cwd=tmp_path).status == 0


def test_ctrl_c_in_simulate_jobs_ends_without_a_traceback(tmp_path: Path) -> None:
    # a long run that prints nothing until it ends: wait for the worker processes to exist, then interrupt
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "skitgubbe",
            "simulate",
            "-n",
            "100000",
            "--jobs",
            "2",
            "--players",
            "sensible,sensible",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        start_new_session=True,
        preexec_fn=_default_sigint,
    )
    deadline = time.monotonic() + 120
    children: list[str] = []
    while time.monotonic() < deadline and len(children) < 2:
        children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
    assert len(children) >= 2, "the worker processes never started"
    os.killpg(process.pid, signal.SIGINT)
    _out, err = process.communicate(timeout=120)
    assert TRACEBACK not in err and "KeyboardInterrupt" not in err, err
    assert process.returncode == 130
    assert err.strip() == "skitgubbe: interrupted"
