"""The learning path's exercises (skitgubbe/views/exercise_data.py, exercises.py): every answer is the engine's.

- one test per exercise file: the right options are exactly the moves the engine judges to have the goal's outcome
  (played on a fresh copy of the position, not through the module under test), each wrong option is refused by the
  rule its feedback names or is legal but has another outcome, as its feedback says; the rule the exercise cites
  is one the engine cites for it;
- the path has at least 25 exercises in the learner's order, the first lead first, each set non-empty;
- every exercise has its task in both languages and every task belongs to an exercise; the HTML carries the
  browser contract (`data-exercise`, `data-rule`, `data-right`, one action button and one feedback per option);
- a bad exercise file is refused with a message naming the file and the field, in both languages: by the one
  reader of case files (`records.case_files`: unreadable, or its id not its name) or by the exercise's checks, and
  `check` on it exits 2 with that message;
- the teacher's worksheets print the engine's right moves.
"""

from __future__ import annotations

import json
import re
from html import escape, unescape
from importlib import resources
from typing import Any

import pytest
from helpers import cli

from skitgubbe.engine.events import EventKind
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import parse_move
from skitgubbe.errors import RecordError
from skitgubbe.records.record import Case
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.text.exercise_words import EXERCISE, FEEDBACK, SET_TITLES, SHOWN_FEWER, TASKS
from skitgubbe.views import exercises as view
from skitgubbe.views import handouts
from skitgubbe.views.exercise_data import SETS, TAGS, ExerciseFileError, exercises, read_exercise

LANGS = ("sv", "en")
FILES = sorted(
    e.name for e in resources.files("skitgubbe.records").joinpath("exercises").iterdir() if e.name.endswith(".json")
)


def _raw(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("skitgubbe.records").joinpath("exercises", name).read_text())
    return data


#: the event kinds the files name by another word ("ties" for a stunsa, "chansa" for the turned talon card,
#: "picked-up" for a phase-1 card taken into hand)
RENAMED = {"tie": "ties", "chansa-card": "chansa", "taken": "picked-up"}


def _engine_outcome(data: dict[str, Any], move: str) -> tuple[bool, str, set[str]]:
    """The engine's own judgement of `move` in the file's position, worked out here from the case alone:
    (legal, the refusing rule or '', the event kinds and who they concern)."""
    case = {k: v for k, v in data.items() if k not in ("id", "exercise")}
    game = Case.load(case).start()
    for text in case["moves"]:
        game.play(text)
    player = str(game.to_play)
    empty = not game.table
    try:
        step = game.play(move, player)
    except IllegalMove as error:
        return False, error.rule, set()
    facts = {"leads"} if empty else ({"beats"} if game.phase == 2 and move not in ("pick up", "chansa") else set())
    for event in step.events:
        if event.kind is EventKind.TRICK_WON:
            facts.add("wins" if event.player == player else "loses")
        elif event.kind in (EventKind.DREW, EventKind.OUT):
            if event.player == player:
                facts.add(event.kind.value)
        else:
            facts.add(RENAMED.get(event.kind.value, event.kind.value))
    return True, "", facts


@pytest.mark.parametrize("name", FILES, ids=lambda n: n.removesuffix(".json"))
def test_the_right_answer_is_the_engines_and_each_wrong_one_fails_as_its_feedback_says(name: str) -> None:
    data = _raw(name)
    exercise = exercises()[name.removesuffix(".json")]
    goal = data["exercise"]["goal"]
    assert exercise.rule in CATALOGUE and exercise.rule in exercise.cited_rules()
    rights = []
    for i, spec in enumerate(data["exercise"]["options"]):
        legal, refusing, facts = _engine_outcome(data, spec["move"])
        right = legal and goal in facts
        rights.append(right)
        option = exercise.options[i]
        assert option.right == right, (spec, facts)
        for lang in LANGS:
            head, body, rule = view.feedback_text(exercise, i, lang)
            assert head.startswith(EXERCISE.phrase("right" if right else "wrong", lang))
            assert body.startswith(FEEDBACK.phrase(spec["says"], lang, move=view.option_text(option, lang)))
            assert rule in CATALOGUE
            if not legal:
                # refused by the rule the feedback names, in the page's words
                assert spec["says"] == "refused" and spec["rule"] == refusing == rule, (spec, refusing, rule)
                assert option.verdict.words[lang] in body
            else:
                # legal, and it does what its feedback says (and, if wrong, not what was asked)
                assert spec["says"] in facts, (spec, facts)
                assert right or goal not in facts
        html = view.exercise_html(exercise, 1, "en")
        feedback = re.search(rf'<template data-feedback="{i}">(.*?)</template>', html, re.S)
        assert feedback and f'<code class="sg-ex__ruleid">{rule}</code>' in feedback.group(1)
    assert any(rights) and not all(rights)


