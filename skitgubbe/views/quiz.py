"""The "Test yourself" questions as quizzes the reader answers: an option (or a card) per button, feedback at once.

Everything is decided at build time by the engine (`examples.Quiz.correct`, `Quiz.card_verdicts`): the HTML
carries, for each option, the feedback to show (right or wrong, the engine's explanation, the deciding rule with
its sentence, and the right answer after a wrong one). `quiz.js` (an ES module, no engine) makes the buttons
work, speaks the feedback in an `aria-live` region and keeps the page's score in `localStorage`; `quiz.css`
styles it. In the static site `book/_ext/widget_runtime.py` loads both on pages with a quiz; in Jupyter the
cell's HTML carries them inline (`inline_runtime=True`).

The feedback is shown beside the chosen option (quiz.js moves it there), and rule ids (``p1.draw``) are for referees
and teachers: they are in the HTML, shown only when the box's "show rule ids" toggle is on, as in the Replays.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from html import escape
from importlib import resources

from skitgubbe import pictures
from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import split_player_move
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.i18n import cards_text, move_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.names import genitive
from skitgubbe.text.quiz_words import QUIZ
from skitgubbe.text.table_words import TABLE
from skitgubbe.views import esm, render
from skitgubbe.views.board import board_css, static_board
from skitgubbe.views.examples import Quiz


def _rule_id_html(rule_id: str, before: str = " ", after: str = "") -> str:
    """A rule id, shown only behind the box's rule-ids toggle (quiz.css)."""
    return f'<span class="sg-quiz__ruleid">{escape(before)}<code>{escape(rule_id)}</code>{escape(after)}</span>'


def _rule_html(rule_id: str, lang: Lang) -> str:
    rule = CATALOGUE[rule_id]
    text = QUIZ.phrase("rule", lang, id="\0", text=rule.text(lang))
    before, after = text.split("\0")
    return f'<span class="sg-quiz__rule">{escape(before.rstrip())}{_rule_id_html(rule.id)}{escape(after)}</span>'


def _talon_line(game: Game, lang: Lang) -> str:
    """In phase 1 the talon's order is part of the position: the cards drawn next depend on it."""
    if game.phase != 1 or not game.state.talon:
        return ""
    return f'<p class="sg-quiz__talon">{escape(QUIZ.phrase("talon", lang))}: {escape(cards_text(game.state.talon, lang))}</p>'


def _feedback(index: int, head: str, body_html: str, rule_id: str, lang: Lang) -> str:
    """One option's feedback: verdict, why (the engine's words, as HTML) and the deciding rule in the page's
    language."""
    return (
        f'<template data-feedback="{index}"><p><strong>{escape(head)}</strong> {body_html} '
        f"{_rule_html(rule_id, lang)}</p></template>"
    )


def _part(part_id: str, question: str, options: str, feedbacks: list[str], right: list[int], why: str) -> str:
    templates = "".join(feedbacks)
    return (
        f'<div class="sg-quiz__part" data-quiz-part="{escape(part_id)}" data-right="{",".join(map(str, right))}">'
        f"{question}{options}{templates}"
        '<div class="sg-quiz__feedback" data-role="quiz-feedback" aria-live="polite"></div>'
        f'<div class="sg-quiz__why" data-role="quiz-why" hidden>{why}</div></div>'
    )


def _main_part(quiz: Quiz, lang: Lang) -> str:
    game = quiz.position()
    name, move = split_player_move(quiz.asked_move())
    answer = quiz.answer()
    right = quiz.correct
    asked = (
        f"<p>{escape(quiz.question[lang])}</p>"
        + static_board(game.state, lang, caption=QUIZ.phrase("before", lang))
        + _talon_line(game, lang)
        + f'<p class="sg-quiz__move">{escape(QUIZ.phrase("asked", lang))}: <strong>{escape(name or "")}: '
        f"{escape(move_text(move, lang))}</strong></p>"
    )
    options = quiz.options[lang]
    buttons = "".join(
        f'<li><button type="button" class="sg-quiz__option" data-action="answer" data-option="{i}">'
        f"{escape(text)}</button></li>"
        for i, text in enumerate(options)
    )
    # numbered 1, 2, 3 (never lettered: A, B and C are the players)
    listing = f'<ol class="sg-quiz__options" type="1">{buttons}</ol>'
    verdict = (
        QUIZ.phrase("yes" if answer.legal else "no", lang) + " " if quiz.kind == "legal" or not answer.legal else ""
    )
    events = answer.step.events if answer.step is not None else ()
    # what followed, each with its rule: often what an "outcome" question asks about (who takes the trick, ...)
    followed = "".join(f" {escape(e.text(lang).rstrip('.'))}{_rule_id_html(e.rule, ' (', ')')}." for e in events)
    why_words = escape(verdict + answer.explanation(lang)) + followed
    feedbacks = []
    for i in range(len(options)):
        if i == right:
            head = QUIZ.phrase("right", lang)
        else:
            head = f"{QUIZ.phrase('wrong', lang)} {QUIZ.phrase('chosen', lang, number=i + 1)} {QUIZ.phrase('correct', lang, number=right + 1)}"
        feedbacks.append(_feedback(i, head, why_words, answer.rule, lang))
    why = static_board(answer.game.state, lang, caption=QUIZ.phrase("after", lang)) if events else ""
    return _part(quiz.id, asked, listing, feedbacks, [right], why)


