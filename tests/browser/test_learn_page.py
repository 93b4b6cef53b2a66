"""The learning path in the built site, in Debian chromium (Playwright): both editions, at 390×844 with touch and at
desktop width (the whole path once an edition and once a size: `live_helpers.PAIRS`; the first five exercises are
answered by keyboard in all four in tests/browser/test_blind_game.py).

Three exercises are answered, one wrong and two right (by tapping or clicking, and one by keyboard): each gets
`data-result`, its feedback is visible beside the board and names the engine's rule in the page's language, and the
board is redrawn by the reader's table with the move made. The progress survives a reload; answering every
exercise shows the finished message (also after a reload); "start over" forgets it all. Nothing scrolls sideways,
every button of the path is at least 44 px, axe-core finds no critical or serious violation with feedback shown,
the page weighs at most 500 KB gzip (every file it loads), and no request leaves 127.0.0.1. Screenshots go to
_build/screenshots/learn-*.png when that folder exists.
"""

from __future__ import annotations

import contextlib
import gzip
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_pages import AXE, AXE_RUN
from helpers import SHOTS, site_only
from live_helpers import PAIRS

from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.exercise_words import EXERCISE
from skitgubbe.views import exercises as view
from skitgubbe.views.exercise_data import exercises

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WEIGHT_LIMIT = 500_000
#: (an exercise answered wrong by tap, one right by tap, one right by keyboard)
CHOSEN = ("p1-02-higher-wins", "p2-05-cannot-beat", "v-01-sequence")


@contextlib.contextmanager
def _page(browser: Any, site_url: str, lang: str, *, phone: bool) -> Iterator[tuple[Any, dict[str, list[str]]]]:
    ctx = browser.new_context(
        viewport=PHONE if phone else DESKTOP, has_touch=phone, is_mobile=phone, service_workers="block"
    )
    ctx.set_default_timeout(20_000)
    log: dict[str, list[str]] = {"blocked": [], "errors": [], "failed": [], "loaded": []}
    ctx.route("**/*", site_only(site_url, log["blocked"]))
    page = ctx.new_page()
    page.on("pageerror", lambda e: log["errors"].append(str(e)))
    page.on("console", lambda m: log["errors"].append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: log["failed"].append(r.url) if r.status >= 400 else log["loaded"].append(r.url))
    try:
        page.goto(f"{site_url}book/{lang}/learn.html")
        _wait_mounted(page)
        yield page, log
    finally:
        ctx.close()


def _wait_mounted(page: Any) -> None:
    page.wait_for_selector('[data-role="path-status"][data-mounted]', state="attached")
    page.wait_for_selector("article[data-exercise][data-mounted] .sgt-boardbox", state="attached")


def _section(page: Any, exercise_id: str) -> Any:
    return page.locator(f'article[data-exercise="{exercise_id}"]')


def _answer(page: Any, exercise_id: str, option: int, how: str) -> str:
    button = _section(page, exercise_id).locator(f'button[data-option="{option}"]')
    if how == "tap":
        button.tap()
    elif how == "click":
        button.click()
    else:
        button.focus()
        page.keyboard.press("Enter")
    feedback = _section(page, exercise_id).locator('[data-role="explain"]')
    feedback.locator("p").wait_for()
    assert feedback.is_visible()
    return " ".join(str(feedback.text_content()).split())


def _progress(page: Any) -> str:
    return str(page.locator('[data-role="path-progress"]').first.inner_text())


def _shot(page: Any, name: str, locator: Any = None) -> None:
    if SHOTS.is_dir():
        (locator or page).screenshot(path=str(SHOTS / f"learn-{name}.png"))


def _checks(page: Any) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"horizontal scroll: {width}"
    small = page.evaluate(
        """() => Array.from(document.querySelectorAll('.sg-ex__answer button, [data-role="path-status"] button'))
            .filter(b => b.offsetParent !== null)
            .map(b => b.getBoundingClientRect())
            .filter(r => r.width < 44 || r.height < 44)
            .map(r => [r.width, r.height])"""
    )
    assert not small, f"path buttons under 44 px: {small}"


def _weight(site: Path, origin: str, urls: list[str]) -> int:
    total = 0
    for url in dict.fromkeys(urls):
        if not url.startswith(origin):
            continue
        path = site / urlsplit(url).path.lstrip("/")
        if path.is_file():
            total += len(gzip.compress(path.read_bytes(), 6))
    return total