#: A question for more than one answer, which one tap cannot give.
PLURAL_QUESTION = {
    "sv": re.compile(r"\bvilka\b", re.IGNORECASE),
    "en": re.compile(r"\b(?:which|what) (?:moves|cards|leads|answers|plays)\b", re.IGNORECASE),
}


@pytest.mark.parametrize("name", FILES, ids=lambda n: n.removesuffix(".json"))
def test_each_exercise_asks_for_what_one_tap_gives_and_offers_every_move_or_says_why_not(name: str) -> None:
    """One tap answers the task (no question for several moves, and where several moves are right the task asks
    for one of them, not "which"); the options are every move the engine allows (besides refused ones), or the
    exercise says why it shows fewer, on the path and on the worksheet."""
    exercise = exercises()[name.removesuffix(".json")]
    for lang in LANGS:
        text = view.task(exercise, lang)
        assert not PLURAL_QUESTION[lang].search(text), (lang, text)
        if len(exercise.right) > 1:
            assert not text.rstrip().endswith("?"), (lang, text, "several moves are right: ask for one")
    game = exercise.position()
    offered = {str(parse_move(o.move)) for o in exercise.options}
    missing = [str(m) for m in game.legal_moves() if str(m) not in offered]
    for lang in LANGS:
        note = view.shown_fewer(exercise, lang)
        assert bool(note) == bool(missing), (lang, missing, note)
        if note:
            assert view.fmt_int(len(game.legal_moves()), lang) in note
            assert escape(note) in view.exercise_html(exercise, 1, lang)
            assert escape(note) in handouts.lesson_sheet_html(exercise.set, lang)


def test_the_path_has_at_least_25_exercises_in_the_learners_order() -> None:
    found = list(exercises().values())
    assert len(found) >= 25
    assert [e.set for e in found] == sorted((e.set for e in found), key=SETS.index)
    assert all(any(e.set == s for e in found) for s in SETS)
    # the learner's order: the first lead, beating, a tie, drawing, chansa and its limit, the last card, the end
    phase1 = [e.rule for e in found if e.set == "phase1"]
    order = ["p1.lead", "p1.higher-wins", "p1.stunsa", "p1.draw", "p1.chansa", "p1.chansa.not-last", "p1.last-card"]
    assert [phase1.index(r) for r in order] == sorted(phase1.index(r) for r in order)
    assert phase1.index("p1.end.due-player-empty") > phase1.index("p1.last-card")
    phase2 = [e.rule for e in found if e.set == "phase2"]
    assert phase2[0] == "p2.lead" and phase2[-1] == "p2.loser"
    assert {e.case.get("rules") for e in found if e.set == "variants"} >= {
        "kortspelsregler",
        "strikt",
        "alla-spelar",
        "uppslagen-trumf",
        "specialkort",
    }


def test_every_exercise_has_its_task_in_both_languages_and_every_task_an_exercise() -> None:
    assert set(TASKS) == set(exercises())
    assert set(SHOWN_FEWER) <= set(exercises())
    assert set(SET_TITLES) == set(SETS)
    assert set(FEEDBACK) == set(TAGS)
    for exercise in exercises().values():
        for lang in LANGS:
            text = view.task(exercise, lang)
            assert text.strip() and "{" not in text, (exercise.id, lang)
        sv, en = (view.task(exercise, lang) for lang in LANGS)
        assert sv != en
        # the same cards in both languages' slots
        assert re.findall(r"\{([^}]*)\}", TASKS[exercise.id][0]) == re.findall(r"\{([^}]*)\}", TASKS[exercise.id][1])


