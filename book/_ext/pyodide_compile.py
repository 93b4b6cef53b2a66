"""Run inside Pyodide (by pyodide_compile.mjs, under node) at build time: byte code for the browser-live engine.

CPython's .pyc files are specific to its version, so the Python of the Pyodide the site ships compiles them here.
Compiled modules start faster in the browser (measured: the cold start to ready fell from 22-26 s to 11-12 s on
the loaded build machine, see tests/browser/test_live_runtime.py), but a .pyc is bigger than its source, so only what
runs is compiled:

- `run(...)` imports the engine from the source zip, calls the bridge as the browser does (a whole live game under
  every preset, the checker, the probes), imports every standard-library module the engine's source names (a lazy
  import on a path no game took included), and notes every standard-library module that was imported then: with
  Pyodide's own start, that is all the browser can ever import;
- the standard library zip is written again with exactly those modules, as sourceless ``.pyc`` (a timestamp pyc
  with no ``.py`` beside it: zipimport loads it without a check); every other module is left out (the cut: the
  147 modules as source and the unused codecs made a third of the download), `DROPPED` names the big ones that must
  never come back (the build fails if the engine imports one);
- the engine zip is written with every ``.py`` as a sourceless ``.pyc`` (the path finder loads ``x.pyc`` in place
  of ``x.py``), other files as they were.

Entry times are fixed and entries sorted, so the same input gives the same bytes. Returns a JSON summary.
"""

import ast
import contextlib
import importlib
import importlib._bootstrap_external as bootstrap  # the stdlib's own pyc writer (py_compile uses it)
import json
import pathlib
import sys
import zipfile

STDLIB_PREFIX = "/lib/python314.zip/"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
#: the standard library's modules are compiled without docstrings and asserts (optimize=2: a quarter smaller),
#: except Pyodide's own, which read their docstrings (the JS API's help); the engine keeps both
KEEP_DOCS = ("_pyodide/", "pyodide/")
#: trimmed from the standard library: tools for a person at a console (REPL, debugger, docs, tests), never
#: imported by the engine or by Pyodide's start; the build fails if the engine ever imports one of them
DROPPED = (
    "_pyrepl/",
    "unittest/",
    "idlelib/",
    "pydoc_data/",
    "xmlrpc/",
    "wsgiref/",
    "pydoc.py",
    "pdb.py",
    "doctest.py",
    "turtle.py",
    "tabnanny.py",
    "pickletools.py",
    # the mail, web and process stacks and the profilers: the engine's import closure reaches none of them
    # (pyodide_runtime.check_not_dropped reads this list and stops the build if it ever does)
    "email/",
    "http/",
    "xml/",
    "multiprocessing/",
    "imaplib.py",
    "mailbox.py",
    "smtplib.py",
    "ftplib.py",
    "socketserver.py",
    "optparse.py",
    "bdb.py",
    "trace.py",
    "profile.py",
    "pstats.py",
    "plistlib.py",
    "modulefinder.py",
)


def exercise(engine_dir: str) -> None:
    """Import the engine and call it the way the browser does, so every module a game needs gets imported."""
    sys.path.insert(0, engine_dir)
    from skitgubbe.rules import PRESETS
    from skitgubbe.views.live import bridge

    bridge.info()
    calls = [("probe.play_through", {"rules": preset, "players": 3, "seed": 7}) for preset in PRESETS]
    calls += [
        ("probe.play_through", {"rules": "pagat", "players": 2, "seed": 3, "opponents": "strong", "lang": "sv"}),
        ("controllers.open_controller", {"kind": "checker", "lang": "sv", "key": "c1", "case_id": "klover-9"}),
        ("controllers.open_controller", {"kind": "checker", "lang": "en", "key": "c2", "fragment": "case=nope"}),
        ("probe.digest", {"rules": "pagat", "players": 2, "kind": "sensible"}),
        ("probe.strong_moves", {"rules": "pagat", "players": 3, "seed": 1, "moves": 1}),
        ("probe.digest", {"rules": "nope", "players": 3, "kind": "random"}),  # the error path
    ]
    for name, args in calls:
        bridge.call(name, json.dumps(args))
    for name in engine_stdlib_names(engine_dir):
        with contextlib.suppress(ImportError):  # not in this Python (a platform's module): nor can the engine use it
            importlib.import_module(name)


def engine_stdlib_names(engine_dir: str) -> list[str]:
    """Every module name the engine's source imports (lazily too) that is not the engine's own."""
    names: set[str] = set()
    for path in sorted(pathlib.Path(engine_dir).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] != "skitgubbe" and n.split(".")[0] not in _dropped_tops())


def _dropped_tops() -> set[str]:
    return {entry.removesuffix("/").removesuffix(".py") for entry in DROPPED}


def imported_stdlib() -> set[str]:
    """The standard library zip's entries of every module imported so far."""
    found = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(STDLIB_PREFIX) and path.endswith(".py"):
            found.add(path[len(STDLIB_PREFIX) :])
    return found


def dropped(name: str, imported: set[str]) -> bool:
    """Whether a standard-library entry is cut: every module not imported (see `run`), and all of `DROPPED`."""
    if name.startswith(DROPPED):
        if name in imported:
            raise RuntimeError(f"{name} is imported by the engine: remove it from DROPPED in pyodide_compile.py")
        return True
    return name.endswith(".py") and name not in imported


def rewrite(source_path: str, target_path: str, prefix: str, compile_names: set[str] | None) -> int:
    """Copy a zip, compiling its ``.py`` entries (all, or those in `compile_names`) to ``.pyc``; how many.

    With `compile_names` (the standard library) the trimmed entries are left out."""
    compiled = 0
    with (
        zipfile.ZipFile(source_path) as source,
        zipfile.ZipFile(target_path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target,
    ):
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            if compile_names is not None and dropped(info.filename, compile_names):
                continue
            data = source.read(info)
            out = zipfile.ZipInfo(info.filename, date_time=ZIP_TIME)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = info.external_attr
            wanted = compile_names is None or info.filename in compile_names
            if info.filename.endswith(".py") and wanted:
                level = 2 if compile_names is not None and not info.filename.startswith(KEEP_DOCS) else 0
                code = compile(data, prefix + info.filename, "exec", dont_inherit=True, optimize=level)
                out.filename = info.filename + "c"
                data = bytes(bootstrap._code_to_timestamp_pyc(code, 0, 0))
                compiled += 1
            target.writestr(out, data)
    return compiled


def run(stdlib_in: str, stdlib_out: str, engine_in: str, engine_out: str, engine_dir: str) -> str:
    """Exercise the engine (unpacked in `engine_dir`), then write both compiled zips; a JSON summary."""
    exercise(engine_dir)
    modules = imported_stdlib()
    stdlib = rewrite(stdlib_in, stdlib_out, STDLIB_PREFIX, modules)
    engine = rewrite(engine_in, engine_out, engine_dir.rstrip("/") + "/", None)
    summary = {"stdlib_compiled": stdlib, "engine_compiled": engine, "python": sys.version.split()[0]}
    return json.dumps({**summary, "stdlib_modules": sorted(modules)})
