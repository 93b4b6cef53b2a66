"""The two languages of everything a person reads, and the one check every entry point uses.

>>> check_lang("sv")
'sv'
>>> check_lang("de")
Traceback (most recent call last):
...
skitgubbe.errors.LanguageError: unknown language 'de'; use 'sv' or 'en'
"""

from __future__ import annotations

from typing import Literal

from skitgubbe.errors import LanguageError

Lang = Literal["sv", "en"]

#: The accepted languages: Swedish first (the game's own language), then English.
LANGS: tuple[Lang, ...] = ("sv", "en")


def check_lang(value: object) -> Lang:
    """`value` if it is `"sv"` or `"en"`; otherwise a `LanguageError` naming the value and the two accepted."""
    if not isinstance(value, str) or value not in LANGS:
        raise LanguageError(value)
    return value
