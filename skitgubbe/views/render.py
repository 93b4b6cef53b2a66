"""HTML and SVG of cards, hands, the talon and the table: plain strings, no notebook libraries.

Every function takes `lang` ("sv" or "en") and returns an HTML fragment styled by class names
(`sg-card`, `sg-cards`, `sg-hand`, `sg-talon`, `sg-table`, `sg-state`, `sg-quiz`). The styles live in the
package file `render.css`, returned by `stylesheet()`; the book's Sphinx extension copies it into the site and
`state_html(..., inline_css=True)` embeds it for Jupyter. Cards are inline SVG with no external resources, so a
fragment also looks right without the stylesheet. Text that comes from outside (player names, captions,
quiz options) is escaped.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from html import escape
from importlib import resources
from typing import Literal, Protocol

from skitgubbe.engine.cards import Card, Rank, Suit, sort_hand
from skitgubbe.text.board_words import BOARD
from skitgubbe.text.lang import Lang, check_lang

__all__ = [
    "StateLike",
    "card_html",
    "cards_html",
    "hand_html",
    "scope_css",
    "scoped_stylesheet",
    "state_html",
    "stylesheet",
    "table_html",
    "talon_html",
]

Size = Literal["xs", "sm", "md", "lg"]


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
    if size == "xs":
        return _chip_html(Card.parse(card), lang, face_down, highlight, trump)
    if size not in _PIXELS:
        raise ValueError(f"unknown card size {size!r}; use 'xs', 'sm', 'md' or 'lg'")
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


def _chip_html(card: Card, lang: Lang, face_down: bool, highlight: bool, trump: bool) -> str:
    """A card as a compact text chip (`♥D`): the same label and data, a fraction of the bytes of the SVG.

    Used where many positions are embedded in one page (step-through games)."""
    classes = ["sg-card", "sg-card--xs"]
    if face_down:
        classes.append("sg-card--back")
        return (
            f'<span class="{" ".join(classes)}" data-card="back" role="img" aria-label="{_attr(BOARD.phrase("face_down", lang))}">'
            "\u2592</span>"
        )
    classes.append("sg-card--red" if card.suit.is_red else "sg-card--black")
    if highlight:
        classes.append("sg-card--highlight")
    if trump:
        classes.append("sg-card--trump")
    return (
        f'<span class="{" ".join(classes)}" data-card="{card}" role="img" aria-label="{_attr(card.name_in(lang))}">'
        f"{card.suit.symbol}\ufe0e{card.rank.letter_in(lang)}</span>"
    )


def cards_html(
    cards: Iterable[Card | str],
    lang: Lang,
    *,
    size: Size = "md",
    overlap: bool = False,
    label: str | None = None,
    face_down: bool = False,
    trump: Suit | None = None,
) -> str:
    """A row of cards (`class="sg-cards"`, a labelled group), in the order given."""
    lang = check_lang(lang)
    row = [Card.parse(c) for c in cards]
    if label is None:
        label = _count(len(row), lang) if face_down else ", ".join(c.symbol_in(lang) for c in row) or _count(0, lang)
    classes = ["sg-cards", f"sg-cards--{size}"] + (["sg-cards--overlap"] if overlap else [])
    inner = "".join(card_html(c, lang, size=size, face_down=face_down, trump=c.suit is trump) for c in row)
    return f'<span class="{" ".join(classes)}" role="group" aria-label="{_attr(label)}">{inner}</span>'


# ---------------------------------------------------------------------------------------------------------------
# Hands, talon, table
# ---------------------------------------------------------------------------------------------------------------


def _badge(text: str, kind: str) -> str:
    return f'<span class="sg-badge sg-badge--{kind}">{escape(text)}</span>'


def _hand(
    name: str,
    cards: Sequence[Card],
    lang: Lang,
    *,
    face_down: bool,
    to_play: bool,
    trump: Suit | None,
    size: Size,
    badges: Sequence[str] = (),
    extra: str = "",
    out: bool = False,
    loser: bool = False,
) -> str:
    cards = [Card.parse(c) for c in cards]
    shown = cards if face_down else sort_hand(cards, trump)
    classes = ["sg-hand"]
    if to_play:
        classes.append("sg-hand--to-play")
    if out:
        classes.append("sg-hand--out")
    if loser:
        classes.append("sg-hand--loser")
    head = [
        f'<span class="sg-hand__name">{escape(name)}</span>',
        f'<span class="sg-hand__count">{escape(_count(len(cards), lang))}</span>',
    ]
    if to_play:
        head.append(_badge("▶ " + BOARD.phrase("to_play", lang), "to-play"))
    head.extend(badges)
    group_label = BOARD.phrase("hand_label", lang, name=name, count=_count(len(cards), lang))
    row: str | None
    if size == "xs" and cards and not face_down:
        row = _suit_groups(shown, lang, trump, group_label)
    else:
        row = "" if not cards else None
    if row is None:
        row = cards_html(
            shown, lang, size=size, overlap=len(cards) > 13, face_down=face_down, trump=trump, label=group_label
        )
    return (
        f'<div class="{" ".join(classes)}" lang="{lang}" data-player="{_attr(name)}">'
        f'<div class="sg-hand__head">{"".join(head)}</div>{row}{extra}</div>'
    )


def _suit_groups(cards: Sequence[Card], lang: Lang, trump: Suit | None, label: str) -> str:
    """A hand written compactly, one group per suit (`♥ 8 9 Kn D`), as card players note hands.

    Used at size "xs", where every position of a whole game is embedded in one page."""
    groups = []
    for suit in dict.fromkeys(c.suit for c in cards):
        ranks = [c.rank for c in cards if c.suit is suit]
        colour = "sg-card--red" if suit.is_red else "sg-card--black"
        extra = " sg-card--trump" if suit is trump else ""
        spoken = ", ".join(r.name_in(lang) for r in ranks)
        groups.append(
            f'<span class="sg-suitgroup {colour}{extra}" role="img" '
            f'aria-label="{_attr(suit.name_in(lang) + ": " + spoken)}">{suit.symbol}\ufe0e '
            f"{' '.join(r.letter_in(lang) for r in ranks)}</span>"
        )
    return f'<span class="sg-cards sg-cards--xs" role="group" aria-label="{_attr(label)}">{"".join(groups)}</span>'


def hand_html(
    name: str,
    cards: Sequence[Card | str],
    lang: Lang,
    *,
    face_down: bool = False,
    to_play: bool = False,
    trump: Suit | None = None,
    size: Size = "md",
) -> str:
    """A player's hand: the name, the number of cards, and the cards sorted by suit and rank (trump last)."""
    lang = check_lang(lang)
    return _hand(
        name, [Card.parse(c) for c in cards], lang, face_down=face_down, to_play=to_play, trump=trump, size=size
    )


