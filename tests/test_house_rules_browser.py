"""The house-rules form and the teacher's kit in a real browser (Debian chromium through Playwright).

The form at 390 px (no horizontal scroll, named controls), a changed option changes the text at once, a refused
combination shows the engine's reason, the address reproduces the rules, the downloaded file is the engine's
`Rules`; printed to PDF the rules take at most two A4 pages, and each handout and the quiz with its key one page.
Screenshots land in `_build/screenshots/` (looked at by hand, not compared).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_browser import open_page

from skitgubbe.rules import export
from skitgubbe.rules.options import CATALOGUE, PRESETS
from skitgubbe.rules.rules_file import load_rules_file

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[1] / "_build" / "screenshots"
READY = "[data-house-rules][data-ready='true']"


def pdf_pages(pdf: bytes) -> int:
    """Pages of a PDF chromium wrote: its page objects (`/Type /Page`, not `/Pages`)."""
    pages = len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))
    counts = [int(m) for m in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)", pdf, flags=re.DOTALL)]
    if counts:
        assert max(counts) == pages, (counts, pages)
    return pages


def sheet_rules(page) -> set[str]:
    return set(
        page.eval_on_selector_all("[data-role='rules-sheet'] li[data-rule]", "els => els.map(e => e.dataset.rule)")
    )


def active(rules) -> set[str]:
    return {r for ids in export.active_rules(rules).values() for r in ids}


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_form_at_390px_is_usable(browser, site_url: str, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        with open_page(ctx, site_url, f"book/{lang}/house-rules.html") as (page, log):
            page.wait_for_selector(READY)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"horizontal scroll at 390 px: {width}"
            controls = page.locator("[data-house-rules] select, [data-house-rules] input")
            assert controls.count() == len(export.option_names()) + 1
            unnamed = page.evaluate(
                """() => [...document.querySelectorAll('[data-house-rules] select, [data-house-rules] input')]
                  .filter(c => !(c.labels && c.labels.length && c.labels[0].textContent.trim())).map(c => c.id)"""
            )
            assert not unnamed
            status = page.locator("[data-role='rules-status']")
            assert status.get_attribute("aria-live") == "polite" and "pagat" in status.inner_text()
            assert sheet_rules(page) == active(PRESETS["pagat"])
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"house-rules-{lang}-390.png"), full_page=True)
            assert not log.problems(), log.problems()
    finally:
        ctx.close()


def test_a_changed_option_changes_the_text_at_once(browser_context, site_url: str, tmp_path: Path) -> None:
    with open_page(browser_context, site_url, "book/sv/house-rules.html") as (page, log):
        page.wait_for_selector(READY)
        sheet = page.locator("[data-role='rules-sheet']")
        page.select_option("[data-option='preset']", "strikt")
        assert sheet_rules(page) == active(PRESETS["strikt"])
        assert "p2.must-beat" in sheet.inner_text()
        # sequences with trick_complete=cards: the engine refuses, and the page says why
        page.check("[data-option='sequences']")
        refusal = page.locator("[data-role='refusal']")
        refusal.wait_for(state="visible")
        reason = export.refusal({**PRESETS["strikt"].to_dict(), "sequences": True})
        assert reason and reason in refusal.inner_text()
        assert export.reason_sv(reason) in refusal.inner_text()
        assert sheet.is_hidden()
        # count plays instead: accepted, the sequence rule appears marked as changed
        page.select_option("[data-option='trick_complete']", "plays")
        refusal.wait_for(state="hidden")
        rules = PRESETS["strikt"].with_options(sequences=True, trick_complete="plays")
        assert sheet_rules(page) == active(rules)
        differences = len(active(rules) ^ active(PRESETS["strikt"]))
        assert page.inner_text("[data-role='rules-status']") == (
            f"Reglerna uppdaterade: {differences} skillnader mot förvalet strikt."
        )
        note = page.inner_text("#sg-hr-sequences-sv-note")
        assert CATALOGUE["p2.sequence"].sv in note and "kortspelsregler.com (001)" in note
        changed = page.locator("li.sg-hr-changed[data-rule='p2.sequence']")
        assert changed.count() == 1 and "ändrat" in changed.inner_text()
        dropped = page.eval_on_selector_all("[data-dropped]", "els => els.map(e => e.dataset.dropped)")
        assert set(dropped) == active(PRESETS["strikt"]) - active(rules)
        # the address carries the rules
        url = page.url
        assert url.endswith("#" + export.url_fragment(rules, "strikt"))
        # the downloaded file is the engine's rules
        with page.expect_download() as info:
            page.click("[data-action='download']")
        saved = tmp_path / "vara-regler.json"
        info.value.save_as(saved)
        assert load_rules_file(saved) == rules
        assert not log.problems(), log.problems()
    # a link reproduces it
    with open_page(browser_context, site_url, "book/sv/house-rules.html#" + url.split("#", 1)[1]) as (page, log):
        page.wait_for_selector(READY)
        assert page.input_value("[data-option='preset']") == "strikt"
        assert page.is_checked("[data-option='sequences']")
        assert sheet_rules(page) == active(rules)
        assert not log.problems(), log.problems()


@pytest.mark.parametrize("preset_name", list(PRESETS))
def test_the_rules_print_on_at_most_two_a4_pages(browser_context, site_url: str, preset_name: str) -> None:
    rules = PRESETS[preset_name]
    # against another base the sheet is longest: dropped rules are listed too
    base = "specialkort" if preset_name != "specialkort" else "pagat"
    for lang in ("sv", "en"):
        path = f"book/{lang}/house-rules.html#" + export.url_fragment(rules, base)
        with open_page(browser_context, site_url, path) as (page, log):
            page.wait_for_selector(READY)
            assert sheet_rules(page) == active(rules)
            pdf = page.pdf(format="A4", print_background=False)
            assert 1 <= pdf_pages(pdf) <= 2, f"{preset_name} vs {base} ({lang}): {pdf_pages(pdf)} pages"
            if preset_name == "kortspelsregler" and lang == "sv":
                page.emulate_media(media="print")
                page.set_viewport_size({"width": 794, "height": 1123})
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SHOTS / "house-rules-sv-print.png"), full_page=True)
            assert not log.problems(), log.problems()


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_each_handout_and_the_quiz_print_on_one_a4_page(browser_context, site_url: str, lang: str) -> None:
    with open_page(browser_context, site_url, f"book/{lang}/teacher.html") as (page, log):
        page.wait_for_function("() => window.sgPrintSheet !== undefined")
        sheets = page.eval_on_selector_all("[data-printable]", "els => els.map(e => e.dataset.printable)")
        assert sheets == ["handout-phase1", "handout-phase2", "quiz"]
        assert page.locator("[data-printable^='handout'] [data-card]").count() > 0  # the engine's diagrams
        for name in sheets:
            page.evaluate("name => window.sgPrintSheet.select(name)", name)
            pdf = page.pdf(format="A4")
            assert pdf_pages(pdf) == 1, f"{name} ({lang}): {pdf_pages(pdf)} pages"
        page.evaluate("() => window.sgPrintSheet.clear()")
        # the whole page: each sheet starts a page of its own
        whole = pdf_pages(page.pdf(format="A4"))
        assert whole >= 4, whole
        # the print button prints (window.print is replaced so headless chromium does not block)
        page.evaluate("() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; }")
        page.click("[data-printable='quiz'] [data-action='print-sheet']")
        assert page.evaluate("() => [window.__printed, document.documentElement.dataset.sgPrint]") == [1, "quiz"]
        assert not log.problems(), log.problems()
        # screenshots of printed sheets (print media at A4 width; after the PDFs: page.pdf() honours emulation)
        page.emulate_media(media="print")
        page.set_viewport_size({"width": 794, "height": 1123})
        SHOTS.mkdir(parents=True, exist_ok=True)
        for name in ("handout-phase1", "handout-phase2", "quiz"):
            page.evaluate("name => window.sgPrintSheet.select(name)", name)
            page.screenshot(path=str(SHOTS / f"teacher-{name}-{lang}-print.png"), full_page=True)


def test_the_form_works_from_the_keyboard(browser_context, site_url: str) -> None:
    with open_page(browser_context, site_url, "book/en/house-rules.html") as (page, log):
        page.wait_for_selector(READY)
        page.focus("[data-option='preset']")
        page.keyboard.press("ArrowDown")  # the next preset: kortspelsregler
        page.wait_for_function("() => location.hash.startsWith('#rules=')")
        assert page.input_value("[data-option='preset']") == "kortspelsregler"
        assert sheet_rules(page) == active(PRESETS["kortspelsregler"])
        page.focus("[data-option='sequences']")
        page.keyboard.press("Space")  # off: one card at a time again
        rules = PRESETS["kortspelsregler"].with_options(sequences=False)
        page.wait_for_function("() => !document.querySelector(\"[data-rule='p2.sequence']\")")
        assert sheet_rules(page) == active(rules)
        assert page.url.endswith("#" + export.url_fragment(rules, "kortspelsregler"))
        assert not log.problems(), log.problems()
