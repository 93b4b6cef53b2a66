"""The checker's controller reads every JSON that reaches it with the case reader's limits (issue 24 classes 1, 5, 8,
10 and 11 on the Python side of the page), in CPython and in the Python source build:

- the text box (`check`), a link's `case=` and `rules=` (`fragment`, and the first open), and values that arrive
  decoded (`edit`'s case, `house`'s rules): non-JSON numbers (NaN, Infinity, -Infinity, 1e400), nesting deeper
  than 20 levels (5,000 in the examples), integers of more than 30 digits, a key given twice, more than 4 MB — each
  refused with a sentence in the page's language, never an exception, and every answer strict JSON;
- a refused text or link leaves no verdict (the verdicts of the case before answered another question), and a good
  link, library case or "New" afterwards shows its own verdicts;
- a UTF-8 BOM is accepted, as the case reader accepts it;
- a case of more than `MAX_CHECK_MOVES` moves is refused with the count and the limit;
- a wrong type names the field (`hands.A: must be a list of cards`), a bad number in a field no Python text;
- "New empty position" starts from the defaults, whatever the case before it had.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from reliability import pytest_in_source_build, source_build

from skitgubbe.records.caselib import get
from skitgubbe.views import case_editor
from skitgubbe.views.controllers import MAX_CHECK_MOVES, CheckerController

KLOVER = get("klover-9").case_data()
#: klöver 9's verdicts by preset (every move legal under it?): what a good case shows after a poisoned one
KLOVER_LEGAL = {"pagat": False, "kortspelsregler": True, "strikt": False}

#: JSON texts the checker must refuse, by class, each with a word its message has in each language
POISON: dict[str, tuple[str, tuple[str, str]]] = {
    "nan": ('{"rules": "pagat", "players": ["A", "B"], "x": NaN}', ("NaN", "NaN")),
    "infinity": ('{"rules": "pagat", "x": [Infinity]}', ("Infinity", "Infinity")),
    "minus-infinity": ('{"rules": "pagat", "x": {"y": -Infinity}}', ("-Infinity", "-Infinity")),
    "overflowing-float": ('{"rules": "pagat", "x": 1e400}', ("1e400", "1e400")),
    "deep-array": ('{"x": ' + "[" * 5000 + "]" * 5000 + "}", ("20 nivåer", "20 levels")),
    "deep-object": ('{"x": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}", ("20 nivåer", "20 levels")),
    "long-integer": ('{"x": ' + "7" * 31 + "}", ("högst 30 läses", "at most 30 are read")),
    "huge-integer": ('{"x": ' + "7" * 5000 + "}", ("högst 30 läses", "at most 30 are read")),
    "duplicate-key": (
        '{"rules": "pagat", "rules": "strikt"}',
        ("rules: förekommer två gånger", "rules: appears twice"),
    ),
    "too-big": ('{"x": "' + "a" * 4_000_001 + '"}', ("4\u202f000\u202f000 tecken", "4,000,000 characters")),
}
#: what no message may hold: Python's and the decoder's own English, a traceback
RAW = ("Traceback", "invalid literal", "Expecting", "RecursionError", "maximum recursion", "4300", "Exceeds the limit")


def b64(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


def strict(value: Any) -> Any:
    """The answer as the bridge sends it: strict JSON (no NaN or Infinity), and the same back."""
    text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    assert json.loads(text) == value
    return value


def verdicts(changes: dict[str, Any]) -> dict[str, bool]:
    return {v["preset"]: v["legal"] for v in changes["result"]["verdicts"]}


def shows_klover(changes: dict[str, Any]) -> None:
    got = verdicts(changes)
    assert changes["result"]["ok"] and {p: got[p] for p in KLOVER_LEGAL} == KLOVER_LEGAL, got


def said(changes: dict[str, Any]) -> str:
    problem = changes["editor"]["problem"]
    assert problem and not any(raw in problem for raw in RAW), problem
    return str(problem)


def refused_without_verdict(changes: dict[str, Any]) -> str:
    strict(changes)
    assert changes["result"]["ok"] is False and changes["result"]["verdicts"] == [], changes["result"]
    return said(changes)


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("kind", sorted(POISON))
def test_a_poisoned_text_is_refused_and_a_good_one_shows_its_own_verdicts(kind: str, lang: str) -> None:
    text, words = POISON[kind]
    c = CheckerController(lang)
    strict(c.state())
    problem = refused_without_verdict(c.handle({"op": "check", "text": text}))
    assert words[0 if lang == "sv" else 1] in problem, problem
    assert c.case["rules"] == "kortspelsregler"  # the editor's case is the one before, untouched
    shows_klover(strict(c.handle({"op": "check", "text": get("klover-9").case_json()})))


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("kind", sorted(k for k in POISON if k != "too-big"))
def test_a_poisoned_link_is_refused_and_every_later_door_shows_its_own_verdicts(kind: str, lang: str) -> None:
    text, words = POISON[kind]
    # the first open (the page opened from the link): nothing judged, the problem said
    c = CheckerController(lang, fragment="#case=" + b64(text))
    problem = refused_without_verdict(c.state())
    assert words[0 if lang == "sv" else 1] in problem and "case=" in problem, problem
    # then a good link, a poisoned one again, a library case, a poisoned one, "New": each shows its own answer
    good = "#case=" + case_editor.encode(KLOVER)
    shows_klover(strict(c.handle({"op": "fragment", "fragment": good})))
    refused_without_verdict(c.handle({"op": "fragment", "fragment": "#case=" + b64(text)}))
    assert strict(c.handle({"op": "load", "id": "d5-void"}))["result"]["ok"]
    refused_without_verdict(c.handle({"op": "fragment", "fragment": "#case=" + b64(text)}))
    new = strict(c.handle({"op": "new"}))
    assert new["result"]["ok"] and new["editor"]["problem"] == ""
    # the same poison as house rules: refused, and the house rules of the link before do not stay
    c.handle({"op": "fragment", "fragment": good + "&rules=" + case_editor.encode({"preset": "strikt"})})
    assert c.house == {"preset": "strikt"}
    refused_without_verdict(c.handle({"op": "fragment", "fragment": good + "&rules=" + b64(text)}))
    assert c.house is None
    shows_klover(strict(c.handle({"op": "fragment", "fragment": good})))
    assert "house" not in c.model["result"]


def test_values_that_arrive_decoded_keep_the_limits() -> None:
    """A message's case or rules (already Python values): the same limits, the case kept as it was."""
    c = CheckerController("en")
    c.state()
    before = json.loads(json.dumps(c.case))
    deep: Any = 1
    for _ in range(5000):
        deep = [deep]
    for value in (float("nan"), float("inf"), -float("inf"), 10**31, deep, {"a": {"b": [[[[deep]]]]}}):
        changes = strict(c.handle({"op": "edit", "case": {**KLOVER, "x": value}}))
        said(changes)
        assert c.case == before
        said(strict(c.handle({"op": "house", "spec": {"preset": "pagat", "x": value}})))
        assert c.house is None
    assert strict(c.handle({"op": "edit", "case": KLOVER}))["result"]["ok"]


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_bom_is_accepted_and_a_long_case_is_refused_with_its_count(lang: str) -> None:
    c = CheckerController(lang)
    c.state()
    shows_klover(c.handle({"op": "check", "text": "\ufeff" + get("klover-9").case_json()}))
    moves = ["A: pick up"] * (MAX_CHECK_MOVES + 1)
    long = {**KLOVER, "moves": moves}
    for changes in (
        c.handle({"op": "fragment", "fragment": "#case=" + case_editor.encode(long)}),
        c.handle({"op": "check", "text": json.dumps(long)}),
    ):
        problem = refused_without_verdict(changes)
        count, limit = ("2\u202f001", "2\u202f000") if lang == "sv" else ("2,001", "2,000")
        assert count in problem and limit in problem, problem
    # at the limit: judged (the editor refuses the move after it)
    at = {**KLOVER, "moves": moves[:MAX_CHECK_MOVES]}
    assert c.handle({"op": "edit", "case": at})["result"]["ok"]
    more = c.handle({"op": "move", "text": "B: pick up"})
    assert "2" in said(more) and len(c.case["moves"]) == MAX_CHECK_MOVES


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_field_of_the_wrong_kind_is_named(lang: str) -> None:
    """`hands.A` a string is a problem of that field, said as one, not a failure elsewhere."""
    c = CheckerController(lang)
    c.state()
    bad = {**KLOVER, "hands": {**KLOVER["hands"], "A": "9C"}}
    changes = strict(c.handle({"op": "fragment", "fragment": "#case=" + case_editor.encode(bad)}))
    assert not changes["result"]["ok"] and changes["result"]["verdicts"] == []
    expected = "hands.A: måste vara en lista med kort" if lang == "sv" else "hands.A: must be a list of cards"
    assert expected in changes["result"]["error"], changes["result"]["error"]
    shows_klover(c.handle({"op": "fragment", "fragment": "#case=" + case_editor.encode(KLOVER)}))
    # a number field given a word: the field by its label, no Python text
    for value in ("x", "1e400", [3], None, True, "9" * 400, 7, 1, "-3"):
        problem = said(c.handle({"op": "set", "field": "players", "value": value}))
        assert ("Spelare" if lang == "sv" else "Players") in problem
    assert len(c.case["players"]) == 3


