"""The strong search's note to the reader (issue 40): where it runs on the engine and why, in the reader's language.

Light on purpose (no search is imported): the session's every view asks it."""

from __future__ import annotations

from skitgubbe.players.fallback import search_note_key
from skitgubbe.rules.options import Rules
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.text.review_words import SEARCH_NOTES


def search_note(rules: Rules, lang: Lang) -> str | None:
    """Why the strong opponent, the hint and the review run on the engine for `rules` (slower, so on fewer deals),
    in words; None where the fast core plays `rules`."""
    key = search_note_key(rules)
    return None if key is None else SEARCH_NOTES.phrase(key, check_lang(lang))
