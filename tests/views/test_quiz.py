"""The quizzes you answer (skitgubbe/views/quiz.py): the stored answers are the engine's, the words are complete.

- every option of every quiz claims facts (`examples.Claim`) that the engine checks; exactly one holds, and the
  HTML stores that option as the right one (`data-right`); a "legal" option's words open with the verdict its
  claim states; the rule ids claimed are catalogue rules;
- a card follow-up's right cards are the engine's (its legal single-card plays, or the cards that take the trick);
- each option's feedback names the engine's deciding rule (id and sentence in the page's language), and after a
  wrong option the right one;
- the UI words are one {key: (sv, en)} table with the same placeholders in both languages;
- the static site's runtime stages quiz.js/quiz.css; the teacher's sheets print the same right numbers.
"""

from __future__ import annotations

import re
import string
import sys
from html import unescape
from pathlib import Path

import pytest
from helpers import REPO

from skitgubbe.engine.moves import Play, split_player_move
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.quiz_words import QUIZ
from skitgubbe.views import handouts, quiz
from skitgubbe.views.examples import NO_SUCH_RULE, QUIZZES, Claim, Quiz

LANGS = ("sv", "en")
VERDICT_WORDS = {"sv": ("Tillåtet", "Otillåtet"), "en": ("Legal", "Illegal")}
PART = re.compile(r'<div class="sg-quiz__part" data-quiz-part="([^"]+)" data-right="([^"]*)">')


def _parts(html: str) -> dict[str, list[int]]:
    return {pid: [int(i) for i in right.split(",")] for pid, right in PART.findall(html)}


def _feedback(html: str, part_id: str, index: int) -> str:
    """The text of one option's feedback template inside one part."""
    start = html.index(f'data-quiz-part="{part_id}"')
    chunk = html[start:]
    m = re.search(rf'<template data-feedback="{index}">(.*?)</template>', chunk, re.S)
    assert m, f"{part_id}: no feedback for option {index}"
    return unescape(re.sub(r"<[^>]+>", "", m.group(1)))


@pytest.mark.parametrize("quiz_id", sorted(QUIZZES))
def test_exactly_one_option_is_confirmed_by_the_engine_and_stored(quiz_id: str) -> None:
    q = QUIZZES[quiz_id]
    assert len(q.claims) == len(q.options["sv"]) == len(q.options["en"]), "one claim per option"
    assert all(c != Claim() for c in q.claims), "an empty claim holds always"
    answer, before = q.answer(), q.position()
    confirmed = [i for i, c in enumerate(q.claims) if c.holds(answer, before)]
    assert len(confirmed) == 1, f"{quiz_id}: the engine confirms options {confirmed}"
    for lang in LANGS:
        assert _parts(quiz.quiz_html(q, lang))[quiz_id] == confirmed, "the page stores another answer"


@pytest.mark.parametrize("quiz_id", sorted(QUIZZES))
def test_claims_match_the_options_words(quiz_id: str) -> None:
    q = QUIZZES[quiz_id]
    for claim in q.claims:
        assert claim.rule is None or claim.rule == NO_SUCH_RULE or claim.rule in CATALOGUE, claim.rule
    if q.kind != "legal":
        return
    for lang in LANGS:
        legal_word, illegal_word = VERDICT_WORDS[lang]
        for text, claim in zip(q.options[lang], q.claims, strict=True):
            says_legal = text.startswith(legal_word)
            assert says_legal or text.startswith(illegal_word), f"{quiz_id} ({lang}): {text!r} opens with no verdict"
            assert claim.legal is says_legal, f"{quiz_id} ({lang}): the claim of {text!r} says legal={claim.legal}"


def test_a_claim_the_engine_refutes_does_not_hold() -> None:
    """The checks are real: a claim of the wrong verdict, rule, winner or hand size fails."""
    q = QUIZZES["p1-q1"]  # legal, p1.answer; A takes the trick; B draws to three cards
    answer, before = q.answer(), q.position()
    assert Claim(legal=True, rule="p1.answer", winner="A", hands={"B": 3}).holds(answer, before)
    for wrong in (
        Claim(legal=False),
        Claim(rule="p1.stunsa"),
        Claim(winner="B"),
        Claim(hands={"B": 2}),
        Claim(rule=NO_SUCH_RULE),
    ):
        assert not wrong.holds(answer, before), wrong


def test_every_field_of_a_claim_has_its_check() -> None:
    """A fact a claim can state is checked: a new field of `Claim` without a check fails here."""
    from dataclasses import fields

    from skitgubbe.views.examples import _CLAIM_CHECKS

    assert list(_CLAIM_CHECKS) == [f.name for f in fields(Claim)]
    q = QUIZZES["p1-q1"]
    answer, before = q.answer(), q.position()
    wrong = {"to_play": "Nobody", "phase": 2, "over": True, "loser": "A", "out": ("A",), "trick_target": 99}
    for name, value in wrong.items():
        assert not Claim(**{name: value}).holds(answer, before), name


