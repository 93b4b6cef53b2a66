"""Played blind, in Debian chromium: a whole live game, the learning path's first five exercises and a checker case,
with the keyboard alone (Tab, Shift+Tab, Enter, Space, typing) and role-based locators, in both editions, at 390 x
844 (touch) and on the desktop.

What a screen reader gets is recorded in the page (`WATCH`): what each aria-live region or status says at each
change, as a screen reader reads it (an atomic region, a status or an alert whole; any other region only what was
put in), and every moment the focus fell to the page's body after an action. The tests assert that each move of the
game (the computer's and the reader's) and its verdict is announced once, in order; the hint and the review are
reached by the keyboard and read out; each exercise's verdict and each checker answer is announced once; and the
focus is never lost.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import SHOTS
from live_helpers import VIEWPORTS, NetLog, live_table_context, open_live

from skitgubbe.engine.cards import DECK
from skitgubbe.text.exercise_words import EXERCISE
from skitgubbe.text.live_words import CHECKER_PANEL, PLAY_PANEL
from skitgubbe.text.table_server_words import PAGE
from skitgubbe.views.exercise_data import exercises
from skitgubbe.views.table import words

pytestmark = pytest.mark.browser

LIVE = '[data-skitgubbe-live="play"] .sgt--live'
#: where the counts of the whole game's announcements are written (with the promise test's cells)
CELLS = SHOTS.parent / "promises"
#: what a screen reader is told and where the focus is, recorded from the page's first script on
WATCH = """(() => {
  window.__said = [];
  window.__lost = [];
  const region = (node) => node && node.closest && node.closest('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]');
  const where = (r) => (r.closest('.sgt-after') ? 'replay:' : '') + (r.dataset.role || r.getAttribute('role') || r.className);
  // an atomic region (aria-atomic, or a status or an alert) is read whole on every change; any other only for what
  // was put in (added nodes, changed text), as a screen reader does
  const atomic = (r) => r.getAttribute('aria-atomic') === 'true'
    || (['status', 'alert'].includes(r.getAttribute('role')) && r.getAttribute('aria-atomic') !== 'false');
  const words = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  // what a screen reader reads of a node: its text without the parts hidden from it (a card's symbol: its name is read)
  const aloud = (n) => { if (n.nodeType !== 1) return n.textContent; const c = n.cloneNode(true);
    c.querySelectorAll('[aria-hidden="true"]').forEach((x) => x.remove()); return c.textContent; };
  new MutationObserver((records) => {
    const heard = new Map();
    for (const r of records) {
      const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const live = region(node);
      if (!live) continue;
      if (!heard.has(live)) heard.set(live, []);
      if (atomic(live)) continue;
      const put = r.type === 'characterData' ? [r.target] : [...r.addedNodes];
      heard.get(live).push(...put.filter((n) => n.isConnected));
    }
    for (const [live, put] of heard) {
      const whole = atomic(live);
      const text = words(whole ? aloud(live) : put.map(aloud).join(''));
      const moves = whole ? [live.querySelector('.sgt-narration__move')]
        : put.map((n) => (n.nodeType === 1 && n.matches('.sgt-narration__move') ? n : n.nodeType === 1 ? n.querySelector('.sgt-narration__move') : null));
      const move = moves.find(Boolean);
      if (text) window.__said.push({ where: where(live), text, move: move ? words(aloud(move)) : null });
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('focusout', () => setTimeout(() => {
    const a = document.activeElement;
    if (!a || a === document.body) window.__lost.push(String(performance.now()));
  }, 0), true);
})();"""


@pytest.fixture(params=list(VIEWPORTS))
def blind(request: Any, live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog]]:
    with live_table_context(live_browser, site_url, request.param) as (context, log, _size):
        context.add_init_script(WATCH)
        yield context, log


def said(page: Any, where: str | None = None) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate("() => window.__said")
    return [s for s in found if where is None or s["where"] == where]


def focus_kept(page: Any) -> None:
    """After an action: the focus is on an element, not the page's body, and never fell there."""
    assert page.evaluate("() => document.activeElement && document.activeElement !== document.body"), "focus lost"
    assert page.evaluate("() => window.__lost") == [], "the focus fell to the page's body"


def focused(page: Any, selector: str) -> bool:
    return bool(page.evaluate("(sel) => !!document.activeElement && document.activeElement.matches(sel)", selector))


#: In-page: where the focus is from the element `sel` finds: "here" (on it), "after" it, or "before" it (or nowhere)
_WHERE = """(sel) => { const t = document.querySelector(sel); const a = document.activeElement;
    if (t && a && a.matches(sel)) return 'here';
    return t && a && a !== document.body && (t.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING)
        ? 'after' : 'before'; }"""


def keys_to(page: Any, selector: str, limit: int = 120) -> None:
    """Tab (or Shift+Tab, back toward it when the focus is past it) until the focused element matches `selector`."""
    for _ in range(limit):
        where = page.evaluate(_WHERE, selector)
        if where == "here":
            return
        page.keyboard.press("Shift+Tab" if where == "after" else "Tab")
    raise AssertionError(f"the keyboard does not reach {selector}")


def described(page: Any, selector: str) -> list[dict[str, Any]]:
    """The buttons under `selector` as a screen reader has them: each one's card, description, state."""
    return list(
        page.evaluate(
            """(sel) => [...document.querySelectorAll(sel)].map((b) => ({
                card: b.getAttribute('data-card'), action: b.getAttribute('data-action'),
                name: ((b.getAttribute('aria-label') || b.querySelector('[aria-label]')?.getAttribute('aria-label') || b.textContent)
                    + (b.querySelector('.sgt-sr')?.textContent || '')).trim(),
                description: (b.getAttribute('aria-describedby') || '').split(' ').filter(Boolean)
                    .map((id) => document.getElementById(id)?.textContent || '').join(' '),
                disabled: b.disabled, pressed: b.getAttribute('aria-pressed') }))""",
            selector,
        )
    )


def seat_named(last: dict[str, Any], lang: str) -> str:
    """A Replay frame's move line ("B: ♦J") with the seat named as the live game names it ("computer B: ♦J")."""
    p = last["player"]
    name = f"{p} ({words(lang)['you']})" if p == "A" else PAGE.phrase("computer_seat", lang, seat=p)
    return name + last["text"][len(p) :]


def by_name(text: str, lang: str) -> str:
    """`text` with each card symbol (`♦Kn`) replaced by the card's name (`ruter knekt`): what a screen reader hears of
    a move line, the name the card's button has."""
    symbols = {card.symbol_in(lang): card.name_in(lang) for card in DECK}
    pattern = "|".join(sorted(map(re.escape, symbols), key=len, reverse=True))
    return re.sub(pattern, lambda m: symbols[m.group(0)], text)


def settle(page: Any) -> str:
    page.wait_for_function("(sel) => ['yours', 'over'].includes(document.querySelector(sel)?.dataset.turn)", arg=LIVE)
    return str(page.locator(LIVE).get_attribute("data-turn"))


def press(page: Any, key: str) -> None:
    made = page.locator(LIVE).get_attribute("data-moves")
    page.keyboard.press(key)
    page.wait_for_function(
        "([sel, made]) => { const r = document.querySelector(sel); return r.dataset.moves !== made || r.dataset.over === 'true'; }",
        arg=[LIVE, made],
    )


def card_by_keys(page: Any, code: str) -> None:
    """Tab to the hand (one stop: its current card), then the arrow keys to the card `code`."""
    hand = f"{LIVE} .sgt-fan--mine button[data-card]"
    keys_to(page, f'{hand}[tabindex="0"]')
    order = [c["card"] for c in described(page, hand) if not c["disabled"]]
    for _ in range(len(order)):
        at = page.evaluate("() => document.activeElement?.dataset.card")
        if at == code:
            return
        page.keyboard.press("ArrowRight" if order.index(code) > order.index(at) else "ArrowLeft")
    raise AssertionError(f"the arrow keys do not reach {code}")


def one_move(page: Any, w: dict[str, str]) -> None:
    """The reader's move by keys: the first card the reader may play (its name says it is legal now: the name says
    it of every card on the reader's turn), else the first button of the turn; a play of several cards is chosen
    card by card, then played."""
    hand = f"{LIVE} .sgt-fan--mine button[data-card]"
    shown = [c for c in described(page, hand) if not c["disabled"]]
    assert all(c["name"].endswith((w["legal_card"], w["illegal_card"])) for c in shown), shown[:2]
    cards = [c for c in shown if not c["name"].endswith(w["illegal_card"])]
    toggles = [c for c in cards if c["pressed"] is not None]
    if cards and not toggles:
        card_by_keys(page, cards[0]["card"])
        press(page, "Enter")
        return
    if toggles:
        for card in toggles:
            card_by_keys(page, card["card"])
            page.keyboard.press("Space")
            if page.locator(f'{LIVE} button[data-action="play-selected"]:not([disabled])').count():
                keys_to(page, f'{LIVE} button[data-action="play-selected"]')
                press(page, "Enter")
                return
        raise AssertionError("no chosen cards make a play")
    actions = described(page, f"{LIVE} .sgt-actions button")
    action = next(a for a in actions if not a["disabled"])
    keys_to(page, f'{LIVE} .sgt-actions button[data-action="{action["action"]}"]')
    press(page, "Enter")


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_whole_game_by_keyboard_with_what_a_screen_reader_is_told(
    blind: tuple[Any, NetLog], site_url: str, lang: str
) -> None:
    context, log = blind
    w = words(lang)
    page = open_live(context, f"{site_url}book/{lang}/play.html", log)
    panel = page.locator('[data-skitgubbe-live="play"]')
    players = panel.get_by_role("combobox", name=PLAY_PANEL.phrase("players", lang))
    players.focus()  # the panel's first field: from here on, the keyboard only
    page.keyboard.press("Home")  # 2 players
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused(page, 'input[name="seed"]')
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    start = panel.get_by_role("button", name=PLAY_PANEL.phrase("start", lang))
    keys_to(page, '[data-skitgubbe-live="play"] button[data-action="start"]')
    assert start.evaluate("(b) => b === document.activeElement")
    page.keyboard.press("Enter")
    table = page.locator(LIVE)
    table.wait_for()
    assert settle(page) == "yours"
    focus_kept(page)  # Start took the focus into the reader's hand
    assert focused(page, f"{LIVE} .sgt-fan--mine, {LIVE} .sgt-fan--mine button, {LIVE} .sgt-actions button")
    # the hand is a group named for its holder, and every card in it a button with the card's name
    mine = table.get_by_role("group", name=re.compile(re.escape(w["hand"].split("{gen}")[-1].strip())))
    assert mine.count() >= 1 and table.get_by_role("button", name=re.compile(r"\w")).count() > 0

    # the hint: reached by Tab from the hand, pressed, read out in its live line
    hint = table.get_by_role("button", name=w["hint"], exact=True)
    keys_to(page, f'{LIVE} button[data-action="hint"]')
    assert hint.evaluate("(b) => b === document.activeElement")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([sel, wait]) => { const t = document.querySelector(sel + ' [data-role=hint]').textContent; return t && t !== wait; }",
        arg=[LIVE, w["hint_thinking"]],
    )
    line = re.sub(r"\s+", " ", table.locator('[data-role="hint"]').text_content() or "").strip()
    assert [s["text"] for s in said(page, "hint")].count(line) == 1, said(page, "hint")
    focus_kept(page)

    for _ in range(300):
        if settle(page) == "over":
            break
        one_move(page, w)
        focus_kept(page)
    assert table.get_attribute("data-over") == "true", "the game did not end"
    focus_kept(page)

    # every move of the game, the computer's and the reader's, announced once and in order with its verdict
    model = "(sel) => document.querySelector(sel).closest('[data-skitgubbe-live]').skitgubbeModel"
    frames = page.evaluate(f"(sel) => ({model})(sel).get('final_replay').frames", LIVE)
    # the narration names the seats as the board does ("computer B", "A (you)"); the Replay's frames by letter
    moves = [
        f"{by_name(seat_named(f['last'], lang), lang)} — {'✓' if f['last']['legal'] else '✗'} {f['last']['verdict']}"
        for f in frames[1:]
    ]
    told = [s for s in said(page, "narration") if s["move"] and " — " in s["move"]]
    # each move read out once, in order (the game's end, added above the last move, does not read it again)
    heard = [s["move"] for s in told]
    assert heard == moves, f"announced {len(heard)} move lines for {len(moves)} moves: {heard[-3:]} / {moves[-3:]}"
    # the count, for the note (issue 53: a whole blind game with its announcements counted)
    counted = {"lang": lang, "moves": len(moves), "move_announcements": len(heard), "announcements": len(said(page))}
    assert counted["moves"] > 20 and counted["announcements"] >= counted["move_announcements"], counted
    CELLS.mkdir(parents=True, exist_ok=True)
    (CELLS / f"blind-game-{lang}.json").write_text(json.dumps(counted), encoding="utf-8")
    you = page.evaluate(f"(sel) => ({model})(sel).get('view').you", LIVE)
    assert any(f["last"]["player"] != you for f in frames[1:]) and any(f["last"]["player"] == you for f in frames[1:])

    # the end: focus on "play again"; the review reached by Tab, its progress and summary read out
    assert focused(page, f'{LIVE} button[data-action="play-again"]')
    keys_to(page, f'{LIVE} button[data-action="review"]')
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(sel) => document.querySelector(sel + ' [data-role=review]').dataset.state === 'done'", arg=LIVE
    )
    review = table.locator('[data-role="review"]')
    summary = re.sub(r"\s+", " ", review.get_by_role("status").text_content() or "").strip()
    assert summary and [s["text"] for s in said(page)].count(summary) == 1, said(page)
    focus_kept(page)
    items = review.get_by_role("listitem")
    assert items.count() > 0
    keys_to(page, f'{LIVE} [data-role="review"] button[data-action="review-show"]')
    page.keyboard.press("Enter")
    assert focused(page, f'{LIVE} .sgt--replay button[data-step="forward"]')  # the move shown in the Replay
    focus_kept(page)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_first_five_exercises_by_keyboard(blind: tuple[Any, NetLog], site_url: str, lang: str) -> None:
    context, log = blind
    page = open_live(context, f"{site_url}book/{lang}/learn.html", log)
    page.evaluate("() => localStorage.clear()")
    page.reload()
    page.wait_for_load_state("load")
    # the path's first five, in the page's order
    first = page.evaluate(
        "() => [...document.querySelectorAll('article[data-exercise]')].slice(0, 5).map((a) => a.dataset.exercise)"
    )
    assert len(first) == 5 and set(first) <= set(exercises())
    page.locator(f'article[data-exercise="{first[0]}"]').get_by_role("button").first.focus()
    for n, ident in enumerate(first):
        article = page.locator(f'article[data-exercise="{ident}"]')
        keys_to(page, f'article[data-exercise="{ident}"] button[data-option]')
        option = page.evaluate("() => document.activeElement.dataset.option")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => document.querySelector('article[data-exercise=\"{ident}\"]').dataset.result")
        feedback = article.locator('[data-role="explain"]').text_content() or ""
        assert feedback.strip()
        # the verdict is announced once, where the reader is (the focus stays on the chosen option)
        assert [s["text"] for s in said(page, "explain")].count(re.sub(r"\s+", " ", feedback).strip()) == 1
        assert focused(page, f'article[data-exercise="{ident}"] button[data-option="{option}"]')
        focus_kept(page)
        progress = page.get_by_role("status").filter(has_text=str(n + 1)).first
        assert progress.count() == 1
    assert EXERCISE.phrase("reset", lang)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_checker_case_by_keyboard(blind: tuple[Any, NetLog], site_url: str, lang: str) -> None:
    context, log = blind
    w = words(lang)
    page = open_live(context, f"{site_url}book/{lang}/checker.html", log)
    start = page.get_by_role("button", name=CHECKER_PANEL.phrase("start", lang))
    start.focus()
    page.keyboard.press("Enter")
    root = page.locator('[data-skitgubbe-live="checker"] .sgt--checker')
    root.wait_for()
    page.wait_for_function("() => document.querySelector('.sgt--checker')?.dataset.state === 'judged'")
    focus_kept(page)
    # a library case chosen with the arrow keys: its verdicts announced once
    chooser = root.get_by_role("combobox", name=w["case"])
    keys_to(page, '.sgt--checker select[data-key="case"]')
    assert chooser.evaluate("(s) => s === document.activeElement")
    before = len(said(page, "narration"))
    page.keyboard.press("ArrowDown")
    page.wait_for_function("(n) => window.__said.filter((s) => s.where === 'narration').length > n", arg=before)
    page.wait_for_function("() => document.querySelector('.sgt--checker').dataset.state === 'judged'")
    verdicts = re.sub(r"\s+", " ", root.locator('[data-role="narration"]').text_content() or "").strip()
    assert w["verdicts"] in verdicts
    assert [s["text"] for s in said(page, "narration")].count(verdicts) == 1, said(page, "narration")
    focus_kept(page)
    # a move typed and added with Enter: the answer is announced, the focus stays in the field
    keys_to(page, '.sgt--checker input[data-key="typed"]')
    page.keyboard.type("A: pick-up")
    before = len(said(page))
    page.keyboard.press("Enter")
    page.wait_for_function("(n) => window.__said.length > n", arg=before)
    focus_kept(page)