def _card_button(code: str, lang: Lang, index: int) -> str:
    """A card to tap: the button carries `data-card` (the browser contract); the picture inside names it."""
    pic = pictures.card_html(code, lang, size="md").replace(f' data-card="{code}"', "", 1)
    return (
        f'<li><button type="button" class="sg-quiz__card" data-action="play" data-card="{code}" '
        f'data-option="{index}">{pic}</button></li>'
    )


def _card_part(quiz: Quiz, lang: Lang) -> str:
    assert quiz.cards is not None
    verdicts = quiz.card_verdicts()
    name, _ = split_player_move(quiz.asked_move())
    right = [i for i, v in enumerate(verdicts) if v.right]
    if not right:
        raise ValueError(f"quiz {quiz.id}: no card of the follow-up is right")
    right_cards = cards_text([verdicts[i].card for i in right], lang)
    buttons = "".join(_card_button(str(v.card), lang, i) for i, v in enumerate(verdicts))
    listing = f'<ul class="sg-quiz__cards" aria-label="{escape(QUIZ.phrase("cards", lang, gen=genitive(name or "", lang)))}">{buttons}</ul>'
    feedbacks = []
    for i, v in enumerate(verdicts):
        card = cards_text([v.card], lang)
        if v.right:
            head = QUIZ.phrase("right", lang)
        else:
            head = f"{QUIZ.phrase('wrong', lang)} {QUIZ.phrase('chosen_card', lang, card=card)} {QUIZ.phrase('correct_cards', lang, cards=right_cards)}"
        if quiz.cards.goal == "wins" and v.legal:
            legality = QUIZ.phrase("card_wins" if v.right else "card_loses", lang, card=card)
        else:
            legality = QUIZ.phrase("card_legal" if v.legal else "card_illegal", lang, card=card)
        feedbacks.append(_feedback(i, head, escape(f"{legality} {v.words[lang]}"), v.rule, lang))
    question = f'<p class="sg-quiz__followup">{escape(quiz.cards.question[lang])}</p>'
    return _part(f"{quiz.id}-card", question, listing, feedbacks, right, "")


def quiz_html(quiz: Quiz, language: str, *, inline_runtime: bool = False) -> str:
    """The quiz box: the question and position, an answer button per option (and per card of a follow-up).

    `inline_runtime` embeds quiz.css and quiz.js (for Jupyter, where no site loads them)."""
    lang = check_lang(language)
    parts = _main_part(quiz, lang) + (_card_part(quiz, lang) if quiz.cards is not None else "")
    score_words = json.dumps(
        {
            "score": QUIZ.phrase("score", lang, right="{right}", answered="{answered}"),
            "total": QUIZ.phrase("score_total", lang, total="{total}"),
            "unreadable": QUIZ.phrase("unreadable", lang),
        },
        ensure_ascii=False,
    )
    toggle = (
        '<label class="sg-quiz__toggle"><input type="checkbox" data-action="quiz-ruleids"> '
        f"{escape(TABLE.phrase('rule_ids', lang))}</label>"
    )
    footer = (
        f'<div class="sg-quiz__score" data-role="quiz-score-bar" hidden>'
        f'<p data-role="quiz-score" role="status"></p>'
        # said (quiz.js) when the answers kept in this browser cannot all be read (the rest is kept)
        f'<p data-role="quiz-note" role="status" hidden></p>'
        f'<button type="button" data-action="quiz-reset" aria-label="{escape(QUIZ.phrase("reset_label", lang))}">'
        f"{escape(QUIZ.phrase('reset', lang))}</button></div>"
    )
    box = (
        f'<div class="sg-quiz-box sg-quiz--answer" data-sg-quiz="{escape(quiz.id)}" lang="{lang}" role="group" '
        f"aria-label=\"{escape(QUIZ.phrase('title', lang))}\" data-words='{escape(score_words)}'>"
        f'<p class="sg-quiz__title">{escape(QUIZ.phrase("title", lang))}</p>{parts}{footer}{toggle}</div>'
    )
    if inline_runtime:
        # the styles apply inside this output only (see render.scope_css)
        root = "sg-quiz-" + hashlib.sha1(f"{quiz.id} {lang}".encode()).hexdigest()[:12]
        css = render.scope_css(board_css() + runtime_file("quiz.css"), f"#{root}")
        box = (
            f'<style>{css}</style><div class="sg-root" id="{root}">{box}</div>'
            f'<script type="module">{esm.inlined("quiz.js")}</script>'
        )
    return box


#: the quiz's browser files, in skitgubbe/views/
RUNTIME_FILES = ("quiz.js", "quiz.css")
#: the marker widget_runtime looks for in a page's body
MARKER = "data-sg-quiz="


@lru_cache(maxsize=2)
def runtime_file(name: str) -> str:
    """The text of quiz.js or quiz.css (package files)."""
    if name not in RUNTIME_FILES:
        raise ValueError(f"not a quiz runtime file: {name!r}")
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
