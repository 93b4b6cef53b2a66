"""One term for one thing: `book/_words/terms.toml` names, for each concept, the Swedish and the English term and
the words that must not stand for it; no built page and no string of the package may use those words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from language import LANGS, Text, misused, package_texts, page_texts, terms, wrong_forms


def test_every_concept_names_both_terms_and_valid_patterns() -> None:
    concepts = terms()
    assert len(concepts) >= 12
    for name, concept in concepts.items():
        assert concept["sv"] and concept["en"], name
        for lang in LANGS:
            assert concept.get(f"{lang}_not") is not None, (name, lang)
            for pattern in concept[f"{lang}_not"]:
                re.compile(pattern)


@pytest.mark.parametrize("lang", LANGS)
def test_package_strings_use_the_terms(lang: str) -> None:
    found = misused(package_texts(lang), lang, terms())
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_built_pages_use_the_terms(built_site: Path, lang: str) -> None:
    pages = page_texts(lang)
    found = misused(pages, lang, terms())
    assert not found, "\n".join(found)
    text = "\n".join(p.text for p in pages).lower()
    words = [c[lang] for c in terms().values() if any(ch.isalpha() for ch in c[lang])]  # not the apostrophe
    missing = [w for w in words if w.lower() not in text]
    assert not missing, f"terms of book/_words/terms.toml that no {lang} page uses: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_built_pages_keep_the_grammar_forms(built_site: Path, lang: str) -> None:
    """The forms of `book/_words/forms.toml` (supa's strong forms, spela ut for a lead, the sources' stick-
    compounds, an ordinal before its noun, no English ending on a Swedish word) on every built page, also the words
    the package wrote into them."""
    found = wrong_forms(page_texts(lang), lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("lang", "sentence", "concept"),
    [
        ("sv", "Man ger medurs, ett kort i taget.", "clockwise"),
        ("sv", "Förinställningen pagat är bokens grund.", "preset"),
        ("en", "B chansas with the top card.", "chansa"),
        ("en", "The player picks up his card.", "singular-they"),
        ("en", "Hearts are trumps.", "trump"),
        ("sv", "Nu är C i tur.", "to-play"),
        ("en", "B may play blind.", "chansa"),
        ("en", "C lays a run of three clubs.", "suit-sequence"),
        ("en", "C takes up the led card.", "pick-up"),
    ],
)
def test_a_wrong_term_is_caught_with_its_place(lang: str, sentence: str, concept: str) -> None:
    found = misused([Text("planted", sentence)], lang, terms())
    assert len(found) == 1 and found[0].startswith(f"{concept}: use ") and "planted" in found[0]
