"""The house-rules page's words on the rules' data: the export the page runs on and the composed rules text.

`skitgubbe.rules.export` computes the data (the conditions of every catalogue rule, the verdict on every
combination, rules files and the page's address); this module adds the words of `house_rules_words`:

- `export()` is the JSON the book's house-rules form runs on (written at build time by `book/_ext/house_rules.py`
  with `write`); the form's JavaScript only reads it, so what it holds is what the page shows;
- `composed_text(rules, lang, base)`: the whole rules of a combination as plain text;
- `reason_sv(problem)`: the Swedish of an engine reason for a refused combination;
- `refusal_words(problem)`: a refused combination as the page says it, in each language, the options named as the
  form names them.

Both word the engine's problem (`RulesError.phrase()`, a key of `skitgubbe.rules.options.COMBINATION_PROBLEMS` and
its parameters as data) from its key; nothing here reads the engine's English.
"""

from __future__ import annotations

import json
from typing import Any

from skitgubbe.rules.catalogue import CATALOGUE
from skitgubbe.rules.export import (
    CODES,
    CONDITIONS,
    GROUPS,
    SECTIONS,
    Value,
    active_rules,
    option_names,
    option_rules,
    option_values,
    played_by,
    values_of,
    verdict_table,
)
from skitgubbe.rules.options import DEFAULT_PRESET, PRESET_SOURCES, PRESETS, Rules
from skitgubbe.rules.rule import SOURCES
from skitgubbe.text.house_rules_words import (
    HOUSE_OPTIONS,
    HOUSE_REASONS,
    HOUSE_REFUSALS,
    HOUSE_SOURCES,
    HOUSE_STYLES,
    HOUSE_VALUES,
    HOUSE_WORDS,
    HOUSE_YES_NO,
)
from skitgubbe.text.lang import LANGS, Lang, check_lang
from skitgubbe.text.phrases import PhraseBook, placeholders
from skitgubbe.wording import Phrase


def _both(book: PhraseBook[Any], key: object) -> dict[str, str]:
    """A key's text in each language, Swedish first (the shape the page reads)."""
    return {lang: book.phrase(key, lang) for lang in LANGS}


def value_label(name: str, value: Value) -> dict[str, str]:
    """The label of one value of an option, in each language."""
    if isinstance(value, bool):
        return _both(HOUSE_YES_NO, value)
    return _both(HOUSE_VALUES, (name, value))


# -- the engine's reasons, worded from their keys ------------------------------------------------------------------
def _style(value: str) -> str:
    """A phase-1 style as a Swedish reason names it (a value without a name is shown as it is)."""
    return HOUSE_STYLES.phrase(value, "sv") if value in HOUSE_STYLES else value


def _names(options: object) -> tuple[str, ...]:
    """The option names of a problem's `options` parameter (a tuple of names)."""
    return tuple(str(name) for name in options) if isinstance(options, tuple) else ()


def reason_sv(problem: Phrase) -> str:
    """The Swedish of an engine reason for a refused combination (`Rules`' `RulesError.phrase()`), from its key
    and parameters; a `PhraseKeyError` for a key that has no words here."""
    params = problem.params
    given = {
        "options": ", ".join(repr(name) for name in _names(params.get("options"))),
        "style": _style(str(params.get("style", ""))),
        "rule": str(params.get("rule", "")),
    }
    wanted = placeholders(HOUSE_REASONS.template(problem.key, "sv")) if problem.key in HOUSE_REASONS else frozenset()
    return HOUSE_REASONS.phrase(problem.key, "sv", **{name: given[name] for name in wanted})


def refusal_words(problem: Phrase) -> dict[str, str]:
    """A refused combination as the page says it: whole sentences in each language naming the options and values
    as the form shows them (the engine's reason names them as a rules file writes them), from the problem's key;
    a `PhraseKeyError` for a key that has no words here."""
    return {lang: _refusal(problem, lang) for lang in LANGS}


def _refusal(problem: Phrase, lang: Lang) -> str:
    labels = _labels(lang)
    style = str(problem.params.get("style", ""))
    labels["style"] = labels["value"]("phase1_style", style) if style else ""
    labels["options"] = _listed([labels["option"](name) for name in _names(problem.params.get("options"))], lang)
    labels["rule"] = str(problem.params.get("rule", ""))
    wanted = placeholders(HOUSE_REFUSALS.template(problem.key, lang)) if problem.key in HOUSE_REFUSALS else frozenset()
    return HOUSE_REFUSALS.phrase(problem.key, lang, **{name: labels[name] for name in wanted})


