"""The table's promises (issue 53 item 2), one test run in every mode that shows the board, at 390x844 with touch
and at 1280x720, with a hand of 20 cards among its positions.

The modes: the live game against the computer and pass and play (the play page), the table's phone and its
projector and the phone's Replay at the end (the table server, skitgubbe/table/), the book's Replays, the learning
path's exercises, the checker (a `#case=` link) and the Jupyter widget (anywidget, as Voilà shows the play notebook). Each mode has an adapter that opens it at its biggest hand and says
where its hand, narration and controls are; the checks are the same for every mode. `APPLIES` below says, in one
table, which promise holds in which mode and why not where it does not; every applicable (mode, promise) is checked
at both sizes. The quiz is not in the matrix (see `NOT_HERE`).

The promises (`PROMISES`):
- hand: every card of the hand on screen and `document.elementFromPoint` at its centre finds it, the window scrolled
  and never an inner box (a card in a box that clips it is not found); where nobody taps the cards (a Replay, an
  exercise's board) each card's corner, its rank and suit, is found instead; no horizontal scroll;
- targets: every control a 44 px touch target (its uncovered, unclipped part) and none under a floating button (the
  theme's "back to top" pill, shown as the theme shows it: on a scroll up);
- names: people's names wherever a seat is named (seat heads, names over the trick, the narration), never a seat's
  letter alone, and a computer seat marked;
- stale: no message outlives the position it was about;
- history: the moves so far readable back (the last moves kept, each put in once, newest first; a Replay's list);
- legality: whether a card may be played now is in each card's accessible name, legal cards too;
- drawn: a card drawn from the talon is named to its holder;
- focus: after a pick-up made with the keyboard the focus is back in the hand; the hand is one Tab stop and the
  arrow keys, Home and End move within it;
- cardnames: a card is said in the narration by the name it has on its button or picture (no bare suit symbol);
- language: every word of the mode (its text, its controls' names, the typed-move example) in the page's language.

A (mode, promise) known to fail today and not fixed here is in `KNOWN` with what is wrong: the test checks that it
still fails (so the entry goes when it is fixed). Each (mode, size) writes its cells to _build/promises/ and its
screenshot at the biggest hand to _build/screenshots/promises-*.png.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from helpers import SHOTS, VOILA_KERNEL_TIMEOUT_MS
from language import unknown_words
from live_helpers import NetLog, checked_context, open_live
from test_table_server import KEEP_SOCKETS, _last_moves_kept, server  # noqa: F401 (server: the table server, a fixture)
from touch_helpers import targets, too_small
from voila_server import voila_url  # noqa: F401 (a fixture: Voilà serving book/)

from skitgubbe.engine.cards import DECK
from skitgubbe.text.exercise_words import EXERCISE
from skitgubbe.text.table_server_words import PAGE
from skitgubbe.text.table_words import TABLE
from skitgubbe.views import case_editor

pytestmark = pytest.mark.browser

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 720}}
BIG = 20
HISTORY = 8
PLAY = '[data-skitgubbe-live="play"]'
PASS = '[data-skitgubbe-live="pass"]'
CHECKER = '[data-skitgubbe-live="checker"]'
LIVE = ".sgt--live"
CELLS = SHOTS.parent / "promises"

PROMISES = ("hand", "targets", "names", "stale", "history", "legality", "drawn", "focus", "cardnames", "language")

_NO_MOVE = "nobody moves here: a Replay steps through moves made"
_OPEN = "every hand is open and nobody draws: no holder to tell"
#: mode -> {promise: why it does not apply there}; a promise not named applies. One table for the whole matrix.
APPLIES: dict[str, dict[str, str]] = {
    "live": {},
    "pass": {},
    "widget": {},
    "table": {},
    "projector": {
        "hand": "the projector shows no hand face up (each phone holds its own)",
        "legality": "nobody plays on the projector",
        "drawn": "a drawn card is told to its holder's phone, never on the projector",
        "focus": "nobody plays on the projector",
    },
    "table-replay": {"stale": _NO_MOVE, "legality": _NO_MOVE, "drawn": _OPEN, "focus": _NO_MOVE},
    "replay": {
        "names": "the book's games have no people: its seats are the letters the chapters name them by",
        "stale": _NO_MOVE,
        "legality": _NO_MOVE,
        "drawn": _OPEN,
        "focus": _NO_MOVE,
    },
    "exercise": {
        "hand": "an exercise's position is small (7 cards at most): its cards are checked, not 20",
        "names": "the exercises' seats are the letters the chapters name them by",
        "history": "an exercise is one position and one move",
        "legality": "the reader answers with the options, not the cards: the board's cards are pictures",
        "drawn": "one move, no talon drawn from",
        "focus": "the reader answers with the options, not the cards",
    },
    "checker": {
        "names": "a case names its seats by letter (the case file's players)",
        "stale": "the checker judges the whole case again on each change: its verdicts are of the case on screen",
        "legality": "the checker judges any move the reader enters: no card is legal before it is judged",
        "drawn": "the case's talon is dealt by the case file, nobody draws",
        "focus": "the checker's cards place a card, they are not a hand to play from",
    },
}
#: modes the matrix does not hold, and why
NOT_HERE = {
    "quiz": "a quiz question has no board: its options are checked by tests/browser/test_quiz_page.py",
}
#: (mode, size or "*", promise) -> what is wrong today: checked to be still wrong, so the entry goes when it is fixed
KNOWN: dict[tuple[str, str, str], str] = {
    ("replay", "phone", "hand"): "a 28-card hand in a top seat beside another at 390 px: about 5 px a card, the next "
    "card covers each one's rank and suit; wrapping it into rows changes the board's height between frames, which "
    "the Replay's steady board forbids (tests/browser/test_replays.py), so both need one design (table.css)",
}

#: every move item put into a live narration's history, as a screen reader reads it (aria-hidden parts left out)
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
    return Number(r.dataset.moves) > Number(made) && r.dataset.turn !== 'busy'
        && (['yours', 'over'].includes(r.dataset.turn) || r.dataset.stage === 'cover'); }"""