def talon_html(
    count: int, lang: Lang, trump_card: tuple[str, Card | str, bool] | None = None, *, size: Size = "md"
) -> str:
    """The talon as a face-down stack with its count; and the set-aside last card `(holder, card, revealed)`."""
    lang = check_lang(lang)
    parts: list[str] = []
    text = BOARD.phrase("talon", lang, n=count) if count else BOARD.phrase("talon_empty", lang)
    if count:
        layers = min(count, 3)
        stack = "".join(card_html(Card(Rank.TWO, Suit.CLUBS), lang, size=size, face_down=True) for _ in range(layers))
        parts.append(f'<span class="sg-talon__stack sg-talon__stack--{layers}" aria-hidden="true">{stack}</span>')
    else:
        parts.append('<span class="sg-talon__empty" aria-hidden="true"></span>')
    parts.append(f'<span class="sg-talon__label">{escape(text)}</span>')
    talon = f'<div class="sg-talon__pile" role="group" aria-label="{_attr(text)}">{"".join(parts)}</div>'
    aside = ""
    if trump_card is not None:
        holder, card, revealed = trump_card
        card = Card.parse(card)
        caption = BOARD.phrase("set_aside", lang, name=holder) if holder else BOARD.phrase("set_aside_anon", lang)
        aside = (
            f'<div class="sg-talon__aside" role="group" aria-label="{_attr(caption)}">'
            f"{card_html(card, lang, size=size, face_down=not revealed, trump=revealed)}"
            f'<span class="sg-talon__label">{escape(caption)}</span></div>'
        )
    return f'<div class="sg-talon" lang="{lang}">{talon}{aside}</div>'


