"""One home for case data: the disputed cases, the worked examples and the quizzes' positions are case files in
`skitgubbe/records/`, read through one reader (`records.case_files`), dealt by one deal, under one default preset.

- every shipped file is a case file (docs/case-files.md) that `check` reads as it is, and the book reads exactly these files;
- the package and the browser's engine bundle carry every folder of them;
- the first game's case is the engine's deal no. 2384, read both ways by the one deal function;
- `HAND_SIZE`, the deal and the default preset are each written once (a scan of the package's source).
"""

from __future__ import annotations

import ast
import json
import sys
import tomllib
from pathlib import Path

import pytest
from helpers import REPO, cli

from skitgubbe import Game
from skitgubbe.engine.game import deal_cards
from skitgubbe.records import case_files, caselib
from skitgubbe.records.deck_order import case_pack, deck_order
from skitgubbe.records.record import Case, judge_case
from skitgubbe.rules.options import DEFAULT_PRESET, PRESETS, Rules
from skitgubbe.views.examples import EXAMPLES, QUIZZES

RECORDS = REPO / "skitgubbe" / "records"
PACKAGE = REPO / "skitgubbe"
FILES = sorted(path for folder in case_files.OWN_KEYS for path in (RECORDS / folder).glob("*.json"))
#: The deal the first game's page says its game is ("deal no. 2384").
FIRST_GAME_SEED = 2384


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shipped_file_is_a_case_file_as_it_is(path: Path) -> None:
    case = Case.load(path)  # the file itself, its own keys and all: docs/case-files.md's format, extended compatibly
    judgement = judge_case(case)
    # a case asks about moves; an exercise may ask about the dealt position itself
    assert judgement.verdicts or path.parent.name == "exercises", path.name
    assert case.rules == Rules.from_spec(json.loads(path.read_text(encoding="utf-8")).get("rules", DEFAULT_PRESET))


def test_check_reads_a_quiz_file_and_an_example_file() -> None:
    quiz = cli("check", str(RECORDS / "quizzes" / "p2-q4.json"), "--json")
    assert quiz.returncode == 1, quiz.stderr  # the asked move is the illegal one: the quiz's answer
    last = json.loads(quiz.stdout)["moves"][-1]
    assert (last["move"], last["legal"], last["rule"]) == ("AD", False, QUIZZES["p2-q4"].answer().rule)
    example = cli("check", str(RECORDS / "examples" / "klover-9-pagat-line.json"), "--json")
    assert example.returncode == 0, example.stderr
    assert len(json.loads(example.stdout)["moves"]) == len(EXAMPLES["klover-9-pagat-line"].case["moves"])


def test_the_book_reads_exactly_the_files() -> None:
    on_disk = {folder: {p.stem for p in (RECORDS / folder).glob("*.json")} for folder in case_files.OWN_KEYS}
    assert set(EXAMPLES) == on_disk["examples"] and set(QUIZZES) == on_disk["quizzes"]
    assert set(caselib.library()) == on_disk["cases"]
    for example_id, example in EXAMPLES.items():
        data = json.loads((RECORDS / "examples" / f"{example_id}.json").read_text(encoding="utf-8"))
        assert dict(example.case) == {k: v for k, v in data.items() if k != "id"}
    for quiz_id, quiz in QUIZZES.items():
        data = json.loads((RECORDS / "quizzes" / f"{quiz_id}.json").read_text(encoding="utf-8"))
        assert dict(quiz.case) == {k: v for k, v in data.items() if k not in ("id", "quiz")}
        assert len(quiz.claims) == len(data["quiz"]["claims"]) and quiz.kind == data["quiz"]["kind"]
        assert quiz.key == tuple(data["quiz"].get("key", ())) and (quiz.cards is None) == ("cards" not in data["quiz"])


