"""The table server's words: every key a `TableError` or a `Words` names is in `TABLE_SERVER` with the
placeholders given, and every key of the table is named somewhere in `skitgubbe/table/` (no dead words)."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import skitgubbe.table
from skitgubbe.text.table_server_words import PAGE, TABLE_SERVER

SOURCES = sorted(Path(skitgubbe.table.__file__).parent.glob("*.py"))


def _named() -> list[tuple[str, str, set[str] | None]]:
    """(where, key, keywords given or None for a `Words`) of every literal key in the server's sources."""
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in ("TableError", "Words", "say") or not node.args:
                continue
            first = node.args[0]
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), f"{path.name}:{node.lineno}"
            given = {kw.arg for kw in node.keywords if kw.arg is not None}
            found.append((f"{path.name}:{node.lineno}", first.value, given if node.func.id != "Words" else None))
    return found


def test_every_key_named_exists_with_its_placeholders() -> None:
    problems = []
    for where, key, given in _named():
        if key not in TABLE_SERVER:
            problems.append(f"{where}: no key {key!r}")
            continue
        wanted = {f for _, f, _, _ in string.Formatter().parse(TABLE_SERVER[key][1]) if f is not None}
        if given is not None and given != wanted:
            problems.append(f"{where}: {key} wants {sorted(wanted)}, given {sorted(given)}")
    assert not problems, "\n".join(problems)


def test_every_key_of_the_table_is_named() -> None:
    assert not set(TABLE_SERVER) - {key for _, key, _ in _named()}


def test_the_page_scripts_read_only_words_the_pages_send() -> None:
    """`w.key` in the host's and the phone's scripts: each a key of `PAGE`, and each key of `PAGE` read by a script
    or by the server's Python (`pages.py`, `names.py`)."""
    static = Path(skitgubbe.table.__file__).parents[1] / "views" / "table_server"
    scripts = "".join(p.read_text(encoding="utf-8") for p in sorted(static.glob("*.mjs")))
    read = set(re.findall(r"\bw\.(\w+)", scripts))
    assert read and not read - set(PAGE), sorted(read - set(PAGE))
    python = "".join(path.read_text(encoding="utf-8") for path in SOURCES)
    in_python = set(re.findall(r'PAGE\.phrase\("(\w+)"', python))
    assert not set(PAGE) - read - in_python, sorted(set(PAGE) - read - in_python)