@pytest.mark.parametrize("quiz_id", sorted(i for i, q in QUIZZES.items() if q.cards is not None))
def test_card_follow_up_answers_are_the_engines(quiz_id: str) -> None:
    q: Quiz = QUIZZES[quiz_id]
    assert q.cards is not None
    game = q.position()
    name, _ = split_player_move(q.asked_move())
    assert name is not None
    hand = [str(c) for c in game.hand(name)]
    verdicts = q.card_verdicts()
    assert [str(v.card) for v in verdicts] == hand
    right = {str(v.card) for v in verdicts if v.right}
    if q.cards.goal == "legal":
        legal = {str(m.cards[0]) for m in game.legal_moves() if isinstance(m, Play) and len(m.cards) == 1}
        assert right == legal
    else:
        winners = set()
        for card in hand:
            trial = game.copy()
            trial.play(card, name)
            if name in trial.state.won and len(trial.state.won[name]) > len(game.state.won[name]):
                winners.add(card)
        assert right == winners
    assert right and len(right) < len(hand), "a card question needs a right and a wrong card"
    assert game.state == q.position().state, "judging the cards left the position unchanged"
    for lang in LANGS:
        html = quiz.quiz_html(q, lang)
        stored = _parts(html)[f"{quiz_id}-card"]
        assert {hand[i] for i in stored} == right
        for code in hand:
            assert f'data-action="play" data-card="{code}"' in html
        # the picture inside the button is not a second card on the page
        cards = re.search(r'<ul class="sg-quiz__cards".*?</ul>', html, re.S)
        assert cards and cards.group(0).count('data-card="') == len(hand)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("quiz_id", sorted(QUIZZES))
def test_feedback_says_right_or_wrong_and_names_the_rule(quiz_id: str, lang: str) -> None:
    q = QUIZZES[quiz_id]
    html = quiz.quiz_html(q, lang)
    rule = CATALOGUE[q.answer().rule]
    right = q.correct
    for i in range(len(q.options[lang])):
        text = _feedback(html, quiz_id, i)
        assert rule.id in text and rule.text(lang) in text, f"option {i}: the deciding rule is not named"
        assert q.answer().explanation(lang) in text
        if i == right:
            assert text.startswith(QUIZ.phrase("right", lang))
        else:
            assert text.startswith(QUIZ.phrase("wrong", lang))
            assert QUIZ.phrase("correct", lang, number=right + 1) in text
    for v_index, verdict in enumerate(q.card_verdicts()):
        text = _feedback(html, f"{quiz_id}-card", v_index)
        assert CATALOGUE[verdict.rule].text(lang) in text and verdict.rule in text
        assert text.startswith(QUIZ.phrase("right" if verdict.right else "wrong", lang))


@pytest.mark.parametrize("lang", LANGS)
def test_the_box_is_accessible_markup(lang: str) -> None:
    html = quiz.quiz_html(QUIZZES["p2-q4"], lang)
    assert html.count('aria-live="polite"') == 2  # one per question part
    assert f'lang="{lang}"' in html and 'role="group"' in html
    assert html.count('<button type="button"') == 3 + 3 + 1  # three options, three cards, reset
    assert 'data-role="quiz-score"' in html and QUIZ.phrase("reset", lang) in html
    assert "<script" not in html and "<style" not in html  # the site loads the runtime


def test_inline_runtime_for_jupyter() -> None:
    html = quiz.quiz_html(QUIZZES["p1-q1"], "en", inline_runtime=True)
    assert '<script type="module">' in html and "export function mountAll" in html
    assert "<style>" in html and ".sg-quiz__option" in html
    assert "http" not in quiz.runtime_file("quiz.js"), "the module fetches nothing"


def test_words_are_one_table_in_both_languages() -> None:
    fields = string.Formatter()
    for key, pair in QUIZ.items():
        assert isinstance(pair, tuple) and len(pair) == 2 and all(p.strip() for p in pair), key
        names = [{f for _, f, _, _ in fields.parse(text) if f} for text in pair]
        assert names[0] == names[1], f"{key}: placeholders differ between sv and en"
    source = (REPO / "skitgubbe" / "views" / "quiz.py").read_text(encoding="utf-8")
    assert not re.search(r"""if lang == ["']sv["'] else""", source)
    with pytest.raises(ValueError, match="unknown language"):
        quiz.quiz_html(QUIZZES["p1-q1"], "de")


def test_handout_key_prints_the_engines_answers() -> None:
    for quiz_id, number, legal, rule in handouts.quiz_answers():
        q = QUIZZES[quiz_id]
        assert number == str(q.correct + 1) and legal == q.answer().legal and rule == q.answer().rule
    for lang in LANGS:
        sheets = handouts.quiz_sheets_html(lang)
        assert sheets.count('class="sg-quiz-sheet__q"') == len(QUIZZES)


def test_widget_runtime_stages_the_quiz_files(tmp_path: Path) -> None:
    sys.path.insert(0, str(REPO / "book" / "_ext"))
    import widget_runtime

    copied = widget_runtime._stage(tmp_path / "readers-table")
    assert {"quiz.js", "quiz.css"} <= set(copied)
    for name in ("quiz.js", "quiz.css"):
        assert (tmp_path / "readers-table" / name).read_text(encoding="utf-8") == quiz.runtime_file(name)
    assert widget_runtime.QUIZ_MARKER == quiz.MARKER
