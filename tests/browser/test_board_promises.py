"""The table's promises (issue 53), held in every mode that draws the reader's hand with board.js: the live game
against the computer and pass and play, on the play page, at 390x844 with touch and at 1280x720, with a hand of 20
cards or more (a two-player deal where the reader picks up whenever they may).

At the biggest hand:
- every card of the hand is on screen and `document.elementFromPoint` at its centre finds it (the window scrolled,
  never the board: a card in a box that clips it is not found); every control is a 44 px touch target, and none lies
  under a floating button (the theme's "back to top" pill, shown as the theme shows it: on a scroll up);
- each card's accessible name says whether it may be played now (legal cards too, not only on focus);
- the hand is one Tab stop and the arrow keys, Home and End move within it;
- the hand's help is its description, not in a live region or the status, and on a touch screen it does not speak
  of keys;
- no horizontal scroll.
On the way there: after a pick-up made with the keyboard the focus is back in the hand (not on "pick up"); a card
new in the reader's hand is named to them; the narration keeps a history (the last moves, newest first), each move
put in once, every card in it said by its button's name; before Start no two buttons of the page share a name.
Screenshots at the biggest hand on the phone go to _build/screenshots/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import SHOTS
from live_helpers import NetLog, checked_context, no_horizontal_scroll, open_live
from touch_helpers import targets, too_small

from skitgubbe.engine.cards import DECK
from skitgubbe.text.table_words import TABLE

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 720}}
BIG = 20
HISTORY = 8
PLAY = '[data-skitgubbe-live="play"]'
PASS = '[data-skitgubbe-live="pass"]'
#: (mode, size, language): each mode at each size once, each language once per mode
MATRIX = [("live", "phone", "sv"), ("live", "desktop", "en"), ("pass", "phone", "en"), ("pass", "desktop", "sv")]

#: every move item put into the narration's history, as a screen reader reads it (aria-hidden parts left out)
RECORD = """(() => {
  window.__history = [];
  const heard = (node) => { const c = node.cloneNode(true);
    c.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
    return c.textContent.replace(/\\s+/g, ' ').trim(); };
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes)
    if (n.nodeType === 1 && n.matches('.sgt-history > li')) window.__history.push(heard(n.querySelector('.sgt-narration__move') || n));
  }).observe(document, { childList: true, subtree: true });
})();"""

#: in-page: the reader's hand (codes), the phase, the turn, the stage of pass and play
_STATE = """(sel) => { const r = document.querySelector(sel);
    return { cards: [...r.querySelectorAll('.sgt-fan--mine button[data-card]')].map((b) => b.dataset.card),
             phase: r.querySelector('.sgt-board')?.dataset.phase, turn: r.dataset.turn, stage: r.dataset.stage || '',
             moves: Number(r.dataset.moves), drawn: r.querySelector('[data-role="drawn"]')?.textContent || '' }; }"""

#: after a move: the table has taken it and waits for the reader again (or the game is over)
_SETTLED = """([sel, made]) => { const r = document.querySelector(sel);
    return r.dataset.yourMoves !== made && r.dataset.turn !== 'busy'
        && (['yours', 'over'].includes(r.dataset.turn) || r.dataset.stage === 'cover'); }"""

#: each card of the hand, the window scrolled (never an inner box) so its centre is mid-screen: its box, whether
#: `elementFromPoint` at its centre finds it, whether it is within the viewport
_CENTRES = """(sel) => [...document.querySelectorAll(sel + ' .sgt-fan--mine button[data-card]')].map((b) => {
    const r0 = b.getBoundingClientRect();
    window.scrollTo({ top: scrollY + r0.top + r0.height / 2 - innerHeight / 2, behavior: 'instant' });
    const r = b.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const at = document.elementFromPoint(x, y);
    return { card: b.dataset.card, hit: Boolean(at && b.contains(at)), x, y, w: r.width, h: r.height,
             shown: x >= 0 && x <= innerWidth && y >= 0 && y <= innerHeight,
             found: at ? at.tagName + '.' + (at.getAttribute('class') || '') : null }; })"""

#: each control of the table put where the theme's "back to top" pill shows (90% down the screen), the pill shown
#: as the theme shows it (a scroll up), then every fixed or sticky element outside the table that covers the control
_FLOATING = """async (sel) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const root = document.querySelector(sel);
    const controls = [...root.querySelectorAll('button, select, input:not([type=hidden]), summary')]
        .filter((c) => c.getClientRects().length && getComputedStyle(c).visibility !== 'hidden');
    const floating = [...document.querySelectorAll('body *')]
        .filter((f) => !root.contains(f) && !f.contains(root) && ['fixed', 'sticky'].includes(getComputedStyle(f).position));
    const found = [];
    for (const c of controls) {
        const r0 = c.getBoundingClientRect();
        const top = scrollY + r0.top + r0.height / 2 - innerHeight * 0.9 - 10;
        window.scrollTo({ top: top + 40, behavior: 'instant' }); await frame();
        window.scrollTo({ top, behavior: 'instant' }); await frame();
        const r = c.getBoundingClientRect();
        for (const f of floating) {
            const cs = getComputedStyle(f);
            if (cs.display === 'none' || cs.visibility === 'hidden') continue;
            const q = f.getBoundingClientRect();
            if (!q.width || !q.height) continue;
            if (q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top)
                found.push(`${c.dataset.card || c.dataset.action || c.tagName} under ${f.id || f.className}`);
        }
    }
    return found;
}"""


@pytest.fixture(params=MATRIX, ids=lambda p: "-".join(p))
def table(request: Any, live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog, str, str, str]]:
    mode, size, lang = request.param
    phone = size == "phone"
    with checked_context(live_browser, site_url, viewport=SIZES[size], has_touch=phone, is_mobile=phone) as (ctx, log):
        ctx.add_init_script(RECORD)
        yield ctx, log, mode, size, lang


def names(lang: str) -> dict[str, str]:
    """Each card's name in `lang` by its code (the names on the cards' buttons)."""
    return {str(card): card.name_in(lang) for card in DECK}


def start(page: Any, mode: str) -> str:
    """Start a two-player deal 2 in `mode` (the reader, or Anna, against a sensible computer); the table's selector."""
    if mode == "live":
        panel = page.locator(PLAY)
        panel.locator('select[name="players"]').select_option("2")
    else:
        panel = page.locator(PASS)
        panel.locator("select[data-seat-count]").select_option("2")
        panel.locator('[data-seat="1"] select[data-seat-kind]').select_option("person")
        panel.locator('[data-seat="1"] input[data-seat-name]').fill("Anna")
        panel.locator('[data-seat="2"] select[data-seat-kind]').select_option("sensible")
    panel.locator('input[name="seed"]').fill("2")
    panel.locator('button[data-action="start"]').click()
    root = f"{PLAY if mode == 'live' else PASS} .sgt--live"
    page.wait_for_function(
        "(sel) => { const r = document.querySelector(sel);"
        " return r && (r.dataset.stage === 'cover' || ['yours', 'over'].includes(r.dataset.turn)); }",
        arg=root,
    )
    return root


