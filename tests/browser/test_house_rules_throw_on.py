"""Play under house rules the fast core does not play (issue 40 item 1), in Debian's chromium: on the house-rules page
choose everyone plays with throwing on at any time or on one's own rank, press *Play under these rules*, start
against the strong player, take hints and play. No computer move, hint or review answers with an internal error, no
console error, and the table says (`[data-role="search-note"]`, polite) in the page's language that the strong
search runs on the engine here.

Each edition plays both throw-on rules and both viewports, one case each: on the phone the game is played out and
reviewed, on the desktop the first `SHORT_MOVES` of the reader's moves are played (the same code answers; the
review's nine seconds are spent once per edition).
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
#: the reader's moves of a case that is not played out
SHORT_MOVES = 8
#: (edition, throw-on rule, viewport): each edition plays each rule and each viewport once
CASES = [
    ("sv", ThrowOn.ANYTIME, "phone"),
    ("sv", ThrowOn.OWN_RANK, "desktop"),
    ("en", ThrowOn.OWN_RANK, "phone"),
    ("en", ThrowOn.ANYTIME, "desktop"),
]


@pytest.fixture
def table(request: pytest.FixtureRequest, live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog, str]]:
    with live_table_context(live_browser, site_url, request.param) as opened:
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


@pytest.mark.parametrize(
    ("lang", "throw_on", "table"),
    CASES,
    indirect=["table"],
    ids=[f"{lang}-{throw_on.value}-{size}" for lang, throw_on, size in CASES],
)
def test_throw_on_out_of_turn_from_the_house_rules_page_plays_hints_and_reviews(
    table: tuple[Any, NetLog, str], site_url: str, lang: str, throw_on: ThrowOn
) -> None:
    context, log, size = table
    played_out = size == "phone"
    page = open_live(context, f"{site_url}book/{lang}/house-rules.html", log)
    page.wait_for_selector("[data-role='play-link'][href]")
    page.select_option("[data-option='preset']", "alla-spelar")
    page.select_option("[data-option='throw_on']", throw_on.value)
    page.wait_for_function("() => document.querySelector(\"[data-role='refusal']\").hidden")
    page.locator("[data-role='play-link']").click()
    page.wait_for_url(f"**/book/{lang}/play.html#rules=*")
    page.wait_for_load_state("load")
    panel = page.locator(PANEL)
    panel.locator('select[name="opponents"]').select_option("strong")
    panel.locator('button[data-action="start"]').click()
    reader_turn(page)
    rules = Rules.from_spec(page.evaluate(MODEL, "dealt_rules"))
    assert rules == PRESETS["alla-spelar"].with_options(throw_on=throw_on)
    assert layout.refusal(rules) == layout.OUT_OF_TURN
    note = page.locator(f'{LIVE} [data-role="search-note"]')
    note.wait_for(state="visible")
    assert note.inner_text() == SEARCH_NOTES.phrase(layout.OUT_OF_TURN, lang)
    assert note.get_attribute("aria-live") == "polite" and note.get_attribute("role") is None
    hints = 0
    for _ in range(MOVES if played_out else SHORT_MOVES):
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
    no_internal_error(page, lang)
    assert hints > 0
    if not played_out:
        assert note.is_visible()
        return
    assert reader_turn(page) == "over", "the game did not end"
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
