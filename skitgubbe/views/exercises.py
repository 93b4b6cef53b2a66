"""The learning path: one exercise per rule, answered by tapping a card or an action, judged at build time.

The exercises are data (`exercise_data`, from `skitgubbe/records/exercises/*.json`); this module writes their HTML.
For every option the engine has already decided whether it is legal (and if not, which rule refuses it) and what it
leads to; the HTML carries, per option, the feedback to show (right or wrong, what the move did in the engine's
words, the deciding rule's sentence in the page's language) and the board after the move as a frame of the
reader's table (`session.frame_view`, drawn by the one front end, `table.js`). `exercises.js` (an ES module, no
engine) makes the buttons work, draws each board with `table.js` and keeps the reader's progress in
`localStorage`; `exercises.css` styles it. The static site loads both on pages with the marker (`MARKER`,
`book/_ext/widget_runtime.py`); in Jupyter the cell's HTML carries them inline (`inline_runtime=True`).

Browser contract (docs/browser-contract.md): each exercise is `[data-exercise]` (an `<article>`: a `<section>` with an id would
be taken for one of the page's sections) with `data-rule`; after an answer it carries
`data-result="right"|"wrong"` and its feedback (`data-role="explain"`, `aria-live`) is under the options, where the
reader tapped (exercises.js keeps the tapped option in place while the board grows, and the feedback in view).
Rule ids (`sg-ex__ruleid`) are for referees and teachers: shown only while the board's "show rule ids" is checked.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import lru_cache
from html import escape
from importlib import resources
from typing import Any

from skitgubbe import pictures
from skitgubbe.engine.moves import parse_move
from skitgubbe.records.caselib import say
from skitgubbe.replay import card_codes
from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.rules.options import DEFAULT_PRESET, Rules
from skitgubbe.session import frame_view
from skitgubbe.text.exercise_words import EXERCISE, FEEDBACK, SET_TITLES, SHOWN_FEWER, TASKS
from skitgubbe.text.i18n import move_text
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.numbers import fmt_int
from skitgubbe.views import esm, render, table
from skitgubbe.views.exercise_data import SETS, Exercise, Option, exercises, outcome_rule

#: the path's browser files, in skitgubbe/views/
RUNTIME_FILES = ("exercises.js", "exercises.css")
#: the marker widget_runtime looks for in a page's body
MARKER = "data-sg-path="


def task(exercise: Exercise, lang: Lang) -> str:
    """The exercise's task in `lang`, card slots written out."""
    return say(TASKS[exercise.id][0 if lang == "sv" else 1], lang)


def shown_fewer(exercise: Exercise, lang: Lang) -> str:
    """Why the exercise offers fewer moves than its position allows, or '' when it offers every one."""
    if exercise.id not in SHOWN_FEWER:
        return ""
    count = fmt_int(len(exercise.position().legal_moves()), lang)
    return SHOWN_FEWER.phrase(exercise.id, lang, count=count)


def option_text(option: Option, lang: Lang) -> str:
    """An option in words: its cards (`♥D`), `Ta upp (supa)` / `Pick up (supa)` or `Chansa`."""
    kind = option.kind
    if kind == "pick-up":
        return EXERCISE.phrase("pick_up", lang)
    if kind == "chansa":
        return EXERCISE.phrase("chansa", lang)
    return move_text(parse_move(option.move), lang)


def set_title(set_name: str, lang: Lang) -> str:
    """A lesson's title (`SET_TITLES`, by the set's name)."""
    return SET_TITLES.phrase(set_name, lang)


def outcome_text(option: Option, lang: Lang) -> str:
    """What an option did, in a sentence (`FEEDBACK`, by the outcome the option's file names)."""
    return FEEDBACK.phrase(option.says, lang, move=option_text(option, lang))


def _preset(exercise: Exercise) -> str:
    return Rules.from_spec(exercise.case.get("rules", DEFAULT_PRESET)).preset_name or "-"


def _frames(exercise: Exercise, lang: Lang) -> list[dict[str, Any]]:
    """The board before the answer and after each option (a refused one: the same position, the refusal shown)."""
    game = exercise.position()
    player = exercise.player
    frames = [frame_view(game.state, lang, index=0, total=1, label="")]
    for option in exercise.options:
        verdict = option.verdict
        text = option_text(option, lang)
        label = f"{player}: {text}"
        if verdict.legal:
            frames.append(
                frame_view(
                    verdict.game.state, lang, index=1, total=1, before=game.state, step=verdict.step, label=label
                )
            )
        else:
            illegal = {"player": player, "move": option.move, "rule": verdict.rule, "why": verdict.words[lang]}
            frames.append(frame_view(game.state, lang, index=1, total=1, illegal=illegal, label=label))
    return frames


