"""Voilà's Markdown renderer for the book (skitgubbe.views.voila_markdown), without a server: the notebooks' card
spans become the site's SVG pictures with the card rules scoped to the cell, links to .md pages (which Voilà does
not serve) become their text, headings get MyST's slug as an id, and a span that does not say what it holds is
left as its text. The served pages are tested in tests/jupyter/test_voila.py."""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

import pytest
from helpers import REPO

pytest.importorskip("voila")

from nbconvert.filters.markdown_mistune import MarkdownWithMath

from skitgubbe import pictures
from skitgubbe.engine.cards import Card
from skitgubbe.views import voila_markdown


class _NoFiles:
    def file_exists(self, path: str) -> bool:
        return False


def to_html(markdown: str) -> str:
    """As VoilaExporter.markdown2html renders a cell with the configured class."""
    renderer = voila_markdown.BookMarkdownRenderer(
        escape=False, attachments={}, contents_manager=_NoFiles(), anchor_link_text="¶"
    )
    return str(MarkdownWithMath(renderer=renderer).render(markdown))


def test_voila_is_configured_with_the_book_s_renderer() -> None:
    config = json.loads((REPO / "book" / "_voila" / "voila.json").read_text(encoding="utf-8"))
    name = config["VoilaExporter"]["markdown_renderer_class"]
    module, _, cls = name.rpartition(".")
    assert module == voila_markdown.__name__ and getattr(voila_markdown, cls) is voila_markdown.BookMarkdownRenderer


def test_cards_links_and_headings() -> None:
    html = to_html(
        "## Klöver 9: ett stick\n\n"
        'Lägg <span class="sg-cardtext" lang="sv" data-card="QC">♣D</span> på '
        '<span class="sg-cardtext" lang="sv" data-cards="9C 10C">♣9 ♣10</span>, se [ordlistan](glossary.md) och '
        "[källorna](sources.md#tvistepunkterna), [fas 2](phase2.ipynb#slå-eller-supa) och [här](#klöver-9-ett-stick).\n"
    )
    queen, nine, ten = (Card.parse(c) for c in ("QC", "9C", "10C"))
    assert "sg-cardtext" not in html
    assert pictures.card_html(queen, "sv", size="sm") in html
    assert pictures.cards_html([nine, ten], "sv", size="sm") in html
    assert html.startswith('<div class="sg-md-cards"><style>') and ".sg-md-cards .sg-card--sm{" in html
    css = html.split("<style>", 1)[1].split("</style>", 1)[0]
    selectors = [sel.strip() for prelude in re.findall(r"([^{}]+)\{", css) for sel in prelude.split(",")]
    assert len(selectors) > 5 and all(sel.startswith(".sg-md-cards .sg-card") for sel in selectors), selectors
    assert "ordlistan" in html and "källorna" in html
    assert not re.search(r'href="[^"]*\.md', html), html
    hrefs = [unquote(h) for h in re.findall(r'href="([^"]*)"', html)]  # mistune percent-encodes; browsers decode
    assert "phase2.ipynb#slå-eller-supa" in hrefs and "#klöver-9-ett-stick" in hrefs, hrefs
    assert 'id="klöver-9-ett-stick"' in html


def test_a_span_that_does_not_say_what_it_holds_stays_text() -> None:
    for span in (
        '<span class="sg-cardtext" lang="en" data-card="QC">♣D</span>',  # Swedish symbols on an English span
        '<span class="sg-cardtext" lang="en" data-card="ZZ">?</span>',  # no such card
    ):
        html = to_html(f"Play {span} now.\n")
        assert span in html and "<svg" not in html and "sg-md-cards" not in html
    assert "sg-md-cards" not in to_html("No cards here, [a page](glossary.md).\n")


def test_a_link_written_as_html_to_a_md_page_is_text_too() -> None:
    html = to_html('<div class="admonition"><p>See <a href="house-rules.md#tips">the tips</a>.</p></div>\n')
    assert "the tips" in html and "house-rules.md" not in html
    assert '<a href="play.ipynb">' in to_html('<p><a href="play.ipynb">play</a></p>\n')


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_every_book_notebook_renders_without_spans_myst_or_dead_links(lang: str) -> None:
    raw = re.compile(r"\{(?:card|cards|ref|doc|numref)\}`|^\([a-z0-9-]+\)=\s*$", re.M)
    drawn = 0
    for notebook in sorted((REPO / "book" / lang).glob("*.ipynb")):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            html = to_html("".join(cell["source"]))
            where = f"{notebook.name}, cell {cell['id']}"
            assert "sg-cardtext" not in html, where
            assert not raw.search(re.sub(r"<[^>]+>", "", html)), where
            assert not [u for u in re.findall(r'href="([^"]*)"', html) if voila_markdown.is_unserved(unquote(u))], where
            drawn += html.count('<svg class="sg-card ')
    assert drawn >= 90, drawn
