"""One JSON reader for every JSON that enters, with the case
reader's limits (size, depth, integer digits, finite numbers, no key twice, a BOM accepted), in the package's
own words in both languages: never the decoder's English nor Python's."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from reliability import PHASE2, cli

from skitgubbe import strict_json
from skitgubbe.errors import RecordError, RulesError
from skitgubbe.rules.rules_file import load_rules_file
from skitgubbe.session import check_case
from skitgubbe.views.controllers import CheckerController
from skitgubbe.views.live import bridge

DEEP = "[" * 5000 + "]" * 5000
#: (what, JSON text, a part of the English message)
REFUSED = [
    ("nesting 5,000 levels deep", DEEP, "nest deeper than 20 levels"),
    ("nesting 21 levels deep", "[" * 21 + "]" * 21, "nest deeper than 20 levels"),
    ("an integer of 5,000 digits", '{"a": ' + "9" * 5000 + "}", "an integer of 5000 digits; at most 30"),
    ("an integer of 31 digits", '{"a": -' + "1" * 31 + "}", "an integer of 31 digits"),
    ("NaN", '{"a": NaN}', "NaN is not a JSON number"),
    ("Infinity", '{"a": Infinity}', "Infinity is not a JSON number"),
    ("-Infinity", '{"a": -Infinity}', "-Infinity is not a JSON number"),
    ("1e400", '{"a": 1e400}', "the number 1e400 is too large"),
    ("a key twice", '{"a": 1, "a": 2}', "a: appears twice in one object"),
    ("a property name missing", '{"a": 1,}', "line 1, column"),
    ("no value", "", "a value is expected here"),
    ("more after the value", "{} {}", "there is more after the JSON value"),
    ("an unclosed string", '{"a": "b', "a string is not closed"),
]
#: the decoder's and Python's own words, which no message may hold
RAW = ("Expecting", "Exceeds the limit", "invalid literal", "int_max_str_digits", "Unterminated", "Extra data")


@pytest.mark.parametrize("what, text, needle", REFUSED, ids=[r[0] for r in REFUSED])
def test_the_reader_refuses_with_its_own_words_in_both_languages(what: str, text: str, needle: str) -> None:
    with pytest.raises(RecordError) as caught:
        strict_json.loads(text)
    english, swedish = str(caught.value), caught.value.message("sv")
    assert needle in english, english
    assert not any(raw in english or raw in swedish for raw in RAW), english
    assert swedish != english, swedish


def test_the_reader_accepts_json_within_the_limits() -> None:
    value = {"a": [1, -2.5, "x", None, True], "b": {"c": 10**29}}
    assert strict_json.loads(json.dumps(value)) == value
    assert strict_json.loads("\ufeff[1]") == [1]
    assert strict_json.loads(b"\xef\xbb\xbf[1]") == [1]
    assert strict_json.loads("[" * 20 + "]" * 20) is not None
    assert strict_json.loads('["[[[[[[[[[[[[[[[[[[[[[[[[[[[["]') == ["[" * 28]  # brackets inside strings: no nesting


def test_the_reader_reads_at_most_the_limit_of_an_endless_file() -> None:
    with pytest.raises(RecordError, match="larger than 4,000,000 bytes"):
        strict_json.read_limited("/dev/zero")


@pytest.mark.parametrize(
    "value, needle",
    [
        (float("nan"), "nan is not a JSON number"),
        ({"a": [float("inf")]}, "a[0]: inf is not a JSON number"),
        (10**40, "an integer of more than 30 digits"),
        ({1: "x"}, "a field's name must be a string"),
        ({"a": object()}, "a: object is not a JSON value"),
    ],
)
def test_decoded_values_are_held_to_the_same_limits(value: object, needle: str) -> None:
    with pytest.raises(RecordError, match=needle.replace("[", r"\[").replace("]", r"\]")):
        strict_json.check_value(value)


def test_deep_decoded_values_are_refused_without_recursion() -> None:
    deep: list[object] = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RecordError, match="nest deeper than 20"):
        strict_json.check_value(deep)


def test_answers_are_written_strictly() -> None:
    assert strict_json.dumps({"a": "å"}) == '{"a": "å"}'
    with pytest.raises(RecordError):
        strict_json.dumps({"a": float("inf")})


# -- every door: rules files, check, the session, the bridge, case and record files --------------------------------
@pytest.mark.parametrize("what, text, needle", REFUSED[:9], ids=[r[0] for r in REFUSED[:9]])
def test_a_rules_file_has_the_readers_limits(tmp_path: Path, what: str, text: str, needle: str) -> None:
    path = tmp_path / "house.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as caught:
        load_rules_file(path)
    assert needle in str(caught.value) and str(path) in str(caught.value)
    run = cli(["check", "--rules", str(path), "--lang", "sv", str(tmp_path / "x.json")])
    assert run.status == 2, (run.status, run.err)
    assert "Traceback" not in run.err and "internal" not in run.err and "internt" not in run.err


def test_a_rules_file_that_never_ends_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "endless.json"
    os.symlink("/dev/zero", link)
    case = tmp_path / "case.json"
    case.write_text(json.dumps(PHASE2), encoding="utf-8")
    run = cli(["check", "--rules", str(link), str(case)], timeout=60)
    assert run.status == 2 and "larger than 4,000,000 bytes" in run.err, (run.status, run.err)


def test_a_rules_file_with_a_bom_is_read_and_a_key_twice_refused(tmp_path: Path) -> None:
    path = tmp_path / "house.json"
    path.write_bytes(b'\xef\xbb\xbf{"preset": "strikt"}')
    assert load_rules_file(path).preset_name == "strikt"
    path.write_text('{"preset": "pagat", "preset": "strikt"}', encoding="utf-8")
    with pytest.raises(RulesError, match="preset: appears twice"):
        load_rules_file(path)


@pytest.mark.parametrize("what, text, needle", REFUSED, ids=[r[0] for r in REFUSED])
def test_check_case_answers_every_bad_text_in_the_readers_words(what: str, text: str, needle: str) -> None:
    for lang in ("sv", "en"):
        answer = check_case(text, lang)
        assert answer["ok"] is False and answer["verdicts"] == []
        assert not any(raw in answer["error"] for raw in RAW), answer["error"]
    assert needle in check_case(text, "en")["error"]


def test_check_case_and_the_session_refuse_deep_objects() -> None:
    deep: dict[str, object] = {}
    for _ in range(5000):
        deep = {"a": deep}
    case = {**PHASE2, "notes": deep}
    assert "nest deeper than 20" in check_case(case)["error"]
    assert "djupare än 20" in check_case(case, "sv")["error"]
    checker = CheckerController("sv")
    checker.state()
    refused = checker.handle({"op": "edit", "case": case})  # the checker's own reader refuses it first
    assert refused["editor"]["problem"] and "20" in refused["editor"]["problem"], refused


def test_the_bridge_reads_and_writes_with_the_limits() -> None:
    assert json.loads(bridge.call("controllers.open_controller", '{"kind": "checker", "key": "strict-json"}'))["ok"]
    message = '{"key": "strict-json", "message": {"op": "edit", "case": ' + DEEP + "}}"
    answer = json.loads(bridge.call("controllers.controller_message", message))
    assert answer["ok"] is False and "nest deeper than" in answer["error"]["message"]
    message = '{"key": "strict-json", "message": {"op": "edit", "case": {"a": NaN}}}'
    answer = json.loads(bridge.call("controllers.controller_message", message))
    assert answer["ok"] is False and "NaN is not a JSON number" in answer["error"]["message"]
    message = '{"key": "strict-json", "message": {"op": "open", "value": 1e400}}'
    answer = json.loads(bridge.call("controllers.controller_message", message))
    assert answer["ok"] is False and "the number 1e400 is too large" in answer["error"]["message"]


@pytest.mark.slow
@pytest.mark.parametrize("command", ["check", "replay", "check --compare"])
@pytest.mark.parametrize("what, text, needle", REFUSED[:9], ids=[r[0] for r in REFUSED[:9]])
def test_case_and_record_files_have_the_limits(tmp_path: Path, command: str, what: str, text: str, needle: str) -> None:
    path = tmp_path / "file.json"
    path.write_text(text, encoding="utf-8")
    run = cli([*command.split(), str(path)])
    assert run.status == 2 and needle in run.err, (run.status, run.err)
    assert not any(raw in run.err for raw in RAW), run.err
