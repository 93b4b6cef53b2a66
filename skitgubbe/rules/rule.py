"""The shape of a catalogue rule (`Rule`) and the source keys rules cite (`SOURCES`); the catalogue itself, every
rule's sentences, is `skitgubbe.rules.catalogue`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from skitgubbe.errors import LanguageError

#: Source keys (what each source is: docs/disputed-points.md).
SOURCES: Mapping[str, str] = {
    "pagat": "Pagat (John McLeod), pagat.com",
    "guide": "A modern guide following Pagat",
    "kortspelsregler": "kortspelsregler.com",
    "strikt": "An undated rules page with a strict phase 2",
    "wikipedia": "Swedish Wikipedia, 'Skitgubbe (kortspel)'",
    "specialkort": "A rules page with special cards",
    "project": "This project's reading where the sources are silent",
}


@dataclass(frozen=True)
class Rule:
    """One catalogue rule: a stable id, one sentence in Swedish and in English, and the sources stating it.

    `note_sv`/`note_en` say how the project read the sources where they are silent or contradict themselves.
    """

    id: str
    sv: str
    en: str
    sources: tuple[str, ...]
    note_sv: str = ""
    note_en: str = ""

    def text(self, lang: str) -> str:
        if lang != "sv" and lang != "en":  # the same refusal as skitgubbe.text.lang.check_lang (a layer above)
            raise LanguageError(lang)
        return self.sv if lang == "sv" else self.en

    def note(self, lang: str) -> str:
        if lang != "sv" and lang != "en":  # the same refusal as skitgubbe.text.lang.check_lang (a layer above)
            raise LanguageError(lang)
        return self.note_sv if lang == "sv" else self.note_en
