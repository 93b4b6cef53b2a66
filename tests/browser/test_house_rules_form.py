"""The house-rules form and the teacher's kit in a real browser (Debian chromium through Playwright).

The form at 390 px (no horizontal scroll, named controls), a changed option changes the text at once, a refused
combination shows the engine's reason, the address reproduces the rules, the downloaded file is the engine's
`Rules`; printed to PDF the rules take at most two A4 pages, and each handout and the quiz with its key one page.
Screenshots land in `_build/screenshots/` (looked at by hand, not compared).
"""

from __future__ import annotations

import contextlib
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_pages import open_page
from helpers import BROWSER_TIMEOUT_MS, SHOTS

from skitgubbe.rules import export
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.rules.options import PRESETS, Rules
from skitgubbe.rules.rules_file import load_rules_file
from skitgubbe.text import house_rules
from skitgubbe.text.house_rules_words import HOUSE_OPTIONS, HOUSE_WORDS

pytestmark = pytest.mark.browser

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
        # the reason in the page's words (issue 30 item 8): the options as the form names them, no engine English
        assert reason and house_rules.refusal_words(reason)["sv"] in refusal.inner_text()
        assert str(reason) not in refusal.inner_text() and "trick_complete" not in refusal.inner_text()
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


@pytest.fixture(scope="module")
def forms(browser: Any, site_url: str) -> Iterator[dict[str, tuple[Any, Any]]]:
    """The house-rules form of each edition, opened once (a desktop context like `browser_context`) for the print
    cases: each case resets it to the default rules by the address, asserts the reset, then gives it its own."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.set_default_timeout(BROWSER_TIMEOUT_MS)
    with contextlib.ExitStack() as stack:
        stack.callback(ctx.close)
        pages = {}
        for lang in ("sv", "en"):
            pages[lang] = stack.enter_context(open_page(ctx, site_url, f"book/{lang}/house-rules.html"))
            pages[lang][0].wait_for_selector(READY)
        yield pages


def show_rules(page: Any, rules: Rules, base: str) -> None:
    """Give the form `rules` against `base` by the address, and wait until the form and its sheet show them."""
    page.evaluate("h => { location.hash = h; }", export.url_fragment(rules, base))
    page.wait_for_function(
        """([base, want]) => document.querySelector("[data-option='preset']").value === base
            && JSON.stringify([...new Set([...document.querySelectorAll("[data-role='rules-sheet'] li[data-rule]")]
                .map(e => e.dataset.rule))].sort()) === JSON.stringify(want)""",
        arg=[base, sorted(active(rules))],
    )


@pytest.mark.parametrize("preset_name", list(PRESETS))
def test_the_rules_print_on_at_most_two_a4_pages(forms: dict[str, tuple[Any, Any]], preset_name: str) -> None:
    rules = PRESETS[preset_name]
    # against another base the sheet is longest: dropped rules are listed too
    base = "specialkort" if preset_name != "specialkort" else "pagat"
    for lang in ("sv", "en"):
        page, log = forms[lang]
        # the reset: the default rules, the desktop viewport, no print media
        show_rules(page, PRESETS["pagat"], "pagat")
        assert page.locator("[data-dropped]").count() == 0 and page.locator("li.sg-hr-changed").count() == 0
        assert page.viewport_size == {"width": 1280, "height": 900} and not page.evaluate("matchMedia('print').matches")
        show_rules(page, rules, base)
        assert sheet_rules(page) == active(rules)
        pdf = page.pdf(format="A4", print_background=False)
        assert 1 <= pdf_pages(pdf) <= 2, f"{preset_name} vs {base} ({lang}): {pdf_pages(pdf)} pages"
        if preset_name == "kortspelsregler" and lang == "sv":
            page.emulate_media(media="print")
            page.set_viewport_size({"width": 794, "height": 1123})
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "house-rules-sv-print.png"), full_page=True)
            page.emulate_media(media="null")  # the shared page as the next case expects it: no emulation
            page.set_viewport_size({"width": 1280, "height": 900})
        assert not log.problems(), log.problems()


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_each_handout_and_the_quiz_print_on_one_a4_page(browser_context, site_url: str, lang: str) -> None:
    with open_page(browser_context, site_url, f"book/{lang}/teacher.html") as (page, log):
        page.wait_for_function("() => window.sgPrintSheet !== undefined")
        sheets = page.eval_on_selector_all("[data-printable]", "els => els.map(e => e.dataset.printable)")
        handouts = ["handout-phase1", "handout-phase2", "quiz-phase1", "quiz-phase2"]
        lessons = ["lesson-phase1", "lesson-phase2", "lesson-variants"]  # the learning path's worksheets
        assert sorted(sheets) == sorted(handouts + lessons) and sheets[: len(handouts)] == handouts
        assert page.locator("[data-printable^='handout'] [data-card]").count() > 0  # the engine's diagrams
        for name in sheets:
            page.evaluate("name => window.sgPrintSheet.select(name)", name)
            pdf = page.pdf(format="A4")
            # a handout or quiz is one A4 page; a lesson's worksheet (up to 13 exercises and the engine's key) two
            most = 2 if name.startswith("lesson-") else 1
            assert 1 <= pdf_pages(pdf) <= most, f"{name} ({lang}): {pdf_pages(pdf)} pages"
        page.evaluate("() => window.sgPrintSheet.clear()")
        # the whole page: each sheet starts a page of its own
        whole = pdf_pages(page.pdf(format="A4"))
        assert whole >= len(sheets) + 1, whole
        # the print button prints (window.print is replaced so headless chromium does not block)
        page.evaluate("() => { window.__printed = 0; window.print = () => { window.__printed += 1; }; }")
        page.click("[data-printable='quiz-phase2'] [data-action='print-sheet']")
        assert page.evaluate("() => [window.__printed, document.documentElement.dataset.sgPrint]") == [
            1,
            "quiz-phase2",
        ]
        assert not log.problems(), log.problems()
        # screenshots of printed sheets (print media at A4 width; after the PDFs: page.pdf() honours emulation)
        page.emulate_media(media="print")
        page.set_viewport_size({"width": 794, "height": 1123})
        SHOTS.mkdir(parents=True, exist_ok=True)
        for name in sheets:
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


# -- the quick reference for these rules (book/*/quickref.md with "#rules=") ----------------------------------------
QUICK_READY = "[data-quickref][data-ready='true']"
ARTICLE = "article.bd-article"


def _longest_valid(lang: str) -> dict[str, object]:
    """The combination the engine accepts whose rules in play have the most text in `lang` (the hardest to fit)."""
    table, _ = export.verdict_table()
    names = export.option_names()
    best: tuple[int, dict[str, object]] = (-1, {})
    for index, combo in enumerate(itertools.product(*(export.option_values(n) for n in names))):
        if table[index] != "0":
            continue
        values = dict(zip(names, combo, strict=True))
        size = sum(
            len(CATALOGUE[r].text(lang)) + len(r)
            for r, _, condition in export.CONDITIONS
            if all(values[n] in allowed for n, allowed in condition.items())
        )
        if size > best[0]:
            best = (size, values)
    return best[1]


#: (name, rules, base): every preset, then combinations no preset plays
QUICK_CASES: list[tuple[str, Rules, str]] = [(p, r, p) for p, r in PRESETS.items()] + [
    ("strikt+sequences", PRESETS["strikt"].with_options(sequences=True, trick_complete="plays"), "strikt"),
    (
        "alla-spelar+throw-on",
        PRESETS["alla-spelar"].with_options(throw_on="anytime", must_motlagg=True, motlagg_beats_singles=True),
        "alla-spelar",
    ),
    ("pagat+pile", PRESETS["pagat"].with_options(phase2_style="pile", pick_up="pile", must_beat=True), "pagat"),
    ("longest-sv", Rules.from_spec({"preset": "pagat", **_longest_valid("sv")}), "specialkort"),
    ("longest-en", Rules.from_spec({"preset": "pagat", **_longest_valid("en")}), "specialkort"),
]


def _article_text(page) -> str:
    return page.eval_on_selector(ARTICLE, "a => a.innerText")


def _quick_rules(page) -> list[str]:
    return page.eval_on_selector_all("[data-quickref] li[data-rule]", "els => els.map(e => e.dataset.rule)")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_quickref_without_a_fragment_is_unchanged(browser, browser_context, site_url: str, lang: str) -> None:
    """No `#rules=`: the page reads as written (the same text as with scripts off), fetches no rules data, prints
    on one A4 page; and going back to no fragment from a composed sheet restores it."""
    path = f"book/{lang}/quickref.html"
    plain = browser.new_context(java_script_enabled=False, service_workers="block")
    try:
        with open_page(plain, site_url, path) as (page, _):
            written = _article_text(page)
    finally:
        plain.close()
    with open_page(browser_context, site_url, path) as (page, log):
        page.wait_for_selector(QUICK_READY, state="attached")
        fetched = page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
        assert any(u.endswith("/quickref.js") for u in fetched), fetched
        assert page.get_attribute("[data-quickref]", "data-state") == "baseline"
        assert page.is_hidden("[data-quickref]")
        assert _article_text(page) == written
        assert page.evaluate("() => document.documentElement.dataset.sgQuickref") is None
        assert not [u for u in fetched if "house-rules-data" in u]
        assert pdf_pages(page.pdf(format="A4")) == 1
        # to a composed sheet and back by the address alone
        rules = PRESETS["strikt"]
        page.evaluate("h => { location.hash = h; }", export.url_fragment(rules, "strikt"))
        page.wait_for_selector("[data-quickref][data-state='composed'][data-ready='true']")
        assert set(_quick_rules(page)) == active(rules)
        page.evaluate("() => { location.hash = ''; }")
        page.wait_for_selector("[data-quickref][data-state='baseline'][data-ready='true']", state="attached")
        assert _article_text(page) == written
        assert not log.problems(), log.problems()


@pytest.fixture(scope="module")
def quickrefs(browser: Any, site_url: str) -> Iterator[dict[str, tuple[Any, Any]]]:
    """One quick-reference page an edition, opened once for the module's cases (a desktop context like
    `browser_context`): each case sends the page back to the written sheet (no fragment, asserted) and gives it its
    `#rules=` by the address (hashchange). A page opened with the fragment is the form's link in
    test_house_rules_link_to_the_quickref_and_back and test_quickref_sheet_at_390px."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.set_default_timeout(BROWSER_TIMEOUT_MS)
    with contextlib.ExitStack() as stack:
        stack.callback(ctx.close)
        pages = {
            lang: stack.enter_context(open_page(ctx, site_url, f"book/{lang}/quickref.html")) for lang in ("sv", "en")
        }
        yield pages


