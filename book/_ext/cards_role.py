"""Sphinx extension: playing cards drawn inline, from MyST roles or from portable inline HTML.

- In `.md` pages: the roles {card}`QC` and {cards}`QC KC AC`.
- In the notebooks (whose Markdown JupyterLab and Voilà render too, and neither knows MyST roles): an inline
  `<span class="sg-cardtext" lang="en" data-card="QC">♣Q</span>` (one card) or `... data-cards="QC KC AC">♣Q ♣K
  ♣A</span>` (one or more). Jupyter shows the text, the cards' symbol form in the edition's language
  (`Card.symbol_in`); Voilà draws them with skitgubbe.views.voila_markdown; this extension replaces them with the
  same pictures as the roles. A span whose codes do not parse, whose text is not the codes' symbol form or whose
  `lang` is not the page's is a located error.

The pictures come from `skitgubbe.views.render` (size "sm"), in the page's language: Swedish for documents under
`book/sv/` (or `sv/` when the book folder is the source root), English otherwise. A card that does not parse
is a located error (so a `-W` build fails). HTML builders get the SVG; other builders get the symbol text (`♣D`).
The stylesheet `skitgubbe/views/render.css` is copied straight from the package into `_static/skitgubbe-cards.css`
at the end of every HTML build and linked from every page, so the site can never serve a stale copy.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

try:
    from skitgubbe import pictures
    from skitgubbe.engine.cards import Card, CardParseError, parse_cards
    from skitgubbe.views import render
except ImportError:  # building from a checkout without the package installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from skitgubbe import pictures
    from skitgubbe.engine.cards import Card, CardParseError, parse_cards
    from skitgubbe.views import render

CSS_NAME = "skitgubbe-cards.css"  # not skitgubbe.css: that is book/_static's site-wide sheet
#: the class of the notebooks' portable card spans (skitgubbe.views.voila_markdown reads the same form)
CARD_TEXT_CLASS = "sg-cardtext"
#: the span's open tag exactly as the notebooks write it: class, lang, then data-card (one) or data-cards (many)
OPEN_TAG = re.compile(
    r'<span class="sg-cardtext" lang="(?P<lang>[a-z]+)" data-(?P<kind>cards?)="(?P<codes>[^"<>]*)">',
)
logger = logging.getLogger(__name__)


def doc_language(docname: str) -> str:
    """`sv` for the Swedish edition's documents, `en` for everything else (the landing page is bilingual → en)."""
    parts = docname.split("/")
    if parts[:2] == ["book", "sv"] or parts[:1] == ["sv"]:
        return "sv"
    return "en"


class card_pictures(nodes.Inline, nodes.TextElement):
    """Placeholder for one or more cards (its text is the symbol form); replaced by `CardPictures`."""


def _markup(node: card_pictures) -> str:
    cards = [Card.parse(code) for code in node["codes"]]
    if node["many"]:
        return pictures.cards_html(cards, node["lang"], size="sm")
    return pictures.card_html(cards[0], node["lang"], size="sm")


def _visit_html(self: Any, node: card_pictures) -> None:
    # Only reached where the post-transform did not run: copies of a title in the page <title>, the tables of
    # contents and the prev/next links. Plain symbols suit those places better than pictures.
    self.body.append(self.encode(node.astext()))
    raise nodes.SkipNode


def _pass(self: Any, node: card_pictures) -> None:
    pass


class CardRole(SphinxRole):
    """`{card}` (exactly one card) and `{cards}` (one or more, separated by spaces or commas)."""

    def __init__(self, many: bool) -> None:
        self.many = many

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        try:
            cards = parse_cards(self.text) if self.many else (Card.parse(self.text),)
            if not cards:
                raise CardParseError(self.text)
        except CardParseError as err:
            what = "cards" if self.many else "card"
            msg = self.inliner.reporter.error(f"{{{what}}} role: {err}", line=self.lineno)
            return [self.inliner.problematic(self.rawtext, self.rawtext, msg)], [msg]
        lang = doc_language(self.env.docname)
        node = card_pictures(
            self.rawtext,
            " ".join(c.symbol_in(lang) for c in cards),
            codes=[str(c) for c in cards],
            many=self.many,
            lang=lang,
        )
        self.set_source_info(node)
        return [node], []


