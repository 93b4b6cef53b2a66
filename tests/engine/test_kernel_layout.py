"""The one description of the rules' inputs to the fast core (layout.py): it covers every `Rules` field and value,
it writes the committed C header, and an option the table does not know fails loudly; the rule space and which of
it the fast core refuses, with the reason."""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from dataclasses import fields

import pytest

from skitgubbe.engine.kernel import layout, support
from skitgubbe.rules.options import PRESETS, Rules, ThrowOn

#: what `Rules` accepts: every combination of its options less the combinations it refuses
ACCEPTED = 3080
#: the refused rule sets, by reason: every throw-on that lets a player throw out of turn
REFUSED = {layout.OUT_OF_TURN: 1408}


def test_the_committed_header_is_what_the_table_writes() -> None:
    assert layout.HEADER.read_text() == layout.header(), (
        "csearch_rules.h differs from layout.py's table: run `make csearch-header`"
    )


def test_the_table_has_one_word_per_field_in_the_order_of_rules() -> None:
    assert [w.field for w in layout.TABLE] == [f.name for f in fields(Rules)]
    layout.check(fields(Rules))


def test_every_value_has_a_code_or_a_refusal_and_the_codes_are_distinct() -> None:
    for word in layout.TABLE:
        codes = [c.code for c in word.codes if not c.refused]
        assert codes == list(range(len(codes))), word.field
        assert all(c.code == -1 for c in word.codes if c.refused), word.field


def _planted(name: str, kind: object, default: object) -> list[dataclasses.Field[object]]:
    extra = dataclasses.make_dataclass("Planted", [(name, kind, dataclasses.field(default=default))])
    return [*fields(Rules), *fields(extra)]


def test_a_field_the_table_does_not_know_fails_loudly() -> None:
    with pytest.raises(layout.LayoutError, match=r"Rules\.house_rule has no word"):
        layout.check(_planted("house_rule", bool, False))


def test_a_value_the_table_does_not_know_fails_loudly() -> None:
    wider = enum.Enum("ThrowOn", {**{m.name: m.value for m in ThrowOn}, "TWICE": "twice"})  # type: ignore[misc]
    throw_on = _planted("throw_on", wider, wider.OFF)[-1]
    planted = [f if f.name != "throw_on" else throw_on for f in fields(Rules)]
    with pytest.raises(layout.LayoutError, match="throw_on"):
        layout.check(planted)


def test_a_table_entry_rules_does_not_have_fails_loudly() -> None:
    extra = layout.Word("house_rule", "house", (layout.Code(False, 0), layout.Code(True, 1)))
    with pytest.raises(layout.LayoutError, match="'house_rule', which is no field"):
        layout.check(fields(Rules), (*layout.TABLE, extra))


def test_the_fingerprint_changes_with_the_table() -> None:
    extra = layout.Word("house_rule", "house", (layout.Code(False, 0), layout.Code(True, 1)))
    assert layout.fingerprint((*layout.TABLE, extra)) != layout.fingerprint()
    assert f"0x{layout.fingerprint():08X}" in layout.HEADER.read_text()


def test_the_rule_space_and_its_refusals() -> None:
    space = layout.rule_space()
    assert len(space) == ACCEPTED == len(set(space))
    assert set(PRESETS.values()) <= set(space)
    reasons = Counter(support.refusal(r) for r in space)
    assert reasons == {None: ACCEPTED - sum(REFUSED.values()), **REFUSED}
    for rules in space:
        out_of_turn = rules.throw_on in (ThrowOn.OWN_RANK, ThrowOn.ANYTIME)
        assert (support.refusal(rules) == layout.OUT_OF_TURN) is out_of_turn, rules
        if not out_of_turn:
            assert len(layout.rule_words(rules)) == len(layout.TABLE)


def test_rule_words_refuse_what_the_c_does_not_play() -> None:
    rules = PRESETS["alla-spelar"].with_options(throw_on="anytime")
    with pytest.raises(ValueError, match="throw_on='anytime'"):
        layout.rule_words(rules)
