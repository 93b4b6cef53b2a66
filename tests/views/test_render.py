"""The HTML/SVG pictures of skitgubbe.views.render and the book's {card}/{cards} roles."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import REPO as ROOT

from skitgubbe import pictures
from skitgubbe.engine.cards import DECK, Card, Suit, parse_cards
from skitgubbe.views import render

EVIL = "<script>alert('x')</script>"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Checker(HTMLParser):
    """Collects tags and checks that every element is closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.starts: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(html: str) -> _Checker:
    checker = _Checker()
    checker.feed(html)
    checker.close()
    assert checker.stack == [], f"unclosed: {checker.stack}"
    return checker


def elements(html: str, cls: str) -> list[dict[str, str | None]]:
    return [a for _, a in parse(html).starts if cls in (a.get("class") or "").split()]


# ---- cards -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_every_card_is_an_image_named_in_the_language(lang: str, size: str) -> None:
    for card in DECK:
        html = pictures.card_html(card, lang, size=size)  # type: ignore[arg-type]
        (tag, attrs), *_ = parse(html).starts
        assert tag == "svg"
        assert "sg-card" in (attrs["class"] or "").split()
        assert attrs["role"] == "img"
        assert attrs["aria-label"] == card.name_in(lang)
        assert attrs["data-card"] == str(card)


def test_names_examples() -> None:
    assert 'aria-label="klöver dam"' in pictures.card_html(Card.parse("QC"), "sv")
    assert 'aria-label="queen of clubs"' in pictures.card_html(Card.parse("QC"), "en")
    assert 'aria-label="hjärter 10"' in pictures.card_html("10H", "sv")
    assert 'aria-label="ace of spades"' in pictures.card_html("♠E", "en")


@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_red_and_black(size: str) -> None:
    for card in DECK:
        html = pictures.card_html(card, "en", size=size)  # type: ignore[arg-type]
        fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', html))
        if card.suit in (Suit.HEARTS, Suit.DIAMONDS):
            assert pictures.RED in fills and pictures.BLACK not in fills
        else:
            assert pictures.BLACK in fills and pictures.RED not in fills
    assert pictures.RED.lower() == "#c00000"


def rank_texts(html: str) -> set[str]:
    return set(re.findall(r"<text[^>]*>([^<]*)</text>", html))


@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_swedish_and_english_letters(size: str) -> None:
    sv = {"JC": "Kn", "QC": "D", "KC": "K", "AC": "E", "10C": "10", "2C": "2"}
    en = {"JC": "J", "QC": "Q", "KC": "K", "AC": "A", "10C": "10", "2C": "2"}
    for code, letter in sv.items():
        assert rank_texts(pictures.card_html(code, "sv", size=size)) == {letter}  # type: ignore[arg-type]
    for code, letter in en.items():
        assert rank_texts(pictures.card_html(code, "en", size=size)) == {letter}  # type: ignore[arg-type]


def test_face_down_hides_the_card() -> None:
    for lang, label in (("sv", "dolt kort"), ("en", "face-down card")):
        html = pictures.card_html("QC", lang, face_down=True)
        (_, attrs), *_ = parse(html).starts
        assert attrs["aria-label"] == label
        assert attrs["data-card"] == "back"  # the browser contract: a face-down card is data-card="back"
        assert "<text" not in html and "dam" not in html and "queen" not in html
        assert "sg-card--back" in (attrs["class"] or "")


def test_cards_are_self_contained() -> None:
    html = pictures.cards_html(DECK, "sv") + pictures.card_html("QC", "en", face_down=True)
    assert "href" not in html and "url(" not in html and "@import" not in html and "<image" not in html
    assert set(re.findall(r"https?://[^\s\"']+", html)) == {"http://www.w3.org/2000/svg"}
    assert " id=" not in html  # no ids that would repeat on a page
    assert "sans-serif" in html  # system font stack, no web fonts


def test_highlight_and_sizes() -> None:
    assert "sg-card--highlight" in pictures.card_html("QC", "sv", highlight=True)
    assert "sg-card--lg" in pictures.card_html("QC", "sv", size="lg")
    with pytest.raises(ValueError):
        pictures.card_html("QC", "sv", size="xl")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        pictures.card_html("QC", "de")
    with pytest.raises(ValueError):
        pictures.card_html("ZZ", "sv")


def test_cards_row_is_a_labelled_group() -> None:
    html = pictures.cards_html(parse_cards("QC KC AC"), "sv")
    (tag, attrs), *_ = parse(html).starts
    assert tag == "span" and attrs["role"] == "group"
    assert attrs["aria-label"] == "♣D, ♣K, ♣E"
    assert "sg-cards" in (attrs["class"] or "").split()
    assert [a["data-card"] for a in elements(html, "sg-card")] == ["QC", "KC", "AC"]


