"""The klöver 9 Replay frame by frame in both editions (narration, board, whose turn), its step time, and a whole
game stepped through on a phone."""

from __future__ import annotations

import pytest
from browser_pages import (
    VIEWPORTS,
    open_page,
    replays,
    wait_for_tables,
)
from helpers import ARTIFACTS

pytestmark = pytest.mark.browser

# --------------------------------------------------------------------------- the klöver 9 page

KLOVER_9_FRAMES = {
    # frame index -> texts the narration and board must show, per edition (whitespace made single spaces); the
    # narration says each card by the name its button has, after its symbol
    "sv": {
        0: ["Utgångsläge"],
        2: ["Drag 2 av 5", "B: ♣D klöver dam ♣K klöver kung ♣E klöver ess"],
        3: ["Drag 3 av 5", "C: tar upp (supar)"],
        5: ["Drag 5 av 5", "B: ♥7 hjärter 7 ♥8 hjärter 8", "vänds bort"],
    },
    "en": {
        0: ["Starting position"],
        2: ["Move 2 of 5", "B: ♣Q queen of clubs ♣K king of clubs ♣A ace of clubs"],
        3: ["Move 3 of 5", "C: picks up"],
        5: ["Move 5 of 5", "B: ♥7 seven of hearts ♥8 eight of hearts", "turned away"],
    },
}
#: frame index -> the seat whose turn it is: its seat carries the turn badge at every width, and a wide board
#: also says it in its status line ("C står på tur" / "C to play"; a narrow one leaves that line out)
KLOVER_9_TURNS = {0: "A", 2: "C", 5: "B"}
KLOVER_9_TURN_WORDS = {"sv": "{} står på tur", "en": "{} to play"}

#: In-page timing of one step, from the keydown (capture, before the table's handler): to the end of the
#: handler (the new frame is in the DOM), to style and layout done (forced: the board's box read), and to the
#: next animation frame (which also waits for the display's next refresh, up to 16.7 ms, and for a busy CPU).
_TIME_STEP = """root => new Promise(resolve => {
    const slider = root.querySelector('.sgt-slider');
    const before = root.dataset.frame;
    let t0 = 0;
    root.addEventListener('keydown', () => { t0 = performance.now(); }, {once: true, capture: true});
    slider.focus();
    slider.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true, cancelable: true}));
    const dom = performance.now() - t0;
    root.querySelector('.sgt-board').getBoundingClientRect();
    const laid = performance.now() - t0;
    if (root.dataset.frame === before) return resolve([-1, -1, -1]);
    requestAnimationFrame(() => resolve([dom, laid, performance.now() - t0]));
})"""


def _normal(text: str) -> str:
    return " ".join(text.replace("\ufe0e", "").split())


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_klover_9_replay_shows_the_right_frames(sized_context, site_url: str, lang: str) -> None:
    width = sized_context.viewport_name
    with open_page(sized_context, site_url, f"book/{lang}/klover9.html") as (page, log):
        wait_for_tables(page)
        replay = replays(page)[0]
        assert replay.last() == 5
        replay.root.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        replay.key("Home")
        for frame in range(6):  # forward with the button
            if frame:
                replay.press("forward")
            replay.wait_for_frame(frame)
            text = _normal(replay.narration() + "\n" + replay.board_text())
            for expected in KLOVER_9_FRAMES[lang].get(frame, []):
                assert expected in text, f"frame {frame}: {expected!r} not in {text!r}"
            if frame in KLOVER_9_TURNS:
                seat = KLOVER_9_TURNS[frame]
                turn = replay.root.locator(".sgt-seat--turn")
                assert turn.count() == 1 and turn.get_attribute("data-player") == seat, f"frame {frame}"
                assert turn.locator(".sgt-badge--turn").is_visible(), f"frame {frame}: no visible turn badge"
                if width == "desktop":
                    status = KLOVER_9_TURN_WORDS[lang].format(seat)
                    assert status in text, f"frame {frame}: {status!r} not in {text!r}"
            if frame in (0, 3, 5):
                replay.root.screenshot(path=str(ARTIFACTS / f"klover9-{lang}-{width}-frame{frame}.png"))
        cards = replay.root.locator(".sgt-board [data-card]")
        assert cards.count() > 0
        replay.key("End")
        replay.key("ArrowLeft")
        replay.key("ArrowLeft")
        replay.wait_for_frame(3)
        replay.press("play")  # Play runs to the last frame by itself (a step each 1.4 s: from frame 3, two steps)
        replay.page.wait_for_function(
            "el => el.getAttribute('data-frame') === '5'", arg=replay.root.element_handle(), timeout=20_000
        )
        replay.key("Home")
        timings = []
        for _ in range(5):
            replay.key("Home")
            timings += [replay.root.evaluate(_TIME_STEP) for _ in range(5)]
        dom, laid, frame = (sorted(t[k] for t in timings) for k in range(3))
        assert all(t >= 0 for t in dom), f"a key press did not step: {timings}"
        median = laid[len(laid) // 2]
        (ARTIFACTS / f"klover9-{lang}-{width}-step-ms.txt").write_text(
            f"key to DOM (ms): {' '.join(f'{t:.1f}' for t in dom)}\n"
            f"key to style and layout done (ms): {' '.join(f'{t:.1f}' for t in laid)}\n"
            f"key to next animation frame (ms): {' '.join(f'{t:.1f}' for t in frame)}\n"
            f"medians: DOM {dom[len(dom) // 2]:.1f}, laid out {median:.1f}, next frame {frame[len(frame) // 2]:.1f} ms\n"
        )
        assert median <= 16, f"median key press to laid-out frame {median:.1f} ms > 16 ms: {laid}"
        assert not log.problems(), log.problems()


def test_whole_game_on_a_phone(browser, site_url: str) -> None:
    ctx = browser.new_context(viewport=VIEWPORTS["phone"], has_touch=True, is_mobile=True, service_workers="block")
    try:
        with open_page(ctx, site_url, "book/sv/games.html") as (page, log):
            wait_for_tables(page)
            replay = replays(page)[0]
            assert replay.last() > 60 and replay.root.locator(".sgt-movelist button").count() == replay.last() + 1
            stray = replay.root.evaluate("r => [...r.childNodes].filter(n => n.nodeType === 3).map(n => n.data)")
            assert not stray, f"stray text in the Replay: {stray}"
            replay.root.scroll_into_view_if_needed()
            box = replay.root.locator(".sgt-board").bounding_box()
            assert box["width"] > 300, f"the board is {box['width']} px wide on a phone"
            replay.root.locator('.sgt-movelist button[data-frame="40"]').click()
            replay.wait_for_frame(40)
            replay.root.locator(".sgt-board").scroll_into_view_if_needed()
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "games-sv-phone.png"))
            assert not log.problems(), log.problems()
    finally:
        ctx.close()
