"""The notebooks' Markdown is portable: card spans and plain Markdown links, no MyST roles,
cross-references or target lines, so JupyterLab and Voilà read it too (tests/jupyter/). On the site it must still
draw the same card pictures and its links must land on the headings they name.

- the built site (`_build/html`, both editions): every notebook page draws each card span of its Markdown as the
  SVG pictures of `skitgubbe.views.render`, in order, outside the code cells' outputs; no span, role or target line
  is left as text; every Markdown link with a fragment lands on an id of its target page, at the heading whose MyST
  slug the fragment is;
- a small Sphinx build: the span becomes the pictures the {card}/{cards} roles draw; a span whose codes do not
  parse, whose text is not their symbols or whose `lang` is not the page's is a build error with its location.
"""

from __future__ import annotations

import json
import posixpath
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from helpers import REPO

from skitgubbe.engine.cards import Card, parse_cards

SITE = REPO / "_build" / "html"
#: HTML elements without an end tag (never on the parser's stack)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
CARD_SPAN = re.compile(r'<span class="sg-cardtext" lang="(?P<lang>sv|en)" data-(?P<kind>cards?)="(?P<codes>[^"]*)">')
#: a Markdown link with a fragment: [text](page#slug) or [text](#slug)
FRAGMENT_LINK = re.compile(r"\[(?P<text>[^\]]+)\]\((?P<page>[^)#\s]*)#(?P<slug>[^)\s]+)\)")
RAW_MYST = re.compile(r"\{(?:card|cards|ref|doc|numref)\}`|^\([a-z0-9-]+\)=\s*$", re.M)
#: what MyST's default heading slug drops (myst_parser.mdit_to_docutils.base)
SLUG_DROP = re.compile(r"[^\w\u4e00-\u9fff\- ]")


def slug(title: str) -> str:
    return SLUG_DROP.sub("", title.strip().lower().replace(" ", "-"))


def notebooks() -> list[Path]:
    return sorted(p for lang in ("sv", "en") for p in (REPO / "book" / lang).glob("*.ipynb"))


