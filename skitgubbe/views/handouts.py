"""The teacher's kit: printable handouts (one per phase, diagram drawn by `render`), the quiz with its key, and the
learning path's lessons as worksheets with the engine's key (`lesson_sheet_html`).

Each printable block is a `<section class="sg-printable" data-printable="...">` sized for one A4 page; the
teacher page's script (`skitgubbe/views/teacher.js`) prints one block at a time. The quiz questions are the
chapters' own (`examples.QUIZZES`), with the answers the engine computes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from html import escape

from skitgubbe.engine.game import Game
from skitgubbe.engine.moves import split_player_move
from skitgubbe.records.caselib import say
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.rules.export import active_rules
from skitgubbe.rules.options import DEFAULT_PRESET, PRESETS, Rules
from skitgubbe.text.exercise_words import EXERCISE
from skitgubbe.text.handout_words import CAPTION, HANDOUT, LOOK
from skitgubbe.text.i18n import cards_text, move_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.views.board import static_board
from skitgubbe.views.examples import QUIZZES, Quiz
from skitgubbe.views.exercise_data import SETS, Exercise, exercises
from skitgubbe.views.exercises import in_set, numbers, option_text, outcome_text, set_title, shown_fewer, task

#: the position each handout draws: a chapter quiz's position (every move but the asked one)
_DIAGRAM = {"phase1": "p1-q2", "phase2": "p2-q4"}


def _look(phase: str, lang: Lang) -> list[str]:
    """What to watch for at the table in `phase` (the teacher's own words)."""
    if phase == "phase1":
        return [
            LOOK.phrase("look_phase1_rank", lang),
            LOOK.phrase("look_phase1_draw", lang),
            LOOK.phrase("look_phase1_tie", lang),
            LOOK.phrase("look_phase1_last", lang),
        ]
    return [
        LOOK.phrase("look_phase2_top", lang),
        LOOK.phrase("look_phase2_supa", lang),
        LOOK.phrase("look_phase2_full", lang),
        LOOK.phrase("look_phase2_end", lang),
    ]


def _caption(phase: str, lang: Lang) -> str:
    """The diagram's caption, with `{KS}` card markers for `records.caselib.say`."""
    return CAPTION.template("caption_phase1" if phase == "phase1" else "caption_phase2", lang)


def _button(block: str, lang: Lang) -> str:
    return (
        f'<p class="sg-print-button"><button type="button" data-action="print-sheet" data-target="{block}">'
        f"{escape(HANDOUT.phrase('print', lang))}</button></p>"
    )


def handout_html(phase: str, lang: Lang) -> str:
    """One A4 handout for `phase` ("phase1" or "phase2"): the rules of the preset, a diagram, what to look for."""
    lang = check_lang(lang)
    if phase not in ("phase1", "phase2"):
        raise ValueError(f"unknown phase {phase!r}; use 'phase1' or 'phase2'")
    title = HANDOUT.phrase("phase1", lang) if phase == "phase1" else HANDOUT.phrase("phase2", lang)
    rules = active_rules(PRESETS[DEFAULT_PRESET])
    ids = rules["setup"][1:2] + rules[phase] if phase == "phase1" else rules["phase2"] + rules["end"][:2]
    items = "".join(f"<li>{escape(CATALOGUE[r].text(lang))} <code>{escape(r)}</code></li>" for r in ids)
    look = "".join(f"<li>{escape(t)}</li>" for t in _look(phase, lang))
    quiz = QUIZZES[_DIAGRAM[phase]]
    diagram = static_board(quiz.position().state, lang, caption=say(_caption(phase, lang), lang))
    block = f"handout-{phase}"
    return (
        f'<section class="sg-printable sg-handout" data-printable="{block}" lang="{lang}" '
        f'aria-label="{escape(HANDOUT.phrase("handout", lang))}: {escape(title)}">'
        f"{_button(block, lang)}"
        f'<h3 class="sg-handout__title">{escape(HANDOUT.phrase("handout", lang))}: {escape(title)}</h3>'
        f'<p class="sg-handout__sub">{escape(HANDOUT.phrase("rules", lang))}</p><ol class="sg-handout__rules">{items}</ol>'
        f"{diagram}"
        f'<h4>{escape(HANDOUT.phrase("look", lang))}</h4><ul class="sg-handout__look">{look}</ul></section>'
    )


def _position_text(game: Game, lang: Lang) -> str:
    s = game.state
    hands = "; ".join(f"{n}: {cards_text(s.hands[n], lang) or '–'}" for n in s.players)
    parts = [f"{HANDOUT.phrase('hands', lang)}: {hands}"]
    if s.phase == 1:
        won = ", ".join(f"{n} {len(s.won[n])}" for n in s.players if s.won[n])
        # the talon top first: options can name the card a player draws next
        talon = cards_text(s.talon, lang) or "–"
        extra = f"{HANDOUT.phrase('talon', lang)} {len(s.talon)} ({HANDOUT.phrase('talon_order', lang)}: {talon})"
        if won:
            extra += f"; {HANDOUT.phrase('won', lang)}: {won}"
        if s.trump_card:
            extra += f"; {HANDOUT.phrase('trump_card', lang)} {s.trump_card[0]}"
        parts.append(extra)
    else:
        assert s.trump is not None
        parts.append(f"{HANDOUT.phrase('trump', lang)}: {s.trump.name_in(lang)}")
    table = "  ".join(f"{n}: {cards_text(c, lang)}" for n, c in s.table) or HANDOUT.phrase("empty", lang)
    parts.append(f"{HANDOUT.phrase('table', lang)}: {table}")
    return " · ".join(parts)


def quiz_sheets_html(lang: Lang) -> str:
    """The chapter questions as two A4 sheets, phase 1's and phase 2's, each with the engine's answer key."""
    return "".join(
        quiz_sheet_html(lang, [q for q in QUIZZES.values() if q.id.startswith(prefix)], block=f"quiz-{phase}")
        for prefix, phase in (("p1-", "phase1"), ("p2-", "phase2"))
    )


def quiz_sheet_html(lang: Lang, quizzes: Sequence[Quiz] | None = None, *, block: str = "quiz") -> str:
    """Chapter questions on one A4 page (positions as text), the engine's answer key at the foot.

    `block` names the sheet for printing; "quiz-phase1" / "quiz-phase2" add the phase to its title."""
    lang = check_lang(lang)
    quizzes = list(QUIZZES.values()) if quizzes is None else list(quizzes)
    phase = block.removeprefix("quiz-")
    title = HANDOUT.phrase("quiz", lang)
    if phase == "phase1":
        title += f" ({HANDOUT.phrase('quiz_phase1', lang)})"
    elif phase == "phase2":
        title += f" ({HANDOUT.phrase('quiz_phase2', lang)})"
    questions = []
    key = []
    for _i, quiz in enumerate(quizzes, 1):
        game = quiz.position()
        name, move = split_player_move(quiz.asked_move())
        opts = "".join(f"<li>{escape(o)}</li>" for o in quiz.options.get(lang, ()))
        questions.append(
            f'<li class="sg-quiz-sheet__q"><p><strong>{escape(quiz.question[lang])}</strong></p>'
            f'<p class="sg-quiz-sheet__pos">{escape(_position_text(game, lang))}. '
            f"<strong>{escape(HANDOUT.phrase('move', lang))}: {escape(name or '')}: {escape(move_text(move, lang))}</strong></p>"
            f"<ol>{opts}</ol></li>"
        )
        answer = quiz.answer()
        letter = str(quiz.correct + 1) if quiz.correct is not None else "–"
        verdict = HANDOUT.phrase("legal", lang) if answer.legal else HANDOUT.phrase("illegal", lang)
        rules = " ".join(
            f"<code>{escape(rule)}</code> {escape(CATALOGUE[rule].text(lang))}" for rule in quiz.key_rules()
        )
        key.append(f"<li><strong>{letter}</strong> ({verdict}; {HANDOUT.phrase('rule', lang)}) {rules}</li>")
    return (
        f'<section class="sg-printable sg-quiz-sheet" data-printable="{block}" lang="{lang}" '
        f'aria-label="{escape(title)}">{_button(block, lang)}'
        f'<h3>{escape(title)}</h3><p class="sg-quiz-sheet__name">{escape(HANDOUT.phrase("name", lang))} ____________________</p>'
        f'<ol class="sg-quiz-sheet__list">{"".join(questions)}</ol>'
        f'<div class="sg-quiz-sheet__key"><h4>{escape(HANDOUT.phrase("key", lang))}</h4><ol>{"".join(key)}</ol></div></section>'
    )


def quiz_key(lang: Lang = "en") -> list[tuple[str, str, bool, tuple[str, ...]]]:
    """(quiz id, number of the right option, legal, the rules the key cites) for each question, as printed."""
    check_lang(lang)
    out = []
    for quiz in QUIZZES.values():
        letter = str(quiz.correct + 1) if quiz.correct is not None else ""
        out.append((quiz.id, letter, quiz.answer().legal, quiz.key_rules()))
    return out


def quiz_answers(lang: Lang = "en") -> list[tuple[str, str, bool, str]]:
    """(quiz id, number of the right option, legal, deciding rule) for each question: what the key prints."""
    check_lang(lang)
    out = []
    for quiz in QUIZZES.values():
        answer = quiz.answer()
        letter = str(quiz.correct + 1) if quiz.correct is not None else ""
        out.append((quiz.id, letter, answer.legal, answer.rule))
    return out


# -- the learning path's lessons as worksheets (issue 28, item 4) ----------------------------------------------
def _fewer(exercise: Exercise, lang: Lang) -> str:
    fewer = shown_fewer(exercise, lang)
    return f"<p>{escape(fewer)}</p>" if fewer else ""


def _option_list(exercise: Exercise, lang: Lang) -> str:
    return "".join(f"<li>{escape(option_text(o, lang))}</li>" for o in exercise.options)


def _key_item(exercise: Exercise, number: int, lang: Lang) -> str:
    """One line of the key: the engine's right move(s), the rule the exercise is about, and what each wrong move
    does instead (refused, with the refusing rule; or legal with another outcome)."""
    right = " / ".join(option_text(o, lang) for o in exercise.options if o.right)
    wrong = []
    for option in exercise.options:
        if option.right:
            continue
        text = outcome_text(option, lang)
        refused = f" <code>{escape(option.verdict.rule)}</code>" if not option.verdict.legal else ""
        wrong.append(escape(text) + refused)
    rule = exercise.rule
    return (
        f'<li value="{number}" data-exercise-key="{escape(exercise.id)}"><strong>{escape(right)}</strong>. '
        f"{escape(CATALOGUE[rule].text(lang))} <code>{escape(rule)}</code> "
        f"{escape(EXERCISE.phrase('key_wrong', lang))} {' '.join(wrong)}</li>"
    )


def lesson_sheet_html(set_name: str, lang: Lang) -> str:
    """One lesson of the learning path on a printable sheet: each exercise's task, its position as text and the
    moves to choose from; the engine's answer key at the foot, with the rule behind every answer."""
    lang = check_lang(lang)
    chosen = in_set(set_name)
    number = numbers()
    lesson = SETS.index(set_name) + 1
    title = EXERCISE.phrase("lesson", lang, number=lesson, title=set_title(set_name, lang))
    block = f"lesson-{set_name}"
    items = []
    for exercise in chosen:
        game = exercise.position()
        preset = Rules.from_spec(exercise.case.get("rules", DEFAULT_PRESET)).preset_name or "-"
        rules = f" {escape(EXERCISE.phrase('rules', lang, preset=preset))}." if preset != DEFAULT_PRESET else ""
        items.append(
            f'<li value="{number[exercise.id]}" class="sg-quiz-sheet__q" data-exercise-sheet="{escape(exercise.id)}">'
            f"<p><strong>{escape(task(exercise, lang))}</strong>{rules}</p>"
            f'<p class="sg-quiz-sheet__pos">{escape(_position_text(game, lang))}.</p>'
            f"<ol>{_option_list(exercise, lang)}</ol>{_fewer(exercise, lang)}</li>"
        )
    key = "".join(_key_item(e, number[e.id], lang) for e in chosen)
    link = (
        f'<p class="sg-lesson__link"><a href="learn.html#{escape(_anchor(set_name, lang))}">'
        f"{escape(EXERCISE.phrase('open_lesson', lang))}</a></p>"
    )
    return (
        f'<section class="sg-printable sg-quiz-sheet sg-lesson" data-printable="{block}" data-lesson="{escape(set_name)}" '
        f'lang="{lang}" aria-label="{escape(EXERCISE.phrase("sheet", lang))}: {escape(title)}">{_button(block, lang)}'
        f"<h3>{escape(EXERCISE.phrase('sheet', lang))}: {escape(title)}</h3>{link}"
        f'<p class="sg-quiz-sheet__name">{escape(HANDOUT.phrase("name", lang))} ____________________ '
        f"{escape(EXERCISE.phrase('sheet_task', lang))}</p>"
        f'<ol class="sg-quiz-sheet__list">{"".join(items)}</ol>'
        f'<div class="sg-quiz-sheet__key"><h4>{escape(EXERCISE.phrase("key", lang))}</h4><ol>{key}</ol></div></section>'
    )


def _anchor(set_name: str, lang: Lang) -> str:
    """The learning page's heading anchor of a lesson: the id Sphinx gives its title (accents dropped, å to a)."""
    title = unicodedata.normalize("NFKD", set_title(set_name, lang).lower())
    plain = "".join(ch for ch in title if not unicodedata.combining(ch))
    return "-".join("".join(ch for ch in plain if ch.isalnum() or ch == " ").split())


def lesson_sheets_html(lang: Lang) -> str:
    """Every lesson of the learning path as a worksheet with its key."""
    return "".join(lesson_sheet_html(name, lang) for name in SETS)


def lesson_key() -> list[tuple[str, str, tuple[str, ...], str]]:
    """(exercise id, lesson, the engine's right moves, the rule the key cites) for each exercise, as printed."""
    return [(e.id, e.set, tuple(o.move for o in e.options if o.right), e.rule) for e in exercises().values()]
