"""The HTML/SVG pictures of skitgubbe.views.render and the book's {card}/{cards} roles."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import REPO as ROOT

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


@dataclass
class StandIn:
    """The attributes of the engine's GameState that state_html reads."""

    players: tuple[str, ...] = ("A", "B", "C")
    phase: int = 1
    to_play: str | None = "A"
    trump: Suit | None = None
    hands: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    table: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    won: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    talon: tuple[Card, ...] = ()
    trump_card: tuple[str, Card] | None = None
    out: tuple[str, ...] = ()
    loser: str | None = None


def phase1_state(**kw: object) -> StandIn:
    base: dict[str, object] = {
        "hands": {"A": parse_cards("9C QC 4H"), "B": parse_cards("10C JC 5D"), "C": parse_cards("3C 8D 9H")},
        "won": {"A": parse_cards("2C 3D"), "B": (), "C": ()},
        "talon": DECK[20:32],
        "to_play": "B",
        "table": (("A", parse_cards("KS")),),
    }
    base.update(kw)
    return StandIn(**base)  # type: ignore[arg-type]


def phase2_state(**kw: object) -> StandIn:
    base: dict[str, object] = {
        "phase": 2,
        "trump": Suit.HEARTS,
        "to_play": "C",
        "hands": {"A": parse_cards("9C 4H 2S"), "B": parse_cards("7H 8H 3D"), "C": parse_cards("10C JC")},
        "table": (("A", parse_cards("9C")), ("B", parse_cards("QC KC AC"))),
    }
    base.update(kw)
    return StandIn(**base)  # type: ignore[arg-type]


# ---- cards -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_every_card_is_an_image_named_in_the_language(lang: str, size: str) -> None:
    for card in DECK:
        html = render.card_html(card, lang, size=size)  # type: ignore[arg-type]
        (tag, attrs), *_ = parse(html).starts
        assert tag == "svg"
        assert "sg-card" in (attrs["class"] or "").split()
        assert attrs["role"] == "img"
        assert attrs["aria-label"] == card.name_in(lang)
        assert attrs["data-card"] == str(card)


def test_names_examples() -> None:
    assert 'aria-label="klöver dam"' in render.card_html(Card.parse("QC"), "sv")
    assert 'aria-label="queen of clubs"' in render.card_html(Card.parse("QC"), "en")
    assert 'aria-label="hjärter 10"' in render.card_html("10H", "sv")
    assert 'aria-label="ace of spades"' in render.card_html("♠E", "en")


@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_red_and_black(size: str) -> None:
    for card in DECK:
        html = render.card_html(card, "en", size=size)  # type: ignore[arg-type]
        fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', html))
        if card.suit in (Suit.HEARTS, Suit.DIAMONDS):
            assert render.RED in fills and render.BLACK not in fills
        else:
            assert render.BLACK in fills and render.RED not in fills
    assert render.RED.lower() == "#c00000"


def rank_texts(html: str) -> set[str]:
    return set(re.findall(r"<text[^>]*>([^<]*)</text>", html))


@pytest.mark.parametrize("size", ["sm", "md", "lg"])
def test_swedish_and_english_letters(size: str) -> None:
    sv = {"JC": "Kn", "QC": "D", "KC": "K", "AC": "E", "10C": "10", "2C": "2"}
    en = {"JC": "J", "QC": "Q", "KC": "K", "AC": "A", "10C": "10", "2C": "2"}
    for code, letter in sv.items():
        assert rank_texts(render.card_html(code, "sv", size=size)) == {letter}  # type: ignore[arg-type]
    for code, letter in en.items():
        assert rank_texts(render.card_html(code, "en", size=size)) == {letter}  # type: ignore[arg-type]


def test_face_down_hides_the_card() -> None:
    for lang, label in (("sv", "dolt kort"), ("en", "face-down card")):
        html = render.card_html("QC", lang, face_down=True)
        (_, attrs), *_ = parse(html).starts
        assert attrs["aria-label"] == label
        assert attrs["data-card"] == "back"  # the browser contract: a face-down card is data-card="back"
        assert "<text" not in html and "dam" not in html and "queen" not in html
        assert "sg-card--back" in (attrs["class"] or "")


