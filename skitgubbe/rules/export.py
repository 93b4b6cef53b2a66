"""House rules as data: every option of `Rules`, the catalogue rules each one switches, and the composed rules text.

`export()` is the JSON the book's house-rules form runs on (written at build time by `book/_ext/house_rules.py`);
the form's JavaScript only reads it, so what this module computes is what the page shows:

- `active_rules(rules)`: the catalogue rules that hold under a combination, by section (setup, phase 1, phase 2,
  end), from one table of conditions (`CONDITIONS`) that the JavaScript evaluates the same way;
- the verdict on every combination of option values (the engine's own `RulesError` text, or none), precomputed by
  constructing each combination's `Rules`, with a Swedish rendering of each reason;
- `rules_spec(rules, base)`: the rules-file object `{"preset": base, <options that differ>}` (the shape of a case
  file's `rules`), and `url_fragment` / `from_url_fragment` for the page's `#rules=` address.

Plain Python (not compiled).
"""

from __future__ import annotations

import base64
import itertools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import fields
from enum import Enum
from functools import lru_cache
from typing import Any

from skitgubbe.errors import LanguageError
from skitgubbe.rules.catalogue import SOURCES
from skitgubbe.rules.options import CATALOGUE, PRESET_SOURCES, PRESETS, Rules, RulesError
from skitgubbe.rules.rules_file import rules_from_object

Value = Any  # an option's JSON value: a bool or an enum's string
SECTIONS: tuple[str, ...] = ("setup", "phase1", "phase2", "end")

#: options by phase, in the form's order
GROUPS: Mapping[str, tuple[str, ...]] = {
    "phase1": ("phase1_style", "chansa", "phase1_end", "throw_on", "motlagg_beats_singles", "must_motlagg"),
    "phase2": (
        "phase2_style",
        "sequences",
        "follow_suit",
        "trump_when_unable",
        "must_beat",
        "pick_up",
        "trick_complete",
    ),
}

_TWO, _ALL, _TRUMP, _BEAT = "two-card", "everyone", "turned-trump", "beat-or-take"
_S = "phase1_style"