def _listed(names: list[str], lang: Lang) -> str:
    """`a`, `a and b`, `a, b and c` in `lang`."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {HOUSE_REFUSALS.phrase('and', lang)} {names[-1]}"


def _labels(lang: Lang) -> dict[str, Any]:
    """The quoted labels a page sentence may name, by its placeholder (and `option`/`value` to quote others)."""

    def quote(text: str) -> str:
        return HOUSE_REFUSALS.phrase("quoted", lang, text=text)

    def opt(name: str) -> str:
        return quote(HOUSE_OPTIONS.phrase(name, lang))

    def val(name: str, value: Value) -> str:
        return quote(value_label(name, value)[lang])

    return {
        "option": opt,
        "value": val,
        "who": opt("phase1_style"),
        "end": opt("phase1_end"),
        "chansa": opt("chansa"),
        "complete": opt("trick_complete"),
        "pick": opt("pick_up"),
        "style2": opt("phase2_style"),
        "sequences": opt("sequences"),
        "follow": opt("follow_suit"),
        "trump": opt("trump_when_unable"),
        "everyone": val("phase1_style", "everyone"),
        "yes": val("sequences", True),
        "no": val("sequences", False),
        "finish": val("phase1_end", "finish-trick"),
        "due": val("phase1_end", "due-player-empty"),
        "skip": val("phase1_end", "skip-empty"),
        "cards": val("trick_complete", "cards"),
        "plays": val("trick_complete", "plays"),
        "whole": val("pick_up", "pile"),
        "top": val("pick_up", "top-card"),
        "last": val("pick_up", "last-play"),
        "pile": val("phase2_style", "pile"),
    }


# -- the composed text (what the page shows, as plain text) --------------------------------------------------------
def composed_text(rules: Rules, lang: str, base: str = DEFAULT_PRESET) -> str:
    """The whole rules of a combination as text: each section's catalogue sentences with their rule ids, rules that
    differ from the preset `base` marked, and the options not in play with the rules they would switch."""
    lang = check_lang(lang)
    active = active_rules(rules)
    baseline = active_rules(PRESETS[base])
    base_set = {r for ids in baseline.values() for r in ids}
    now_set = {r for ids in active.values() for r in ids}
    differs = HOUSE_WORDS.phrase("differs", lang)
    lines = [f"{HOUSE_WORDS.phrase('title', lang)} ({HOUSE_WORDS.phrase('based_on', lang)} {base})"]
    for section in SECTIONS:
        lines.append("")
        lines.append(HOUSE_WORDS.phrase(section, lang))
        for rule_id in active[section]:
            mark = f" [{differs}]" if rule_id not in base_set else ""
            lines.append(f"- {CATALOGUE[rule_id].text(lang)} ({rule_id}){mark}")
    dropped = [r for ids in baseline.values() for r in ids if r not in now_set]
    if dropped:
        lines.append("")
        lines.append(HOUSE_WORDS.phrase("dropped", lang))
        lines += [f"- {CATALOGUE[r].text(lang)} ({r})" for r in dropped]
    unused = [(n, ids) for n, ids in option_rules(rules).items() if not ids]
    if unused:
        lines.append("")
        lines.append(HOUSE_WORDS.phrase("not_in_play", lang))
        docs = Rules.option_docs()
        for name, _ in unused:
            lines.append(f"- {HOUSE_OPTIONS.phrase(name, lang)}: {', '.join(docs[name][1])}")
    return "\n".join(lines)


# -- the export -----------------------------------------------------------------------------------------------------
def export() -> dict[str, Any]:
    """Everything the house-rules page needs, JSON-ready: the rules' data with the page's words."""
    docs = Rules.option_docs()
    kinds = {name: ("bool" if isinstance(getattr(Rules(), name), bool) else "enum") for name in option_names()}
    options = []
    for group, names in GROUPS.items():
        for name in names:
            point, rule_ids, doc = docs[name]
            options.append(
                {
                    "name": name,
                    "group": group,
                    "type": kinds[name],
                    "point": point,
                    "doc": doc,
                    "label": _both(HOUSE_OPTIONS, name),
                    "values": [
                        {"value": v, "label": value_label(name, v), "played_by": played_by(name, v)}
                        for v in option_values(name)
                    ],
                    "defaults": {p: values_of(r)[name] for p, r in PRESETS.items()},
                    "rules": list(rule_ids),
                }
            )
    table, reasons = verdict_table()
    used = {r for r, _, _ in CONDITIONS}
    return {
        "format": 1,
        "order": list(option_names()),
        "radix": [len(option_values(n)) for n in option_names()],
        "value_order": {n: list(option_values(n)) for n in option_names()},
        "options": options,
        "presets": {p: values_of(r) for p, r in PRESETS.items()},
        "preset_sources": {p: list(s) for p, s in PRESET_SOURCES.items()},
        "sections": list(SECTIONS),
        "conditions": [{"rule": r, "section": s, "when": {k: list(v) for k, v in c.items()}} for r, s, c in CONDITIONS],
        "catalogue": {
            rid: {**{lang: CATALOGUE[rid].text(lang) for lang in LANGS}, "sources": list(CATALOGUE[rid].sources)}
            for rid in sorted(used)
        },
        "sources": {k: {"name": SOURCES[k], **_both(HOUSE_SOURCES, k)} for k in SOURCES},
        "verdicts": table,
        "codes": CODES,
        # the engine's English reason first, then its Swedish (the order the page's data has always had); a call, not
        # a literal: a `{"sv": ..., "en": ...}` literal is the shape of a word table, which this file may not keep
        # `page`: the sentences the page shows (the options as the form names them), in each language
        "reasons": [dict(en=str(r), sv=reason_sv(r), page=refusal_words(r)) for r in reasons],  # noqa: C408
        "words": {lang: {k: HOUSE_WORDS.template(k, lang) for k in HOUSE_WORDS} for lang in LANGS},
    }


def write(path: str) -> None:
    """Write `export()` as JSON (the build calls this)."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(export(), f, ensure_ascii=False, separators=(",", ":"))
