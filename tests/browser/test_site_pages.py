"""Every page of the site in Debian's chromium at a desktop and a phone width: it loads with no failed request,
no request off 127.0.0.1 and no console error (the helpers and fixtures: tests/browser_pages.py)."""

from __future__ import annotations

import pytest
from browser_pages import (
    open_page,
    toc_pages,
    wait_for_tables,
)

pytestmark = pytest.mark.browser

# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize("path", toc_pages())
def test_page_loads_offline_and_clean(sized_context, site_url: str, path: str) -> None:
    with open_page(sized_context, site_url, path) as (page, log):
        mounts = wait_for_tables(page)
        problems = log.problems()
        drawn = page.locator(".sgt-mount > .sgt").count()
        if drawn != mounts:
            problems.append(f"{mounts - drawn} of {mounts} boards not drawn")
        loaded = [r.url for r in log.responses]
        for name in ("jupyter-widgets", "fontawesome.js", "require.js", "embed-amd"):
            if any(name in url for url in loaded):
                problems.append(f"the page loads {name}")
        scroll = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if scroll > 0:
            problems.append(f"horizontal scroll of {scroll} px at {sized_context.viewport_name} width")
        assert not problems, f"{path} ({sized_context.viewport_name}):\n" + "\n".join(problems)
