"""The widgets as good Jupyter citizens, in a real JupyterLab (one server on 127.0.0.1, a temporary
notebook directory, the dark theme) driven by Playwright with Debian's chromium. One notebook shows a `Game`, then
a live game (`LivePlay(...)` as the cell's last expression, already in phase 2) and a Replay with its move list:

- the `Game`'s styles stay in its own output: the live game's and the Replay's cards keep their size;
- the Replay in a 1,250 px wide output is at most 1,200 px tall;
- the computer's moves after one click come one at a time, each narrated in the `aria-live` region, with a
  visible pause between them; one click, one move of the reader's;
- the reader's phase-2 hand is sorted by suit and rank;
- JupyterLab's dark theme is applied to the table, its text readable (contrast at least 4.5:1).

And a chapter of the book (sv, en) opened as it is: its Markdown shows no raw MyST, its cards as their text.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import ARTIFACTS, free_port, running_server

REPO = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.browser, pytest.mark.slow]
pytest.importorskip("jupyterlab")
pytest.importorskip("anywidget")

READY_TIMEOUT_S = 120
KERNEL_TIMEOUT_MS = int(os.environ.get("SG_KT", "120000"))
TOKEN = "skitgubbe-test"

CELLS = [
    "from skitgubbe import Game\nGame.deal(3, seed=2)",
    # the reader's phase-1 moves played from Python, so the widget opens in phase 2
    "from skitgubbe.views.widgets import LivePlay, whole_game\n"
    'live = LivePlay("en", seed=4)\n'
    "while live.game.state.phase == 1 and not live.game.over:\n"
    '    live.attempt(live.actions[0]["move"])\n'
    "live",
    'whole_game(["A", "B", "C"], "en")',
]


def _notebook() -> dict[str, Any]:
    return {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": s}
            for i, s in enumerate(CELLS)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 at a free port over a temporary notebook directory, dark theme, no news."""
    port = free_port()
    root = tmp_path_factory.mktemp("lab-notebooks")
    (root / "citizens.ipynb").write_text(json.dumps(_notebook()), encoding="utf-8")
    for lang in ("sv", "en"):  # a chapter as the book has it: cards and cross-references in its Markdown
        (root / lang).mkdir()
        shutil.copyfile(REPO / "book" / lang / f"{CHAPTER}.ipynb", root / lang / f"{CHAPTER}.ipynb")
    settings = tmp_path_factory.mktemp("lab-settings")
    for extension, plugin, values in (
        ("apputils-extension", "themes", {"theme": "JupyterLab Dark"}),
        ("apputils-extension", "notification", {"fetchNews": "false", "checkForUpdates": False}),
        # every cell drawn, not only those in view, so a whole chapter's Markdown can be read
        ("notebook-extension", "tracker", {"windowingMode": "none"}),
    ):
        folder = settings / "@jupyterlab" / extension
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{plugin}.jupyterlab-settings").write_text(json.dumps(values), encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "SKITGUBBE_STATIC_BUILD": "0",
        "JUPYTER_RUNTIME_DIR": str(tmp_path_factory.mktemp("lab-runtime")),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path_factory.mktemp("lab-workspaces")),
    }
    lab = shutil.which("jupyter-lab", path=str(Path(sys.executable).parent)) or "jupyter-lab"
    command = [
        lab,
        "--no-browser",
        "--allow-root",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=",
    ]
    url = f"http://127.0.0.1:{port}/"
    log = tmp_path_factory.mktemp("lab") / "lab.log"
    ready = f"{url}api/status?token={TOKEN}"
    with running_server(
        command, cwd=root, env=env, log=log, ready_url=ready, name="jupyter lab", timeout_s=READY_TIMEOUT_S
    ):
        yield url


#: every text the live game's narration (`aria-live`) is given, with the time, in `window.__said`
WATCH_NARRATION = """root => {
  window.__said = [];
  const region = root.querySelector('.sgt-narration[data-role="narration"][aria-live="polite"]');
  new MutationObserver(() => window.__said.push({t: performance.now(), text: region.textContent}))
    .observe(region, {childList: true, subtree: true, characterData: true});
}"""

