"""How many examples a property test draws in the tier that runs it: all of them under `make test`, a fifth (at
least ten) in `make check`'s fast tier, which leaves out the slow tests (`-m "not slow ..."`; tests/conftest.py
tells this module). The same derandomized examples, fewer of them: the fast tier is the loop, `make test` the
whole check."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

#: set by tests/conftest.py's pytest_configure when the run leaves out the slow tests
FAST_TIER = False


def examples(full: int) -> int:
    """`full` examples, or a fifth of them (at least ten, at most `full`) in the fast tier."""
    return min(full, max(10, full // 5)) if FAST_TIER else full


def sampled(cases: Sequence[Any], every: int) -> list[Any]:
    """The cases of a parametrized test with all but every `every`-th marked slow: the fast tier runs a spread
    sample (the first case and every `every`-th after it), `make test` runs them all."""
    return [
        case
        if i % every == 0
        else pytest.param(*(case if isinstance(case, tuple) else (case,)), marks=pytest.mark.slow)
        for i, case in enumerate(cases)
    ]
