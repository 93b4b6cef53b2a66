"""Fields that were accepted silently are refused (exit 2) with a message naming the field, and
messages blame the right field."""

from __future__ import annotations

from pathlib import Path

import pytest
from reliability import PHASE1, PHASE2, case, check_file

CASES = [
    ("phase true", case(PHASE2, phase=True), "phase: must be 1 or 2, not true"),
    ("phase 1 with trump", case(PHASE1, trump="H"), 'trump: belongs to a phase-2 case; this case has "phase": 1'),
    ("phase 1 with out", case(PHASE1, out=[]), 'out: belongs to a phase-2 case; this case has "phase": 1'),
    ("phase 1 with table", case(PHASE1, table=[]), "table: belongs to a phase-2 case"),
    ("phase 2 with talon", case(PHASE2, talon=["2D"]), 'talon: belongs to a phase-1 case; this case has "phase": 2'),
    ("phase 2 with won", case(PHASE2, won={}), "won: belongs to a phase-1 case"),
    ("phase 2 with trump_card", case(PHASE2, trump_card={"player": "A", "card": "2D"}), "trump_card: belongs to"),
    ("rules null", case(PHASE2, rules=None), "rules: is null"),
    ("rules a number", case(PHASE2, rules=3), "rules: must be a preset name or an object of options, not a number"),
    ("an option a number", case(PHASE2, rules={"preset": "pagat", "chansa": 1}), "rules.chansa: must be true, false"),
    ("an option null", case(PHASE2, rules={"chansa": None}), "rules.chansa: must be true, false or a string, not null"),
    ("preset a list", case(PHASE2, rules={"preset": ["pagat"]}), "rules.preset: must be a preset name"),
    ("an unknown option", case(PHASE2, rules={"colour": "red"}), "unknown rule option 'colour'"),
    ("empty name", case(PHASE2, players=["A", "", "C"]), "players[1]: is empty"),
    ("leading space", case(PHASE2, players=[" A", "B", "C"]), "players[0]: ' A' starts or ends with a space"),
    ("trailing space", case(PHASE2, players=["A", "B ", "C"]), "players[1]: 'B ' starts or ends with a space"),
    ("control character", case(PHASE2, players=["A", "B\x07", "C"]), "players[1]: 'B\\x07' holds the invisible"),
    ("zero-width space", case(PHASE2, players=["A", "B\u200b", "C"]), "U+200B"),
    ("bidi override", case(PHASE2, players=["A", "\u202eB", "C"]), "U+202E"),
    ("a tab", case(PHASE2, players=["A", "B\tC", "C"]), "players[1]"),
    ("empty players", case(PHASE2, players=[]), "players: is empty"),
    ("players named twice", case(PHASE2, players=["A", "B", "A"]), "players[2]: 'A' is named twice"),
    ("one player", case(PHASE2, players=["A"]), "players: 1 players; the engine plays with 2 to 6"),
    (
        "a number for a player",
        case(PHASE2, players=["A", 2, "C"]),
        "players[1]: must be a name (a string), not a number",
    ),
    ("a colon in a name", case(PHASE2, players=["A", "B:1", "C"]), "players[1]: 'B:1' holds ':'"),
    ("no to_play", case(PHASE2, to_play=...), "to_play: missing"),
    ("phase 2 without trump", case(PHASE2, trump=...), "trump: missing: a phase-2 case needs the trump suit"),
    ("unknown hand owner", case(PHASE2, hands={"A": ["9C"], "Z": ["2D"]}), "hands.Z: unknown player 'Z'"),
]


@pytest.mark.slow
@pytest.mark.parametrize("what, data, message", CASES, ids=[c[0] for c in CASES])
def test_refused_with_the_field_named(tmp_path: Path, what: str, data: dict, message: str) -> None:
    run = check_file(tmp_path, data)
    run.assert_clean()
    assert run.status == 2, (run.out, run.err)
    assert message in run.err, run.err


def test_duplicate_json_keys_are_refused(tmp_path: Path) -> None:
    text = (
        '{"rules": "pagat", "rules": "strikt", "players": ["A", "B"], "phase": 2, "trump": "H", '
        '"hands": {"A": ["2C"], "B": ["3C"]}, "to_play": "A"}'
    )
    run = check_file(tmp_path, text)
    assert run.status == 2
    assert "bad case file: rules: appears twice in one object" in run.err, run.err


def test_bad_rules_in_the_file_are_refused_even_under_rules(tmp_path: Path) -> None:
    run = check_file(tmp_path, case(PHASE2, rules="no-such-preset"), "--rules", "pagat")
    assert run.status == 2
    assert "bad case file: rules: unknown preset 'no-such-preset'" in run.err, run.err
    good = check_file(tmp_path, PHASE2, "--rules", "pagat")
    good.assert_clean()


def test_a_bad_rules_option_is_named(tmp_path: Path) -> None:
    run = check_file(tmp_path, PHASE2, "--rules", "nope")
    assert run.status == 2
    assert run.err.startswith("--rules: unknown preset 'nope'"), run.err


def test_phase_1_under_uppslagen_trumf_may_give_the_turned_up_trump(tmp_path: Path) -> None:
    data = case(PHASE1, rules="uppslagen-trumf", trump="C", moves=[])
    run = check_file(tmp_path, data)
    assert run.status == 0, run.err
    wrong = check_file(tmp_path, case(data, trump="H"))
    assert wrong.status == 2 and "trump: H disagrees with the turned-up trump card's suit, C" in wrong.err, wrong.err
