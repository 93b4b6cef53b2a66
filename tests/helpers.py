"""What several test modules share: position builders, the repository paths, the CLI run in-process, chromium's
flags, the offline route handler and the klöver 9 case."""

from __future__ import annotations

import contextlib
import io
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from skitgubbe import Game


def phase2(
    hands: dict[str, str],
    *,
    trump: str = "H",
    rules: Any = "pagat",
    to_play: str = "A",
    table: tuple[tuple[str, str], ...] = (),
    players: str | None = None,
) -> Game:
    """A phase-2 position; hands and table plays are given as strings of card codes."""
    names = list(players or hands)
    return Game.from_position(
        players=names,
        rules=rules,
        phase=2,
        trump=trump,
        to_play=to_play,
        hands={n: c.split() for n, c in hands.items()},
        table=[(n, c.split()) for n, c in table],
    )


def phase1(
    hands: dict[str, str],
    talon: str = "",
    *,
    rules: Any = "pagat",
    to_play: str = "A",
    trump_card: tuple[str, str] | None = None,
    won: dict[str, str] | None = None,
) -> Game:
    """A phase-1 position on an empty table; the talon is given top card first."""
    return Game.from_position(
        players=list(hands),
        rules=rules,
        phase=1,
        to_play=to_play,
        hands={n: c.split() for n, c in hands.items()},
        talon=talon.split(),
        trump_card=trump_card,
        won={n: c.split() for n, c in (won or {}).items()},
    )


def codes(cards: Any) -> list[str]:
    return [str(c) for c in cards]


#: The repository root: the one place tests find it.
REPO = Path(__file__).resolve().parents[1]
# what tests write (screenshots, measured numbers) goes under the git-ignored _build/, never into tracked files
SHOTS = REPO / "_build" / "screenshots"
ARTIFACTS = REPO / "_build" / "test-artifacts"


@dataclass(frozen=True)
class CliResult:
    """What a command-line run gave: exit status and the text written to stdout and stderr."""

    returncode: int
    stdout: str
    stderr: str


def cli(*args: str, stdin: str = "", cwd: Path | None = None) -> CliResult:
    """Run `python -m skitgubbe ARGS` in this process: `skitgubbe.cli.main(argv)` with captured streams.

    argparse's exits (bad arguments, `--help`) become the exit status, as for the real command.
    """
    from skitgubbe.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = Path.cwd()
    saved_stdin = sys.stdin
    try:
        if cwd is not None:
            os.chdir(cwd)
        sys.stdin = io.StringIO(stdin)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
    finally:
        sys.stdin = saved_stdin
        os.chdir(here)
    return CliResult(code, out.getvalue(), err.getvalue())


def toc_files() -> list[str]:
    """Every `file:` of _toc.yml, in order (the root first), without extensions."""
    import yaml

    toc = yaml.safe_load((REPO / "_toc.yml").read_text(encoding="utf-8"))
    out = [toc["root"]]

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "file" in node:
                out.append(node["file"])
            for key in ("parts", "chapters", "sections"):
                walk(node.get(key, []))
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(toc)
    return out


#: Debian's chromium and its flags for every browser test (the background-networking flags keep it off the
#: closed network).
CHROMIUM = "/usr/bin/chromium"
#: how long a browser test waits for a condition before it fails
BROWSER_TIMEOUT_MS = 20_000
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def on_site(site_url: str, url: str) -> bool:
    """Whether `url` is the served site's (or a data: or blob: URL, which never leaves the page)."""
    origin = site_url.rstrip("/")
    return url == origin or url.startswith((origin + "/", "data:", "blob:"))


def site_only(site_url: str, blocked: list[str]) -> Callable[[Any], None]:
    """A Playwright route handler for the offline tests: requests to the served site (and data: and blob: URLs) go
    through; every other request is aborted and its URL appended to `blocked`."""

    def route(r: Any) -> None:
        url = r.request.url
        if on_site(site_url, url):
            r.continue_()
        else:
            blocked.append(url)
            r.abort("blockedbyclient")

    return route


#: how long a live notebook's kernel may take to answer in Voilà (start, a computer move)
VOILA_KERNEL_TIMEOUT_MS = 120_000


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(
    command: Sequence[str], *, cwd: Path, env: Mapping[str, str], log: Path, ready_url: str, name: str, timeout_s: float
) -> Iterator[None]:
    """Run a server (JupyterLab, Voilà) with its output in `log` until `ready_url` answers 200 (polled), then
    stop it on the way out; the test fails, naming the log, if it exits or is not ready within `timeout_s`."""
    with log.open("w") as out:
        proc = subprocess.Popen(list(command), cwd=cwd, env=dict(env), stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout_s
        try:
            while True:
                if proc.poll() is not None:
                    pytest.fail(f"{name} exited with {proc.returncode}; see {log}", pytrace=False)
                try:
                    with urllib.request.urlopen(ready_url, timeout=2) as answer:
                        if answer.status == 200:
                            break
                except (urllib.error.URLError, OSError):
                    pass
                if time.monotonic() > deadline:
                    pytest.fail(f"{name} not ready after {timeout_s} s; see {log}", pytrace=False)
                time.sleep(0.25)  # polling for readiness, not waiting for a result
            yield
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()


#: The klöver 9 trick (docs/disputed-points.md, worked example 1) as a case file's dict (the worked examples and the CLI's `check` both use it).
KLOVER_9: dict[str, Any] = {
    "rules": "kortspelsregler",
    "players": ["A", "B", "C"],
    "phase": 2,
    "trump": "H",
    "hands": {"A": ["9C", "4H", "2S"], "B": ["QC", "KC", "AC", "7H", "8H", "3D"], "C": ["10C", "JC", "5D"]},
    "to_play": "A",
    "moves": ["A: 9C", "B: QC KC AC", "C: pick up", "A: 4H", "B: 7H 8H"],
}