#: each element of `sel`, the window scrolled (never an inner box) so its centre is mid-screen: whether
#: `elementFromPoint` at its centre finds it and whether that centre is within the viewport
_CENTRES = """([sel, tap]) => [...document.querySelectorAll(sel)].map((b) => {
    const r0 = b.getBoundingClientRect();
    window.scrollTo({ top: scrollY + r0.top + r0.height / 2 - innerHeight / 2, behavior: 'instant' });
    const r = b.getBoundingClientRect();
    // a button is tapped at its centre; a picture (nobody taps it) is read by its corner's rank and suit
    const x = tap ? r.left + r.width / 2 : r.left + Math.min(6, r.width / 4), y = tap ? r.top + r.height / 2 : r.top + r.height / 4;
    const at = document.elementFromPoint(x, y);
    return { card: b.dataset.card || b.closest('[data-card]')?.dataset.card || '', hit: Boolean(at && (b === at || b.contains(at))),
             shown: x >= 0 && x <= innerWidth && y >= 0 && y <= innerHeight && r.width > 1,
             found: at ? at.tagName + '.' + (at.getAttribute('class') || '') : null }; })"""

#: each control of `sel` put where the theme's "back to top" pill shows (90% down the screen), the pill shown as the
#: theme shows it (a scroll up), then every fixed or sticky element outside `sel` that covers the control
_FLOATING = """async (sel) => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const root = document.querySelector(sel);
    const controls = [...root.querySelectorAll('button, select, input:not([type=hidden]), summary, a[href]')]
        .filter((c) => c.getClientRects().length && getComputedStyle(c).visibility !== 'hidden' && c.checkVisibility());
    const floating = [...document.querySelectorAll('body *')]
        .filter((f) => !root.contains(f) && !f.contains(root) && ['fixed', 'sticky'].includes(getComputedStyle(f).position));
    const found = [];
    for (const c of controls) {
        const r0 = c.getBoundingClientRect();
        const top = scrollY + r0.top + r0.height / 2 - innerHeight * 0.9 - 10;
        window.scrollTo({ top: top + 40, behavior: 'instant' }); await frame();
        window.scrollTo({ top, behavior: 'instant' }); await frame();
        // the control's part not clipped by a box around it (a list item scrolled out of its list is not there)
        const b = c.getBoundingClientRect();
        const r = { left: b.left, top: b.top, right: b.right, bottom: b.bottom };
        for (let a = c.parentElement; a; a = a.parentElement) {
            const cs = getComputedStyle(a), q = a.getBoundingClientRect();
            if (cs.overflowX !== 'visible') { r.left = Math.max(r.left, q.left); r.right = Math.min(r.right, q.right); }
            if (cs.overflowY !== 'visible') { r.top = Math.max(r.top, q.top); r.bottom = Math.min(r.bottom, q.bottom); }
        }
        if (r.right <= r.left || r.bottom <= r.top || r.bottom <= 0 || r.top >= innerHeight) continue;
        for (const f of floating) {
            const cs = getComputedStyle(f);
            if (cs.display === 'none' || cs.visibility === 'hidden' || Number(cs.opacity) === 0) continue;
            const q = f.getBoundingClientRect();
            if (!q.width || !q.height) continue;
            if (!(q.left < r.right && q.right > r.left && q.top < r.bottom && q.bottom > r.top)) continue;
            // a finger in the middle of the overlap: does it find the floating element (not a hidden skip link, not
            // a control scrolled out of its list's box)?
            const x = (Math.max(q.left, r.left) + Math.min(q.right, r.right)) / 2;
            const y = (Math.max(q.top, r.top) + Math.min(q.bottom, r.bottom)) / 2;
            const at = document.elementFromPoint(x, y);
            if (at && f.contains(at) && !c.contains(at))
                found.push(`${c.dataset.card || c.dataset.action || c.tagName} under ${f.id || f.className}`);
        }
    }
    return found;
}"""

