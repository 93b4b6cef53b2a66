"""Where the test suite's time goes: the seconds of every test (setup, call and teardown) summed per tests/<folder>.

Reads the JUnit XML of a pytest run (`pytest --junitxml=_build/suite.xml ...`; notebooks under book/ count as
`book/`) and prints one row a folder, slowest first, with the number of tests, skipped and failed ones. With
`--json` it prints the same as JSON. Under xdist the sum is worker seconds (about the wall time times the workers).
`--files FOLDER` adds the seconds of each file of that folder (e.g. `tests/browser`). `--budget NAME=SECONDS`
(repeatable; NAME a folder or `all`) compares the run with the suite's budgets: each line says within or over, and
the exit status is 1 when any is over (CONTRIBUTING: the budgets are read from one whole run).

    python benchmarks/suite_durations.py _build/suite.xml [--json] [--files tests/browser] [--budget all=1200]

Bad input (a missing or unreadable file, not JUnit XML) is said on standard error with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Folder:
    """The summed seconds and counts of the tests in one folder."""

    name: str
    seconds: float
    tests: int
    skipped: int
    failed: int


def folder_of(case: ET.Element) -> str:
    """The folder a test case belongs to: `tests/<folder>` for tests, the notebook's top folder otherwise."""
    where = case.get("file") or case.get("classname", "").replace(".", "/")
    parts = Path(where).parts
    if len(parts) >= 2 and parts[0] == "tests":
        return f"tests/{parts[1]}" if len(parts) > 2 else "tests"
    return parts[0] if parts else "?"


def file_of(case: ET.Element) -> str:
    """The test file a case belongs to (the notebook for a notebook's cells)."""
    where = case.get("file")
    if where:
        return where
    parts = case.get("classname", "").split(".")
    return "/".join(parts) + ".py" if parts and parts[0] == "tests" else "/".join(parts)


def files_of(root: ET.Element, folder: str) -> list[tuple[str, float]]:
    """The summed seconds of every file under `folder`, slowest first."""
    seconds: dict[str, float] = defaultdict(float)
    for case in root.iter("testcase"):
        if folder_of(case) == folder:
            seconds[file_of(case)] += float(case.get("time", "0") or 0)
    return sorted(((name, round(s, 2)) for name, s in seconds.items()), key=lambda kv: (-kv[1], kv[0]))


def over_budget(rows: list[Folder], budgets: dict[str, float]) -> list[str]:
    """One line per budget: the seconds spent against the seconds allowed."""
    spent = {row.name: row.seconds for row in rows}
    spent["all"] = round(sum(row.seconds for row in rows), 2)
    lines = []
    for name, allowed in budgets.items():
        used = spent.get(name, 0.0)
        verdict = "over" if used > allowed else "within"
        lines.append(f"budget {name}: {used:.0f} s of {allowed:.0f} s ({verdict})")
    return lines


def _budget(text: str) -> tuple[str, float]:
    name, sep, seconds = text.partition("=")
    try:
        value = float(seconds)
    except ValueError:
        value = -1.0
    if not sep or not name or value < 0:
        raise argparse.ArgumentTypeError(f"not NAME=SECONDS: {text!r}")
    return name, value


def folders(root: ET.Element) -> list[Folder]:
    """Every folder's sums, slowest first."""
    seconds: dict[str, float] = defaultdict(float)
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for case in root.iter("testcase"):
        name = folder_of(case)
        seconds[name] += float(case.get("time", "0") or 0)
        counts[name][0] += 1
        counts[name][1] += case.find("skipped") is not None
        counts[name][2] += case.find("failure") is not None or case.find("error") is not None
    rows = [Folder(n, round(seconds[n], 2), *counts[n]) for n in seconds]
    return sorted(rows, key=lambda f: (-f.seconds, f.name))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("xml", type=Path, help="the JUnit XML of a pytest run")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--files", metavar="FOLDER", help="also the seconds of each file of FOLDER")
    parser.add_argument(
        "--budget", metavar="NAME=SECONDS", type=_budget, action="append", default=[], help="a folder's or all's budget"
    )
    args = parser.parse_args(argv)
    try:
        root = ET.parse(args.xml).getroot()
    except (OSError, ET.ParseError) as error:
        print(f"suite_durations: {args.xml}: not a readable JUnit XML file ({error})", file=sys.stderr)
        return 2
    rows = folders(root)
    budgets = over_budget(rows, dict(args.budget))
    if args.json:
        print(json.dumps([row.__dict__ for row in rows], indent=1))
    else:
        print(f"{'folder':<24}{'seconds':>10}{'tests':>8}{'skipped':>9}{'failed':>8}")
        for row in rows:
            print(f"{row.name:<24}{row.seconds:>10.1f}{row.tests:>8}{row.skipped:>9}{row.failed:>8}")
        print(f"{'all':<24}{sum(r.seconds for r in rows):>10.1f}{sum(r.tests for r in rows):>8}")
        if args.files:
            print(f"\n{'file of ' + args.files:<56}{'seconds':>10}")
            for name, seconds in files_of(root, args.files):
                print(f"{name:<56}{seconds:>10.1f}")
        for line in budgets:
            print(line)
    return 1 if any(line.endswith("(over)") for line in budgets) else 0


if __name__ == "__main__":
    sys.exit(main())
