"""Shared fixtures: the built site (built on demand) and a loopback HTTP server for it.

`make test` builds the book before pytest runs, so `built_site` normally just checks that the
build in `_build/` is there and newer than its sources. Run on its own (`pytest tests/...`), it
runs `make book` when `_build/html` is missing or older than any source file.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tiers
from browser_pages import VIEWPORTS, sized
from helpers import BROWSER_TIMEOUT_MS, CHROMIUM, CHROMIUM_ARGS, REPO

BUILD = REPO / "_build"
SITE = BUILD / "html"
BUILD_LOG = BUILD / "build.log"
BUILD_STATUS = BUILD / "build.status"

#: files whose change makes the built site stale
_SOURCE_GLOBS = (
    "_config.yml",
    "_toc.yml",
    "package-lock.json",
    "book/**/*",
    "skitgubbe/**/*.py",
    # the browser code's one home (skitgubbe/views/): the build copies it into the site
    "skitgubbe/**/*.js",
    "skitgubbe/**/*.mjs",
    "skitgubbe/**/*.css",
)
_SKIP_PARTS = {"_build", ".ipynb_checkpoints", "__pycache__", ".jupyter_cache", "jupyter_execute"}


#: set by `make test`: the whole suite runs only with the C search built (without it every C test would skip)
REQUIRE_NATIVE = "SKITGUBBE_REQUIRE_NATIVE"


def native_problem() -> str | None:
    """Why the C search cannot run here (no `_csearch.so`), or None when it can."""
    from skitgubbe.engine.kernel import native

    if native.available():
        return None
    why = "gcc is not installed" if shutil.which("gcc") is None else "the build did not make it"
    return (
        f"the C search is missing: {native.LIBRARY} does not exist or does not load ({why}). `make test` runs every C "
        "test and will not skip them: install gcc (Debian: apt-get install gcc python3-dev) and run `make setup`."
    )


def pytest_configure(config: pytest.Config) -> None:
    """A run that leaves out the slow tests (`make check`) draws fewer property examples (tests/tiers.py)."""
    tiers.FAST_TIER = "not slow" in (config.option.markexpr or "")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under `make test`, stop at once with a clear message where the C search is missing."""
    if os.environ.get(REQUIRE_NATIVE) == "1" and (problem := native_problem()) is not None:
        pytest.exit(problem, returncode=1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that reads the built site (`site`), so that `make check` can leave them out."""
    for item in items:
        if "built_site" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.site)


def newest_source_mtime() -> float:
    newest = 0.0
    for pattern in _SOURCE_GLOBS:
        for path in REPO.glob(pattern):
            if path.is_file() and not _SKIP_PARTS.intersection(path.relative_to(REPO).parts):
                newest = max(newest, path.stat().st_mtime)
    return newest


def site_is_current() -> bool:
    return (
        (SITE / "index.html").is_file()
        and BUILD_LOG.is_file()
        and BUILD_STATUS.is_file()
        and BUILD_STATUS.read_text().strip() == "0"
        and BUILD_LOG.stat().st_mtime >= newest_source_mtime()
    )


@pytest.fixture(scope="session")
def built_site() -> Path:
    """Path of `_build/html`, (re)built with `make book` if missing or stale."""
    if not site_is_current():
        env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
        proc = subprocess.run(
            ["make", "--no-print-directory", "book"],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        if proc.returncode != 0:
            pytest.fail(f"`make book` failed (exit {proc.returncode}):\n{proc.stdout[-6000:]}", pytrace=False)
    assert (SITE / "index.html").is_file(), "no _build/html/index.html after the build"
    return SITE


def _quiet_handler() -> type[http.server.SimpleHTTPRequestHandler]:
    """book/_ext/serve.py's handler (the content types `make serve` gives .mjs and .wasm), without request logs."""
    import sys

    sys.path.insert(0, str(REPO / "book" / "_ext"))
    import serve

    return serve.QuietHandler


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """Base URL (ending in '/') of `_build/html` served on 127.0.0.1 at a free port."""
    handler = functools.partial(_quiet_handler(), directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# --------------------------------------------------------------------------- the browser (Playwright + Debian chromium)


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Any]:
    """The one Playwright driver of the session (its sync API allows one per session): every browser test module
    launches chromium from it (`browser` below, or its own launch with other options)."""
    if not Path(CHROMIUM).is_file():
        msg = f"{CHROMIUM} missing: `make test` installs it (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_driver: Any) -> Iterator[Any]:
    """One headless chromium for every browser test of a worker. Its every request off the loopback goes to a dead
    proxy, so it fails and leaves nothing; the tests' request logs (`NetLog`, `PageLog`) count it."""
    from live_helpers import DEAD_PROXY

    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, proxy=DEAD_PROXY)
    try:
        yield b
    finally:
        b.close()


@pytest.fixture(scope="session")
def live_browser(browser: Any) -> Any:
    """The browser-live engine's tests' name for the one chromium (`browser`)."""
    return browser


@pytest.fixture()
def browser_context(browser, site_url: str) -> Iterator[object]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.set_default_timeout(BROWSER_TIMEOUT_MS)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture(params=list(VIEWPORTS))
def sized_context(request, browser, site_url: str) -> Iterator[object]:
    """A fresh context at each width (desktop, phone); `ctx.viewport_name` says which."""
    with sized(browser, request.param) as ctx:
        yield ctx