_SETTLED = """root => root.getAttribute('aria-busy') === 'false' &&
    (root.dataset.over === 'true' || root.querySelector('button[data-card][data-action="play"][data-legal="true"]:not([disabled]),'
        + ' .sgt-actions button:not([disabled])') !== null)"""

#: the book chapter opened in Lab as a reader would (cards, links within it and to other pages)
CHAPTER = "variants"
#: raw MyST a Jupyter reader must never see: roles, cross-references, target lines, directives
RAW_MYST = re.compile(r"\{(?:card|cards|ref|doc|numref|term)\}`|^\([a-z0-9-]+\)=\s*$|```\{|^:::", re.M)
CARD_SPAN = re.compile(r'<span class="sg-cardtext" lang="(?:sv|en)" data-cards?="[^"]*">([^<]*)</span>')

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def _luminance(rgb: str) -> float:
    channels = [float(x) for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_a_notebook_with_a_game_a_live_game_and_a_replay(lab_url: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1600, "height": 1000}, service_workers="block")
    context.set_default_timeout(KERNEL_TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{lab_url}lab/tree/citizens.ipynb?reset&token={TOKEN}")
        page.locator(".jp-Notebook").wait_for()
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for()  # the kernel is up
        # the left sidebar closed, so the outputs are as wide as the main area
        page.keyboard.press("Control+b")
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
        live = page.locator(".sgt--live").first
        live.wait_for()
        page.wait_for_function(_SETTLED, arg=live.element_handle(), timeout=KERNEL_TIMEOUT_MS)
        replay = page.locator(".sgt--replay").first
        replay.locator(".sgt-movelist").wait_for()

        # JupyterLab's dark theme on the table: a dark background, text readable on it and on the board's felt
        assert page.evaluate("document.body.dataset.jpThemeLight") == "false"
        colours = live.evaluate(
            """el => { const s = getComputedStyle(el), b = getComputedStyle(el.querySelector('.sgt-board'));
                       return {fg: s.color, bg: s.backgroundColor, felt: b.backgroundColor}; }"""
        )
        assert _luminance(colours["bg"]) < 0.05, colours
        assert _contrast(colours["fg"], colours["bg"]) >= 4.5 and _contrast(colours["fg"], colours["felt"]) >= 4.5

        # the Game's styles stay in its output: its cards are its own size, the widgets' cards keep theirs
        game_card = page.locator(".sgt--static .sgt-card").first.bounding_box()
        live_card = live.locator(".sgt-seat .sgt-card").first.bounding_box()
        replay_card = replay.locator(".sgt-seat .sgt-card").first.bounding_box()
        assert game_card and live_card and replay_card
        assert round(game_card["width"]) == 48, game_card  # the board's own size (table.css), as the widgets' boards
        assert round(live_card["width"]) == 48 and round(replay_card["width"]) == 48, (live_card, replay_card)

        # a Replay with its move list in an output at least 1,250 px wide: at most 1,200 px tall
        box = replay.bounding_box()
        assert box and box["width"] >= 1250, box
        assert box["height"] <= 1200, box

        # the reader's phase-2 hand, sorted by suit (trump last) and rank
        assert live.locator(".sgt-board").get_attribute("data-phase") == "2"
        codes = live.locator(".sgt-fan--mine [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        trump = live.evaluate("el => el.querySelector('.sgt-info__trump')?.textContent || ''")
        assert len(codes) > 3, codes
        suits = [c[-1] for c in codes]
        assert suits == sorted(suits, key=lambda s: suits.index(s)), f"suits not grouped: {codes}"
        for a, b in itertools.pairwise(codes):
            if a[-1] == b[-1]:
                assert RANKS.index(a[:-1]) < RANKS.index(b[:-1]), f"not by rank: {codes}"
        assert trump, "no trump shown"

        # one click, one move; the computer's moves after it one at a time, each narrated, with a pause between
        live.evaluate(WATCH_NARRATION)
        paced = False
        for _ in range(12):
            before = int(live.get_attribute("data-your-moves"))
            page.evaluate("window.__said = []")
            shown = live.locator('[data-role="narration"]').first.text_content()
            target = live.locator('button[data-card][data-action="play"][data-legal="true"]:not([disabled])')
            if not target.count():
                target = live.locator(".sgt-actions button:not([disabled])")
            target.first.click()
            page.wait_for_function(_SETTLED, arg=live.element_handle(), timeout=KERNEL_TIMEOUT_MS)
            assert int(live.get_attribute("data-your-moves")) == before + 1
            said = page.evaluate("window.__said")
            # the distinct narrations in order (a redraw of the same text is not a new move)
            texts: list[tuple[float, str]] = []
            for entry in said:
                if entry["text"] and (not texts or texts[-1][1] != entry["text"]):
                    texts.append((entry["t"], entry["text"]))
            # the computer's moves: not the reader's (A), not the narration already shown before the click
            computer = [(t, text) for t, text in texts if not text.startswith("A:") and text != shown]
            if len(computer) >= 2:
                gaps = [b[0] - a[0] for a, b in itertools.pairwise(computer)]
                assert min(gaps) >= 300, f"computer moves {gaps} ms apart: {computer}"
                paced = True
                break
            if live.get_attribute("data-over") == "true":
                break
        assert paced, "no click was followed by two computer moves narrated one by one"
        assert not errors, errors
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lab-citizens-failure.png"))
        raise
    finally:
        context.close()


def test_a_chapter_s_markdown_reads_without_myst(lab_url: str, browser: Any) -> None:
    """The chapter's Markdown cells as Lab renders them: no role, cross-reference or target line as raw text, each
    card span's text (the cards' symbols in the edition's language) there in order, the links' words kept."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, service_workers="block")
    context.set_default_timeout(KERNEL_TIMEOUT_MS)
    page = context.new_page()
    try:
        for lang in ("sv", "en"):
            cells = json.loads((REPO / "book" / lang / f"{CHAPTER}.ipynb").read_text(encoding="utf-8"))["cells"]
            sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
            cards = [text for source in sources for text in CARD_SPAN.findall(source)]
            assert len(cards) >= 3, cards
            page.goto(f"{lab_url}lab/tree/{lang}/{CHAPTER}.ipynb?reset&token={TOKEN}")
            rendered = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown")
            # every Markdown cell drawn (Lab renders them one by one, asynchronously)
            page.wait_for_function(
                """n => { const els = document.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown');
                          return els.length === n && [...els].every(e => e.textContent.trim().length > 0); }""",
                arg=len(sources),
            )
            texts = rendered.evaluate_all("els => els.map(e => e.textContent)")
            whole = "\n".join(texts)
            assert not RAW_MYST.search(whole), RAW_MYST.search(whole)
            assert "sg-cardtext" not in whole and "data-card" not in whole, "a card span shown as raw HTML"
            at = 0
            for shown in cards:  # each card's text, in the order of the source
                found = whole.find(shown, at)
                assert found >= 0, f"{lang}: card text {shown!r} missing after position {at}"
                at = found + len(shown)
            links = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown a[href]").evaluate_all(
                "els => els.map(a => a.getAttribute('href'))"
            )
            assert any(h.startswith("#") and len(h) > 1 for h in links), links
    except Exception:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lab-chapter-failure.png"))
        raise
    finally:
        context.close()
        _shut_down_sessions(lab_url, f"/{CHAPTER}.ipynb")


def _shut_down_sessions(lab_url: str, path_suffix: str) -> None:
    """End the kernels Lab started for the notebooks opened (a server with kernels running is slow to stop)."""
    headers = {"Authorization": f"token {TOKEN}"}
    with urllib.request.urlopen(urllib.request.Request(f"{lab_url}api/sessions", headers=headers), timeout=10) as r:
        sessions = json.load(r)
    for session in sessions:
        if session["path"].endswith(path_suffix):
            request = urllib.request.Request(f"{lab_url}api/sessions/{session['id']}", headers=headers, method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()