@pytest.mark.parametrize("lang", LANGS)
def test_the_html_carries_the_browser_contract(lang: str) -> None:
    html = view.path_html(lang)
    assert html.count(view.MARKER) == 2 + len(SETS)  # the two status boxes and one box per lesson
    sections = re.findall(
        r'<article class="sg-ex" id="ex-([^"]+)" data-exercise="([^"]+)" data-rule="([^"]+)" '
        r'data-right="([^"]+)"',
        html,
    )
    assert [s[1] for s in sections] == list(exercises())
    for _, exercise_id, rule, right in sections:
        exercise = exercises()[exercise_id]
        assert rule == exercise.rule and [int(i) for i in right.split(",")] == list(exercise.right)
    for exercise in exercises().values():
        one = view.exercise_html(exercise, 1, lang)
        buttons = re.findall(r'<button type="button" class="sg-ex__option[^"]*" data-action="([^"]+)"([^>]*)>', one)
        assert len(buttons) == len(exercise.options) == one.count("<template data-feedback=")
        for (action, attrs), option in zip(buttons, exercise.options, strict=True):
            assert action == option.kind
            if action == "play":
                assert f'data-card="{option.cards[0]}"' in attrs
        assert 'data-role="explain" aria-live="polite"' in one
        frames = json.loads(unescape(re.search(r'class="sg-ex__frames">(.*?)</script>', one).group(1)))["frames"]
        assert len(frames) == len(exercise.options) + 1
        for frame, option in zip(frames[1:], exercise.options, strict=True):
            assert frame["last"]["legal"] == option.verdict.legal
            assert frame["last"]["rule"] == option.verdict.rule


def test_the_inline_runtime_carries_its_modules() -> None:
    html = view.set_html("phase1", "en", inline_runtime=True)
    script = html.split('<script type="module">', 1)[1]
    for module in ("exercises.js", "answers.js", "table.js", "board.js", "dom.js"):
        assert f"// ---- {module}\n" in script  # the modules it imports, in one module (skitgubbe.views.esm)
    assert '"./' not in script and script.count("</script") == 1


BASE = {
    "id": "bad",
    "exercise": {
        "set": "phase2",
        "rule": "p2.beat.suit",
        "goal": "beats",
        "options": [{"move": "QC", "says": "beats"}, {"move": "5C", "says": "refused", "rule": "p2.beat.suit"}],
    },
    "rules": "pagat",
    "players": ["A", "B", "C"],
    "phase": 2,
    "trump": "H",
    "to_play": "A",
    "hands": {"A": ["9C"], "B": ["QC", "5C"], "C": ["2D"]},
    "moves": ["A: 9C"],
}


def _with(path: str, value: Any) -> bytes:
    data = json.loads(json.dumps(BASE))
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if value is None:
        del node[last]
    elif isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return json.dumps(data).encode()


def test_a_good_file_loads() -> None:
    exercise = read_exercise("bad.json", json.dumps(BASE).encode())
    assert exercise.right == (0,)


