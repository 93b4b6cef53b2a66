"""The one description of the rules' inputs to the fast core: each `Rules` field, and each of its values, as the
word csearch.c reads (or the reason it refuses that value).

`TABLE` has one `Word` per field of `Rules`, in the order the C reads them; each word lists every value of its field
with its code (or, where the C does not play that value, a refusal key: `support.refusal` reads it here). `check`
runs at import: a `Rules` field the table does not know, a table entry `Rules` does not have, or an enum member
without a code fails loudly (`LayoutError`), so an option added to the engine alone stops every import of the fast
core. `header()` writes `csearch_rules.h`, the C side's copy (an X-macro of the words with their ranges, the enum
constants and a fingerprint the C checks in the packed input's first word); tests/engine/test_kernel_layout.py
checks that the committed header is what this table writes. Regenerate it with
`make csearch-header` (`layout.main(["--write"])`).
"""

from __future__ import annotations

import itertools
import sys
import zlib
from collections.abc import Sequence
from dataclasses import Field, dataclass, fields
from enum import Enum
from pathlib import Path
from typing import Any, Final

from skitgubbe.errors import RulesError
from skitgubbe.rules.options import Phase1End, Phase1Style, Phase2Style, PickUpScope, Rules, ThrowOn, TrickCount

#: the refusal keys (the text layer words them in both languages)
OUT_OF_TURN: Final = "fast_core_throws_out_of_turn"
HEADER: Final = Path(__file__).with_name("csearch_rules.h")


class LayoutError(Exception):
    """The table and `Rules` disagree: an option or a value the fast core's input does not describe."""


@dataclass(frozen=True)
class Code:
    """One value of a `Rules` field: its code in the C word, the C constant's name ('' for a bool), or the key of
    the reason the C refuses it (then `code` is -1)."""

    value: Any
    code: int
    const: str = ""
    refused: str = ""


@dataclass(frozen=True)
class Word:
    """One `Rules` field as one word of the packed input: the C kernel's member `member` holds the code."""

    field: str
    member: str
    codes: tuple[Code, ...]

    def code_of(self, value: object) -> Code:
        for code in self.codes:
            if code.value is value or (type(value) is bool and code.value == value):
                return code
        raise LayoutError(f"fast core: {self.field}={value!r} has no code in the table (layout.py)")

    @property
    def high(self) -> int:
        """The largest code the C accepts in this word."""
        return max(c.code for c in self.codes)


def _flag(name: str, member: str) -> Word:
    return Word(name, member, (Code(False, 0), Code(True, 1)))


def _choice(name: str, member: str, *played: tuple[Any, str], refused: tuple[tuple[Any, str], ...] = ()) -> Word:
    """An enum field: the values the C plays, coded 0, 1, ... in this order (with their C constants), then the
    values it refuses with their reasons."""
    codes = [Code(value, i, const) for i, (value, const) in enumerate(played)]
    return Word(name, member, (*codes, *(Code(value, -1, refused=why) for value, why in refused)))


TABLE: Final[tuple[Word, ...]] = (
    _choice(
        "phase1_style",
        "style",
        (Phase1Style.TWO_CARD, "TWO_CARD"),
        (Phase1Style.EVERYONE, "EVERYONE"),
        (Phase1Style.TURNED_TRUMP, "TURNED_TRUMP"),
        (Phase1Style.BEAT_OR_TAKE, "BEAT_OR_TAKE"),
    ),
    _flag("chansa", "chansa"),
    _choice(
        "phase1_end",
        "end_mode",
        (Phase1End.DUE_PLAYER_EMPTY, "END_DUE"),
        (Phase1End.SKIP_EMPTY, "END_SKIP"),
        (Phase1End.FINISH_TRICK, "END_FINISH"),
    ),
    _flag("sequences", "sequences"),
    _flag("follow_suit", "follow"),
    _flag("must_beat", "must_beat"),
    _choice(
        "pick_up",
        "pick_mode",
        (PickUpScope.TOP_CARD, "PICK_TOP"),
        (PickUpScope.LAST_PLAY, "PICK_LAST"),
        (PickUpScope.PILE, "PICK_PILE"),
    ),
    _choice("trick_complete", "count_plays", (TrickCount.CARDS, "COUNT_CARDS"), (TrickCount.PLAYS, "COUNT_PLAYS")),
    _choice(
        "throw_on",
        "throw_after",
        (ThrowOn.OFF, "THROW_OFF"),
        (ThrowOn.AFTER_TRICK, "THROW_AFTER"),
        refused=((ThrowOn.OWN_RANK, OUT_OF_TURN), (ThrowOn.ANYTIME, OUT_OF_TURN)),
    ),
    _flag("motlagg_beats_singles", "motlagg"),
    _flag("must_motlagg", "must_motlagg"),
    _choice("phase2_style", "pile", (Phase2Style.TRICKS, "P2_TRICKS"), (Phase2Style.PILE, "P2_PILE")),
    _flag("trump_when_unable", "twu"),
)