def _rule_html(rule_id: str, lang: Lang) -> str:
    rule = CATALOGUE[rule_id]
    return (
        f'<span class="sg-ex__rule">{escape(EXERCISE.phrase("rule", lang, text=rule.text(lang)))} '
        f'<code class="sg-ex__ruleid">{escape(rule.id)}</code></span>'
    )


def feedback_text(exercise: Exercise, index: int, lang: Lang) -> tuple[str, str, str]:
    """One option's feedback as (head, what the move did, the deciding rule id): the engine's verdict in words."""
    option = exercise.options[index]
    verdict = option.verdict
    text = option_text(option, lang)
    if option.right:
        head = EXERCISE.phrase("right", lang)
    else:
        answers = f" {EXERCISE.phrase('or', lang)} ".join(option_text(o, lang) for o in exercise.options if o.right)
        head = (
            f"{EXERCISE.phrase('wrong', lang)} {EXERCISE.phrase('chosen', lang, move=text)} "
            f"{EXERCISE.phrase('answer', lang, moves=answers)}"
        )
    said = outcome_text(option, lang)
    events = " ".join(sv if lang == "sv" else en for _, sv, en in verdict.events)
    body = " ".join(part for part in (said, verdict.words[lang], events) if part)
    return head, body, outcome_rule(verdict, option.says)


def _feedback(exercise: Exercise, index: int, lang: Lang) -> str:
    head, body, rule = feedback_text(exercise, index, lang)
    return (
        f'<template data-feedback="{index}"><p><strong>{escape(head)}</strong> {escape(body)} '
        f"{_rule_html(rule, lang)}</p></template>"
    )


def _button(option: Option, index: int, lang: Lang) -> str:
    """An option to tap: the browser contract's action button (`data-action`, and `data-card` for one card)."""
    kind = option.kind
    words = escape(option_text(option, lang))
    if kind == "play":
        code = option.cards[0]
        pic = pictures.card_html(code, lang, size="md").replace(f' data-card="{code}"', "", 1)
        return (
            f'<li><button type="button" class="sg-ex__option sg-ex__option--card" data-action="play" '
            f'data-card="{code}" data-option="{index}">{pic}</button></li>'
        )
    if kind == "play-selected":
        pics = "".join(pictures.card_html(c, lang, size="sm").replace(f' data-card="{c}"', "", 1) for c in option.cards)
        return (
            f'<li><button type="button" class="sg-ex__option sg-ex__option--cards" data-action="play-selected" '
            f'data-cards="{" ".join(option.cards)}" data-option="{index}">{pics}</button></li>'
        )
    return (
        f'<li><button type="button" class="sg-ex__option sg-ex__option--action" data-action="{kind}" '
        f'data-option="{index}">{words}</button></li>'
    )