def written_again(page: Any) -> None:
    """Back to no fragment: the written sheet, asserted (the state of the case before is gone)."""
    page.evaluate("() => { location.hash = ''; }")
    page.wait_for_selector("[data-quickref][data-state='baseline'][data-ready='true']", state="attached")
    assert page.is_hidden("[data-quickref]") and page.locator("[data-quickref] li[data-rule]").count() == 0
    assert page.locator(f"{ARTICLE} section > section:visible").count() > 0
    assert page.viewport_size == {"width": 1280, "height": 900} and not page.evaluate("matchMedia('print').matches")


@pytest.mark.parametrize(("name", "rules", "base"), QUICK_CASES, ids=[c[0] for c in QUICK_CASES])
def test_quickref_follows_the_house_rules(
    quickrefs: dict[str, tuple[Any, Any]], name: str, rules: Rules, base: str
) -> None:
    """Given `#rules=`: the composed sheet in the page's language names every rule in play (in the order of the
    rules text), marks what the preset lacks, says at the top which rules it shows, links back to the form,
    replaces the written page, and prints on exactly one A4 page."""
    frag = export.url_fragment(rules, base)
    baseline_rules = active(PRESETS[base])
    values, base_values = rules.to_dict(), PRESETS[base].to_dict()
    changed_options = [n for n in export.option_names() if values[n] != base_values[n]]
    assert (name in PRESETS) == (not changed_options)
    for lang in ("sv", "en"):
        page, log = quickrefs[lang]
        written_again(page)
        page.evaluate("h => { location.hash = h; }", frag)
        page.wait_for_selector("[data-quickref][data-state='composed'][data-ready='true']")
        root = page.locator("[data-quickref]")
        order = [r for ids in export.active_rules(rules).values() for r in ids]
        assert _quick_rules(page) == order
        text = root.inner_text()
        for rule_id in order:
            assert CATALOGUE[rule_id].text(lang) in text, rule_id
        marked = page.eval_on_selector_all("[data-quickref] li.sg-qr-changed", "els => els.map(e => e.dataset.rule)")
        assert set(marked) == active(rules) - baseline_rules
        for rule_id in marked:
            assert HOUSE_WORDS.phrase("differs", lang) in page.inner_text(f"[data-quickref] li[data-rule='{rule_id}']")
        shows = page.inner_text("[data-role='quickref-shows']")
        assert base in shows
        shown = page.eval_on_selector_all("[data-changed-option]", "els => els.map(e => e.dataset.changedOption)")
        assert sorted(shown) == sorted(changed_options)
        for option in changed_options:
            assert HOUSE_OPTIONS.phrase(option, lang) in shows
        # the section headings of the rules text, and the written page is out of sight
        headings = page.eval_on_selector_all("[data-quickref] h2", "els => els.map(e => e.textContent)")
        assert headings == [HOUSE_WORDS.phrase(s, lang) for s in export.SECTIONS]
        assert page.locator(f"{ARTICLE} section > section:visible").count() == 0
        assert page.locator("[data-qr-baseline]:visible").count() == 0
        assert page.locator("[data-qr-baseline]").count() >= 7  # the intro and the written sections
        # back to the form, and the twin page, with the same rules
        assert page.get_attribute("[data-role='quickref-form']", "href") == f"house-rules.html#{frag}"
        other = "en" if lang == "sv" else "sv"
        # the page's one language link is the header's switch (issue 30): it keeps the rules
        twin = page.get_attribute("a.sg-language-switch", "href")
        assert twin == f"../{other}/quickref.html#{frag}"
        pdf = page.pdf(format="A4")
        # a handout or quiz is one A4 page; a lesson's worksheet (up to 13 exercises and the engine's key) two
        most = 2 if name.startswith("lesson-") else 1
        assert 1 <= pdf_pages(pdf) <= most, f"{name} ({lang}): {pdf_pages(pdf)} pages"
        if name == "longest-sv" and lang == "sv":
            page.emulate_media(media="print")
            page.set_viewport_size({"width": 794, "height": 1123})
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / "quickref-sv-house-rules-print.png"), full_page=True)
            page.emulate_media(media="null")  # the shared page as the next case expects it: no emulation
            page.set_viewport_size({"width": 1280, "height": 900})
        assert not log.problems(), log.problems()


