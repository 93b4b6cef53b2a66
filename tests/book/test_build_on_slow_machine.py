"""The book build cannot fail because the machine is slow.

- The statistics chapter's simulations (book/*/strategy.ipynb, `stats.chapter_results`) are cached across builds
  under a key that covers everything they depend on: the study and its parameters, the source of every module that
  can change a simulated number (engine, rules, players, studies) and the Python that runs them. Drawing modules
  are not in it.
- Played from scratch, the chapter's simulations fit the notebook cell timeout (_config.yml) on a machine four
  times slower than this one, measured as CPU time on one core (the cell may get no second core on a loaded
  machine), from a tenth of the games.
- The browser tests wait for the condition they need, never for "network idle"."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from reliability import ROOT, source_build

from skitgubbe.studies import stats

SLOWER = 4
SCALE = 0.1


def _hash(source: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(source)}
    result = subprocess.run(
        [sys.executable, "-c", "from skitgubbe.studies import stats; print(stats.engine_hash())"],
        capture_output=True,
        text=True,
        cwd=source,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.slow
@pytest.mark.parametrize(
    "module, counts",
    [
        ("engine/phases/tricks.py", True),
        ("rules/options.py", True),
        ("players/strong.py", True),
        ("players/bots.py", True),
        ("studies/stats.py", True),
        ("engine/cards.py", True),
        ("views/plots.py", False),
        ("views/render.py", False),
    ],
)
def test_the_cache_key_covers_every_module_a_number_depends_on(tmp_path: Path, module: str, counts: bool) -> None:
    source = source_build(tmp_path)
    before = _hash(source)
    with open(source / "skitgubbe" / module, "a", encoding="utf-8") as handle:
        handle.write("\n# changed\n")
    assert (_hash(source) != before) is counts


def test_the_cache_key_covers_the_python_version(monkeypatch: pytest.MonkeyPatch) -> None:
    here = stats.engine_hash()
    monkeypatch.setattr(stats.sys, "version_info", (3, 99, 0))
    assert stats.engine_hash() != here


@pytest.mark.slow
def test_the_chapter_fits_the_cell_timeout_on_a_machine_four_times_slower(tmp_path: Path) -> None:
    config = (ROOT / "_config.yml").read_text()
    timeout = int(re.search(r"^\s+timeout:\s*(\d+)", config, re.M).group(1))  # type: ignore[union-attr]
    started = time.process_time()
    stats.chapter_results(scale=SCALE, jobs=1, use_cache=False)
    cpu = (time.process_time() - started) / SCALE
    print(f"chapter simulations from scratch: {cpu:.1f} s of CPU on one core (from {SCALE:.0%} of the games)")
    assert cpu * SLOWER < timeout, f"{cpu:.0f} s x {SLOWER} does not fit the {timeout} s cell timeout"


def test_no_browser_test_waits_for_network_idle() -> None:
    for path in (ROOT / "tests").glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        assert "networkidle" not in path.read_text(encoding="utf-8"), path.name
