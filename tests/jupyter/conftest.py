"""The Voilà server the Jupyter tests share: one per worker, serving book/ on 127.0.0.1, and a browser context
for it per module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers import VOILA_KERNEL_TIMEOUT_MS
from voila_server import voila_url  # noqa: F401 (a fixture)


@pytest.fixture(scope="module")
def voila_context(voila_url: str, browser: Any) -> Iterator[object]:  # noqa: F811 (the fixture imported above)
    """A desktop-sized context for the Voilà pages, with the kernel's time as its default timeout."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, service_workers="block")
    ctx.set_default_timeout(VOILA_KERNEL_TIMEOUT_MS)
    try:
        yield ctx
    finally:
        ctx.close()
