"""The checker page in the browser, with the engine in Pyodide.

The built site is served on 127.0.0.1; chromium sends every request off the loopback to a dead proxy, and those
requests are counted (there must be none). Shown here:
- a `#case=` link (docs/browser-contract.md) starts the engine by itself (once a language: the tests of the links
  share one booted checker a language, `linked_checkers`, reset with New empty position before each link) and
  shows the verdict of each preset (`data-role="verdict"`, `data-preset`, `data-legal`) equal to
  `check --compare --json` of the same file, for the klöver 9 case and five other library cases;
- the position editor at 390 px with touch: a case built by tapping (hands, trump, a move tapped, a move typed),
  its verdicts, the address fragment updated (and the same URL in a new page gives the same case and verdicts),
  the downloaded case file accepted by `check --compare`, no horizontal scroll, tap targets of 44 px, axe clean;
- `#rules=` (alone and after `#case=`) adds the house-rules verdict row.
Screenshots go to _build/screenshots/checker-*.png.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from helpers import REPO, SHOTS, cli
from live_helpers import WATCH_START_NARRATION, start_narration

from skitgubbe.records.caselib import get
from skitgubbe.session import house_verdict
from skitgubbe.views import case_editor

pytestmark = pytest.mark.browser

START_TIMEOUT_MS = 90_000
AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
#: the klöver 9 case and five others: both phases, 2 to 6 players, all-legal and refused moves
CASES = (
    ("klover-9", "sv"),
    ("d2-chansa-last-card", "en"),
    ("d1-everyone-plays", "sv"),
    ("d11-ten-burns", "en"),
    ("d10-6-players", "sv"),
    ("d9-completer-out", "en"),
)
ROOT = '[data-skitgubbe-live="checker"]'


class Log:
    """Requests off the loopback, failed requests and console errors of a browser context."""

    def __init__(self, context: Any) -> None:
        self.offsite: list[str] = []
        self.failed: list[str] = []
        self.errors: list[str] = []

        def on_request(request: Any) -> None:
            if urlsplit(request.url).hostname != "127.0.0.1" and not request.url.startswith(("data:", "blob:")):
                self.offsite.append(request.url)

        context.on("request", on_request)
        context.on("requestfailed", lambda r: self.failed.append(f"failed {r.url}"))
        context.on("response", lambda r: r.status >= 400 and self.failed.append(f"{r.status} {r.url}"))

    def watch(self, page: Any) -> Any:
        def on_console(message: Any) -> None:
            if message.type == "error" and not (message.location.get("url") or "").endswith("/favicon.ico"):
                self.errors.append(message.text)

        page.on("console", on_console)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page

    def check(self) -> None:
        assert not self.offsite, f"requests off 127.0.0.1: {self.offsite}"
        assert not self.failed, f"failed requests: {self.failed}"
        assert not self.errors, f"console errors: {self.errors}"


@pytest.fixture()
def phone(live_browser: Any) -> Iterator[tuple[Any, Log]]:
    context = live_browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, service_workers="block"
    )
    context.set_default_timeout(START_TIMEOUT_MS)
    log = Log(context)
    try:
        yield context, log
    finally:
        context.close()


def cli_verdicts(case: dict[str, Any], tmp_path: Path, name: str = "case.json") -> tuple[int, dict[str, str]]:
    path = tmp_path / name
    path.write_text(json.dumps(case, ensure_ascii=False), encoding="utf-8")
    run = cli("check", str(path), "--compare", "--json")
    assert run.returncode in (0, 1), f"check --compare refused the file: {run.stderr}"
    data = json.loads(run.stdout)
    return run.returncode, {p: str(r["all_legal"]).lower() for p, r in data["results"].items()}


def page_verdicts(page: Any) -> dict[str, str]:
    return page.evaluate(
        """(root) => Object.fromEntries([...document.querySelectorAll(root + ' [data-role="verdict"]')]
            .map((e) => [e.dataset.preset, e.dataset.legal]))""",
        ROOT,
    )


def wait_ready(page: Any) -> None:
    page.wait_for_function(
        """(root) => { const r = document.querySelector(root);
            return r && (r.dataset.table === 'ready' || r.dataset.engine === 'failed'); }""",
        arg=ROOT,
        timeout=START_TIMEOUT_MS,
    )
    engine = page.locator(ROOT).get_attribute("data-engine")
    assert engine == "ready", page.locator(ROOT).inner_text()[:500]


def settle(page: Any, test: str, arg: Any = None) -> None:
    """Wait for a condition on the checker's root element (`r`) after a message to the worker."""
    page.wait_for_function(
        f"([root, arg]) => {{ const r = document.querySelector(root); return {test}; }}", arg=[ROOT, arg]
    )


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(f"{ROOT} .sgt--checker").screenshot(path=str(SHOTS / f"checker-{name}.png"))


