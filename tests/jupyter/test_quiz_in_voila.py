"""The quiz in Jupyter as a reader runs it: Voilà (real server and kernel on 127.0.0.1) renders the phase-1 chapter;
the cell output's inline module (no site around it) makes the question answerable, with its feedback and score,
and no request leaves 127.0.0.1."""

from __future__ import annotations

from typing import Any

import pytest
from browser_pages import open_page
from helpers import VOILA_KERNEL_TIMEOUT_MS as KERNEL_TIMEOUT_MS

from skitgubbe.text.quiz_words import QUIZ
from skitgubbe.views.examples import QUIZZES

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_quiz_answers_in_voila(voila_context: Any, voila_url: str) -> None:
    q = QUIZZES["p1-q3"]
    with open_page(voila_context, voila_url, "voila/render/en/phase1.ipynb") as (page, log):
        part = page.locator('.sg-quiz__part[data-quiz-part="p1-q3"][data-mounted]')
        part.wait_for(timeout=KERNEL_TIMEOUT_MS)
        part.locator(f'button[data-option="{q.correct}"]').click()
        region = part.locator('[data-role="quiz-feedback"]')
        region.locator("p").wait_for()
        text = region.inner_text()
        assert text.startswith(QUIZ.phrase("right", "en")), text
        # the rule's id is there for teachers, shown only behind the rule-ids toggle (issue 30)
        ids = region.locator(".sg-quiz__ruleid")
        assert q.answer().rule in " ".join(ids.all_text_contents()), text
        assert ids.count() and not any(ids.nth(i).is_visible() for i in range(ids.count())), text
        score = page.locator('[data-role="quiz-score-bar"]:not([hidden]) [data-role="quiz-score"]')
        assert score.inner_text().startswith(QUIZ.phrase("score", "en", right=1, answered=1))
        assert not log.blocked, f"requests off 127.0.0.1: {log.blocked}"
