"""House-rules addresses in the browser, in both editions.

- `#rules=` naming a preset or an option every JavaScript object inherits (`constructor`, `__proto__`, `toString`,
  `hasOwnProperty`) on the house-rules page and the quick reference: the page is drawn whole with no uncaught error,
  says in its own language which name is not a preset (or option), and a good address opened afterwards in the same
  page shows its rules; the play page refuses nested values and a key given twice before the engine could see them.
- A refused combination is said in whole sentences in the page's language, naming the options and values as the
  form shows them: no "null", no rules-file names (`trick_complete='cards'`), no English engine text on the Swedish
  page. Screenshots of the refusal at 390 px go to _build/screenshots/.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from browser_pages import open_page
from helpers import SHOTS

from skitgubbe.rules import export
from skitgubbe.rules.options import PRESETS
from skitgubbe.text import house_rules
from skitgubbe.text.house_rules_words import HOUSE_OPTIONS, HOUSE_VALUES

pytestmark = pytest.mark.browser

READY = "[data-house-rules][data-ready='true']"
QUICK_READY = "[data-quickref][data-ready='true']"
INHERITED = ("constructor", "__proto__", "toString", "hasOwnProperty")
#: what a refusal must never show: a JSON null, rules-file spellings, the engine's own English
RAW = ("null", "undefined", "='", "trick_complete", "phase1_style", "sequences", "[object")


def rules_hash(text: str) -> str:
    return "#rules=" + base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def good_hash() -> str:
    return "#" + export.url_fragment(PRESETS["strikt"].with_options(sequences=True, trick_complete="plays"), "strikt")


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("name", INHERITED)
def test_an_inherited_name_is_no_preset_on_the_house_rules_page(
    browser_context: Any, site_url: str, name: str, lang: str
) -> None:
    path = f"book/{lang}/house-rules.html" + rules_hash(json.dumps({"preset": name}))
    with open_page(browser_context, site_url, path) as (page, log):
        page.wait_for_selector(READY)
        problem = page.locator("[data-role='address-problem']")
        said = problem.inner_text()
        assert (
            f"{name}" in said
            and ("inte namnet på ett förval" if lang == "sv" else "is not the name of a preset") in said
        )
        # the form is drawn whole, from the default preset
        assert page.input_value("[data-option='preset']") == "pagat"
        assert page.locator("[data-role='rules-sheet'] li[data-rule]").count() > 10
        # the same name as an option: named as not an option of the rules
        page.evaluate("(h) => { location.hash = h; }", rules_hash(json.dumps({"preset": "pagat", name: True})))
        page.locator("[data-role='refusal']", has_text="inget val" if lang == "sv" else "not an option").wait_for()
        # a good address in the same page: its rules
        page.evaluate("(h) => { location.hash = h; }", good_hash())
        page.wait_for_function("() => document.querySelector(\"[data-option='preset']\").value === 'strikt'")
        assert page.is_checked("[data-option='sequences']")
        assert page.input_value("[data-option='trick_complete']") == "plays"
        assert not log.problems(), log.problems()


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("name", INHERITED)
def test_an_inherited_name_is_no_preset_on_the_quick_reference(
    browser_context: Any, site_url: str, name: str, lang: str
) -> None:
    path = f"book/{lang}/quickref.html" + rules_hash(json.dumps({"preset": name}))
    with open_page(browser_context, site_url, path) as (page, log):
        page.wait_for_selector(QUICK_READY)
        assert page.get_attribute("[data-quickref]", "data-state") == "problem"
        said = page.inner_text("[data-role='quickref-problem']")
        assert name in said and ("inte namnet på ett förval" if lang == "sv" else "is not the name of a preset") in said
        page.evaluate("(h) => { location.hash = h; }", good_hash())
        page.wait_for_selector("[data-quickref][data-state='composed'][data-ready='true']")
        assert page.get_attribute("[data-quickref]", "data-base") == "strikt"
        assert not log.problems(), log.problems()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"preset": "pagat", "x": ' + "[" * 5000 + "]" * 5000 + "}", ("x ska vara ett ord", "x must be a word")),
        ('{"preset": "pagat", "sequences": {"a": 1}}', ("sequences ska vara ett ord", "sequences must be a word")),
        ('{"preset": "pagat", "preset": "strikt"}', ("preset står två gånger", "preset is given twice")),
        ('{"preset": NaN}', ("inte JSON", "not base64url JSON")),
    ],
)
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_play_page_refuses_nested_and_repeated_house_rules(
    browser_context: Any, site_url: str, text: str, words: tuple[str, str], lang: str
) -> None:
    with open_page(browser_context, site_url, f"book/{lang}/play.html" + rules_hash(text)) as (page, log):
        line = page.locator("[data-skitgubbe-live='play'] [data-role='house-rules'][data-state='refused']")
        line.wait_for()
        assert words[0 if lang == "sv" else 1] in line.inner_text(), line.inner_text()
        assert page.locator("select[name='rules'] option[value='house']").count() == 0
        assert not log.problems(), log.problems()


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_refusal_is_whole_sentences_in_the_pages_language(browser: Any, site_url: str, lang: str) -> None:
    """Every refused combination's sentences (the data the page shows) name the form's labels, and the page shows
    them; at 390 px, for runs with "count cards" under strikt."""
    other = "en" if lang == "sv" else "sv"
    data = house_rules.export()
    for reason in data["reasons"]:
        text = reason["page"][lang]
        assert text.endswith(".") and text.lstrip("”“").strip()[0].isupper(), text
        assert not any(raw in text for raw in RAW), text
        assert reason["en"] not in text and reason["page"][other] != text
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, service_workers="block")
    try:
        with open_page(ctx, site_url, f"book/{lang}/house-rules.html") as (page, log):
            page.wait_for_selector(READY)
            page.select_option("[data-option='preset']", "strikt")
            page.check("[data-option='sequences']")
            refusal = page.locator("[data-role='refusal']")
            refusal.wait_for(state="visible")
            shown = refusal.inner_text()
            reason = export.refusal({**PRESETS["strikt"].to_dict(), "sequences": True})
            assert reason is not None and house_rules.refusal_words(reason)[lang] in shown
            for label in (
                HOUSE_OPTIONS.phrase("sequences", lang),
                HOUSE_OPTIONS.phrase("trick_complete", lang),
                HOUSE_VALUES.phrase(("trick_complete", "cards"), lang),
            ):
                assert label in shown, (label, shown)
            assert not any(raw in shown for raw in RAW), shown
            assert str(reason) not in shown and house_rules.refusal_words(reason)[other] not in shown
            refusal.scroll_into_view_if_needed()
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"house-rules-refusal-390-{lang}.png"))
            assert not log.problems(), log.problems()
    finally:
        ctx.close()
