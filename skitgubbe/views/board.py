"""The board of a page with no script: the markup `board.js` `drawBoard` makes, written out in Python.

One board in every mode (issue 53, docs/board.md): the scripted modes draw it with `board.js` from the session's
view model (`skitgubbe.session.state_view`); a page that runs no script (a printed handout, a quiz's or a
comparison's position, a frame of a step-through game, a notebook's `_repr_html_`) gets the same elements, classes,
aria and words from this module, drawn from the same view model, and the same CSS (table.css's board rules).
tests/views/test_board_parity.py runs `drawBoard` in node on a set of view models and holds this module's markup
to its: a change to one side that the other does not make fails there.

What is drawn is a board nobody is playing at: no hand is the reader's (no card buttons, no roving focus), as a
Replay draws it (`replay.js`: `drawBoard(view, { words, card, lesson, oneLine })`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from skitgubbe import pictures
from skitgubbe.engine.cards import Card, Suit, sort_hand
from skitgubbe.engine.state import GameState
from skitgubbe.session import state_view
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.names import genitive
from skitgubbe.views import table
from skitgubbe.views.render import scope_css

__all__ = ["BOARD_MARKER", "board_css", "board_html", "static_board"]

#: the attribute of a static board's box: the site's page assets put table.css on a page that has one
BOARD_MARKER = "data-sg-board"

View = Mapping[str, Any]


def _fill(template: str, **params: object) -> str:
    """`template.js` `fill`: each `{key}` from `params` (a missing key is a mistake of the program)."""
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), template)


def _attrs(attrs: Mapping[str, str | None]) -> str:
    return "".join(f' {k}="{escape(v, quote=True)}"' for k, v in attrs.items() if v is not None)


def _el(tag: str, attrs: Mapping[str, str | None], *children: str, text: str | None = None) -> str:
    inner = escape(text, quote=False) if text is not None else "".join(children)
    return f"<{tag}{_attrs(attrs)}>{inner}</{tag}>"


_CLASS = re.compile(r'^<svg class="([^"]*)"')


class _Deck:
    """`cards.js` `makeDeck`: a card's picture (the SVG `pictures.deck` gives) with `sgt-card` and the
    extra classes added to its own."""

    def __init__(self, lang: Lang) -> None:
        self.pictures = pictures.deck(lang)

    def __call__(self, code: str, extra: str = "") -> str:
        svg = self.pictures[code if code in self.pictures else "back"]
        added = " ".join(["sgt-card", *extra.split()])
        return _CLASS.sub(lambda m: f'<svg class="{m.group(1)} {added}"', svg, count=1)


def _fan(cards: Sequence[str], label: str, cls: str = "") -> str:
    slots = "".join(_el("span", {"class": "sgt-slot"}, c) for c in cards)
    return _el("span", {"class": f"sgt-fan {cls}", "role": "group", "aria-label": label}, slots)


def board_html(
    view: View, lang: str, *, bottom: str | None = None, lesson: bool = False, one_line: bool = False
) -> str:
    """The board of `view` (a `state_view` / `frame_view`) as `drawBoard` draws it with nobody at the table: every
    seat's cards as the view gives them (open or face down), `bottom` at the foot (the first player by default)."""
    lang = check_lang(lang)
    w = table.words(lang)
    card = _Deck(lang)
    last = view.get("last")
    highlight = set(last["cards"]) if last and last["legal"] else set()
    last_player = last["player"] if last and last["legal"] else None
    players: list[str] = list(view["players"])

    def count(n: int) -> str:
        return w["cards_one"] if n == 1 else _fill(w["cards"], n=n)

    start = players.index(bottom) if bottom in players else 0
    top = [players[(start + k) % len(players)] for k in range(1, len(players))]

    def seat(name: str, where: str) -> str:
        hand = view["hands"][name]
        turn = _el("span", {"class": "sgt-badge sgt-badge--turn"}, text=w["to_play"]) if view["to_play"] == name else ""
        badges = []
        if view["phase"] == 1:
            badges.append(_el("span", {"class": "sgt-badge"}, text=_fill(w["won"], n=view["won"][name])))
        if name in view["out"]:
            badges.append(_el("span", {"class": "sgt-badge sgt-badge--out"}, text=w["out"]))
        if view["loser"] == name:
            badges.append(_el("span", {"class": "sgt-badge sgt-badge--loser"}, text=w["loser"]))
        if hand["cards"] is not None:
            mark = "sgt-card--last" if last_player == name else ""
            trump = Suit(view["trump"]["suit"]) if view.get("trump") else None
            shown = [str(c) for c in sort_hand([Card.parse(c) for c in hand["cards"]], trump)]
            cards = [card(code, mark if code in highlight else "") for code in shown]
        else:
            cards = [card("back") for _ in range(hand["count"])]
        label = f"{_fill(w['hand'], name=name, gen=genitive(name, w['genitive']))}: {count(hand['count'])}"
        classes = f"sgt-seat sgt-seat--{where}"
        classes += " sgt-seat--turn" if view["to_play"] == name else ""
        classes += " sgt-seat--out" if name in view["out"] else ""
        head = _el(
            "div",
            {"class": "sgt-seat__head"},
            _el(
                "span",
                {"class": "sgt-seat__line"},
                _el("span", {"class": "sgt-seat__name"}, text=name),
                _el("span", {"class": "sgt-seat__count"}, text=count(hand["count"])),
                turn,
            ),
            _el("span", {"class": "sgt-seat__badges"}, *badges),
        )
        return _el("div", {"class": classes, "data-player": name}, head, _fan(cards, label, "sgt-fan--hand"))

    centre = []
    if view["phase"] == 1:
        pile = card("back", "sgt-card--talon") if view["talon"] else ""
        centre.append(
            _el(
                "div",
                {"class": "sgt-talon", "role": "group", "aria-label": view["talon_text"]},
                _el("span", {"class": "sgt-talon__pile"}, pile),
                _el("span", {"class": "sgt-talon__label"}, text=view["talon_text"]),
            )
        )
        tc = view.get("trump_card")
        if tc:
            shown = card(tc["lesson"], "sgt-card--lesson") if tc.get("lesson") and lesson else card(tc["card"])
            centre.append(
                _el(
                    "div",
                    {"class": "sgt-aside", "role": "group", "aria-label": tc["caption"]},
                    shown,
                    _el("span", {"class": "sgt-talon__label"}, text=tc["caption"]),
                )
            )
    plays = []
    for i, (name, codes) in enumerate(view["table"]):
        is_last = i == len(view["table"]) - 1 and last_player == name
        cards = [card(c, "sgt-card--last" if is_last else "") for c in codes]
        plays.append(
            _el(
                "li",
                {"class": "sgt-play sgt-play--last" if is_last else "sgt-play"},
                _el("span", {"class": "sgt-play__name"}, text=name),
                _fan(cards, f"{name}: {count(len(codes))}"),
            )
        )
    if not plays:
        plays.append(
            _el(
                "li",
                {"class": "sgt-play sgt-play--empty"},
                _el("span", {"class": "sgt-play__name"}, text="\u00a0"),
                _el("span", {"class": "sgt-fan sgt-table__empty"}, text=w["table_empty"]),
            )
        )
    completed = bool(view.get("completed"))
    title = f"{w['table']} · {view['completed_text']}" if completed else w["table"]
    board_table = _el(
        "div",
        {
            "class": "sgt-table sgt-table--completed" if completed else "sgt-table",
            "role": "group",
            "aria-label": w["table"],
        },
        _el("span", {"class": "sgt-table__title"}, text=title),
        _el("ol", {"class": "sgt-plays"}, *plays),
    )
    trump = view.get("trump")
    info = _el(
        "p",
        {"class": "sgt-info"},
        _el("span", {"class": "sgt-info__phase"}, text=view["phase_text"]),
        _el(
            "span",
            {"class": "sgt-info__trump", "data-trump": trump["suit"] if trump else ""},
            text=view["trump_text"],
        )
        if view.get("trump_text")
        else "",
        _el(
            "span",
            {"class": "sgt-info__status sgt-info__status--turn" if view["to_play"] else "sgt-info__status"},
            text=view["status"],
        ),
    )
    return _el(
        "div",
        {
            "class": f"sgt-board sgt-board--n{len(players)}" + (" sgt-board--oneline" if one_line else ""),
            "role": "group",
            "aria-label": w["board"],
            "data-phase": str(view["phase"]),
        },
        _el("div", {"class": "sgt-top"}, *(seat(n, "top") for n in top)),
        _el("div", {"class": "sgt-centre"}, info, _el("div", {"class": "sgt-centre__row"}, *centre, board_table)),
        seat(players[start], "bottom"),
    )


