"""The host keeps its table across a reload: the projector's page (1280x720) opens a 3-seat table with one computer
seat, two phones (390x844, touch) join and the host starts; after a few moves the host's page is reloaded and shows
the same table again (its code, the board headed by the people's names, the buttons only the host has), and a
phone's next move reaches the reloaded board. Another browser (nothing kept) gets the open-a-table form, not that
table's buttons; nor does a page that keeps the right code with a wrong token.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_table_server import BOARD, LIVE, PHONE, PROJECTOR, _phone_move, server  # noqa: F401 (`server`: a fixture)

from skitgubbe.text.table_server_words import PAGE

pytestmark = pytest.mark.browser

NAMES = ["Eva", "Bo"]
HOST_KEY = "skitgubbe-table-host"
#: the buttons the host's page shows for its table (the phones and other pages have none of them)
HOST_ONLY = ["start", "restart", "end"]
MOVES = "() => document.querySelectorAll('[data-role=narration] li').length"


def _heads(host: Any) -> list[str]:
    return list(host.eval_on_selector_all(f"{BOARD} .sgt-seat__name", "els => els.map(e => e.textContent)"))


def _host_table(host: Any, code: str, lang: str) -> None:
    """The host's page shows table `code`: its code, the board headed by the people's names, the host's buttons."""
    host.wait_for_selector(BOARD)
    assert host.locator("[data-role=code]").inner_text() == PAGE.phrase("code", lang, code=code)
    assert host.locator("form [data-action=open-table]").is_hidden()
    heads = _heads(host)
    assert sorted(heads) == sorted([*NAMES, PAGE.phrase("computer_seat", lang, seat="C")]), heads
    for action in HOST_ONLY:
        assert host.locator(f'button[data-action="{action}"]').count() == 1, action
    assert host.locator('button[data-action="end"]').is_visible()
    assert host.locator('button[data-action="hand-over"]').count() == len(NAMES)


def _no_host_controls(page: Any, lang: str) -> None:
    """A page that is not the host's: the form to open a table, and none of the table's code, board or buttons."""
    page.get_by_role("button", name=PAGE.phrase("open", lang)).wait_for()
    for action in [*HOST_ONLY, "hand-over"]:
        assert page.locator(f'button[data-action="{action}"]').count() == 0, action
    assert page.locator("[data-role=code]").count() == 0
    assert page.locator(BOARD).count() == 0


def _played(phones: list[Any], host: Any) -> None:
    """The phone whose turn it is taps a move; wait until the host's board has it among its last moves."""
    movers = [p for p in phones if p.locator(LIVE).get_attribute("data-turn") == "yours"]
    assert len(movers) == 1
    assert _phone_move(movers[0])
    movers[0].wait_for_function("(sel) => document.querySelector(sel).dataset.turn !== 'busy'", arg=LIVE)
    shown = int(movers[0].locator(LIVE).get_attribute("data-moves") or 0)
    host.wait_for_function(
        "(n) => { const li = document.querySelector('[data-role=narration] li:last-child');"
        " return li && Number(li.dataset.key.split('-')[1]) >= n; }",
        arg=shown,
    )
    for page in phones:
        page.wait_for_function("([s, n]) => Number(document.querySelector(s).dataset.moves) >= n", arg=[LIVE, shown])


def test_the_host_keeps_its_table_across_a_reload(browser: Any, server: str) -> None:  # noqa: F811
    lang = "sv"
    host_ctx = browser.new_context(viewport=PROJECTOR, service_workers="block")
    phone_ctxs = [browser.new_context(service_workers="block", **PHONE) for _ in NAMES]
    other_ctx = browser.new_context(viewport=PROJECTOR, service_workers="block")
    try:
        for ctx in [host_ctx, *phone_ctxs, other_ctx]:
            ctx.set_default_timeout(30_000)
        host = host_ctx.new_page()
        errors: list[str] = []
        host.on("pageerror", lambda e: errors.append(str(e)))
        host.goto(f"{server}/?lang={lang}")
        host.fill("#sgs-seats", "3")
        host.select_option("#sgs-computers", "random")
        host.get_by_role("button", name=PAGE.phrase("open", lang)).click()
        link = host.locator('[data-role="link"]').get_attribute("href")
        assert link
        code = link.split("/t/")[1].split("?")[0]
        phones = []
        for name, ctx in zip(NAMES, phone_ctxs, strict=True):
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(link)
            page.get_by_label(PAGE.phrase("name", lang)).fill(name)
            page.get_by_role("button", name=PAGE.phrase("join", lang)).tap()
            page.wait_for_selector(LIVE)
            phones.append(page)
        host.wait_for_function("() => document.querySelectorAll('[data-role=seats] li').length === 3")
        host.get_by_role("button", name=PAGE.phrase("start", lang)).click()
        phones[0].wait_for_function("(sel) => document.querySelector(sel).dataset.turn === 'yours'", arg=LIVE)
        _host_table(host, code, lang)
        for _ in range(4):
            _played(phones, host)
        before = host.evaluate(MOVES)
        last = host.locator("[data-role=narration] li:last-child").get_attribute("data-key")

        host.reload()
        _host_table(host, code, lang)
        # the reloaded board is the table's position, not a new deal: the same last move heads its log
        host.wait_for_function(
            "(k) => document.querySelector('[data-role=narration] li:last-child')?.dataset.key === k", arg=last
        )
        assert host.evaluate(MOVES) >= 1 and before >= 1
        host.screenshot(path="/tmp/tbl-host-after-reload.png")
        _played(phones, host)  # the game goes on, and the reloaded board shows the move
        assert host.locator("[data-role=narration] li:last-child").get_attribute("data-key") != last
        assert json.loads(host.evaluate(f"() => localStorage.getItem('{HOST_KEY}')"))["code"] == code

        other = other_ctx.new_page()
        other.on("pageerror", lambda e: errors.append(str(e)))
        other.goto(f"{server}/?lang={lang}")
        _no_host_controls(other, lang)
        # the right code with a wrong token: refused by the server, said on the page, and forgotten
        other.evaluate(
            "([k, code]) => localStorage.setItem(k, JSON.stringify({ code, host: 'not-the-token' }))", [HOST_KEY, code]
        )
        other.reload()
        other.wait_for_function("() => document.querySelector('[data-role=problem]').textContent !== ''")
        _no_host_controls(other, lang)
        assert other.evaluate(f"() => localStorage.getItem('{HOST_KEY}')") is None
        assert not errors, errors
    finally:
        for ctx in [host_ctx, *phone_ctxs, other_ctx]:
            ctx.close()
