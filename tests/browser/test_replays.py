"""Every Replay of the site in Debian's chromium, at a desktop width and on a phone (390x844, touch), both editions.

Each Replay is walked frame by frame with its forward button, in the page (one call a Replay): its board keeps one box
in every frame; the narration changes at every step, is polite and in the page's language; the set-aside card is face
down; the play just made is highlighted; cards and controls are big enough (every control named); nothing scrolls
sideways; play and step forward (and back, first, last) show different icons. On the phone the board, the step
buttons and the narration together span at most the screen below the site's sticky header in every frame, the
narration box is as tall as its text (not the tallest frame's), and the move list comes after them. The first Replay
of each page (every Replay is the same component) is also stepped with its buttons and keys (Home, End, the arrows),
each a real click or key press, and on the phone its controls are measured as a thumb finds them (the visible,
tappable part, tests/touch_helpers.py). Screenshots of klöver 9 and the games page at 390 px go to _build/screenshots/,
the tallest span of each Replay to _build/test-artifacts/. The lesson toggles (the set-aside card, rule ids) have
their own tests below; the wide screen's move list is tests/browser/test_replay_one_screen.py's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_pages import LANG_WORDS, MIN_CARD, MIN_CONTROL, Replay, board_pages, open_page, replays, wait_for_tables
from helpers import ARTIFACTS, SHOTS
from touch_helpers import targets, too_small

pytestmark = pytest.mark.browser

#: In-page: every frame of a Replay, forward from the first with its button: the board's box (page coordinates),
#: the narration (text, language, aria-live), the set-aside card's face, the cards' widths, the highlight, the
#: sideways scroll; the span from the top of the board, the step buttons and the narration to the bottom of them,
#: how far the narration's box is from its text's height, whether the move list is below; and the controls' labels
#: and sizes, the step buttons' icons, the sticky header's height and the screen's.
_WALK = """root => {
    const part = (sel) => root.querySelector(sel).getBoundingClientRect();
    const header = document.querySelector('.bd-header');
    const covered = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().height : 0;
    root.querySelector('button[data-step="first"]').click();
    const n = Number(root.querySelector('.sgt-slider').max);
    const frames = [];
    for (let i = 0; i <= n; i++) {
        const rects = ['.sgt-boardbox', '.sgt-controls', '[data-role="narration"]'].map(part);
        const board = rects[0];
        const narration = root.querySelector('[data-role="narration"]');
        const cs = getComputedStyle(narration);
        // the text's last line against the box's inner bottom edge
        const text = Math.max(...[...narration.children].map(c =>
            c.getBoundingClientRect().bottom + parseFloat(getComputedStyle(c).marginBottom)));
        const inner = narration.getBoundingClientRect().bottom - parseFloat(cs.paddingBottom) - parseFloat(cs.borderBottomWidth);
        const list = root.querySelector('.sgt-movelist');
        frames.push({
            frame: Number(root.dataset.frame),
            box: [Math.round(board.left + scrollX), Math.round(board.top + scrollY), Math.round(board.width), Math.round(board.height)],
            narration: narration.innerText, live: narration.getAttribute('aria-live'),
            lang: narration.closest('[lang]').getAttribute('lang'),
            aside: [...root.querySelectorAll('.sgt-aside [data-card]')].map(c => c.getAttribute('data-card')),
            cardWidths: [...root.querySelectorAll('.sgt-board [data-card]')].map(c => c.getBoundingClientRect().width),
            highlighted: root.querySelectorAll('.sgt-card--last').length,
            scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            span: Math.max(...rects.map(r => r.bottom)) - Math.min(...rects.map(r => r.top)),
            slack: inner - text,
            listBelow: list ? list.getBoundingClientRect().top >= rects[2].bottom - 0.5 : null,
        });
        if (i < n) root.querySelector('button[data-step="forward"]').click();
    }
    const controls = [...root.querySelectorAll('.sgt-controls button')].map(b => {
        const r = b.getBoundingClientRect(); return [b.getAttribute('aria-label'), r.width, r.height]; });
    const icons = Object.fromEntries([...root.querySelectorAll('.sgt-controls button[data-step]')]
        .map(b => [b.dataset.step, b.querySelector('path').getAttribute('d')]));
    return { frames, controls, icons, covered, screen: innerHeight };
}"""


def step_with_buttons_and_keys(replay: Replay, last: int) -> None:
    """Home, forward, back, the arrows, End, Home, last: each lands on its frame; back at the start is aria-disabled
    (it keeps the focus and does nothing)."""
    replay.key("Home")
    replay.wait_for_frame(0)
    assert replay.root.locator('button[data-step="back"]').get_attribute("aria-disabled") == "true"
    for act, frame in [
        (lambda: replay.press("forward"), 1),
        (lambda: replay.press("back"), 0),
        (lambda: replay.key("ArrowRight"), 1),
        (lambda: replay.key("ArrowLeft"), 0),
        (lambda: replay.key("End"), last),
        (lambda: replay.key("Home"), 0),
        (lambda: replay.press("last"), last),
    ]:
        act()
        replay.wait_for_frame(frame)


def frame_problems(where: str, walked: dict[str, Any], lang: str, width: str) -> list[str]:
    """What is wrong with one Replay's walk (the module's docstring says what is checked)."""
    frames, problems = walked["frames"], []
    boxes = {tuple(f["box"]) for f in frames}
    if len(boxes) != 1:
        problems.append(f"{where}: the board's box changes between frames: {sorted(boxes)[:4]}")
    texts = [f["narration"] for f in frames]
    same = [i for i in range(1, len(texts)) if texts[i] == texts[i - 1]]
    if same:
        problems.append(f"{where}: narration unchanged at frames {same[:5]}")
    for f in frames:
        if f["lang"] != lang or f["live"] != "polite" or not LANG_WORDS[lang].match(f["narration"]):
            problems.append(f"{where} frame {f['frame']}: narration not in {lang}: {f['narration'][:60]!r}")
            break
        if any(a != "back" for a in f["aside"]):
            problems.append(f"{where} frame {f['frame']}: the set-aside card is face up: {f['aside']}")
        if f["cardWidths"] and min(f["cardWidths"]) < MIN_CARD[width]:
            problems.append(f"{where} frame {f['frame']}: a card is {min(f['cardWidths']):.1f} px wide")
        if f["scroll"] > 0:
            problems.append(f"{where} frame {f['frame']}: horizontal scroll {f['scroll']} px")
    if not any(f["highlighted"] for f in frames[1:]):
        problems.append(f"{where}: the play just made is never highlighted")
    for label, w, h in walked["controls"]:
        if not label or w < MIN_CONTROL or h < MIN_CONTROL:
            problems.append(f"{where}: control {label!r} is {w:.0f} x {h:.0f} px")
    if len(set(walked["icons"].values())) != len(walked["icons"]):
        problems.append(f"{where}: two step buttons share an icon: {walked['icons']}")
    if width == "phone":
        problems += one_screen_problems(where, walked)
    return problems


def one_screen_problems(where: str, walked: dict[str, Any]) -> list[str]:
    """On the phone: board, buttons and narration within the screen below the sticky header, the narration's box its
    text's height, the move list after them."""
    frames, problems = walked["frames"], []
    room = walked["screen"] - walked["covered"]
    tall = [f for f in frames if f["span"] > room]
    if tall:
        problems.append(f"{where} frame {tall[0]['frame']}: board, buttons and narration span {tall[0]['span']:.0f} px")
    loose = [f for f in frames if abs(f["slack"]) > 2]
    if loose:
        problems.append(f"{where}: the narration box is not its text's height: {loose[:3]}")
    if any(f["listBelow"] is False for f in frames):
        problems.append(f"{where}: the move list is not below the narration")
    return problems


