"""The house-rules page's words on the rules' data: the export the page runs on and the composed rules text.

`skitgubbe.rules.export` computes the data (the conditions of every catalogue rule, the verdict on every
combination, rules files and the page's address); this module adds the words of `house_rules_words`:

- `export()` is the JSON the book's house-rules form runs on (written at build time by `book/_ext/house_rules.py`
  with `write`); the form's JavaScript only reads it, so what it holds is what the page shows;
- `composed_text(rules, lang, base)`: the whole rules of a combination as plain text;
- `reason_sv(reason)`: the Swedish of an engine reason for a refused combination;
- `refusal_words(reason)`: a refused combination as the page says it, in each language, the options named as the
  form names them.
"""

from __future__ import annotations

import json
import re
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
from skitgubbe.text.phrases import PhraseBook


def _both(book: PhraseBook[Any], key: object) -> dict[str, str]:
    """A key's text in each language, Swedish first (the shape the page reads)."""
    return {lang: book.phrase(key, lang) for lang in LANGS}


def value_label(name: str, value: Value) -> dict[str, str]:
    """The label of one value of an option, in each language."""
    if isinstance(value, bool):
        return _both(HOUSE_YES_NO, value)
    return _both(HOUSE_VALUES, (name, value))


# -- the engine's reasons in Swedish ------------------------------------------------------------------------------
_EVERYONE_ONLY = re.compile(
    r"option\(s\) (.+) belong to everyone-plays tricks \(phase1_style='everyone'\), not phase1_style='([a-z-]+)'"
)
_FINISH_TRICK = re.compile(
    r"phase1_end='finish-trick' is a variant of everyone-plays tricks .*not of phase1_style='([a-z-]+)'"
)
_SKIP_EMPTY = re.compile(r"phase1_end='skip-empty' belongs to two-card tricks")
_NO_CHANSA = re.compile(r"phase1_style='([a-z-]+)' has no chansa \(rule ([a-z0-9.-]+)\)")
_DUE_PLAYER_EMPTY = re.compile(r"phase1_style='([a-z-]+)' ends phase 1 when the player due to lead has no card")
_SEQUENCES_CARDS = re.compile(r"options 'sequences' and trick_complete='cards' cannot go together")
_FOLLOW_OR_TRUMP = re.compile(r"options 'follow_suit' and 'trump_when_unable' are two readings of D5")
_PILE_ONE_CARD = re.compile(r"phase2_style='pile' plays one card at a time")
_PILE_PICK_UP = re.compile(r"phase2_style='pile' picks up the whole pile")
_PILE_ONLY = re.compile(r"pick_up='pile' belongs to the pile game")


def _style(value: str) -> str:
    """A phase-1 style as a Swedish reason names it (a value without a name is shown as it is)."""
    return HOUSE_STYLES.phrase(value, "sv") if value in HOUSE_STYLES else value


def reason_sv(reason: str) -> str:
    """The Swedish rendering of an engine reason (a `ValueError` for a reason this module does not know)."""
    if m := _EVERYONE_ONLY.search(reason):
        return HOUSE_REASONS.phrase("everyone_only", "sv", options=m[1], style=_style(m[2]))
    if m := _FINISH_TRICK.search(reason):
        return HOUSE_REASONS.phrase("finish_trick", "sv", style=_style(m[1]))
    if _SKIP_EMPTY.search(reason):
        return HOUSE_REASONS.phrase("skip_empty", "sv")
    if m := _NO_CHANSA.search(reason):
        return HOUSE_REASONS.phrase("no_chansa", "sv", style=_style(m[1]), rule=m[2])
    if m := _DUE_PLAYER_EMPTY.search(reason):
        return HOUSE_REASONS.phrase("due_player_empty", "sv", style=_style(m[1]))
    if _SEQUENCES_CARDS.search(reason):
        return HOUSE_REASONS.phrase("sequences_cards", "sv")
    if _FOLLOW_OR_TRUMP.search(reason):
        return HOUSE_REASONS.phrase("follow_or_trump", "sv")
    if _PILE_ONE_CARD.search(reason):
        return HOUSE_REASONS.phrase("pile_one_card", "sv")
    if _PILE_PICK_UP.search(reason):
        return HOUSE_REASONS.phrase("pile_pick_up", "sv")
    if _PILE_ONLY.search(reason):
        return HOUSE_REASONS.phrase("pile_only", "sv")
    raise ValueError(f"no Swedish text for the engine's reason {reason!r}")