def table_html(
    plays: Sequence[tuple[str, Sequence[Card | str]]], lang: Lang, *, trump: Suit | None = None, size: Size = "md"
) -> str:
    """The plays on the table, oldest first, each a group labelled like `A: ♣9`."""
    lang = check_lang(lang)
    title = f'<span class="sg-table__title">{escape(BOARD.phrase("table", lang))}</span>'
    if not plays:
        return (
            f'<div class="sg-table sg-table--empty" lang="{lang}">{title}'
            f'<span class="sg-table__empty">{escape(BOARD.phrase("table_empty", lang))}</span></div>'
        )
    items = []
    for name, play in plays:
        cards = [Card.parse(c) for c in play]
        label = BOARD.phrase("play", lang, name=name, cards=" ".join(c.symbol_in(lang) for c in cards))
        items.append(
            f'<li class="sg-play">'  # a list item (axe "list"); the cards inside are the labelled group
            f'<span class="sg-play__name">{escape(name)}</span>'
            f"{cards_html(cards, lang, size=size, trump=trump, label=label)}</li>"
        )
    return (
        f'<div class="sg-table" lang="{lang}" aria-label="{_attr(BOARD.phrase("table", lang))}" role="group">'
        f'{title}<ol class="sg-table__plays">{"".join(items)}</ol></div>'
    )


# ---------------------------------------------------------------------------------------------------------------
# A whole position
# ---------------------------------------------------------------------------------------------------------------


