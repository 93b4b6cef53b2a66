"""Scan the package's source (AST) for the keys its errors are raised with, and the parameters given to each.

Every error carries a key and parameters (`skitgubbe.errors`): `RulesError("unknown_preset_known_presets",
preset=..., presets=...)`, `RecordError(where, "is_empty")`; a worded value is a `Phrase("kind_list")`. A raise
site whose key argument is not a string literal passes a worded value on (a `Phrase` a function returned, an error
caught, `error.phrase()`) and names no key itself. `tests/text/test_error_texts.py` checks that every key given has its
entry in both languages, with exactly the parameters given.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from helpers import REPO

#: Error class (or `Phrase`) -> the index of its key argument.
KEY_ARGUMENT: dict[str, int] = {
    "SkitgubbeError": 0,
    "RulesError": 0,
    "RulesFileError": 0,
    "Phrase": 0,
    "PositionError": 1,
    "RecordError": 1,
    "MoveParseError": 1,
    "FastCoreError": 1,
}
#: The `where` argument of the errors at a place (a field path, or a `Phrase` such as `line 3, column 7`).
WHERE_ARGUMENT: dict[str, int] = {"PositionError": 0, "RecordError": 0}


class Site(NamedTuple):
    """One raise site (or `Phrase`): where it is, the class, its key (None: a worded value passed on), and the
    names of the parameters it gives (None if it splats `**params`)."""

    file: str
    line: int
    name: str
    key: str | None
    params: frozenset[str] | None


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def sources() -> Iterator[tuple[str, ast.Module]]:
    """Every module of the package, parsed (the views too: their raise sites carry keys like any other)."""
    yield from _parsed(REPO)


@lru_cache(maxsize=2)
def _parsed(repo: Path) -> tuple[tuple[str, ast.Module], ...]:
    paths = sorted((repo / "skitgubbe").rglob("*.py"))
    return tuple((path.relative_to(repo).as_posix(), ast.parse(path.read_text(encoding="utf-8"))) for path in paths)


def _keys(node: ast.expr) -> list[str] | None:
    """The literal key(s) of a key argument (`"k"`, `"a" if c else "b"`); None if it is not a literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _keys(node.body), _keys(node.orelse)
        if body is not None and orelse is not None:
            return body + orelse
    return None


def raise_sites() -> Iterator[Site]:
    """Every call of an error class or `Phrase` in the package, with its key(s) and parameter names."""
    for relative, tree in sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            index = KEY_ARGUMENT.get(name)
            if index is None or index >= len(node.args):
                continue
            splat = any(keyword.arg is None for keyword in node.keywords)
            params = None if splat else frozenset(str(keyword.arg) for keyword in node.keywords)
            keys = _keys(node.args[index])
            for key in keys if keys is not None else [None]:
                yield Site(relative, node.lineno, name, key, params)


def where_templates() -> Iterator[tuple[str, int, str]]:
    """(file, line, text) for every literal or f-string `where` (a field path, the same in both languages)."""
    for relative, tree in sources():
        for node in ast.walk(tree):
            index = WHERE_ARGUMENT.get(_name(node.func)) if isinstance(node, ast.Call) else None
            if not isinstance(node, ast.Call) or index is None or index >= len(node.args):
                continue
            where = node.args[index]
            if isinstance(where, ast.Constant) and isinstance(where.value, str):
                yield relative, node.lineno, where.value
            elif isinstance(where, ast.JoinedStr):
                text = "".join(str(part.value) if isinstance(part, ast.Constant) else "{}" for part in where.values)
                yield relative, node.lineno, text


if __name__ == "__main__":
    for site in raise_sites():
        print(*site, sep="\t")
