"""Build hook: the engine layer is compiled with mypyc (the same typed Python, made a C extension).

`COMPILED` is the one place that says what is compiled: every module of `skitgubbe/engine/`, the rule options it
reads (`skitgubbe/rules/options.py`) and the computer players (`skitgubbe/players/`), whose playouts are the strong
player's search. Text, records, views, studies and the CLI stay plain Python. Set SKITGUBBE_PURE_PYTHON=1 to
install the plain Python modules instead; both give the same games (tests/test_golden_games.py).
"""

import glob
import os

from setuptools import setup

#: Glob patterns of the compiled modules (the Makefile and tests/test_build.py read this list).
COMPILED = [
    "skitgubbe/errors.py",
    "skitgubbe/engine/*.py",
    "skitgubbe/engine/phases/*.py",
    "skitgubbe/rules/options.py",
    "skitgubbe/players/*.py",
]

ext_modules = []
if not os.environ.get("SKITGUBBE_PURE_PYTHON"):
    from mypyc.build import mypycify

    sources = sorted(path for pattern in COMPILED for path in glob.glob(pattern))
    ext_modules = mypycify(sources, opt_level="3")

setup(ext_modules=ext_modules)
