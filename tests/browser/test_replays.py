"""Every Replay of the site in the browser: its buttons and keys step, its board keeps one box in every frame, the
narration follows in the page's language; the lesson toggles (the set-aside card, rule ids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_pages import (
    _CONTROLS,
    _WALK,
    LANG_WORDS,
    MIN_CARD,
    MIN_CONTROL,
    board_pages,
    open_page,
    replays,
    wait_for_tables,
)

pytestmark = pytest.mark.browser


def test_every_replay_steps_steadily(sized_context, site_url: str, built_site: Path) -> None:
    """Each Replay on the site: the buttons and keys step; the board's box is the same in every frame; the
    narration changes and is in the page's language; the set-aside card is face down; cards and controls are
    big enough; nothing scrolls sideways."""
    pages = board_pages(built_site)
    assert pages, "no page has a board"
    where_name = sized_context.viewport_name
    checked, problems = 0, []
    for path in pages:
        lang = "sv" if "/sv/" in path else "en"
        with open_page(sized_context, site_url, path) as (page, log):
            wait_for_tables(page)
            for n, replay in enumerate(replays(page)):
                where = f"{path} replay #{n} ({where_name})"
                replay.root.scroll_into_view_if_needed()
                last = replay.last()
                if last < 1:
                    continue
                checked += 1
                # buttons and keys (a button at its end is aria-disabled: it keeps focus, does nothing)
                replay.key("Home")
                replay.wait_for_frame(0)
                assert replay.root.locator('button[data-step="back"]').get_attribute("aria-disabled") == "true"
                replay.press("forward")
                replay.wait_for_frame(1)
                replay.press("back")
                replay.wait_for_frame(0)
                replay.key("ArrowRight")
                replay.wait_for_frame(1)
                replay.key("ArrowLeft")
                replay.wait_for_frame(0)
                replay.key("End")
                replay.wait_for_frame(last)
                replay.key("Home")
                replay.wait_for_frame(0)
                replay.press("last")
                replay.wait_for_frame(last)
                # every frame
                frames = replay.root.evaluate(_WALK)
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
                    if f["cardWidths"] and min(f["cardWidths"]) < MIN_CARD[where_name]:
                        problems.append(f"{where} frame {f['frame']}: a card is {min(f['cardWidths']):.1f} px wide")
                    if f["scroll"] > 0:
                        problems.append(f"{where} frame {f['frame']}: horizontal scroll {f['scroll']} px")
                if not any(f["highlighted"] for f in frames[1:]):
                    problems.append(f"{where}: the play just made is never highlighted")
                for label, width, height in replay.root.evaluate(_CONTROLS):
                    if not label or width < MIN_CONTROL or height < MIN_CONTROL:
                        problems.append(f"{where}: control {label!r} is {width:.0f} x {height:.0f} px")
            problems += [f"{path}: {p}" for p in log.problems()]
    assert checked, "no Replay checked"
    assert not problems, "\n".join(problems[:40])


def test_the_set_aside_card_is_shown_only_on_the_lesson_toggle(sized_context, site_url: str) -> None:
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


def test_rule_ids_only_behind_their_toggle(sized_context, site_url: str) -> None:
    with open_page(sized_context, site_url, "book/sv/klover9.html") as (page, log):
        wait_for_tables(page)
        replay = replays(page)[0]
        replay.press("forward")
        replay.wait_for_frame(1)
        assert "p2.lead" not in replay.narration()
        replay.root.locator(".sgt-toggle", has_text="regel-id").locator("input").check()
        assert "p2.lead" in replay.narration()
        assert not log.problems(), log.problems()
