"""Shared by the reliability tests of the CLI, records and engine: run the command line as a user does, in the
compiled build and in the Python source build, and a few valid cases to mutate."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from helpers import KLOVER_9, REPO

ROOT = REPO
#: What a Python traceback prints; no input may make the command line print it.
TRACEBACK = "Traceback (most recent call last)"

#: the klöver 9 trick (helpers.KLOVER_9): a phase-2 case
PHASE2: dict[str, Any] = KLOVER_9
PHASE1: dict[str, Any] = {
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 1,
    "hands": {"A": ["9C", "4H", "2S"], "B": ["QC", "KC", "AC"], "C": ["10C", "JC", "5D"]},
    "talon": ["3C", "4C", "5C", "6C"],
    "to_play": "A",
    "moves": ["A: 9C", "B: QC"],
}


def case(base: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    """A deep copy of `base` with fields replaced (a value of `...` removes the field)."""
    data = copy.deepcopy(dict(base))
    for key, value in changes.items():
        if value is ...:
            data.pop(key, None)
        else:
            data[key] = value
    return data


@dataclass(frozen=True)
class Run:
    status: int
    out: str
    err: str

    def assert_clean(self) -> None:
        """A verdict or a refusal, never a traceback."""
        assert TRACEBACK not in self.err and TRACEBACK not in self.out, self.err[-3000:]
        assert self.status in (0, 1, 2), (self.status, self.err[-2000:])


def source_build(tmp: Path) -> Path:
    """A copy of the package without compiled extensions: put its folder first on PYTHONPATH to run the source."""
    target = tmp / "source-build"
    if not (target / "skitgubbe").is_dir():
        shutil.copytree(
            ROOT / "skitgubbe",
            target / "skitgubbe",
            ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"),
        )
    return target


def pytest_in_source_build(
    tmp: Path, tests: Sequence[Path | str], *args: str, env: Mapping[str, str] | None = None, timeout: float = 850
) -> subprocess.CompletedProcess[str]:
    """`pytest TESTS ARGS` in a subprocess on the Python source build (`source_build`), with the project's pytest.ini;
    `env` adds variables. The caller asserts on the result (`returncode`, `stdout`)."""
    source = source_build(tmp)
    # the copy has no compiled extension and no C search: the check that the C is there belongs to the outer run
    skipped = ("PYTEST", "MAKE", "SKITGUBBE_REQUIRE_NATIVE")
    environment = {k: v for k, v in os.environ.items() if not k.startswith(skipped)}
    environment.update(env or {}, PYTHONPATH=str(source))
    # cwd is the copy: `python -m pytest` puts it first on sys.path, ahead of the compiled checkout
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "--rootdir", str(ROOT)]
        + ["-c", str(ROOT / "pytest.ini"), *args, *(str(t) for t in tests)],
        capture_output=True,
        text=True,
        cwd=source,
        env=environment,
        timeout=timeout,
        check=False,
    )


def cli(
    args: Sequence[str],
    *,
    stdin: str | bytes | None = None,
    source: Path | None = None,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 120,
) -> Run:
    """`python -m skitgubbe ARGS` in a subprocess (the compiled build, or the source build at `source`)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONPATH")}
    environment["PYTHONUTF8"] = "0"
    environment.setdefault("LC_ALL", "C.UTF-8")
    if source is not None:
        environment["PYTHONPATH"] = str(source)
    environment.update(env or {})
    data = stdin.encode() if isinstance(stdin, str) else stdin
    result = subprocess.run(
        [sys.executable, "-m", "skitgubbe", *args],
        input=data,
        capture_output=True,
        timeout=timeout,
        cwd=cwd or (source if source is not None else ROOT),
        env=environment,
        check=False,
    )
    return Run(result.returncode, result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace"))


def check_file(tmp: Path, data: Mapping[str, Any] | str | bytes, *extra: str, source: Path | None = None) -> Run:
    """`check` on a file holding `data` (a case as JSON, or raw text/bytes)."""
    path = tmp / "case.json"
    if isinstance(data, bytes):
        path.write_bytes(data)
    elif isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return cli(["check", str(path), *extra], source=source)
