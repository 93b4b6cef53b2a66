"""One gloss per term, everywhere: the term list `book/_words/terms.toml` read against the package's strings (the
phrase tables, the rule catalogue, the case files' words) and the sources of the book's pages in both languages,
without a build. In English a Swedish term has one gloss (chansa: "play chansa", never "play blind"; färgstege:
"suit sequence", never "run"; supa: "pick up", never "take up"; drag: "move", never "a play", while "to play" a
card stays the verb); in Swedish the game's own words stand (står på tur, never "är i tur"; drag, never "spel").
tests/book/test_terms.py reads the same list against the built pages."""

from __future__ import annotations

import pytest
from language import LANGS, Text, misused, package_texts, page_sources, record_texts, terms

#: The English glosses the issue found used two ways, each with a sentence that uses the other gloss.
DOUBLE_GLOSSES = [
    ("chansa", "Chansa: playing blind"),
    ("chansa", "the last talon card may not be played blind"),
    ("suit-sequence", "May a move be a run in one suit?"),
    ("suit-sequence", "A run can hold more cards than the trick: with runs, count moves."),
    ("pick-up", "After the led card has been taken up, the same player leads again."),
    ("pick-up", "B, since B took up the only card."),
    ("move", "A player who picks up takes the previous player's whole play, every card of it."),
    ("move", "The site counts plays: three plays, however many cards they hold."),
    ("move", "Three plays now stand on the table, so the trick is complete."),
    ("move", "A play may be a single card or several; the player who made the last play leads."),
    ("move", "May a play be a suit sequence? B's very first play is illegal."),
]


@pytest.mark.parametrize(("concept", "sentence"), DOUBLE_GLOSSES)
def test_the_other_gloss_is_caught(concept: str, sentence: str) -> None:
    found = misused([Text("planted", sentence)], "en", terms())
    assert found and all(line.startswith(f"{concept}: use ") and "planted" in line for line in found), found


#: The Swedish slips of the same kind: the English "is to play" made into "är (i|på) tur", a move called "spel".
SWEDISH_SLIPS = [
    ("to-play", "Otillåtet: C, som inte har spelat, är på tur."),
    ("to-play", "B är i tur och får inte chansa."),
    ("move", "Med färgstegar räknar man spel, inte kort."),
]


@pytest.mark.parametrize(("concept", "sentence"), SWEDISH_SLIPS)
def test_the_swedish_slip_is_caught(concept: str, sentence: str) -> None:
    found = misused([Text("planted", sentence)], "sv", terms())
    assert found and all(line.startswith(f"{concept}: use ") for line in found), found


def test_the_swedish_terms_are_kept() -> None:
    sentence = "C står på tur och spelar i tur och ordning; med färgstegar räknar man drag, och spelet är för tre."
    assert not misused([Text("planted", sentence)], "sv", terms())


@pytest.mark.parametrize(
    "sentence",
    [
        "B plays chansa: the top talon card is played unseen.",
        "May a move be a suit sequence? The engine runs in the browser; run make lab, in one run by the tests.",
        "C picks up the led card; the cards are picked up from the table.",
        "A plays the nine and B plays chansa; when two play to each trick, the leader plays first again, and the "
        "cards are out of play. Let's play skitgubbe: C and A play again, each play one more card, and B's move "
        "is the third.",
    ],
)
def test_the_one_gloss_is_kept(sentence: str) -> None:
    assert not misused([Text("planted", sentence)], "en", terms())


@pytest.mark.parametrize("lang", LANGS)
def test_the_package_uses_one_gloss_per_term(lang: str) -> None:
    found = misused(package_texts(lang) + record_texts(lang), lang, terms())
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_book_pages_use_one_gloss_per_term(lang: str) -> None:
    """The pages' sources (book/<lang>/**.md and the notebooks' Markdown) against the same list."""
    pages = page_sources(lang)
    assert len(pages) > 100
    found = misused(pages, lang, terms())
    assert not found, "\n".join(found)
