"""A board on a page with no script (skitgubbe/views/board.py `static_board`): the scripted board's words and
markup (test_board_parity.py holds the markup to board.js), every hand open and in the hand order, the names from
outside escaped, table.css's board rules inlined for a notebook and nothing external."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from skitgubbe.engine.cards import DECK, Suit, parse_cards
from skitgubbe.engine.game import Game
from skitgubbe.engine.state import GameState
from skitgubbe.views import board

EVIL = "<script>alert('x')</script>"


def _state(**kw: object) -> GameState:
    base: dict[str, object] = {
        "players": ("A", "B", "C"),
        "phase": 1,
        "to_play": "B",
        "trump": None,
        "hands": {"A": parse_cards("9C QC 4H"), "B": parse_cards("10C JC 5D"), "C": parse_cards("3C 8D 9H")},
        "table": (("A", parse_cards("KS")),),
        "won": {"A": parse_cards("2C 3D"), "B": (), "C": ()},
        "talon": DECK[20:32],
        "trump_card": None,
        "out": (),
        "loser": None,
    }
    base.update(kw)
    return GameState(**base)  # type: ignore[arg-type]


class _Starts(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.starts: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _with(html: str, cls: str) -> list[dict[str, str | None]]:
    parser = _Starts()
    parser.feed(html)
    return [a for _, a in parser.starts if cls in (a.get("class") or "").split()]


def test_phase1_in_the_words_of_the_scripted_board() -> None:
    sv = board.static_board(_state(), "sv", caption="Före draget")
    assert [a["data-player"] for a in _with(sv, "sgt-seat--turn")] == ["B"]
    assert [a["data-player"] for a in _with(sv, "sgt-seat--bottom")] == ["A"]  # the first player at the foot
    for words in ("Spelbordet", "3 kort", "vunna kort: 2", "Talong: 12 kort", "B står på tur", "Bordet", "▶ på tur"):
        assert words in sv, words
    assert '<figcaption class="sgt-static__caption">Före draget</figcaption>' in sv
    assert 'data-sg-board=""' in sv and sv.startswith('<figure class="sgt sgt--static" lang="sv"')
    en = board.static_board(_state(), "en")
    for words in ("The card table", "3 cards", "cards won: 2", "Talon (talong): 12 cards", "B to play", "The table"):
        assert words in en, words
    assert "<figcaption" not in en


def test_phase2_hands_open_in_the_hand_order_trump_last() -> None:
    state = _state(
        phase=2,
        trump=Suit.HEARTS,
        to_play="C",
        hands={"A": parse_cards("4H 9C 2S"), "B": parse_cards("7H 8H 3D"), "C": parse_cards("10C JC")},
        table=(("A", parse_cards("9C")), ("B", parse_cards("QC KC AC"))),
        won={"A": (), "B": (), "C": ()},
        talon=(),
        out=("A",),
    )
    html = board.static_board(state, "sv")
    hand_a = html.split('data-player="A"')[1].split('class="sgt-seat ')[0]
    assert re.findall(r'data-card="(\w+)"', hand_a) == ["9C", "2S", "4H"]
    assert "trumf" in html.lower() and "hjärter" in html and "talong" not in html
    assert [a["data-player"] for a in _with(html, "sgt-seat--out")] == ["A"]
    plays = [a["aria-label"] for a in _with(html, "sgt-fan") if "hand" not in (a["class"] or "")]
    assert plays == ["A: 1 kort", "B: 3 kort"]


def test_the_end_names_the_skitgubbe() -> None:
    state = _state(
        phase=2,
        trump=Suit.SPADES,
        to_play=None,
        hands={"A": (), "B": parse_cards("5H"), "C": ()},
        table=(),
        won={"A": (), "B": (), "C": ()},
        talon=(),
        out=("A", "C"),
        loser="B",
    )
    sv, en = board.static_board(state, "sv"), board.static_board(state, "en")
    assert len(_with(sv, "sgt-badge--loser")) == 1 and "B är skitgubbe" in sv and "skitgubbe" in en
    assert not _with(sv, "sgt-seat--turn")


def test_outside_text_is_escaped() -> None:
    card = parse_cards("QC")
    state = _state(
        players=("A", EVIL, "C"),
        to_play=EVIL,
        hands={"A": card, EVIL: parse_cards("2S"), "C": ()},
        table=((EVIL, card),),
        won={"A": (), EVIL: (), "C": ()},
    )
    html = board.static_board(state, "en", caption=EVIL)
    assert "<script" not in html and "&lt;script&gt;" in html


def test_a_notebook_gets_the_board_css_inline_and_nothing_external() -> None:
    game = Game.deal(4, seed=53)
    html = game._repr_html_()
    assert html is not None and html.startswith("<style>")
    root = re.search(r'<div class="sg-root" id="(sg-[0-9a-f]{12})">', html)
    assert root is not None
    css = html.split("</style>")[0]
    assert f"#{root.group(1)} .sgt-board" in css and f"#{root.group(1)} .sgt-card" in css
    assert f'html[data-theme="dark"] #{root.group(1)} .sgt' in css  # the theme's start kept before the root
    assert ".sgt-controls" not in css and ".sgt-movelist" not in css and ".sgt-option" not in css  # the board's
    assert "url(" not in html and "@import" not in html and "<script" not in html and "<link" not in html
    assert "data-sg-board" in html and "Spelbordet" not in html and "The card table" in html


def test_the_site_loads_table_css_where_a_static_board_is() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "_ext"))
    import widget_runtime

    assert f"{board.BOARD_MARKER}=" == widget_runtime.BOARD_MARKER