@lru_cache(maxsize=1)
def board_css() -> str:
    """table.css's rules a board needs: its colours and card sizes (the sheet's head, before its first section)
    and the board's section (`/* ---- the board`), without the controls, narration, live play or checker."""
    sections = re.split(r"(?m)^(?=/\* ---- )", table.css())
    kept = [sections[0]] + [s for s in sections[1:] if s.startswith("/* ---- the board")]
    if len(kept) != 2:
        raise RuntimeError("table.css has no section '/* ---- the board'")
    return "".join(kept)


def static_board(state: GameState, lang: str, *, caption: str | None = None, inline_css: bool = False) -> str:
    """A position drawn for a page with no script: every hand open, in a figure (with `caption`) that carries the
    board's style root (`sgt`); `inline_css=True` puts the board's CSS in (scoped to it) for a notebook."""
    lang = check_lang(lang)
    board = board_html(state_view(state, lang, open=True), lang)
    cap = f'<figcaption class="sgt-static__caption">{escape(caption)}</figcaption>' if caption else ""
    figure = f'<figure class="sgt sgt--static" lang="{lang}" {BOARD_MARKER}="">{cap}{board}</figure>'
    if not inline_css:
        return figure
    # Jupyter: the styles travel with the output and apply inside it only; the same position gets the same root id
    root = "sg-" + hashlib.sha1(figure.encode("utf-8")).hexdigest()[:12]
    css = scope_css(board_css(), "#" + root)
    return f'<style>{css}</style><div class="sg-root" id="{root}">{figure}</div>'
