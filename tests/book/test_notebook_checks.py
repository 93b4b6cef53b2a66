"""The checks in the book's notebooks run once, here.

A notebook's check cells (hidden on the site, tagged `check`) prove what the page beside them says: that a worked
example plays as told, a quiz's answer is the engine's, a printed number is the simulation's. They are tagged
`skip-execution` (the book build, through nbclient, does not run them) and `nbval-skip` (nbval does not run them),
and run here instead: each notebook's setup (its first code cell and its other hidden cells) and then its checks,
in order, in one namespace. The two editions hold the same checks; a notebook's checks run once for both when its
check and setup cells are the same in both but for the `LANG = ...` line and use no language, and once per edition
otherwise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO

BOOK = REPO / "book"
EDITIONS = ("sv", "en")
CHECK_TAGS = ("check", "skip-execution", "nbval-skip")
LANG_LINE = re.compile(r'^LANG = "(sv|en)"$', re.M)


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _code_cells(path: Path) -> list[dict[str, Any]]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def runnable(path: Path) -> list[tuple[str, str, bool]]:
    """(cell id, source, is a check) for the cells a check needs: the first code cell, the hidden cells, in order."""
    cells = []
    for index, cell in enumerate(_code_cells(path)):
        tags = _tags(cell)
        if index == 0 or "remove-cell" in tags or "check" in tags:
            cells.append((str(cell.get("id", index)), _source(cell), "check" in tags))
    return cells


def _language_free(cells: list[tuple[str, str, bool]]) -> list[str]:
    return [LANG_LINE.sub("", source) for _, source, _ in cells]


def shared_by_both(name: str) -> bool:
    """Whether the notebook's checks and setup are one code in both editions, with no use of the language."""
    sv, en = (runnable(BOOK / lang / name) for lang in EDITIONS)
    same = _language_free(sv) == _language_free(en)
    return same and not any("LANG" in source for source in _language_free(sv))


def notebooks() -> list[str]:
    return sorted(p.name for p in (BOOK / "sv").glob("*.ipynb"))


def runs() -> list[Any]:
    """One run per notebook whose checks are shared, one per edition otherwise."""
    found = []
    for name in notebooks():
        if not any(is_check for _, _, is_check in runnable(BOOK / "sv" / name)):
            continue
        langs = ("sv",) if shared_by_both(name) else EDITIONS
        found += [pytest.param(lang, name, id=f"{lang}/{name}") for lang in langs]
    return found


def run_checks(path: Path) -> int:
    """Run the notebook's setup and checks in order in one namespace; the number of checks run."""
    namespace: dict[str, Any] = {"__name__": f"notebook_{path.parent.name}_{path.stem.replace('-', '_')}"}
    checks = 0
    for cell_id, source, is_check in runnable(path):
        where = f"{path.name}, cell {cell_id}"
        try:
            exec(compile(source, where, "exec"), namespace)
        except AssertionError as error:
            raise AssertionError(f"{where}: a check failed: {error!r}\n{source}") from error
        checks += is_check
    return checks


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "name"), runs())
def test_the_notebook_checks_hold(lang: str, name: str) -> None:
    assert run_checks(BOOK / lang / name), f"{lang}/{name}: no check ran"


def test_every_check_cell_is_tagged_to_run_only_here() -> None:
    for lang in EDITIONS:
        for path in sorted((BOOK / lang).glob("*.ipynb")):
            for cell in _code_cells(path):
                tags = _tags(cell)
                where = f"{path.relative_to(REPO)}, cell {cell.get('id')}"
                if "assert" in _source(cell) and "remove-cell" in tags:
                    assert "check" in tags, f"{where}: a hidden cell with asserts is not tagged `check`"
                if "check" in tags:
                    missing = [t for t in CHECK_TAGS if t not in tags]
                    assert not missing, f"{where}: a check cell lacks {missing} (it would run more than once)"
                    assert "remove-cell" in tags, f"{where}: a check cell must be hidden on the site"


def test_a_failing_check_fails_the_test(tmp_path: Path) -> None:
    notebook = {
        "cells": [
            {"cell_type": "code", "id": "setup", "metadata": {}, "source": 'LANG = "sv"\nx = 1', "outputs": []},
            {
                "cell_type": "code",
                "id": "c1",
                "metadata": {"tags": ["remove-cell", *CHECK_TAGS]},
                "source": "assert x == 2",
                "outputs": [],
            },
        ],
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = tmp_path / "bad.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    assert [(cid, is_check) for cid, _, is_check in runnable(path)] == [("setup", False), ("c1", True)]
    with pytest.raises(AssertionError, match=r"bad\.ipynb, cell c1: a check failed"):
        run_checks(path)