@pytest.mark.parametrize(("lang", "device"), PAIRS, ids=[f"{lang}-{size}" for lang, size in PAIRS])
def test_answer_reload_finish_and_start_over(
    browser: Any, site_url: str, built_site: Path, lang: str, device: str
) -> None:
    found = exercises()
    total = len(found)
    phone = device == "phone"
    with _page(browser, site_url, lang, phone=phone) as (page, log):
        # one article an exercise in the built HTML: tests/site/test_learn_links.py
        assert _progress(page) == EXERCISE.phrase("progress", lang, done=0, total=total, right=0)
        _checks(page)

        # 1. wrong, tapped (clicked at desktop)
        wrong_id, right_id, key_id = CHOSEN
        exercise = found[wrong_id]
        wrong = next(i for i, o in enumerate(exercise.options) if not o.right)
        text = _answer(page, wrong_id, wrong, "tap" if phone else "click")
        head, _, rule = view.feedback_text(exercise, wrong, lang)
        assert text.startswith(head)
        assert text.startswith(EXERCISE.phrase("wrong", lang)) and CATALOGUE[rule].text(lang) in text, text
        section = _section(page, wrong_id)
        assert section.get_attribute("data-result") == "wrong"
        assert section.get_attribute("data-rule") == exercise.rule
        # the board shows the move made: a Replay of the position and the board after it, at the second frame
        board = section.locator('[data-role="exercise-board"]')
        assert board.get_attribute("data-frames") == "2"
        assert board.locator(".sgt--replay").get_attribute("data-frame") == "1"
        played = exercise.options[wrong].cards[0]
        assert board.locator(f'.sgt-boardbox [data-card="{played}"]').count() >= 1
        _shot(page, f"{lang}-{device}-wrong", section)

        # 2. right, tapped: picking up when no card beats
        exercise = found[right_id]
        right = exercise.right[0]
        text = _answer(page, right_id, right, "tap" if phone else "click")
        assert text.startswith(EXERCISE.phrase("right", lang)), text
        assert _section(page, right_id).get_attribute("data-result") == "right"

        # 3. right, by keyboard (several cards in one play)
        exercise = found[key_id]
        text = _answer(page, key_id, exercise.right[0], "key")
        assert text.startswith(EXERCISE.phrase("right", lang)), text
        assert page.evaluate("() => document.activeElement.dataset.option") == str(exercise.right[0])
        assert _progress(page) == EXERCISE.phrase("progress", lang, done=3, total=total, right=2)
        _checks(page)

        # axe with the feedback shown, at the top of the page (the theme's back-to-top button is not ours)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_selector("#pst-back-to-top", state="hidden")
        page.add_script_tag(path=str(AXE))
        violations = page.evaluate(AXE_RUN)
        assert not violations, violations

        # 4. the progress survives a reload, the answers are shown again
        page.reload()
        _wait_mounted(page)
        assert _progress(page) == EXERCISE.phrase("progress", lang, done=3, total=total, right=2)
        assert _section(page, wrong_id).get_attribute("data-result") == "wrong"
        assert _section(page, key_id).get_attribute("data-result") == "right"
        assert page.locator('[data-role="path-finished"]:not([hidden])').count() == 0

        # 5. every other exercise answered right: the path says it is finished, also after a reload
        for exercise_id, exercise in found.items():
            if exercise_id not in CHOSEN:
                _section(page, exercise_id).locator(f'button[data-option="{exercise.right[0]}"]').click()
        finished = EXERCISE.phrase("finished", lang, total=total)
        page.locator('[data-role="path-finished"]:not([hidden])').first.wait_for()
        assert page.locator('[data-role="path-finished"]').first.inner_text() == finished
        assert _progress(page) == EXERCISE.phrase("progress", lang, done=total, total=total, right=total - 1)
        page.reload()
        _wait_mounted(page)
        assert page.locator('[data-role="path-finished"]').first.inner_text() == finished
        _shot(page, f"{lang}-{device}-finished", page.locator('[data-role="path-status"]').first)

        # 6. start over forgets everything, over a reload too
        page.locator('[data-role="path-status"] [data-action="path-reset"]').first.click()
        assert _progress(page) == EXERCISE.phrase("progress", lang, done=0, total=total, right=0)
        assert page.locator("article[data-exercise][data-result]").count() == 0
        page.reload()
        _wait_mounted(page)
        assert page.locator("article[data-exercise][data-result]").count() == 0

        weight = _weight(built_site, site_url.rstrip("/"), log["loaded"])
        assert weight <= WEIGHT_LIMIT, f"the page loads {weight} bytes gzip"
        if SHOTS.is_dir():
            (SHOTS / f"learn-{lang}-{device}-weight.txt").write_text(f"{weight}\n")
        assert not log["blocked"], f"requests off 127.0.0.1: {log['blocked']}"
        assert not log["errors"] and not log["failed"], log


