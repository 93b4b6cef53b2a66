"""Live play in the browser, in Debian's chromium.

- The play pages (sv, en) at 390 px: Start; a card that is not a legal move is a dimmed button, clicked it is
  refused and explained in the page's language with its rule id, and nothing changes; a whole game to the end;
  the loser said; the final Replay; the record downloaded and read by `python -m skitgubbe replay`; axe clean;
  no horizontal scroll.
- "Play from here" on the klöver 9 Replay, on a disputed case's and on a whole game's Replay: another move than
  the book's played live, its verdict shown.
- The house-rules page's "Play under these rules" link: the play page deals under those rules; a bad `#rules=`
  is said.
Every request off 127.0.0.1 goes to a dead proxy and is counted: there must be none.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_pages import AXE, AXE_RUN
from helpers import SHOTS, cli
from live_helpers import (
    WATCH_START_NARRATION,
    NetLog,
    checked_context,
    no_horizontal_scroll,
    open_live,
    start_narration,
)

from skitgubbe.rules.options import PRESETS, Rules
from skitgubbe.text.table_words import TABLE

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
LIVE = "[data-skitgubbe-live] .sgt--live"


@pytest.fixture()
def phone(live_browser: Any, site_url: str) -> Iterator[tuple[Any, NetLog]]:
    with checked_context(live_browser, site_url, viewport=PHONE, accept_downloads=True) as opened:
        yield opened


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"liveplay-{name}.png"))


def settle(page: Any, root: str) -> None:
    """Wait until the live table at `root` waits for the reader (or the game is over)."""
    page.wait_for_function("(sel) => ['yours', 'over'].includes(document.querySelector(sel)?.dataset.turn)", arg=root)


def tap(button: Any) -> None:
    """At 390 px a hand is a fan of overlapping cards: tap a card's visible left edge."""
    if button.get_attribute("data-card"):
        button.click(position={"x": 6, "y": 24})
    else:
        button.click()


def moved(page: Any, root: str, made: str) -> None:
    page.wait_for_function(
        "([sel, made]) => { const r = document.querySelector(sel);"
        " return r.dataset.yourMoves !== made && r.dataset.turn !== 'busy'; }",
        arg=[root, made],
    )


def hand(table: Any) -> list[str]:
    cards = table.locator(".sgt-seat--bottom button[data-card]")
    return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]


# -- the play pages -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_play_page_illegal_card_explained_a_whole_game_and_the_record(
    phone: tuple[Any, NetLog], site_url: str, tmp_path: Path, lang: str
) -> None:
    context, log = phone
    page = open_live(context, f"{site_url}book/{lang}/play.html", log)
    # the stale "needs a Python kernel" box is gone; the browser panel comes first
    assert page.locator(".sg-needs-kernel").count() == 0
    panel = page.locator('[data-skitgubbe-live="play"]')
    panel.locator('select[name="players"]').select_option("2")
    panel.locator('input[name="seed"]').fill("3")
    page.evaluate(WATCH_START_NARRATION)
    panel.locator('button[data-action="start"]').click()
    table = panel.locator(".sgt--live")
    settle(page, LIVE)
    # while the engine started, the panel said so in the page's language (the words come from Python)
    assert page.evaluate("() => window.__narrations") == start_narration(lang)
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(AXE_RUN)
    assert not violations, f"play page ({lang}) after Start at 390 px: {violations}"
    no_horizontal_scroll(page)
    shot(page, f"play-{lang}-start")

    explained = False
    for _ in range(400):
        settle(page, LIVE)
        if table.get_attribute("data-turn") == "over":
            break
        illegal = table.locator('.sgt-seat--bottom button[data-action="play"][data-legal="false"]')
        if not explained and illegal.count():
            # a card that is not legal: a button, dimmed, not disabled; clicked, refused and explained
            card = illegal.first
            assert card.is_enabled() and "sgt-cardbutton--illegal" in (card.get_attribute("class") or "")
            made, cards, code = table.get_attribute("data-your-moves"), hand(table), card.get_attribute("data-card")
            tap(card)
            narration = table.locator('[data-role="narration"]')
            narration.locator(".sgt-illegal").wait_for()
            text = narration.text_content() or ""
            assert ("ej tillåtet" if lang == "sv" else "illegal") in text
            # the refused move is the newest of the narration's history (at its top)
            rule_id = narration.locator(".sgt-history > li").first.locator(".sgt-narration__rule code.sgt-ruleid")
            rule = rule_id.text_content()
            assert rule and rule.startswith(("p1.", "p2.", "game.")), text
            assert ("oförändrat" if lang == "sv" else "unchanged") in text
            # the rule id is behind the toggle; the rule in words is shown
            assert not rule_id.is_visible()
            table.locator(".sgt-toggle", has_text="regel-id" if lang == "sv" else "rule ids").locator("input").check()
            assert rule_id.is_visible()
            assert table.get_attribute("data-your-moves") == made and hand(table) == cards and code in cards
            assert table.get_attribute("data-turn") == "yours"
            shot(page, f"play-{lang}-illegal")
            explained = True
            continue
        made = table.get_attribute("data-your-moves")
        legal = table.locator('.sgt-seat--bottom button[data-action="play"][data-legal="true"]')
        if legal.count():
            tap(legal.first)
        else:
            buttons = table.locator(".sgt-actions button:not([disabled])")
            if buttons.count() == 0:  # a play of several cards only: choose them, then play them
                table.locator('button[data-action="select"]').first.click(position={"x": 6, "y": 24})
                continue
            buttons.first.click()
        moved(page, LIVE, made)
    assert explained, "no turn had a card that is not legal"
    assert table.get_attribute("data-turn") == "over", "the game did not end"
    # the loser is said, the whole game is a Replay, and the record is a download that replay reads
    loser = page.evaluate(
        f"() => document.querySelector('{LIVE}').closest('[data-skitgubbe-live]').skitgubbeModel.get('view').loser"
    )
    said = f"{loser} är skitgubbe" if lang == "sv" else f"{loser} is the skitgubbe"
    assert said in (table.locator('[data-role="narration"]').first.text_content() or "")
    assert table.locator(".sgt-after .sgt--replay").count() == 1
    with page.expect_download() as download:
        table.locator('button[data-action="download-record"]').click()
    assert download.value.suggested_filename == "skitgubbe-3.json"
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seed"] == 3 and record["players"] == ["A", "B"] and record["moves"]
    result = cli("replay", str(path), "--lang", lang)
    assert result.returncode == 0, result.stderr
    no_horizontal_scroll(page)
    table.locator(".sgt-after").scroll_into_view_if_needed()
    shot(page, f"play-{lang}-over")


