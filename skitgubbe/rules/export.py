"""House rules as data: every option of `Rules`, the catalogue rules each one switches, and the verdict on every
combination (the words of the house-rules page are in the text layer, `skitgubbe.text.house_rules`):

- `active_rules(rules)`: the catalogue rules that hold under a combination, by section (setup, phase 1, phase 2,
  end), from one table of conditions (`CONDITIONS`) that the page's JavaScript evaluates the same way;
- the verdict on every combination of option values (the engine's own `RulesError` problem, or none), precomputed by
  constructing each combination's `Rules` (`verdict_table`);
- `rules_spec(rules, base)`: the rules-file object `{"preset": base, <options that differ>}` (the shape of a case
  file's `rules`; the one builder, `skitgubbe.rules.options.rules_spec`, re-exported here), and `url_fragment` /
  `from_url_fragment` for the page's `#rules=` address.

Plain Python (not compiled).
"""

from __future__ import annotations

import base64
import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import fields
from enum import Enum
from functools import lru_cache
from typing import Any

from skitgubbe import strict_json
from skitgubbe.errors import Phrase, RecordError, RulesError
from skitgubbe.rules.options import DEFAULT_PRESET, PRESET_SOURCES, PRESETS, Rules, rules_spec
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
#: the characters of the verdict table's codes (`CODES[i]` is the i-th reason)
CODES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def combination_index(values: Mapping[str, Value]) -> int:
    """The mixed-radix number of a combination (options in field order, values in `option_values` order)."""
    index = 0
    for name in option_names():
        choices = option_values(name)
        index = index * len(choices) + choices.index(values[name])
    return index


def refusal(values: Mapping[str, Value]) -> Phrase | None:
    """The engine's reason for refusing this combination (its key and parameters; `str()` is its English), or None
    if it accepts it."""
    typed = _typed_values()
    try:
        Rules(**{n: typed[n][v] for n, v in values.items()})
    except RulesError as error:
        return error.phrase()
    return None


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
def verdict_table() -> tuple[str, tuple[Phrase, ...]]:
    """One character per combination (`combination_index` order): '0' accepted, else a code into the reasons."""
    names = option_names()
    reasons: list[Phrase] = []
    chars: list[str] = []
    for combo in itertools.product(*(option_values(n) for n in names)):
        reason = refusal(dict(zip(names, combo)))
        if reason is None:
            chars.append("0")
            continue
        if reason not in reasons:
            reasons.append(reason)
        chars.append(CODES[reasons.index(reason)])
    return "".join(chars), tuple(reasons)


# -- rules files and the page's address -----------------------------------------------------------------------
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
        raise RulesError("address_has_no_rules_part")
    data = text[len("rules=") :]
    try:
        spec = strict_json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
    except (ValueError, RecordError) as error:  # not base64url, or JSON beyond the reader's limits
        raise RulesError("rules_part_base64url_json", problem=error) from None
    if not isinstance(spec, dict):
        raise RulesError("rules_part_hold_object")
    return str(spec.get("preset", DEFAULT_PRESET)), rules_from_object(spec, "the 'rules=' part")
