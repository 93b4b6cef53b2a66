"""The book's worked examples and quizzes (records/examples/, records/quizzes/) agree with the engine, all on a page.

- every Example loads and every move is legal under its rules, except the moves listed in ILLEGAL_ON_PURPOSE;
- every Quiz loads, its moves before the asked one are legal, and the engine's answer agrees with `correct`
  (kind "legal": the correct option says legal/illegal as the engine does; kind "outcome": OUTCOMES below);
- every id is shown by exactly one code cell in each edition (`example("id", LANG)` / `quiz("id", LANG)`), and no
  `ENGINE-EXAMPLE` / `QUIZ:` placeholder comment is left in the book.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import REPO

from skitgubbe.engine.events import EventKind
from skitgubbe.records.record import Case, judge_case
from skitgubbe.views.examples import EXAMPLES, QUIZZES, Quiz, QuizAnswer, cardset

BOOK = REPO / "book"
LANGS = ("sv", "en")
SKIP_PARTS = {".ipynb_checkpoints", "_build", "jupyter_execute"}

#: Examples meant to show an illegal move: example id -> (index of the illegal move, the rule that forbids it).
#: Judging stops there, so it is always the last move judged.
ILLEGAL_ON_PURPOSE: dict[str, tuple[int, str]] = {
    "klover-9-pagat": (1, "p2.one-card"),  # B: QC KC AC, one card per turn under Pagat
    "klover-9-strikt": (1, "p2.one-card"),  # the same under the strict rules
}

#: Ids kept in records/examples/ for a page that does not show them yet: used at most once per edition.
#: shown in the phase-2 chapter and again on the klöver 9 page, which takes the example apart
ALSO_ON_KLOVER_9_PAGE = {"klover-9", "klover-9-pagat", "klover-9-pagat-line"}
NOT_YET_ON_A_PAGE: set[str] = {"klover-9-strikt"}  # for the Variants chapter

#: The deciding rule of every quiz's asked move (the rule the page's answer names).
QUIZ_RULES: dict[str, str] = {
    "p1-q1": "p1.answer",
    "p1-q2": "p1.answer",
    "p1-q3": "p1.chansa.not-last",
    "p1-q4": "p1.answer",
    "p2-q1": "p2.free-trump",
    "p2-q2": "p2.pick-up.top-card",
    "p2-q3": "p2.beat.suit",
    "p2-q4": "p2.beat.higher-trump",
    "p1-q5": "p1.chansa",
    "p1-q6": "p1.answer",
    "p1-q7": "p1.stunsa",
    "p2-q5": "p2.pick-up.optional",
    "p2-q6": "p2.beat.suit",
    "p2-q7": "p2.beat.suit",
}


def _p1_q2(ans: QuizAnswer) -> None:
    # A takes all six cards of the twice-tied trick, then leads
    assert ans.trick_winner == "A"
    assert cardset(ans.game.state.won["A"]) == cardset("9S 9H 4C 4D KS 5D")
    assert ans.game.to_play == "A"


def _p1_q4(ans: QuizAnswer) -> None:
    # the tie cannot be finished: phase 1 ends, the trick goes back, A turns up QD and leads
    assert ans.step is not None
    kinds = [e.kind for e in ans.step.events]
    assert EventKind.PHASE1_OVER in kinds and kinds.count(EventKind.TRICK_RETURNED) == 2
    g = ans.game
    assert g.phase == 2 and g.trump is not None and g.trump.value == "D" and g.to_play == "A"
    assert cardset(g.hand("A")) == cardset("AS KS 7C QD")
    assert cardset(g.hand("B")) == cardset("3C 4C 7S 2H")
    assert cardset(g.hand("C")) == cardset("9H 10H 5D")


def _p2_q2(ans: QuizAnswer) -> None:
    # only the 9C is picked up: A faces his own 6C, the trick still needs two more cards
    g = ans.game
    assert [(n, cardset(c)) for n, c in g.table] == [("A", cardset("6C"))]
    assert g.to_play == "A" and g.state.trick_target == 3


def _p2_q3(ans: QuizAnswer) -> None:
    # the game ends at once in the middle of a trick
    g = ans.game
    assert g.over and g.loser == "C" and g.state.out == ("A", "B") and len(g.table) == 2


def _p1_q5(ans: QuizAnswer) -> None:
    # no draw after a chansa: B still holds the same three cards
    assert ans.step is not None and not [e for e in ans.step.events if e.kind is EventKind.DREW]
    assert cardset(ans.game.hand("B")) == cardset("QC 6D 3S")


def _p1_q6(ans: QuizAnswer) -> None:
    # during a tie each player draws after each card: three cards each, and the leader A plays again
    g = ans.game
    assert ans.step is not None and EventKind.TIE in [e.kind for e in ans.step.events]
    assert len(g.hand("A")) == len(g.hand("B")) == 3 and g.to_play == "A"


def _p2_q5(ans: QuizAnswer) -> None:
    # the only card was picked up: the table is empty and C, the next player, leads
    g = ans.game
    assert g.table == () and g.to_play == "C"


def _p2_q6(ans: QuizAnswer) -> None:
    # A went out in the trick; C completed it and leads; the next trick needs two cards
    g = ans.game
    assert g.state.out == ("A",) and g.to_play == "C" and g.table == () and g.state.trick_target == 2


#: What the correct option of each "outcome" quiz says, checked against the position after the asked move.
OUTCOMES: dict[str, Callable[[QuizAnswer], None]] = {
    "p1-q2": _p1_q2,
    "p1-q4": _p1_q4,
    "p1-q5": _p1_q5,
    "p1-q6": _p1_q6,
    "p2-q2": _p2_q2,
    "p2-q3": _p2_q3,
    "p2-q5": _p2_q5,
    "p2-q6": _p2_q6,
}

#: How a "legal" quiz's options start, by language: (says legal, says illegal).
VERDICT_WORDS = {"sv": (("Tillåtet", "Ja"), ("Otillåtet", "Nej")), "en": (("Legal", "Yes"), ("Illegal", "No"))}


# -- examples ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("example_id", sorted(EXAMPLES))
def test_example_loads_and_its_moves_are_legal(example_id: str) -> None:
    item = EXAMPLES[example_id]
    assert item.id == example_id
    assert all(item.title.get(lang, "").strip() for lang in LANGS), "needs a Swedish and an English title"
    judged = judge_case(item.load())
    moves = list(item.case["moves"])
    assert moves, "an example needs moves to step through"
    if example_id in ILLEGAL_ON_PURPOSE:
        index, rule = ILLEGAL_ON_PURPOSE[example_id]
        assert len(judged.verdicts) == index + 1, "judging should stop at the marked illegal move"
        assert all(v.legal for v in judged.verdicts[:index])
        assert not judged.verdicts[index].legal and judged.verdicts[index].rule == rule
        # the illegal move leaves the position as it was
        before = item.load().start()
        for text in moves[:index]:
            before.play(text)
        assert judged.game.state == before.state
    else:
        bad = [(v.player, v.move, v.rule) for v in judged.verdicts if not v.legal]
        assert not bad, f"illegal move(s) in a worked example: {bad}"
        assert len(judged.verdicts) == len(moves)


def test_illegal_on_purpose_lists_only_known_examples() -> None:
    assert set(ILLEGAL_ON_PURPOSE) <= set(EXAMPLES)


# -- quizzes -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("quiz_id", sorted(QUIZZES))
def test_quiz_is_well_formed(quiz_id: str) -> None:
    quiz = QUIZZES[quiz_id]
    assert quiz.id == quiz_id
    assert quiz.kind in ("legal", "outcome")
    assert all(quiz.question.get(lang, "").strip() for lang in LANGS)
    assert set(quiz.options) == set(LANGS) and len(quiz.options["sv"]) == len(quiz.options["en"]) >= 2
    assert quiz.correct is not None and 0 <= quiz.correct < len(quiz.options["en"])
    Case.load(dict(quiz.case))
    # every move before the asked one is legal (Quiz.position raises otherwise)
    quiz.position()


@pytest.mark.parametrize("quiz_id", sorted(QUIZZES))
def test_quiz_answer_agrees_with_the_engine(quiz_id: str) -> None:
    quiz: Quiz = QUIZZES[quiz_id]
    ans = quiz.answer()
    assert quiz_id in QUIZ_RULES, "add the deciding rule of this quiz to QUIZ_RULES"
    assert ans.rule == QUIZ_RULES[quiz_id]
    assert quiz.correct is not None
    if quiz.kind == "legal":
        for lang in LANGS:
            says_legal, says_illegal = VERDICT_WORDS[lang]
            option = quiz.options[lang][quiz.correct]
            assert option.startswith(says_legal + says_illegal), f"{lang} option should open with a verdict"
            assert option.startswith(says_legal) == ans.legal, (
                f"the correct option ({lang}) says {'legal' if option.startswith(says_legal) else 'illegal'}, "
                f"the engine says {'legal' if ans.legal else 'illegal'} ({ans.rule})"
            )
    else:
        assert ans.legal, "an outcome quiz asks about a legal move"
        assert quiz_id in OUTCOMES, "add what the correct option says to OUTCOMES"
        OUTCOMES[quiz_id](ans)


def test_quiz_answers_are_not_predictable_by_place_or_length() -> None:
    """The right option is not always at one place, nor the longest; options are numbered, not lettered."""
    places = [q.correct for q in QUIZZES.values()]
    assert len(set(places)) >= 3, f"the right answers sit at too few places: {places}"
    longest = 0
    for quiz in QUIZZES.values():
        assert quiz.correct is not None
        for lang in LANGS:
            lengths = [len(o) for o in quiz.options[lang]]
            right, wrong = lengths[quiz.correct], max(n for i, n in enumerate(lengths) if i != quiz.correct)
            assert right <= 1.15 * wrong, f"{quiz.id} ({lang}): the right option is much the longest"
            longest += right > wrong
    assert longest <= len(QUIZZES) // 2, f"the right option is the longest in {longest} quiz texts"


@pytest.mark.parametrize("lang", LANGS)
def test_quiz_options_are_numbered(lang: str) -> None:
    from skitgubbe.views.quiz import quiz_html

    html = quiz_html(QUIZZES["p1-q1"], lang)
    assert 'type="A"' not in html and '<ol class="sg-quiz__options" type="1">' in html
    assert ("Rätt svar: nummer 1." if lang == "sv" else "Correct answer: number 1.") in html


# -- the notebooks ---------------------------------------------------------------------------------------------
CALL = re.compile(r"""\b(example|quiz)\(\s*(["'])([^"']+)\2""")
CODE_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\{code-cell\}[^\n]*\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.M | re.S)
PLACEHOLDER = re.compile(r"ENGINE-EXAMPLE|<!--\s*QUIZ:")


def _pages(lang: str) -> list[Path]:
    root = BOOK / lang
    return sorted(
        p
        for p in root.rglob("*")
        if p.suffix in {".ipynb", ".md"} and p.is_file() and not SKIP_PARTS.intersection(p.relative_to(root).parts)
    )


def _code_cells(path: Path) -> list[str]:
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        return [
            "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in nb.get("cells", [])
            if c.get("cell_type") == "code"
        ]
    return [m.group("body") for m in CODE_FENCE.finditer(path.read_text(encoding="utf-8"))]


def _uses(lang: str) -> Counter[tuple[str, str]]:
    """(kind, id) -> number of code cells showing it in that edition."""
    uses: Counter[tuple[str, str]] = Counter()
    for page in _pages(lang):
        for cell in _code_cells(page):
            for kind, _, item_id in {m.groups() for m in CALL.finditer(cell)}:
                uses[(kind, item_id)] += 1
    return uses


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_and_quiz_is_shown_once(lang: str) -> None:
    uses = _uses(lang)
    unknown = sorted(i for (kind, i) in uses if i not in (EXAMPLES if kind == "example" else QUIZZES))
    assert not unknown, (
        f"book/{lang} shows ids that no file of records/examples/ or records/quizzes/ defines: {unknown}"
    )
    wanted = [("example", i) for i in EXAMPLES] + [("quiz", i) for i in QUIZZES]
    allowed = {i: {1, 2} if i in ALSO_ON_KLOVER_9_PAGE else {1} for i in [*EXAMPLES, *QUIZZES]}
    wrong = {
        f"{kind} {i}": uses[(kind, i)]
        for kind, i in wanted
        if not (uses[(kind, i)] in allowed[i] or (i in NOT_YET_ON_A_PAGE and uses[(kind, i)] == 0))
    }
    assert not wrong, f"book/{lang}: each id must be shown by exactly one code cell; counts: {wrong}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_placeholder_comment_is_left(lang: str) -> None:
    left = [f"{p.relative_to(REPO)}" for p in _pages(lang) if PLACEHOLDER.search(p.read_text(encoding="utf-8"))]
    assert not left, f"ENGINE-EXAMPLE / QUIZ placeholder comments left in: {left}"


@pytest.mark.parametrize("page", ["phase1.ipynb", "phase2.ipynb"])
def test_rules_chapters_show_the_same_items_in_the_same_order(page: str) -> None:
    def shown(lang: str) -> list[tuple[str, str]]:
        return [(m.group(1), m.group(3)) for cell in _code_cells(BOOK / lang / page) for m in CALL.finditer(cell)]

    assert shown("sv") == shown("en") and shown("sv")


@pytest.mark.parametrize("quiz_id", sorted(QUIZZES))
def test_quiz_position_is_given_in_full(quiz_id: str) -> None:
    """A phase-1 position includes the talon's order, since the cards drawn next depend on it."""
    from skitgubbe.text.i18n import cards_text
    from skitgubbe.views.quiz import quiz_html

    quiz = QUIZZES[quiz_id]
    game = quiz.position()
    for lang in LANGS:
        html = quiz_html(quiz, lang)
        if game.phase == 1 and game.state.talon:
            assert cards_text(game.state.talon, lang) in html, f"{quiz_id} ({lang}): the talon order is not shown"
        else:
            assert "sg-quiz__talon" not in html
