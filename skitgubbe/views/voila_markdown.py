"""Voilà's Markdown renderer for the book's notebooks: their cards drawn, their links kept to pages Voilà serves.

The notebooks' Markdown is written to read well in JupyterLab, in Voilà and on the site (book/_ext/cards_role.py):

- a card is ``<span class="sg-cardtext" lang="sv" data-card="9C">♣9</span>`` (``data-cards="QC KC AC"`` for a
  row): Lab shows the text; this renderer draws the same SVG pictures as the site (`skitgubbe.views.render`,
  size "sm", in the span's language), sized and aligned in the line by the site's card rules (`render.css`'s, put
  under a class the cell's HTML is wrapped in, so they style nothing else). A span whose codes do not parse, or
  whose text is not their symbol form, is left as its text.
- a link to a ``.md`` page (the glossary, the sources...) is plain text: Voilà serves only notebooks
  (book/_voila/voila.json hides ``*.md``), so the link would be dead.
- a heading also gets the id the site gives it (MyST's heading slug, ``myst_heading_anchors``), so a link such
  as ``phase2.ipynb#the-klöver-9-example`` lands on the same heading in Voilà as on the site.

Only Voilà imports this module: book/_voila/voila.json names it as ``VoilaExporter.markdown_renderer_class``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import unescape
from typing import Any
from urllib.parse import unquote, urlsplit

from voila.exporter import VoilaMarkdownRenderer  # type: ignore[import-untyped]

from skitgubbe import pictures
from skitgubbe.engine.cards import Card, parse_cards
from skitgubbe.errors import CardParseError
from skitgubbe.views import render

#: the notebooks' card span, as rendered (mistune passes inline HTML through and escapes nothing in the symbols)
CARD_SPAN = re.compile(
    r'<span class="sg-cardtext" lang="(?P<lang>sv|en)" data-(?P<kind>cards?)="(?P<codes>[^"<>]*)">'
    r"(?P<text>[^<]*)</span>"
)
#: what MyST's default heading slug drops (myst_parser.mdit_to_docutils.base._SLUGIFY_CLEAN_REGEX)
_SLUG_DROP = re.compile(r"[^\w\u4e00-\u9fff\- ]")
_TAG = re.compile(r"<[^>]*>")
#: page suffixes Voilà does not serve (book/_voila/voila.json's hide_globs)
UNSERVED_SUFFIXES = (".md",)
#: the class a Markdown cell with cards is wrapped in; the card rules are scoped to it
SCOPE = "sg-md-cards"


def heading_slug(title_html: str) -> str:
    """MyST's slug of a heading (GitHub's form): lower case, spaces to hyphens, punctuation dropped."""
    return _SLUG_DROP.sub("", unescape(_TAG.sub("", title_html)).strip().lower().replace(" ", "-"))


def draw_card_span(match: re.Match[str]) -> str:
    """One card span as the site draws it, or unchanged when it does not hold what it says."""
    lang, many, codes, text = match["lang"], match["kind"] == "cards", match["codes"], unescape(match["text"])
    try:
        cards = list(parse_cards(codes)) if many else [Card.parse(codes)]
    except CardParseError:
        return match[0]
    if not cards or text != " ".join(c.symbol_in(lang) for c in cards):
        return match[0]
    if many:
        return pictures.cards_html(cards, lang, size="sm")  # type: ignore[arg-type]  # lang is "sv" or "en"
    return pictures.card_html(cards[0], lang, size="sm")


def _top_level_rules(css: str) -> list[tuple[str, str]]:
    """(prelude, body) of each top-level block of `css`, comments dropped (an `@media` block is one)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules, i = [], 0
    while (start := css.find("{", i)) >= 0:
        depth, end = 1, start + 1
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        rules.append((css[i:start].strip(), css[start + 1 : end - 1]))
        i = end
    return rules


@lru_cache(maxsize=1)
def card_css() -> str:
    """The stylesheet's plain rules for cards and rows of cards (`.sg-card...`, `.sg-cards...`: no `@media`
    variants, which are for the site's print and forced colours), put under `.sg-md-cards`."""
    kept = [
        f"{prelude}{{{body}}}"
        for prelude, body in _top_level_rules(render.stylesheet())
        if not prelude.startswith("@") and all(sel.strip().startswith(".sg-card") for sel in prelude.split(","))
    ]
    return re.sub(r"\s+", " ", render.scope_css("\n".join(kept), "." + SCOPE))


def draw_cards(html: str) -> str:
    """Every card span of rendered Markdown drawn as SVG pictures; with any, the HTML wrapped with the card rules."""
    drawn = CARD_SPAN.sub(draw_card_span, html)
    if drawn == html:
        return html
    return f'<div class="{SCOPE}"><style>{card_css()}</style>{drawn}</div>'


def is_unserved(url: str) -> bool:
    """True for a relative link to a page Voilà does not serve (a ``.md`` page), with or without a fragment."""
    parts = urlsplit(url)
    return not parts.scheme and not parts.netloc and unquote(parts.path).endswith(UNSERVED_SUFFIXES)


#: a link written as HTML in the Markdown (the notebooks' admonitions and details are HTML)
HTML_LINK = re.compile(r'<a\b[^>]*\bhref="(?P<url>[^"]*)"[^>]*>(?P<text>.*?)</a>', re.S)


def unlink_unserved(html: str) -> str:
    """HTML links to pages Voilà does not serve replaced by their text."""
    return HTML_LINK.sub(lambda m: m["text"] if is_unserved(unescape(m["url"])) else m[0], html)


class BookMarkdownRenderer(VoilaMarkdownRenderer):  # type: ignore[misc]  # voila ships no types
    """Voilà's renderer (images inlined) plus the book's cards, its heading slugs and no dead links."""

    def __call__(self, tokens: Any, state: Any) -> str:
        return draw_cards(unlink_unserved(str(super().__call__(tokens, state))))

    def link(self, text: str, url: str, title: str | None = None) -> str:
        if is_unserved(url):
            return text
        return str(super().link(text, url, title))

    def heading(self, text: str, level: int, **attrs: Any) -> str:
        html = str(super().heading(text, level, **attrs))
        slug = heading_slug(text)
        if slug and f'id="{slug}"' not in html:
            return f'<a id="{slug}" class="sg-heading-slug"></a>{html}'
        return html
