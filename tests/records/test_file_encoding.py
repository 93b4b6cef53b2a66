"""Files that are not UTF-8, nest too deeply or hold an integer of thousands of digits are
refused with a message (they gave tracebacks); a UTF-8 file with a byte-order mark is accepted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reliability import PHASE2, check_file, cli

TEXT = json.dumps({**PHASE2, "title": "Överbliven klöver"}, ensure_ascii=False)


def with_phase(raw: str) -> bytes:
    """The phase-2 case with its `"phase": 2` written as `raw` JSON text."""
    return TEXT.replace('"phase": 2', f'"phase": {raw}').encode()


CASES = [
    ("Latin-1", TEXT.encode("latin-1"), 2, "not UTF-8 text (byte 0xd6"),
    ("UTF-16 with BOM", TEXT.encode("utf-16"), 2, "the file is UTF-16 text; save it as UTF-8"),
    ("UTF-16 LE without BOM", TEXT.encode("utf-16-le"), 2, "bad case file:"),
    ("nested 100000 deep", ("[" * 100_000 + "]" * 100_000).encode(), 2, "nest deeper than 20 levels"),
    ("nested inside a field", ('{"players": ' + "[" * 30 + "]" * 30 + "}").encode(), 2, "nest deeper than 20"),
    (
        "an integer of 5000 digits",
        ('{"phase": ' + "9" * 5000 + "}").encode(),
        2,
        "bad JSON: an integer of 5000 digits; at most 30",
    ),
    ("a phase of 4000 digits", with_phase("9" * 4000), 2, "bad JSON: an integer of 4000 digits; at most 30"),
    ("NaN", with_phase("NaN"), 2, "bad JSON: NaN is not a JSON number"),
    ("Infinity", with_phase("-Infinity"), 2, "bad JSON: -Infinity is not a JSON number"),
    ("not an object", b"[1, 2]", 2, "the file must hold one JSON object, not a list"),
    ("empty file", b"", 2, "bad JSON: a value is expected here"),
    ("a lone surrogate in a string", with_phase('"\\ud800"'), 2, "phase: not text: a lone surrogate (U+D800"),
    ("a NUL byte", b'{"phase": 2\x00}', 2, "bad JSON"),
    ("UTF-8 with BOM", b"\xef\xbb\xbf" + TEXT.encode("utf-8"), 0, "Överbliven klöver"),
]


@pytest.mark.slow
@pytest.mark.parametrize("what, raw, status, message", CASES, ids=[c[0] for c in CASES])
def test_bytes_of_every_kind(tmp_path: Path, what: str, raw: bytes, status: int, message: str) -> None:
    run = check_file(tmp_path, raw)
    run.assert_clean()
    assert run.status == status, (run.out, run.err)
    assert message in (run.err if status == 2 else run.out), (run.out, run.err)


def test_a_record_with_a_bom_is_accepted_and_a_latin_1_one_refused(tmp_path: Path) -> None:
    record = json.dumps({"rules": "pagat", "players": ["Åsa", "Björn"], "seed": 3, "moves": []}, ensure_ascii=False)
    path = tmp_path / "record.json"
    path.write_bytes(b"\xef\xbb\xbf" + record.encode())
    assert cli(["replay", str(path)]).status == 0
    path.write_bytes(record.encode("latin-1"))
    run = cli(["replay", str(path)])
    assert run.status == 2 and "not UTF-8 text" in run.err, run.err


def test_a_missing_file_and_a_directory_are_named(tmp_path: Path) -> None:
    missing = cli(["check", str(tmp_path / "nope.json")])
    assert missing.status == 2 and "nope.json: bad case file: cannot read" in missing.err, missing.err
    folder = cli(["check", str(tmp_path)])
    assert folder.status == 2 and "it is a directory" in folder.err, folder.err
