"""Every page of the site in Debian's chromium at a desktop and a phone width, each page opened once a width and
checked at once for all of this: it loads with no failed request, no request off 127.0.0.1 and no console error,
draws every board, scrolls nothing sideways and loads none of the widget stacks; axe-core (npm, pinned, injected
from node_modules) finds no critical or serious violation; and at desktop width every file it loads, as served
from the build and gzip-compressed, weighs at most 500 KB (the klöver 9 page at most 400 KB), the live engine's
runtime apart (loaded early where a play panel is in view and the line allows it; benchmarks/live_start.py weighs it). The weights are
written to _build/test-artifacts/page-weight.txt (the helpers and fixtures: tests/browser_pages.py)."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from browser_pages import (
    AXE,
    AXE_RUN,
    KLOVER_9_LIMIT,
    PAGE_LIMIT,
    VIEWPORTS,
    open_page,
    sized,
    toc_pages,
    wait_for_tables,
)
from helpers import ARTIFACTS

pytestmark = pytest.mark.browser

#: the widget stacks of Jupyter that the static site must not load
NOT_LOADED = ("jupyter-widgets", "fontawesome.js", "require.js", "embed-amd")
_GZIP_SIZES: dict[Path, int] = {}


def _gzip_size(file: Path) -> int:
    if file not in _GZIP_SIZES:
        _GZIP_SIZES[file] = len(gzip.compress(file.read_bytes(), compresslevel=9))
    return _GZIP_SIZES[file]


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def width_context(request: Any, browser: Any) -> Iterator[Any]:
    """One context a width for the module's pages (the site's shared files come from its cache after the first)."""
    with sized(browser, request.param) as ctx:
        yield ctx


@pytest.fixture(scope="module")
def weights() -> Iterator[dict[str, int]]:
    """The gzip weight of every page opened at desktop width, written out as a table when the module ends."""
    table: dict[str, int] = {}
    yield table
    if table:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "page-weight.txt").write_text(
            "".join(f"{w / 1000:7.1f} KB  {p}\n" for p, w in sorted(table.items(), key=lambda kv: -kv[1]))
        )


#: the live engine's runtime (Pyodide, the standard library cut to the engine's needs, the engine): a page with a
#: play panel in view starts it before the tap where the line allows (issue 58); benchmarks/live_start.py weighs it
ENGINE_RUNTIME = "_live/"


def _weight(built_site: Path, responses: list[Any]) -> int:
    """Every file the page loaded, as the build holds it, gzip-compressed (the live engine's runtime apart)."""
    paths = (unquote(urlsplit(r.url).path).lstrip("/") for r in responses)
    files = {built_site / path for path in paths if not path.startswith(ENGINE_RUNTIME)}
    files = {f / "index.html" if f.is_dir() else f for f in files}
    return sum(_gzip_size(f) for f in files if f.is_file())


@pytest.mark.parametrize("path", toc_pages())
def test_every_page_loads_offline_clean_accessible_and_light(
    width_context: Any, site_url: str, built_site: Path, weights: dict[str, int], path: str
) -> None:
    assert AXE.is_file(), "node_modules/axe-core missing: run `make setup` (npm ci)"
    width = width_context.viewport_name
    with open_page(width_context, site_url, path) as (page, log):
        mounts = wait_for_tables(page)
        problems = []
        drawn = page.locator(".sgt-mount > .sgt").count()
        if drawn != mounts:
            problems.append(f"{mounts - drawn} of {mounts} boards not drawn")
        loaded = [r.url for r in log.responses]
        problems += [f"the page loads {name}" for name in NOT_LOADED if any(name in url for url in loaded)]
        scroll = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if scroll > 0:
            problems.append(f"horizontal scroll of {scroll} px at {width} width")
        page.add_script_tag(path=str(AXE))  # injected from node_modules: no request leaves the page
        violations = page.evaluate(AXE_RUN)
        if violations:
            problems.append(f"axe-core: {violations}")
        if width == "desktop":
            weight = weights[path] = _weight(built_site, log.responses)
            limit = KLOVER_9_LIMIT if path.endswith("klover9.html") else PAGE_LIMIT
            if weight > limit:
                problems.append(f"{weight / 1000:.0f} KB > {limit / 1000:.0f} KB gzip")
        problems = log.problems() + problems
        assert not problems, f"{path} ({width}):\n" + "\n".join(problems)