#: (rule id, section, condition): the rule holds when every option named in the condition has one of its values.
CONDITIONS: tuple[tuple[str, str, Mapping[str, tuple[Value, ...]]], ...] = (
    # setup
    ("game.players", "setup", {}),
    ("game.deal", "setup", {}),
    ("p1.trump.turn-up", "setup", {_S: (_TRUMP,)}),
    ("game.turn", "setup", {}),
    ("game.own-cards", "setup", {}),
    # phase 1: two-card tricks
    ("p1.lead", "phase1", {_S: (_TWO, _TRUMP)}),
    ("p1.answer", "phase1", {_S: (_TWO,)}),
    ("p1.one-card", "phase1", {_S: (_TWO, _BEAT)}),
    ("p1.higher-wins", "phase1", {_S: (_TWO,)}),
    ("p1.stunsa", "phase1", {_S: (_TWO,)}),
    ("p1.draw", "phase1", {_S: (_TWO,)}),
    # phase 1: everyone plays
    ("p1.all.lead", "phase1", {_S: (_ALL,)}),
    ("p1.all.play", "phase1", {_S: (_ALL,)}),
    ("p1.all.one-rank", "phase1", {_S: (_ALL,)}),
    ("p1.all.higher-wins", "phase1", {_S: (_ALL,)}),
    ("p1.all.tie", "phase1", {_S: (_ALL,)}),
    ("p1.all.motlagg-beats", "phase1", {_S: (_ALL,), "motlagg_beats_singles": (True,)}),
    ("p1.all.must-motlagg", "phase1", {_S: (_ALL,), "must_motlagg": (True,)}),
    ("p1.all.draw", "phase1", {_S: (_ALL,)}),
    ("p1.all.throw-on.off", "phase1", {_S: (_ALL,), "throw_on": ("off",)}),
    ("p1.all.throw-on.after-trick", "phase1", {_S: (_ALL,), "throw_on": ("after-trick",)}),
    ("p1.all.throw-on.own-rank", "phase1", {_S: (_ALL,), "throw_on": ("own-rank",)}),
    ("p1.all.throw-on.anytime", "phase1", {_S: (_ALL,), "throw_on": ("anytime",)}),
    ("p1.all.throw-on.window", "phase1", {_S: (_ALL,), "throw_on": ("after-trick", "own-rank", "anytime")}),
    ("game.pass", "phase1", {_S: (_ALL,), "throw_on": ("after-trick", "own-rank", "anytime")}),
    # phase 1: turned-up trump
    ("p1.trump.follow", "phase1", {_S: (_TRUMP,)}),
    ("p1.trump.trump-void", "phase1", {_S: (_TRUMP,)}),
    ("p1.trump.no-discard", "phase1", {_S: (_TRUMP,)}),
    ("p1.trump.wins", "phase1", {_S: (_TRUMP,)}),
    ("p1.trump.pick-up", "phase1", {_S: (_TRUMP,)}),
    ("p1.trump.lead-again", "phase1", {_S: (_TRUMP,)}),
    ("p1.trump.draw", "phase1", {_S: (_TRUMP,)}),
    # phase 1: beat or take (special cards)
    ("p1.beat.lead", "phase1", {_S: (_BEAT,)}),
    ("p1.beat.must-beat", "phase1", {_S: (_BEAT,)}),
    ("p1.beat.take", "phase1", {_S: (_BEAT,)}),
    ("p1.beat.trick", "phase1", {_S: (_BEAT,)}),
    ("p1.beat.draw", "phase1", {_S: (_BEAT,)}),
    # phase 1: chansa, the last card, the end
    ("p1.no-pick-up", "phase1", {_S: (_TWO, _ALL)}),
    ("p1.chansa", "phase1", {_S: (_TWO, _ALL), "chansa": (True,)}),
    ("p1.chansa.not-last", "phase1", {_S: (_TWO, _ALL), "chansa": (True,)}),
    ("p1.chansa.no-chansa", "phase1", {_S: (_TWO, _ALL), "chansa": (False,)}),
    ("p1.trump.no-chansa", "phase1", {_S: (_TRUMP,), "chansa": (False,)}),
    ("p1.beat.no-chansa", "phase1", {_S: (_BEAT,), "chansa": (False,)}),
    ("p1.last-card", "phase1", {_S: (_TWO, _ALL)}),
    ("p1.trump.last-card", "phase1", {_S: (_TRUMP,)}),
    ("p1.beat.last-card", "phase1", {_S: (_BEAT,)}),
    ("p1.end.due-player-empty", "phase1", {_S: (_TWO,), "phase1_end": ("due-player-empty",)}),
    ("p1.end.skip-empty", "phase1", {_S: (_TWO,), "phase1_end": ("skip-empty",)}),
    ("p1.open-trick", "phase1", {_S: (_TWO,)}),
    ("p1.all.end", "phase1", {_S: (_ALL,), "phase1_end": ("due-player-empty",)}),
    ("p1.all.end.finish-trick", "phase1", {_S: (_ALL,), "phase1_end": ("finish-trick",)}),
    ("p1.trump.end", "phase1", {_S: (_TRUMP,), "phase1_end": ("due-player-empty",)}),
    ("p1.beat.end", "phase1", {_S: (_BEAT,), "phase1_end": ("due-player-empty",)}),
    # phase 2: the change-over, then the play
    ("p1.transition", "phase2", {_S: (_TWO, _ALL, _BEAT)}),
    ("p1.trump.phase2-lead", "phase2", {_S: (_TRUMP,)}),
    ("p2.out-at-start", "phase2", {"phase2_style": ("tricks",)}),
    ("p2.lead", "phase2", {}),
    ("p2.one-card", "phase2", {"sequences": (False,)}),
    ("p2.sequence", "phase2", {"sequences": (True,)}),
    ("p2.beat-or-pick-up", "phase2", {"phase2_style": ("tricks",)}),
    ("p2.beat.suit", "phase2", {"phase2_style": ("tricks",)}),
    ("p2.pile.beat", "phase2", {"phase2_style": ("pile",)}),
    ("p2.beat.trump", "phase2", {}),
    ("p2.beat.higher-trump", "phase2", {"phase2_style": ("tricks",)}),
    ("p2.free-trump", "phase2", {"follow_suit": (False,), "trump_when_unable": (False,)}),
    ("p2.follow-suit", "phase2", {"follow_suit": (True,), "trump_when_unable": (False,)}),
    ("p2.trump-when-unable", "phase2", {"trump_when_unable": (True,), "follow_suit": (False,)}),
    ("p2.pick-up.optional", "phase2", {"must_beat": (False,)}),
    ("p2.must-beat", "phase2", {"must_beat": (True,), "phase2_style": ("tricks",)}),
    ("p2.pile.must-play", "phase2", {"must_beat": (True,), "phase2_style": ("pile",)}),
    ("p2.pick-up.top-card", "phase2", {"pick_up": ("top-card",)}),
    ("p2.pick-up.last-play", "phase2", {"pick_up": ("last-play",)}),
    ("p2.pile.pick-up", "phase2", {"pick_up": ("pile",)}),
    ("p2.pick-up.empty-table", "phase2", {}),
    ("p2.table-empty", "phase2", {"pick_up": ("top-card", "last-play")}),
    ("p2.complete.cards", "phase2", {"phase2_style": ("tricks",), "trick_complete": ("cards",)}),
    ("p2.complete.plays", "phase2", {"phase2_style": ("tricks",), "trick_complete": ("plays",)}),
    ("p2.next-lead", "phase2", {"phase2_style": ("tricks",)}),
    ("p2.pile.two", "phase2", {"phase2_style": ("pile",)}),
    ("p2.pile.ten", "phase2", {"phase2_style": ("pile",)}),
    ("p2.pile.four", "phase2", {"phase2_style": ("pile",)}),
    ("p2.no-chansa", "phase2", {}),
    ("p2.no-throw-on", "phase2", {_S: (_ALL,)}),
    # the end
    ("p2.out", "end", {"phase2_style": ("tricks",)}),
    ("p2.pile.out", "end", {"phase2_style": ("pile",)}),
    ("p2.loser", "end", {}),
    ("game.over", "end", {}),
)