def test_cards_are_self_contained() -> None:
    html = render.cards_html(DECK, "sv") + render.card_html("QC", "en", face_down=True)
    assert "href" not in html and "url(" not in html and "@import" not in html and "<image" not in html
    assert set(re.findall(r"https?://[^\s\"']+", html)) == {"http://www.w3.org/2000/svg"}
    assert " id=" not in html  # no ids that would repeat on a page
    assert "sans-serif" in html  # system font stack, no web fonts


def test_highlight_and_sizes() -> None:
    assert "sg-card--highlight" in render.card_html("QC", "sv", highlight=True)
    assert "sg-card--lg" in render.card_html("QC", "sv", size="lg")
    with pytest.raises(ValueError):
        render.card_html("QC", "sv", size="xl")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render.card_html("QC", "de")
    with pytest.raises(ValueError):
        render.card_html("ZZ", "sv")


def test_cards_row_is_a_labelled_group() -> None:
    html = render.cards_html(parse_cards("QC KC AC"), "sv", overlap=True)
    (tag, attrs), *_ = parse(html).starts
    assert tag == "span" and attrs["role"] == "group"
    assert attrs["aria-label"] == "♣D, ♣K, ♣E"
    assert "sg-cards" in (attrs["class"] or "").split() and "sg-cards--overlap" in (attrs["class"] or "")
    assert [a["data-card"] for a in elements(html, "sg-card")] == ["QC", "KC", "AC"]


# ---- hands, talon, table ---------------------------------------------------------------------------------


def test_hand_sorted_with_trump_last_and_counted() -> None:
    html = render.hand_html("Anna", parse_cards("4H QC 2S 9C AH"), "sv", trump=Suit.HEARTS, to_play=True)
    assert [a["data-card"] for a in elements(html, "sg-card")] == ["9C", "QC", "2S", "4H", "AH"]
    assert "5 kort" in html and "Anna" in html and "på tur" in html
    assert "sg-hand--to-play" in html
    en = render.hand_html("Anna", parse_cards("4H"), "en")
    assert "1 card" in en and "sg-hand--to-play" not in en and "to play" not in en


def test_face_down_hand() -> None:
    html = render.hand_html("Bo", parse_cards("QC KC"), "en", face_down=True)
    assert html.count('aria-label="face-down card"') == 2
    assert html.count('data-card="back"') == 2 and 'data-card="Q' not in html and "2 cards" in html


def test_talon() -> None:
    sv = render.talon_html(12, "sv")
    en = render.talon_html(12, "en")
    assert "talong: 12 kort" in sv
    assert "talon (talong): 12 cards" in en
    hidden = render.talon_html(0, "en", ("Bo", Card.parse("9S"), False))
    assert "Bo" in hidden and 'data-card="back"' in hidden and "9S" not in hidden
    shown = render.talon_html(3, "sv", ("Bo", Card.parse("9S"), True))
    assert 'data-card="9S"' in shown and "Bo" in shown
    parse(hidden + shown + sv + en)


def test_table_plays_are_labelled() -> None:
    html = render.table_html([("A", parse_cards("9C")), ("B", parse_cards("QC KC AC"))], "sv")
    # each play is a list item whose cards are a group labelled with who played what
    labels = [a["aria-label"] for _, a in parse(html).starts if (a.get("class") or "").startswith("sg-cards ")]
    assert labels == ["A: ♣9", "B: ♣D ♣K ♣E"]
    assert all("role" not in a for t, a in parse(html).starts if t == "li")
    assert "Bordet är tomt" in render.table_html([], "sv")
    assert "The table is empty" in render.table_html((), "en")


def test_outside_text_is_escaped() -> None:
    card = Card.parse("QC")
    state = phase2_state(
        players=("A", EVIL, "C"),
        to_play=EVIL,
        loser=None,
        out=("C",),
        hands={"A": (card,), EVIL: parse_cards("2S"), "C": ()},
        table=((EVIL, (card,)),),
    )
    outputs = [
        render.hand_html(EVIL, [card], "sv", to_play=True),
        render.talon_html(5, "en", (EVIL, card, True)),
        render.table_html([(EVIL, (card,))], "en"),
        render.state_html(state, "sv", caption=EVIL),
        render.state_html(
            phase1_state(
                players=(EVIL, "B", "C"),
                won={EVIL: (card,)},
                to_play=EVIL,
                hands={EVIL: (card,), "B": (), "C": ()},
                table=(),
            ),
            "en",
        ),
    ]
    for html in outputs:
        assert "<script" not in html
        assert "&lt;script&gt;" in html
        parse(html)


