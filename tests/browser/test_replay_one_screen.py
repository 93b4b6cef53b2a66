"""A Replay on a wide screen, in Debian's chromium: at 1280x800 the games page's move list stands beside the board
(or after the narration) and never makes the board taller; every control of the Replay is a touch target of at least
44x44 px where it can be seen. (Every Replay on a phone, one screen each, is tests/browser/test_replays.py's.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from live_helpers import NetLog, checked_context, open_live
from touch_helpers import targets, too_small

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture()
def context_log(live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog]]:
    with checked_context(live_browser, site_url, timeout_ms=20_000, short_pause=False, viewport=DESKTOP) as opened:
        yield opened


def mounted(page: Any) -> int:
    n = page.locator(".sgt-mount").count()
    page.wait_for_function("n => document.querySelectorAll('.sgt-mount > .sgt').length >= n", arg=n)
    return n


def test_on_a_wide_screen_the_move_list_never_sizes_the_board(context_log: tuple[Any, NetLog], site_url: str) -> None:
    context, log = context_log
    page = open_live(context, f"{site_url}book/en/games.html", log)
    mounted(page)
    root = page.locator(".sgt--replay").first
    root.scroll_into_view_if_needed()
    board = root.locator(".sgt-boardbox").bounding_box()
    moves = root.locator(".sgt-movelist").bounding_box()
    narration = root.locator('[data-role="narration"]').bounding_box()
    assert board and moves and narration
    # beside the board (a container of 820 px or more), else after the narration
    beside = moves["x"] >= board["x"] + board["width"]
    assert beside or moves["y"] >= narration["y"] + narration["height"] - 0.5, (board, moves, narration)
    assert board["height"] < 600, f"the list's length made the board {board['height']} px tall"
    assert not too_small(targets(page, root.element_handle())), too_small(targets(page, root.element_handle()))