def state(page: Any, root: str) -> dict[str, Any]:
    return dict(page.evaluate(_STATE, root))


def focus_in_hand(page: Any, root: str) -> bool:
    return bool(page.evaluate("(sel) => !!document.activeElement?.closest(sel + ' .sgt-fan--mine')", root))


def grow_hand(page: Any, root: str, lang: str) -> dict[str, Any]:
    """Play until the reader holds `BIG` cards or more in phase 2 at their turn: a pick-up whenever offered, made with
    the keyboard (the focus must come back to the hand, not stay on the button), else the first legal card, else the
    first button of the turn. On the way, the cards new in the hand in phase 1 (drawn from the talon) must be named
    to the reader. The state at the end."""
    named = names(lang)
    drawn = picked = 0
    for _ in range(300):
        now = state(page, root)
        if now["stage"] == "cover":
            page.locator(f'{root} button[data-action="reveal"]').click()
            page.wait_for_function("(sel) => document.querySelector(sel).dataset.turn === 'yours'", arg=root)
            continue
        assert now["turn"] == "yours", f"the game ended before the hand held {BIG} cards: {now}"
        if now["phase"] == "2" and len(now["cards"]) >= BIG:
            assert drawn and picked, (drawn, picked)
            return now
        made = page.locator(root).get_attribute("data-your-moves")
        pick = page.locator(f'{root} .sgt-actions button[data-action="pick-up"]')
        picking = pick.count() > 0
        if picking:
            pick.focus()
            page.keyboard.press("Enter")
        else:
            page.evaluate(
                """(sel) => { const t = document.querySelector(sel);
                (t.querySelector('.sgt-fan--mine button[data-action="play"][data-legal="true"]')
                 || t.querySelector('.sgt-actions button:not([disabled])')).click(); }""",
                root,
            )
        page.wait_for_function(_SETTLED, arg=[root, made])
        after = state(page, root)
        if after["turn"] != "yours" or after["stage"] == "cover":
            continue
        if picking:
            where = page.evaluate("() => document.activeElement?.outerHTML.slice(0, 100)")
            assert focus_in_hand(page, root), f"after a pick-up the focus is not in the hand: {where}"
            picked += 1
        gained = [c for c in after["cards"] if c not in now["cards"]]
        if now["phase"] == after["phase"] == "1" and gained:
            # the card drawn from the talon, named to the one who holds it
            assert after["drawn"], f"nothing names the cards new in the hand: {gained}"
            assert any(named[c] in after["drawn"] for c in gained), (after["drawn"], gained)
            drawn += 1
    raise AssertionError(f"no hand of {BIG} cards within 300 moves")


