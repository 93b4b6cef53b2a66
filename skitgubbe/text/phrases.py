"""The one shape of every word table: a `PhraseBook`, an immutable table of `key -> (Swedish, English)` templates.

A template may hold named `{placeholders}`; both languages of a key hold the same ones. `book.phrase(key, lang,
**params)` fills them and refuses a missing or an extra parameter; an unknown key is a `PhraseKeyError` naming the
table and the key. A table is checked when it is built (`problems`), so a bad one fails at import.

>>> BOOK = PhraseBook("example", {"cards": ("{n} kort", "{n} cards"), "empty": ("tomt", "empty")})
>>> BOOK.phrase("cards", "sv", n=3)
'3 kort'
>>> BOOK.phrase("empty", "en")
'empty'
>>> BOOK.phrase("full", "en")
Traceback (most recent call last):
...
skitgubbe.text.phrases.PhraseKeyError: no phrase 'full' in the table 'example'
>>> BOOK.phrase("cards", "en")
Traceback (most recent call last):
...
skitgubbe.text.phrases.PhraseParamError: phrase 'cards' of the table 'example': missing parameter n
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Generic, TypeVar

from skitgubbe.errors import LanguageError
from skitgubbe.text.lang import Lang

K = TypeVar("K")

#: The position of each language in a `(Swedish, English)` pair.
_INDEX: Mapping[str, int] = MappingProxyType({"sv": 0, "en": 1})


class PhraseKeyError(KeyError):
    """A key that is not in the table; `table` and `key` name both."""

    def __init__(self, table: str, key: object) -> None:
        self.table = table
        self.key = key
        super().__init__(f"no phrase {key!r} in the table {table!r}")

    def __str__(self) -> str:  # KeyError's own str() would quote the message again
        return str(self.args[0])


class PhraseParamError(TypeError):
    """Parameters that do not match a template's placeholders (one missing, or one the template has not)."""


class PhraseTableError(ValueError):
    """A table that breaks the shape: a language missing, an empty string, different placeholders in the two."""


def placeholders(template: str) -> frozenset[str]:
    """The names of the `{placeholders}` of a template (`{n}`, `{name}`; a format spec is not part of the name)."""
    return frozenset(field for _, field, _, _ in string.Formatter().parse(template) if field is not None)


class PhraseBook(Mapping[K, tuple[str, str]], Generic[K]):
    """An immutable table of `key -> (sv, en)` templates with named placeholders, checked when built.

    It is a read-only mapping (`book[key]` is the pair, `set(book)` the keys); `phrase` fills a template.
    """

    __slots__ = ("_entries", "_filled", "name")

    def __init__(self, name: str, entries: Mapping[K, tuple[str, str]]) -> None:
        self.name = name
        self._entries: Mapping[K, tuple[str, str]] = MappingProxyType(dict(entries))
        found = problems(name, self._entries)
        if found:
            raise PhraseTableError(f"the table {name!r}: " + "; ".join(found))
        # per key: its placeholders and, when it has none, its two texts already filled (a lookup is on hot paths)
        self._filled: Mapping[K, tuple[frozenset[str], tuple[str, str]]] = MappingProxyType(
            {key: _filled(sv, en) for key, (sv, en) in self._entries.items()}
        )

    def __getitem__(self, key: K) -> tuple[str, str]:
        try:
            return self._entries[key]
        except KeyError:
            raise PhraseKeyError(self.name, key) from None

    def __contains__(self, key: object) -> bool:
        return key in self._entries

    def __iter__(self) -> Iterator[K]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def __repr__(self) -> str:
        return f"PhraseBook({self.name!r}, {len(self)} keys)"

    def template(self, key: K, lang: Lang) -> str:
        """The unfilled template of `key` in `lang` (for text another formatter fills, such as card markers)."""
        return self[key][_index(lang)]

    def phrase(self, key: K, lang: Lang, **params: object) -> str:
        """The template of `key` in `lang` with its placeholders filled from `params` (exactly those)."""
        try:
            wanted, texts = self._filled[key]
        except KeyError:
            raise PhraseKeyError(self.name, key) from None
        if lang == "sv":
            text = texts[0]
        elif lang == "en":
            text = texts[1]
        else:
            raise LanguageError(lang)
        if not wanted and not params:
            return text
        if len(params) == len(wanted):  # the same number of names, and format finds each: exactly the placeholders
            try:
                return text.format(**params)
            except KeyError:
                pass
        missing = sorted(wanted - params.keys())
        extra = sorted(params.keys() - wanted)
        said = [f"missing parameter {', '.join(missing)}"] if missing else []
        said += [f"unexpected parameter {', '.join(extra)}"] if extra else []
        raise PhraseParamError(f"phrase {key!r} of the table {self.name!r}: " + "; ".join(said))


def _index(lang: object) -> int:
    """The position of `lang` in a `(Swedish, English)` pair; a `LanguageError` for any other language."""
    try:
        return _INDEX[lang]  # type: ignore[index]
    except (KeyError, TypeError):
        raise LanguageError(lang) from None


def _filled(sv: str, en: str) -> tuple[frozenset[str], tuple[str, str]]:
    wanted = placeholders(sv)
    return wanted, (sv, en) if wanted else (sv.format(), en.format())


def problems(name: str, entries: Mapping[K, object]) -> list[str]:
    """What breaks the shape in a table's entries: each key a `(sv, en)` pair of non-empty strings with the same
    placeholders (an empty list when the table is sound)."""
    found = []
    for key, value in entries.items():
        if not (isinstance(value, tuple) and len(value) == 2 and all(isinstance(t, str) for t in value)):
            found.append(f"{key!r} is not a (Swedish, English) pair of strings")
            continue
        sv, en = value
        if not sv.strip() or not en.strip():
            found.append(f"{key!r} has an empty {'Swedish' if not sv.strip() else 'English'} text")
            continue
        try:
            sv_fields, en_fields = placeholders(sv), placeholders(en)
        except ValueError as error:  # an unmatched brace
            found.append(f"{key!r} is not a template ({error})")
            continue
        if sv_fields != en_fields:
            found.append(
                f"{key!r} has other placeholders in Swedish ({', '.join(sorted(sv_fields)) or 'none'}) than in "
                f"English ({', '.join(sorted(en_fields)) or 'none'})"
            )
    return found