#: the form's words: option labels and value labels (plain language, both languages)
OPTION_LABELS: Mapping[str, Mapping[str, str]] = {
    "phase1_style": {"sv": "Vem spelar till sticken i fas 1", "en": "Who plays to a phase-1 trick"},
    "chansa": {"sv": "Får man chansa?", "en": "May a player chansa?"},
    "phase1_end": {"sv": "När fas 1 slutar", "en": "When phase 1 ends"},
    "throw_on": {"sv": "Slänga på (när alla spelar)", "en": "Throwing on, slänga på (everyone plays)"},
    "motlagg_beats_singles": {
        "sv": "Motlägg sticker ensamma valörer (när alla spelar)",
        "en": "A motlägg beats single ranks (everyone plays)",
    },
    "must_motlagg": {"sv": "Tvång att göra motlägg (när alla spelar)", "en": "Must make a motlägg (everyone plays)"},
    "phase2_style": {"sv": "Hur fas 2 spelas", "en": "How phase 2 is played"},
    "sequences": {"sv": "Får man spela en följd i samma färg?", "en": "May a play be a run in one suit?"},
    "follow_suit": {"sv": "Måste man följa färg?", "en": "Must a player follow suit?"},
    "trump_when_unable": {
        "sv": "Trumf bara när man inte kan slå i färgen",
        "en": "Trump only when unable to beat in the suit",
    },
    "must_beat": {"sv": "Måste den som kan slå också slå?", "en": "Must a player who can beat do so?"},
    "pick_up": {"sv": "Vad den som supar tar upp", "en": "What a player who picks up takes"},
    "trick_complete": {"sv": "När ett stick i fas 2 är fullt", "en": "When a phase-2 trick is complete"},
}