def test_the_klover_9_examples_are_the_library_position() -> None:
    """The examples that take the klöver 9 case apart replay the library's position (the same cards and seats)."""
    library = caselib.get("klover-9").case_data()
    for example_id in ("klover-9", "klover-9-pagat", "klover-9-strikt", "klover-9-pagat-line"):
        case = EXAMPLES[example_id].case
        assert {k: v for k, v in case.items() if k not in ("rules", "moves")} == {
            k: v for k, v in library.items() if k not in ("rules", "moves")
        }, example_id
    assert EXAMPLES["klover-9"].case == library


def test_the_package_and_the_browser_bundle_carry_every_folder() -> None:
    sys.path.insert(0, str(REPO / "book" / "_ext"))
    try:
        import pyodide_runtime
    finally:
        sys.path.remove(str(REPO / "book" / "_ext"))
    packed = {p.relative_to(PACKAGE).as_posix() for p in pyodide_runtime.engine_files()}
    assert {p.relative_to(PACKAGE).as_posix() for p in FILES} <= packed
    globs = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert sorted(globs["skitgubbe.records"]) == sorted(f"{folder}/*.json" for folder in case_files.OWN_KEYS)


def test_the_first_game_is_deal_2384_read_both_ways_by_the_one_deal() -> None:
    case = EXAMPLES["first-game"].case
    pack = case_pack(case)
    assert pack == [str(c) for c in deck_order(FIRST_GAME_SEED).pack]
    hands, talon = deal_cards(pack, len(case["players"]))
    assert hands == [case["hands"][name] for name in case["players"]] and talon == case["talon"]
    dealt = Game.deal(3, seed=FIRST_GAME_SEED)
    assert {n: [str(c) for c in dealt.hand(n)] for n in case["players"]} == case["hands"]
    with pytest.raises(ValueError):  # a hand that no deal gives
        case_pack({**case, "hands": {**case["hands"], "A": case["hands"]["A"][:2]}})


def _source_trees() -> list[tuple[str, ast.Module]]:
    return [
        (path.relative_to(REPO).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


@pytest.mark.slow
def test_hand_size_and_the_deal_are_written_once() -> None:
    assigned = [
        where
        for where, tree in _source_trees()
        for node in ast.walk(tree)
        if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "HAND_SIZE" for t in node.targets))
        or (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "HAND_SIZE")
    ]
    assert assigned == ["skitgubbe/engine/phases/phase1_common.py"]
    # the deal counts the cards it deals (HAND_SIZE times the players) in one place: `deal_cards`
    dealers = [
        f"{where}:{node.lineno}"
        for where, tree in _source_trees()
        for node in ast.walk(tree)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and "HAND_SIZE" in ast.unparse(node)
    ]
    assert len(dealers) == 1 and dealers[0].startswith("skitgubbe/engine/game.py:"), dealers


@pytest.mark.slow
def test_the_default_preset_is_named_once() -> None:
    """No default of the package spells the preset: no argument default, `.get`/`.pop` fallback, `default=` or
    `{"preset"/"rules": ...}` base is the literal "pagat"; each one is `DEFAULT_PRESET`."""
    assert DEFAULT_PRESET in PRESETS and Rules.from_spec(None) == PRESETS[DEFAULT_PRESET]

    def literal(node: ast.AST | None) -> bool:
        return isinstance(node, ast.Constant) and node.value == DEFAULT_PRESET

    found = []
    for where, tree in _source_trees():
        for node in ast.walk(tree):
            hits: list[ast.AST | None] = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                hits = [*node.args.defaults, *node.args.kw_defaults]
            elif isinstance(node, ast.Call):
                if isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "pop") and len(node.args) == 2:
                    hits.append(node.args[1])
                hits += [kw.value for kw in node.keywords if kw.arg == "default"]
            elif isinstance(node, ast.Dict):
                hits = [
                    v
                    for k, v in zip(node.keys, node.values, strict=True)
                    if isinstance(k, ast.Constant) and k.value in ("preset", "rules")
                ]
            elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "PRESETS":
                hits.append(node.slice)
            found += [f"{where}:{getattr(n, 'lineno', '?')}" for n in hits if literal(n)]
    assert not found, found
