"""The examples in the docstrings of the parse/format pairs (cards, moves, rules) and the engine seams run.

They are read from the source files, so they run the same whether the engine is compiled or Python source
(a compiled function's docstring is not found by `doctest`'s own module scan).
"""

from __future__ import annotations

import ast
import doctest
import importlib

import pytest
from helpers import REPO

MODULES = (
    "skitgubbe.engine.cards",
    "skitgubbe.engine.moves",
    "skitgubbe.engine.state",
    "skitgubbe.engine.game",
    "skitgubbe.rules.options",
    "skitgubbe.players.loop",
    "skitgubbe.text.phrases",
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _doctests(module_name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(module_name)
    path = REPO / (module_name.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parser = doctest.DocTestParser()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=True)
            if text and ">>>" in text:
                name = getattr(node, "name", module_name)
                line = node.body[0].lineno if node.body else 0
                found.append(parser.get_doctest(text, dict(vars(module)), f"{module_name}.{name}", str(path), line))
    return found


@pytest.mark.parametrize("module_name", MODULES)
def test_docstring_examples(module_name: str) -> None:
    tests = _doctests(module_name)
    assert tests, f"{module_name} has no docstring examples"
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


def test_a_wrong_example_fails() -> None:
    # the runner really compares: a docstring example with a wrong answer is counted as failed
    test = doctest.DocTestParser().get_doctest(">>> str(Card.parse('♣D'))\n'QD'\n", _globals(), "wrong", "x", 0)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=lambda _: None)
    assert runner.summarize(verbose=False).failed == 1


def _globals() -> dict[str, object]:
    return dict(vars(importlib.import_module("skitgubbe.engine.cards")))