def _symbols(codes: str, many: bool, lang: str) -> tuple[list[Card], str]:
    """The cards of a span's codes and their symbol form in `lang` (raises CardParseError)."""
    cards = list(parse_cards(codes)) if many else [Card.parse(codes)]
    if not cards:
        raise CardParseError(codes)
    return cards, " ".join(c.symbol_in(lang) for c in cards)


class CardSpans(SphinxTransform):
    """The notebooks' `<span class="sg-cardtext" ...>♣Q</span>` -> the roles' placeholder (drawn by CardPictures).

    MyST gives an inline HTML tag as its own raw node, so a span is three siblings: the open tag, the text, the
    close tag. Anything else that mentions the class (another form of the tag, text that is not the codes'
    symbols, a missing close tag) is a located error, so a `-W` build fails rather than show a stray span."""

    default_priority = 500

    def apply(self, **kwargs: Any) -> None:
        page_lang = doc_language(self.env.docname)
        for node in list(self.document.findall(nodes.raw)):
            if node.get("format") != "html" or CARD_TEXT_CLASS not in node.astext() or node.parent is None:
                continue
            parent = node.parent
            where = (self.env.docname, node.line or parent.line)
            match = OPEN_TAG.fullmatch(node.astext().strip())
            index = parent.index(node)
            siblings = parent.children[index + 1 : index + 3]
            if (
                match is None
                or len(siblings) != 2
                or not isinstance(siblings[0], nodes.Text)
                or not isinstance(siblings[1], nodes.raw)
                or siblings[1].astext().strip() != "</span>"
            ):
                logger.warning(
                    f'card span: expected <span class="{CARD_TEXT_CLASS}" lang=".." data-card[s]="..">'
                    f"symbols</span> on one line, got {node.astext().strip()!r}",
                    location=where,
                    type="cards",
                    subtype="span",
                )
                continue
            many = match["kind"] == "cards"
            text = siblings[0].astext()
            try:
                cards, symbols = _symbols(match["codes"], many, page_lang)
            except CardParseError as err:
                logger.warning(f"card span: {err}", location=where, type="cards", subtype="span")
                continue
            if match["lang"] != page_lang:
                logger.warning(
                    f"card span: lang={match['lang']!r} on a page of the {page_lang!r} edition",
                    location=where,
                    type="cards",
                    subtype="span",
                )
                continue
            if text != symbols:
                logger.warning(
                    f"card span: the text {text!r} is not {symbols!r}, the symbol form of {match['codes']!r}",
                    location=where,
                    type="cards",
                    subtype="span",
                )
                continue
            placeholder = card_pictures(
                node.astext() + text + siblings[1].astext(),
                symbols,
                codes=[str(c) for c in cards],
                many=many,
                lang=page_lang,
            )
            placeholder.source, placeholder.line = node.source, node.line
            del parent[index + 1 : index + 3]  # by position: Text nodes compare by value
            parent.replace(node, placeholder)


class CardPictures(SphinxPostTransform):
    """Turn placeholders into raw HTML (SVG) for HTML builders and into symbol text for the rest."""

    default_priority = 400

    def run(self, **kwargs: Any) -> None:
        html = self.app.builder.format == "html"
        for node in list(self.document.findall(card_pictures)):
            new = nodes.raw("", _markup(node), format="html") if html else nodes.Text(node.astext())
            node.replace_self(new)


def copy_stylesheet(app: Sphinx, exception: Exception | None) -> None:
    """Copy the package's canonical CSS into the HTML output."""
    if exception is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(parents=True, exist_ok=True)
        source = Path(render.__file__).with_name("render.css")
        shutil.copyfile(source, static / CSS_NAME)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_node(
        card_pictures,
        html=(_visit_html, _pass),
        latex=(_pass, _pass),
        text=(_pass, _pass),
        man=(_pass, _pass),
        texinfo=(_pass, _pass),
    )
    app.add_role("card", CardRole(many=False))
    app.add_role("cards", CardRole(many=True))
    app.add_transform(CardSpans)
    app.add_post_transform(CardPictures)
    app.add_css_file(CSS_NAME)
    app.connect("build-finished", copy_stylesheet)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
