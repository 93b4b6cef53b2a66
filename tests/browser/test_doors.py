"""The browser's doors (issue 42 item 1), in Debian chromium: what the address (`#rules=`, `#case=`) or this
browser's storage (the learning path's progress) holds may be any bytes. Bad percent-escapes (`%FF%FE`), bytes
that are no UTF-8 text, text that is no JSON and values of the wrong kind are refused in one line in the page's
language, and what the session holds is kept: the play page still deals under its preset, the checker answers the
next good link, the path keeps every answer it could read (the unreadable rest is said in one line, not wiped
silently)."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import pytest
from live_helpers import NetLog, live_table_context, open_live

from skitgubbe.records.caselib import get
from skitgubbe.text.exercise_words import EXERCISE
from skitgubbe.views import case_editor
from skitgubbe.views.table import words

pytestmark = pytest.mark.browser

BYTES = base64.urlsafe_b64encode(b"\xff\xfe\xc0{").decode("ascii").rstrip("=")


@pytest.fixture()
def phone(live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog]]:
    with live_table_context(live_browser, site_url, "phone") as (context, log, _size):
        yield context, log


def one_line(text: str) -> None:
    assert text.strip() and "\n" not in text.strip(), text
    for leak in ("Error", "Traceback", "undefined", "null", "{", "atob", "InvalidCharacter"):
        assert leak not in text, f"{leak!r} in {text!r}"


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize(("fragment", "key"), [("%FF%FE", "bad_house_rules_json"), (BYTES, "bad_house_rules_bytes")])
def test_a_bad_rules_address_is_said_in_one_line_and_the_preset_stays(
    phone: tuple[Any, NetLog], site_url: str, lang: str, fragment: str, key: str
) -> None:
    w = words(lang)
    page = open_live(phone[0], f"{site_url}book/{lang}/play.html#rules={fragment}", phone[1])
    line = page.locator('[data-skitgubbe-live="play"] [data-role="house-rules"]')
    line.wait_for()
    assert line.get_attribute("role") == "alert" and line.get_attribute("data-state") == "refused"
    text = line.text_content() or ""
    one_line(text)
    assert w[key] in text and text.startswith(w["bad_house_rules"].split("(")[0].strip()), text
    # the panel keeps its presets: no "house" choice was added from the address
    assert page.locator('[data-skitgubbe-live="play"] select[name="rules"] option[value="house"]').count() == 0


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_case_link_of_bytes_that_are_no_text_is_refused_and_the_next_link_answers(
    phone: tuple[Any, NetLog], site_url: str, lang: str
) -> None:
    w = words(lang)
    page = open_live(phone[0], f"{site_url}book/{lang}/checker.html#case=%FF%FE%C0", phone[1])
    root = '[data-skitgubbe-live="checker"] .sgt--checker'
    page.wait_for_function(
        "(sel) => { const t = document.querySelector(sel); return t && t.dataset.state === 'failed'"
        " && t.querySelector('[data-role=problem]').textContent; }",
        arg=root,
    )
    problem = page.locator(f'{root} [data-role="problem"]').text_content() or ""
    one_line(problem)
    assert problem.startswith(w["ed_problem"]), problem
    assert page.locator(f'{root} [data-role="verdict"]').count() == 0
    good = case_editor.encode(get("klover-9").case_data())
    page.evaluate("(hash) => { location.hash = hash; }", f"case={good}")
    page.wait_for_function(
        "(sel) => { const t = document.querySelector(sel); return t.dataset.state === 'judged'"
        " && t.querySelectorAll('[data-role=verdict]').length > 0; }",
        arg=root,
    )
    assert (page.locator(f'{root} [data-role="problem"]').text_content() or "") == ""


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_stored_progress_that_cannot_all_be_read_keeps_the_rest_and_says_so(
    phone: tuple[Any, NetLog], site_url: str, lang: str
) -> None:
    page = open_live(phone[0], f"{site_url}book/{lang}/learn.html", phone[1])
    ids = page.evaluate("() => [...document.querySelectorAll('article[data-exercise]')].map((a) => a.dataset.exercise)")
    key = f"skitgubbe.learn.v1:{lang}"
    note = page.locator('[data-role="path-status"] [data-role="path-note"]').first
    # hostile text (no JSON; a lone surrogate): said in one line, nothing answered, the page works
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, "\ud800{%FF%FE"])
    page.wait_for_load_state("networkidle")  # a reload would cancel what is still coming (the icon)
    page.reload()
    page.wait_for_load_state("networkidle")
    page.locator(f'article[data-exercise="{ids[0]}"] button[data-option="0"]').click()
    assert note.is_visible() and (note.text_content() or "") == EXERCISE.phrase("unreadable", lang)
    assert page.locator("article[data-exercise][data-result]").count() == 1
    # one good answer among wrong ones: the good one is shown again and kept, the rest said and dropped
    stored = {ids[1]: 0, ids[2]: "zero", ids[3]: -1, "__proto__": {"x": 1}}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(stored)])
    page.wait_for_load_state("networkidle")  # a reload would cancel what is still coming (the icon)
    page.reload()
    page.wait_for_load_state("networkidle")
    assert page.locator(f'article[data-exercise="{ids[1]}"]').get_attribute("data-result") in ("right", "wrong")
    assert page.locator("article[data-exercise][data-result]").count() == 1
    assert note.is_visible()
    one_line(note.text_content() or "")
    page.locator(f'article[data-exercise="{ids[4]}"] button[data-option="0"]').click()
    kept = json.loads(page.evaluate("(k) => localStorage.getItem(k)", key))
    assert kept == {ids[1]: 0, ids[4]: 0}
