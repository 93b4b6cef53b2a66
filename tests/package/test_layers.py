"""The package's layers: every import (also those inside functions, and those under `if TYPE_CHECKING:`) goes
down the layer order, and no module imports itself back through others at run time (no cycles).

    wording, errors < rules < engine < players < text < records < session, replay, pictures < views < studies < table < cli

`skitgubbe/__init__.py` may import anything it re-exports. An import under `if TYPE_CHECKING:` loads nothing at run
time, but it is still a tie to the module it names: it must go down the layers like any other (it is left out of
the cycle check only, where it does no harm). No module imports another module's private name. The tests at the
end show each check failing on a package with a bad import, written to a temporary folder.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import pytest
from helpers import REPO

PACKAGE = "skitgubbe"

#: The layer order, lowest first: a module may import its own layer and the layers before it.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("skitgubbe.wording", "skitgubbe.errors", "skitgubbe._compiled", "skitgubbe.strict_json"),
    ("skitgubbe.rules",),
    ("skitgubbe.engine",),
    ("skitgubbe.players",),
    ("skitgubbe.text",),
    ("skitgubbe.records",),
    ("skitgubbe.session", "skitgubbe.replay", "skitgubbe.pictures"),
    ("skitgubbe.views",),
    ("skitgubbe.studies",),
    ("skitgubbe.table",),
    ("skitgubbe.cli", "skitgubbe.__main__"),
)
TOP = "skitgubbe"  # the package itself: the public API, above every layer

#: Type-only imports upward allowed by exception: none (the errors that carry engine values live in the engine).
KNOWN_TYPE_ONLY_UPWARD: tuple[tuple[str, str], ...] = ()


def layer_of(module: str) -> int:
    """The index of the module's layer in `LAYERS` (the package itself is above them all)."""
    for index, prefixes in enumerate(LAYERS):
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return index
    if module == TOP:
        return len(LAYERS)
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/package/test_layers.py")