@pytest.fixture(scope="module")
def linked_checkers(live_browser: Any, site_url: str) -> Iterator[dict[str, tuple[Any, Log]]]:
    """One phone page a language with its engine booted by a link (the klöver 9 case), shared by the case-link tests
    of the module: each of them resets the checker (New empty position) and pastes its own link into the address.
    The first boot checks what only the first boot shows: nobody pressed Start, the link started the engine, and
    the page says why."""
    context = live_browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, service_workers="block"
    )
    context.set_default_timeout(START_TIMEOUT_MS)

    class Booted(dict[str, tuple[Any, Log]]):
        def __missing__(self, lang: str) -> tuple[Any, Log]:
            log = Log(context)
            page = log.watch(context.new_page())
            page.add_init_script(WATCH_START_NARRATION)
            page.goto(f"{site_url}book/{lang}/checker.html#case={case_editor.encode(get('klover-9').case_data())}")
            wait_ready(page)
            assert page.evaluate("() => window.__narrations") == start_narration(lang)
            settle(page, "r.querySelectorAll('[data-role=\"verdict\"]').length === 6")
            self[lang] = (page, log)
            return self[lang]

    pages = Booted()
    try:
        yield pages
    finally:
        context.close()


def reset_checker(page: Any) -> str:
    """New empty position in the running checker; asserts the reset (no card placed, no move, six verdicts of the
    empty position, the address holding it) and returns the empty position's fragment."""
    root = page.locator(ROOT)
    root.locator("button[data-action='new-case']").tap()
    settle(
        page,
        "r.querySelectorAll('[data-role=\"deck\"] button[data-placed]').length === 0 && "
        "r.querySelectorAll('[data-role=\"moves\"] li').length === 0 && "
        "r.querySelector('.sgt--checker').dataset.state === 'judged' && "
        "r.querySelectorAll('[data-role=\"verdict\"]').length === 6",
    )
    empty = str(page.locator(f"{ROOT} .sgt--checker").get_attribute("data-fragment"))
    assert empty.startswith("case=") and page.evaluate("() => location.hash") == f"#{empty}"
    return empty


@pytest.mark.parametrize(("case_id", "lang"), CASES)
def test_a_case_link_shows_the_verdicts_of_check_compare(
    linked_checkers: dict[str, tuple[Any, Log]], tmp_path: Path, case_id: str, lang: str
) -> None:
    page, log = linked_checkers[lang]
    data = get(case_id).case_data()
    code, expected = cli_verdicts(data, tmp_path)
    empty = reset_checker(page)
    # the case's link pasted into the address of the running checker (a hashchange): its own answer
    page.evaluate("(hash) => { location.hash = hash; }", f"case={case_editor.encode(data)}")
    settle(
        page,
        "r.querySelector('.sgt--checker').dataset.fragment !== arg && "
        "r.querySelectorAll('[data-role=\"verdict\"]').length === 6",
        empty,
    )
    assert json.loads(page.locator(f"{ROOT} textarea").input_value()) == case_editor.normalise(data)
    assert page_verdicts(page) == expected, f"{case_id}: the page and check --compare disagree"
    # a refused move is named and explained with its rule in words, in the page's language
    refused = page.locator(f'{ROOT} [data-role="verdict"][data-legal="false"]')
    assert refused.count() == sum(v == "false" for v in expected.values()) and (refused.count() > 0) == (code == 1)
    for i in range(refused.count()):
        said = refused.nth(i).inner_text()
        words = (
            ("underkänns", "Regel:", "går inte att ställa upp")
            if lang == "sv"
            else ("refused", "Rule:", "cannot be set up")
        )
        assert (words[0] in said and words[1] in said) or words[2] in said, said
    if case_id == "klover-9":
        shot(page, f"link-{lang}")
    log.check()


