"""The quizzes in the built site, in Debian chromium (Playwright): answered by tapping and by keyboard.

On one chapter per edition (sv phase 1, en phase 2) a question is answered wrong and one right by tapping, one by
keyboard, and a card follow-up by tapping a card; the feedback is in the page's language and names the engine's
rule; the page's score ("2 of 3 right") survives a reload and the reset button clears it. At 390 px nothing
scrolls sideways and every quiz button is at least 44 px; axe-core finds no serious violation with the feedback
shown. Every request off 127.0.0.1 is blocked and counted: none may happen. The quiz module is loaded only on
pages with a quiz. Screenshots go to _build/screenshots/quiz-*.png when that folder exists.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_pages import AXE, AXE_RUN
from helpers import SHOTS, site_only

from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.quiz_words import QUIZ
from skitgubbe.views import quiz as quiz_view
from skitgubbe.views.examples import QUIZZES

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

#: page per edition, a question answered wrong by tapping, one right by keyboard, one card follow-up
CASES = {
    "sv": ("book/sv/phase1.html", "p1-q1", "p1-q2", "p1-q1-card"),
    "en": ("book/en/phase2.html", "p2-q4", "p2-q7", "p2-q4-card"),
}


@contextlib.contextmanager
def _page(browser: Any, site_url: str, path: str, *, phone: bool) -> Iterator[tuple[Any, dict[str, list[str]]]]:
    ctx = browser.new_context(
        viewport=PHONE if phone else {"width": 1280, "height": 900},
        has_touch=phone,
        is_mobile=phone,
        service_workers="block",
    )
    ctx.set_default_timeout(20_000)
    log: dict[str, list[str]] = {"blocked": [], "errors": [], "failed": []}
    ctx.route("**/*", site_only(site_url, log["blocked"]))
    page = ctx.new_page()
    page.on("pageerror", lambda e: log["errors"].append(str(e)))
    page.on("console", lambda m: log["errors"].append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: log["failed"].append(r.url) if r.status >= 400 else None)
    try:
        page.goto(site_url + path)
        page.wait_for_selector(".sg-quiz__part[data-mounted]", state="attached")
        yield page, log
    finally:
        ctx.close()


def _part(page: Any, part_id: str) -> Any:
    return page.locator(f'.sg-quiz__part[data-quiz-part="{part_id}"]')


def _feedback(page: Any, part_id: str) -> str:
    """The feedback's whole text, rule ids included (shown only behind the rule-ids toggle: its text content)."""
    region = _part(page, part_id).locator('[data-role="quiz-feedback"]')
    region.locator("p").wait_for()
    return " ".join(str(region.text_content()).split())


def _score(page: Any) -> str:
    bar = page.locator('[data-role="quiz-score-bar"]:not([hidden])')
    assert bar.count() == 1, "one score line per page"
    return str(bar.locator('[data-role="quiz-score"]').inner_text())


def _shot(page: Any, name: str, locator: Any = None) -> None:
    if SHOTS.is_dir():
        (locator or page).screenshot(path=str(SHOTS / f"quiz-{name}.png"))


def _no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"horizontal scroll at 390 px: {width}"


