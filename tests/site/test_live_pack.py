"""The live engine's pack and runtime as the build makes them, without a browser: the engine's zip holds the package
source the worker imports and nothing of the notebooks; a module importing a cut standard-library module stops the
pack; the built site holds the pinned Pyodide with an empty lock, the engine as byte code, the cut standard library
(booted under node as the worker boots it, it plays a whole game under every preset); pages without the marker load
nothing of it; and the bridge's one protocol (`controllers.open_controller` / `controller_message`). The engine in
chromium: tests/browser/test_live_runtime.py."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO

sys.path.insert(0, str(REPO / "book" / "_ext"))
import pyodide_runtime

GOLDEN = json.loads((REPO / "tests" / "data" / "golden_games.json").read_text(encoding="utf-8"))


@pytest.mark.slow  # packs the engine or runs an interpreter: seconds, not for the fast tier
def test_engine_pack_is_the_package_source_without_notebook_modules() -> None:
    data = pyodide_runtime.pack_engine()
    assert data == pyodide_runtime.pack_engine(), "packing the same source twice gave other bytes"
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "skitgubbe/__init__.py" in names and "skitgubbe/views/live/bridge.py" in names
    assert "skitgubbe/records/cases/klover-9.json" in names
    assert not [n for n in names if n.endswith((".so", ".pyc", ".mjs")) or "__pycache__" in n]
    assert "skitgubbe/views/widgets.py" not in names and "skitgubbe/views/plots.py" not in names
    # the bridge's import closure: the C search's Python side (the registry imports the strong player lazily), no
    # Python playout kernel (issue 40: the C is the one fast core) and no build-time view
    assert "skitgubbe/engine/kernel/pack.py" in names and "skitgubbe/players/kernel_strong.py" in names
    assert "skitgubbe/engine/kernel/core.py" not in names and "skitgubbe/players/kernel_policies.py" not in names
    assert "skitgubbe/views/handouts.py" not in names and "skitgubbe/views/quiz.py" not in names
    assert pyodide_runtime.engine_name(data).startswith("skitgubbe-") and len(pyodide_runtime.engine_name(data)) == 26


@pytest.mark.slow  # packs the engine or runs an interpreter: seconds, not for the fast tier
def test_engine_pack_holds_every_module_the_worker_imports() -> None:
    """What the bridge's modules import when used (a game against each kind of player, the checker, a probe) is
    packed: run in a fresh interpreter, then compare its skitgubbe modules with the pack."""
    script = (
        "import json, sys\n"
        "from skitgubbe.views.live import bridge\n"
        "bridge.info()\n"
        "for kind in ('random', 'sensible', 'strong'):\n"
        "    args = {'kind': 'play', 'lang': 'sv', 'key': kind, 'opponents': kind, 'seed': 3}\n"
        "    assert 'error' not in json.loads(bridge.call('controllers.open_controller', json.dumps(args)))\n"
        "    for _ in range(4):\n"
        "        bridge.call('controllers.controller_message', json.dumps({'key': kind, 'message': {'op': 'computer'}}))\n"
        "args = {'kind': 'checker', 'lang': 'en', 'key': 'c', 'case_id': 'klover-9'}\n"
        "assert 'error' not in json.loads(bridge.call('controllers.open_controller', json.dumps(args)))\n"
        "bridge.call('probe.digest', json.dumps({'rules': 'pagat', 'players': 3, 'kind': 'random'}))\n"
        "from skitgubbe.players.registry import make_player\n"
        "from skitgubbe import Game\n"
        "make_player('strong-kernel:8', 1).choose(Game.deal(3, seed=2))\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('skitgubbe'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True)
    imported = set(json.loads(out.stdout.splitlines()[-1]))
    packed = set()
    for path in pyodide_runtime.engine_files():
        rel = path.relative_to(pyodide_runtime.PACKAGE.parent).with_suffix("").as_posix()
        if path.suffix == ".py":
            packed.add(rel.removesuffix("/__init__").replace("/", "."))
    assert "skitgubbe.engine.kernel.pack" in imported
    assert imported <= packed, f"imported by the worker's modules but not packed: {sorted(imported - packed)}"


@pytest.mark.slow  # packs the engine or runs an interpreter: seconds, not for the fast tier
def test_a_module_that_imports_a_trimmed_stdlib_module_stops_the_pack(tmp_path: Path) -> None:
    """The browser's standard library leaves out the mail, web and process stacks (pyodide_compile.DROPPED): the
    real engine reaches none of them, and an engine module that imports one, even lazily, stops the build."""
    dropped = pyodide_runtime.dropped_stdlib()
    assert {"email/", "http/", "xml/", "multiprocessing/"} <= set(dropped)
    pyodide_runtime.check_not_dropped()  # the real package
    package = tmp_path / "skitgubbe"
    (package / "views" / "live").mkdir(parents=True)
    for init in (package, package / "views", package / "views" / "live"):
        (init / "__init__.py").write_text("", encoding="utf-8")
    (package / "views" / "live" / "bridge.py").write_text('MODULES = {"mail": "skitgubbe.mail"}\n', encoding="utf-8")
    (package / "mail.py").write_text("def send():\n    import email.message\n", encoding="utf-8")
    with pytest.raises(pyodide_runtime.ExtensionError, match=r"mail\.py imports email\.message"):
        pyodide_runtime.check_not_dropped(package)


def test_built_site_holds_the_runtime_with_an_empty_lock(built_site: Path) -> None:
    live = built_site / "_live"
    manifest = json.loads((live / "VERSIONS.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"] == pyodide_runtime.pinned_version()
    for name in (*pyodide_runtime.PYODIDE_FILES, "pyodide-lock.json"):
        assert (live / "pyodide" / name).is_file(), name
    lock = json.loads((live / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"] == {}, "the lock file must list no package (Pyodide would fetch it from its CDN)"
    assert (live / manifest["engine"]).is_file()
    assert not (built_site / "_static" / "pyodide").exists() and not list((built_site / "_static").rglob("pyodide*"))


def test_built_engine_is_byte_code_unpacked_where_it_was_compiled(built_site: Path) -> None:
    live = built_site / "_live"
    manifest = json.loads((live / "VERSIONS.json").read_text(encoding="utf-8"))
    names = zipfile.ZipFile(live / manifest["engine"]).namelist()
    if manifest["compiled"]:
        assert "skitgubbe/views/live/bridge.pyc" in names and not [n for n in names if n.endswith(".py")]
        stdlib = zipfile.ZipFile(live / "pyodide" / "python_stdlib.zip").namelist()
        assert "json/__init__.pyc" in stdlib and "json/__init__.py" not in stdlib
    worker = (REPO / "skitgubbe" / "views" / "engine-worker.mjs").read_text(encoding="utf-8")
    assert f'const ENGINE_DIR = "{pyodide_runtime.ENGINE_DIR}";' in worker


#: boots the built (cut) runtime under node as the worker does and plays whole live games through the bridge
CUT_RUNTIME_GAMES = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, engine, csearch, engineDir, calls] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
const { csearchModule } = await import(pathToFileURL(csearch).href);
const pyodide = await loadPyodide({ indexURL: runtime, lockFileURL: runtime + "pyodide-lock.json", packageBaseUrl: runtime });
pyodide.unpackArchive(new Uint8Array(readFileSync(engine)), "zip", { extractDir: engineDir });
pyodide.registerJsModule("skitgubbe_csearch", csearchModule(pyodide.FS.readFile(engineDir + "/skitgubbe/engine/kernel/csearch.wasm")));
const sys = pyodide.pyimport("sys");
sys.path.insert(0, engineDir);
const bridge = pyodide.pyimport("skitgubbe.views.live.bridge");
const answers = JSON.parse(calls).map(([name, args]) => JSON.parse(bridge.call(name, JSON.stringify(args))));
const search = pyodide.pyimport("skitgubbe.engine.kernel.native").backend();
const stdlib = pyodide.runPython("sorted({m.__file__ for m in list(__import__('sys').modules.values()) if (getattr(m, '__file__', None) or '').startswith('/lib/python3')})").toJs();
console.log(JSON.stringify({ answers, search, stdlib }));
"""