def exercise_html(exercise: Exercise, number: int, lang: str) -> str:
    """One exercise: its task, the board (drawn by table.js from the frames), an answer button per option and
    the feedback of each, computed by the engine."""
    lang = check_lang(lang)
    frames = _frames(exercise, lang)
    board = json.dumps({"frames": frames}, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    preset = _preset(exercise)
    rules = (
        f'<p class="sg-ex__preset">{escape(EXERCISE.phrase("rules", lang, preset=preset))}</p>'
        if preset != DEFAULT_PRESET
        else ""
    )
    fewer = shown_fewer(exercise, lang)
    if fewer:
        rules += f'<p class="sg-ex__fewer">{escape(fewer)}</p>'
    title_id = f"ex-{exercise.id}-title"
    buttons = "".join(_button(o, i, lang) for i, o in enumerate(exercise.options))
    label = escape(EXERCISE.phrase("options", lang, name=exercise.player))
    feedbacks = "".join(_feedback(exercise, i, lang) for i in range(len(exercise.options)))
    right = ",".join(map(str, exercise.right))
    again = escape(EXERCISE.phrase("again_label", lang, number=number))
    return (
        f'<article class="sg-ex" id="ex-{escape(exercise.id)}" data-exercise="{escape(exercise.id)}" '
        f'data-rule="{escape(exercise.rule)}" data-right="{right}" aria-labelledby="{title_id}">'
        f'<h3 class="sg-ex__title" id="{title_id}">{escape(EXERCISE.phrase("exercise", lang, number=number))}</h3>'
        f'<p class="sg-ex__task">{escape(task(exercise, lang))}</p>{rules}'
        f'<div class="sg-ex__play"><div class="sg-ex__board" data-role="exercise-board">'
        f'<script type="application/json" class="sg-ex__frames">{board}</script></div>'
        f'<div class="sg-ex__answer"><p class="sg-ex__who">{escape(EXERCISE.phrase("your_move", lang, name=exercise.player))}</p>'
        f'<ul class="sg-ex__options" aria-label="{label}">{buttons}</ul>{feedbacks}'
        '<div class="sg-ex__feedback" data-role="explain" aria-live="polite"></div>'
        f'<p class="sg-ex__againbox"><button type="button" class="sg-ex__again" data-action="exercise-again" '
        f'aria-label="{again}" hidden>{escape(EXERCISE.phrase("again", lang))}</button></p></div></div>'
        f'<p class="sg-ex__teaches">{escape(EXERCISE.phrase("teaches", lang, text=CATALOGUE[exercise.rule].text(lang)))} '
        f'<code class="sg-ex__ruleid">{escape(exercise.rule)}</code></p></article>'
    )


def in_set(set_name: str) -> list[Exercise]:
    """The exercises of one lesson, in the path's order."""
    if set_name not in SETS:
        raise ValueError(f"unknown exercise set {set_name!r}; the sets are {', '.join(SETS)}")
    return [e for e in exercises().values() if e.set == set_name]


def numbers() -> dict[str, int]:
    """Each exercise's number on the path (1, 2, ...), in the path's order."""
    return {exercise_id: n for n, exercise_id in enumerate(exercises(), start=1)}


def _shared(lang: Lang, frames: Sequence[dict[str, Any]]) -> str:
    steps = {
        "steps_touch": EXERCISE.phrase("steps_touch", lang),
        "steps_keys": EXERCISE.phrase("steps_keys", lang),
        "wrong": EXERCISE.phrase("wrong", lang),
    }
    data = {"lang": lang, "words": table.words(lang), "deck": pictures.deck(lang, card_codes(frames)), "steps": steps}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def set_html(set_name: str, lang: str, *, inline_runtime: bool = False) -> str:
    """One lesson of the path: its exercises, with the table's words and card pictures they share."""
    lang = check_lang(lang)
    chosen = in_set(set_name)
    number = numbers()
    frames = [f for e in chosen for f in _frames(e, lang)]
    body = "".join(exercise_html(e, number[e.id], lang) for e in chosen)
    box = (
        f'<div class="sg-path" data-sg-path="{lang}" data-set="{escape(set_name)}" lang="{lang}">'
        f'<script type="application/json" class="sg-path__table">{_shared(lang, frames)}</script>'
        f"<noscript><p>{escape(EXERCISE.phrase('no_script', lang))}</p></noscript>{body}</div>"
    )
    return _inline(box, f"set {set_name} {lang}") if inline_runtime else box


def status_html(lang: str, *, inline_runtime: bool = False) -> str:
    """The path's progress line, its finished message and the start-over control (exercises.js fills them)."""
    lang = check_lang(lang)
    words = json.dumps(
        {
            "progress": EXERCISE.template("progress", lang),
            "finished": EXERCISE.template("finished", lang),
            "unreadable": EXERCISE.template("unreadable", lang),
        },
        ensure_ascii=False,
    )
    box = (
        f'<div class="sg-path-status" data-sg-path="{lang}" data-role="path-status" lang="{lang}" '
        f"data-words='{escape(words)}'>"
        f'<p class="sg-path-status__line"><progress data-role="path-bar" max="1" value="0" '
        f'aria-label="{escape(EXERCISE.phrase("path", lang))}"></progress> '
        f'<span data-role="path-progress" role="status"></span></p>'
        f'<p class="sg-path-status__done" data-role="path-finished" hidden></p>'
        # said (exercises.js) when the progress kept in this browser cannot all be read (the rest is kept)
        f'<p class="sg-path-status__note" data-role="path-note" role="status" hidden></p>'
        f'<p><button type="button" class="sg-path-status__reset" data-action="path-reset" '
        f'aria-label="{escape(EXERCISE.phrase("reset_label", lang))}">{escape(EXERCISE.phrase("reset", lang))}</button></p>'
        "</div>"
    )
    return _inline(box, f"status {lang}") if inline_runtime else box


def path_html(lang: str, *, inline_runtime: bool = False) -> str:
    """The whole path on one output: the status, every lesson with its title, the status again."""
    lang = check_lang(lang)
    sets = "".join(
        f'<h2 class="sg-path__set" id="set-{name}">{escape(set_title(name, lang))}</h2>{set_html(name, lang)}'
        for name in SETS
    )
    box = status_html(lang) + sets + status_html(lang)
    return _inline(box, f"path {lang}") if inline_runtime else box


def _inline(box: str, key: str) -> str:
    """For Jupyter, where no site loads the files: the styles scoped to this output, the modules as data URLs
    (exercises.js imports table.js next to it; here that import names table.js's data URL)."""
    root = "sg-path-" + hashlib.sha1(key.encode()).hexdigest()[:12]
    css = render.scope_css(runtime_file("exercises.css"), f"#{root}") + render.scope_css(table.css(), f"#{root}")
    script = esm.inlined("exercises.js")
    return f'<style>{css}</style><div class="sg-root" id="{root}">{box}</div><script type="module">{script}</script>'


@lru_cache(maxsize=2)
def runtime_file(name: str) -> str:
    """The text of exercises.js or exercises.css (package files)."""
    if name not in RUNTIME_FILES:
        raise ValueError(f"not an exercise runtime file: {name!r}")
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
