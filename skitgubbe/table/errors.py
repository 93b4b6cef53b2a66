"""A refusal of the table server: a phrase key and its values, worded in whichever language the seat reads."""

from __future__ import annotations

from dataclasses import dataclass

from skitgubbe.text.error_text import error_text
from skitgubbe.text.lang import Lang
from skitgubbe.text.table_server_words import TABLE_SERVER

__all__ = ["TableError", "Words", "say"]


@dataclass(frozen=True)
class Words:
    """A value of a refusal that is itself a phrase of the server's words (`text_1_24`), worded with it."""

    key: str


def _worded(value: object, lang: Lang) -> object:
    if isinstance(value, Words):
        return TABLE_SERVER.phrase(value.key, lang)
    if isinstance(value, Exception):
        return error_text(value, lang)
    return value


class TableError(ValueError):
    """A message or request the server refuses; the table is unchanged. `text(lang)` says why."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: Lang) -> str:
        """Why, in Swedish (`sv`) or English (`en`)."""
        return TABLE_SERVER.phrase(self.key, lang, **{k: _worded(v, lang) for k, v in self.params.items()})


def say(key: str, lang: Lang, **params: object) -> str:
    """One of the server's sentences (not a refusal), in `lang`."""
    return TABLE_SERVER.phrase(key, lang, **params)