VALUE_LABELS: Mapping[str, Mapping[str, Mapping[str, str]]] = {
    "phase1_style": {
        "two-card": {"sv": "två spelare per stick", "en": "two players per trick"},
        "everyone": {"sv": "alla spelar (alla spelar till varje stick)", "en": "everyone plays to every trick"},
        "turned-trump": {"sv": "uppslagen trumf", "en": "turned-up trump (uppslagen trumf)"},
        "beat-or-take": {"sv": "stick över eller ta upp (specialkort)", "en": "beat or take (special cards)"},
    },
    "phase1_end": {
        "due-player-empty": {"sv": "när den som står på tur saknar kort", "en": "when the player due has no card"},
        "skip-empty": {"sv": "spelare utan kort hoppas över", "en": "players without cards are skipped"},
        "finish-trick": {
            "sv": "sticket spelas färdigt när talongen är slut",
            "en": "the trick is finished once the talon is used up",
        },
    },
    "throw_on": {
        "off": {"sv": "av", "en": "off"},
        "after-trick": {"sv": "när sticket är avgjort", "en": "once the trick is decided"},
        "own-rank": {"sv": "bara egen valör, när som helst", "en": "own rank only, any time"},
        "anytime": {"sv": "vem som helst, när som helst", "en": "anyone, any time"},
    },
    "phase2_style": {
        "tricks": {"sv": "stick som vänds bort", "en": "tricks that are turned away"},
        "pile": {"sv": "en hög med specialkort (2, 10, fyra lika)", "en": "one pile with special cards (2, 10, four)"},
    },
    "pick_up": {
        "top-card": {"sv": "det översta kortet", "en": "the top card"},
        "last-play": {"sv": "förra spelarens hela spel", "en": "the previous player's whole play"},
        "pile": {"sv": "hela högen", "en": "the whole pile"},
    },
    "trick_complete": {
        "cards": {"sv": "räkna kort", "en": "count cards"},
        "plays": {"sv": "räkna spel", "en": "count plays"},
    },
}
_YES_NO = {True: {"sv": "ja", "en": "yes"}, False: {"sv": "nej", "en": "no"}}

SOURCE_LABELS: Mapping[str, Mapping[str, str]] = {
    "pagat": {"sv": "Pagat", "en": "Pagat"},
    "guide": {"sv": "den moderna guiden (002)", "en": "the modern guide (002)"},
    "kortspelsregler": {"sv": "kortspelsregler.com (001)", "en": "kortspelsregler.com (001)"},
    "strikt": {"sv": "den äldre strikta sidan (004)", "en": "the older strict page (004)"},
    "wikipedia": {"sv": "Wikipedia (000)", "en": "Wikipedia (000)"},
    "specialkort": {"sv": "specialkortssidan (003)", "en": "the special-cards page (003)"},
    "project": {"sv": "projektets läsning", "en": "the project's reading"},
}

WORDS: Mapping[str, Mapping[str, str]] = {
    "sv": {
        "title": "Våra regler",
        "based_on": "Utgår från förvalet",
        "setup": "Förberedelser",
        "phase1": "Fas 1: samla kort",
        "phase2": "Fas 2: bli av med korten",
        "end": "Slutet",
        "not_in_play": "Val som inte används med dessa regler",
        "differs": "ändrat",
        "dropped": "Gäller inte längre (förvalets regel)",
        "same": "Samma regler som förvalet",
        "refused": "Den här kombinationen går inte",
        "sources": "Källor",
        "played_by": "Spelas av",
        "nobody": "ingen källa (projektets val)",
        "engine_says": "Motorns skäl",
    },
    "en": {
        "title": "Our rules",
        "based_on": "Starting from the preset",
        "setup": "Setting up",
        "phase1": "Phase 1: collecting cards",
        "phase2": "Phase 2: getting rid of the cards",
        "end": "The end",
        "not_in_play": "Options not used under these rules",
        "differs": "changed",
        "dropped": "No longer holds (the preset's rule)",
        "same": "The same rules as the preset",
        "refused": "This combination is not possible",
        "sources": "Sources",
        "played_by": "Played by",
        "nobody": "no source (the project's choice)",
        "engine_says": "The engine's reason",
    },
}