def test_the_editor_at_390px_builds_a_case_by_tapping(phone: tuple[Any, Log], site_url: str, tmp_path: Path) -> None:
    context, log = phone
    page = log.watch(context.new_page())
    page.goto(f"{site_url}book/en/checker.html")
    assert "#" not in page.url
    page.locator(f'{ROOT} button[data-action="start"]').tap()
    wait_ready(page)
    root = page.locator(ROOT)
    root.locator('button[data-action="new-case"]').tap()
    settle(page, "r.querySelectorAll('[data-role=\"deck\"] button[data-placed]').length === 0")
    root.locator('select[data-field="rules"]').select_option("kortspelsregler")
    settle(
        page,
        "(r.querySelector('.sgt--checker').dataset.fragment || '').length > 10 && "
        "document.querySelector('select[data-field=\"rules\"]').value === 'kortspelsregler'",
    )
    root.locator('select[data-field="trump"]').select_option("H")
    hands = {"A": "9C 4H 2S", "B": "QC KC AC 7H 8H 3D", "C": "10C JC 5D"}
    for player, cards in hands.items():
        root.locator('select[data-field="dest"]').select_option(f"hand:{player}")
        for code in cards.split():
            root.locator(f'[data-role="deck"] button[data-card="{code}"]').tap()
            root.locator(f'[data-role="deck"] button[data-card="{code}"][data-placed="hand:{player}"]').wait_for()
    # a card tapped by mistake is tapped again to take it back
    root.locator('[data-role="deck"] button[data-card="2D"]').tap()
    root.locator('[data-role="deck"] button[data-card="2D"][data-placed]').wait_for()
    root.locator('[data-role="position"] button[data-card="2D"]').tap()
    settle(page, '!r.querySelector(\'[data-role="deck"] button[data-card="2D"][data-placed]\')')
    # a move tapped: A (to play) chooses the 9C and adds it
    entry = root.locator('[data-role="move-entry"]')
    entry.locator('button[data-action="select"][data-card="9C"]').tap()
    entry.locator('button[data-action="play-selected"]').tap()
    root.locator(
        '[data-role="moves"] li', has_text=re.compile("A: (klöver 9|nine of clubs)")
    ).wait_for()  # the move list in the page's words
    # B's sequence, tapped card by card
    for code in ("QC", "KC", "AC"):
        entry.locator(f'button[data-action="select"][data-card="{code}"]').tap()
        entry.locator(f'button[data-action="select"][data-card="{code}"][aria-pressed="true"]').wait_for()
    entry.locator('button[data-action="play-selected"]').tap()
    root.locator(
        '[data-role="moves"] li',
        has_text=re.compile("B: (klöver dam, klöver kung, klöver ess|queen of clubs, king of clubs, ace of clubs)"),
    ).wait_for()
    # a move typed (the player left out: whoever is to play) and one that cannot be read
    entry.locator("input.sgt-typed").fill("C: hoppla")
    entry.locator('button[data-action="typed"]').tap()
    page.locator(f'{ROOT} [data-role="problem"]', has_text="hoppla").wait_for()
    assert entry.locator("input.sgt-typed").input_value() == "C: hoppla", "the typed text was lost"
    assert root.locator('[data-role="moves"] li').count() == 2
    entry.locator("input.sgt-typed").fill("pick up")
    entry.locator('button[data-action="typed"]').tap()
    root.locator('[data-role="moves"] li', has_text="C: picks up").wait_for()
    settle(page, "r.querySelectorAll('[data-role=\"verdict\"]').length === 6")

    # the case: equal to the klöver 9 case's first three moves; the verdicts equal check --compare's
    fragment = page.evaluate("() => location.hash")
    assert fragment.startswith("#case="), fragment
    case, house, problems = case_editor.read_fragment(fragment)
    assert not problems and house is None and case is not None
    klover = get("klover-9").case_data()
    assert case["hands"] == klover["hands"] and case["moves"] == klover["moves"][:3] and case["trump"] == "H"
    code, expected = cli_verdicts(case, tmp_path)
    assert page_verdicts(page) == expected and expected["kortspelsregler"] == "true" and expected["pagat"] == "false"
    # the address is a replaceState, not a history entry per tap
    assert page.evaluate("() => history.length") <= 2

    # phone layout: no horizontal scroll, every tap target at least 44 px, axe clean
    assert page.evaluate("() => document.documentElement.scrollWidth <= 390"), "horizontal scroll at 390 px"
    small = page.evaluate(
        """(root) => [...document.querySelectorAll(root + ' .sgt--checker button, ' + root + ' .sgt--checker select')]
            .filter((b) => b.offsetParent !== null)
            .map((b) => [b.getAttribute('data-card') || b.getAttribute('data-action') || b.getAttribute('data-field'),
                          b.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44).map(([n, r]) => `${n} ${r.width}x${r.height}`)""",
        ROOT,
    )
    assert not small, f"tap targets under 44 px: {small[:10]}"
    shot(page, "editor-390")
    page.add_script_tag(path=str(AXE))
    violations = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .filter((v) => v.impact === 'critical' || v.impact === 'serious')
            .map((v) => ({id: v.id, nodes: v.nodes.length, target: v.nodes[0].target.join(' ')}))"""
    )
    assert not violations, violations

    # the download: a case file that check --compare accepts
    with page.expect_download() as info:
        root.locator('button[data-action="download"]').tap()
    saved = tmp_path / "downloaded.json"
    info.value.save_as(saved)
    assert info.value.suggested_filename.endswith(".json")
    run = cli("check", str(saved), "--compare")
    assert run.returncode in (0, 1), run.stderr
    assert json.loads(saved.read_text(encoding="utf-8")) == case

    # the same address in a new page: the same case, the same verdicts
    url = page.url
    again = log.watch(context.new_page())
    again.goto(url)
    wait_ready(again)
    settle(again, "r.querySelectorAll('[data-role=\"verdict\"]').length === 6")
    assert page_verdicts(again) == expected
    shown = json.loads(again.locator(f"{ROOT} textarea").input_value())
    assert shown == case
    log.check()


def test_house_rules_from_the_address_add_their_row(phone: tuple[Any, Log], site_url: str) -> None:
    context, log = phone
    spec = {"preset": "pagat", "sequences": True, "trick_complete": "plays"}
    klover = get("klover-9").case_data()
    expected = house_verdict(klover, spec, "sv")
    assert expected["error"] is None
    page = log.watch(context.new_page())
    page.goto(f"{site_url}book/sv/checker.html#case={case_editor.encode(klover)}&rules={case_editor.encode(spec)}")
    wait_ready(page)
    row = page.locator(f'{ROOT} [data-role="house-verdict"]')
    row.wait_for()
    assert row.get_attribute("data-legal") == str(expected["legal"]).lower()
    assert row.get_attribute("data-base") == "pagat" and "husreglerna" in row.inner_text()
    assert page.locator(f'{ROOT} [data-role="verdict"]').count() == 6  # the presets' rows stay as they are
    assert page.locator(f'{ROOT} select[data-field="rules"]').input_value() == "kortspelsregler"  # the case wins
    shot(page, "house-rules")
    # a rules= link opened in the running checker (hashchange): the position's rules become the house rules
    page.goto(f"{site_url}book/sv/checker.html#rules={case_editor.encode(spec)}")
    page.wait_for_function(
        "(root) => document.querySelector(root + ' select[data-field=\"rules\"]').value === 'house'", arg=ROOT
    )
    assert page.evaluate("() => location.hash").startswith("#case=")  # the address holds the case again, and the rules
    assert "&rules=" in page.evaluate("() => location.hash")
    # rules= alone in a new page: the default case set up under the house rules, with the house row
    fresh = log.watch(context.new_page())
    fresh.goto(f"{site_url}book/en/checker.html#rules={case_editor.encode(spec)}")
    wait_ready(fresh)
    fresh.locator(f'{ROOT} [data-role="house-verdict"]').wait_for()
    assert fresh.locator(f'{ROOT} select[data-field="rules"]').input_value() == "house"
    assert (
        fresh.locator(f'{ROOT} [data-role="house-verdict"]').get_attribute("data-legal")
        == str(house_verdict({**klover, "rules": spec}, spec)["legal"]).lower()
    )
    log.check()