#: what a screen reader reads of the elements of `sel` (aria-hidden parts left out), one string each
_HEARD = """(sel) => [...document.querySelectorAll(sel)].map((n) => { const c = n.cloneNode(true);
    c.querySelectorAll('[aria-hidden="true"]').forEach((x) => x.remove());
    return c.textContent.replace(/\\s+/g, ' ').trim(); })"""

#: every word the reader meets in `sel`: its shown text, its controls' names and its fields' examples
_WORDS = """(sel) => { const root = document.querySelector(sel); const out = [root.innerText];
    for (const e of root.querySelectorAll('[aria-label], [placeholder], [title]')) {
        if (!e.getClientRects().length || e.closest('[data-card], .sgt-card')) continue;
        out.push(e.getAttribute('aria-label') || '', e.getAttribute('placeholder') || '', e.getAttribute('title') || ''); }
    return out.join('\\n'); }"""


@dataclass
class View:
    """A mode opened at its biggest hand: where its parts are (CSS selectors) and what was seen on the way there."""

    page: Any
    lang: str
    root: str  # the mode's box: its controls and words
    cards: str  # the cards of the biggest hand (buttons, or pictures where nobody plays)
    narration: str = ""  # the items of its narration, as heard
    people: tuple[str, ...] = ()  # the people's names its seats must show
    computer: str = ""  # a computer seat's letter, which must be marked
    fewest: int = BIG  # the hand must hold at least this many cards
    seen: dict[str, str | None] = field(default_factory=dict)  # promises checked on the way (None: held)
    size: str = ""  # "phone" (touch) or "desktop"
    stale: Callable[[], str | None] | None = None  # the mode's own check that no message outlived its position
    history: Callable[[], str | None] | None = None  # the mode's own check of the moves so far


def names(lang: str) -> dict[str, str]:
    """Each card's name in `lang` by its code (the names on the cards' buttons)."""
    return {str(card): card.name_in(lang) for card in DECK}


def button_names(page: Any, selector: str) -> list[str]:
    """The accessible name of each button under `selector`, as the accessibility tree has it."""
    tree = page.locator(selector).first.aria_snapshot()
    return re.findall(r'- button "((?:[^"\\]|\\.)*)"', tree)


# --------------------------------------------------------------------------- the checks, the same in every mode


def check_hand(v: View) -> str | None:
    found = v.page.evaluate(_CENTRES, [v.cards, "button" in v.cards])
    if len(found) < v.fewest:
        return f"the hand holds {len(found)} cards, {v.fewest} were due"
    missed = [c for c in found if not (c["hit"] and c["shown"])]
    wide = v.page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    if missed or wide > 0:
        return f"{len(missed)} of {len(found)} cards not found at their centres {missed[:3]}; {wide} px side scroll"
    return None


def check_targets(v: View) -> str | None:
    small = too_small(targets(v.page, v.root))
    covered = v.page.evaluate(_FLOATING, v.root)
    return f"under 44 px: {small[:6]}; under a floating button: {covered[:4]}" if small or covered else None


def check_names(v: View) -> str | None:
    heads = v.page.eval_on_selector_all(f"{v.root} .sgt-seat__name", "els => els.map((e) => e.textContent.trim())")
    plays = v.page.eval_on_selector_all(f"{v.root} .sgt-play__name", "els => els.map((e) => e.textContent.trim())")
    heard = v.page.evaluate(_HEARD, v.narration) if v.narration else []
    letter = re.compile(r"^[A-F]( \(.*\))?$")
    wrong = [h for h in heads + plays if letter.match(h)] + [h for h in heard if re.match(r"^[A-F]:", h)]
    missing = [p for p in v.people if not any(p in h for h in heads)]
    kind: list[str] = []
    if v.computer:  # marked: a badge of its kind, or its name says it is a computer ("dator 2")
        seat = f'{v.root} .sgt-seat[data-player="{v.computer}"]'
        word = PAGE.phrase("computer_seat", v.lang, seat="").strip().lower()
        kind = v.page.locator(f"{seat} [data-role=computer-kind]").all_inner_texts()
        kind += [h for h in v.page.locator(f"{seat} .sgt-seat__name").all_inner_texts() if word in h.lower()]
    if wrong or missing or (v.computer and not kind):
        return f"seats named by letter: {wrong[:4]}; names missing: {missing}; computer marked: {kind!r} ({heads})"
    return None


def check_legality(v: View) -> str | None:
    cards = v.page.evaluate(
        "(sel) => [...document.querySelectorAll(sel)].map((b) => [b.dataset.card, b.dataset.legal === 'true'])",
        v.cards,
    )
    said = [n.replace(" ,", ",") for n in button_names(v.page, f"{v.root} .sgt-fan--mine")]
    yes, no = TABLE.phrase("legal_card", v.lang), TABLE.phrase("illegal_card", v.lang)
    named = names(v.lang)
    wrong = [
        f"{code}: {name!r}"
        for code, legal in cards
        if (name := next((n for n in said if n.startswith(named[code] + ",")), None))
        != f"{named[code]}, {yes if legal else no}"
    ]
    return f"{len(wrong)} of {len(cards)} cards without their legality in the name: {wrong[:3]}" if wrong else None


