"""The library of disputed cases shipped with the package (`skitgubbe/records/cases/*.json`): list, by id, by point.

Each file is a case in the case format of docs/case-files.md (what `python -m skitgubbe check` reads) plus the library's own
keys, which `check` ignores:

- `id`: the file name without `.json`;
- `point`: the disputed point of docs/disputed-points.md it illustrates, `"D1"` to `"D11"`;
- `title`, `question` and optionally `notes`: `{"sv": ..., "en": ...}`. Card slots such as `{9C}` or
  `{QC KC AC}` are written out in the reader's language by `say` (`♣9`, `♣D ♣K ♣E` / `♣Q ♣K ♣A`).

The case's own `rules` are the rules under which its moves are meant (usually the ones that allow them all);
`compare.compare` judges the same moves under every preset.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from skitgubbe import strict_json
from skitgubbe.engine.cards import parse_cards
from skitgubbe.errors import Phrase, RecordError
from skitgubbe.records import case_files
from skitgubbe.records.record import Case
from skitgubbe.rules.options import DEFAULT_PRESET, Rules
from skitgubbe.text.i18n import cards_text
from skitgubbe.text.lang import check_lang

#: The disputed points of docs/disputed-points.md, in order.
POINTS: tuple[str, ...] = tuple(f"D{i}" for i in range(1, 12))
LANGS = ("sv", "en")
#: Keys a library file has besides the case itself.
LIBRARY_KEYS = case_files.OWN_KEYS["cases"]

_CARD_SLOT = re.compile(r"\{([^{}]+)\}")


def say(text: str, lang: str) -> str:
    """Text with `{9C}` / `{QC KC AC}` slots written as cards in the language's symbols."""
    lang = check_lang(lang)
    return _CARD_SLOT.sub(lambda m: cards_text(parse_cards(m.group(1)), lang), text)


@dataclass(frozen=True)
class LibraryCase:
    """One case of the library: its id, point, words in both languages and the case data."""

    id: str
    point: str
    title: Mapping[str, str]
    question: Mapping[str, str]
    data: Mapping[str, Any]
    notes: Mapping[str, str] = field(default_factory=dict)

    def text(self, key: str, lang: str) -> str:
        """`title`, `question` or `notes` in `lang`, card slots written out ('' for absent notes)."""
        lang = check_lang(lang)
        words: Mapping[str, str] = getattr(self, key)
        return say(words[lang], lang) if words else ""

    @property
    def rules(self) -> Rules:
        return Rules.from_spec(self.data.get("rules", DEFAULT_PRESET))

    def load(self, rules: Rules | str | None = None) -> Case:
        """The case (under its own rules, or under `rules`)."""
        return Case.load(dict(self.data), rules=rules)

    def case_data(self) -> dict[str, Any]:
        """The case alone, without the library's keys (what a reader would write in a case file)."""
        return case_files.case_part("cases", self.data)

    def case_json(self) -> str:
        """`case_data()` as JSON, one line per field."""
        data = self.case_data()
        lines = []
        for key, value in data.items():
            if isinstance(value, dict) and key in ("hands", "won"):
                inner = ",\n".join(
                    f"    {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()
                )
                lines.append(f"  {json.dumps(key)}: {{\n{inner}\n  }}")
            else:
                lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
        return "{\n" + ",\n".join(lines) + "\n}"

    @property
    def file_name(self) -> str:
        return f"{self.id}.json"


def _words(data: Mapping[str, Any], key: str, where: str, required: bool = True) -> dict[str, str]:
    value = data.get(key)
    if value is None and not required:
        return {}
    if not isinstance(value, dict) or any(
        not isinstance(value.get(lang), str) or not value.get(lang) for lang in LANGS
    ):
        raise RecordError(Phrase("file_problem", file=where, problem=key), "must_be_sv_en")
    return {lang: value[lang] for lang in LANGS}


def from_data(data: Mapping[str, Any], name: str | None = None) -> LibraryCase:
    """A library case from its JSON data; `name` is the file name it was read from (checked against the id)."""
    where = name or str(data.get("id", "case"))
    case_id = data.get("id")
    if not isinstance(case_id, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", case_id):
        raise RecordError(f"{where}: id", "lower_case_id_like_d5")
    if name is not None and name != f"{case_id}.json":
        raise RecordError(f"{where}: id", "id_not_file_name", id=repr(case_id))
    point = data.get("point")
    if point not in POINTS:
        raise RecordError(f"{where}: point", "must_be_one_of", choices=", ".join(POINTS), value=repr(point))
    case = LibraryCase(
        case_id,
        point,
        _words(data, "title", where),
        _words(data, "question", where),
        dict(data),
        _words(data, "notes", where, required=False),
    )
    try:
        case.load()  # validates the position and the moves' players
    except RecordError as error:
        raise RecordError(Phrase("file_problem", file=where, problem=error.place), error.phrase()) from None
    return case


def load_file(path: str | Path) -> LibraryCase:
    """Read one library file (a case file with the library's keys)."""
    path = Path(path)
    try:
        data = strict_json.loads_object(strict_json.read_limited(path))  # the bytes decoded as the reader decodes
    except RecordError as error:
        raise strict_json.in_file(error, path.name) from None
    return from_data(data, path.name)


def _point_number(point: str) -> int:
    return int(point[1:])


@lru_cache(maxsize=1)
def library() -> Mapping[str, LibraryCase]:
    """Every case of the library by id, ordered by point and then by id."""
    cases = [from_data(data, f"{case_id}.json") for case_id, data in case_files.read_folder("cases").items()]
    cases.sort(key=lambda c: (_point_number(c.point), c.id))
    return {c.id: c for c in cases}


def ids() -> list[str]:
    """Every case id, in library order."""
    return list(library())


def get(case_id: str) -> LibraryCase:
    """The library case with that id; an unknown id raises `KeyError` listing the known ones."""
    try:
        return library()[case_id]
    except KeyError:
        raise KeyError(f"no library case {case_id!r}; known cases: {', '.join(library())}") from None


def by_point(point: str) -> list[LibraryCase]:
    """The cases of one disputed point (`"D5"`), in library order."""
    if point not in POINTS:
        raise KeyError(f"unknown point {point!r}; points are {', '.join(POINTS)}")
    return [c for c in library().values() if c.point == point]