def test_new_starts_from_the_defaults() -> None:
    """The "New empty position" button keeps nothing of the case before (rules, players, phase, trump)."""
    c = CheckerController("en")
    c.state()
    c.handle({"op": "set", "field": "rules", "value": "strikt"})
    c.handle({"op": "set", "field": "players", "value": 5})
    c.handle({"op": "set", "field": "phase", "value": 1})
    assert c.case["rules"] == "strikt" and c.case["phase"] == 1 and len(c.case["players"]) == 5
    new = c.handle({"op": "new"})
    assert new["editor"]["case"] == case_editor.normalise(case_editor.blank_case())
    assert new["editor"]["case"]["rules"] == "pagat" and new["editor"]["case"]["phase"] == 2
    assert new["editor"]["case"]["trump"] == "H" and new["editor"]["case"]["players"] == ["A", "B", "C"]
    assert new["case_id"] == "" and new["result"]["ok"]


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.skipif(bool(os.environ.get("SKITGUBBE_SOURCE_RUN")), reason="this is the source build's run")
def test_the_same_in_the_python_source_build(tmp_path: Path) -> None:
    """This file again against the Python source build (the compiled engine's twin), so both builds are tested."""
    run = pytest_in_source_build(
        tmp_path, [Path(__file__).resolve()], "-k", "not source_build", env={"SKITGUBBE_SOURCE_RUN": "1"}
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    source = source_build(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(source)}
    probe = subprocess.run(
        [sys.executable, "-c", "import skitgubbe; print(skitgubbe.COMPILED)"],
        capture_output=True,
        text=True,
        cwd=source,
        env=env,
        check=False,
    )
    assert probe.stdout.strip() == "False", probe.stdout + probe.stderr
