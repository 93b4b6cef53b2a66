"""Build hook: the engine's core modules are compiled with mypyc (the same typed Python, made a C extension).

The compiled engine plays the simulations behind the statistics chapter about twice as fast. Set
SKITGUBBE_PURE_PYTHON=1 to install the plain Python modules instead; both give the same games
(tests/test_golden_games.py).
"""

import os

from setuptools import setup

#: The modules on the hot path of a game; the rest (rendering, widgets, statistics, I/O) stays plain Python.
COMPILED = [
    "skitgubbe/cards.py", "skitgubbe/moves.py", "skitgubbe/events.py", "skitgubbe/rules.py", "skitgubbe/state.py",
    "skitgubbe/phase1.py", "skitgubbe/phase1_all.py", "skitgubbe/phase1_trump.py", "skitgubbe/phase1_beat.py",
    "skitgubbe/phase2.py", "skitgubbe/phase2_pile.py", "skitgubbe/game.py", "skitgubbe/bots.py",
    "skitgubbe/strong.py",
]

ext_modules = []
if not os.environ.get("SKITGUBBE_PURE_PYTHON"):
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
