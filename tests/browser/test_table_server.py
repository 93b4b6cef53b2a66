"""Issue 44: a real table in Debian's chromium. `skitgubbe serve` runs on a free port of 127.0.0.1 (a real uvicorn,
its tables under a temporary folder); the host's page opens a 4-seat table with one computer seat, three phones
(390x844, touch) join through the link in the page's language, the host starts, and the phones tap their moves on
the site's board until the game is over, in each edition. Every phone shows only its own hand face up; the join
page's controls are 44 px touch targets; the pages load nothing from another host; the record downloads at the end.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_pages import AXE, AXE_RUN, Replay
from touch_helpers import targets, too_small

from skitgubbe.records.record import GameRecord
from skitgubbe.text.kind_words import kind_name
from skitgubbe.text.table_server_words import PAGE, TABLE_SERVER

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LIVE = ".sgt--live"
MAX_MOVES = 2000
PROJECTOR = {"width": 1280, "height": 720}
BOARD = ".sgs-projector .sgt-board"
SHOTS = Path(__file__).resolve().parents[2] / "_build" / "screenshots"
NAMES = ["Eva", "Bo", "Siv"]
#: the projector's legibility standard (README, "A table for phones"): text at least 1/30 of the screen's height
LEGIBLE = 1 / 30
#: every socket a page opens, kept where the test can reach it (to send what a stale board would send)
KEEP_SOCKETS = """(() => { const Native = window.WebSocket; window.__sockets = [];
  window.WebSocket = class extends Native { constructor(...a) { super(...a); window.__sockets.push(this); } }; })();"""


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The table server on a free port, answering; stopped (and waited for) after the module."""
    port = _free_port()
    data = tmp_path_factory.mktemp("tables")
    process = subprocess.Popen(
        [sys.executable, "-m", "skitgubbe", "serve", "--port", str(port), "--data", str(data)],
        stdout=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                assert process.poll() is None, "the server stopped"
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


class Requests:
    """Every request a context makes, to check that none leaves the server."""

    def __init__(self, base: str) -> None:
        self.base, self.off = base, []

    def __call__(self, request: Any) -> None:
        if not request.url.startswith(self.base) and not request.url.startswith(("data:", "blob:")):
            self.off.append(request.url)


def _phone_move(page: Any) -> bool:
    """Tap one legal move on a phone whose turn it is: the first legal card (a play of several cards is chosen by
    toggling one and playing the selection), else the first button of the turn; False when it is not its turn."""
    live = page.locator(LIVE)
    if live.get_attribute("data-turn") != "yours":
        return False
    legal = page.locator(f'{LIVE} .sgt-fan--mine button[data-card][data-legal="true"]:not([disabled])')
    selected = page.locator(f'{LIVE} button[data-action="play-selected"]:not([disabled])')
    if legal.count():
        action = legal.first.get_attribute("data-action")  # read first: a tap draws the board anew
        legal.first.tap()
        if action == "play":
            return True
        if action == "select" and selected.count():
            selected.tap()
            return True
    page.locator(f"{LIVE} .sgt-actions button[data-action]:not([disabled])").first.tap()
    return True


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_three_phones_and_a_computer_play_a_whole_game(browser: Any, server: str, lang: str) -> None:
    host_ctx = browser.new_context(viewport=PROJECTOR, service_workers="block")
    phones_ctx = [browser.new_context(service_workers="block", **PHONE) for _ in range(3)]
    requests = Requests(server)
    try:
        for ctx in [host_ctx, *phones_ctx]:
            ctx.set_default_timeout(30_000)
            ctx.on("request", requests)
        host = host_ctx.new_page()
        errors: list[str] = []
        host.on("pageerror", lambda e: errors.append(str(e)))
        host.goto(f"{server}/?lang={lang}")
        assert host.get_attribute("html", "lang") == lang
        host.fill("#sgs-seats", "4")
        host.select_option("#sgs-computers", "random")
        host.get_by_role("button", name=PAGE.phrase("open", lang)).click()
        link = host.locator('[data-role="link"]').get_attribute("href")
        assert link and link.startswith(server + "/t/") and f"lang={lang}" in link
        # the QR code is an image the server draws: wait until it has loaded (a failed load never completes it)
        host.locator(".sgs-qr img").wait_for()
        host.wait_for_function(
            "() => { const img = document.querySelector('.sgs-qr img'); return img.complete && img.naturalWidth > 0; }"
        )

        code = link.split("/t/")[1].split("?")[0]
        pages = []
        for i, ctx in enumerate(phones_ctx):
            page = ctx.new_page()
            page.add_init_script(KEEP_SOCKETS)
            page.on("pageerror", lambda e: errors.append(str(e)))
            if i < 2:
                page.goto(link)
            else:  # the third phone has only the code: it types it on the join page
                _join_by_code(page, server, code, lang)
            assert page.get_attribute("html", "lang") == lang
            if i == 0:
                small = too_small(targets(page, "#sgs-phone"))
                assert not small, small
            page.get_by_label(PAGE.phrase("name", lang)).fill(NAMES[i])
            page.get_by_role("button", name=PAGE.phrase("join", lang)).tap()
            page.wait_for_selector(LIVE)
            pages.append(page)
        host.wait_for_function("() => document.querySelectorAll('[data-role=seats] li').length === 4")
        host.get_by_role("button", name=PAGE.phrase("start", lang)).click()
        pages[0].wait_for_function("(sel) => document.querySelector(sel).dataset.turn === 'yours'", arg=LIVE)  # A leads
        host.wait_for_selector(BOARD)
        _host_board(host, pages)
        _axe_clean(host, "the host's screen")

        moves = 0
        turn = "(sel) => document.querySelector(sel).dataset.turn"
        biggest = 0
        refused = None  # the phone told "it is not your turn", until the next change
        while moves < MAX_MOVES:
            if all(p.locator(LIVE).get_attribute("data-over") == "true" for p in pages):
                break
            # the server moves the computer seat at once, so exactly one phone is to play
            movers = [p for p in pages if p.evaluate(turn, LIVE) == "yours"]
            assert len(movers) == 1, [p.evaluate(turn, LIVE) for p in pages]
            if moves == 6:  # a phone whose board is stale sends a move: refused, and said until the next change
                refused = next(p for p in pages if p is not movers[0])
                _not_your_turn(refused, lang)
            assert _phone_move(movers[0])
            moves += 1
            if moves == 10:
                for page in pages:
                    _only_own_hand(page)
                    _named_seats(page, lang, phone=True)
                _named_seats(host, lang, phone=False)
                _host_board(host, pages, shot=f"table-server-host-1080-{lang}.png")
                _screenshot(pages[0], f"table-server-phone-{lang}.png")
                _screenshot(host, f"table-server-host-{lang}.png", full_page=False)
                host.screenshot(path=f"/tmp/tbl-projector-{lang}.png")
            movers[0].wait_for_function(f"(sel) => ({turn})(sel) !== 'busy'", arg=LIVE)
            shown = int(movers[0].locator(LIVE).get_attribute("data-moves") or 0)
            for page in pages:  # the same change reaches every phone
                page.wait_for_function(
                    "([sel, n]) => Number(document.querySelector(sel).dataset.moves) >= n", arg=[LIVE, shown]
                )
            if refused is not None:  # the refusal was about the position before this move: gone with it
                assert refused.locator("[data-role=problem]").inner_text() == ""
                refused = None
            _last_moves_kept(host, shown)
            hand = pages[0].locator(f"{LIVE} .sgt-fan--mine [data-card]").count()
            if hand > biggest:
                biggest = hand
                pages[0].screenshot(path=f"/tmp/tbl-phone-biggest-{lang}.png", full_page=True)
        assert moves < MAX_MOVES
        for page in pages:
            _only_own_hand(page, ended=True)
            assert page.locator(f"{LIVE} > [data-role=narration]").get_attribute("aria-live") == "polite"
        code = link.split("/t/")[1].split("?")[0]
        with urllib.request.urlopen(f"{server}/api/tables/{code}/record") as answer:
            record = GameRecord.load(json.load(answer))
        assert record.replay().over and len(record.moves) >= moves
        _the_end(host, pages[0], record, lang)
        _named_end(host, pages[0], record, lang)
        assert not requests.off, requests.off
        assert not errors, errors
    finally:
        for ctx in [host_ctx, *phones_ctx]:
            ctx.close()


def _only_own_hand(page: Any, ended: bool = False) -> None:
    """The phone shows its own hand face up and every other hand as backs (no teacher view here); at the end
    every hand left face up."""
    mine = page.eval_on_selector_all(f"{LIVE} .sgt-fan--mine [data-card]", "els => els.map(e => e.dataset.card)")
    others = page.eval_on_selector_all(
        f"{LIVE} .sgt-fan--hand:not(.sgt-fan--mine) [data-card]", "els => els.map(e => e.dataset.card)"
    )
    if ended:  # the game is over: what is left of every hand is shown
        assert "back" not in others, others
    else:
        assert set(others) == {"back"}, others
    assert "back" not in mine


def _host_board(host: Any, phones: list[Any], shot: str = "") -> None:
    """The projector's board: four seats with who sits there and their counts, the table, the talon and trump in
    the first phase, the narration; every hand face down, and no card of a phone's hand anywhere in the page; big
    cards and no scroll at 1280x720 and 1920x1080."""
    heads = host.eval_on_selector_all(f"{BOARD} .sgt-seat__head", "els => els.map(e => e.textContent)")
    assert len(heads) == 4 and all(any(n in head for head in heads) for n in ("Eva", "Bo", "Siv")), heads
    assert host.locator(f"{BOARD} .sgt-seat__count").count() == 4
    assert host.locator(f"{BOARD} .sgt-table").count() == 1
    if host.locator(BOARD).get_attribute("data-phase") == "1":
        assert host.locator(f"{BOARD} .sgt-talon__label").inner_text().strip()
        assert host.locator(f"{BOARD} .sgt-info__trump").inner_text().strip()
    assert host.locator(".sgs-projector [data-role=narration]").get_attribute("aria-live") == "polite"
    _no_hand_on_host(host, phones)
    for size in (PROJECTOR, {"width": 1920, "height": 1080}):
        host.set_viewport_size(size)
        fits = host.evaluate(
            """(board) => {
                const root = document.documentElement, box = document.querySelector(board).getBoundingClientRect();
                const card = document.querySelector(board + ' .sgt-card').getBoundingClientRect();
                return {scroll: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
                        bottom: box.bottom <= innerHeight, right: box.right <= innerWidth, card: card.width};
            }""",
            BOARD,
        )
        assert not fits["scroll"] and fits["bottom"] and fits["right"], (size, fits)
        assert fits["card"] >= 0.075 * size["height"], (size, fits)  # a card of 7.5% of the screen's height at least
        legible = _legible(host)
        least = LEGIBLE * size["height"] - 0.05  # 24 px at 720, 36 px at 1080
        small = {k: v for k, v in legible.items() if k not in ("count", "height") and v < least}
        assert legible["count"] > 10 and not small, (size, least, legible)
        if shot and size != PROJECTOR:
            _screenshot(host, shot, full_page=False)
    host.set_viewport_size(PROJECTOR)


def _no_hand_on_host(host: Any, phones: list[Any]) -> None:
    """No hand face up on the host's board, and no card of a phone's hand in the host's page at all."""
    fans = host.eval_on_selector_all(".sgt-fan--hand [data-card]", "els => els.map(e => e.dataset.card)")
    assert set(fans) <= {"back"}, fans
    shown = set(host.eval_on_selector_all("#sgs-host [data-card]", "els => els.map(e => e.dataset.card)"))
    for phone in phones:
        hand = set(
            phone.eval_on_selector_all(f"{LIVE} .sgt-fan--mine [data-card]", "els => els.map(e => e.dataset.card)")
        )
        assert not hand & shown, hand & shown


def _the_end(host: Any, phone: Any, record: GameRecord, lang: str) -> None:
    """Who is the skitgubbe and each seat's result on the host and a phone; the host's new deal; the phone's
    Replay of the whole game steps; its record downloads; axe and 44 px targets on the phone."""
    loser = record.replay().state.loser
    for page in (host, phone):
        page.wait_for_selector("[data-role=results]")
        lines = page.eval_on_selector_all("[data-role=results] li", "els => els.map(e => e.dataset.seat)")
        assert len(lines) == 4 and lines[-1] == loser, lines
        assert page.locator("[data-role=results] li[data-result=loser]").count() == (1 if loser else 0)
    _no_hand_on_host(host, [])
    assert "sgs-button--main" in (host.locator('button[data-action="restart"]').get_attribute("class") or "")
    _screenshot(host, f"table-server-host-end-{lang}.png", full_page=False)
    phone.wait_for_selector(f"{LIVE} .sgt-after .sgt--replay")
    replay = Replay(phone.locator(f"{LIVE} .sgt-after .sgt--replay"))
    assert replay.last() == len(record.moves)
    replay.press("forward")
    replay.wait_for_frame(1)
    replay.press("last")
    replay.wait_for_frame(replay.last())
    with phone.expect_download() as download:
        phone.locator(f'{LIVE} [data-action="download-record"]').tap()
    assert GameRecord.load(json.loads(Path(download.value.path()).read_text(encoding="utf-8"))).moves == record.moves
    _screenshot(phone, f"table-server-phone-end-{lang}.png")
    small = too_small(targets(phone, f"{LIVE} .sgt-after")) + too_small(targets(phone, f"{LIVE} .sgt-over"))
    assert not small, small
    _axe_clean(phone, "a phone at the end")
    _axe_clean(host, "the host's screen at the end")


def _axe_clean(page: Any, where: str) -> None:
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(AXE_RUN)
    assert not violations, f"{where}: {violations}"


def _screenshot(page: Any, name: str, full_page: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=full_page)


def _join_by_code(page: Any, server: str, code: str, lang: str) -> None:
    """The join page at 390 px: a labelled field and 44 px targets, no side scroll, axe clean; a wrong code is said
    on the form; the right one, typed in small letters, leads to the table's page."""
    page.goto(f"{server}/join?lang={lang}")
    assert page.get_attribute("html", "lang") == lang
    field = page.get_by_label(PAGE.phrase("code_label", lang))
    assert field.get_attribute("inputmode") == "text" and field.get_attribute("autocapitalize") == "characters"
    small = too_small(targets(page, "main"))
    assert not small, small
    wrong = "ABCD2345" if code != "ABCD2345" else "ABCD2346"
    field.fill(wrong)
    page.get_by_role("button", name=PAGE.phrase("code_go", lang)).tap()
    alert = page.get_by_role("alert")
    assert alert.inner_text() == PAGE.phrase("code_unknown", lang, code=wrong)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    _axe_clean(page, "the join page with a wrong code")
    page.get_by_label(PAGE.phrase("code_label", lang)).fill(code.lower())
    page.get_by_role("button", name=PAGE.phrase("code_go", lang)).tap()
    page.wait_for_url(f"**/t/{code}?lang={lang}")


def _not_your_turn(page: Any, lang: str) -> None:
    """A move sent from a phone whose turn it is not (as a stale board would): the refusal is shown."""
    page.evaluate("() => window.__sockets.at(-1).send(JSON.stringify({ op: 'play', move: 'pick up' }))")
    prefix = TABLE_SERVER.template("not_your_turn", lang).split("{")[0]
    page.wait_for_function("(p) => document.querySelector('[data-role=problem]').textContent.startsWith(p)", arg=prefix)


def _named_seats(page: Any, lang: str, phone: bool) -> None:
    """Every seat head and every name over the trick is a person's name or the computer's ("dator D"), never a
    letter; the computer's head says its kind; a phone's own seat is its name and "you"."""
    computer = PAGE.phrase("computer_seat", lang, seat="D")
    allowed = {*NAMES, computer}
    board = LIVE if phone else BOARD
    heads = page.eval_on_selector_all(f"{board} .sgt-seat__name", "els => els.map(e => e.textContent)")
    assert len(heads) == 4, heads
    mine = [h for h in heads if h not in allowed]
    if phone:
        assert len(mine) == 1 and mine[0].split(" (")[0] in NAMES, heads
    else:
        assert not mine, heads
    plays = page.eval_on_selector_all(f"{board} .sgt-play__name", "els => els.map(e => e.textContent.trim())")
    assert set(plays) <= allowed | {""}, plays
    kind = page.locator(f"{board} .sgt-seat[data-player=D] [data-role=computer-kind]").inner_text()
    assert kind == kind_name("random", lang)


def _last_moves_kept(host: Any, moves: int) -> None:
    """The projector's last moves, once they reach move `moves`: the newest last, and a person's latest move among
    them; both in view (not under the board, not cut off), however many computer moves came after it."""
    host.wait_for_function(
        "(n) => { const li = document.querySelector('[data-role=narration] li:last-child');"
        " return li && Number(li.dataset.key.split('-')[1]) >= n; }",
        arg=moves,
    )
    seen = host.evaluate(
        """() => {
            const log = document.querySelector('.sgs-projector [data-role=narration]');
            const people = [...log.querySelectorAll('li[data-person=true]')];
            const box = log.getBoundingClientRect();
            const last = people.at(-1);
            const inside = (e) => { const r = e && e.getBoundingClientRect();
                return Boolean(r && r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.right <= box.right + 1
                               && r.bottom <= innerHeight); };
            return { role: log.getAttribute('role'), live: log.getAttribute('aria-live'), people: people.length,
                     shown: inside(last) && inside(log.querySelector('li:last-child')) };
        }"""
    )
    assert seen == {"role": "log", "live": "polite", "people": seen["people"], "shown": True}, seen
    assert seen["people"] >= 1, seen


def _legible(host: Any) -> dict[str, float]:
    """The smallest computed font size of every text shown on the projector's board and its last moves, against
    the standard (1/30 of the screen's height), and of the three texts the issue named."""
    return host.evaluate(
        """() => {
            const root = document.querySelector('.sgs-projector');
            const shown = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
                && !e.closest('.sgt-card') && e.getBoundingClientRect().width > 1;
            const texts = [...root.querySelectorAll('*')].filter((e) => shown(e)
                && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
            const size = (e) => parseFloat(getComputedStyle(e).fontSize);
            const least = (sel) => Math.min(...[...root.querySelectorAll(sel)].filter(shown).map(size));
            return { all: Math.min(...texts.map(size)), count: texts.length, seat: least('.sgt-seat__name'),
                     trick: least('.sgt-play__name'), talon: least('.sgt-talon__label'),
                     moves: least('[data-role=narration] li, [data-role=narration] li *'), height: innerHeight };
        }"""
    )


def _named_end(host: Any, phone: Any, record: GameRecord, lang: str) -> None:
    """The end names the skitgubbe as the table knows them ("Eva blev skitgubbe.", "dator D (slumpvis) ..."), on
    the projector and the phone, and the phone shows no command line."""
    loser = record.replay().state.loser
    if loser is None:
        return
    names = dict(zip(["A", "B", "C"], NAMES, strict=True))
    computer = PAGE.phrase("computer_seat", lang, seat="D")
    name = names.get(loser) or PAGE.phrase("computer_named", lang, name=computer, kind=kind_name("random", lang))
    said = PAGE.phrase("loser", lang, name=name)
    for page in (host, phone):
        assert page.locator(".sgs-results__head").inner_text() == said
    assert phone.locator(f"{LIVE} .sgt-over__text").inner_text() == said
    assert "python" not in phone.locator("body").inner_text()


def test_one_person_among_five_computers_keeps_their_move_in_view(browser: Any, server: str) -> None:
    """A 6-seat table of one phone and five computers at 1280x720: after each of the phone's moves the five
    computers move at once, and the person's move stays in the projector's view all the same (the log makes room
    for it); the phone's page never scrolls sideways at 390 px."""
    host_ctx = browser.new_context(viewport=PROJECTOR, service_workers="block")
    phone_ctx = browser.new_context(service_workers="block", **PHONE)
    try:
        for ctx in (host_ctx, phone_ctx):
            ctx.set_default_timeout(30_000)
        host = host_ctx.new_page()
        host.goto(f"{server}/?lang=en")
        host.fill("#sgs-seats", "6")
        host.select_option("#sgs-computers", "random")
        host.get_by_role("button", name=PAGE.phrase("open", "en")).click()
        link = host.locator('[data-role="link"]').get_attribute("href")
        phone = phone_ctx.new_page()
        phone.goto(link)
        phone.get_by_label(PAGE.phrase("name", "en")).fill("Eva")
        phone.get_by_role("button", name=PAGE.phrase("join", "en")).tap()
        phone.wait_for_selector(LIVE)
        host.get_by_role("button", name=PAGE.phrase("start", "en")).click()
        host.wait_for_selector(BOARD)
        turn = "(sel) => ['yours', 'over'].includes(document.querySelector(sel).dataset.turn)"
        for _ in range(16):
            phone.wait_for_function(turn, arg=LIVE)
            if phone.locator(LIVE).get_attribute("data-over") == "true":
                break
            assert _phone_move(phone)
            phone.wait_for_function(turn, arg=LIVE)
            n = int(phone.locator(LIVE).get_attribute("data-moves") or 0)
            _last_moves_kept(host, n)
            assert phone.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        host.screenshot(path="/tmp/tbl-projector-6-seats.png")
    finally:
        host_ctx.close()
        phone_ctx.close()
