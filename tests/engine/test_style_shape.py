"""The shape of the phase styles: one class per style, three operations, one judge.

Each style module (`skitgubbe/engine/phases/<style>.py`) holds one class on `Phase1Base` or `Phase2Base`. What
`Game` may ask of a style is `legal_moves`, `judge` and `apply` (a phase-1 style also has its set-up step,
`begin`, which seats the first trick of a deal or a position and decides no move). Where the line is drawn for
"judge is the only place that returns a `Reason`": in a style module, no function but the class's `judge` is
annotated to return a `Reason`, and none but `judge` returns one that it builds (`reason(...)`, `Reason(...)`,
`record(REASON, ...)`). Helpers of a style may check a move (raising `IllegalMove`) and compute parts of the
answer (a rule id, a message key, the cards taken, the fields of a reason), which `judge` makes the `Reason`;
the shared kernels (`phase1_common`, `phase2_common`) are not style modules and are not scanned.
"""

from __future__ import annotations

import ast
import importlib
import random
from pathlib import Path

import pytest

from skitgubbe import PRESETS, Game
from skitgubbe.engine.cards import DECK
from skitgubbe.engine.illegal import IllegalMove
from skitgubbe.engine.moves import Play
from skitgubbe.engine.phases.phase1_common import Phase1Base
from skitgubbe.engine.phases.phase2_common import Phase2Base

PHASES = Path(__file__).resolve().parents[2] / "skitgubbe" / "engine" / "phases"
GAME = PHASES.parent / "game.py"
STYLES1 = ("two_card", "everyone", "turned_trump", "beat_or_take")
STYLES2 = ("tricks", "pile")
OPERATIONS = {"legal_moves", "judge", "apply"}
SET_UP = {"begin"}  # phase 1 only: seat the first trick (no move is decided there)


def _style_class(module_name: str) -> type:
    module = importlib.import_module(f"skitgubbe.engine.phases.{module_name}")
    bases = (Phase1Base, Phase2Base)
    found = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, bases)
        and value not in bases
        and value.__module__ == module.__name__
    ]
    assert len(found) == 1, f"{module_name}: one style class, found {found}"
    return found[0]


def _public_methods(cls: type) -> set[str]:
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass is object:
            continue
        for name in vars(klass):
            if not name.startswith("_") and callable(getattr(cls, name)):
                names.add(name)
    return names


@pytest.mark.parametrize("module_name", STYLES1 + STYLES2)
def test_every_style_is_one_class_with_the_three_operations(module_name: str) -> None:
    cls = _style_class(module_name)
    extra = SET_UP if module_name in STYLES1 else set()
    assert _public_methods(cls) == OPERATIONS | extra
    for name in OPERATIONS | extra:  # each style rules its own moves: none is left to the base's stub
        assert name in vars(cls), f"{cls.__name__} does not define {name}"


def test_game_asks_its_styles_only_the_operations() -> None:
    """`Game` holds its two style objects (`_p1`, `_p2`; `first`, `second` in the play function) and calls
    nothing on them but the operations (and phase 1's set-up)."""
    tree = ast.parse(GAME.read_text(encoding="utf-8"))
    holders = {"_p1", "_p2", "first", "second"}
    called: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", None)
            if isinstance(owner, ast.Subscript) and getattr(owner.value, "id", None) == "styles":  # styles[0].begin()
                name = "first"
            if name in holders:
                called.add(node.func.attr)
    assert called == OPERATIONS | SET_UP
    text = GAME.read_text(encoding="utf-8")
    for gone in (
        "_STYLE1",
        "_phase1_legal",
        "_phase1_judge",
        "_phase1_apply",
        "must_beat",
        "quick_legal",
        "play_plain",
        "play_quick",
        "phases.styles",
    ):
        assert gone not in text


def _builds_reason(node: ast.expr | None) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name in ("reason", "Reason"):
        return True
    return name == "record" and bool(node.args) and isinstance(node.args[0], ast.Name) and node.args[0].id == "REASON"


def _names(targets: list[ast.expr]) -> set[str]:
    return {target.id for target in targets if isinstance(target, ast.Name)}


def _returns_reason(function: ast.FunctionDef) -> list[int]:
    """The lines where `function` itself (not a function nested in it) returns a reason it builds, or the
    annotation's line if it is annotated to return a `Reason`."""
    lines = []
    if isinstance(function.returns, ast.Name) and function.returns.id == "Reason":
        lines.append(function.lineno)
    if isinstance(function.returns, ast.Constant) and function.returns.value == "Reason":
        lines.append(function.lineno)
    own: list[ast.AST] = []
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        own.append(node)
        stack.extend(ast.iter_child_nodes(node))
    returned = {node.value.id for node in own if isinstance(node, ast.Return) and isinstance(node.value, ast.Name)}
    for node in own:
        if isinstance(node, ast.Return) and _builds_reason(node.value):
            lines.append(node.lineno)
        # `why = record(REASON, ...)` then `return why`: the reason is built and returned here (a reason built for
        # an `IllegalMove` is not returned, so it does not count)
        if isinstance(node, ast.Assign) and _builds_reason(node.value) and _names(node.targets) & returned:
            lines.append(node.lineno)
        if isinstance(node, ast.AnnAssign) and _builds_reason(node.value) and _names([node.target]) & returned:
            lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("module_name", STYLES1 + STYLES2)
def test_judge_is_the_only_place_a_style_returns_a_reason(module_name: str) -> None:
    tree = ast.parse((PHASES / f"{module_name}.py").read_text(encoding="utf-8"))
    judges: list[ast.FunctionDef] = []
    others: dict[str, list[int]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "judge":
                    judges.append(item)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node not in judges:
            found = _returns_reason(node)
            if found:
                others[node.name] = found
    assert len(judges) == 1, "one judge, a method of the style class"
    assert _returns_reason(judges[0]), "the scan finds the judge's own reasons"
    assert others == {}, f"functions other than judge that return a Reason: {others}"


def test_the_old_modules_and_names_are_gone() -> None:
    names = {path.stem for path in PHASES.glob("*.py")}
    assert names == {"__init__", "phase1_common", "phase2_common", *STYLES1, *STYLES2}
    for module_name in STYLES1 + STYLES2:
        module = importlib.import_module(f"skitgubbe.engine.phases.{module_name}")
        for old in ("quick_legal", "quick_reason", "explain", "play_quick", "play_plain", "plain_moves", "judge"):
            assert not hasattr(module, old), f"{module_name}.{old}"
        assert not [name for name in vars(module) if name.startswith("verify_")]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_listed_moves_are_the_ones_the_judge_allows(preset: str) -> None:
    """Through the one judge: in every position of a random game, each listed move is allowed, and each single
    card of the hand that is not listed is refused (a hand card named by a value built anew, not the listed one)."""
    game = Game.deal(4, rules=preset, seed=26)
    rng = random.Random(26)
    by_code = {str(card): card for card in DECK}
    while not game.over and game.move_count < 400:
        moves = game.legal_moves()
        for move in moves:
            game.judge(move)
        listed = {str(move) for move in moves}
        player = game.to_play
        assert player is not None
        for card in game.hand(player):
            if str(card) not in listed:
                with pytest.raises(IllegalMove):
                    game.judge(Play((by_code[str(card)],)))
        game.play(rng.choice(moves))