# -- options and values --------------------------------------------------------------------------------------------
def option_names() -> tuple[str, ...]:
    """Every option of `Rules`, in field order."""
    return tuple(f.name for f in fields(Rules))


def option_values(name: str) -> tuple[Value, ...]:
    """The JSON values an option may take, in a fixed order (the order the verdict table counts in)."""
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        return (False, True)
    return tuple(member.value for member in type(default))


def _plain(value: Any) -> Value:
    return value.value if isinstance(value, Enum) else value


def values_of(rules: Rules) -> dict[str, Value]:
    return {name: _plain(getattr(rules, name)) for name in option_names()}


def _holds(condition: Mapping[str, Sequence[Value]], values: Mapping[str, Value]) -> bool:
    return all(values[name] in allowed for name, allowed in condition.items())


def active_rules(rules: Rules) -> dict[str, list[str]]:
    """The catalogue rules that hold under these rules, by section, in reading order."""
    values = values_of(rules)
    out: dict[str, list[str]] = {s: [] for s in SECTIONS}
    for rule_id, section, condition in CONDITIONS:
        if _holds(condition, values):
            out[section].append(rule_id)
    return out


def option_rules(rules: Rules) -> dict[str, list[str]]:
    """For each option, the rules that hold under these rules and depend on it (their condition names it); an
    empty list means the option is not in play (e.g. throwing on when only two play to a trick)."""
    active = {r for ids in active_rules(rules).values() for r in ids}
    return {name: [r for r, _, condition in CONDITIONS if name in condition and r in active] for name in option_names()}


def played_by(name: str, value: Value) -> list[str]:
    """Source keys whose preset plays this value of the option."""
    keys: list[str] = []
    for preset_name, rules in PRESETS.items():
        if values_of(rules)[name] == value:
            keys += [k for k in PRESET_SOURCES[preset_name] if k not in keys and k != "project"]
    return keys


# -- the verdict on every combination ---------------------------------------------------------------------------
_CODES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def combination_index(values: Mapping[str, Value]) -> int:
    """The mixed-radix number of a combination (options in field order, values in `option_values` order)."""
    index = 0
    for name in option_names():
        choices = option_values(name)
        index = index * len(choices) + choices.index(values[name])
    return index


def refusal(values: Mapping[str, Value]) -> str:
    """The engine's reason for refusing this combination, or '' if it accepts it."""
    typed = _typed_values()
    try:
        Rules(**{n: typed[n][v] for n, v in values.items()})
    except RulesError as error:
        return str(error)
    return ""


@lru_cache(maxsize=1)
def _typed_values() -> dict[str, dict[Value, Any]]:
    """For each option, its JSON values mapped to the values `Rules` holds (bools, enum members)."""
    defaults = Rules()
    out: dict[str, dict[Value, Any]] = {}
    for name in option_names():
        default = getattr(defaults, name)
        kind = type(default)
        out[name] = {v: (v if kind is bool else kind(v)) for v in option_values(name)}
    return out


@lru_cache(maxsize=1)
def verdict_table() -> tuple[str, tuple[str, ...]]:
    """One character per combination (`combination_index` order): '0' accepted, else a code into the reasons."""
    names = option_names()
    reasons: list[str] = []
    chars: list[str] = []
    for combo in itertools.product(*(option_values(n) for n in names)):
        reason = refusal(dict(zip(names, combo)))
        if not reason:
            chars.append("0")
            continue
        if reason not in reasons:
            reasons.append(reason)
        chars.append(_CODES[reasons.index(reason)])
    return "".join(chars), tuple(reasons)


