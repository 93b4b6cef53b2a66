"""The engine's tests run once more against the Python source build (a copy of the package without the
compiled extensions, first on the import path; nothing is installed), so that both builds are tested by `make test`:
the rule catalogue, cards and moves, worked examples, variants, the reliability tests of the engine (API misuse,
trump card, seeds) and the case-library tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from reliability import ROOT, pytest_in_source_build, source_build

ENGINE_TESTS = [
    "engine/test_cards_and_moves.py",
    "rules/test_rule_catalogue.py",
    "engine/test_worked_examples.py",
    "engine/test_variant_games.py",
    "records/test_case_library.py",
    "engine/test_api_moves_keep_cards.py",
    "engine/test_trump_card_at_phase_end.py",
    "engine/test_negative_seeds.py",
]


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_the_engine_tests_pass_against_the_python_source(tmp_path: Path) -> None:
    source = source_build(tmp_path)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "MAKE"))}
    env["PYTHONPATH"] = str(source)
    probe = subprocess.run(
        [sys.executable, "-c", "import skitgubbe; print(skitgubbe.COMPILED, skitgubbe.__file__)"],
        capture_output=True,
        text=True,
        cwd=source,
        env=env,
        timeout=120,
        check=False,
    )
    assert probe.stdout.startswith(f"False {source}"), probe.stdout + probe.stderr
    # the engine's tests once more, against the source build
    result = pytest_in_source_build(tmp_path, [ROOT / "tests" / name for name in ENGINE_TESTS], timeout=1500)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    assert " passed" in result.stdout and " failed" not in result.stdout