# -- play from here -------------------------------------------------------------------------------------------
def take_over(page: Any, mount: Any, forward: int, seat: str | None = None) -> Any:
    """Step the Replay at `mount` forward, press "play from here", choose the seat, Start; the take-over panel."""
    for _ in range(forward):
        mount.locator('button[data-step="forward"]').click()
    frame = mount.locator(".sgt--replay").get_attribute("data-frame")
    assert frame == str(forward)
    mount.locator('button[data-action="take-over"]').click()
    panel = page.locator('[data-skitgubbe-live="take-over"]')
    panel.wait_for()
    if seat is not None:
        panel.locator("select").select_option(seat)
    page.evaluate(WATCH_START_NARRATION)
    panel.locator('button[data-action="start"]').click()
    panel.locator(".sgt--live").wait_for()
    # its Start narration: the Replay's words, in the page's language
    assert page.evaluate("() => window.__narrations") == start_narration(panel.get_attribute("lang") or "")
    return panel


def another_move(page: Any, panel: Any, book: str = "") -> str:
    """Play a move at the reader's turn by clicking (a single card, legal or not; else a button such as pick up;
    else a move typed); the narration's verdict (✓ or ✗) and its rule. The text of the narration."""
    live = '[data-skitgubbe-live="take-over"] .sgt--live'
    settle(page, live)
    table = panel.locator(".sgt--live")
    assert table.get_attribute("data-turn") == "yours"
    cards = table.locator(f'.sgt-seat--bottom button[data-action="play"]:not([data-card="{book}"])')
    buttons = table.locator(".sgt-actions button[data-move]:not([disabled])")
    if cards.count():
        tap(cards.first)
    elif buttons.count():
        buttons.first.click()
    else:
        table.locator(".sgt-typed").fill("pick up")
        table.locator('[data-action="typed"]').click()
    you = table.locator(".sgt-seat--bottom").get_attribute("data-player")
    narration = table.locator('[data-role="narration"]').first
    narration.locator(".sgt-legal, .sgt-illegal").first.wait_for()
    # the reader's own verdict: in the narration, or (once the computer has moved on) in "your last move"
    page.wait_for_function(
        "([sel, you]) => [...document.querySelectorAll(sel + ' .sgt-narration__move, ' + sel + ' .sgt-yourmove')]"
        ".some(e => e.textContent.includes(you + ': ') || e.textContent.includes(you + ' ('))",  # 'B (du): ...'
        arg=[live, you],
    )
    own = table.locator(".sgt-yourmove .sgt-narration__rule code.sgt-ruleid, .sgt-narration .sgt-ruleid")
    assert own.count() >= 1
    return (narration.text_content() or "") + " " + (table.locator(".sgt-yourmove").text_content() or "")