def markdown_of(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


class _Page(HTMLParser):
    """The article of a built page: ids (with the heading at or after each), its links, the card pictures drawn
    outside code cells, and its text outside code cells."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: dict[str, int] = {}
        self.headings: list[tuple[int, str]] = []
        self.links: list[tuple[str, str]] = []
        self.cards: list[str] = []
        self.text: list[str] = []
        self._n = 0
        self._stack: list[tuple[str, bool]] = []  # (tag, opens a code cell)
        self._cells = 0
        self._heading: list[str] | None = None
        self._link: list[str] | None = None
        self._article = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self._n += 1
        classes = a.get("class", "").split()
        if tag == "article" and ("bd-article" in classes or self._article):
            self._article += 1
        if a.get("id"):
            self.ids.setdefault(a["id"], self._n)
        if tag == "svg" and "sg-card--sm" in classes and self._article and not self._cells:
            self.cards.append(a.get("data-card", ""))
        if tag in VOID:
            return
        opens_cell = tag == "div" and "cell" in classes
        self._cells += opens_cell
        self._stack.append((tag, opens_cell))
        if tag in ("h1", "h2", "h3"):
            self._heading = []
        if tag == "a" and "href" in a and self._article and "headerlink" not in classes:
            self._link = [a["href"]]

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if tag == "article" and self._article:
            self._article -= 1
        while self._stack:
            open_tag, opened_cell = self._stack.pop()
            self._cells -= opened_cell
            if open_tag == tag:
                break
        if tag in ("h1", "h2", "h3") and self._heading is not None:
            self.headings.append((self._n, "".join(self._heading).replace("#", "").strip()))
            self._heading = None
        if tag == "a" and self._link is not None:
            self.links.append((self._link[0], " ".join("".join(self._link[1:]).split())))
            self._link = None

    def handle_data(self, data: str) -> None:
        if self._heading is not None:
            self._heading.append(data)
        if self._link is not None:
            self._link.append(data)
        if self._article and not self._cells:
            self.text.append(data)

    def heading_at(self, anchor: str) -> str | None:
        at = self.ids.get(anchor)
        return next((text for n, text in self.headings if at is not None and n >= at), None)


_PAGES: dict[Path, _Page] = {}


def built(path: Path) -> _Page:
    if path not in _PAGES:
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        _PAGES[path] = page
    return _PAGES[path]


@pytest.mark.parametrize("notebook", notebooks(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_site_draws_a_notebook_s_cards_and_its_links_land(built_site: Path, notebook: Path) -> None:
    source = markdown_of(notebook)
    lang = notebook.parent.name
    assert not RAW_MYST.search(source), f"raw MyST in {notebook.name}'s Markdown: {RAW_MYST.search(source)}"
    rel = f"book/{lang}/{notebook.stem}.html"
    page = built(built_site / rel)
    spans = list(CARD_SPAN.finditer(source))
    assert all(m["lang"] == lang for m in spans)
    codes = [
        str(c) for m in spans for c in (parse_cards(m["codes"]) if m["kind"] == "cards" else [Card.parse(m["codes"])])
    ]
    assert page.cards == codes, f"{rel}: the Markdown's card pictures {page.cards} are not the spans' {codes}"
    text = "".join(page.text)
    assert "sg-cardtext" not in text and not RAW_MYST.search(text)
    for link in FRAGMENT_LINK.finditer(source):
        shown = re.sub(r"[*_`]", "", link["text"])
        hrefs = [href for href, words in page.links if words == shown and "#" in href]
        assert hrefs, f"{rel}: no link {shown!r} with a fragment"
        target = urlsplit(hrefs[0])
        path = posixpath.normpath(posixpath.join(posixpath.dirname(rel), target.path)) if target.path else rel
        heading = built(built_site / path).heading_at(unquote(target.fragment))
        assert heading is not None, f"{rel}: {hrefs[0]} lands on no id of {path}"
        assert slug(heading) == unquote(link["slug"]), f"{rel}: {shown!r} lands on {heading!r} in {path}"


# ---- the transform on a small Sphinx build ------------------------------------------------------------------


def _build(tmp_path: Path, pages: dict[str, str]) -> tuple[int, str, Path]:
    pytest.importorskip("myst_parser")
    src = tmp_path / "src"
    for lang in ("sv", "en"):
        (src / "book" / lang).mkdir(parents=True)
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(REPO / 'book' / '_ext')!r})\n"
        f"sys.path.insert(0, {str(REPO)!r})\n"
        "extensions = ['myst_parser', 'cards_role']\n",
        encoding="utf-8",
    )
    (src / "index.md").write_text("# Index\n\n```{toctree}\n" + "\n".join(pages) + "\n```\n", encoding="utf-8")
    for name, text in pages.items():
        (src / f"{name}.md").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html", str(src), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    return proc.returncode, proc.stderr, out


@pytest.mark.slow
def test_card_spans_become_the_roles_pictures_and_bad_ones_fail_where_they_are(tmp_path: Path) -> None:
    good = (
        "# Svenska\n\n"
        'Spela <span class="sg-cardtext" lang="sv" data-card="QC">♣D</span> eller {card}`QC`, sedan '
        '<span class="sg-cardtext" lang="sv" data-cards="QC KC AC">♣D ♣K ♣E</span>.\n'
    )
    bad = (
        "# English\n\n"
        'fine <span class="sg-cardtext" lang="en" data-card="QC">♣Q</span>\n\n'
        'code <span class="sg-cardtext" lang="en" data-card="ZZ">?</span>\n\n'
        'text <span class="sg-cardtext" lang="en" data-card="QC">♣D</span>\n\n'
        'lang <span class="sg-cardtext" lang="sv" data-card="QC">♣D</span>\n'
    )
    rc, err, out = _build(tmp_path, {"book/sv/a": good})
    assert rc == 0, err
    html = (out / "book" / "sv" / "a.html").read_text(encoding="utf-8")
    assert "sg-cardtext" not in html
    assert html.count('aria-label="klöver dam"') == 3 and 'aria-label="♣D, ♣K, ♣E"' in html
    rc, err, _ = _build(tmp_path / "bad", {"book/en/b": bad})
    assert rc != 0
    assert "b.md:5" in err and "'ZZ' is not a card" in err, err
    assert "b.md:7" in err and "is not '♣Q'" in err, err
    assert "b.md:9" in err and "lang='sv'" in err, err
    assert "b.md:3" not in err, err
