"""The repository explains itself: nothing in it points to a document it does not hold, and its own documents
(`docs/`) agree with the code they describe.

- no file names the design or rules notes that lived outside the repository, nor a path into the folder beside
  it: a contributor with a clone must be able to read every reference;
- every relative link of the Markdown files, and every page of `docs/` a file cites, leads to a file that exists;
- the case examples of `docs/case-files.md` are judged by `check` as the page says;
- `docs/notation.md` names every preset, and `docs/disputed-points.md` every disputed point with each of its
  library cases and every `Rules` option.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from skitgubbe.records.caselib import POINTS, by_point
from skitgubbe.rules.options import PRESETS, Rules

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
#: the names of the outside documents, built from pieces so that this file does not name them itself
OUTSIDE = re.compile(
    "|".join((r"\bDESIGN" + r"\.md", r"\bRULES" + r"\.md", r"\.\./" + "shared", r"\bshared/" + "(?:sources|tools)"))
)
#: the files read as text (everything else is data, pictures or build output)
TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".js",
    ".mjs",
    ".ts",
    ".css",
    ".html",
    ".yml",
    ".yaml",
    ".toml",
    ".ipynb",
    ".txt",
    ".sh",
    ".cfg",
    ".ini",
    ".c",
    ".h",
}
TEXT_NAMES = {"Makefile", "run"}
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
DOC_NAME = re.compile(r"\bdocs/([\w-]+\.md)\b")


def repository_files() -> list[Path]:
    """The files of the checkout (tracked, or new and not ignored), or every file when git is not there."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        paths = [ROOT / name for name in listed]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "node_modules", "_build"}
        paths = [p for p in ROOT.rglob("*") if not skip & set(p.relative_to(ROOT).parts)]
    return sorted(p for p in paths if p.is_file() and (p.suffix in TEXT_SUFFIXES or p.name in TEXT_NAMES))


#: the one line that may name the folder beside the repository: where the Makefile looks for the source texts for
#: tests/book/test_source_overlap.py (a place to read data from, explained by nothing outside)
SOURCES_LOOKUP = re.compile(r"^export SKITGUBBE_SOURCES \?= ")


def outside_references(files: list[Path]) -> list[str]:
    """`file:line: text` for every line that names a document outside the repository."""
    found = []
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line) and not (path.name == "Makefile" and SOURCES_LOOKUP.match(line)):
                where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
                found.append(f"{where}:{number}: {line.strip()[:100]}")
    return found


def test_the_scan_finds_an_outside_reference(tmp_path: Path) -> None:
    planted = tmp_path / "x.py"
    planted.write_text('"""See the DESIGN' + '.md state object."""\nSOURCES = "../' + "shar" + 'ed/sources"\n')
    clean = tmp_path / "y.py"
    clean.write_text('"""See docs/case-files.md."""\n')
    assert len(outside_references([planted, clean])) == 2


def test_no_file_refers_to_a_document_outside_the_repository() -> None:
    files = repository_files()
    assert any(p.suffix == ".py" for p in files) and any(p.name == "README.md" for p in files)
    found = outside_references(files)
    assert not found, "explain it in docs/ instead:\n" + "\n".join(found)


def test_every_relative_link_and_every_cited_document_exists() -> None:
    missing = []
    for path in repository_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".md":
            for target in LINK.findall(text):
                if "://" not in target and not (path.parent / target).exists():
                    missing.append(f"{path.relative_to(ROOT)}: link {target}")
        for name in DOC_NAME.findall(text):
            if not (DOCS / name).is_file():
                missing.append(f"{path.relative_to(ROOT)}: docs/{name}")
    assert not missing, missing


def test_the_case_examples_are_judged_as_the_page_says() -> None:
    examples = re.findall(r"```json\n(.*?)```", (DOCS / "case-files.md").read_text(encoding="utf-8"), re.S)
    statuses = []
    for example in examples:
        run = subprocess.run(
            [sys.executable, "-m", "skitgubbe", "check", "-"], input=example, capture_output=True, text=True
        )
        assert run.stderr == "", run.stderr
        statuses.append(run.returncode)
    assert statuses == [0, 1]  # the phase-2 example is legal throughout; the phase-1 one ends on a refused chansa


def test_the_notation_page_names_every_preset() -> None:
    page = (DOCS / "notation.md").read_text(encoding="utf-8")
    assert [name for name in PRESETS if f"| `{name}` |" not in page] == []


@pytest.mark.parametrize("point", POINTS)
def test_the_disputed_points_page_gives_each_point_its_sources_and_its_cases(point: str) -> None:
    page = (DOCS / "disputed-points.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith(f"| {point} ")]
    assert len(rows) == 2, rows  # what the five sources say, and how the engine plays it
    sources, engine = rows
    assert sources.count("|") == 7  # the point, then pagat/guide, kortspelsregler, strikt, wikipedia, specialkort
    assert [case.id for case in by_point(point) if f"`{case.id}`" not in engine] == []


def test_the_disputed_points_page_names_every_option() -> None:
    page = (DOCS / "disputed-points.md").read_text(encoding="utf-8")
    assert [f.name for f in fields(Rules) if f"`{f.name}`" not in page] == []