def test_house_rules_link_to_the_quickref_and_back(browser_context, site_url: str) -> None:
    """The house-rules page's "Snabbreferens för de här reglerna" carries the rules; the sheet's link returns to
    the form with them; a refused combination has no link, and its address on the quickref says why."""
    with open_page(browser_context, site_url, "book/sv/house-rules.html") as (page, log):
        page.wait_for_selector(READY)
        quick = page.locator("[data-role='quickref-link']")
        assert quick.inner_text() == "Snabbreferens för de här reglerna"
        assert quick.get_attribute("href") == "quickref.html#" + export.url_fragment(PRESETS["pagat"], "pagat")
        page.select_option("[data-option='preset']", "strikt")
        page.check("[data-option='sequences']")
        page.locator("[data-role='refusal']").wait_for(state="visible")
        assert quick.get_attribute("href") is None  # refused: nothing to compose
        refused_frag = page.url.split("#", 1)[1]
        page.select_option("[data-option='trick_complete']", "plays")
        rules = PRESETS["strikt"].with_options(sequences=True, trick_complete="plays")
        frag = export.url_fragment(rules, "strikt")
        assert quick.get_attribute("href") == f"quickref.html#{frag}"
        quick.click()
        page.wait_for_url(f"**/book/sv/quickref.html#{frag}")
        page.wait_for_selector("[data-quickref][data-state='composed'][data-ready='true']")
        assert set(_quick_rules(page)) == active(rules)
        assert "p2.sequence" in page.eval_on_selector_all(
            "[data-quickref] li.sg-qr-changed", "els => els.map(e => e.dataset.rule)"
        )
        page.click("[data-role='quickref-form']")
        page.wait_for_url(f"**/book/sv/house-rules.html#{frag}")
        page.wait_for_selector(READY)
        assert page.input_value("[data-option='preset']") == "strikt"
        assert page.is_checked("[data-option='sequences']")
        assert not log.problems(), log.problems()
    with open_page(browser_context, site_url, f"book/en/quickref.html#{refused_frag}") as (page, log):
        page.wait_for_selector("[data-quickref][data-state='refused'][data-ready='true']")
        reason = export.refusal({**PRESETS["strikt"].to_dict(), "sequences": True})
        assert house_rules.refusal_words(reason)["en"] in page.inner_text("[data-role='quickref-problem']")
        assert page.locator(f"{ARTICLE} section > section:visible").count() > 0  # the written page stays
        assert not log.problems(), log.problems()


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_quickref_sheet_at_390px(browser, site_url: str, lang: str) -> None:
    """The composed sheet on a phone: no horizontal scroll, and the links are named."""
    rules = Rules.from_spec({"preset": "pagat", **_longest_valid(lang)})
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        path = f"book/{lang}/quickref.html#" + export.url_fragment(rules, "specialkort")
        with open_page(ctx, site_url, path) as (page, log):
            page.wait_for_selector("[data-quickref][data-state='composed'][data-ready='true']")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"horizontal scroll at 390 px: {width}"
            for role in ("quickref-form", "quickref-plain"):
                assert page.inner_text(f"[data-role='{role}']").strip()
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"quickref-{lang}-house-rules-390.png"), full_page=False)
            assert not log.problems(), log.problems()
    finally:
        ctx.close()
