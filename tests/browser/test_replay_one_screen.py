"""A Replay in one screen on a phone, in Debian's chromium.

At 390x844 (touch), in every frame of every Replay of the pages below, both editions: the board, the step buttons and
the narration together span at most the screen below the site's header; the narration box is as tall as its text
(not the tallest frame's); the move list comes after them. Every control of a Replay is a touch target of at least
44x44 px where it can be seen and tapped. Play and step forward (and back, first, last) show different icons. At
1280x800 the move list stands beside the board. Screenshots (390 px) of klöver 9 and the games page go to
_build/screenshots/. (The board's box staying the same in every frame is tests/browser/test_replays.py's.)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers import ARTIFACTS, SHOTS
from live_helpers import NetLog, checked_context, open_live
from touch_helpers import targets, too_small

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
PAGES = ["klover9", "games", "phase1", "phase2", "disputes", "first-game"]


@pytest.fixture()
def context_log(live_browser: Any, site_url: str, request: Any) -> Iterator[tuple[Any, NetLog]]:
    phone = getattr(request, "param", "phone") == "phone"
    size = PHONE if phone else DESKTOP
    with checked_context(
        live_browser, site_url, timeout_ms=20_000, short_pause=False, viewport=size, has_touch=phone, is_mobile=phone
    ) as opened:
        yield opened


def mounted(page: Any) -> int:
    n = page.locator(".sgt-mount").count()
    page.wait_for_function("n => document.querySelectorAll('.sgt-mount > .sgt').length >= n", arg=n)
    return n


#: In-page: every frame of a Replay (forward from the first), the span from the top of the board, the step buttons
#: and the narration to the bottom of them; how far the narration's box is from its text's height; where the move
#: list is; the header's height (the sticky part of the page that covers the top of the screen).
_SPAN = """root => {
    const part = (sel) => root.querySelector(sel).getBoundingClientRect();
    const header = document.querySelector('.bd-header');
    const covered = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
    root.querySelector('button[data-step="first"]').click();
    const n = Number(root.querySelector('.sgt-slider').max);
    const frames = [];
    for (let i = 0; i <= n; i++) {
        const rects = ['.sgt-boardbox', '.sgt-controls', '[data-role="narration"]'].map(part);
        const narration = root.querySelector('[data-role="narration"]');
        const cs = getComputedStyle(narration);
        // the text's last line against the box's inner bottom edge
        const text = Math.max(...[...narration.children].map(c =>
            c.getBoundingClientRect().bottom + parseFloat(getComputedStyle(c).marginBottom)));
        const inner = narration.getBoundingClientRect().bottom - parseFloat(cs.paddingBottom) - parseFloat(cs.borderBottomWidth);
        const list = root.querySelector('.sgt-movelist');
        frames.push({
            frame: Number(root.dataset.frame),
            span: Math.max(...rects.map(r => r.bottom)) - Math.min(...rects.map(r => r.top)),
            slack: inner - text,
            listBelow: list ? list.getBoundingClientRect().top >= rects[2].bottom - 0.5 : null,
        });
        if (i < n) root.querySelector('button[data-step="forward"]').click();
    }
    return { frames, covered, screen: innerHeight };
}"""

_ICONS = """root => Object.fromEntries([...root.querySelectorAll('.sgt-controls button[data-step]')]
    .map(b => [b.dataset.step, b.querySelector('path').getAttribute('d')]))"""


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_replay_fits_one_phone_screen(context_log: tuple[Any, NetLog], site_url: str, lang: str) -> None:
    context, log = context_log
    problems: list[str] = []
    worst: dict[str, float] = {}
    checked = 0
    for name in PAGES:
        page = open_live(context, f"{site_url}book/{lang}/{name}.html", log)
        mounted(page)
        roots = page.locator(".sgt--replay")
        for i in range(roots.count()):
            root = roots.nth(i)
            where = f"{name} #{i}"
            root.scroll_into_view_if_needed()
            if int(root.locator(".sgt-slider").get_attribute("max") or 0) < 1:
                continue
            checked += 1
            result = root.evaluate(_SPAN)
            room = result["screen"]
            spans = [f["span"] for f in result["frames"]]
            worst[where] = max(spans)
            for f in result["frames"]:
                if f["span"] > room:
                    problems.append(f"{where} frame {f['frame']}: board, buttons and narration span {f['span']:.0f} px")
                    break
            loose = [f for f in result["frames"] if abs(f["slack"]) > 2]
            if loose:
                problems.append(f"{where}: the narration box is not its text's height: {loose[:3]}")
            if any(f["listBelow"] is False for f in result["frames"]):
                problems.append(f"{where}: the move list is not below the narration")
            icons = root.evaluate(_ICONS)
            if len(set(icons.values())) != len(icons):
                problems.append(f"{where}: two step buttons share an icon: {icons}")
            if i == 0:  # every Replay has the same controls: the first of each page is measured
                small = too_small(targets(page, root.element_handle()))
                problems += [f"{where}: {s}" for s in small]
        if name in ("klover9", "games"):
            first = roots.first
            first.locator('button[data-step="first"]').click()
            first.locator('button[data-step="forward"]').click()
            first.locator(".sgt-boardbox").scroll_into_view_if_needed()
            page.evaluate("() => window.scrollBy({top: -64, behavior: 'instant'})")  # the header's height
            page.screenshot(path=str(mkdir(SHOTS) / f"replay-{name}-{lang}-390.png"))
        page.close()
    (mkdir(ARTIFACTS) / f"replay-span-{lang}-390.txt").write_text(
        "".join(f"{span:5.0f} px  {where}\n" for where, span in sorted(worst.items(), key=lambda kv: -kv[1]))
    )
    assert checked >= 6, f"only {checked} Replays checked"
    assert not problems, "\n".join(problems[:30])


@pytest.mark.parametrize("context_log", ["desktop"], indirect=True)
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


def mkdir(path: Any) -> Any:
    path.mkdir(parents=True, exist_ok=True)
    return path
