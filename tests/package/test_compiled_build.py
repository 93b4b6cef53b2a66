"""The compiled engine (mypyc, setup.py): it is the one the project runs, the Python source plays the same games,
and a compiled module older than its source is refused."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest
from helpers import REPO as ROOT

import skitgubbe
from skitgubbe import PRESETS, Game, _compiled
from skitgubbe.engine.state import Working
from skitgubbe.players.registry import make_player

COMPILED_PATTERNS = ast.literal_eval(
    next(
        node.value
        for node in ast.walk(ast.parse((ROOT / "setup.py").read_text()))
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED"
    )
)
COMPILED_SOURCES = sorted(path for pattern in COMPILED_PATTERNS for path in ROOT.glob(pattern))


@pytest.mark.skipif(bool(os.environ.get("SKITGUBBE_PURE_PYTHON")), reason="installed as Python source on purpose")
def test_the_project_runs_the_compiled_engine() -> None:
    assert skitgubbe.COMPILED, "run `make setup`: the engine is installed as Python source, not compiled"
    compiled = _compiled.compiled_modules()
    assert COMPILED_SOURCES, "setup.py's COMPILED patterns match no file"
    for source in COMPILED_SOURCES:
        name = source.relative_to(ROOT / "skitgubbe").with_suffix("").as_posix().replace("/", ".")
        assert name in compiled, f"{source} has no compiled extension"
    assert not [name for name in compiled if name.split(".")[0] not in ("errors", "engine", "rules", "players")]


@pytest.mark.slow
def test_the_python_source_plays_the_recorded_games(tmp_path: Path) -> None:
    """The plain Python modules (no extension next to them) give the same games as the compiled ones."""
    shutil.copytree(
        ROOT / "skitgubbe", tmp_path / "skitgubbe", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    keys = [
        "pagat/3/random",
        "kortspelsregler/4/sensible",
        "alla-spelar/3/random",
        "specialkort/2/sensible",
        "uppslagen-trumf/6/random",
        "strikt/2/random",
    ]
    script = (
        "import json, sys\n"
        f"sys.path[1:1] = [{str(ROOT / 'tests')!r}, {str(ROOT / 'tests' / 'engine')!r}]\n"
        "import skitgubbe\n"
        "assert not skitgubbe.COMPILED, skitgubbe.game.__file__\n"
        "from test_golden_games import digest\n"
        f"keys = {keys!r}\n"
        "print(json.dumps({k: digest(k.rsplit('/', 2)[0], int(k.rsplit('/', 2)[1]), k.rsplit('/', 2)[2]) "
        "for k in keys}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False
    )
    assert result.returncode == 0, result.stderr
    recorded = json.loads((ROOT / "tests" / "data" / "golden_games.json").read_text())
    assert json.loads(result.stdout) == {k: recorded[k] for k in keys}


def test_a_compiled_module_older_than_its_source_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "skitgubbe"
    package.mkdir()
    (tmp_path / "setup.py").write_text("")
    extension = package / f"phase2{EXTENSION_SUFFIXES[0]}"
    extension.write_bytes(b"")
    source = package / "phase2.py"
    source.write_text("")
    monkeypatch.setattr(_compiled, "_HERE", package)
    os.utime(extension, (1_000_000, 1_000_000))
    os.utime(source, (2_000_000, 2_000_000))
    with pytest.raises(ImportError, match=r"phase2\.py changed after it was compiled.*make setup"):
        _compiled.check_fresh()
    os.utime(extension, (3_000_000, 3_000_000))
    _compiled.check_fresh()  # rebuilt: accepted
    (tmp_path / "setup.py").unlink()
    os.utime(source, (4_000_000, 4_000_000))
    _compiled.check_fresh()  # an installed package (no setup.py beside it): no check


def test_working_copy_copies_every_field() -> None:
    """`Working.copy` names its fields one by one (compiled classes have no slot list to walk): none is forgotten."""
    tree = ast.parse((ROOT / "skitgubbe" / "engine" / "state.py").read_text())
    working = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == "Working")
    slots = next(
        ast.literal_eval(n.value)
        for n in working.body
        if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "__slots__"
    )
    game = Game.deal(3, rules=PRESETS["alla-spelar"], seed=4)
    bot = make_player("random", 4)
    for _ in range(40):
        game.play(bot.choose(game))
    original: Working = game._w
    copy = original.copy()
    for name in slots:
        value, copied = getattr(original, name), getattr(copy, name)
        if name == "trick":
            assert (value is None) == (copied is None)
            if value is not None:
                assert copied is not value
                assert [
                    getattr(copied, f)
                    for f in ("contenders", "pos", "round", "round_no", "ranks", "own", "winner", "window", "win_rule")
                ] == [
                    getattr(value, f)
                    for f in ("contenders", "pos", "round", "round_no", "ranks", "own", "winner", "window", "win_rule")
                ]
        else:
            assert copied == value, name
            if isinstance(value, list):
                assert copied is not value, f"{name} is shared, not copied"


def test_values_sent_to_worker_processes_survive_pickling() -> None:
    """`simulate --jobs` and the statistics send rules, cards and moves to other processes (compiled frozen classes
    need their own `__reduce__`)."""
    import pickle

    from skitgubbe import CHANSA, PICK_UP, Card, Play, Rules
    from skitgubbe.engine.moves import PASS, Throw

    values = [
        Rules.from_spec({"preset": "alla-spelar", "throw_on": "own-rank"}),
        PRESETS["specialkort"],
        Card.parse("9C"),
        Play((Card.parse("QC"), Card.parse("KC"))),
        Throw((Card.parse("9D"),)),
        PICK_UP,
        CHANSA,
        PASS,
    ]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(Card.parse("9C"))) is Card.parse("9C")


def _source_docstring(module: str, qualname: str) -> str:
    """The docstring in the Python source (the compiled build keeps no source to ask)."""
    node: ast.AST = ast.parse((ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8"))
    for name in qualname.split("."):
        node = next(n for n in ast.iter_child_nodes(node) if getattr(n, "name", None) == name)
    return ast.get_docstring(node) or ""  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("obj", "module", "qualname"),
    [
        (Game, "skitgubbe.engine.game", "Game"),
        (Game.play, "skitgubbe.engine.game", "Game.play"),
        (Game.deal, "skitgubbe.engine.game", "Game.deal"),
        (Game.legal_moves, "skitgubbe.engine.game", "Game.legal_moves"),
        (Game.from_position, "skitgubbe.engine.game", "Game.from_position"),
        (make_player, "skitgubbe.players.registry", "make_player"),
    ],
    ids=["Game", "Game.play", "Game.deal", "Game.legal_moves", "Game.from_position", "make_player"],
)
def test_help_shows_the_docstring_in_both_builds(obj: object, module: str, qualname: str) -> None:
    """mypyc writes only a text signature as `__doc__`; setup.py's `keep_docstrings` puts the docstring back."""
    import pydoc

    first = _source_docstring(module, qualname).splitlines()[0]
    assert first, f"{qualname} has no docstring in its source"
    assert first in (obj.__doc__ or ""), f"{qualname}.__doc__ lost its docstring: {obj.__doc__!r}"
    assert first in pydoc.render_doc(obj), "help() does not show the docstring"
