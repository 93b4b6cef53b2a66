"""The engine's texts say what the sources say, in the book's own Swedish and English terms."""

from __future__ import annotations

import re
from collections.abc import Mapping

from skitgubbe import CATALOGUE
from skitgubbe.text import i18n
from skitgubbe.text.names import genitive

SV_TEXTS = [
    value[0]
    for value in vars(i18n).values()
    if isinstance(value, Mapping)  # the phrase books (skitgubbe/text/phrases.py)
    for value in value.values()
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value)
]
EN_TEXTS = [
    value[1]
    for value in vars(i18n).values()
    if isinstance(value, Mapping)  # the phrase books (skitgubbe/text/phrases.py)
    for value in value.values()
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) for v in value)
]


def test_the_texts_are_found() -> None:
    assert len(SV_TEXTS) > 50 and len(SV_TEXTS) == len(EN_TEXTS)


def test_picking_up_is_never_called_krypa() -> None:
    # krypa is laying a lower card; what must-beat forbids is picking up when able to beat
    for rule_id in ("p2.must-beat", "p2.pick-up.optional", "p2.beat-or-pick-up"):
        assert "krypa" not in CATALOGUE[rule_id].sv and "krypa" not in CATALOGUE[rule_id].en, rule_id
    assert not [t for t in SV_TEXTS if "krypa" in t]


def test_a_players_genitive_follows_the_one_rule() -> None:
    """A name in the genitive is `{gen}` or `{player_gen}` (skitgubbe.text.names: A:s, Annas, Lars), never a
    colon or an s glued to a placeholder by a template (Anna:s)."""
    from language import package_texts

    glued = re.compile(r"\{\w+\}(?::s|s|'s)\b")
    found = [t.where for lang in ("sv", "en") for t in package_texts(lang) if glued.search(t.text)]
    assert not found, found
    assert any("{to_play_gen} tur" in t for t in SV_TEXTS)
    assert [genitive(n, "sv") for n in ("A", "Anna", "Lars", "Max", "dator B")] == [
        "A:s",
        "Annas",
        "Lars",
        "Max",
        "dator B:s",
    ]
    assert [genitive(n, "en") for n in ("A", "Anna")] == ["A's", "Anna's"]
    reason = i18n._fmt(i18n._REASONS.template("not-your-turn", "sv"), "sv", (("to_play", "Anna"), ("player", "B")))
    assert reason == "Det är Annas tur, inte B:s."


def test_one_swedish_word_each() -> None:
    # medsols (not medurs), vunna kort (not tagna), drag for a play, no slänga på-fönster
    swedish = SV_TEXTS + [r.sv for r in CATALOGUE.values()] + [r.note_sv for r in CATALOGUE.values()]
    for word in ("medurs", "tagna kort", "slänga på-fönst", "kommer i otur", "matcha", "lagligt"):
        assert not [t for t in swedish if word in t], word
    assert not [t for t in swedish if re.search(r"\b(ett|hela|föregående spelares) spel\b", t)]


def test_english_says_plays_chansa() -> None:
    assert not [t for t in EN_TEXTS if re.search(r"\bchansas\b|\bchansaed\b", t)]
    assert not [t for t in EN_TEXTS if "are trumps" in t or "stay trumps" in t]


def test_rules_cite_only_sources_that_say_them() -> None:
    # Wikipedia has no phase 2; the strict page does not say who leads after a trick nor how a trick's count
    # changes when a player goes out; no source sets the engine's limit of six players
    phase2 = [r.id for r in CATALOGUE.values() if r.id.startswith("p2.") and "wikipedia" in r.sources]
    assert phase2 == ["p2.loser"]  # Wikipedia does say the last player holding cards has lost
    assert "wikipedia" not in CATALOGUE["p1.transition"].sources
    assert "strikt" not in CATALOGUE["p2.next-lead"].sources and "strikt" not in CATALOGUE["p2.out"].sources
    assert CATALOGUE["p2.out-at-start"].sources == ("project",)
    assert "sex" in CATALOGUE["game.players"].note_sv and "six" in CATALOGUE["game.players"].note_en
    # D2: Wikipedia is explicit about the last talon card
    assert "Wikipedia" in CATALOGUE["p1.chansa.not-last"].note_en


def _page_texts(lang: str) -> dict[str, str]:
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "book" / lang
    pages = {}
    for path in sorted(root.glob("*.md")) + sorted(root.glob("*.ipynb")):
        if path.suffix == ".md":
            pages[path.name] = path.read_text(encoding="utf-8")
        else:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            pages[path.name] = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return pages


FLAGGED = {
    "sv": (
        "kommer i otur",
        "bryr sig ingen om",
        "Om det är alla källor",
        "kortspelsreglers",
        "bidrar med en hög",
        "slänga på-fönst",
        "två halvor som drar",
        "matcha",
        "lagligt",
        "B:s andra drag",
        "mest citerade",
        "fått tillbaka damen",
        "melniki* spelas",
    ),
    "en": ("chansas", "chansaed", "comes out of turn", "B's second card", "best-known", "melniki* plays", "got back"),
}


def test_pages_avoid_the_flagged_phrases() -> None:
    for lang, phrases in FLAGGED.items():
        found = [(name, p) for name, text in _page_texts(lang).items() for p in phrases if p in text]
        assert not found, found


def test_no_sentence_starts_with_a_lower_case_site_name() -> None:
    for lang in ("sv", "en"):
        for name, text in _page_texts(lang).items():
            starts = re.findall(r"(?:[.!?]\**[ \n]+|\n\n|^- )kortspelsregler", text, re.M)
            assert not starts, (lang, name, starts)
