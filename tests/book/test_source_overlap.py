"""No page and no string in the package repeats a source's sentence: no run of 8 words (case and punctuation
ignored) is shared with one of the five source texts outside quotation marks.

Facts may carry over from the sources; their sentences may not. A quotation stays only inside quotation marks,
naming its source. The pages are the book's, the project's own documents (`docs/`) and every string in the package.
The source texts are not part of the repository (they are others' work): the test reads the `*.txt` files of the
folder `$SKITGUBBE_SOURCES` names and skips, saying so, when it is not set.
"""

from __future__ import annotations

import ast
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
N = 8
WORD = re.compile(r"[0-9a-zåäöéü]+")
QUOTED = re.compile(r"[\"“”„«»][^\"“”„«»]{3,400}[\"“”„«»]|'[^']{20,400}'")


def _sources_dir() -> Path | None:
    candidate = os.environ.get("SKITGUBBE_SOURCES", "")
    if candidate and Path(candidate).is_dir() and any(Path(candidate).glob("*.txt")):
        return Path(candidate)
    return None


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def runs(text: str) -> set[tuple[str, ...]]:
    ws = words(QUOTED.sub(" ", text))
    return {tuple(ws[i : i + N]) for i in range(len(ws) - N + 1)}


def texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every book page (markdown, notebook cells), every document of `docs/` and every string
    literal in the package."""
    for path in sorted([*(ROOT / "book").rglob("*"), *(ROOT / "docs").glob("*.md")]):
        if "_build" in path.parts or path.suffix not in (".md", ".ipynb"):
            continue
        rel = str(path.relative_to(ROOT))
        if path.suffix == ".md":
            yield rel, path.read_text(encoding="utf-8")
        else:
            for number, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
                source = cell["source"]
                yield f"{rel} cell {number}", source if isinstance(source, str) else "".join(source)
    for path in sorted((ROOT / "skitgubbe").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield f"{rel}:{node.lineno}", node.value


def test_quotation_marks_are_masked() -> None:
    # the check itself: a shared run counts outside quotation marks and not inside them
    sentence = "ett två tre fyra fem sex sju åtta nio"
    assert runs(f"Här står {sentence}.") & runs(sentence)
    assert not runs(f"Källan säger ”{sentence}”.") & runs(sentence)


def test_no_sentence_is_carried_over_from_a_source() -> None:
    sources = _sources_dir()
    if sources is None:
        pytest.skip("source texts not found: set SKITGUBBE_SOURCES to the folder of the five source texts")
    seed: set[tuple[str, ...]] = set()
    for path in sources.glob("*.txt"):
        ws = words(path.read_text(encoding="utf-8"))
        seed |= {tuple(ws[i : i + N]) for i in range(len(ws) - N + 1)}
    found = [f"{where}: '{' '.join(run)}'" for where, text in texts() for run in sorted(runs(text) & seed)]
    assert not found, f"{len(found)} {N}-word runs shared with a source text:\n" + "\n".join(found)
