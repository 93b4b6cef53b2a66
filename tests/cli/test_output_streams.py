"""Output to a closed pipe, to a stream that cannot encode ♣, or to a full disk gives no
traceback: a closed pipe ends quietly, the encoding's replacement is printed, a failed write says so (exit 74)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from reliability import PHASE2, ROOT, TRACEBACK, cli


def _pipe_to_head(args: list[str], folder: Path) -> tuple[int, str, str]:
    """`python -m skitgubbe ARGS | head -c 1` in a shell; the exit status of python, its stderr, head's output."""
    command = f'{sys.executable} -m skitgubbe {" ".join(args)} 2>err.txt | head -c 1; echo " ${{PIPESTATUS[0]}}"'
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=folder, timeout=120)
    first, _, status = result.stdout.rpartition(" ")
    return int(status), (folder / "err.txt").read_text(), first


@pytest.fixture()
def case_file(tmp_path: Path) -> Path:
    path = tmp_path / "case.json"
    path.write_text(json.dumps(PHASE2))
    return path


@pytest.mark.parametrize(
    "args", [["rules"], ["check", "CASE"], ["check", "CASE", "--compare"], ["check", "CASE", "--json"]]
)
def test_a_closed_pipe_ends_quietly(case_file: Path, args: list[str]) -> None:
    args = [str(case_file) if a == "CASE" else a for a in args]
    status, err, first = _pipe_to_head(args, case_file.parent)
    assert TRACEBACK not in err and "BrokenPipe" not in err, err
    assert err == ""
    assert len(first) == 1
    assert status in (0, 1)


@pytest.mark.parametrize("args", [["rules"], ["check", "CASE"], ["check", "CASE", "--compare"]])
def test_an_encoding_without_card_symbols_prints_what_it_can(case_file: Path, args: list[str]) -> None:
    args = [str(case_file) if a == "CASE" else a for a in args]
    run = cli(args, env={"PYTHONIOENCODING": "cp1252"})
    run.assert_clean()
    assert "UnicodeEncodeError" not in run.err
    assert run.status in (0, 1)
    assert run.out.strip(), "nothing printed"
    if args[0] == "check":
        assert "?" in run.out  # ♣ and ♥ replaced, the rest readable
        assert "kortspelsregler" in run.out
    ascii_run = cli(args, env={"PYTHONIOENCODING": "ascii"})
    ascii_run.assert_clean()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["rules"], ["check", "CASE"], ["simulate", "-n", "2"]])
def test_a_full_disk_is_reported_not_a_traceback(case_file: Path, args: list[str]) -> None:
    args = [str(case_file) if a == "CASE" else a for a in args]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "skitgubbe", *args],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
    assert TRACEBACK not in result.stderr, result.stderr
    assert result.returncode == 74
    assert "cannot write the output: No space left on device" in result.stderr
