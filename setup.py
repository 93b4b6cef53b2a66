"""Build hook: the engine layer is compiled with mypyc (the same typed Python, made a C extension).

`COMPILED` is the one place that says what is compiled: every module of `skitgubbe/engine/`, the rule options it
reads (`skitgubbe/rules/options.py`) and the computer players (`skitgubbe/players/`), whose playouts are the strong
player's search. Text, records, views, studies and the CLI stay plain Python. Set SKITGUBBE_PURE_PYTHON=1 to
install the plain Python modules instead; both give the same games (tests/engine/test_golden_games.py).

mypyc (2.4) gives a compiled function or class only its text signature as `__doc__`, so `help(Game.play)` and
Jupyter's Shift-Tab would show nothing; `keep_docstrings` writes the source's docstrings into the generated C.
(mypyc is itself compiled, so its code generator cannot be patched from here.)

The strong player's search in C (`skitgubbe/engine/kernel/csearch.c`, issue 27 item 5) is built here too, on every
run: `_csearch.so` next to it with gcc (loaded with ctypes by `native.py`), when gcc exists (without it a warning
says the engine-based players play, and tests/engine/test_csearch.py says so too). `python setup.py native` builds
only that library, `python setup.py wasm` only the browser's `csearch.wasm` (clang-14 and wasm-ld-14, the Debian
packages `clang-14 lld-14`; the book's build packs it into the browser engine and fails without it).
"""

import ast
import glob
import inspect
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: Glob patterns of the compiled modules (the Makefile and tests/package/test_compiled_build.py read this list).
COMPILED = [
    "skitgubbe/errors.py",
    "skitgubbe/engine/*.py",
    "skitgubbe/engine/phases/*.py",
    "skitgubbe/engine/kernel/*.py",
    "skitgubbe/rules/options.py",
    "skitgubbe/players/*.py",
]


def module_name(path):
    """`skitgubbe/engine/game.py` → `skitgubbe.engine.game`."""
    return path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")


def source_docstrings(paths):
    """Map (module, class or None, name) to the docstring of each top-level function, class and method."""
    docs = {}
    for path in paths:
        module = module_name(path)
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and ast.get_docstring(node):
                docs[(module, None, node.name)] = ast.get_docstring(node)
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and ast.get_docstring(item):
                        docs[(module, node.name, item.name)] = ast.get_docstring(item)
    return docs


def c_literal(text):
    """`text` as the inside of a C string literal (UTF-8 bytes, escaped; no trigraphs)."""
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char in '"\\?':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif 32 <= byte < 127:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return "".join(out)


#: a compiled function's entry in a method table, and a compiled class's type, with the docstring mypyc wrote
_METHOD_DOC = re.compile(r'(\(PyCFunction\)(CPyPy_\w+),\s*[A-Z_| ]+,\s*PyDoc_STR\()("(?:[^"\\]|\\.)*"|NULL)')
_CLASS_DOC = re.compile(
    r'(static PyTypeObject (CPyType_\w+)_template_ = \{[^}]*?\.tp_doc = PyDoc_STR\()("(?:[^"\\]|\\.)*"|NULL)'
)


def keep_docstrings(c_files, paths):
    """Write each source docstring after the text signature mypyc put in the generated C (idempotent)."""
    from mypyc.namegen import NameGenerator

    modules = {path: module_name(path) for path in paths}
    names = NameGenerator([list(modules.values())])
    wanted = {}
    for (module, owner, name), doc in source_docstrings(paths).items():
        partial = f"{owner}.{name}" if owner else name
        wanted["CPyPy_" + names.private_name(module, partial)] = doc
        if owner is None:
            wanted["CPyType_" + names.private_name(module, name)] = doc

    def with_doc(match):
        doc = wanted.get(match.group(2))
        literal = match.group(3)
        if doc is None:
            return match.group(0)
        text = c_literal(inspect.cleandoc(doc))
        if literal == "NULL":
            return f'{match.group(1)}"{text}"'
        if literal.endswith(text + '"'):
            return match.group(0)
        return f'{match.group(1)}{literal[:-1]}{text}"'

    for c_file in c_files:
        with open(c_file, encoding="utf-8") as handle:
            code = handle.read()
        changed = _CLASS_DOC.sub(with_doc, _METHOD_DOC.sub(with_doc, code))
        if changed != code:
            with open(c_file, "w", encoding="utf-8") as handle:
                handle.write(changed)
            later = os.stat(c_file).st_mtime + 1  # as mypyc does: newer than any extension built before
            os.utime(c_file, times=(later, later))


