"""The cards' pictures as HTML and SVG: plain strings, no notebook libraries, below the views and the table
server, which both show them.

`card_html` draws one card (an inline SVG with no external resources, so it also looks right without a
stylesheet), `cards_html` a row of them, `deck` every card's picture by code (what `board.js` and `board.py` draw
a board's cards with, on the site, in a notebook and on the table server's pages). Every function takes `lang`
("sv" or "en"). The classes (`sg-card`, `sg-cards`) are styled by `skitgubbe/views/render.css`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from html import escape
from typing import Literal

from skitgubbe.engine.cards import DECK, Card, Rank, Suit
from skitgubbe.text.board_words import BOARD
from skitgubbe.text.lang import Lang, check_lang

__all__ = ["card_html", "cards_html", "deck"]

Size = Literal["sm", "md", "lg"]


def _count(n: int, lang: Lang) -> str:
    return BOARD.phrase("cards_one", lang) if n == 1 else BOARD.phrase("cards", lang, n=n)


def _attr(value: str) -> str:
    return escape(value, quote=True)


# ---------------------------------------------------------------------------------------------------------------
# Card pictures
# ---------------------------------------------------------------------------------------------------------------

RED = "#c00000"
BLACK = "#1a1a1a"
_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', sans-serif"

# Suit shapes drawn in a 100 x 100 box (no font glyphs: emoji fonts would colour them).
_SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: (
        "M50 94C36 78 4 56 4 30C4 14 16 4 29 4C39 4 46 10 50 19C54 10 61 4 71 4C84 4 96 14 96 30C96 56 64 78 50 94Z"
    ),
    Suit.DIAMONDS: "M50 2L86 50L50 98L14 50Z",
    Suit.SPADES: (
        "M50 3C62 22 96 40 96 63C96 78 85 86 73 86C64 86 57 81 53 74C54 85 59 92 68 98H32"
        "C41 92 46 85 47 74C43 81 36 86 27 86C15 86 4 78 4 63C4 40 38 22 50 3Z"
    ),
    Suit.CLUBS: (
        "M50 4A21 21 0 0 1 67 37A21 21 0 1 1 54 72C55 84 60 92 68 98H32C40 92 45 84 46 72"
        "A21 21 0 1 1 33 37A21 21 0 0 1 50 4Z"
    ),
}

# Card box is 100 x 140 user units; the rendered size comes from CSS (em based) or these fallback pixels.
_PIXELS: dict[str, tuple[int, int]] = {"sm": (25, 35), "md": (60, 84), "lg": (90, 126)}


def _suit_shape(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    return f'<path transform="translate({x:g} {y:g}) scale({size / 100:g})" fill="{colour}" d="{_SUIT_PATHS[suit]}"/>'


def _rank_text(label: str, x: float, y: float, font: float, colour: str, max_width: float | None = None) -> str:
    extra = ""
    if max_width is not None and len(label) > 1:
        extra = f' textLength="{max_width:g}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{font:g}" font-weight="700" text-anchor="middle"'
        f' fill="{colour}"{extra}>{escape(label)}</text>'
    )


def _back_pattern() -> str:
    # A lattice of small diamonds drawn as one path (no <pattern>: ids would repeat on a page).
    parts = []
    for row in range(11):
        for col in range(7):
            cx = 14 + col * 12 + (6 if row % 2 else 0)
            cy = 16 + row * 11
            if cx > 86:
                continue
            parts.append(f"M{cx} {cy - 4}l4 4l-4 4l-4 -4z")
    return "".join(parts)


_BACK_PATTERN = _back_pattern()


def _card_svg(card: Card | None, lang: Lang, size: str, highlight: bool, trump: bool) -> str:
    stroke, stroke_width = ("#1a5fb4", 5) if highlight else (("#a07800", 4) if trump else ("#6b6b6b", 1.5))
    frame = (
        f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" ry="9" fill="#ffffff"'
        f' stroke="{stroke}" stroke-width="{stroke_width:g}"/>'
    )
    if card is None:
        body = (
            '<rect x="8" y="8" width="84" height="124" rx="5" fill="#1f3f77"/>'
            f'<path fill="#5b82c4" d="{_BACK_PATTERN}"/>'
            '<rect x="12" y="12" width="76" height="116" rx="3" fill="none" stroke="#c9d6ee" stroke-width="1.5"/>'
        )
        return frame + body
    colour = RED if card.suit.is_red else BLACK
    label = card.rank.letter_in(lang)
    if size == "sm":
        # Big index only: readable at text size.
        body = _rank_text(label, 34 if len(label) > 1 else 30, 58, 56, colour, max_width=60) + _suit_shape(
            card.suit, 40, 66, 54, colour
        )
    else:
        corner = _rank_text(label, 16, 30, 26, colour, max_width=26) + _suit_shape(card.suit, 7, 35, 18, colour)
        corner += f'<g transform="rotate(180 50 70)">{corner}</g>'
        centre = _suit_shape(card.suit, 26, 46, 48, colour)
        if card.rank >= Rank.JACK and card.rank != Rank.ACE:
            centre = (
                f'<rect x="30" y="22" width="40" height="96" rx="4" fill="none" stroke="{colour}"'
                f' stroke-opacity="0.45" stroke-width="2"/>'
                + _rank_text(label, 50, 50, 22, colour, max_width=24)
                + _suit_shape(card.suit, 33, 62, 34, colour)
            )
        elif card.rank == Rank.ACE:
            centre = _suit_shape(card.suit, 22, 42, 56, colour)
        body = corner + centre
    return frame + body


def card_html(
    card: Card | str,
    lang: str,
    *,
    size: Size = "md",
    face_down: bool = False,
    highlight: bool = False,
    trump: bool = False,
) -> str:
    """One card as an inline SVG (`class="sg-card"`, `role="img"`, `aria-label` = its name in `lang`)."""
    lang = check_lang(lang)
    if size not in _PIXELS:
        raise ValueError(f"unknown card size {size!r}; use 'sm', 'md' or 'lg'")
    card = Card.parse(card)
    width, height = _PIXELS[size]
    classes = ["sg-card", f"sg-card--{size}"]
    if face_down:
        classes.append("sg-card--back")
        label = BOARD.phrase("face_down", lang)
        data = ' data-card="back"'
    else:
        classes.append("sg-card--red" if card.suit.is_red else "sg-card--black")
        label = card.name_in(lang)
        data = f' data-card="{_attr(str(card))}"'
    if highlight:
        classes.append("sg-card--highlight")
    if trump and not face_down:
        classes.append("sg-card--trump")
    svg = _card_svg(None if face_down else card, lang, size, highlight, trump and not face_down)
    return (
        f'<svg class="{" ".join(classes)}"{data} role="img" aria-label="{_attr(label)}"'
        f' xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" width="{width}" height="{height}"'
        f' font-family="{_FONT}"><title>{escape(label)}</title>{svg}</svg>'
    )


def cards_html(
    cards: Iterable[Card | str],
    lang: Lang,
    *,
    size: Size = "md",
    label: str | None = None,
    face_down: bool = False,
    trump: Suit | None = None,
) -> str:
    """A row of cards (`class="sg-cards"`, a labelled group), in the order given."""
    lang = check_lang(lang)
    row = [Card.parse(c) for c in cards]
    if label is None:
        label = _count(len(row), lang) if face_down else ", ".join(c.symbol_in(lang) for c in row) or _count(0, lang)
    classes = ["sg-cards", f"sg-cards--{size}"]
    inner = "".join(card_html(c, lang, size=size, face_down=face_down, trump=c.suit is trump) for c in row)
    return f'<span class="{" ".join(classes)}" role="group" aria-label="{_attr(label)}">{inner}</span>'


@lru_cache(maxsize=4)
def _full_deck(lang: Lang) -> dict[str, str]:
    cards = {str(c): card_html(c, lang, size="md") for c in DECK}
    cards["back"] = card_html(DECK[0], lang, size="md", face_down=True)
    return cards


def deck(lang: str, codes: Iterable[str] | None = None) -> dict[str, str]:
    """Card pictures by code, plus `back`; only `codes` (and the back) when given."""
    full = _full_deck(check_lang(lang))
    if codes is None:
        return dict(full)
    wanted = set(codes) | {"back"}
    return {code: svg for code, svg in full.items() if code in wanted}