# ---- quiz, stylesheet, purity ------------------------------------------------------------------------------


def test_stylesheet() -> None:
    css = render.stylesheet()
    assert css == (ROOT / "skitgubbe" / "views" / "render.css").read_text(encoding="utf-8")
    for cls in ("sg-card", "sg-cards", "sg-quiz"):
        assert f".{cls}" in css
    for gone in ("sg-hand", "sg-talon", "sg-table", "sg-state", "sg-badge"):  # the board is table.css's alone
        assert f".{gone}" not in css
    assert "@media print" in css and "url(" not in css and "@import" not in css


def test_render_imports_no_notebook_library() -> None:
    code = (
        "import sys, skitgubbe.views.render; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'IPython', 'notebook', 'traitlets')]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# ---- the Sphinx roles ------------------------------------------------------------------------------------


def _import_role_ext():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT / "book" / "_ext"))
    try:
        import cards_role
    finally:
        sys.path.pop(0)
    return cards_role


def test_role_language_from_docname() -> None:
    pytest.importorskip("sphinx")
    ext = _import_role_ext()
    assert ext.doc_language("book/sv/regler") == "sv"
    assert ext.doc_language("sv/regler") == "sv"
    assert ext.doc_language("book/en/rules") == "en"
    assert ext.doc_language("book/index") == "en"
    assert ext.doc_language("book/svar") == "en"


def _build(tmp_path: Path, pages: dict[str, str], builder: str = "html") -> tuple[int, str, Path]:
    pytest.importorskip("sphinx")
    pytest.importorskip("myst_parser")
    src = tmp_path / "src"
    (src / "book" / "sv").mkdir(parents=True)
    (src / "book" / "en").mkdir(parents=True)
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'book' / '_ext')!r})\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "extensions = ['myst_parser', 'cards_role']\n"
        "exclude_patterns = ['_build']\n",
        encoding="utf-8",
    )
    toc = "\n".join(name for name in pages if name != "index")
    (src / "index.md").write_text(
        f"# Index\n\n```{{toctree}}\n{toc}\n```\n\n{pages.get('index', '')}\n", encoding="utf-8"
    )
    for name, text in pages.items():
        if name != "index":
            (src / f"{name}.md").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "-n", "-q", "-b", builder, str(src), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    return proc.returncode, proc.stderr, out


@pytest.mark.slow
def test_roles_in_a_sphinx_build(tmp_path: Path) -> None:
    rc, err, out = _build(
        tmp_path,
        {
            "book/sv/a": "# Svenska\n\nSpela {card}`QC` eller {card}`♣D`, sedan {cards}`QC KC AC`.\n",
            "book/en/a": "# English\n\nPlay {card}`QC`, then {cards}`klöver 9, hjärter dam`.\n",
            "index": "Landing {card}`AS`.",
        },
    )
    assert rc == 0, err
    sv = (out / "book" / "sv" / "a.html").read_text(encoding="utf-8")
    en = (out / "book" / "en" / "a.html").read_text(encoding="utf-8")
    index = (out / "index.html").read_text(encoding="utf-8")
    assert sv.count('aria-label="klöver dam"') == 3 and "sg-card--sm" in sv and 'aria-label="♣D, ♣K, ♣E"' in sv
    assert 'aria-label="queen of clubs"' in en and 'aria-label="nine of clubs"' in en
    assert 'aria-label="ace of spades"' in index
    assert (out / "_static" / "skitgubbe-cards.css").read_text(encoding="utf-8") == render.stylesheet()
    assert "_static/skitgubbe-cards.css" in sv


@pytest.mark.slow
def test_roles_text_builder_falls_back_to_symbols(tmp_path: Path) -> None:
    rc, err, out = _build(tmp_path, {"book/sv/a": "# S\n\nSpela {card}`QC` och {cards}`KC AC`.\n"}, "text")
    assert rc == 0, err
    assert "Spela ♣D och ♣K ♣E." in (out / "book" / "sv" / "a.txt").read_text(encoding="utf-8")


@pytest.mark.slow  # a Sphinx build: seconds, like the two above
def test_bad_card_fails_the_build_with_its_location(tmp_path: Path) -> None:
    rc, err, _ = _build(tmp_path, {"book/en/a": "# E\n\nfine {card}`QC`\n\nbad {card}`ZZ`\n"})
    assert rc != 0
    assert "a.md:5" in err and "'ZZ' is not a card" in err