@pytest.mark.parametrize(
    ("raw", "where", "said"),
    [
        (b"{not json", "exercises/bad.json: line 1", "bad JSON"),
        (_with("id", "other"), "exercises/bad.json: id", "does not match the file name"),
        (_with("exercise.set", "phase3"), "exercise.set", "must be one of phase1, phase2, variants"),
        (_with("exercise.rule", "p9.none"), "exercise.rule", "is not in the rule catalogue"),
        (_with("exercise.goal", None), "exercise", "the key 'goal' is missing"),
        (_with("exercise.options.0.says", "wins"), "options[0].says", "the rules engine finds: beats"),
        (
            _with("exercise.options.1.rule", "p2.one-card"),
            "options[1].rule",
            "the rules engine refuses the move by p2.beat.suit",
        ),
        (_with("exercise.options.0.move", "KS"), "options[0].says", "the rules engine finds: refused"),
        (_with("exercise.options.0.move", "QC QC QC"), "options[0].move", "is not a move here"),
        (_with("exercise.options.0", {"move": "QC", "says": "refused", "rule": "x"}), "options[0].says", "finds"),
        (_with("exercise.goal", "picked-up"), "exercise.options", "at least one option must give"),
        (_with("exercise.options.1", {"move": "QC", "says": "beats"}), "exercise.options", "at least one must not"),
        (_with("moves", ["A: 2D"]), "moves[0]", "is not legal in the position"),
        (_with("hands.C", ["9C"]), "exercises/bad.json: case", "cannot be used"),
    ],
)
def test_a_bad_file_is_refused_naming_the_file_and_the_field(raw: bytes, where: str, said: str) -> None:
    with pytest.raises((ExerciseFileError, RecordError)) as caught:
        read_exercise("bad.json", raw)
    error = caught.value
    message = error.message("en")
    assert message.startswith("exercises/bad.json") and where in message and said in message, message
    assert error.message("sv") != message and error.where.split(":")[0] in error.message("sv")


@pytest.mark.parametrize("lang", LANGS)
def test_check_reads_an_exercise_file_and_exits_2_on_a_bad_block(tmp_path: Any, lang: str) -> None:
    good = tmp_path / "good.json"
    good.write_bytes(json.dumps(BASE).encode())
    assert cli("check", str(good), "--lang", lang).returncode == 0
    bad = tmp_path / "bad.json"
    bad.write_bytes(_with("exercise.options.0.says", "wins"))
    result = cli("check", str(bad), "--lang", lang)
    assert result.returncode == 2 and result.stdout == "", result.stdout
    assert result.stderr.startswith(f"{bad}: exercise.options[0].says: ") and "beats" in result.stderr, result.stderr


def test_the_worksheets_print_the_engines_answers() -> None:
    for lang in LANGS:
        sheets = handouts.lesson_sheets_html(lang)
        assert sheets.count('class="sg-printable') == len(SETS)
        for exercise in exercises().values():
            key = re.search(rf'<li value="\d+" data-exercise-key="{exercise.id}"><strong>([^<]*)</strong>', sheets)
            assert key, exercise.id
            right = [view.option_text(o, lang) for o in exercise.options if o.right]
            assert unescape(key.group(1)) == " / ".join(right)
            assert f'data-exercise-sheet="{exercise.id}"' in sheets
    for exercise_id, set_name, moves, rule in handouts.lesson_key():
        exercise = exercises()[exercise_id]
        assert set_name == exercise.set and rule == exercise.rule
        assert moves == tuple(o.move for o in exercise.options if o.right)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_says_it_is_wrong_and_the_board_help_fits_the_pointer(lang: str) -> None:
    """Issue 53: the feedback's headline marks a wrong answer as wrong (and a right one as right); the path carries
    the board's help for a finger (no keys named) and for a mouse and keys; rule ids are hidden unless asked for."""
    assert EXERCISE.phrase("wrong", lang).startswith("✗") and EXERCISE.phrase("right", lang).startswith("✓")
    assert ("Fel" if lang == "sv" else "Wrong") in EXERCISE.phrase("wrong", lang)
    html = view.set_html("phase1", lang)
    shared = json.loads(re.search(r'class="sg-path__table">(.*?)</script>', html).group(1))
    touch, keys = shared["steps"]["steps_touch"], shared["steps"]["steps_keys"]
    assert touch == EXERCISE.phrase("steps_touch", lang) and keys == EXERCISE.phrase("steps_keys", lang)
    assert "Home" not in touch and ("pil" if lang == "sv" else "arrow") not in touch and "Home" in keys
    css = view.runtime_file("exercises.css")
    assert re.search(r"\.sg-ex__ruleid \{ display: none;", css) and ".sg-ex--ruleids .sg-ex__ruleid" in css
