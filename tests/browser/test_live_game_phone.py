"""The live game at the card table, in Debian's chromium, both editions.

At 390x844 (touch) and 1280x800, each test once an edition and once a size (`live_helpers.PAIRS`, `CROSSED`):
- the panel before Start: every control a touch target of at least 44x44 px (its visible, tappable part);
- after Start the focus is in the reader's hand, never the page body, and stays there after every move;
- the hand is sorted by suit and rank; every control of the table, every card included, is at least 44x44 px where
  it can be seen and tapped; a legal card stands up with a bar, one that is not is dimmed and crossed;
- a dimmed card tapped at the foot of the screen is explained under the hand (`data-role="explain"`), on screen;
- the seat headers show their badges whole ("vunna kort: N" beside "▶ på tur");
- "New deal" deals the next deal number, with other cards;
- a two-player game: the phase-2 hand (17 cards or more) sorted, a dimmed card explained where one looks (its cards
  on screen and tappable: tests/browser/test_board_promises.py);
  at the end "Play again" (the next deal) and the whole game's Replay.
Screenshots (390 px) go to _build/screenshots/. Every request off 127.0.0.1 goes to a dead proxy and is counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import live_helpers
import pytest
from helpers import SHOTS
from live_helpers import (
    CROSSED,
    PAIRS,
    PLAY_PANEL,
    PLAY_TABLE,
    NetLog,
    live_table_context,
    no_horizontal_scroll,
    open_live,
)
from live_helpers import settle_turn as settle
from live_helpers import start_game as start
from touch_helpers import targets, too_small

from skitgubbe.text.table_words import TABLE

pytestmark = pytest.mark.browser

PANEL = PLAY_PANEL
LIVE = PLAY_TABLE
SUITS = "CDHS"  # the engine's order (skitgubbe.engine.cards.sort_hand: Suit's order), the trump suit last
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@pytest.fixture()
def table_context(request: Any, live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog, str]]:
    with live_table_context(live_browser, site_url, request.param) as opened:
        yield opened


# -- in-page probes ---------------------------------------------------------------------------------------------
def focus_place(page: Any) -> str:
    """Where the focus is: "hand" (the reader's hand or its buttons of the turn), "again", "body" or the tag."""
    return page.evaluate(
        """() => { const a = document.activeElement;
            if (!a || a === document.body) return 'body';
            if (a.closest('.sgt-fan--mine, .sgt--live .sgt-actions')) return 'hand';
            if (a.matches('[data-action="play-again"]')) return 'again';
            return a.tagName + '.' + a.className; }"""
    )


def hand(page: Any) -> list[str]:
    return page.evaluate(
        "(sel) => [...document.querySelectorAll(sel + ' .sgt-fan--mine button[data-card]')]"
        ".map(b => b.getAttribute('data-card'))",
        LIVE,
    )


def in_order(codes: list[str], trump: str | None) -> bool:
    """By suit (the engine's order, the trump suit last), each suit from 2 up to ace, each suit together."""
    suits = [s for s in SUITS if s != trump] + ([trump] if trump else [])
    key = [(suits.index(c[-1]), RANKS.index(c[:-1])) for c in codes]
    return key == sorted(key)


def move_once(page: Any, table: Any) -> None:
    """One legal move of the reader by tapping, on the page's live table."""
    live_helpers.move_once(page, table, LIVE)


_MARKS = """(sel) => [...document.querySelectorAll(sel + ' .sgt-fan--mine button[data-card]')].map(b => {
    const card = b.querySelector('.sgt-card');
    const mark = b.querySelector('.sgt-cardmark');
    const bar = getComputedStyle(b, '::after');
    return { legal: b.dataset.legal === 'true', raised: new DOMMatrix(getComputedStyle(card).transform).m42,
             opacity: Number(getComputedStyle(card).opacity),
             mark: mark ? mark.getBoundingClientRect().width : 0, bar: bar.content !== 'none' ? parseFloat(bar.height) : 0 };
})"""


def assert_legal_and_illegal_differ_by_more_than_colour(page: Any) -> None:
    marks = page.evaluate(_MARKS, LIVE)
    for m in marks:
        if m["legal"]:
            assert m["raised"] <= -4 and m["bar"] >= 3 and m["mark"] == 0 and m["opacity"] == 1, m
        else:
            assert m["raised"] == 0 and m["bar"] == 0 and m["mark"] >= 16 and m["opacity"] <= 0.6, m


_HEADS = """(sel) => [...document.querySelectorAll(sel + ' .sgt-seat__head')].flatMap(head => {
    const box = head.getBoundingClientRect();
    // a badge the layout leaves out (a computer's kind in a narrow seat: its name says it) is not cut off
    return [...head.querySelectorAll('.sgt-badge, .sgt-seat__count')].filter(b => b.getClientRects().length).map(b => {
        const r = b.getBoundingClientRect();
        return { text: b.textContent, cut: r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5
                 || r.left < box.left - 0.5 || b.scrollWidth > b.clientWidth + 1 };
    });
})"""


def assert_badges_whole(page: Any, where: str) -> None:
    cut = [b["text"] for b in page.evaluate(_HEADS, where) if b["cut"]]
    assert not cut, f"seat badges cut off: {cut}"


def tap_illegal_at_the_foot(page: Any, table: Any, lang: str) -> None:
    """Scroll a dimmed card to the foot of the screen, tap it: the explanation is under the hand, on screen; the
    card tapped is still on screen; nothing changed; the focus is in the hand."""
    illegal = table.locator('.sgt-fan--mine button[data-action="play"][data-legal="false"]').last
    code = illegal.get_attribute("data-card")
    made, cards = table.get_attribute("data-your-moves"), hand(page)
    height = page.viewport_size["height"]
    page.evaluate(
        "([el, h]) => { const r = el.getBoundingClientRect(); window.scrollBy({top: r.bottom - h + 2, behavior: 'instant'}); }",
        [illegal.element_handle(), height],
    )
    box = illegal.bounding_box()
    assert box and box["y"] + box["height"] > height - 80, f"the card is not at the foot of the screen: {box}"
    if page.viewport_size["width"] < 500:
        illegal.tap()
    else:
        illegal.click()
    explain = table.locator('[data-role="explain"]')
    explain.locator(".sgt-illegal").wait_for()
    text = explain.inner_text()
    assert ("ej tillåtet" if lang == "sv" else "illegal") in text
    where = explain.bounding_box()
    assert where and where["y"] >= 0 and where["y"] + where["height"] <= height, f"explanation off screen: {where}"
    again = table.locator(f'.sgt-fan--mine button[data-card="{code}"]').bounding_box()
    assert again and again["y"] < height and again["y"] + again["height"] > 0, "the card tapped left the screen"
    # directly under the hand: nothing between the hand's bottom and the explanation but the board's edge
    hand_box = table.locator(".sgt-fan--mine").bounding_box()
    assert hand_box and 0 <= where["y"] - (hand_box["y"] + hand_box["height"]) <= 40
    assert table.get_attribute("data-your-moves") == made and hand(page) == cards
    assert focus_place(page) == "hand"


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# -- the tests --------------------------------------------------------------------------------------------------
def test_touch_helper_counts_only_the_uncovered_part(browser: Any) -> None:
    """The measure itself: a button under another counts by its uncovered strip, a clipped one by what shows."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.set_content(
            "<div id='r' style='position:relative;height:200px'>"
            "<button id='under' style='position:absolute;left:10px;top:10px;width:60px;height:60px'>a</button>"
            "<button id='over' style='position:absolute;left:30px;top:10px;width:60px;height:60px'>b</button>"
            "<div style='position:absolute;left:10px;top:100px;width:30px;height:60px;overflow:hidden'>"
            "<button id='cut' style='width:60px;height:60px'>c</button></div>"
            # a button below the end of a box that clips: no finger brings it into view, nor may the measure
            "<div style='position:absolute;left:100px;top:100px;width:80px;height:50px;overflow:hidden'>"
            "<div style='height:120px'></div><button id='hid' style='width:60px;height:60px'>d</button></div></div>"
        )
        found = {t.name: t for t in targets(page, "#r", "button")}
        assert found["a"].side == 20 and found["b"].side == 60 and found["c"].side == 30, found
        assert found["d"].side == 0, found["d"]
        assert too_small(list(found.values())) == [str(found["a"]), str(found["c"]), str(found["d"])]
    finally:
        page.close()


@pytest.mark.parametrize(("lang", "table_context"), PAIRS, indirect=["table_context"])
def test_the_hand_at_the_table(table_context: tuple[Any, NetLog, str], site_url: str, lang: str) -> None:
    context, log, width = table_context
    page = open_live(context, f"{site_url}book/{lang}/play.html", log)
    # before Start: the panel's form is styled like the table's (every control 44 px)
    small = too_small(targets(page, PANEL))
    assert not small, f"the panel before Start ({lang}, {width}): {small}"
    table = start(page, 3, 5)
    assert focus_place(page) == "hand", "after Start the focus is not in the hand"
    if width == "phone":
        shot(page, f"play-{lang}-phase1-390")
    view = page.evaluate(f"() => document.querySelector('{PANEL}').skitgubbeModel.get('view')")
    trump = (view.get("trump") or {}).get("suit")
    assert in_order(hand(page), trump), hand(page)
    small = too_small(targets(page, LIVE))
    assert not small, f"the live table ({lang}, {width}): {small}"
    assert_badges_whole(page, LIVE)
    assert_legal_and_illegal_differ_by_more_than_colour(page)
    no_horizontal_scroll(page)
    # a few moves: the focus stays in the hand
    for _ in range(6):
        settle(page)
        move_once(page, table)
        settle(page)
        assert focus_place(page) in ("hand", "again"), f"focus after a move: {focus_place(page)}"
        assert_badges_whole(page, LIVE)
    # New deal: the next deal number, other cards (the reader's hand differs)
    before = sorted(hand(page))
    table.locator('button[data-action="new"]').click()
    page.wait_for_function(
        "(sel) => document.querySelector(sel + ' input[data-option=\"seed\"]').value === '6'"
        " && document.querySelector(sel).dataset.moves !== undefined",
        arg=LIVE,
    )
    settle(page)
    dealt = page.evaluate(f"() => document.querySelector('{PANEL}').skitgubbeModel.get('options').seed")
    assert dealt == 6 and sorted(hand(page)) != before


@pytest.mark.parametrize(("lang", "table_context"), CROSSED, indirect=["table_context"])
def test_a_phase_2_hand_and_the_end_of_a_game(table_context: tuple[Any, NetLog, str], site_url: str, lang: str) -> None:
    context, log, width = table_context
    page = open_live(context, f"{site_url}book/{lang}/play.html", log)
    table = start(page, 2, 2)  # deal 2: the reader holds 21 cards when phase 2 starts
    explained = False
    for _ in range(600):
        settle(page)
        if table.get_attribute("data-turn") == "over":
            break
        phase = table.locator(".sgt-board").get_attribute("data-phase")
        cards = hand(page)
        illegal = table.locator('.sgt-fan--mine button[data-action="play"][data-legal="false"]')
        if phase == "2" and not explained and len(cards) >= 17 and illegal.count():
            # the big hand: sorted, legal and illegal told apart without colour (every card on screen and tappable,
            # every control 44 px, no side scroll: tests/browser/test_board_promises.py, the "live" mode, 20 cards)
            view = page.evaluate(f"() => document.querySelector('{PANEL}').skitgubbeModel.get('view')")
            assert in_order(cards, view["trump"]["suit"]), cards
            page.mouse.move(0, 0)  # no card under the pointer: a hovered card is drawn otherwise
            assert_legal_and_illegal_differ_by_more_than_colour(page)
            assert_badges_whole(page, LIVE)
            if width == "phone":
                table.locator(".sgt-fan--mine").scroll_into_view_if_needed()
                shot(page, f"play-{lang}-phase2-{len(cards)}-cards-390")
            tap_illegal_at_the_foot(page, table, lang)
            explained = True
        move_once(page, table)
        settle(page)
        place = focus_place(page)
        assert place in ("hand", "again"), f"focus after a move: {place}"
    assert explained, "no phase-2 turn with 17 cards or more and a card that is not legal"
    assert table.get_attribute("data-turn") == "over", "the game did not end"
    # the end: the loser said, "Play again" and the Replay offered, each a 44 px target; the focus on Play again
    over = table.locator(".sgt-over")
    assert over.is_visible()
    assert focus_place(page) == "again"
    assert not too_small(targets(page, f"{LIVE} .sgt-over")), too_small(targets(page, f"{LIVE} .sgt-over"))
    assert (over.locator("[data-action='play-again']").inner_text()) == TABLE.phrase("play_again", lang)
    if width == "phone":
        over.scroll_into_view_if_needed()
        shot(page, f"play-{lang}-over-390")
    over.locator("[data-action='watch-replay']").click()
    replay = table.locator(".sgt-after .sgt--replay")
    assert replay.is_visible()
    box = replay.bounding_box()
    assert box and 0 <= box["y"] < page.viewport_size["height"] / 2, f"the Replay is not brought into view: {box}"
    assert page.evaluate("() => document.activeElement.getAttribute('data-step')") == "forward"
    # Play again: the next deal, the focus in the new hand
    over.locator("[data-action='play-again']").click()
    settle(page)
    assert page.evaluate(f"() => document.querySelector('{PANEL}').skitgubbeModel.get('options').seed") == 3
    assert table.get_attribute("data-over") == "false"
    assert not over.is_visible() and table.locator(".sgt-after .sgt--replay").count() == 0
    assert focus_place(page) == "hand"