_STYLE_SV = {
    "two-card": "två spelare per stick",
    "everyone": "alla spelar",
    "turned-trump": "uppslagen trumf",
    "beat-or-take": "stick över eller ta upp",
}
_REASONS_SV: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"option\(s\) (.+) belong to everyone-plays tricks \(phase1_style='everyone'\), not phase1_style='([a-z-]+)'"
        ),
        "{0} hör till spelet där alla spelar till sticken (phase1_style='everyone'), inte till {s1}.",
    ),
    (
        re.compile(
            r"phase1_end='finish-trick' is a variant of everyone-plays tricks .*not of phase1_style='([a-z-]+)'"
        ),
        "phase1_end='finish-trick' är en variant av spelet där alla spelar, inte av {s0}.",
    ),
    (
        re.compile(r"phase1_end='skip-empty' belongs to two-card tricks"),
        (
            "phase1_end='skip-empty' hör till stick om två kort; när alla spelar slutar fas 1 när den som står på tur "
            "saknar kort ('due-player-empty') eller efter det pågående sticket när talongen är slut ('finish-trick')."
        ),
    ),
    (
        re.compile(r"phase1_style='([a-z-]+)' has no chansa \(rule ([a-z0-9.-]+)\)"),
        "Med {s0} chansar man inte (regel {1}); sätt chansa till nej.",
    ),
    (
        re.compile(r"phase1_style='([a-z-]+)' ends phase 1 when the player due to lead has no card"),
        "Med {s0} slutar fas 1 när den som ska spela ut saknar kort: phase1_end måste vara 'due-player-empty'.",
    ),
    (
        re.compile(r"options 'sequences' and trick_complete='cards' cannot go together"),
        "En följd kan ge fler kort än sticket rymmer: med följder räknar man spel (trick_complete='plays').",
    ),
    (
        re.compile(r"options 'follow_suit' and 'trump_when_unable' are two readings of D5"),
        "'follow_suit' och 'trump_when_unable' är två sätt att läsa D5 och går inte ihop: välj det ena.",
    ),
    (
        re.compile(r"phase2_style='pile' plays one card at a time"),
        (
            "Högen (phase2_style='pile') spelas ett kort i taget och blir aldrig full: 'sequences' och 'follow_suit' "
            "måste vara nej och trick_complete 'cards'."
        ),
    ),
    (
        re.compile(r"phase2_style='pile' picks up the whole pile"),
        (
            "På högen tar man upp hela högen ('pile') eller det sista kortet ('top-card'); 'last-play' är där "
            "detsamma som 'top-card'."
        ),
    ),
    (
        re.compile(r"pick_up='pile' belongs to the pile game"),
        "pick_up='pile' hör till spelet på en hög (phase2_style='pile').",
    ),
)


def reason_sv(reason: str) -> str:
    """The Swedish rendering of an engine reason (a `ValueError` for a reason this module does not know)."""
    for pattern, template in _REASONS_SV:
        m = pattern.search(reason)
        if m:
            groups = m.groups()
            styles = {f"s{i}": _STYLE_SV.get(g, g) for i, g in enumerate(groups)}
            return template.format(*groups, **styles)
    raise ValueError(f"no Swedish text for the engine's reason {reason!r}")


# -- rules files and the page's address -----------------------------------------------------------------------
def nearest_preset(rules: Rules) -> str:
    """The preset that differs from these rules in the fewest options (the first such in preset order)."""
    values = values_of(rules)
    return min(PRESETS, key=lambda p: sum(values_of(PRESETS[p])[n] != values[n] for n in values))


def rules_spec(rules: Rules, base: str | None = None) -> dict[str, Value]:
    """`{"preset": base, <options that differ from it>}`: a rules file / a case file's `rules` object."""
    base = base or nearest_preset(rules)
    base_values = values_of(PRESETS[base])
    spec: dict[str, Value] = {"preset": base}
    for name, value in values_of(rules).items():
        if base_values[name] != value:
            spec[name] = value
    return spec


