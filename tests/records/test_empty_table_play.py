"""A phase-2 table play with no cards is refused as a bad file (it crashed `check` with an
IndexError once a move was made)."""

from __future__ import annotations

from pathlib import Path

import pytest
from reliability import PHASE2, case, check_file

CASES = [
    # (what, case, the field the message must name)
    ("empty play", case(PHASE2, table=[["C", []]], to_play="A", moves=["A: 9C"]), "table[0][1]"),
    (
        "empty play after a real one",
        case(
            PHASE2,
            table=[["C", ["5D"]], ["B", []]],
            hands={"A": ["9C", "4H", "2S"], "B": ["QC", "KC", "AC", "7H", "8H", "3D"], "C": ["10C", "JC"]},
        ),
        "table[1][1]",
    ),
    ("a play that is not a list", case(PHASE2, table=[["C", "5D"]]), "table[0][1]"),
    ("an unknown player on the table", case(PHASE2, table=[["Q", ["5S"]]]), "table[0][0]"),
    ("a table entry that is no pair", case(PHASE2, table=[["C"]]), "table[0]"),
]


@pytest.mark.parametrize("what, data, where", CASES, ids=[c[0] for c in CASES])
def test_an_empty_or_malformed_table_play_is_a_bad_file(tmp_path: Path, what: str, data: dict, where: str) -> None:
    run = check_file(tmp_path, data)
    run.assert_clean()
    assert run.status == 2, run.out
    assert f"bad case file: {where}:" in run.err, run.err


def test_a_table_card_twice_is_blamed_on_its_table_entry(tmp_path: Path) -> None:
    data = case(PHASE2, table=[["C", ["5D"]]])  # 5D is also in C's hand
    run = check_file(tmp_path, data)
    assert run.status == 2
    assert "table[0]: 5D appears twice (also in hands.C)" in run.err, run.err