CSEARCH = "skitgubbe/engine/kernel/csearch.c"
#: the rule words csearch.c reads, generated from skitgubbe/engine/kernel/layout.py (committed; a test compares)
CSEARCH_H = "skitgubbe/engine/kernel/csearch_rules.h"
CSEARCH_SO = "skitgubbe/engine/kernel/_csearch.so"
CSEARCH_WASM = "skitgubbe/engine/kernel/csearch.wasm"
#: freestanding C: no libc, no stack protector (it would need libc), every symbol hidden but the entry points
GCC_FLAGS = ["-O2", "-fPIC", "-shared", "-ffreestanding", "-nostdlib", "-fno-stack-protector"]
WASM_EXPORTS = ["sg_evaluate", "sg_input", "sg_output", "sg_io_words"]
WASM_FLAGS = ["--target=wasm32", "-O2", "-nostdlib", "-ffreestanding", "-Wl,--no-entry"]
WASM_FLAGS += [f"-Wl,--export={name}" for name in WASM_EXPORTS]


def _stale(target, *sources):
    return not os.path.exists(target) or any(os.stat(target).st_mtime < os.stat(s).st_mtime for s in sources)


def build_native():
    """`_csearch.so` from csearch.c with gcc (or $CC) when it is older than its source; a warning without gcc."""
    compiler = os.environ.get("CC") or shutil.which("gcc")
    if not compiler:
        print(
            "WARNING: no gcc: the native search (_csearch.so) is not built; the engine-based players play",
            file=sys.stderr,
        )
        return False
    if _stale(CSEARCH_SO, CSEARCH, CSEARCH_H):
        subprocess.run([compiler, *GCC_FLAGS, "-o", CSEARCH_SO, CSEARCH], check=True)
    return True


def build_wasm():
    """`csearch.wasm` from csearch.c with clang-14 (or $WASM_CC) for wasm32; exits 1 without clang."""
    compiler = os.environ.get("WASM_CC") or shutil.which("clang-14") or shutil.which("clang")
    if not compiler:
        sys.exit("no clang-14: csearch.wasm (the browser's native search) cannot be built; install clang-14 lld-14")
    if _stale(CSEARCH_WASM, CSEARCH, CSEARCH_H):
        subprocess.run([compiler, *WASM_FLAGS, "-o", CSEARCH_WASM, CSEARCH], check=True)


if sys.argv[1:] == ["native"]:
    sys.exit(0 if build_native() else 1)
if sys.argv[1:] == ["wasm"]:
    build_wasm()
    sys.exit(0)
build_native()


class ParallelBuildExt(build_ext):
    """Compiles the C files of an extension on every core at once. mypyc writes one C file a module
    (`multi_file=True`); setuptools would compile them one after another, and the engine's C is the longest step of
    a fresh `make setup` (about 13 MB of C at -O3)."""

    def build_extension(self, ext):
        compile_serially = self.compiler.compile

        def compile_in_parallel(sources, *args, **kwargs):
            if len(sources) < 2:
                return compile_serially(sources, *args, **kwargs)
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                objects = pool.map(lambda source: compile_serially([source], *args, **kwargs), sources)
                return [obj for part in objects for obj in part]

        self.compiler.compile = compile_in_parallel
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_serially


ext_modules = []
if not os.environ.get("SKITGUBBE_PURE_PYTHON"):
    from mypyc.build import mypycify

    sources = sorted(path for pattern in COMPILED for path in glob.glob(pattern))
    ext_modules = mypycify(sources, opt_level="3", multi_file=True)
    keep_docstrings([c for ext in ext_modules for c in ext.sources if c.endswith(".c")], sources)

setup(ext_modules=ext_modules, cmdclass={"build_ext": ParallelBuildExt})
