"""The case files shipped with the package, one reader for all of them (`skitgubbe/records/<folder>/<id>.json`).

Every file is a case in the case format of docs/case-files.md, the one `python -m skitgubbe check` reads, with an `id` (the
file name without `.json`) and, by folder, keys of its own:

- `cases/`: the library of disputed cases (`caselib`): `point`, `title`, `question` and optionally `notes`;
- `examples/`: the book's worked examples (`views.examples.EXAMPLES`): the case alone, judged under its `rules`;
  each one's title is in `text.example_words.EXAMPLE_TITLES`, by id;
- `quizzes/`: the book's "Test yourself" questions (`views.examples.QUIZZES`), asked about the last move: `quiz`,
  `{"kind": "legal" | "outcome", "claims": [...], "cards": "legal" | "wins", "key": [rule ids]}` (`cards` and `key`
  optional). `claims` holds one object per option, in display order, with the fields of `views.examples.Claim`
  (lists for its tuples); the words are in `text.example_words.QUIZ_TEXTS`, by `<id>.question`, `<id>.option1`,
  ... and `<id>.cards`.

README.md (*The case files the package ships*) says the same for a person who writes one.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from skitgubbe import strict_json
from skitgubbe.errors import RecordError

#: The folders of case files, each with the keys its files have besides the case itself.
OWN_KEYS: Mapping[str, tuple[str, ...]] = {
    "cases": ("id", "point", "title", "question", "notes"),
    "examples": ("id",),
    "quizzes": ("id", "quiz"),
}


@cache
def read_folder(folder: str) -> Mapping[str, Mapping[str, Any]]:
    """Every file of one folder as JSON data, by id, in the order of the ids (read by `strict_json`, the reader of
    every JSON that enters); a file whose `id` is not its name raises `RecordError` naming the file."""
    if folder not in OWN_KEYS:
        raise KeyError(f"no case folder {folder!r}; the folders are {', '.join(OWN_KEYS)}")
    found: dict[str, Mapping[str, Any]] = {}
    for entry in sorted(
        resources.files("skitgubbe.records").joinpath(folder).iterdir(), key=lambda e: e.name.removesuffix(".json")
    ):
        if not entry.name.endswith(".json"):
            continue
        where = f"{folder}/{entry.name}"
        try:
            data = strict_json.loads_object(entry.read_bytes())
        except RecordError as error:  # the reader names the line; the file is named here
            raise strict_json.in_file(error, where) from None
        if data.get("id") != entry.name.removesuffix(".json"):
            raise RecordError(f"{where}: id", "id_not_file_name", id=repr(data.get("id")))
        found[entry.name.removesuffix(".json")] = data
    return found


def case_part(folder: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """A file's case alone, without its folder's own keys: what a reader would write in a case file."""
    return {key: value for key, value in data.items() if key not in OWN_KEYS[folder]}
