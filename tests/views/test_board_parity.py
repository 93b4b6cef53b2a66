"""One board (issue 53, docs/board.md): `skitgubbe/views/board.js` `drawBoard` (run here in node with the small
document of tests/js/dom-stub.mjs) and `skitgubbe/views/board.py` `board_html` draw the same markup from the same
view models: every element, class, attribute, aria label and word. Positions from seeded games: the deal and phase 2
for 2 to 6 players, a hand of 20 cards or more, a game that has ended, the frame after a move (the last move marked,
a completed trick), a seat's view with the other hands face down; in Swedish and in English."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from skitgubbe import pictures
from skitgubbe.engine.game import Game
from skitgubbe.engine.state import GameState
from skitgubbe.session import frame_view, state_view
from skitgubbe.views import board, table

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "js" / "board-html.mjs"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def _games(players: int, seed: int) -> Iterator[tuple[Game, GameState | None]]:
    """A seeded game played by random legal moves, yielded at each move with the state before it."""
    game = Game.deal(players, seed=seed)
    rng = random.Random(seed)
    yield game, None
    while not game.over:
        before = game.state
        game.play(rng.choice(game.legal_moves()))
        yield game, before


def _positions() -> list[tuple[str, Any]]:
    """(name, state or (before, step, after)) for each position the test draws."""
    out: list[tuple[str, Any]] = []
    for n in range(2, 7):
        seen_phase2 = seen_frame = False
        for game, before in _games(n, 530 + n):
            s = game.state
            if game.move_count == 0:
                out.append((f"{n} players, the deal", s))
            elif not seen_frame and before is not None and s.table == () and game.move_count > 3:
                out.append((f"{n} players, a trick completed", (before, game.history[-1], s)))
                seen_frame = True
            elif not seen_phase2 and int(s.phase) == 2:
                out.append((f"{n} players, phase 2", s))
                seen_phase2 = True
            if game.over:
                out.append((f"{n} players, the end", s))
    for seed in range(100):
        big = next((g.state for g, _ in _games(3, seed) if max(map(len, g.state.hands.values())) >= 20), None)
        if big is not None:
            out.append((f"a hand of 20 cards or more (seed {seed})", big))
            break
    else:
        raise AssertionError("no seeded game of 3 players reached a hand of 20 cards in 100 seeds")
    return out


POSITIONS = _positions()


def _views(lang: str) -> list[tuple[str, dict[str, Any]]]:
    views: list[tuple[str, dict[str, Any]]] = []
    for name, pos in POSITIONS:
        if isinstance(pos, GameState):
            views.append((name, state_view(pos, lang, open=True)))
            views.append(
                (f"{name}, from {pos.players[0]}'s seat", state_view(pos, lang, seat=pos.players[0], open=False))
            )
        else:
            before, step, after = pos
            views.append((name, frame_view(after, lang, index=1, total=2, before=before, step=step)))
    return views


class _Tokens(HTMLParser):
    """The markup as a list of tokens: tags with their attributes sorted, text as it reads."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tokens.append(f"<{tag} " + " ".join(f'{k}="{v}"' for k, v in sorted(attrs)) + ">")

    def handle_endtag(self, tag: str) -> None:
        self.tokens.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if self.tokens and self.tokens[-1].startswith("text:"):
            self.tokens[-1] += data
        else:
            self.tokens.append("text:" + data)


def tokens(html: str) -> list[str]:
    parser = _Tokens()
    parser.feed(html)
    parser.close()
    return parser.tokens


def _drawn_in_node(views: list[dict[str, Any]], lang: str) -> list[str]:
    data = {"views": views, "words": table.words(lang), "deck": pictures.deck(lang)}
    out = subprocess.run(
        [NODE or "node", str(SCRIPT)], input=json.dumps(data), capture_output=True, text=True, check=True, timeout=60
    )
    drawn: list[str] = json.loads(out.stdout)
    return drawn


def test_the_positions_cover_the_brief() -> None:
    names = [n for n, _ in POSITIONS]
    for n in range(2, 7):
        assert (
            f"{n} players, the deal" in names and f"{n} players, phase 2" in names and f"{n} players, the end" in names
        )
    assert any(n.startswith("a hand of 20") for n in names)
    assert sum("trick completed" in n for n in names) >= 3


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_python_draws_the_board_as_board_js_does(lang: str) -> None:
    views = _views(lang)
    drawn = _drawn_in_node([v for _, v in views], lang)
    assert len(drawn) == len(views) >= 30
    for (name, view), js in zip(views, drawn, strict=True):
        py = board.board_html(view, lang)
        want, got = tokens(js), tokens(py)
        for i, (a, b) in enumerate(zip(want, got)):
            assert a == b, f"{lang}, {name}: token {i} differs:\n board.js: {a[:300]}\n board.py: {b[:300]}"
        assert len(want) == len(got), f"{lang}, {name}: board.js {len(want)} tokens, board.py {len(got)}"


def test_the_comparison_sees_a_changed_class() -> None:
    """The normalization keeps what differs: one class more on one side is a difference."""
    view = _views("sv")[0][1]
    html = board.board_html(view, "sv")
    assert tokens(html) != tokens(html.replace('class="sgt-seat__count"', 'class="sgt-seat__count x"', 1))
    assert tokens(html) == tokens(html.replace(' role="group"', '  role="group"', 1))