def _values(default: object) -> list[Any]:
    """Every value of a field with this default: both bools, every member of an enum, else none."""
    if isinstance(default, bool):
        return [False, True]
    if isinstance(default, Enum):
        return list(type(default))
    return []


def check(rule_fields: Sequence[Field[Any]], table: Sequence[Word] = TABLE) -> None:
    """Fail loudly (`LayoutError`) unless `table` describes exactly these fields and every value of each."""
    names = [f.name for f in rule_fields]
    known = [w.field for w in table]
    for name in names:
        if name not in known:
            raise LayoutError(
                f"Rules.{name} has no word in the fast core's input (skitgubbe/engine/kernel/layout.py TABLE): "
                "give it a code for every value (or a refusal) and teach csearch.c to read it"
            )
    for name in known:
        if name not in names:
            raise LayoutError(f"layout.py TABLE lists {name!r}, which is no field of Rules")
    for f, word in zip(rule_fields, sorted(table, key=lambda w: names.index(w.field)), strict=True):
        values = _values(f.default)
        if not values:
            raise LayoutError(f"Rules.{f.name} is neither a bool nor an enum: the fast core has no word for it")
        for value in values:
            word.code_of(value)
        if len(word.codes) != len(values):
            raise LayoutError(f"layout.py TABLE lists {len(word.codes)} values of {f.name}, Rules has {len(values)}")


check(fields(Rules))


def refused(rules: Rules) -> tuple[Word, Code] | None:
    """The first option of `rules` the fast core does not play (its word and its value's code), or None."""
    for word in TABLE:
        code = word.code_of(getattr(rules, word.field))
        if code.refused:
            return word, code
    return None


def refusal(rules: Rules) -> str | None:
    """The key of why the fast core does not play `rules`, or None."""
    found = refused(rules)
    return None if found is None else found[1].refused


def rule_words(rules: Rules) -> list[int]:
    """The rule words of the packed input, in `TABLE`'s order; `ValueError` for rules the fast core refuses."""
    out: list[int] = []
    for word in TABLE:
        value = getattr(rules, word.field)
        code = word.code_of(value)
        if code.refused:
            raise ValueError(
                f"the fast core does not play {word.field}={getattr(value, 'value', value)!r} ({code.refused})"
            )
        out.append(code.code)
    return out


def rule_space() -> list[Rules]:
    """Every rule set the engine accepts (each combination of the table's values that `Rules` does not refuse)."""
    out: list[Rules] = []
    for combination in itertools.product(*[[c.value for c in w.codes] for w in TABLE]):
        try:
            out.append(Rules(**{w.field: value for w, value in zip(TABLE, combination, strict=True)}))
        except RulesError:
            continue
    return out


def fingerprint(table: Sequence[Word] = TABLE) -> int:
    """A 31-bit digest of the table (fields, members, codes), which the C side checks in the input's first word."""
    text = ";".join(f"{w.field}:{w.member}:" + ",".join(f"{c.const}={c.code}" for c in w.codes) for w in table)
    return zlib.crc32(text.encode()) & 0x7FFFFFFF


def header(table: Sequence[Word] = TABLE) -> str:
    """The text of csearch_rules.h."""
    lines = [
        "/* csearch_rules.h: the rule words of the packed input, generated from skitgubbe/engine/kernel/layout.py",
        " * (make csearch-header). Do not edit: tests/engine/test_kernel_layout.py",
        " * checks that this file is what the table writes. */",
        "#ifndef CSEARCH_RULES_H",
        "#define CSEARCH_RULES_H",
        "",
        f"#define SG_RULES_FINGERPRINT 0x{fingerprint(table):08X}",
        f"#define SG_RULE_COUNT {len(table)}",
        "/* X(member, highest code): one per Rules field, in the order they are packed */",
        "#define SG_RULE_WORDS(X) \\",
    ]
    lines += [f"    X({w.member}, {w.high}) /* Rules.{w.field} */ \\" for w in table]
    lines.append("")
    for w in table:
        consts = [f"{c.const} = {c.code}" for c in w.codes if c.const and not c.refused]
        if consts:
            lines.append(f"enum {{ {', '.join(consts)} }}; /* Rules.{w.field} */")
    lines += ["", "#endif", ""]
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    """`--write`: write csearch_rules.h; `--check`: exit 1 if it differs from the table; else print it."""
    text = header()
    if "--write" in argv:
        HEADER.write_text(text)
        return 0
    if "--check" in argv:
        return 0 if HEADER.exists() and HEADER.read_text() == text else 1
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
