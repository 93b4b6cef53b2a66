"""`import skitgubbe` (and every engine module) loads no notebook or widget library."""

from __future__ import annotations

import subprocess
import sys

import pytest

FORBIDDEN = ("ipywidgets", "IPython", "ipykernel", "jupyter_client", "nbformat", "traitlets", "matplotlib")
MODULES = (
    "skitgubbe",
    "skitgubbe.views.render",
    "skitgubbe.records.record",
    "skitgubbe.players.bots",
    "skitgubbe.studies.simulate",
    "skitgubbe.cli",
)


@pytest.mark.slow
def test_engine_imports_no_notebook_library() -> None:
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in MODULES)
        + f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]\nprint(','.join(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
