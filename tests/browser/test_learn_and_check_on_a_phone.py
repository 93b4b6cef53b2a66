"""Learning and checking on a 390×844 touch phone, in both editions (issue 53 item 4), in Debian chromium.

- An exercise answered wrong by a tap: the tapped option stays on the screen, the feedback box is under it and
  wholly in the viewport (its rect measured), and its headline says the answer is wrong; an option tapped in the
  upper part of the screen does not move at all while the board grows above it.
- Rule ids are hidden until "show rule ids" is checked (then they show in the feedback too); the toggle's label is a
  44 px target; the board's help speaks of taps on a phone and of keys at a desk.
- The checker opened from a link to a library case: the case keeps its title (in the case list and over the
  verdicts), the verdicts have the focus and are on the screen; the move list is in the page's language (a move
  added by a tap too), and so is the typed-move example.
- The case pages' rows that open are 44 px tall (the floating "back to top" pill over the checker's controls, the
  "the move is made by" select among them: tests/browser/test_board_promises.py).
Screenshots: /tmp/learn-*.png when LEARN_SHOTS is set (looked at by hand), else _build/screenshots/.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import test_checker_page
from browser_pages import sized
from helpers import SHOTS
from test_checker_page import ROOT, Log, wait_ready

from skitgubbe.records.caselib import get
from skitgubbe.text.exercise_words import EXERCISE
from skitgubbe.text.table_words import TABLE
from skitgubbe.views import case_editor
from skitgubbe.views.exercise_data import exercises

pytestmark = pytest.mark.browser
phone = test_checker_page.phone  # the checker's phone fixture (390×844, touch)

PHONE = {"width": 390, "height": 844}
WRONG = "p1-02-higher-wins"
RIGHT = "p2-05-cannot-beat"
#: the page's sticky bar (the book theme's article header): what lies under it is not on the screen
HEADER = (
    "() => { const h = document.querySelector('.bd-header-article'); return h ? h.getBoundingClientRect().bottom : 0; }"
)
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
RECT = "(e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"


def _shot(page: Any, name: str) -> None:
    folder = Path("/tmp") if os.environ.get("LEARN_SHOTS") else SHOTS
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"learn-{name}.png"))


@pytest.fixture()
def learn(browser: Any, site_url: str, request: Any) -> Iterator[Any]:
    touch = getattr(request, "param", True)
    with sized(browser, "phone" if touch else "desktop") as ctx:
        errors: list[str] = []
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        yield page
        assert not errors, errors


def _open_path(page: Any, site_url: str, lang: str) -> None:
    page.goto(f"{site_url}book/{lang}/learn.html")
    page.wait_for_selector('[data-role="path-status"][data-mounted]', state="attached")
    page.wait_for_selector("article[data-exercise][data-mounted] .sgt-boardbox", state="attached")


def _place(page: Any, button: Any, bottom: float) -> dict[str, float]:
    """Scroll so that `button`'s bottom edge is `bottom` px from the viewport's top; its rect."""
    page.evaluate(
        "([b, y]) => { const r = b.getBoundingClientRect(); window.scrollBy({top: r.bottom - y, behavior: 'instant'}); }",
        [button.element_handle(), bottom],
    )
    page.evaluate(FRAMES)
    return dict(button.evaluate(RECT))


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_wrong_answer_is_said_where_the_reader_tapped(learn: Any, site_url: str, lang: str) -> None:
    page = learn
    _open_path(page, site_url, lang)
    header = page.evaluate(HEADER)
    exercise = exercises()[WRONG]
    wrong = next(i for i, o in enumerate(exercise.options) if not o.right)
    section = page.locator(f'article[data-exercise="{WRONG}"]')
    button = section.locator(f'button[data-option="{wrong}"]')
    # the worst place: the option low on the screen, where the feedback under it would fall below the fold
    before = _place(page, button, PHONE["height"] - 40)
    button.tap()
    feedback = section.locator('[data-role="explain"]')
    feedback.locator("p").wait_for()
    assert section.get_attribute("data-result") == "wrong"
    box = feedback.evaluate(RECT)
    after = button.evaluate(RECT)
    height = page.evaluate("() => window.innerHeight")
    # the feedback box wholly on the screen, right under the options (the tapped one and at most one more row)
    assert header <= box["top"] and box["bottom"] <= height, f"feedback at {box}, header {header}, screen {height}"
    assert header <= after["top"] and after["bottom"] <= height, f"the tapped option left the screen: {after}"
    assert 0 <= box["top"] - after["bottom"] <= 160, f"feedback {box} not under the tapped option {after}"
    assert before["left"] == after["left"]
    # its headline says the answer is wrong, in the page's language
    headline = feedback.locator("strong").first
    assert headline.is_visible() and headline.inner_text().startswith(EXERCISE.phrase("wrong", lang))
    assert EXERCISE.phrase("wrong", lang).startswith("✗")
    _shot(page, f"{lang}-exercise-wrong")

    # an option tapped high on the screen stays exactly where it was while the board grows above it
    other = page.locator(f'article[data-exercise="{RIGHT}"]')
    right = other.locator(f'button[data-option="{exercises()[RIGHT].right[0]}"]')
    high = _place(page, right, 300)
    right.tap()
    other.locator('[data-role="explain"] p').wait_for()
    moved = right.evaluate(RECT)
    assert abs(moved["top"] - high["top"]) <= 2, f"the tapped option moved from {high['top']} to {moved['top']}"
    box = other.locator('[data-role="explain"]').evaluate(RECT)
    assert box["bottom"] <= height and box["top"] >= moved["bottom"], box


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_rule_ids_only_when_asked_for_and_help_for_a_finger(learn: Any, site_url: str, lang: str) -> None:
    page = learn
    _open_path(page, site_url, lang)
    section = page.locator(f'article[data-exercise="{WRONG}"]')
    section.locator('button[data-option="0"]').tap()
    section.locator('[data-role="explain"] p').wait_for()
    ids = section.locator(".sg-ex__ruleid, .sgt-ruleid")
    assert ids.count() >= 2
    shown = [ids.nth(i).inner_text() for i in range(ids.count()) if ids.nth(i).is_visible()]
    assert not shown, f"rule ids shown with the toggle unchecked: {shown}"
    toggle = section.locator('[data-role="exercise-board"] .sgt-toggles .sgt-toggle').first
    label = toggle.evaluate(RECT)
    assert label["bottom"] - label["top"] >= 44 and label["right"] - label["left"] >= 44, label
    box = toggle.locator("input").evaluate(RECT)
    assert box["bottom"] - box["top"] >= 24, f"the checkbox is {box['bottom'] - box['top']} px"
    toggle.tap()
    rule = exercises()[WRONG].rule
    page.wait_for_function(
        "(s) => [...document.querySelectorAll(s)].some((e) => e.offsetParent !== null)",
        arg=f'article[data-exercise="{WRONG}"] [data-role="explain"] .sg-ex__ruleid',
    )
    assert section.locator(".sg-ex__teaches .sg-ex__ruleid").inner_text() == rule
    # the board's help after the answer: taps and the slider, no keys on a phone
    help_text = section.locator('[data-role="exercise-board"] .sgt-help').first.inner_text()
    assert help_text == EXERCISE.phrase("steps_touch", lang), help_text
    assert "Home" not in help_text


@pytest.mark.parametrize("learn", [False], indirect=True, ids=["desktop"])
def test_the_help_speaks_of_keys_at_a_desk(learn: Any, site_url: str) -> None:
    page = learn
    _open_path(page, site_url, "en")
    section = page.locator(f'article[data-exercise="{WRONG}"]')
    section.locator('button[data-option="0"]').click()
    section.locator('[data-role="explain"] p').wait_for()
    help_text = section.locator('[data-role="exercise-board"] .sgt-help').first.inner_text()
    assert help_text == EXERCISE.phrase("steps_keys", "en"), help_text


def _open_link(context: Any, log: Log, site_url: str, lang: str, case: dict[str, Any]) -> Any:
    page = log.watch(context.new_page())
    page.goto(f"{site_url}book/{lang}/checker.html#case={case_editor.encode(case)}")
    wait_ready(page)
    page.wait_for_function(
        """(root) => { const t = document.querySelector(root + ' .sgt--checker');
            return t && t.dataset.state === 'judged' && t.querySelectorAll('[data-role="verdict"]').length === 6; }""",
        arg=ROOT,
    )
    return page


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_library_link_keeps_its_title_opens_at_its_verdicts_and_speaks_the_page_language(
    phone: tuple[Any, Log], site_url: str, lang: str
) -> None:
    context, log = phone
    entry = get("klover-9")
    page = _open_link(context, log, site_url, lang, entry.case_data())
    title = f"{entry.point} · {entry.text('title', lang)}"
    root = page.locator(ROOT)
    chosen = root.locator("select[data-key='case']").evaluate("(s) => s.options[s.selectedIndex].text")
    assert chosen == title, chosen
    heading = root.locator('[data-role="verdicts-title"]')
    assert title in heading.inner_text()
    # the answer has the focus and the screen
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('.sgt-verdicts')")
    top = heading.evaluate(RECT)["top"]
    assert page.evaluate(HEADER) <= top <= PHONE["height"] / 3, f"the verdicts at {top} px"
    if lang == "sv":
        _shot(page, "sv-checker-link")
    # the moves in the page's language: the engine's labels, never the case file's English words
    moves = root.locator("[data-role='moves'] li").all_inner_texts()
    picked = "C: tar upp (supar)" if lang == "sv" else "C: picks up"
    assert picked in moves and (lang == "en" or not any("pick up" in m for m in moves)), moves
    assert (
        "klöver dam, klöver kung, klöver ess" if lang == "sv" else "queen of clubs, king of clubs, ace of clubs"
    ) in moves[1], moves
    # a move added by a tap: in the page's language too
    root.locator("select[data-field='mover']").select_option("A")
    root.locator("button[data-action='pick-up']").tap()
    page.wait_for_function(
        "(root) => document.querySelectorAll(root + ' [data-role=\"moves\"] li').length === 6", arg=ROOT
    )
    last = root.locator("[data-role='moves'] li").last.inner_text()
    assert last == ("A: tar upp (supar)" if lang == "sv" else "A: picks up"), last
    # the typed-move example in the page's language
    hint = root.locator("input[data-key='typed']").get_attribute("placeholder")
    assert hint == TABLE.phrase("ed_type_hint", lang)
    assert ("klöver 9" in hint and "ta upp" in hint) if lang == "sv" else "pick up" in hint, hint
    log.check()


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_case_rows_that_open_are_44px(phone: tuple[Any, Log], site_url: str, lang: str) -> None:
    """The case pages' rows that open and the checker's toggle are 44 px targets (the "back to top" pill over the
    checker's controls: tests/browser/test_board_promises.py, the checker at both sizes)."""
    context, log = phone
    page = _open_link(context, log, site_url, lang, get("klover-9").case_data())
    # the rows of the case pages that open, and the checker's toggle: 44 px targets
    small = page.evaluate(
        """() => [...document.querySelectorAll('.sg-gallery summary, .sg-compare__why summary, .sgt--checker .sgt-toggle')]
            .filter((e) => e.offsetParent !== null)
            .map((e) => e.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44)
            .map((r) => [Math.round(r.width), Math.round(r.height)])"""
    )
    assert page.locator(".sg-gallery summary").count() > 10 and not small, small
    log.check()
