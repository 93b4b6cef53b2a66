"""Voilà serving book/ on 127.0.0.1 at a free port, for the tests that open the book's notebooks as Jupyter shows
them (tests/jupyter, and the Jupyter widget's column of tests/browser/test_board_promises.py): a fixture, imported
by the test modules and conftests that use it."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import REPO, free_port, running_server

READY_TIMEOUT_S = 120


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voilà serving book/ on 127.0.0.1 at a free port; ready once its front page answers (polled)."""
    pytest.importorskip("voila")
    pytest.importorskip("anywidget")
    port = free_port()
    runtime = tmp_path_factory.mktemp("jupyter-runtime")
    env = {
        **os.environ,
        "JUPYTER_RUNTIME_DIR": str(runtime),
        "SKITGUBBE_STATIC_BUILD": "0",
        "JUPYTER_PATH": str(REPO / "book" / "_voila"),  # the template without CDN links
        "JUPYTER_CONFIG_PATH": str(REPO / "book" / "_voila"),  # voila.json: what the tree lists, kernel culling
        # a whole game is clicked through: a short pause before each computer move (the pacing itself, at the
        # book's pause, is tested in JupyterLab: test_jupyter_lab_citizens.py)
        "SKITGUBBE_COMPUTER_PAUSE_MS": "40",
    }
    voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or "voila"
    command = [
        voila,
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--ServerApp.ip=127.0.0.1",
        "--template=skitgubbe",
        str(REPO / "book"),
    ]
    url = f"http://127.0.0.1:{port}/"
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    with running_server(command, cwd=REPO, env=env, log=log, ready_url=url, name="voila", timeout_s=READY_TIMEOUT_S):
        yield url