class StateLike(Protocol):
    """The attributes `state_html` reads (the engine's `GameState` has them); read-only, as a frozen state's are."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def phase(self) -> int: ...

    @property
    def to_play(self) -> str | None: ...

    @property
    def trump(self) -> Suit | None: ...

    @property
    def hands(self) -> Mapping[str, tuple[Card, ...]]: ...

    @property
    def table(self) -> tuple[tuple[str, tuple[Card, ...]], ...]: ...

    @property
    def won(self) -> Mapping[str, tuple[Card, ...]]: ...

    @property
    def talon(self) -> tuple[Card, ...]: ...

    @property
    def trump_card(self) -> tuple[str, Card] | None: ...

    @property
    def out(self) -> tuple[str, ...]: ...

    @property
    def loser(self) -> str | None: ...


def _suit_label(suit: Suit, lang: Lang) -> str:
    colour = "sg-suit--red" if suit.is_red else "sg-suit--black"
    return f'<span class="sg-suit {colour}" aria-hidden="true">{suit.symbol}\ufe0e</span> {escape(suit.name_in(lang))}'


def state_html(
    state: StateLike, lang: str, *, caption: str | None = None, inline_css: bool = False, size: Size = "md"
) -> str:
    """A teaching view of a position: every hand face up, the player to act marked, talon or trump, the table."""
    lang = check_lang(lang)
    phase = int(state.phase)
    info = [
        f'<span class="sg-info sg-info--phase">{escape(BOARD.phrase("phase1", lang) if phase == 1 else BOARD.phrase("phase2", lang))}</span>'
    ]
    if state.trump is not None:
        info.append(
            f'<span class="sg-info sg-info--trump">{escape(BOARD.phrase("trump_label", lang))} '
            f"{_suit_label(state.trump, lang)}</span>"
        )
    if state.loser is not None:
        info.append(
            f'<span class="sg-info sg-info--loser">{escape(BOARD.phrase("loser_long", lang, name=state.loser))}</span>'
        )
    elif state.to_play is not None:
        info.append(
            f'<span class="sg-info sg-info--to-play">{escape(BOARD.phrase("to_play_long", lang, name=state.to_play))}</span>'
        )
    else:
        info.append(f'<span class="sg-info">{escape(BOARD.phrase("game_over", lang))}</span>')
    if state.out:
        info.append(
            f'<span class="sg-info sg-info--out">{escape(BOARD.phrase("out_list", lang, names=", ".join(state.out)))}</span>'
        )

    hands = []
    for name in state.players:
        badges = []
        is_out = name in state.out
        is_loser = name == state.loser
        if phase == 1:
            badges.append(_badge(BOARD.phrase("won", lang, n=len(state.won.get(name, ()))), "won"))
        if is_out:
            badges.append(_badge(BOARD.phrase("out", lang), "out"))
        if is_loser:
            badges.append(_badge(BOARD.phrase("loser", lang), "loser"))
        hands.append(
            _hand(
                name,
                tuple(state.hands.get(name, ())),
                lang,
                face_down=False,
                to_play=name == state.to_play,
                trump=state.trump,
                size=size,
                badges=badges,
                out=is_out,
                loser=is_loser,
            )
        )

    centre = []
    if phase == 1:
        aside = None
        if state.trump_card is not None:
            holder, card = state.trump_card
            aside = (holder, card, True)
        centre.append(talon_html(len(state.talon), lang, aside, size=size))
    centre.append(table_html(state.table, lang, trump=state.trump, size=size))

    cap = f'<figcaption class="sg-state__caption">{escape(caption)}</figcaption>' if caption else ""
    label = caption or BOARD.phrase("state", lang)
    figure = (
        f'<figure class="sg-state sg-state--phase{phase}" lang="{lang}" role="group"'
        f' aria-label="{_attr(label)}">{cap}'
        f'<div class="sg-state__info">{"".join(info)}</div>'
        f'<div class="sg-state__hands">{"".join(hands)}</div>'
        f'<div class="sg-state__centre">{"".join(centre)}</div></figure>'
    )
    if not inline_css:
        return figure
    # Jupyter: the styles travel with the output and apply inside it only (a notebook's other outputs, widgets
    # and Replays among them, keep their own card sizes); the same position gets the same root id
    root = "sg-" + hashlib.sha1(figure.encode("utf-8")).hexdigest()[:12]
    return f'<style>{scoped_stylesheet("#" + root)}</style><div class="sg-root" id="{root}">{figure}</div>'


# ---------------------------------------------------------------------------------------------------------------
# Quiz and stylesheet
# ---------------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def stylesheet() -> str:
    """The CSS for every class used here (the package file `skitgubbe/views/render.css`)."""
    return resources.files(__package__).joinpath("render.css").read_text(encoding="utf-8")


def scope_css(css: str, root: str) -> str:
    """`css` with every selector put under `root` (a selector such as `#sg-1a2b`): rules inside `@media` and
    `@supports` too; comments dropped. For CSS embedded in one output, so that it styles that output only."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out: list[str] = []
    i = 0
    while True:
        start = css.find("{", i)
        if start < 0:
            break
        prelude = css[i:start].strip()
        depth, end = 1, start + 1
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        body = css[start + 1 : end - 1]
        if prelude.startswith(("@media", "@supports", "@container")):
            out.append(f"{prelude}{{{scope_css(body, root)}}}")
        elif prelude.startswith("@"):
            out.append(f"{prelude}{{{body}}}")
        else:
            selectors = ", ".join(f"{root} {sel.strip()}" for sel in prelude.split(","))
            out.append(f"{selectors}{{{body.strip()}}}")
        i = end
    return "\n".join(out)


@lru_cache(maxsize=8)
def scoped_stylesheet(root: str) -> str:
    """`stylesheet()` with every selector under `root` (see `scope_css`)."""
    return scope_css(stylesheet(), root)