def refusal_words(reason: str) -> dict[str, str]:
    """A refused combination as the page says it: whole sentences in each language naming the options and values
    as the form shows them (the engine's reason names them as a rules file writes them); a `ValueError` for a
    reason this module does not know."""
    return {lang: _refusal(reason, lang) for lang in LANGS}


def _refusal(reason: str, lang: Lang) -> str:
    def quote(text: str) -> str:
        return HOUSE_REFUSALS.phrase("quoted", lang, text=text)

    def opt(name: str) -> str:
        return quote(HOUSE_OPTIONS.phrase(name, lang))

    def val(name: str, value: Value) -> str:
        return quote(value_label(name, value)[lang])

    who, end, everyone = opt("phase1_style"), opt("phase1_end"), val("phase1_style", "everyone")
    yes, no = quote(value_label("sequences", True)[lang]), quote(value_label("sequences", False)[lang])
    finish, due = val("phase1_end", "finish-trick"), val("phase1_end", "due-player-empty")
    cards, complete = val("trick_complete", "cards"), opt("trick_complete")
    whole, top, pick = val("pick_up", "pile"), val("pick_up", "top-card"), opt("pick_up")
    pile, style2 = val("phase2_style", "pile"), opt("phase2_style")
    if m := _EVERYONE_ONLY.search(reason):
        names = [opt(n) for n in re.findall(r"'([a-z_0-9]+)'", m[1])]
        listed = (
            names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {HOUSE_REFUSALS.phrase('and', lang)} {names[-1]}"
        )
        style = val("phase1_style", m[2])
        return HOUSE_REFUSALS.phrase("everyone_only", lang, options=listed, who=who, style=style, everyone=everyone)
    if m := _FINISH_TRICK.search(reason):
        style = val("phase1_style", m[1])
        return HOUSE_REFUSALS.phrase(
            "finish_trick", lang, finish=finish, end=end, who=who, style=style, everyone=everyone
        )
    if _SKIP_EMPTY.search(reason):
        return HOUSE_REFUSALS.phrase(
            "skip_empty", lang, skip=val("phase1_end", "skip-empty"), end=end, due=due, finish=finish
        )
    if m := _NO_CHANSA.search(reason):
        style = val("phase1_style", m[1])
        return HOUSE_REFUSALS.phrase("no_chansa", lang, style=style, who=who, rule=m[2], no=no, chansa=opt("chansa"))
    if m := _DUE_PLAYER_EMPTY.search(reason):
        return HOUSE_REFUSALS.phrase(
            "due_player_empty", lang, style=val("phase1_style", m[1]), who=who, due=due, end=end
        )
    sequences, follow = opt("sequences"), opt("follow_suit")
    if _SEQUENCES_CARDS.search(reason):
        plays = val("trick_complete", "plays")
        return HOUSE_REFUSALS.phrase(
            "sequences_cards", lang, yes=yes, sequences=sequences, cards=cards, complete=complete, plays=plays, no=no
        )
    if _FOLLOW_OR_TRUMP.search(reason):
        return HOUSE_REFUSALS.phrase(
            "follow_or_trump", lang, follow=follow, trump=opt("trump_when_unable"), yes=yes, no=no
        )
    if _PILE_ONE_CARD.search(reason):
        return HOUSE_REFUSALS.phrase(
            "pile_one_card",
            lang,
            pile=pile,
            style2=style2,
            no=no,
            sequences=sequences,
            follow=follow,
            cards=cards,
            complete=complete,
        )
    if _PILE_PICK_UP.search(reason):
        return HOUSE_REFUSALS.phrase(
            "pile_pick_up", lang, whole=whole, top=top, last=val("pick_up", "last-play"), pick=pick
        )
    if _PILE_ONLY.search(reason):
        return HOUSE_REFUSALS.phrase("pile_only", lang, whole=whole, pick=pick, pile=pile, style2=style2)
    raise ValueError(f"no page sentence for the engine's reason {reason!r}")


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
        "reasons": [dict(en=r, sv=reason_sv(r), page=refusal_words(r)) for r in reasons],  # noqa: C408
        "words": {lang: {k: HOUSE_WORDS.template(k, lang) for k in HOUSE_WORDS} for lang in LANGS},
    }


def write(path: str) -> None:
    """Write `export()` as JSON (the build calls this)."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(export(), f, ensure_ascii=False, separators=(",", ":"))
