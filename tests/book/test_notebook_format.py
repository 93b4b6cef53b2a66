"""The book's notebooks are kept in the form Jupyter saves them: opening and saving one leaves it byte-identical
(no 110-line diff after a reader opens a page in JupyterLab). Fix with `python book/_ext/notebook_format.py`."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from helpers import REPO

sys.path.insert(0, str(REPO / "book" / "_ext"))
import notebook_format

NOTEBOOKS = notebook_format.book_notebooks()
FIX = "run `python book/_ext/notebook_format.py` and commit the result"


def test_there_are_notebooks() -> None:
    assert len(NOTEBOOKS) >= 20


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_the_notebook_is_in_canonical_form(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert notebook_format.canonical(text) == text, f"{path.relative_to(REPO)} is not in canonical form: {FIX}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(REPO).as_posix())
def test_jupyters_open_and_save_leave_it_byte_identical(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The very code JupyterLab saves with: jupyter_server's contents manager, get then save."""
    from jupyter_server.services.contents.filemanager import FileContentsManager

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))  # the notary's signature database
    shutil.copyfile(path, tmp_path / path.name)
    manager = FileContentsManager(root_dir=str(tmp_path))
    manager.save(manager.get(path.name), path.name)
    assert (tmp_path / path.name).read_bytes() == path.read_bytes(), f"{path.relative_to(REPO)}: {FIX}"


def test_a_notebook_saved_with_sources_as_strings_is_refused(tmp_path: Path) -> None:
    data = json.loads(NOTEBOOKS[0].read_text(encoding="utf-8"))
    for cell in data["cells"]:
        cell["source"] = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    planted = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    assert notebook_format.canonical(planted) != planted