def _modules(root: Path, package: str) -> dict[str, Path]:
    """Every module of the package below `root` by dotted name (a package by its own name, for its __init__)."""
    found: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[str, list[str], int, bool]]:
    """(imported module, names imported from it, line, type only) for every import in the tree; `type only` for
    those under `if TYPE_CHECKING:` (its `else:` branch runs, so it is not)."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, type_only = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend((child, True) for child in node.body)
            stack.extend((child, type_only) for child in node.orelse)
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, [], node.lineno, type_only
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against this module's package
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            yield base, [alias.name for alias in node.names], node.lineno, type_only
        stack.extend((child, type_only) for child in ast.iter_child_nodes(node))


def _tree(path: Path) -> ast.Module:
    """The parsed module, parsed once a run for each content (the package's tests each walk every module)."""
    return _parse(path, path.read_text(encoding="utf-8"))


@functools.cache
def _parse(path: Path, source: str) -> ast.Module:
    return ast.parse(source, str(path))


def import_graph(root: Path, package: str = PACKAGE, *, type_only: bool = False) -> dict[str, dict[str, int]]:
    """For each module of the package: the package modules it imports at run time, with a line number; with
    `type_only`, also those it imports under `if TYPE_CHECKING:` (every tie, for the layer order)."""
    modules = _modules(root, package)
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        tree = _tree(path)
        for target, names, line, annotation in _imports(tree, name, path.name == "__init__.py"):
            if annotation and not type_only:
                continue
            if target != package and not target.startswith(package + "."):
                continue
            # `from skitgubbe.views import render` imports the module skitgubbe.views.render
            hits = [f"{target}.{n}" for n in names if f"{target}.{n}" in modules]
            for hit in hits or [target]:
                if hit != name and hit in modules:
                    edges.setdefault(hit, line)
        graph[name] = edges
    return graph


def _known(module: str, target: str, known: Sequence[tuple[str, str]]) -> bool:
    return any(module == low and (target == high or target.startswith(high + ".")) for low, high in known)


def layer_violations(graph: Mapping[str, Mapping[str, int]], known: Sequence[tuple[str, str]] = ()) -> list[str]:
    """Every import of a higher layer (the package's __init__ may import anything it re-exports), but for the
    `known` (module, imported package) pairs."""
    problems = []
    for module, edges in sorted(graph.items()):
        if module == TOP:
            continue
        for target, line in sorted(edges.items()):
            if layer_of(target) > layer_of(module) and not _known(module, target, known):
                problems.append(f"{module} (line {line}) imports {target}, a higher layer")
    return problems


def private_imports(root: Path, package: str = PACKAGE) -> list[str]:
    """Every `from <package module> import _name` of a private name (not a module, not a dunder) of another module."""
    modules = _modules(root, package)
    found = []
    for name, path in modules.items():
        tree = _tree(path)
        for target, names, line, _ in _imports(tree, name, path.name == "__init__.py"):
            if target == name or not (target == package or target.startswith(package + ".")):
                continue
            for imported in names:
                private = imported.startswith("_") and not imported.startswith("__")
                if private and f"{target}.{imported}" not in modules:
                    found.append(f"{name} (line {line}) imports {target}.{imported}, a private name")
    return sorted(found)


def cycles(graph: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """The import cycles: each strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, {}):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


# -- the package -----------------------------------------------------------------------------------------------
def test_every_module_is_in_a_layer() -> None:
    for module in import_graph(REPO):
        layer_of(module)  # raises naming a module in no layer


def test_imports_follow_the_layer_order() -> None:
    assert layer_violations(import_graph(REPO)) == []


def test_type_only_imports_follow_the_layer_order_too() -> None:
    assert layer_violations(import_graph(REPO, type_only=True), KNOWN_TYPE_ONLY_UPWARD) == []


def test_the_session_is_below_the_views() -> None:
    graph = import_graph(REPO, type_only=True)
    assert layer_of("skitgubbe.session") < layer_of("skitgubbe.views.controllers")
    assert not [t for t in graph["skitgubbe.session"] if t.startswith("skitgubbe.views")]
    assert "skitgubbe.session" in graph["skitgubbe.views.controllers"]  # the controllers drive the session


def test_no_private_name_is_imported_across_modules() -> None:
    assert private_imports(REPO) == []


def test_no_import_cycles() -> None:
    assert cycles(import_graph(REPO)) == []


def test_the_engine_imports_no_text_or_views() -> None:
    graph = import_graph(REPO)
    engine = {m: edges for m, edges in graph.items() if m.startswith("skitgubbe.engine")}
    assert engine, "no engine modules found"
    for module, edges in engine.items():
        assert not [t for t in edges if t.startswith(("skitgubbe.text", "skitgubbe.views"))], module


def test_function_level_imports_are_seen() -> None:
    # the scan must see an import inside a function (the cycles used to hide there)
    graph = import_graph(REPO)
    assert "skitgubbe.views.board" in graph["skitgubbe"]  # `_table_html` imports it when a table is drawn


# -- the check itself fails on a bad package (a fixture written here, not in the package) ------------------------
def _write(root: Path, files: Mapping[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


GOOD = {
    "skitgubbe/__init__.py": "from skitgubbe.engine.cards import Card\n",
    "skitgubbe/errors.py": "",
    "skitgubbe/engine/__init__.py": "",
    "skitgubbe/engine/cards.py": "from skitgubbe.errors import *\n",
    "skitgubbe/engine/game.py": "from skitgubbe.engine import cards\n",
    "skitgubbe/text/__init__.py": "",
    "skitgubbe/text/words.py": "from skitgubbe.engine.cards import Card\n",
}


def test_the_check_passes_a_good_fixture(tmp_path: Path) -> None:
    _write(tmp_path, GOOD)
    graph = import_graph(tmp_path)
    assert graph["skitgubbe.engine.game"] == {"skitgubbe.engine.cards": 1}
    assert layer_violations(graph) == [] and cycles(graph) == []


def test_the_check_fails_on_an_import_against_the_layers(tmp_path: Path) -> None:
    bad = dict(GOOD)
    bad["skitgubbe/engine/cards.py"] = "def name(card):\n    from skitgubbe.text import words\n    return words\n"
    _write(tmp_path, bad)
    graph = import_graph(tmp_path)
    assert layer_violations(graph) == ["skitgubbe.engine.cards (line 2) imports skitgubbe.text.words, a higher layer"]
    assert cycles(graph) == [["skitgubbe.engine.cards", "skitgubbe.text.words"]]


def test_the_check_fails_on_a_cycle_within_a_layer(tmp_path: Path) -> None:
    bad = dict(GOOD)
    bad["skitgubbe/engine/cards.py"] = "from . import game\n"  # relative, and game imports cards
    _write(tmp_path, bad)
    graph = import_graph(tmp_path)
    assert layer_violations(graph) == []
    assert cycles(graph) == [["skitgubbe.engine.cards", "skitgubbe.engine.game"]]


def test_the_check_fails_on_a_type_only_import_against_the_layers(tmp_path: Path) -> None:
    files = dict(GOOD)
    files["skitgubbe/errors.py"] = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from skitgubbe.engine import cards\n"
    )
    files["skitgubbe/engine/game.py"] = (
        "import typing\nfrom skitgubbe.engine import cards\nif typing.TYPE_CHECKING:\n    import skitgubbe.text.words\n"
    )
    _write(tmp_path, files)
    graph = import_graph(tmp_path, type_only=True)
    assert layer_violations(graph) == [
        "skitgubbe.engine.game (line 4) imports skitgubbe.text.words, a higher layer",
        "skitgubbe.errors (line 3) imports skitgubbe.engine.cards, a higher layer",
    ]
    # a known pair is let through, and only that pair
    assert layer_violations(graph, (("skitgubbe.errors", "skitgubbe.engine"),)) == [
        "skitgubbe.engine.game (line 4) imports skitgubbe.text.words, a higher layer"
    ]
    # at run time nothing is loaded: the cycle check leaves them out (errors <-> engine.cards is no cycle)
    assert import_graph(tmp_path)["skitgubbe.errors"] == {} and cycles(import_graph(tmp_path)) == []


def test_an_else_branch_of_type_checking_is_a_run_time_import(tmp_path: Path) -> None:
    files = dict(GOOD)
    files["skitgubbe/engine/cards.py"] = (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    pass\nelse:\n    from skitgubbe.text import words\n"
    )
    _write(tmp_path, files)
    assert import_graph(tmp_path)["skitgubbe.engine.cards"] == {"skitgubbe.text.words": 5}


def test_the_check_fails_on_a_private_name_imported(tmp_path: Path) -> None:
    files = dict(GOOD)
    files["skitgubbe/text/words.py"] = "from skitgubbe.engine.cards import Card, _rank\nfrom skitgubbe import engine\n"
    files["skitgubbe/engine/game.py"] = "from skitgubbe.engine import cards, _private_module\n"
    files["skitgubbe/engine/_private_module.py"] = ""
    _write(tmp_path, files)
    assert private_imports(tmp_path) == [
        "skitgubbe.text.words (line 1) imports skitgubbe.engine.cards._rank, a private name"
    ]


def test_a_module_outside_the_layers_is_named(tmp_path: Path) -> None:
    files = dict(GOOD)
    files["skitgubbe/extras.py"] = ""
    _write(tmp_path, files)
    with pytest.raises(AssertionError, match=r"skitgubbe\.extras is in no layer"):
        for module in import_graph(tmp_path):
            layer_of(module)


# -- one home per rule decision: no engine function is a tangle ------------------------------------------------
MAX_COMPLEXITY = 15


def test_no_engine_function_is_above_the_complexity_limit() -> None:
    from radon.complexity import cc_visit

    too_complex = []
    for path in sorted((REPO / "skitgubbe" / "engine").rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if block.complexity > MAX_COMPLEXITY:
                too_complex.append(f"{path.relative_to(REPO)}:{block.lineno} {block.fullname} ({block.complexity})")
    assert too_complex == [], f"cyclomatic complexity above {MAX_COMPLEXITY} (radon cc -s skitgubbe/engine)"


def test_the_complexity_check_sees_a_tangle() -> None:
    from radon.complexity import cc_visit

    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(MAX_COMPLEXITY + 1))
    (block,) = cc_visit(f"def tangle(x):\n{branches}    return -1\n")
    assert block.complexity > MAX_COMPLEXITY