def spec_json(spec: Mapping[str, Value]) -> str:
    """The compact JSON the page puts in its address and in a saved file (same in Python and the page)."""
    return json.dumps(dict(spec), separators=(",", ":"), ensure_ascii=True)


def url_fragment(rules: Rules, base: str | None = None) -> str:
    """`rules=` + base64url (no padding) of the compact JSON of `rules_spec`."""
    raw = spec_json(rules_spec(rules, base)).encode("ascii")
    return "rules=" + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def from_url_fragment(fragment: str) -> tuple[str, Rules]:
    """The preset and rules of a `#rules=` address (a `RulesError` naming what is wrong)."""
    text = fragment.lstrip("#")
    if not text.startswith("rules="):
        raise RulesError("the address has no 'rules=' part")
    data = text[len("rules=") :]
    try:
        spec = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)).decode("utf-8"))
    except ValueError as error:
        raise RulesError(f"the 'rules=' part is not base64url JSON ({error})") from None
    if not isinstance(spec, dict):
        raise RulesError("the 'rules=' part must hold an object")
    return str(spec.get("preset", "pagat")), rules_from_object(spec, "the 'rules=' part")


# -- the composed text (what the page shows, as plain text) --------------------------------------------------------
def composed_text(rules: Rules, lang: str, base: str = "pagat") -> str:
    """The whole rules of a combination as text: each section's catalogue sentences with their rule ids, rules that
    differ from the preset `base` marked, and the options not in play with the rules they would switch."""
    if lang != "sv" and lang != "en":  # the same refusal as skitgubbe.text.lang.check_lang (a layer above)
        raise LanguageError(lang)
    words = WORDS[lang]
    active = active_rules(rules)
    baseline = active_rules(PRESETS[base])
    base_set = {r for ids in baseline.values() for r in ids}
    now_set = {r for ids in active.values() for r in ids}
    lines = [f"{words['title']} ({words['based_on']} {base})"]
    for section in SECTIONS:
        lines.append("")
        lines.append(words[section])
        for rule_id in active[section]:
            mark = f" [{words['differs']}]" if rule_id not in base_set else ""
            lines.append(f"- {CATALOGUE[rule_id].text(lang)} ({rule_id}){mark}")
    dropped = [r for ids in baseline.values() for r in ids if r not in now_set]
    if dropped:
        lines.append("")
        lines.append(words["dropped"])
        lines += [f"- {CATALOGUE[r].text(lang)} ({r})" for r in dropped]
    unused = [(n, ids) for n, ids in option_rules(rules).items() if not ids]
    if unused:
        lines.append("")
        lines.append(words["not_in_play"])
        docs = Rules.option_docs()
        for name, _ in unused:
            lines.append(f"- {OPTION_LABELS[name][lang]}: {', '.join(docs[name][1])}")
    return "\n".join(lines)


# -- the export -----------------------------------------------------------------------------------------------------
def _value_label(name: str, value: Value) -> Mapping[str, str]:
    if isinstance(value, bool):
        return _YES_NO[value]
    return VALUE_LABELS[name][value]


def export() -> dict[str, Any]:
    """Everything the house-rules page needs, JSON-ready."""
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
                    "label": dict(OPTION_LABELS[name]),
                    "values": [
                        {"value": v, "label": dict(_value_label(name, v)), "played_by": played_by(name, v)}
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
            rid: {"sv": CATALOGUE[rid].sv, "en": CATALOGUE[rid].en, "sources": list(CATALOGUE[rid].sources)}
            for rid in sorted(used)
        },
        "sources": {k: {"name": SOURCES[k], **SOURCE_LABELS[k]} for k in SOURCES},
        "verdicts": table,
        "codes": _CODES,
        "reasons": [{"en": r, "sv": reason_sv(r)} for r in reasons],
        "words": {lang: dict(w) for lang, w in WORDS.items()},
    }


def write(path: str) -> None:
    """Write `export()` as JSON (the build calls this)."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(export(), f, ensure_ascii=False, separators=(",", ":"))