def _buttons_big_enough(page: Any) -> None:
    small = page.evaluate(
        """() => Array.from(document.querySelectorAll('.sg-quiz-box button'))
            .filter(b => b.offsetParent !== null)
            .map(b => b.getBoundingClientRect())
            .filter(r => r.width < 44 || r.height < 44)
            .map(r => [r.width, r.height])"""
    )
    assert not small, f"quiz buttons under 44 px: {small}"


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_answer_score_reload_reset(browser: Any, site_url: str, lang: str) -> None:
    path, wrong_id, key_id, card_id = CASES[lang]
    total = sum(1 + (q.cards is not None) for q in QUIZZES.values() if q.id[:2] == wrong_id[:2])
    words = {k: QUIZ.phrase(k, lang) for k in ("right", "wrong")}
    with _page(browser, site_url, path, phone=True) as (page, log):
        assert page.locator(".sg-quiz__part[data-quiz-part]").count() == total
        _no_sideways_scroll(page)
        _buttons_big_enough(page)
        assert _score(page) == QUIZ.phrase("score", lang, right=0, answered=0) + " " + QUIZ.phrase(
            "score_total", lang, total=total
        )

        # 1. wrong, by tapping
        quiz = QUIZZES[wrong_id]
        wrong = (quiz.correct + 1) % len(quiz.options[lang])
        _part(page, wrong_id).locator(f'button[data-option="{wrong}"]').tap()
        text = _feedback(page, wrong_id)
        rule = CATALOGUE[quiz.answer().rule]
        assert text.startswith(words["wrong"]) and rule.id in text and rule.text(lang) in text, text
        assert QUIZ.phrase("correct", lang, number=quiz.correct + 1) in text
        assert _part(page, wrong_id).locator("button.sg-quiz--right").get_attribute("data-option") == str(quiz.correct)
        # a second tap on an answered question changes nothing
        _part(page, wrong_id).locator(f'button[data-option="{quiz.correct}"]').tap(force=True)  # aria-disabled
        assert _feedback(page, wrong_id) == text
        _shot(page, f"{lang}-wrong", page.locator(f'.sg-quiz-box[data-sg-quiz="{wrong_id}"]'))

        # 2. right, by keyboard
        quiz = QUIZZES[key_id]
        button = _part(page, key_id).locator(f'button[data-option="{quiz.correct}"]')
        button.focus()
        page.keyboard.press("Enter")
        text = _feedback(page, key_id)
        assert text.startswith(words["right"]) and quiz.answer().rule in text, text
        assert page.evaluate("() => document.activeElement.dataset.option") == str(quiz.correct), "focus kept"

        # 3. a card follow-up, right, by tapping the card
        base = QUIZZES[card_id.removesuffix("-card")]
        good = next(v for v in base.card_verdicts() if v.right)
        card = _part(page, card_id).locator(f'button[data-action="play"][data-card="{good.card}"]')
        card.tap()
        text = _feedback(page, card_id)
        assert text.startswith(words["right"]) and good.rule in text and CATALOGUE[good.rule].text(lang) in text

        expected = QUIZ.phrase("score", lang, right=2, answered=3)
        assert _score(page).startswith(expected)
        _no_sideways_scroll(page)
        _shot(page, f"{lang}-card", page.locator(f'.sg-quiz-box[data-sg-quiz="{base.id}"]'))

        # axe with the feedback shown (at the top of the page: the theme's back-to-top button, shown while
        # scrolling, is not ours and is checked by tests/browser/test_replays.py where it is hidden)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_selector("#pst-back-to-top", state="hidden")
        page.add_script_tag(path=str(AXE))
        violations = page.evaluate(AXE_RUN)
        assert not violations, violations

        # 4. the score survives a reload, and the answers are shown again
        page.reload()
        page.wait_for_selector(".sg-quiz__part[data-mounted]", state="attached")
        assert _score(page).startswith(expected)
        assert _part(page, wrong_id).get_attribute("data-answered") == "wrong"
        assert _feedback(page, key_id).startswith(words["right"])
        _shot(page, f"{lang}-score", page.locator('[data-role="quiz-score-bar"]:not([hidden])'))

        # 5. reset
        page.locator('[data-role="quiz-score-bar"]:not([hidden]) [data-action="quiz-reset"]').tap()
        assert _score(page).startswith(QUIZ.phrase("score", lang, right=0, answered=0))
        assert page.locator(".sg-quiz__part[data-answered]").count() == 0
        assert _part(page, wrong_id).locator('[data-role="quiz-feedback"]').inner_text() == ""
        page.reload()
        page.wait_for_selector(".sg-quiz__part[data-mounted]", state="attached")
        assert _score(page).startswith(QUIZ.phrase("score", lang, right=0, answered=0))

        assert not log["blocked"], f"requests off 127.0.0.1: {log['blocked']}"
        assert not log["errors"] and not log["failed"], log


def test_quiz_module_only_on_pages_with_a_quiz(browser: Any, site_url: str, built_site: Path) -> None:
    with_quiz = [p for p in built_site.glob("book/*/*.html") if quiz_view.MARKER in p.read_text(encoding="utf8")]
    assert {p.name for p in with_quiz} == {"phase1.html", "phase2.html"}
    for page in built_site.glob("book/*/*.html"):
        text = page.read_text(encoding="utf8")
        assert ("readers-table/quiz.js" in text) == (page in with_quiz), page
        assert ("readers-table/quiz.css" in text) == (page in with_quiz), page
    assert (built_site / "_static" / "readers-table" / "quiz.js").is_file()


def test_the_inline_html_works_alone(browser: Any) -> None:
    """What a Jupyter cell shows (HTML with the module inline): answerable with no site around it."""
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        blocked: list[str] = []
        page.route("**/*", lambda r: (blocked.append(r.request.url), r.abort()))
        q = QUIZZES["p2-q1"]
        page.set_content(
            "<!doctype html><html lang='en'><body>"
            + quiz_view.quiz_html(q, "en", inline_runtime=True)
            + "</body></html>"
        )
        page.locator(f'button[data-option="{q.correct}"]').click()
        text = _feedback(page, "p2-q1")
        assert text.startswith("Right!") and q.answer().rule in text
        assert page.locator('[data-role="quiz-score"]').inner_text().startswith("1 of 1 right")
        assert not blocked
    finally:
        ctx.close()
