"""Where the test suite's time goes: the seconds of every test (setup, call and teardown) summed per tests/<folder>.

Reads the JUnit XML of a pytest run (`pytest --junitxml=_build/suite.xml ...`; notebooks under book/ count as
`book/`) and prints one row a folder, slowest first, with the number of tests, skipped and failed ones. With
`--json` it prints the same as JSON. Under xdist the sum is worker seconds (about the wall time times the workers).

    python benchmarks/suite_durations.py _build/suite.xml [--json]

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
    args = parser.parse_args(argv)
    try:
        root = ET.parse(args.xml).getroot()
    except (OSError, ET.ParseError) as error:
        print(f"suite_durations: {args.xml}: not a readable JUnit XML file ({error})", file=sys.stderr)
        return 2
    rows = folders(root)
    if args.json:
        print(json.dumps([row.__dict__ for row in rows], indent=1))
        return 0
    print(f"{'folder':<24}{'seconds':>10}{'tests':>8}{'skipped':>9}{'failed':>8}")
    for row in rows:
        print(f"{row.name:<24}{row.seconds:>10.1f}{row.tests:>8}{row.skipped:>9}{row.failed:>8}")
    print(f"{'all':<24}{sum(r.seconds for r in rows):>10.1f}{sum(r.tests for r in rows):>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
