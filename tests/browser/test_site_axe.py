"""axe-core (npm, pinned, injected from node_modules) finds no critical or serious violation on any page; every
page weighs at most 500 KB gzip (the klöver 9 page at most 400 KB)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_pages import (
    AXE,
    KLOVER_9_LIMIT,
    PAGE_LIMIT,
    VIEWPORTS,
    open_page,
    toc_pages,
    wait_for_tables,
)
from helpers import ARTIFACTS

pytestmark = pytest.mark.browser

# --------------------------------------------------------------------------- axe-core and page weight


_AXE_RUN = """async () => {
    const result = await axe.run(document, {resultTypes: ['violations']});
    return result.violations.filter(v => v.impact === 'critical' || v.impact === 'serious')
        .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length, target: v.nodes[0].target.join(' ')}));
}"""


@pytest.mark.parametrize("path", toc_pages())
def test_axe_finds_no_serious_violation(sized_context, site_url: str, path: str) -> None:
    assert AXE.is_file(), "node_modules/axe-core missing: run `make setup` (npm ci)"
    with open_page(sized_context, site_url, path) as (page, log):
        wait_for_tables(page)
        page.add_script_tag(path=str(AXE))  # injected from node_modules: no request leaves the page
        violations = page.evaluate(_AXE_RUN)
        assert not violations, f"{path} ({sized_context.viewport_name}): {violations}"
        assert not log.problems(), log.problems()


def _gzip_size(file: Path, cache: dict[Path, int] = {}) -> int:  # noqa: B006 - a cache on purpose
    import gzip

    if file not in cache:
        cache[file] = len(gzip.compress(file.read_bytes(), compresslevel=9))
    return cache[file]


def test_page_weight(browser, site_url: str, built_site: Path) -> None:
    """Every file a page loads (as served from the build), gzip-compressed: at most 500 KB a page, klöver 9 400 KB."""
    from urllib.parse import unquote, urlsplit

    ctx = browser.new_context(viewport=VIEWPORTS["desktop"], service_workers="block")
    weights, problems = {}, []
    try:
        for path in toc_pages():
            with open_page(ctx, site_url, path) as (page, log):
                wait_for_tables(page)
                files = {built_site / unquote(urlsplit(r.url).path).lstrip("/") for r in log.responses}
                files = {f / "index.html" if f.is_dir() else f for f in files}
                weights[path] = sum(_gzip_size(f) for f in files if f.is_file())
    finally:
        ctx.close()
    for path, weight in weights.items():
        limit = KLOVER_9_LIMIT if path.endswith("klover9.html") else PAGE_LIMIT
        if weight > limit:
            problems.append(f"{path}: {weight / 1000:.0f} KB > {limit / 1000:.0f} KB")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "page-weight.txt").write_text(
        "".join(f"{w / 1000:7.1f} KB  {p}\n" for p, w in sorted(weights.items(), key=lambda kv: -kv[1]))
    )
    assert not problems, "\n".join(problems)
