"""Scan the package's source (AST) for the message templates passed to its error classes.

A template is the string given to the error, with `{}` where an f-string puts a value; an argument that is not a
string literal or an f-string (`str(error)`, `error.problem`, a variable) passes another error's message on and is
no template. `tests/text/test_error_texts.py` checks that every template has a Swedish rendering in the text layer.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from helpers import REPO

#: Error class -> (index of the `where` argument or None, index of the message argument or None).
ARGUMENTS: dict[str, tuple[int | None, int | None]] = {
    "SkitgubbeError": (None, 0),
    "RulesError": (None, 0),
    "RulesFileError": (None, 0),
    "PositionError": (0, 1),
    "RecordError": (0, 1),
    "MoveParseError": (None, 1),
}
#: Functions whose returned strings become an error's message (`RulesError(problem)`, `RecordError(w, problem)`).
PROBLEM_FUNCTIONS = {"_combination_problem", "name_problem"}
#: Modules whose plain `ValueError`s the CLI shows a person (so they are worded in both languages too).
VALUE_ERROR_MODULES = {"skitgubbe/engine/game.py", "skitgubbe/cli.py"}


def template(node: ast.expr) -> str | None:
    """The template of a string literal or f-string (`{}` for each value); None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            else:
                parts.append("{}")
        return "".join(parts)
    return None


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def sources() -> Iterator[tuple[str, ast.Module]]:
    for path in sorted((REPO / "skitgubbe").rglob("*.py")):
        relative = path.relative_to(REPO).as_posix()
        if relative.startswith("skitgubbe/views/"):  # the views' words are another issue's (bridge errors are internal)
            continue
        yield relative, ast.parse(path.read_text(encoding="utf-8"))


def raise_sites() -> Iterator[tuple[str, int, str, str]]:
    """(file, line, "where" or "message", template) for every template given to an error class."""
    for relative, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = _name(node.func)
                indices = ARGUMENTS.get(name)
                if name == "ValueError" and relative in VALUE_ERROR_MODULES:
                    indices = (None, 0)
                if indices is None:
                    continue
                for role, index in zip(("where", "message"), indices):
                    if index is not None and index < len(node.args):
                        found = template(node.args[index])
                        if found is not None:
                            yield relative, node.lineno, role, found
            elif isinstance(node, ast.FunctionDef) and node.name in PROBLEM_FUNCTIONS:
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Return) and inner.value is not None:
                        found = template(inner.value)
                        if found:
                            yield relative, inner.lineno, "message", found


if __name__ == "__main__":
    for site in raise_sites():
        print(*site, sep="\t")
