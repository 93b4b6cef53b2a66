"""The quiz key is the engine's: each rule the teacher's key cites for a question is one the engine cites when it
judges that question's position, and the printed sheet shows what the options depend on (hands, the talon in
order, the table, the trump)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import split_player_move
from skitgubbe.records.record import Case
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.views.examples import NO_SUCH_RULE, QUIZZES, Quiz, _words
from skitgubbe.views.handouts import quiz_key, quiz_sheet_html


def cited(quiz: Quiz) -> tuple[set[str], set[str]]:
    """The rules the engine cites judging the asked move, and those it cites over all the case's moves."""
    game = Case.load(dict(quiz.case)).start()
    every: set[str] = set()
    asked: set[str] = set()
    for i, text in enumerate(quiz.case["moves"]):
        name, move = split_player_move(text)
        try:
            step = game.play(move, name)
        except IllegalMove as error:
            assert i == len(quiz.case["moves"]) - 1, f"{quiz.id}: move {text!r} before the asked one is illegal"
            rules = {error.rule}
        else:
            rules = {step.rule} | {e.rule for e in step.events if e.rule}
        every |= rules
        if i == len(quiz.case["moves"]) - 1:
            asked = rules
    return asked, every


def key_problems(quiz: Quiz) -> list[str]:
    asked, every = cited(quiz)
    key = quiz.key_rules()
    problems = [f"{quiz.id}: the key cites {r}, which the engine never cites here" for r in key if r not in every]
    if not set(key) & asked:
        problems.append(f"{quiz.id}: no rule of the key {key} is one the engine cites for the asked move {asked}")
    right = quiz.claims[quiz.correct].rule
    if right not in (None, NO_SUCH_RULE) and right not in key:
        problems.append(f"{quiz.id}: the right option names {right}, the key does not")
    return problems


@pytest.mark.parametrize("quiz_id", list(QUIZZES))
def test_the_key_cites_rules_the_engine_cites(quiz_id: str) -> None:
    quiz = QUIZZES[quiz_id]
    assert quiz.key_rules() and all(r in CATALOGUE for r in quiz.key_rules())
    assert not key_problems(quiz)


def test_a_key_that_cites_a_rule_the_engine_does_not_is_caught() -> None:
    # a rule of another game: the engine never cites it in this position
    planted = dataclasses.replace(QUIZZES["p2-q6"], key=("p2.must-beat",))
    assert [p for p in key_problems(planted) if "never cites" in p]
    # a key that cites only rules of earlier moves misses the asked one
    assert [p for p in key_problems(dataclasses.replace(QUIZZES["p2-q6"], key=("p2.out",))) if "asked move" in p]


def test_the_questions_that_a_moves_own_rule_does_not_decide_cite_the_deciding_ones() -> None:
    key = {quiz_id: rules for quiz_id, _, _, rules in quiz_key()}
    assert key["p1-q2"] == ("p1.stunsa", "p1.higher-wins")
    assert key["p1-q4"] == ("p1.end.due-player-empty", "p1.open-trick")
    assert key["p1-q6"] == ("p1.draw",)
    assert key["p2-q3"] == ("p2.out", "p2.loser")
    assert key["p2-q6"] == ("p2.out", "p2.complete.cards")
    assert len(key) == len(QUIZZES) == 14


_CARD = re.compile(r"[♣♦♥♠](?:10|Kn|[2-9JQKAEDk])")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_printed_sheet_shows_the_key_and_every_card_the_options_name(lang: str) -> None:
    for quiz in QUIZZES.values():
        sheet = re.sub(r"<[^>]+>", " ", quiz_sheet_html(lang, [quiz]))
        questions, _, key = sheet.partition({"sv": "Facit", "en": "Answer key"}[lang])
        for rule in quiz.key_rules():
            assert rule in key and CATALOGUE[rule].text(lang) in key, (quiz.id, rule)
        shown = set(_CARD.findall(questions.split(quiz.options[lang][0])[0]))  # the position and the move
        named = {c for option in quiz.options[lang] for c in _CARD.findall(option)}
        assert named <= shown, f"{quiz.id}: options name {sorted(named - shown)}, which the sheet does not show"


def test_the_talon_is_printed_top_first() -> None:
    quiz = QUIZZES["p1-q1"]
    sheet = quiz_sheet_html("en", [quiz])
    talon = _words(("", "{4H} {JD} {8S} {2S}"))["en"]
    assert [str(c) for c in quiz.position().state.talon] == ["4H", "JD", "8S", "2S"]
    assert f"top first: {talon}" in sheet
