"""Pass and play in the static site (issue 44 item 5), in Debian's chromium, both editions, on a phone (390x844, touch).

On the play page's pass-and-play panel, three people (Anna, Bert, Cilla) and one computer seat play a whole game by
tapping, on the browser-live engine (nothing requested off 127.0.0.1, no console error):
- seats that cannot be dealt (two of one name) are said on the panel and nothing starts; every control of the panel
  is a 44 px touch target;
- between two people's turns the cover is up and names the person to play; its button has the focus; no card of a
  hand is in the DOM, and no card's name in the accessibility tree (not only hidden by CSS); after "I am …: show my
  hand" the person's hand is drawn and its first card has the focus; the same person again (the computer between,
  or they lead the next trick) plays on with no cover, the focus still in the table;
- the narration (aria-live) says each computer move once;
- a card that is not legal, tapped, is explained under the hand with its rule;
- at the end the loser is said, every hand is open, each person can choose their own review, and "Play again" deals
  the next deal to the same people (the cover for the first of them);
- axe-core finds no critical or serious violation (the cover, the end); no horizontal scroll; the table's controls
  are 44 px targets at the cover and the end (at a 20-card hand: tests/browser/test_board_promises.py, the "pass"
  mode). Screenshots (cover, hand, end) go to _build/screenshots/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_pages import AXE, AXE_RUN
from helpers import SHOTS
from live_helpers import NetLog, live_table_context, no_horizontal_scroll, open_live, tap_legal
from touch_helpers import targets, too_small

from skitgubbe.engine.cards import DECK
from skitgubbe.text.pass_words import PASS_TABLE
from skitgubbe.text.table_words import TABLE

pytestmark = pytest.mark.browser

PANEL = '[data-skitgubbe-live="pass"]'
LIVE = f"{PANEL} .sgt--live"
PEOPLE = ("Anna", "Bert", "Cilla")
MAX_STEPS = 3000

#: after a tap: the table has taken the move and waits again (the cover, the end, or the same person's turn)
SETTLED = """([sel, moves]) => { const r = document.querySelector(sel); const t = r.dataset.turn, s = r.dataset.stage;
    if (t === 'busy') return false;
    return s === 'cover' || s === 'open' || (t === 'yours' && Number(r.dataset.moves) > moves); }"""
#: every move line put into the narration (what a screen reader reads of the live region), from now on
WATCH_NARRATION = """(sel) => { window.__said = []; const n = document.querySelector(sel + ' [data-role="narration"]');
    new MutationObserver((records) => { for (const r of records) for (const node of r.addedNodes) {
        const move = node.nodeType === 1 && (node.matches('.sgt-narration__move') ? node : node.querySelector('.sgt-narration__move'));
        if (move) window.__said.push(move.querySelector('strong')?.textContent ?? ''); } })
        .observe(n, { childList: true, subtree: true }); }"""


@pytest.fixture
def phone(live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog]]:
    with live_table_context(live_browser, site_url, "phone") as (context, log, _):
        yield context, log


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def axe_clean(page: Any, where: str) -> None:
    """axe-core on the whole page, at its top (the theme's back-to-top button is not ours)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_selector("#pst-back-to-top", state="hidden")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate(AXE_RUN)
    assert not violations, f"{where}: {violations}"


def model_view(page: Any) -> Any:
    return page.evaluate(f"() => document.querySelector('{PANEL}').skitgubbeModel.get('view')")


def choose_seats(page: Any, lang: str) -> Any:
    """Anna, Bert, a sensible computer and Cilla, deal 3; a name twice first: said, nothing started."""
    panel = page.locator(PANEL)
    small = too_small(targets(page, PANEL))
    assert not small, f"the pass-and-play panel before Start ({lang}): {small}"
    panel.locator('input[name="seed"]').fill("3")
    panel.locator('[data-seat="1"] input[data-seat-name]').fill("Anna")
    panel.locator('[data-seat="2"] input[data-seat-name]').fill("anna")
    panel.locator('[data-seat="3"] select[data-seat-kind]').select_option("sensible")
    assert panel.locator('[data-seat="3"] input[data-seat-name]').is_hidden()
    panel.locator('[data-seat="4"] select[data-seat-kind]').select_option("person")
    panel.locator('[data-seat="4"] input[data-seat-name]').fill("Cilla")
    start = panel.locator('button[data-action="start"]')
    start.tap()
    problem = panel.locator('[data-role="problem"]')
    assert problem.inner_text() == PASS_TABLE.phrase("name_twice", lang, name="anna")
    assert panel.get_attribute("data-engine") is None, "the engine started for seats that cannot be dealt"
    panel.locator('[data-seat="2"] input[data-seat-name]').fill("Bert")
    start.tap()
    page.wait_for_selector(f"{LIVE}[data-stage='cover']")
    return panel.locator(".sgt--live")


def assert_covered(page: Any, table: Any, lang: str, name: str) -> None:
    """The cover names `name` and has the focus; no hand's card in the DOM, no card's name in the accessibility tree."""
    cover = table.locator('[data-role="cover"]')
    assert cover.is_visible()
    assert cover.locator(".sgt-cover__title").inner_text() == PASS_TABLE.phrase("cover_title", lang, name=name)
    button = cover.locator('button[data-action="reveal"]')
    assert button.inner_text() == PASS_TABLE.phrase("reveal", lang, name=name)
    assert page.evaluate("() => document.activeElement?.dataset.action") == "reveal", "the cover's button lacks focus"
    faces = page.evaluate(
        "(sel) => [...document.querySelectorAll(sel + ' .sgt-fan--hand [data-card]')].map(c => c.dataset.card)"
        ".filter(c => c !== 'back').concat([...document.querySelectorAll(sel + ' .sgt-fan--mine')].map(() => 'mine'))",
        LIVE,
    )
    assert not faces, f"cards of a hand in the DOM under the cover: {faces}"
    tree = page.locator(PANEL).aria_snapshot()
    named = [card.name_in(lang) for card in DECK if f'"{card.name_in(lang)}"' in tree]
    assert not named, f"cards named in the accessibility tree under the cover: {named}"


def reveal(page: Any, table: Any) -> list[str]:
    """Tap the cover's button: the hand is drawn, its first card has the focus; the hand's cards."""
    table.locator('button[data-action="reveal"]').tap()
    page.wait_for_function(
        "(sel) => { const r = document.querySelector(sel);"
        " return r.dataset.stage === 'hand' && r.dataset.turn === 'yours'; }",
        arg=LIVE,
    )
    first = page.evaluate(
        "(sel) => document.activeElement === document.querySelector(sel + ' .sgt-fan--mine button[data-card]')", LIVE
    )
    assert first, "the hand's first card lacks focus after the cover"
    cards: list[str] = table.locator(".sgt-fan--mine button[data-card]").evaluate_all(
        "bs => bs.map(b => b.dataset.card)"
    )
    assert cards and "back" not in cards
    return cards


def tap_refused(page: Any, table: Any, lang: str) -> None:
    """Tap a dimmed card: it is explained under the hand with its rule, and nothing changed."""
    moves = table.get_attribute("data-moves")
    table.locator('.sgt-fan--mine button[data-action="play"][data-legal="false"]').first.tap()
    explain = table.locator('[data-role="explain"]')
    explain.locator(".sgt-illegal").wait_for()
    said = explain.inner_text()
    assert TABLE.phrase("rule", lang) in said and explain.locator(".sgt-ruleid").count() == 1, said
    assert ("ej tillåtet" if lang == "sv" else "illegal") in said
    assert table.get_attribute("data-moves") == moves


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_three_people_and_a_computer_play_a_whole_game_on_one_phone(
    phone: tuple[Any, NetLog], site_url: str, lang: str
) -> None:
    context, log = phone
    page = open_live(context, f"{site_url}book/{lang}/play.html", log)
    table = choose_seats(page, lang)
    page.evaluate(WATCH_NARRATION, LIVE)
    computer = PASS_TABLE.phrase("computer_name", lang, n=3)
    covers, again, refused, seen = 0, 0, False, False
    for _ in range(MAX_STEPS):
        stage = table.get_attribute("data-stage")
        if stage == "open":
            break
        view = model_view(page)
        if stage == "cover":
            assert view["cover"] == view["to_play"] and view["to_play"] in PEOPLE
            assert_covered(page, table, lang, view["cover"])
            covers += 1
            if covers == 1:
                shot(page, f"pass-{lang}-cover-390")
                assert not too_small(targets(page, f"{LIVE} .sgt-cover"))
                no_horizontal_scroll(page)
                axe_clean(page, f"the cover ({lang})")
            reveal(page, table)
            continue
        assert stage == "hand" and table.get_attribute("data-turn") == "yours", (stage, view["to_play"])
        if not seen:  # once: the hand on a phone (its targets and clipping: test_board_promises, pass)
            seen = True
            shot(page, f"pass-{lang}-hand-390")
        if not refused and table.locator('.sgt-fan--mine button[data-legal="false"]').count():
            tap_refused(page, table, lang)
            refused = True
        moves = int(table.get_attribute("data-moves") or 0)
        if tap_legal(table, touch=True):
            page.wait_for_function(SETTLED, arg=[LIVE, moves])
            if table.get_attribute("data-stage") == "hand":  # the same person again: no cover, the focus stays
                again += 1
                assert model_view(page)["you"] == view["to_play"]
                assert page.evaluate("(sel) => document.querySelector(sel).contains(document.activeElement)", LIVE)
    assert table.get_attribute("data-stage") == "open", "the game did not end"
    assert covers >= 3 and again >= 1 and refused, (covers, again, refused)
    # the narration put in each computer move once (a screen reader reads what a live region is given)
    record = page.evaluate(f"() => document.querySelector('{PANEL}').skitgubbeModel.get('record')")
    by_computer = [m for m in record["moves"] if m.startswith(f"{computer}: ")]
    said = [t for t in page.evaluate("() => window.__said") if t.startswith(f"{computer}: ")]
    assert by_computer and len(said) == len(by_computer), (len(said), len(by_computer))
    # the end: the loser, every hand open, whose review, the Replay; play again with the same people
    view = model_view(page)
    over = table.locator(".sgt-over")
    assert over.is_visible()
    assert TABLE.phrase("over_loser", lang, name=view["loser"]) in over.inner_text()
    assert all(hand["cards"] is not None for hand in view["hands"].values())
    reviewer = over.locator('select[data-role="reviewer"]')
    assert reviewer.locator("option").all_inner_texts() == list(PEOPLE)
    reviewer.select_option("Bert")
    page.wait_for_function(f"() => document.querySelector('{PANEL}').skitgubbeModel.get('view').you === 'Bert'")
    assert table.locator('.sgt-seat--bottom[data-player="Bert"]').count() == 1, "the end's board is not Bert's"
    over.scroll_into_view_if_needed()
    shot(page, f"pass-{lang}-over-390")
    assert not too_small(targets(page, f"{LIVE} .sgt-over")), too_small(targets(page, f"{LIVE} .sgt-over"))
    no_horizontal_scroll(page)
    axe_clean(page, f"the end ({lang})")
    over.locator('button[data-action="play-again"]').tap()
    page.wait_for_selector(f"{LIVE}[data-stage='cover']")
    assert_covered(page, table, lang, "Anna")
    again = model_view(page)
    assert again["people"] == list(PEOPLE) and again["moves"] == 0
