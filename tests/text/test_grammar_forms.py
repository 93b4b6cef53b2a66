"""The grammar a spell check cannot see (`book/_words/forms.toml`): a strong verb inflected as weak (supa: söp,
supit, never supade, supats), the English "lead" calqued into Swedish (leda, ledning for what Swedish plays ut or
holds highest), a compound formed against the sources' own forms (stickvinnaren, not sticksvinnaren), an ordinal
after the noun it counts (sticket andra), an English ending on a Swedish game word (chansaing, chansa:s).

Every page's source in its language, every string of the package (the phrase tables, the rule catalogue, the case
files' words) and every comment and docstring of the package (English) is scanned; the forms of either language
also in every string literal of the package. The built pages are scanned with the same patterns by
tests/book/test_terms.py."""

from __future__ import annotations

import re

import pytest
from language import (
    LANGS,
    Text,
    forms,
    package_texts,
    page_sources,
    record_texts,
    source_comments,
    source_strings,
    wrong_forms,
)

#: The kinds of `book/_words/forms.toml`, in its order.
KINDS = [
    "strong-verb",
    "lead-calque",
    "stick-compounds",
    "ordinal-order",
    "hybrid-forms",
    "noun-plural",
    "blir-verb",
    "interface-calques",
]


def test_every_kind_has_its_patterns_and_examples() -> None:
    entries = forms()
    assert list(entries) == KINDS
    for kind, entry in entries.items():
        assert entry["use"] and entry["caught"] and entry["kept"], kind
        for pattern in [*entry["not"], *entry["sv_not"], *entry["en_not"]]:
            re.compile(pattern)


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_catches_its_examples_and_keeps_the_right_forms(kind: str) -> None:
    entry = forms()[kind]
    for lang, sentence in entry["caught"]:
        found = wrong_forms([Text("planted", sentence)], lang)
        assert found and all(line.startswith(f"{kind}: ") and "planted" in line for line in found), sentence
    for lang, sentence in entry["kept"]:
        assert not wrong_forms([Text("planted", sentence)], lang), sentence


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_sources_keep_the_forms(lang: str) -> None:
    pages = page_sources(lang)
    assert len(pages) > 100
    found = wrong_forms(pages, lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_package_strings_keep_the_forms(lang: str) -> None:
    found = wrong_forms(package_texts(lang) + record_texts(lang), lang)
    assert not found, "\n".join(found)


@pytest.mark.slow
def test_the_comments_and_docstrings_keep_the_english_forms() -> None:
    comments = source_comments()
    assert len(comments) > 1000
    found = wrong_forms(comments, "en")
    assert not found, "\n".join(found)


def test_every_string_literal_keeps_the_forms_of_either_language() -> None:
    found = wrong_forms(source_strings(), None)
    assert not found, "\n".join(found)
