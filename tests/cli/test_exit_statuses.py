"""With standard error unwritable (full or closed), `check`, `replay` and `deal` on a bad input
exit 2 (a bad input), never 1 (the status of an illegal move); an illegal move is still 1, and output that cannot
be written is 74."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from reliability import PHASE2, ROOT, case

BAD_CASE = case(PHASE2, hands={"A": ["9C", "9C"], "B": ["QC"], "C": ["JC"]})
ILLEGAL = case(PHASE2, moves=["A: 9C", "B: 3D"])


def _run(args: list[str], stderr: str, stdout: str = "pipe") -> int:
    """The command's exit status with standard error `full` (/dev/full), `closed`, or a `pipe`."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONIOENCODING")}
    env.setdefault("LC_ALL", "C.UTF-8")
    full = open("/dev/full", "w")  # noqa: SIM115  (closed below, after the run)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "skitgubbe", *args],
            stdin=subprocess.DEVNULL,
            stdout=full if stdout == "full" else subprocess.PIPE,
            stderr=full if stderr == "full" else subprocess.PIPE,
            preexec_fn=(lambda: os.close(2)) if stderr == "closed" else None,
            cwd=ROOT,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        full.close()
    return result.returncode


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("statuses")
    paths = {}
    for name, data in {"bad": BAD_CASE, "illegal": ILLEGAL, "good": PHASE2}.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        paths[name] = str(path)
    (folder / "not-json.json").write_text("{", encoding="utf-8")
    paths["not-json"] = str(folder / "not-json.json")
    paths["missing"] = str(folder / "missing.json")
    return paths


BAD_INPUTS = [
    ("check a bad case", ["check", "{bad}"]),
    ("check a file that is not JSON", ["check", "{not-json}"]),
    ("check a missing file", ["check", "{missing}"]),
    ("check --compare a bad case", ["check", "--compare", "{bad}"]),
    ("check with unknown rules", ["check", "--rules", "nope", "{good}"]),
    ("replay a case, not a record", ["replay", "{good}"]),
    ("replay a missing file", ["replay", "{missing}"]),
    ("deal with 9 players", ["deal", "--seed", "1", "--players", "9"]),
    ("deal a seed of 2**53", ["deal", "--seed", str(2**53)]),
    ("deal under unknown rules", ["deal", "--seed", "1", "--rules", "nope"]),
    ("an unknown option", ["check", "--frobnicate", "{good}"]),
]


@pytest.mark.slow
@pytest.mark.parametrize("stderr", ["full", "closed", "pipe"])
@pytest.mark.parametrize("what, args", BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS])
def test_a_bad_input_exits_2_whatever_standard_error_is(
    files: dict[str, str], stderr: str, what: str, args: list[str]
) -> None:
    status = _run([a.format(**files) for a in args], stderr)
    assert status == 2, (what, stderr, status)


@pytest.mark.parametrize("stderr", ["full", "closed"])
def test_an_illegal_move_is_still_1_and_a_legal_case_0(files: dict[str, str], stderr: str) -> None:
    assert _run(["check", files["illegal"]], stderr) == 1
    assert _run(["check", files["good"]], stderr) == 0


def test_output_that_cannot_be_written_is_74(files: dict[str, str]) -> None:
    assert _run(["check", files["good"]], "pipe", stdout="full") == 74
    assert _run(["check", files["good"]], "full", stdout="full") == 74
