"""benchmarks/suite_durations.py: the seconds of a pytest run's JUnit XML summed per tests/<folder> (notebooks by
their top folder), with the counts of tests, skipped and failed ones; a file that is no JUnit XML exits 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import suite_durations

XML = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
  <testcase classname="tests.engine.test_a" name="one" file="tests/engine/test_a.py" time="1.5"/>
  <testcase classname="tests.engine.test_b" name="two" time="0.25"><skipped message="no"/></testcase>
  <testcase classname="tests.browser.test_c" name="three" time="4"><failure message="bad"/></testcase>
  <testcase classname="tests.browser.test_c" name="four" time="1"><error message="worse"/></testcase>
  <testcase classname="tests.conftest" name="top" file="tests/conftest.py" time="0.5"/>
  <testcase classname="book.en.play" name="Cell 1" file="book/en/play.ipynb" time="2"/>
</testsuite></testsuites>
"""


def test_seconds_and_counts_per_folder_slowest_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = tmp_path / "run.xml"
    xml.write_text(XML, encoding="utf-8")
    assert suite_durations.main([str(xml), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows == [
        {"name": "tests/browser", "seconds": 5.0, "tests": 2, "skipped": 0, "failed": 2},
        {"name": "book", "seconds": 2.0, "tests": 1, "skipped": 0, "failed": 0},
        {"name": "tests/engine", "seconds": 1.75, "tests": 2, "skipped": 1, "failed": 0},
        {"name": "tests", "seconds": 0.5, "tests": 1, "skipped": 0, "failed": 0},
    ]
    assert suite_durations.main([str(xml)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[1].split() == ["tests/browser", "5.0", "2", "0", "2"]
    assert table[-1].split() == ["all", "9.2", "6"]


@pytest.mark.parametrize("content", [None, "not xml at all", "<testsuites><testsuite>"])
def test_a_missing_or_broken_file_is_said_in_one_line_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None
) -> None:
    xml = tmp_path / "run.xml"
    if content is not None:
        xml.write_text(content, encoding="utf-8")
    assert suite_durations.main([str(xml)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"suite_durations: {xml}: not a readable JUnit XML file") and err.count("\n") == 1


def test_seconds_per_file_of_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = tmp_path / "run.xml"
    xml.write_text(XML, encoding="utf-8")
    assert suite_durations.main([str(xml), "--files", "tests/browser"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index(next(line for line in lines if line.startswith("file of tests/browser")))
    assert [line.split() for line in lines[at + 1 :]] == [["tests/browser/test_c.py", "5.0"]]


def test_budgets_say_within_or_over_and_over_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    xml = tmp_path / "run.xml"
    xml.write_text(XML, encoding="utf-8")
    assert suite_durations.main([str(xml), "--budget", "tests/browser=5", "--budget", "all=10"]) == 0
    out = capsys.readouterr().out
    assert "budget tests/browser: 5 s of 5 s (within)" in out and "budget all: 9 s of 10 s (within)" in out
    assert suite_durations.main([str(xml), "--budget", "tests/browser=4.5"]) == 1
    assert "budget tests/browser: 5 s of 4 s (over)" in capsys.readouterr().out


def test_a_budget_that_is_not_name_equals_seconds_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        suite_durations.main(["run.xml", "--budget", "browser"])
    assert stop.value.code == 2 and "not NAME=SECONDS: 'browser'" in capsys.readouterr().err