def test_play_from_here_on_the_klover_9_replay(phone: tuple[Any, NetLog], site_url: str) -> None:
    context, log = phone
    page = open_live(context, f"{site_url}book/sv/klover9.html", log)
    mounts = page.locator(".sgt-mount[data-skitgubbe-take-over]")
    page.locator('.sgt-mount[data-skitgubbe-take-over] button[data-action="take-over"]').first.wait_for()
    assert mounts.count() >= 3
    # every Replay has it, once drawn (Replays away from the viewport are drawn when the browser is idle)
    page.wait_for_function(
        "() => document.querySelectorAll('button[data-action=\"take-over\"]').length"
        " === document.querySelectorAll('.sgt-mount[data-skitgubbe-take-over]').length"
    )
    assert page.locator('button[data-action="take-over"]').count() == mounts.count()
    mount = mounts.first
    # after A's ♣9, B is to act: the book plays ♣D ♣K ♣E; the reader plays one card instead
    panel = take_over(page, mount, 1)
    text = another_move(page, panel)
    assert "tillåtet" in text  # ✓ tillåtet or ✗ ej tillåtet, in Swedish
    assert panel.locator(".sgt--live").get_attribute("lang") == "sv"
    no_horizontal_scroll(page)
    panel.scroll_into_view_if_needed()
    shot(page, "klover9-take-over")


def test_play_from_here_on_a_disputed_case_and_a_whole_game(phone: tuple[Any, NetLog], site_url: str) -> None:
    context, log = phone
    page = open_live(context, f"{site_url}book/en/disputes.html", log)
    mount = page.locator(".sgt-mount[data-skitgubbe-take-over]").first
    mount.locator('button[data-action="take-over"]').wait_for()
    panel = take_over(page, mount, 0)
    assert "legal" in another_move(page, panel)

    page = open_live(context, f"{site_url}book/en/games.html", log)
    mount = page.locator(".sgt-mount[data-skitgubbe-take-over]").first
    mount.locator('button[data-action="take-over"]').wait_for()
    players = json.loads(mount.locator("script.sgt-data").text_content() or "{}")["take_over"]["record"]["players"]
    assert players == ["A", "B", "C"]
    moves = json.loads(mount.locator("script.sgt-data").text_content() or "{}")["take_over"]["record"]["moves"]
    panel = take_over(page, mount, 4)
    text = another_move(page, panel, moves[4].split(": ")[-1])
    assert "legal" in text
    # a whole game taken over is still a dealt game: its record is offered at the end (see test_controllers)
    assert panel.locator(".sgt--live").get_attribute("data-moves") is not None
    shot(page, "games-take-over")


# -- house rules ----------------------------------------------------------------------------------------------
def test_play_under_the_house_rules_from_the_house_rules_page(phone: tuple[Any, NetLog], site_url: str) -> None:
    context, log = phone
    page = open_live(context, f"{site_url}book/en/house-rules.html", log)
    page.wait_for_selector("[data-role='play-link'][href]")
    page.select_option("[data-option='preset']", "strikt")
    page.check("[data-option='sequences']")
    page.select_option("[data-option='trick_complete']", "plays")
    link = page.locator("[data-role='play-link']")
    page.wait_for_function("() => document.querySelector(\"[data-role='refusal']\").hidden")
    assert link.inner_text() == "Play under these rules"
    assert (
        page.locator("[data-role='checker-link']").get_attribute("href", timeout=1000).startswith("checker.html#rules=")
    )
    link.click()
    page.wait_for_url("**/book/en/play.html#rules=*")
    page.wait_for_load_state("load")
    panel = page.locator('[data-skitgubbe-live="play"]')
    said = panel.locator("[data-role='house-rules']")
    assert said.text_content().startswith("House rules: strikt")
    assert "sequences: true" in said.text_content()
    assert panel.locator('select[name="rules"]').input_value() == "house"
    # the pass-and-play panel of the same page offers them too
    passed = page.locator('[data-skitgubbe-live="pass"]')
    assert passed.locator('select[name="rules"]').input_value() == "house"
    assert passed.locator("[data-role='house-rules']").text_content() == said.text_content()
    panel.locator('button[data-action="start"]').click()
    settle(page, LIVE)
    dealt = page.evaluate("() => document.querySelector('[data-skitgubbe-live]').skitgubbeModel.get('dealt_rules')")
    wanted = PRESETS["strikt"].with_options(sequences=True, trick_complete="plays")
    assert Rules.from_spec(dealt) == wanted
    # the table's rules select offers them as a choice of their own
    select = panel.locator('.sgt--live select[data-option="rules"]')
    assert select.input_value() == "house"
    assert select.locator('option[value="house"]').text_content() == "House rules"
    shot(page, "play-house-rules")

    # a bad fragment is said clearly, and the page still deals under a preset
    page = open_live(context, f"{site_url}book/en/play.html#rules=not-json!", log)
    said = page.locator("[data-skitgubbe-live='play'] [data-role='house-rules']")
    assert said.get_attribute("role") == "alert"
    assert "cannot be read" in (said.text_content() or "")
    # ... in the page's language, what is wrong included: `[1]` is JSON but not an object
    for lang in ("sv", "en"):
        page = open_live(context, f"{site_url}book/{lang}/play.html#rules=WzFd", log)
        said = page.locator("[data-skitgubbe-live='play'] [data-role='house-rules']")
        wrong = TABLE.phrase("bad_house_rules_object", lang)
        assert said.text_content() == TABLE.phrase("bad_house_rules", lang, error=wrong)