def test_the_cut_standard_library_plays_a_whole_game_under_every_preset(built_site: Path) -> None:
    """The standard library ships cut to what the engine imports (issue 58): no module as source, none the engine
    never imports; and that cut runtime, booted under node as the worker boots it, plays a whole seeded live game
    through the controllers under every preset (other seeds and player counts than the build measured with), a
    game against the strong player (its search in C), and opens the checker."""
    from skitgubbe.rules import PRESETS

    live = built_site / "_live"
    manifest = json.loads((live / "VERSIONS.json").read_text(encoding="utf-8"))
    if not manifest["compiled"]:
        pytest.skip("a build with SKITGUBBE_LIVE_COMPILE=0 ships the whole standard library as source")
    names = zipfile.ZipFile(live / "pyodide" / "python_stdlib.zip").namelist()
    assert not [n for n in names if n.endswith(".py")], "the cut standard library ships no module as source"
    modules = [n for n in names if n.endswith(".pyc")]
    assert {"json/__init__.pyc", "random.pyc", "zipfile/__init__.pyc", "pyodide/__init__.pyc"} <= set(modules)
    assert not {"email/__init__.pyc", "unittest/__init__.pyc", "sqlite3/__init__.pyc", "tomllib/__init__.pyc"} & set(
        modules
    )
    assert manifest["stdlib_modules"] == len(modules) <= 200
    calls: list[tuple[str, dict[str, Any]]] = [
        ("probe.play_through", {"rules": preset, "players": 2 + i % 3, "seed": 40 + i})
        for i, preset in enumerate(PRESETS)
    ]
    calls += [
        ("probe.play_through", {"rules": "kortspelsregler", "players": 3, "seed": 5, "opponents": "strong"}),
        ("controllers.open_controller", {"kind": "checker", "lang": "sv", "key": "c", "case_id": "klover-9"}),
    ]
    out = subprocess.run(
        [
            "node",
            "--input-type=module",
            "-e",
            CUT_RUNTIME_GAMES,
            str(live / "pyodide") + "/",
            str(live / manifest["engine"]),
            str(REPO / "skitgubbe" / "views" / "csearch.mjs"),
            pyodide_runtime.ENGINE_DIR,
            json.dumps(calls),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["search"] == "wasm"
    for (name, args), answer in zip(calls, found["answers"], strict=True):
        assert answer["ok"], f"{name} {args}: {answer.get('error')}"
        if name == "probe.play_through":
            assert answer["result"]["messages"] > 10 and answer["result"]["loser"], answer
    # every standard-library module the games imported is in the cut zip (Python's frozen modules name a .py there)
    imported = {f.split(".zip/", 1)[1].removesuffix("c") for f in found["stdlib"] if ".zip/" in f}
    kept = {m.removesuffix("c") for m in modules}
    assert imported and imported <= kept, sorted(imported - kept)


def test_pages_without_the_marker_load_nothing_of_the_live_engine(built_site: Path) -> None:
    for page in built_site.rglob("*.html"):
        if page.relative_to(built_site).parts[0] in ("_live", "_static"):
            continue
        text = page.read_text(encoding="utf-8")
        if pyodide_runtime.PAGE_MARKER not in text and pyodide_runtime.TAKE_OVER_MARKER not in text:
            assert "_live/" not in text, f"{page.relative_to(built_site)} refers to the live engine without using it"


def test_bridge_refuses_what_it_should() -> None:
    from skitgubbe.views.live import bridge

    def answer(name: str, args: str = "{}") -> dict[str, Any]:
        return json.loads(bridge.call(name, args))

    assert (
        answer("probe.digest", '{"rules": "pagat", "players": 3, "kind": "random"}')["result"]["digest"]
        == (GOLDEN["pagat/3/random"])
    )
    assert "no public function '_plain'" in answer("probe._plain")["error"]["message"]
    assert "no public function 'json'" in answer("probe.json")["error"]["message"]  # an import, not its own
    assert "unknown module 'os'" in answer("os.system", '{"command": "true"}')["error"]["message"]
    assert "must be a JSON object" in answer("probe.digest", "[1]")["error"]["message"]
    assert answer("probe.digest", '{"rules": "nope", "players": 3, "kind": "random"}')["error"]["type"] == "RulesError"


def test_bridge_sends_messages_to_one_controller_per_key() -> None:
    """The bridge's one protocol: `controllers.open_controller` / `controller_message`, one controller per key; the
    bridge holds no sessions of its own and has no second dispatch (bare names, the old `session` module refused)."""
    from skitgubbe.views import controllers
    from skitgubbe.views.live import bridge

    def answer(name: str, args: dict[str, Any]) -> Any:
        return json.loads(bridge.call(name, json.dumps(args)))

    first = answer("controllers.open_controller", {"kind": "play", "lang": "sv", "key": "bridge-a", "seed": 3})
    other = answer("controllers.open_controller", {"kind": "play", "lang": "en", "key": "bridge-b", "seed": 4})
    assert first["ok"] and other["ok"] and first["result"]["lang"] == "sv" and other["result"]["lang"] == "en"
    view = first["result"]["view"]
    move = view["actions"][0]["move"]
    played = answer("controllers.controller_message", {"key": "bridge-a", "message": {"op": "play", "move": move}})
    assert played["ok"] and played["result"]["view"]["your_moves"] == 1
    assert controllers.CONTROLLERS["bridge-b"].state()["view"]["your_moves"] == 0  # the other key's game untouched
    checker = answer("controllers.open_controller", {"kind": "checker", "lang": "sv", "key": "bridge-c"})
    assert checker["ok"] and checker["result"]["mode"] == "checker"
    assert (
        "no controller 'nope'"
        in answer("controllers.controller_message", {"key": "nope", "message": {}})["error"]["message"]
    )
    for name in ("play", "new_game", "session.play", "view"):
        assert "unknown module" in answer(name, {"move": "9C"})["error"]["message"], name
    assert not hasattr(bridge, "SESSIONS")
    assert json.loads(bridge.info())["modules"] == {"controllers": True, "pass_play": True, "probe": True}
