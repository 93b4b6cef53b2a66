"""No file of the repository is a symbolic link: the browser code has one home (`skitgubbe/views/`), and a link
between folders would be a second name for one file that an archive, a wheel or a checkout on Windows loses.

The check reads git's index (a link is committed with mode 120000) and the new files not ignored; the shared
`.venv` and `node_modules` of a worktree are ignored, so they do not count.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: git's mode of a committed symbolic link
LINK_MODE = "120000"


def _git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=True).stdout


def symlinks(folder: Path) -> list[str]:
    """The repository's paths that are symbolic links: committed or staged ones, and new files not ignored."""
    staged = [line.split("\t", 1) for line in _git(folder, "ls-files", "--stage").splitlines()]
    new = _git(folder, "ls-files", "--others", "--exclude-standard").splitlines()
    assert staged or new, f"git lists no file in {folder}"
    linked = [name for entry, name in staged if entry.split(" ", 1)[0] == LINK_MODE]
    return sorted(linked + [name for name in new if (folder / name).is_symlink()])


def test_the_repository_holds_no_symlink() -> None:
    found = symlinks(ROOT)
    assert not found, f"symbolic links in the repository (copy the file at build time instead): {found}"


def test_the_check_finds_a_committed_and_a_new_link(tmp_path: Path) -> None:
    """The check itself: a committed link and a new one are found, an ignored one and a plain file are not."""
    try:
        _git(tmp_path, "init", "-q")
    except (OSError, subprocess.CalledProcessError):
        pytest.fail("git is needed to read the repository's index")
    (tmp_path / "dom.js").write_text("export const h = 1;\n", encoding="utf-8")
    (tmp_path / "live").mkdir()
    (tmp_path / "live" / "dom.mjs").symlink_to("../dom.js")
    _git(tmp_path, "add", "dom.js", "live/dom.mjs")
    (tmp_path / ".gitignore").write_text("/node_modules\n", encoding="utf-8")
    (tmp_path / "node_modules").symlink_to(tmp_path / "live")
    (tmp_path / "template.mjs").symlink_to("dom.js")
    assert symlinks(tmp_path) == ["live/dom.mjs", "template.mjs"]