@pytest.fixture(scope="module")
def phone_paths(browser: Any, site_url: str) -> Iterator[dict[str, tuple[Any, dict[str, list[str]]]]]:
    """The learn page of each edition on the phone, opened once for the module's tests of saved progress: each test
    writes the whole progress slot and reloads, which is the path's whole state (the reset), and asserts it."""
    with contextlib.ExitStack() as stack:

        class Opened(dict[str, tuple[Any, dict[str, list[str]]]]):
            def __missing__(self, lang: str) -> tuple[Any, dict[str, list[str]]]:
                self[lang] = stack.enter_context(_page(browser, site_url, lang, phone=True))
                return self[lang]

        yield Opened()


@pytest.mark.parametrize("stored", ["{not json", "[1, 2]", '"\\ud800"', '{"p1-02-higher-wins": "x"}'])
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_saved_progress_that_cannot_be_read_is_said_once_and_replaced(
    phone_paths: dict[str, tuple[Any, dict[str, list[str]]]], lang: str, stored: str
) -> None:
    """Progress in localStorage that is not an object of answers (hand-edited, another version, a broken write):
    the path starts from zero, says so in one line in the page's language, and the next answer replaces it, so
    the line is gone after a reload."""
    page, log = phone_paths[lang]
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"skitgubbe.learn.v1:{lang}", stored])
    page.reload()
    _wait_mounted(page)
    note = page.locator('[data-role="path-note"]').first
    assert note.is_visible() and note.inner_text() == EXERCISE.phrase("unreadable", lang)
    assert _progress(page).startswith("0 ")
    _answer(page, CHOSEN[1], 0, "tap")  # right or wrong, it is an answer kept
    page.reload()
    _wait_mounted(page)
    assert page.locator('[data-role="path-note"]').first.is_hidden()
    assert _progress(page).startswith("1 ")
    assert not log["errors"], log["errors"]


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_random_saved_progress_never_breaks_the_path(browser: Any, site_url: str, lang: str) -> None:
    """Seeded random text in the progress slot (any UTF-16 code unit, lone surrogates too, and random bytes read as
    Latin-1): the path always mounts from zero, says in one line that the saved answers could not be read, and
    throws nothing."""
    rng = random.Random(f"progress-{lang}")
    values = ["".join(chr(rng.randrange(0x10000)) for _ in range(rng.randrange(1, 60))) for _ in range(2)]
    values += [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).decode("latin-1") for _ in range(2)]
    expected = EXERCISE.phrase("unreadable", lang)
    with _page(browser, site_url, lang, phone=False) as (page, log):
        for value in values:
            page.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"skitgubbe.learn.v1:{lang}", value])
            page.reload()
            _wait_mounted(page)
            assert _progress(page).startswith("0 "), repr(value)
            assert page.locator('[data-role="path-note"]').first.inner_text() == expected, repr(value)
        assert not log["errors"], log["errors"]


def test_the_inline_html_works_alone(browser: Any) -> None:
    """What a Jupyter cell shows (HTML with exercises.js and table.js inline): answerable with no site around it."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        blocked: list[str] = []
        page.route("**/*", lambda r: (blocked.append(r.request.url), r.abort()))
        page.set_content(
            "<!doctype html><html lang='en'><head><meta charset='utf-8'></head><body>"
            + view.status_html("en", inline_runtime=True)
            + view.set_html("phase2", "en", inline_runtime=True)
            + "</body></html>"
        )
        _wait_mounted(page)
        exercise = exercises()["p2-05-cannot-beat"]
        text = _answer(page, exercise.id, exercise.right[0], "click")
        assert text.startswith(EXERCISE.phrase("right", "en"))
        total = len(view.in_set("phase2"))
        assert _progress(page) == EXERCISE.phrase("progress", "en", done=1, total=total, right=1)
        assert not blocked
    finally:
        ctx.close()