def screenshot(page: Any, replay: Replay, name: str) -> None:
    """The Replay's second frame with its board at the top of the screen (under the header), at 390 px."""
    replay.press("first")
    replay.press("forward")
    replay.root.locator(".sgt-boardbox").scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy({top: -64, behavior: 'instant'})")  # the header's height
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"replay-{name}-390.png"))


def test_every_replay_steps_steadily(sized_context: Any, site_url: str, built_site: Path) -> None:
    pages = board_pages(built_site)
    assert pages, "no page has a board"
    width = sized_context.viewport_name
    checked, problems, spans = 0, [], {}
    for path in pages:
        lang = "sv" if "/sv/" in path else "en"
        name = path.rsplit("/", 1)[-1].removesuffix(".html")
        with open_page(sized_context, site_url, path) as (page, log):
            wait_for_tables(page)
            first = None
            for n, replay in enumerate(replays(page)):
                replay.root.scroll_into_view_if_needed()
                last = replay.last()
                if last < 1:
                    continue
                checked += 1
                where = f"{path} replay #{n} ({width})"
                walked = replay.root.evaluate(_WALK)
                problems += frame_problems(where, walked, lang, width)
                spans[f"{lang} {name} #{n}"] = max(f["span"] for f in walked["frames"])
                if first is None:
                    first = replay
                    step_with_buttons_and_keys(replay, last)
                    if width == "phone":
                        problems += [f"{where}: {s}" for s in too_small(targets(page, replay.root.element_handle()))]
            if width == "phone" and first is not None and name in ("klover9", "games"):
                screenshot(page, first, f"{name}-{lang}")
            problems += [f"{path}: {p}" for p in log.problems()]
    if width == "phone":
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "replay-span-390.txt").write_text(
            "".join(f"{span:5.0f} px  {where}\n" for where, span in sorted(spans.items(), key=lambda kv: -kv[1]))
        )
    assert checked >= 12, f"only {checked} Replays checked"
    assert not problems, "\n".join(problems[:40])


def test_the_set_aside_card_is_shown_only_on_the_lesson_toggle(sized_context: Any, site_url: str) -> None:
    with open_page(sized_context, site_url, "book/en/phase1.html") as (page, log):
        wait_for_tables(page)
        with_aside = [r for r in replays(page) if r.root.locator(".sgt-toggle", has_text="set-aside").count()]
        assert with_aside, "no Replay with a set-aside card on the phase 1 page"
        replay = with_aside[0]
        replay.root.scroll_into_view_if_needed()
        replay.key("End")  # by the last frame the talon is used up and the last card set aside
        aside = replay.root.locator(".sgt-aside [data-card]")
        assert aside.get_attribute("data-card") == "back"
        replay.root.locator(".sgt-toggle", has_text="set-aside").locator("input").check()
        assert replay.root.locator(".sgt-aside [data-card]").get_attribute("data-card") != "back"
        assert not log.problems(), log.problems()


def test_rule_ids_only_behind_their_toggle(sized_context: Any, site_url: str) -> None:
    with open_page(sized_context, site_url, "book/sv/klover9.html") as (page, log):
        wait_for_tables(page)
        replay = replays(page)[0]
        replay.press("forward")
        replay.wait_for_frame(1)
        assert "p2.lead" not in replay.narration()
        replay.root.locator(".sgt-toggle", has_text="regel-id").locator("input").check()
        assert "p2.lead" in replay.narration()
        assert not log.problems(), log.problems()
