"""Play under house rules the fast core does not play (issue 40 item 1), in Debian's chromium, both editions, on a
phone: on the house-rules page choose everyone plays with throwing on at any time, press *Play under these rules*,
start against the strong player, take hints, play the game out and review it. No computer move, hint or review
answers with an internal error, no console error, and the table says (`[data-role="search-note"]`, polite) in the
page's language that the strong search runs on the engine here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from live_helpers import NetLog, live_table_context, open_live

from skitgubbe.engine.kernel import layout
from skitgubbe.rules.options import PRESETS, Rules, ThrowOn
from skitgubbe.text.review_words import SEARCH_NOTES
from skitgubbe.text.session_words import SESSION

pytestmark = pytest.mark.browser

PANEL = '[data-skitgubbe-live="play"]'
LIVE = f"{PANEL} .sgt--live"
MODEL = f"(key) => document.querySelector('{PANEL}').skitgubbeModel.get(key)"
#: the reader's turns a hint is asked on; the reader's moves at most before the game must be over
HINTS = 4
MOVES = 400


@pytest.fixture
def phone(live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog, str]]:
    with live_table_context(live_browser, site_url, "phone") as opened:
        yield opened


def no_internal_error(page: Any, lang: str) -> None:
    """The table's message is never the internal-error line (whatever the fault's kind)."""
    internal = SESSION.phrase("internal", lang, kind="\x00").split("\x00")[0]
    message = page.evaluate(MODEL, "message") or ""
    assert internal not in message, message


def reader_turn(page: Any) -> str:
    """Wait for the reader's turn or the end; which ("yours" or "over")."""
    page.wait_for_function(
        "(sel) => ['yours', 'over'].includes(document.querySelector(sel)?.dataset.turn)", arg=LIVE, timeout=120_000
    )
    return str(page.locator(LIVE).get_attribute("data-turn"))


def play(page: Any, move: str) -> None:
    """Play `move` (its text, as the table's typed box takes it) and wait until the computer hands the turn back."""
    table = page.locator(LIVE)
    made = table.get_attribute("data-your-moves")
    table.locator("input.sgt-typed").fill(move)
    table.locator("input.sgt-typed").press("Enter")
    page.wait_for_function(
        "([sel, made]) => { const r = document.querySelector(sel);"
        " return r.dataset.yourMoves !== made && r.dataset.turn !== 'busy'; }",
        arg=[LIVE, made],
        timeout=120_000,
    )


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_throw_on_any_time_from_the_house_rules_page_plays_hints_and_reviews(
    phone: tuple[Any, NetLog, str], site_url: str, lang: str
) -> None:
    context, log, _size = phone
    page = open_live(context, f"{site_url}book/{lang}/house-rules.html", log)
    page.wait_for_selector("[data-role='play-link'][href]")
    page.select_option("[data-option='preset']", "alla-spelar")
    page.select_option("[data-option='throw_on']", ThrowOn.ANYTIME.value)
    page.wait_for_function("() => document.querySelector(\"[data-role='refusal']\").hidden")
    page.locator("[data-role='play-link']").click()
    page.wait_for_url(f"**/book/{lang}/play.html#rules=*")
    page.wait_for_load_state("load")
    panel = page.locator(PANEL)
    panel.locator('select[name="opponents"]').select_option("strong")
    panel.locator('button[data-action="start"]').click()
    reader_turn(page)
    rules = Rules.from_spec(page.evaluate(MODEL, "dealt_rules"))
    assert rules == PRESETS["alla-spelar"].with_options(throw_on=ThrowOn.ANYTIME)
    assert layout.refusal(rules) == layout.OUT_OF_TURN
    note = page.locator(f'{LIVE} [data-role="search-note"]')
    note.wait_for(state="visible")
    assert note.inner_text() == SEARCH_NOTES.phrase(layout.OUT_OF_TURN, lang)
    assert note.get_attribute("aria-live") == "polite" and note.get_attribute("role") is None
    hints = 0
    for _ in range(MOVES):
        no_internal_error(page, lang)
        if reader_turn(page) == "over":
            break
        if hints < HINTS:
            page.locator(f'{LIVE} button[data-action="hint"]').click()
            page.wait_for_function(f"() => ({MODEL})('hint')?.move", timeout=60_000)
            hint = page.evaluate(MODEL, "hint")
            assert hint["search_note"] == note.inner_text()
            move = hint["move"]
            hints += 1
        else:
            move = page.evaluate(MODEL, "view")["actions"][0]["move"]
        play(page, move)
    assert reader_turn(page) == "over", "the game did not end"
    assert hints > 0
    page.locator(f'{LIVE} button[data-action="review"]').click()
    page.wait_for_function(
        "(sel) => document.querySelector(sel + ' [data-role=\"review\"]')?.dataset.state === 'done'",
        arg=LIVE,
        timeout=180_000,
        polling=200,
    )
    no_internal_error(page, lang)
    review = page.evaluate(MODEL, "review")
    assert review["search_note"] == SEARCH_NOTES.phrase(layout.OUT_OF_TURN, lang)
    assert page.locator(f'{LIVE} [data-role="review-item"]').count() == review["total"]
    assert note.is_visible()
