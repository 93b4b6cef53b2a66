"""The contents menu (☰) and "on this page" open at every width in both editions.

pydata-sphinx-theme 0.17 and sphinx-book-theme bind their toggles with ``querySelector(".primary-toggle")``, which
found a hidden header button first, so the visible toggle did nothing. book/_templates/sections/header.html drops
the hidden ones. Here a phone (390 px, touch) and a tablet (800 px, touch) tap the visible ☰ and see the sidebar
open with the edition's pages, and the "on this page" button open the page's sections; Escape closes them and
gives focus back to the toggle. At 1280 px the ☰ hides the sidebar and shows it again. The header's buttons are
touch targets of at least 44 x 44 px. Screenshots of the open menu at 390 px go to _build/screenshots/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers import SHOTS

pytestmark = pytest.mark.browser

PAGE = {"sv": "book/sv/phase1.html", "en": "book/en/phase1.html"}
#: a page of the edition the menu must list, by its title
LISTED = {"sv": "Ordlista", "en": "Glossary"}
PRIMARY = ".bd-header-article .primary-toggle"
SECONDARY = ".bd-header-article .secondary-toggle"
TOUCH = {390: {"width": 390, "height": 844}, 800: {"width": 800, "height": 1000}}


@pytest.fixture()
def touch_page(browser: Any, site_url: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    width = request.param
    ctx = browser.new_context(viewport=TOUCH[width], has_touch=True, is_mobile=True, service_workers="block")
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        ctx.close()
    assert not errors, errors


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box, f"{selector} has no box"
    return dict(box)


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("touch_page", [390, 800], indirect=True, ids=["390px", "800px"])
def test_menu_and_on_this_page_open_by_tap(touch_page: Any, site_url: str, lang: str) -> None:
    page = touch_page
    width = page.viewport_size["width"]
    page.goto(site_url + PAGE[lang])
    page.wait_for_load_state("load")
    toggle = page.locator(PRIMARY)
    assert toggle.is_visible(), "no visible contents toggle"
    toggle.tap()
    modal = page.locator("#pst-primary-sidebar-modal")
    modal.wait_for(state="visible")
    assert modal.get_attribute("open") is not None
    link = modal.locator(".bd-links a", has_text=LISTED[lang])
    assert link.is_visible(), "the open menu does not list the edition's pages"
    box = _box(page, "#pst-primary-sidebar-modal")
    assert box["width"] >= 200 and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
    if width == 390 and SHOTS.is_dir():
        page.screenshot(path=str(SHOTS / f"menu-{lang}-390.png"))
    page.keyboard.press("Escape")
    modal.wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.classList.contains('primary-toggle')"), "focus not returned"

    on_page = page.locator(SECONDARY)
    assert on_page.is_visible(), "no visible 'on this page' toggle"
    on_page.tap()
    toc = page.locator("#pst-secondary-sidebar-modal")
    toc.wait_for(state="visible")
    sections = toc.locator("nav a.nav-link")
    assert sections.count() >= 2 and sections.first.is_visible(), "the page's sections are not listed"
    page.keyboard.press("Escape")
    toc.wait_for(state="hidden")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_desktop_toggle_hides_and_shows_the_sidebar(browser_context: Any, site_url: str, lang: str) -> None:
    page = browser_context.new_page()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + PAGE[lang])
    sidebar = page.locator("#pst-primary-sidebar")
    assert sidebar.is_visible() and sidebar.locator(".bd-links a", has_text=LISTED[lang]).is_visible()
    article_left = _box(page, "article.bd-article")["x"]
    page.locator(PRIMARY).click()
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#pst-primary-sidebar')).visibility === 'hidden'"
    )
    assert page.locator("#pst-primary-sidebar-modal").get_attribute("open") is None, "a modal opened on a desktop"
    page.wait_for_function(
        f"() => document.querySelector('article.bd-article').getBoundingClientRect().x < {article_left}"
    )
    page.locator(PRIMARY).click()
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#pst-primary-sidebar')).visibility === 'visible'"
    )


@pytest.mark.parametrize("touch_page", [390], indirect=True, ids=["390px"])
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_header_buttons_are_44_px(touch_page: Any, site_url: str, lang: str) -> None:
    page = touch_page
    page.goto(site_url + PAGE[lang])
    small = page.evaluate(
        """() => Array.from(document.querySelectorAll('.bd-header-article button, .bd-header-article a.btn'))
            .filter(b => b.offsetParent !== null)
            .map(b => [b.className, b.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44)
            .map(([name, r]) => `${name}: ${r.width.toFixed(0)} x ${r.height.toFixed(0)}`)"""
    )
    assert not small, small
    wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert wide <= 0, f"horizontal scroll of {wide} px"