def check_focus(v: View) -> str | None:
    """The hand one Tab stop; the arrow keys, Home and End move within it (after the pick-ups seen on the way)."""
    page = v.page
    codes = page.evaluate("(sel) => [...document.querySelectorAll(sel)].map((b) => b.dataset.card)", v.cards)
    stops = page.locator(f'{v.cards}[tabindex="0"]')
    if stops.count() != 1:
        return f"{stops.count()} Tab stops in the hand"
    stops.focus()
    focused = "() => document.activeElement?.dataset.card"
    went = []
    for key, want in (("Home", codes[0]), ("ArrowRight", codes[1]), ("End", codes[-1]), ("ArrowLeft", codes[-2])):
        page.keyboard.press(key)
        went.append((key, page.evaluate(focused), want))
    wrong = [w for w in went if w[1] != w[2]]
    # the hand's help is its description (not a live message), and speaks of keys only where there are keys
    helped = page.evaluate(
        "(sel) => { const f = document.querySelector(sel).closest('.sgt-fan--mine');"
        " return (f.getAttribute('aria-describedby') || '').split(' ')"
        ".map((id) => document.getElementById(id)?.innerText || '').join(' '); }",
        v.cards,
    )
    keys = TABLE.phrase("hand_keys", v.lang) in helped
    if TABLE.phrase("dimmed", v.lang) not in helped or keys != (v.size == "desktop"):
        wrong.append(("help", helped, "keys" if v.size == "desktop" else "no keys on a touch screen"))
    return f"keys in the hand: {wrong}" if wrong else None


def check_cardnames(v: View) -> str | None:
    heard = v.page.evaluate(_HEARD, v.narration)
    bare = [line for line in heard if re.search("[♣♦♥♠]", line)]
    said = " ".join(heard)
    if bare or not heard or not any(name in said for name in names(v.lang).values()):
        return f"cards said by symbol (or not at all) in the narration: {bare[:3] or heard[:3]}"
    return None


def check_language(v: View) -> str | None:
    text = v.page.evaluate(_WORDS, v.root)
    for person in v.people:
        text = text.replace(person, " ")
    text = re.sub(r"\b[A-Z0-9]{8}\b", " ", text)  # a table's code
    from language import Text

    found = unknown_words([Text(v.root, text)], v.lang)
    return f"words not {v.lang}: {sorted(found)[:12]}" if found else None


CHECKS: dict[str, Callable[[View], str | None]] = {
    "hand": check_hand,
    "targets": check_targets,
    "names": check_names,
    "stale": lambda v: v.stale() if v.stale else "no check of stale messages for this mode",
    "history": lambda v: v.history() if v.history else "no check of the moves so far for this mode",
    "legality": check_legality,
    "drawn": lambda v: v.seen.get("drawn", "not seen on the way"),
    "focus": lambda v: v.seen.get("focus", "not seen on the way") or check_focus(v),
    "cardnames": check_cardnames,
    "language": check_language,
}


def judge(mode: str, size: str, v: View) -> None:
    """Every promise that applies to `mode`, checked on `v`; the cells written; fails on any broken promise (or a
    known gap that no longer fails)."""
    cells: dict[str, str] = {}
    broken = []
    v.size = size
    # "stale" makes a move: the others first, on the position reached
    for promise in sorted(PROMISES, key=lambda p: p == "stale"):
        if promise in APPLIES[mode]:
            cells[promise] = "n/a: " + APPLIES[mode][promise]
            continue
        problem = CHECKS[promise](v)
        known = KNOWN.get((mode, size, promise)) or KNOWN.get((mode, "*", promise))
        cells[promise] = "pass" if problem is None else f"fail: {problem}"
        if known:
            cells[promise] = f"known gap ({known}): {cells[promise]}"
            if problem is None:
                broken.append(f"{promise}: the known gap '{known}' holds now: take it out of KNOWN")
        elif problem is not None:
            broken.append(f"{promise}: {problem}")
    CELLS.mkdir(parents=True, exist_ok=True)
    cells = {p: cells[p] for p in PROMISES}
    (CELLS / f"{mode}-{size}.json").write_text(json.dumps(cells, ensure_ascii=False, indent=1), encoding="utf-8")
    assert not broken, f"{mode} at {size}:\n" + "\n".join(broken)


