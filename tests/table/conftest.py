"""The table server's tests share one served app: a `Hub` on a clock that never lets the rate limits bite (the tests
of the limits use a still clock of their own) behind Starlette's TestClient."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from skitgubbe.table.app import Hub, create_app


class Ticking:
    """A clock that moves a minute on each reading: the rate limits and the guess limit never bite."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 60.0
        return self.now


@pytest.fixture
def served() -> Iterator[tuple[Hub, TestClient]]:
    """A fresh hub and its app, served to a TestClient for one test."""
    hub = Hub(clock=Ticking())
    with TestClient(create_app(hub)) as client:
        yield hub, client