def button_names(page: Any, selector: str) -> list[str]:
    """The accessible name of each button under `selector`, as the accessibility tree has it."""
    tree = page.locator(selector).aria_snapshot()
    return re.findall(r'- button "((?:[^"\\]|\\.)*)"', tree)


def test_no_two_start_buttons_share_a_name(browser: Any, site_url: str) -> None:
    """Before Start the play page's two panels (the computer, pass and play) each have a Start of its own name."""
    for lang in ("sv", "en"):
        page = browser.new_page(viewport=SIZES["phone"])
        try:
            page.goto(f"{site_url}book/{lang}/play.html")
            found = [n for sel in (PLAY, PASS) for n in button_names(page, sel)]
            assert len(found) >= 2 and len(found) == len(set(found)), found
        finally:
            page.close()


def test_the_promises_at_the_biggest_hand(table: tuple[Any, NetLog, str, str, str], site_url: str) -> None:
    context, log, mode, size, lang = table
    page = open_live(context, f"{site_url}book/{lang}/play.html", log)
    root = start(page, mode)
    now = grow_hand(page, root, lang)
    cards = now["cards"]
    named = names(lang)

    # every card on screen and hit at its centre; every control a 44 px target, none under a floating button
    missed = [c for c in page.evaluate(_CENTRES, root) if not (c["hit"] and c["shown"])]
    assert not missed, f"{len(missed)} of {len(cards)} cards not found at their centres: {missed[:3]}"
    small = too_small(targets(page, root))
    assert not small, small
    covered = page.evaluate(_FLOATING, root)
    assert not covered, covered[:5]
    no_horizontal_scroll(page)

    # legality in every card's name, legal cards too
    legal = page.evaluate(
        "(sel) => Object.fromEntries([...document.querySelectorAll(sel + ' .sgt-fan--mine button[data-card]')]"
        ".map((b) => [b.dataset.card, b.dataset.legal === 'true']))",
        root,
    )
    # (the tree puts a space between the picture's name and the text after it: "ruter 4 , ...")
    said = [n.replace(" ,", ",") for n in button_names(page, f"{root} .sgt-fan--mine")]
    yes, no = TABLE.phrase("legal_card", lang), TABLE.phrase("illegal_card", lang)
    for code in cards:
        name = next((n for n in said if n.startswith(named[code] + ",")), None)
        assert name is not None, f"no button named for {named[code]}: {said[:4]}"
        assert name == f"{named[code]}, {yes if legal[code] else no}", name

    # one Tab stop; the arrow keys, Home and End move within the hand
    stops = page.locator(f'{root} .sgt-fan--mine button[data-card][tabindex="0"]')
    assert stops.count() == 1, stops.count()
    stops.focus()
    first = stops.get_attribute("data-card")
    at = cards.index(first or "")
    focused = "() => document.activeElement?.dataset.card"
    page.keyboard.press("Home")
    assert page.evaluate(focused) == cards[0]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == cards[1]
    page.keyboard.press("End")
    assert page.evaluate(focused) == cards[-1]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == cards[-2]
    assert at >= 0 and page.locator(f'{root} .sgt-fan--mine button[tabindex="0"]').count() == 1

    # the help: the hand's description, not a live message; on a touch screen no keys
    helped = page.evaluate(
        "(sel) => { const f = document.querySelector(sel + ' .sgt-fan--mine');"
        " return (f.getAttribute('aria-describedby') || '').split(' ').map((id) => document.getElementById(id)?.innerText || '').join(' '); }",
        root,
    )
    assert TABLE.phrase("dimmed", lang) in helped
    live = page.evaluate(
        "(sel) => [...document.querySelectorAll(sel + ' [aria-live], ' + sel + ' [role=status]')].map((r) => r.textContent).join(' ')",
        root,
    )
    assert TABLE.phrase("dimmed", lang) not in live and TABLE.phrase("hand_keys", lang) not in live
    keys = TABLE.phrase("hand_keys", lang)
    assert (keys in helped) == (size == "desktop"), helped

    # the narration: the last moves kept, newest first, each put in once; cards said by their buttons' names
    heard = page.evaluate("() => window.__history")
    assert len(heard) == now["moves"], (len(heard), now["moves"])
    kept = page.locator(f"{root} .sgt-history > li").evaluate_all(
        """(items) => items.map((n) => { const c = n.querySelector('.sgt-narration__move').cloneNode(true);
            c.querySelectorAll('[aria-hidden="true"]').forEach((x) => x.remove());
            return c.textContent.replace(/\\s+/g, ' ').trim(); })"""
    )
    assert len(kept) == min(HISTORY, len(heard)) and kept == heard[::-1][: len(kept)], (kept, heard[-HISTORY:])
    assert not [line for line in kept if re.search("[♣♦♥♠]", line)], kept
    assert any(name in " ".join(kept) for name in named.values()), kept

    # the biggest hand on the phone, for the eye
    if size == "phone":
        page.locator(f"{root} .sgt-fan--mine").scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"promises-{mode}-{lang}-{len(cards)}-cards-390.png"))