# ---- a whole position ------------------------------------------------------------------------------------


def test_state_phase1() -> None:
    html = render.state_html(phase1_state(), "sv")
    parse(html)
    to_play = elements(html, "sg-hand--to-play")
    assert [a["data-player"] for a in to_play] == ["B"]
    assert "B står på tur" in html
    assert "talong: 12 kort" in html
    assert "vunna kort: 2" in html and "vunna kort: 0" in html
    assert "Fas 1" in html and "Trumf" not in html
    assert 'data-card="KS"' in html  # the table
    assert len(elements(html, "sg-hand")) == 3
    en = render.state_html(phase1_state(), "en")
    assert "B to play" in en and "talon (talong): 12 cards" in en and "cards won: 2" in en and "Phase 1" in en


def test_state_phase1_set_aside_card() -> None:
    html = render.state_html(phase1_state(talon=(), trump_card=("C", Card.parse("9S"))), "en")
    assert "set aside by C" in html and 'data-card="9S"' in html
    assert "the talon is used up" in html


def test_state_phase2_trump_table_and_out() -> None:
    html = render.state_html(phase2_state(out=("A",)), "sv", caption="Exempel")
    parse(html)
    assert "Trumf:" in html and "hjärter" in html and "Fas 2" in html
    assert "talong" not in html and "vunna kort" not in html
    assert [a["data-player"] for a in elements(html, "sg-hand--to-play")] == ["C"]
    assert "C står på tur" in html and "Ute: A" in html
    assert [a["data-player"] for a in elements(html, "sg-hand--out")] == ["A"]
    assert "<figcaption" in html and "Exempel" in html
    # trump last in the hand: A holds 9C 4H 2S with hearts trump
    hand_a = html.split('data-player="A"')[1].split("sg-hand__head")[1]
    assert re.findall(r'data-card="(\w+)"', hand_a)[:3] == ["9C", "2S", "4H"]
    en = render.state_html(phase2_state(), "en")
    assert "Trump:" in en and "hearts" in en and "C to play" in en


def test_state_loser() -> None:
    state = phase2_state(
        to_play=None, out=("A", "C"), loser="B", hands={"A": (), "B": parse_cards("5H"), "C": ()}, table=()
    )
    sv = render.state_html(state, "sv")
    en = render.state_html(state, "en")
    assert "B är skitgubbe" in sv and "B is the skitgubbe" in en
    assert [a["data-player"] for a in elements(sv, "sg-hand--loser")] == ["B"]
    assert not elements(sv, "sg-hand--to-play") and "på tur" not in sv


def test_state_inline_css() -> None:
    html = render.state_html(phase1_state(), "en", inline_css=True)
    assert html.startswith("<style>") and ".sg-card" in html
    assert "<style>" not in render.state_html(phase1_state(), "en")


def test_state_with_the_engine_snapshot() -> None:
    state_mod = pytest.importorskip("skitgubbe.engine.state")
    snap = state_mod.GameState(
        players=("A", "B"),
        phase=2,
        to_play="A",
        trump=Suit.SPADES,
        hands={"A": parse_cards("2S"), "B": parse_cards("3S")},
        table=(),
        won={"A": (), "B": ()},
        talon=(),
        trump_card=None,
        out=(),
        loser=None,
    )
    html = render.state_html(snap, "sv")
    assert "spader" in html and "A står på tur" in html


# ---- quiz, stylesheet, purity ------------------------------------------------------------------------------


def test_stylesheet() -> None:
    css = render.stylesheet()
    assert css == (ROOT / "skitgubbe" / "views" / "render.css").read_text(encoding="utf-8")
    for cls in ("sg-card", "sg-cards", "sg-hand", "sg-talon", "sg-table", "sg-state", "sg-quiz", "sg-badge"):
        assert f".{cls}" in css
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
