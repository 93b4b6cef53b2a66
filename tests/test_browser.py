"""The built site in a real browser: Debian's chromium driven by Playwright (sync API).

Every page of the toc (plus the landing redirect, search and index pages) must load with no
failed request, no request to any host but 127.0.0.1 (all others are blocked and recorded), and
no console error except the named third-party noise below. Pages with widget views must render
them, and every Replay (Play + IntSlider + Stack of HTML frames, jslinked) must step with the
keyboard and play without a kernel.

Helpers for page-specific Replay tests (e.g. the klöver-9 example):
    with open_page(browser_context, site_url, "book/sv/phase1.html") as (page, log): ...
    replay = Replay(page.locator(".widget-subarea").nth(0))
    replay.step(+1); replay.frame_text(); replay.press_play(); replay.wait_for_value(5)
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from helpers import REPO, toc_files

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: known third-party console noise: (name, regex on the message). Keep it short and named.
ALLOWED_CONSOLE_ERRORS: list[tuple[str, re.Pattern[str]]] = [
    # pydata-sphinx-theme logs this when localStorage holds no theme yet (we set default_mode
    # light, so it should not appear; kept in case a reader's stored mode is empty)
    ("pydata theme mode reset", re.compile(r"^Got invalid theme mode: \. Resetting to auto\.$")),
]
WIDGET_TIMEOUT_MS = 20_000
WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'


# --------------------------------------------------------------------------- pages under test


def toc_pages() -> list[str]:
    """Built page paths, from _toc.yml (known before the build), plus the generated pages."""
    return ["index.html", *(f"{f}.html" for f in toc_files()), "search.html", "genindex.html"]


# --------------------------------------------------------------------------- browser plumbing


@dataclass
class PageLog:
    """What happened while a page was open."""

    base: str
    blocked: list[str] = field(default_factory=list)  # requests to other hosts (aborted)
    failed: list[str] = field(default_factory=list)  # failed requests / HTTP errors
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)  # uncaught exceptions

    def unexpected_console_errors(self) -> list[str]:
        return [m for m in self.console_errors if not any(rx.search(m) for _, rx in ALLOWED_CONSOLE_ERRORS)]

    def problems(self) -> list[str]:
        return (
            [f"request to another host (blocked): {u}" for u in self.blocked]
            + [f"failed request: {u}" for u in self.failed]
            + [f"console error: {m}" for m in self.unexpected_console_errors()]
            + [f"uncaught exception: {m}" for m in self.page_errors]
        )


# The `browser` (one chromium for the whole session) and `browser_context` fixtures are in conftest.py, so that
# every browser test module shares the one Playwright instance (a second sync_playwright() in the same session
# fails: "Playwright Sync API inside the asyncio loop").


@contextlib.contextmanager
def open_page(context, site_url: str, path: str) -> Iterator[tuple[object, PageLog]]:
    """Open `path` of the served site; block and record every request off 127.0.0.1."""
    log = PageLog(site_url)
    origin = site_url.rstrip("/")

    def route(r) -> None:
        url = r.request.url
        if url == origin or url.startswith((origin + "/", "data:", "blob:")):
            r.continue_()
        else:
            log.blocked.append(url)
            r.abort("blockedbyclient")

    page = context.new_page()
    page.route("**/*", route)
    page.on("console", lambda m: log.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))
    page.on(
        "requestfailed",
        lambda r: None if r.url in log.blocked else log.failed.append(f"{r.url} ({r.failure})"),
    )
    page.on("response", lambda r: log.failed.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None)
    try:
        page.goto(site_url + path, wait_until="load")
        # conditions, not "network idle" (which a loaded machine can miss): the page and its fonts are loaded
        page.wait_for_function("document.readyState === 'complete'")
        page.evaluate("document.fonts.ready.then(() => true)")
        yield page, log
    finally:
        page.close()


def wait_for_widgets(page) -> int:
    """Wait until every widget view script has a rendered widget before it; return the count."""
    views = page.locator(WIDGET_VIEW).count()
    if views:
        page.wait_for_function(
            """n => document.querySelectorAll('.widget-subarea > .jupyter-widgets').length >= n""",
            arg=views,
            timeout=WIDGET_TIMEOUT_MS,
        )
        page.evaluate("document.fonts.ready.then(() => true)")  # fonts requested by the runtime
    return views


# --------------------------------------------------------------------------- Replay helpers


class Replay:
    """A step-through Replay: a Play, an IntSlider and a Stack of HTML frames, jslinked.

    `root` is a locator of the widget (e.g. `page.locator(".widget-subarea").nth(i)`).
    """

    FRAME = ".widget-html-content"  # each frame is an HTML widget; only the selected one is shown
    #: JS (root, selector) -> text of the visible elements matching selector
    _VISIBLE_TEXT = """(root, sel) => [...root.querySelectorAll(sel)]
        .filter(el => el.offsetParent !== null && el.getClientRects().length > 0)
        .map(el => el.innerText.trim()).join('\\n')"""

    def __init__(self, root) -> None:
        self.root = root
        self.page = root.page
        self.handle = root.locator(".widget-slider .noUi-handle").first
        self.play_button = root.locator(".widget-play button").first
        self.stop_button = root.locator(".widget-play button:has(i.fa-stop)").first

    @staticmethod
    def is_replay(root) -> bool:
        return (
            root.locator(".widget-play").count() > 0
            and root.locator(".widget-slider").count() > 0
            and root.locator(Replay.FRAME).count() > 0
        )

    # state
    def value(self) -> int:
        return int(float(self.handle.get_attribute("aria-valuenow")))

    def bounds(self) -> tuple[int, int]:
        return int(float(self.handle.get_attribute("aria-valuemin"))), int(
            float(self.handle.get_attribute("aria-valuemax"))
        )

    def frame_text(self) -> str:
        """Text of the visible frame(s) of the Stack."""
        return self.root.evaluate(self._VISIBLE_TEXT, self.FRAME)

    # actions
    def step(self, delta: int = 1) -> None:
        """Step with the keyboard: arrow keys on the focused slider handle."""
        self.handle.focus()
        key = "ArrowRight" if delta > 0 else "ArrowLeft"
        for _ in range(abs(delta)):
            self.handle.press(key)

    def go_to(self, value: int) -> None:
        self.step(value - self.value())
        self.wait_for_value(value)

    def press_play(self) -> None:
        self.play_button.click()

    def stop(self) -> None:
        if self.stop_button.count():
            self.stop_button.click()

    # waiting
    def wait_for_value(self, value: int, timeout: int = WIDGET_TIMEOUT_MS) -> None:
        self.page.wait_for_function(
            "([el, v]) => Math.round(Number(el.getAttribute('aria-valuenow'))) === v",
            arg=[self.handle.element_handle(), value],
            timeout=timeout,
        )

    def wait_for_frame_change(self, old_text: str, timeout: int = WIDGET_TIMEOUT_MS) -> str:
        """Wait until the visible frame differs from `old_text`; return the new text."""
        self.page.wait_for_function(
            f"([root, sel, old]) => ({self._VISIBLE_TEXT})(root, sel) !== old",
            arg=[self.root.element_handle(), self.FRAME, old_text],
            timeout=timeout,
        )
        return self.frame_text()

    def wait_for_frame_text(self, text: str, timeout: int = WIDGET_TIMEOUT_MS) -> None:
        """Wait until the visible frame reads exactly `text`."""
        self.page.wait_for_function(
            f"([root, sel, want]) => ({self._VISIBLE_TEXT})(root, sel) === want",
            arg=[self.root.element_handle(), self.FRAME, text],
            timeout=timeout,
        )


def replays(page) -> list[Replay]:
    roots = page.locator(".widget-subarea")
    return [Replay(roots.nth(i)) for i in range(roots.count()) if Replay.is_replay(roots.nth(i))]


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize("path", toc_pages())
def test_page_loads_offline_and_clean(browser_context, site_url: str, path: str) -> None:
    with open_page(browser_context, site_url, path) as (page, log):
        views = wait_for_widgets(page)
        body = page.locator("body").inner_text()
        problems = log.problems()
        if views:
            subareas = page.locator(".widget-subarea")
            empty = [i for i in range(subareas.count()) if subareas.nth(i).locator(".jupyter-widgets").count() == 0]
            if empty:
                problems.append(f"widget areas rendered empty: {empty}")
            for text in ("Loading widget", "Error rendering", "Error displaying widget", "widget package not found"):
                if text.lower() in body.lower():
                    problems.append(f"page shows {text!r}")
            # trap 2: Font Awesome must not have replaced the widgets' <i class="fa"> icons
            if page.locator(".widget-play svg.svg-inline--fa").count():
                problems.append("Font Awesome replaced Play icons with SVG")
        assert not problems, f"{path}:\n" + "\n".join(problems)


def widget_pages(site: Path) -> list[str]:
    return [
        p for p in toc_pages() if (site / p).is_file() and "widget-view+json" in (site / p).read_text(encoding="utf-8")
    ]


def test_every_replay_steps_and_plays(browser_context, site_url: str, built_site: Path) -> None:
    """Each Replay on the site: arrow keys step the slider and change the frame, back and forth;
    Play advances it. Only the embedded state and jslinks are used (no kernel). A timeout here
    means the value or the frame did not follow."""
    pages = widget_pages(built_site)
    if not pages:
        pytest.skip("no widget pages yet")
    checked, problems = 0, []
    for path in pages:
        with open_page(browser_context, site_url, path) as (page, log):
            wait_for_widgets(page)
            for n, replay in enumerate(replays(page)):
                where = f"{path} replay #{n}"
                lo, hi = replay.bounds()
                if hi <= lo:
                    continue
                checked += 1
                replay.root.scroll_into_view_if_needed()
                replay.go_to(lo)
                first = replay.frame_text()
                replay.step(+1)
                replay.wait_for_value(lo + 1)
                second = replay.wait_for_frame_change(first)
                replay.step(-1)
                replay.wait_for_value(lo)
                replay.wait_for_frame_text(first)
                replay.press_play()
                target = min(lo + 2, hi)
                replay.wait_for_value(target, timeout=WIDGET_TIMEOUT_MS * 3)
                replay.wait_for_frame_change(first)
                replay.stop()
                if not second:
                    problems.append(f"{where}: empty frame after one step")
            problems += [f"{path}: {p}" for p in log.problems()]
    assert not problems, "\n".join(problems)
    if not checked:
        pytest.skip("no Replay widgets yet")


# --------------------------------------------------------------------------- the klöver 9 page

KLOVER_9_FRAMES = {
    # frame index -> texts the visible frame must show, per edition
    "sv": {
        0: ["Utgångsläge", "A är i tur"],
        2: ["Drag 2 av 5", "B: ♣D ♣K ♣E", "p2.sequence", "C är i tur"],
        3: ["Drag 3 av 5", "C: tar upp (supar)", "p2.pick-up.last-play"],
        5: ["Drag 5 av 5", "B: ♥7 ♥8", "p2.sequence", "vänds bort", "B är i tur"],
    },
    "en": {
        0: ["Starting position", "A to play"],
        2: ["Move 2 of 5", "B: ♣Q ♣K ♣A", "p2.sequence", "C to play"],
        3: ["Move 3 of 5", "C: picks up", "p2.pick-up.last-play"],
        5: ["Move 5 of 5", "B: ♥7 ♥8", "p2.sequence", "turned away", "B to play"],
    },
}

#: In-page timing: from the keydown on the slider to the first change of the visible frame.
_TIME_STEP = """(root, sel) => new Promise(resolve => {
    const visible = () => [...root.querySelectorAll(sel)].filter(el => el.offsetParent !== null)
        .map(el => el.innerText).join('|');
    const before = visible();
    let t0 = null;
    const handle = root.querySelector('.widget-slider .noUi-handle');
    handle.addEventListener('keydown', () => { t0 = performance.now(); }, {once: true, capture: true});
    const observer = new MutationObserver(() => {
        if (t0 !== null && visible() !== before) { observer.disconnect(); resolve(performance.now() - t0); }
    });
    observer.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    handle.focus();
    handle.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', code: 'ArrowRight', bubbles: true}));
    setTimeout(() => resolve(-1), 5000);
})"""

ARTIFACTS = REPO / "tests" / "_artifacts"


def _normal(text: str) -> str:
    return text.replace("\ufe0e", "")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_klover_9_replay_shows_the_right_frames(browser_context, site_url: str, lang: str) -> None:
    with open_page(browser_context, site_url, f"book/{lang}/klover9.html") as (page, log):
        wait_for_widgets(page)
        replay = replays(page)[0]
        assert replay.bounds() == (0, 5)
        replay.root.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for frame in (0, 2, 3, 5):  # forward with the keyboard
            replay.go_to(frame)
            text = _normal(replay.frame_text())
            for expected in KLOVER_9_FRAMES[lang][frame]:
                assert expected in text, f"frame {frame}: {expected!r} not in {text!r}"
            if frame in (0, 3, 5):
                replay.root.screenshot(path=str(ARTIFACTS / f"klover9-{lang}-frame{frame}.png"))
        replay.go_to(2)  # and back
        assert KLOVER_9_FRAMES[lang][2][1] in _normal(replay.frame_text())
        replay.go_to(0)
        replay.press_play()  # Play runs to the last frame by itself
        replay.wait_for_value(5, timeout=WIDGET_TIMEOUT_MS * 2)
        replay.wait_for_frame_text(replay.frame_text())
        assert KLOVER_9_FRAMES[lang][5][1] in _normal(replay.frame_text())
        replay.go_to(0)
        timings = [replay.root.evaluate(_TIME_STEP, Replay.FRAME) for _ in range(5)]
        assert all(0 <= t < 250 for t in timings), f"key press to new frame (ms): {timings}"
        (ARTIFACTS / f"klover9-{lang}-step-ms.txt").write_text(" ".join(f"{t:.1f}" for t in timings) + "\n")
        assert not log.problems(), log.problems()