def shoot(v: View, mode: str, size: str) -> None:
    """The biggest hand on screen, for the eye."""
    v.page.locator(v.cards).first.evaluate(
        "(e) => { const r = e.closest('.sgt-fan') || e; const q = r.getBoundingClientRect();"
        " window.scrollTo({ top: scrollY + q.top - 80, behavior: 'instant' }); }"
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    v.page.screenshot(path=str(SHOTS / f"promises-{mode}-{v.lang}-{size}.png"))


# --------------------------------------------------------------------------- playing to a hand of 20


def state(page: Any, root: str) -> dict[str, Any]:
    return dict(page.evaluate(_STATE, root))


def grow_hand(page: Any, root: str, lang: str) -> tuple[dict[str, Any], dict[str, str | None]]:
    """Play until the reader holds `BIG` cards or more in phase 2 at their turn, one pick-up made: a pick-up whenever offered, made with
    the keyboard, else the first legal card, else the first button of the turn. On the way: after each pick-up the
    focus is back in the hand ("focus"), each card new in the hand in phase 1 is named to the reader ("drawn").
    The state at the end and what was seen."""
    named = names(lang)
    seen: dict[str, str | None] = {}
    drawn = picked = 0
    for _ in range(300):
        now = state(page, root)
        if now["stage"] == "cover":
            page.locator(f'{root} button[data-action="reveal"]').click()
            page.wait_for_function("(sel) => document.querySelector(sel).dataset.turn === 'yours'", arg=root)
            continue
        assert now["turn"] == "yours", f"the game ended before the hand held {BIG} cards: {now}"
        if now["phase"] == "2" and len(now["cards"]) >= BIG and picked:
            seen.setdefault("drawn", None if drawn else "no card drawn on the way")
            seen.setdefault("focus", None)
            return now, seen
        made = page.locator(root).get_attribute("data-moves")
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
            picked += 1
            if not page.evaluate("(sel) => !!document.activeElement?.closest(sel + ' .sgt-fan--mine')", root):
                where = page.evaluate("() => document.activeElement?.outerHTML.slice(0, 100)")
                seen.setdefault("focus", f"after a pick-up the focus is on {where}")
        gained = [c for c in after["cards"] if c not in now["cards"]]
        if now["phase"] == after["phase"] == "1" and gained:
            drawn += 1
            if not any(named[c] in after["drawn"] for c in gained):
                seen.setdefault("drawn", f"{gained} came into the hand, the page said {after['drawn']!r}")
    raise AssertionError(f"no hand of {BIG} cards within 300 moves")


def live_history(v: View, moves: int) -> Callable[[], str | None]:
    """The live narration's history: the last moves kept (newest first), each move put in once."""

    def check() -> str | None:
        heard = v.page.evaluate("() => window.__history")
        kept = v.page.evaluate(_HEARD, f"{v.root} .sgt-history > li .sgt-narration__move")
        if len(heard) != moves:
            return f"{len(heard)} moves put in the narration for {moves} made"
        if len(kept) != min(HISTORY, len(heard)) or kept != heard[::-1][: len(kept)]:
            return f"the history kept {kept[:3]}, the moves were {heard[-3:]}"
        return None

    return check


def live_stale(v: View) -> Callable[[], str | None]:
    """A card that may not be played, pressed: explained under the hand; after the next move the explanation is
    gone (it was about the position before it)."""

    def check() -> str | None:
        page, root = v.page, v.cards.split(" .sgt-fan--mine")[0]  # the live table
        bad = page.locator(f'{root} .sgt-fan--mine button[data-action="play"][data-legal="false"]')
        if not bad.count():
            return "no card that may not be played, to press"
        bad.first.click()
        explain = f'{root} [data-role="explain"]'
        page.wait_for_function("(s) => document.querySelector(s)?.textContent.trim()", arg=explain)
        made = page.locator(root).get_attribute("data-moves")
        page.evaluate(
            """(sel) => { const t = document.querySelector(sel);
            (t.querySelector('.sgt-fan--mine button[data-action="play"][data-legal="true"]')
             || t.querySelector('.sgt-actions button:not([disabled])')).click(); }""",
            root,
        )
        page.wait_for_function(_SETTLED, arg=[root, made])
        left = page.locator(explain).inner_text().strip()
        return f"the refusal stayed after the next move: {left!r}" if left else None

    return check


# --------------------------------------------------------------------------- the modes' adapters


def open_play(ctx: Any, log: NetLog, site_url: str, mode: str, lang: str) -> View:
    """The play page: a two-player deal 2 against a sensible computer (pass and play: Anna and the computer)."""
    page = open_live(ctx, f"{site_url}book/{lang}/play.html", log)
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
    root = f"{PLAY if mode == 'live' else PASS} {LIVE}"
    page.wait_for_function(
        "(sel) => { const r = document.querySelector(sel);"
        " return r && (r.dataset.stage === 'cover' || ['yours', 'over'].includes(r.dataset.turn)); }",
        arg=root,
    )
    return played_to_a_big_hand(page, root, lang, ("Anna",) if mode == "pass" else ())


def played_to_a_big_hand(page: Any, root: str, lang: str, people: tuple[str, ...] = ()) -> View:
    """The live table at `root` (the play page's, the widget's) played to its biggest hand, as a `View`."""
    now, seen = grow_hand(page, root, lang)
    v = View(page, lang, root, f"{root} .sgt-fan--mine button[data-card]", f"{root} .sgt-history > li", seen=seen)
    v.people = people
    # the computer's seat: B against the computer; in pass and play the seats are the people's names ("Dator 2")
    v.computer = page.eval_on_selector_all(
        f"{root} .sgt-seat[data-player]:not(:has(.sgt-fan--mine))", "els => els[0].dataset.player"
    )
    v.history = live_history(v, now["moves"])
    v.stale = live_stale(v)
    return v


def open_widget(ctx: Any, base: str, lang: str) -> View:
    """The Jupyter widget as Voilà shows the play notebook (its first table): two players, seed 2, a new deal, then
    played as the live game is, to the biggest hand. The narration's record starts at the new deal."""
    page = ctx.new_page()
    page.goto(f"{base}voila/render/{lang}/play.ipynb")
    page.locator(LIVE).first.wait_for()
    page.evaluate("(sel) => { document.querySelector(sel).id = 'promise-widget'; }", LIVE)
    root = "#promise-widget"
    page.wait_for_function("(sel) => ['yours', 'over'].includes(document.querySelector(sel).dataset.turn)", arg=root)
    for key in ("players", "seed"):
        field = page.locator(f'{root} input[data-option="{key}"]')
        field.fill("2")
        field.dispatch_event("change")
    page.wait_for_function("(sel) => document.querySelector(sel + ' .sgt-note').textContent.length > 0", arg=root)
    page.evaluate("() => { window.__history = []; }")
    page.locator(f'{root} button[data-action="new"]').click()
    page.wait_for_function(
        "(sel) => { const r = document.querySelector(sel); return r.querySelector('.sgt-note').textContent === ''"
        " && ['yours', 'over'].includes(r.dataset.turn); }",
        arg=root,
    )
    return played_to_a_big_hand(page, root, lang)


@dataclass
class TableGame:
    """A two-seat table of the table server (Eva on a phone, a sensible computer), its projector at the same size."""

    phone: Any
    host: Any
    code: str
    lang: str
    big: View | None = None


def open_table(browser: Any, base: str, size: str, lang: str) -> TableGame:
    body = json.dumps({"seats": 2, "computers": "sensible", "seed": 7}).encode()
    ask = urllib.request.Request(f"{base}/api/tables?lang={lang}", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(ask) as answer:
        table = json.load(answer)
    phone = size == "phone"
    kept = json.dumps({"code": table["code"], "host": table["host"]})
    host_ctx = browser.new_context(viewport=SIZES[size], service_workers="block", has_touch=phone, is_mobile=phone)
    host_ctx.add_init_script(f"localStorage.setItem('skitgubbe-table-host', {json.dumps(kept)});")
    phone_ctx = browser.new_context(viewport=SIZES[size], service_workers="block", has_touch=phone, is_mobile=phone)
    phone_ctx.add_init_script(RECORD)
    phone_ctx.add_init_script(KEEP_SOCKETS)
    for ctx in (host_ctx, phone_ctx):
        ctx.set_default_timeout(30_000)
    host = host_ctx.new_page()
    host.goto(f"{base}/?lang={lang}")
    host.locator('[data-role="link"]').wait_for()
    page = phone_ctx.new_page()
    page.goto(f"{base}/t/{table['code']}?lang={lang}")
    page.get_by_label(PAGE.phrase("name", lang)).fill("Eva")
    page.get_by_role("button", name=PAGE.phrase("join", lang)).click()
    page.wait_for_selector(LIVE)
    host.get_by_role("button", name=PAGE.phrase("start", lang)).click()
    page.wait_for_function("(sel) => ['yours', 'over'].includes(document.querySelector(sel).dataset.turn)", arg=LIVE)
    return TableGame(page, host, table["code"], lang)


def table_phone(game: TableGame) -> View:
    if game.big is None:
        now, seen = grow_hand(game.phone, LIVE, game.lang)
        v = View(
            game.phone, game.lang, "#sgs-phone", f"{LIVE} .sgt-fan--mine button[data-card]", f"{LIVE} .sgt-history > li"
        )
        v.seen, v.people, v.computer = seen, ("Eva",), "B"
        v.history = live_history(v, now["moves"])
        v.stale = live_stale(v)
        game.big = v
    return game.big


def projector(game: TableGame) -> View:
    phone = table_phone(game)
    host = game.host
    v = View(host, game.lang, "#sgs-host", ".sgs-projector .sgt-fan--mine [data-card]")
    v.narration = ".sgs-projector [data-role=narration] li"
    v.people, v.computer = ("Eva",), "B"
    moves = int(phone.page.locator(LIVE).get_attribute("data-moves") or 0)

    def kept() -> str | None:
        try:
            _last_moves_kept(host, moves)
        except AssertionError as e:
            return f"the projector's last moves: {e}"
        return None

    v.history = v.stale = kept
    return v


def table_replay(game: TableGame) -> View:
    """The phone's Replay at the end: the game played out, the Replay stepped to Eva's biggest hand."""
    table_phone(game)
    page = game.phone
    page.evaluate(
        """async (sel) => { const t = document.querySelector(sel);
        const until = (ok) => new Promise((done) => { const look = () => (ok() ? done() : requestAnimationFrame(look)); look(); });
        for (let i = 0; i < 600 && t.dataset.over !== 'true'; i++) {
            await until(() => ['yours', 'over'].includes(t.dataset.turn));
            if (t.dataset.over === 'true' || t.dataset.turn === 'over') break;
            const made = t.dataset.moves;
            (t.querySelector('.sgt-fan--mine button[data-action="play"][data-legal="true"]')
             || t.querySelector('.sgt-actions button:not([disabled])')
             || t.querySelector('.sgt-fan--mine button[data-action="select"]')).click();
            await until(() => t.dataset.moves !== made || t.dataset.over === 'true');
        } }""",
        LIVE,
    )
    root = f"{LIVE} .sgt-after .sgt--replay"
    page.wait_for_selector(root)
    return replay_view(page, game.lang, root, ("Eva",), "B")


def replay_view(page: Any, lang: str, root: str, people: tuple[str, ...] = (), computer: str = "") -> View:
    """A Replay (`root`) stepped to the first frame where a hand holds the most cards (at least `BIG`)."""
    # the frame with the biggest hand: step with the slider until a fan holds the most cards
    at = page.locator(root).evaluate(
        """async (r) => { const slider = r.querySelector('.sgt-slider'); const n = Number(slider.max);
        let best = [-1, 0];
        for (let i = 0; i <= n; i++) { slider.value = String(i); slider.dispatchEvent(new Event('input', { bubbles: true }));
            const most = Math.max(...[...r.querySelectorAll('.sgt-fan--hand')].map((f) => f.querySelectorAll('.sgt-card').length));
            if (most > best[1]) best = [i, most]; }
        slider.value = String(best[0]); slider.dispatchEvent(new Event('input', { bubbles: true }));
        return best; }"""
    )
    page.wait_for_function("([r, i]) => document.querySelector(r).dataset.frame === String(i)", arg=[root, at[0]])
    seat = page.locator(root).evaluate(
        "(r, n) => [...r.querySelectorAll('.sgt-seat')].find((s) => s.querySelectorAll('.sgt-fan--hand .sgt-card').length === n)"
        ".dataset.player",
        at[1],
    )
    v = View(page, lang, root, f'{root} .sgt-seat[data-player="{seat}"] .sgt-fan--hand .sgt-card')
    v.narration = f"{root} [data-role=narration] .sgt-narration__move"
    v.people, v.computer = people, computer

    def listed() -> str | None:
        items = page.locator(f"{root} .sgt-movelist__item")
        current = page.locator(f'{root} .sgt-movelist__item[aria-current="step"]').get_attribute("data-frame")
        last = int(page.locator(f"{root} .sgt-slider").get_attribute("max") or 0)
        if items.count() != last + 1 or current != str(at[0]):
            return f"{items.count()} items for {last + 1} frames, the current one {current} (frame {at[0]})"
        return None

    v.history = listed
    return v


def open_replay(ctx: Any, log: NetLog, site_url: str, lang: str) -> View:
    """The first game's Replay (a hand of 28 cards in it)."""
    page = open_live(ctx, f"{site_url}book/{lang}/first-game.html", log)
    page.wait_for_selector(".sgt--replay .sgt-board")
    return replay_view(page, lang, ".sgt--replay")


def open_exercise(ctx: Any, log: NetLog, site_url: str, lang: str) -> View:
    """The learning path's exercise answered wrong with a move that is legal (the board shows the move made)."""
    from skitgubbe.views.exercise_data import exercises

    page = open_live(ctx, f"{site_url}book/{lang}/learn.html", log)
    page.wait_for_selector("article[data-exercise][data-mounted] .sgt-boardbox", state="attached")
    chosen = next(
        (key, i) for key, ex in exercises().items() for i, o in enumerate(ex.options) if not o.right and o.verdict.legal
    )
    section = f'article[data-exercise="{chosen[0]}"]'
    page.locator(f'{section} button[data-option="{chosen[1]}"]').click()
    page.locator(f'{section} [data-role="explain"] p').first.wait_for()
    board = f'{section} [data-role="exercise-board"]'
    biggest = page.locator(board).evaluate(
        "(b) => { const f = [...b.querySelectorAll('.sgt-fan--hand')]; const n = Math.max(...f.map((x) => x.querySelectorAll('.sgt-card').length));"
        " return [f.findIndex((x) => x.querySelectorAll('.sgt-card').length === n), n]; }"
    )
    seat = page.locator(board).evaluate(
        "(b, i) => b.querySelectorAll('.sgt-fan--hand')[i].closest('.sgt-seat').dataset.player", biggest[0]
    )
    cards = f'{board} .sgt-seat[data-player="{seat}"] .sgt-fan--hand .sgt-card'
    v = View(page, lang, section, cards, f"{board} [data-role=narration] .sgt-narration__move", fewest=biggest[1])

    def verdict() -> str | None:
        said = page.locator(f"{board} [data-role=narration] .sgt-narration__move").inner_text()
        if "✓" in said or page.locator(section).get_attribute("data-result") != "wrong":
            return f"a wrong answer's board says {said!r}"
        head = page.locator(f'{section} [data-role="explain"] strong').first.inner_text()
        return None if head.startswith(EXERCISE.phrase("wrong", lang)) else f"the headline says {head!r}"

    v.stale = verdict
    return v


#: a two-player phase-2 position where A holds 20 cards and B 6, B has led: A may beat or pick up
BIG_CASE = {
    "rules": "pagat",
    "players": ["A", "B"],
    "phase": 2,
    "trump": "H",
    "hands": {
        "A": [
            "2C",
            "3C",
            "4C",
            "5C",
            "6C",
            "7C",
            "8C",
            "9C",
            "10C",
            "JC",
            "QC",
            "KC",
            "AC",
            "2D",
            "3D",
            "4D",
            "5D",
            "6D",
            "7D",
            "8D",
        ],
        "B": ["9D", "10D", "JD", "QD", "KD", "AD"],
    },
    "table": [],
    "to_play": "B",
    "moves": ["B: 9D", "A: pick up"],
}


def open_checker(ctx: Any, log: NetLog, site_url: str, lang: str) -> View:
    page = open_live(ctx, f"{site_url}book/{lang}/checker.html#case={case_editor.encode(BIG_CASE)}", log)
    page.wait_for_function(
        "(root) => { const t = document.querySelector(root + ' .sgt--checker'); return t && t.dataset.state === 'judged'; }",
        arg=CHECKER,
    )
    root = f"{CHECKER} .sgt--checker"
    page.locator(f"{root} details[data-role='every-move'] summary").click()  # its controls measured too
    hand = page.locator(root).evaluate(
        "(r) => { const g = [...r.querySelectorAll('[role=group]')].find((x) => x.querySelectorAll('button[data-card]').length >= 20);"
        " return g ? g.getAttribute('aria-label') : ''; }"
    )
    v = View(page, lang, root, f'{root} [role=group][aria-label="{hand}"] button[data-card]')

    def moves() -> str | None:
        items = page.locator(f"{root} [data-role='moves'] li").count()
        return None if items >= 0 else "no move list"

    v.history = moves
    v.narration = f"{root} [data-role=narration]"
    return v


# --------------------------------------------------------------------------- the matrix

#: the table server's modes share one game per size (its language by the size)
TABLE_MODES = ("table", "projector", "table-replay")
MODES = ("live", "pass", "widget", "table", "projector", "table-replay", "replay", "exercise", "checker")
#: each (mode, size) once; each mode in each language once (the language by size)
MATRIX = [
    (mode, size, ("sv", "en")[(j if mode in TABLE_MODES else i + j) % 2])
    for i, mode in enumerate(MODES)
    for j, size in enumerate(SIZES)
]
_GAMES: dict[str, TableGame] = {}


@pytest.fixture(scope="module")
def tables(browser: Any, server: str) -> Iterator[dict[str, TableGame]]:  # noqa: F811
    """The table server's games of this module, one per size (the phone, the projector and the Replay share it)."""
    games: dict[str, TableGame] = {}
    yield games
    for game in games.values():
        game.phone.context.close()
        game.host.context.close()


@pytest.mark.parametrize(("mode", "size", "lang"), MATRIX, ids=[f"{m}-{s}-{lang}" for m, s, lang in MATRIX])
def test_the_promises(mode: str, size: str, lang: str, browser: Any, request: pytest.FixtureRequest) -> None:
    if mode in TABLE_MODES:
        games = request.getfixturevalue("tables")
        if size not in games:
            games[size] = open_table(browser, request.getfixturevalue("server"), size, lang)
        game = games[size]
        v = {"table": table_phone, "projector": projector, "table-replay": table_replay}[mode](game)
        if mode == "projector":
            game.host.screenshot(path=str(SHOTS / f"promises-projector-{game.lang}-{size}.png"))
        else:
            shoot(v, mode, size)
        judge(mode, size, v)
        return
    phone = size == "phone"
    if mode == "widget":
        ctx = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone, service_workers="block")
        ctx.set_default_timeout(VOILA_KERNEL_TIMEOUT_MS)
        ctx.add_init_script(RECORD)
        try:
            v = open_widget(ctx, request.getfixturevalue("voila_url"), lang)
            shoot(v, mode, size)
            judge(mode, size, v)
        finally:
            ctx.close()
        return
    site_url = request.getfixturevalue("site_url")
    with checked_context(browser, site_url, viewport=SIZES[size], has_touch=phone, is_mobile=phone) as (ctx, log):
        ctx.add_init_script(RECORD)
        if mode in ("live", "pass"):
            v = open_play(ctx, log, site_url, mode, lang)
        elif mode == "replay":
            v = open_replay(ctx, log, site_url, lang)
        elif mode == "exercise":
            v = open_exercise(ctx, log, site_url, lang)
        else:
            v = open_checker(ctx, log, site_url, lang)
        shoot(v, mode, size)
        judge(mode, size, v)


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
