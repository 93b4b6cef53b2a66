"""The browser-live engine for the static Skitgubbe book (local Sphinx extension).

Pages can run the pure-Python engine in the reader's browser: a module Web Worker loads Pyodide (npm package
``pyodide``, pinned in package.json) and the engine, only when the reader presses Start. This extension puts what
that needs into the built site, in a folder of its own, ``_build/html/_live/`` (not ``_static``: nothing of it is
loaded by a page that does not ask for it):

- ``_live/pyodide/``: the runtime files copied from ``node_modules/pyodide`` (``pyodide.mjs``, ``pyodide.asm.mjs``,
  ``pyodide.asm.wasm``, ``python_stdlib.zip``) and a ``pyodide-lock.json`` listing **no packages**, so Pyodide can
  never reach for a package on its CDN;
- ``_live/skitgubbe-<hash>.zip``: the engine packed from the package source at build time (the modules the
  worker can import: the bridge and every module its MODULES import, lazily too, with the data of their packages;
  never the book's build-time views or the modules that need ipywidgets or matplotlib), the first 12 hex digits of
  its SHA-256 in the name, so a changed engine is a new URL;
- both as byte code of the shipped Pyodide's Python, compiled at build time under node (``pyodide_compile.mjs``,
  cached in ``_build/live_cache/``): the standard library's modules the engine imports and the engine itself, so
  the browser does not compile them at every start; the standard library is cut to exactly those modules (measured
  by playing a whole game under every preset there; their list is ``python_stdlib.txt`` beside the cache's zips)
  (``SKITGUBBE_LIVE_COMPILE=0`` ships the whole standard library as source instead);
- ``_live/pyodide/*.br``: brotli copies of the wasm and its loader (`brotli_copies`, under node, cached), which a
  host that serves precompressed files sends to a browser that takes brotli (book/_ext/serve.py does);
- the key of the worker's memory snapshot (`snapshot_key`: a hash of the runtime, the standard library and the
  engine) in VERSIONS.json and the page config, so a start never restores another build's snapshot;
- ``_live/*.mjs``, ``_live/*.js``: the page script and the worker, with every module they import (the worker's
  main-thread client, the C search's JS side ``csearch.mjs``, the table's DOM builder and template filler), copied
  side by side from ``skitgubbe/views/`` (``skitgubbe.views.esm`` finds what they import).

A page asks for it by containing an element with a ``data-skitgubbe-live`` attribute (a notebook cell's HTML
output) or a Replay with ``data-skitgubbe-take-over`` ("play from here"); on such pages only, the extension adds the page script (``live-page.mjs``, a module) and a JSON config
(``<script type="application/json" id="skitgubbe-live-config">``: where the runtime and the engine are, relative
to the page, and the page's language). A missing runtime file, a ``node_modules/pyodide`` of another version than
package.json pins, or a missing worker module stops the build.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: repository root (this file is book/_ext/pyodide_runtime.py)
REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "skitgubbe"
PYODIDE_NPM = REPO / "node_modules" / "pyodide"
LIVE_SOURCES = PACKAGE / "views"

#: folder of the built site that holds the live engine
LIVE_DIR = "_live"
#: the runtime files the worker loads (pyodide.mjs imports pyodide.asm.mjs, which fetches the rest)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: the entry modules copied with what they import: the page script, and the worker (engine-client.mjs starts it
#: by its URL, not by an import)
LIVE_ENTRIES = ("live-page.mjs", "engine-worker.mjs")
#: the ES modules of skitgubbe/views/ the live engine cannot run without (a build without one stops)
LIVE_MODULES = (
    "live-page.mjs",
    "engine-client.mjs",
    "engine-worker.mjs",
    "csearch.mjs",
    "rules-address.mjs",
    "dom.js",
    "template.js",
)
#: the modules the worker imports first: the bridge, and through it every module of its MODULES (read from its source)
BRIDGE = "views/live/bridge.py"
#: modules never packed: they import ipywidgets / matplotlib / voila, which the browser engine has not. The engine is
#: the bridge's import closure (`import_closure`); reaching one of these from it stops the build.
NEVER_PACKED = ("views/widgets.py", "views/voila_markdown.py", "views/plots.py", "cli.py", "__main__.py")
#: package files packed besides .py (data the engine and views read)
PACKED_SUFFIXES = (".py", ".json", ".css", ".typed", ".wasm")
#: the strong player's search in C for the worker (`python setup.py wasm`, `make book` runs it): packed in the
#: engine zip, where engine-worker.mjs reads it; a build without it stops
CSEARCH_WASM = "engine/kernel/csearch.wasm"
#: the attribute that makes a page load the live engine's page script
PAGE_MARKER = "data-skitgubbe-live"
#: ... and the attribute of a Replay that "play from here" can continue (skitgubbe/views/table.py TAKE_OVER_MARKER)
TAKE_OVER_MARKER = "data-skitgubbe-take-over"
CONFIG_ID = "skitgubbe-live-config"
#: where the worker unpacks the engine (engine-worker.mjs's ENGINE_DIR): compiled code objects name files there
ENGINE_DIR = "/home/pyodide/skitgubbe-engine"
#: the build-time compiler (run under node in the shipped Pyodide), see precompile()
COMPILER = (Path(__file__).with_name("pyodide_compile.mjs"), Path(__file__).with_name("pyodide_compile.py"))
#: the list of the standard library's modules the cut keeps, beside the compiled zips in the cache and in _live/
STDLIB_LIST = "python_stdlib.txt"
#: the search's JS side, which the build-time compiler registers too
CSEARCH_JS = LIVE_SOURCES / "csearch.mjs"
#: the runtime's files that get a brotli copy beside them (``x.br``, `brotli_copies`): the wasm and its loader,
#: which gzip leaves at 3.8 MB (the zips are compressed already)
BROTLI_FILES = ("pyodide.asm.wasm", "pyodide.asm.mjs")
BROTLI = Path(__file__).with_name("brotli_files.mjs")
#: fixed zip entry time, so the same source packs to the same bytes (and the same hash)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
#: what the last staging wrote (the engine's file name): set once at config-inited, read while pages are written
MANIFEST: dict[str, Any] = {}


def _bridge_modules(package: Path) -> list[str]:
    """The module names of the bridge's MODULES (its dict literal, read without importing it)."""
    tree = ast.parse((package / BRIDGE).read_text(encoding="utf-8"))
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == "MODULES" and node.value is not None:
            return sorted(ast.literal_eval(node.value).values())
    raise ExtensionError(f"pyodide_runtime: no MODULES = {{...}} in {package / BRIDGE}")


