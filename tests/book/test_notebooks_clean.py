"""Notebooks under book/ are committed clean: no outputs, no execution counts, no widget state.

The site executes them at build time (execution cache); a stored output without its widget
state would build to an empty widget silently (a widget without its saved state has nothing to draw).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import REPO

SKIP_PARTS = {"_build", ".venv", "node_modules", ".ipynb_checkpoints", "jupyter_execute", ".jupyter_cache"}


def book_notebooks() -> list[Path]:
    book = REPO / "book"
    if not book.is_dir():
        return []
    return sorted(p for p in book.rglob("*.ipynb") if not SKIP_PARTS.intersection(p.relative_to(REPO).parts))


# an empty list (no notebooks yet) makes pytest report this test as skipped
@pytest.mark.parametrize("path", book_notebooks(), ids=lambda p: p.relative_to(REPO).as_posix())
def test_notebook_is_committed_clean(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    dirty = []
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        if cell.get("outputs"):
            dirty.append(f"cell {i}: {len(cell['outputs'])} outputs")
        if cell.get("execution_count") is not None:
            dirty.append(f"cell {i}: execution_count {cell['execution_count']}")
    if "widgets" in nb.get("metadata", {}):
        dirty.append("notebook metadata holds saved widget state")
    assert not dirty, (
        f"{path.relative_to(REPO)} is not clean ({'; '.join(dirty)}); clear all outputs "
        "before committing (Jupyter: Edit > Clear Outputs of All Cells; do not save widget state)"
    )
