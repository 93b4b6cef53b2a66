"""Touch targets as a thumb finds them: the part of a control one can see and tap.

`targets(page, root, selector)` scrolls the window (and a box the reader can scroll, such as a move list; never a box
that clips) so that each matching, displayed element of `root` is mid-screen, and measures
- its box clipped by the viewport and by every ancestor whose overflow is not visible (`width`, `height`), and
- the part of that box where `document.elementFromPoint` (sampled every `STEP` px) finds the element itself or
  something inside it: the longest run of hits along a row and along a column, the smaller of the two (`side`): the
  part that other elements (an overlapping card, a sticky header) do not cover. A card under the next one in a fan
  counts only by its uncovered strip.
The side is never more than the clipped box's shorter edge. A checkbox counts by its label (`.sgt-toggle`): the label
is what one taps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: the controls of a table, a Replay or a live panel (a checkbox by its label; a hidden input is no control)
CONTROLS = (
    "button, select, summary, a[href], .sgt-toggle, "
    "input:not([type='checkbox']):not([type='radio']):not([type='hidden'])"
)
MIN_TARGET = 44
STEP = 2

_MEASURE = """([root, selector, step]) => {
    const base = typeof root === 'string' ? document.querySelector(root) : root;
    const found = base ? [...base.querySelectorAll(selector)] : [];
    // checkVisibility: not the content of a closed <details> (Chromium keeps its boxes, hidden by content-visibility)
    const shown = found.filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden'
        && (!el.checkVisibility || el.checkVisibility()));
    const name = (el) => (el.getAttribute('aria-label') || el.getAttribute('data-card') || el.getAttribute('data-step')
        || el.getAttribute('data-action') || el.getAttribute('data-option') || el.getAttribute('name')
        || el.textContent.trim().slice(0, 40) || el.tagName.toLowerCase());
    return shown.map((el) => {
        // the window scrolled, and a box the reader can scroll (overflow auto or scroll: a move list); never a box
        // that clips (overflow hidden or clip), whose clipped part no finger can bring back
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
            const cs = getComputedStyle(a);
            if (!['auto', 'scroll'].includes(cs.overflowY) || a.scrollHeight <= a.clientHeight) continue;
            const q = a.getBoundingClientRect(), e = el.getBoundingClientRect();
            a.scrollTop += e.top + e.height / 2 - (q.top + q.height / 2);
        }
        const r0 = el.getBoundingClientRect();
        window.scrollTo({ top: scrollY + r0.top + r0.height / 2 - innerHeight / 2, behavior: 'instant' });
        const r = el.getBoundingClientRect();
        let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
        for (let a = el.parentElement; a; a = a.parentElement) {
            const cs = getComputedStyle(a);
            const ar = a.getBoundingClientRect();
            if (cs.overflowX !== 'visible') { left = Math.max(left, ar.left); right = Math.min(right, ar.right); }
            if (cs.overflowY !== 'visible') { top = Math.max(top, ar.top); bottom = Math.min(bottom, ar.bottom); }
        }
        left = Math.max(left, 0); top = Math.max(top, 0);
        right = Math.min(right, innerWidth); bottom = Math.min(bottom, innerHeight);
        const width = Math.max(0, right - left), height = Math.max(0, bottom - top);
        const cols = Math.floor(width / step), rows = Math.floor(height / step);
        // the longest run of hits along a row (the visible width) and along a column (the visible height); a
        // rounded corner misses a point or two and shortens neither, a card on top of another shortens the run.
        // Points are probed only when asked (and once): a run as long as the row (column) ends that pass, since no
        // other row (column) can be longer, so an uncovered control costs a row and a column, not the whole grid.
        const probed = new Map();
        const hit = (i, j) => { const key = i * 100003 + j; let v = probed.get(key);
            if (v === undefined) { const at = document.elementFromPoint(left + step * (i + 0.5), top + step * (j + 0.5));
                v = Boolean(at && (at === el || el.contains(at))); probed.set(key, v); } return v; };
        const longest = (n, m, at) => { let best = 0; for (let a = 0; a < n && best < m; a++) { let run = 0;
            for (let b = 0; b < m; b++) { run = at(a, b) ? run + 1 : 0; best = Math.max(best, run); } } return best; };
        const across = longest(rows, cols, (j, i) => hit(i, j)) * step;
        const down = longest(cols, rows, (i, j) => hit(i, j)) * step;
        const best = Math.min(across, down) / step;
        return { name: name(el), tag: el.tagName.toLowerCase(), width, height,
                 side: Math.min(best * step, width, height) };
    });
}"""


@dataclass(frozen=True)
class Target:
    """One control's visible, tappable part (CSS px): its clipped box and the shorter of its uncovered runs."""

    name: str
    tag: str
    width: float
    height: float
    side: float

    def __str__(self) -> str:
        return f"{self.tag} {self.name!r}: {self.width:.0f} x {self.height:.0f}, tappable {self.side:.0f} px"


def targets(page: Any, root: Any, selector: str = CONTROLS) -> list[Target]:
    """Every displayed control matching `selector` inside `root` (a CSS selector, or an element handle / locator's
    handle), measured as the module says. Scrolls the window (each control to the middle of the viewport)."""
    handle = root.element_handle() if hasattr(root, "element_handle") else root
    found = page.evaluate(_MEASURE, [handle, selector, STEP])
    return [Target(**t) for t in found]


def too_small(found: list[Target], minimum: float = MIN_TARGET) -> list[str]:
    """The controls whose tappable square is under `minimum` px, said readably."""
    return [str(t) for t in found if t.side < minimum]