def _module_file(package: Path, name: str) -> Path | None:
    """`skitgubbe.a.b` -> skitgubbe/a/b.py or skitgubbe/a/b/__init__.py (None: not a module of the package)."""
    parts = name.split(".")
    if parts[0] != package.name:
        return None
    base = package.joinpath(*parts[1:])
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported_names(path: Path) -> list[str]:
    """Every absolute module name `path` imports, at the top or inside functions (a lazy import counts), except
    under `if TYPE_CHECKING:`; for `from a import b`, both `a` and `a.b` (b may be a submodule)."""
    names: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names.extend(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return names


def import_closure(package: Path = PACKAGE) -> set[Path]:
    """The package's modules the worker can import: the bridge, its MODULES, and everything they import (with the
    `__init__.py` of every package on the way)."""
    roots = [package / BRIDGE, *(_module_file(package, name) for name in _bridge_modules(package))]
    todo = [path for path in roots if path is not None]
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for parent in path.parents:  # the packages that hold it are imported first
            if parent == package.parent:
                break
            if (parent / "__init__.py").is_file() and parent / "__init__.py" not in seen:
                todo.append(parent / "__init__.py")
        for name in _imported_names(path):
            found = _module_file(package, name)
            if found is not None and found not in seen:
                todo.append(found)
    banned = sorted(
        p.relative_to(package).as_posix() for p in seen if p.relative_to(package).as_posix() in NEVER_PACKED
    )
    if banned:
        raise ExtensionError(f"pyodide_runtime: the browser engine imports {', '.join(banned)}, which it cannot run")
    return seen


def engine_files(package: Path = PACKAGE) -> list[Path]:
    """The package files the browser engine needs, sorted: the bridge's import closure (sources) and the data of
    the packages in it (files such as .json and .css in their folders), no caches or compiled modules."""
    modules = import_closure(package)
    packages = {path.parent for path in modules if path.name == "__init__.py"}
    found = []
    for path in sorted(package.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix not in PACKED_SUFFIXES:
            continue
        if path.suffix == ".py":
            if path in modules:
                found.append(path)
            continue
        holder = next((p for p in path.parents if (p / "__init__.py").is_file()), package)
        if holder in packages:
            found.append(path)
    return found


def dropped_stdlib() -> tuple[str, ...]:
    """The standard library entries the compiler trims (pyodide_compile.py's DROPPED, read without running it)."""
    tree = ast.parse(COMPILER[1].read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "DROPPED" for t in node.targets):
            return tuple(ast.literal_eval(node.value))
    raise ExtensionError(f"pyodide_runtime: no DROPPED = (...) in {COMPILER[1]}")


def check_not_dropped(package: Path = PACKAGE) -> None:
    """Stop the build if a module of the engine imports (lazily too) a standard library module the compiler trims."""
    dropped = {entry.removesuffix("/").removesuffix(".py") for entry in dropped_stdlib()}
    for path in sorted(import_closure(package)):
        for name in _imported_names(path):
            if name.split(".")[0] in dropped:
                raise ExtensionError(
                    f"pyodide_runtime: {path.relative_to(package.parent)} imports {name}, which the browser's"
                    " standard library leaves out (DROPPED in book/_ext/pyodide_compile.py)"
                )


def pack_engine(package: Path = PACKAGE) -> bytes:
    """The engine as zip bytes (entries ``skitgubbe/...``), the same bytes for the same source."""
    check_not_dropped(package)
    files = engine_files(package)
    if not any(p.name == "__init__.py" and p.parent == package for p in files):
        raise ExtensionError(f"pyodide_runtime: {package}/__init__.py missing: nothing to pack")
    if package / CSEARCH_WASM not in files:
        raise ExtensionError(
            f"pyodide_runtime: {package / CSEARCH_WASM} is missing (the browser's strong player searches with it):"
            " run `make book`, or `python setup.py wasm` (needs clang-14 and lld-14: `make clang`)"
        )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in files:
            info = zipfile.ZipInfo(f"{package.name}/{path.relative_to(package).as_posix()}", date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


def engine_name(data: bytes) -> str:
    """The packed engine's file name: its content hash in the name."""
    return f"skitgubbe-{hashlib.sha256(data).hexdigest()[:12]}.zip"


def pinned_version() -> str:
    """The pyodide version package.json pins (exactly: an npm range would let the runtime drift)."""
    pins = json.loads((REPO / "package.json").read_text(encoding="utf8")).get("dependencies", {})
    version = pins.get("pyodide")
    if not isinstance(version, str) or not version[:1].isdigit():
        raise ExtensionError(f"pyodide_runtime: package.json must pin pyodide to an exact version, not {version!r}")
    return version


def empty_lock(source: Path) -> dict[str, Any]:
    """Pyodide's lock file with no packages: loadPackage can then find nothing to fetch, from anywhere."""
    lock = json.loads(source.read_text(encoding="utf8"))
    return {"info": lock["info"], "packages": {}}


def precompile(engine: bytes, cache: Path) -> tuple[bytes, bytes]:
    """The standard library and the engine as byte code of the shipped Pyodide's Python: (stdlib zip, engine zip).

    Runs book/_ext/pyodide_compile.mjs under node (the Pyodide of node_modules, local files only; see
    pyodide_compile.py for what it compiles and trims). The result is cached in ``cache`` by the hash of its inputs
    (the Pyodide version, the engine source zip, the compiler), so a build with an unchanged engine does not run it.
    """
    key = hashlib.sha256()
    for part in (pinned_version().encode(), engine, *(p.read_bytes() for p in (*COMPILER, CSEARCH_JS))):
        key.update(hashlib.sha256(part).digest())
    folder = cache / key.hexdigest()[:16]
    stdlib, compiled = folder / "python_stdlib.zip", folder / "engine.zip"
    if not (stdlib.is_file() and compiled.is_file() and (folder / STDLIB_LIST).is_file()):
        node = shutil.which("node")
        if node is None:
            raise ExtensionError("pyodide_runtime: node is needed to compile the engine for Pyodide (npm brings it)")
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / "engine-source.zip"
            source.write_bytes(engine)
            out_stdlib, out_engine = Path(tmp) / "stdlib.zip", Path(tmp) / "engine.zip"
            command = [
                node,
                str(COMPILER[0]),
                str(PYODIDE_NPM),
                str(source),
                ENGINE_DIR,
                str(out_stdlib),
                str(out_engine),
            ]
            done = subprocess.run(command, capture_output=True, text=True, timeout=900, check=False)
            if done.returncode != 0 or not out_stdlib.is_file() or not out_engine.is_file():
                raise ExtensionError(
                    f"pyodide_runtime: compiling for Pyodide failed (exit {done.returncode}):\n{done.stderr[-3000:]}"
                )
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir(parents=True)
            shutil.copy2(out_stdlib, stdlib)
            shutil.copy2(out_engine, compiled)
            summary = json.loads(done.stdout.strip().splitlines()[-1])
            # the cut standard library's modules, one a line (what the engine and Pyodide's start import)
            (folder / STDLIB_LIST).write_text("".join(f"{m}\n" for m in summary.pop("stdlib_modules")), "utf8")
            (folder / "summary.json").write_text(json.dumps(summary) + "\n", encoding="utf8")
        logger.info("pyodide_runtime: compiled for Pyodide: %s", (folder / "summary.json").read_text().strip())
    return stdlib.read_bytes(), compiled.read_bytes()


def live_modules() -> tuple[str, ...]:
    """The modules `_live/` ships: the entries and every module they import, statically or not (each once)."""
    from skitgubbe.views import esm

    try:
        names = esm.modules(*LIVE_ENTRIES)
    except esm.ModuleError as error:  # a module imports one that is not there: the page would not run
        raise ExtensionError(f"pyodide_runtime: {error}") from error
    return names


def brotli_copies(files: list[Path], cache: Path) -> None:
    """Write ``x.br`` beside each file: its brotli copy, for a host that serves one when the browser takes brotli
    (book/_ext/serve.py does; a host that does not serves the file itself, gzip-compressed or not). Compressed under
    node (brotli_files.mjs: a minute or two for the wasm), cached in ``cache`` by the file's hash."""
    todo: list[str] = []
    kept: list[tuple[Path, Path]] = []
    for path in files:
        key = hashlib.sha256(path.read_bytes() + BROTLI.read_bytes()).hexdigest()[:16]
        copy = cache / "brotli" / f"{key}.br"
        kept.append((copy, path.with_name(path.name + ".br")))
        if not copy.is_file():
            todo += [str(path), str(copy)]
    if todo:
        node = shutil.which("node")
        if node is None:
            raise ExtensionError("pyodide_runtime: node is needed to compress the runtime (npm brings it)")
        (cache / "brotli").mkdir(parents=True, exist_ok=True)
        done = subprocess.run([node, str(BROTLI), *todo], capture_output=True, text=True, timeout=1800, check=False)
        if done.returncode != 0:
            raise ExtensionError(f"pyodide_runtime: brotli failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    for copy, beside in kept:
        shutil.copy2(copy, beside)


def stage(target: Path, cache: Path | None = None) -> dict[str, Any]:
    """Copy the runtime, pack the engine and copy the worker modules into ``target`` (the built ``_live/``).

    With a ``cache`` folder (and SKITGUBBE_LIVE_COMPILE not 0), the standard library and the engine are shipped as
    byte code (`precompile`); without, as Python source."""
    wanted = [PYODIDE_NPM / name for name in (*PYODIDE_FILES, "pyodide-lock.json", "package.json")]
    wanted += [LIVE_SOURCES / name for name in LIVE_MODULES]
    missing = [p for p in wanted if not p.is_file()]
    if missing:
        raise ExtensionError(
            "pyodide_runtime: missing "
            + ", ".join(str(p.relative_to(REPO)) for p in missing)
            + " - run `npm ci` in the repository root (or `make setup`)."
        )
    version = json.loads((PYODIDE_NPM / "package.json").read_text(encoding="utf8"))["version"]
    if version != pinned_version():
        raise ExtensionError(
            f"pyodide_runtime: node_modules has pyodide {version}, package.json pins {pinned_version()}: run `npm ci`"
        )
    if target.exists():
        shutil.rmtree(target)
    runtime = target / "pyodide"
    runtime.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_NPM / name, runtime / name)
    engine = pack_engine()
    compiled = cache is not None and os.environ.get("SKITGUBBE_LIVE_COMPILE", "1") != "0"
    if compiled:
        assert cache is not None
        stdlib, engine = precompile(engine, cache)
        (runtime / "python_stdlib.zip").write_bytes(stdlib)
    lock = json.dumps(empty_lock(PYODIDE_NPM / "pyodide-lock.json"), indent=1) + "\n"
    (runtime / "pyodide-lock.json").write_text(lock, encoding="utf8")
    for module in live_modules():
        shutil.copy2(LIVE_SOURCES / module, target / module)
    name = engine_name(engine)
    (target / name).write_bytes(engine)
    if cache is not None:
        brotli_copies([runtime / n for n in BROTLI_FILES], cache)
    manifest = {
        "pyodide": version,
        "engine": name,
        "runtime": "pyodide/",
        "files": len(engine_files()),
        "compiled": compiled,
        # the standard library's modules shipped (the cut: only what the engine and Pyodide's start import)
        "stdlib_modules": sum(
            n.endswith((".py", ".pyc")) for n in zipfile.ZipFile(runtime / "python_stdlib.zip").namelist()
        ),
    }
    manifest["snapshot"] = snapshot_key(target, name)
    (target / "VERSIONS.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf8")
    return manifest


def snapshot_key(target: Path, engine: str) -> str:
    """The key of the worker's memory snapshot (engine-worker.mjs): 12 hex digits of the hash of everything a
    snapshot holds a trace of (the runtime, the standard library, the engine), so no other build restores it."""
    digest = hashlib.sha256()
    for path in (*(target / "pyodide" / n for n in PYODIDE_FILES), target / engine):
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


def on_config_inited(app: Sphinx, config: Config) -> None:
    """Stage everything at the start, so a missing file stops the build before any page is read."""
    target = Path(app.outdir) / LIVE_DIR
    manifest = stage(target, Path(app.outdir).parent / "live_cache")
    size = sum(p.stat().st_size for p in target.rglob("*") if p.is_file())
    logger.info(
        "pyodide_runtime: pyodide %s and %s (%.1f MB) in %s",
        manifest["pyodide"],
        manifest["engine"],
        size / 1e6,
        target,
    )
    MANIFEST.clear()
    MANIFEST.update(manifest)


def on_build_finished(app: Sphinx, exception: BaseException | None) -> None:
    """The staged folder must still be whole at the end (nothing of the build may remove a file of it)."""
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / LIVE_DIR
    wanted = [target / "pyodide" / n for n in (*PYODIDE_FILES, "pyodide-lock.json")] + [target / MANIFEST["engine"]]
    missing = [p.relative_to(app.outdir).as_posix() for p in wanted if not p.is_file()]
    if missing:
        raise ExtensionError(f"pyodide_runtime: the built site lacks {', '.join(missing)}")


def page_language(pagename: str) -> str:
    """The page's language: Swedish under book/sv/ (or sv/), English otherwise."""
    parts = pagename.split("/")
    return "sv" if "sv" in parts[:2] else "en"


def on_html_page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    pathto = context.get("pathto")
    body = context.get("body", "")
    if pathto is None or (PAGE_MARKER not in body and TAKE_OVER_MARKER not in body):
        return
    base = pathto(f"{LIVE_DIR}/", resource=True)
    if not base.endswith("/"):
        base += "/"
    config = {
        "base": base,
        "runtime": MANIFEST["runtime"],
        "engine": MANIFEST["engine"],
        "snapshot": MANIFEST["snapshot"],
        "lang": page_language(pagename),
        # the reader's table (book/_ext/widget_runtime.py serves it): the live game and checker draw with it
        "table": pathto("_static/readers-table/table.js", resource=True),
    }
    # `</` cannot occur in this JSON (paths and names only), so it is safe inside <script>
    app.add_js_file(None, body=json.dumps(config, sort_keys=True), type="application/json", id=CONFIG_ID)
    # add_js_file paths are relative to _static/; `../` reaches the site root, where _live/ is
    app.add_js_file(f"../{LIVE_DIR}/live-page.mjs", type="module")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", on_config_inited, priority=900)
    app.connect("html-page-context", on_html_page_context, priority=600)
    app.connect("build-finished", on_build_finished)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
