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
  ... and `<id>.cards`;
- `exercises/`: the learning path's exercises (`views.exercise_data`), the moves leading to the position asked
  about: `exercise`, `{"set", "rule", "goal", "options": [{"move", "says", "rule"?}, ...]}`, judged by the engine
  when read; the words are in `text.exercise_words`, by id.

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
    "exercises": ("id", "exercise"),
}


def read_file(folder: str, name: str, raw: bytes) -> Mapping[str, Any]:
    """One file of `folder` from its bytes, `name` its file name (`<id>.json`): the JSON object (read by
    `strict_json`, the reader of every JSON that enters); a `RecordError` naming the file (`exercises/x.json`) and
    the place (its line, or `id` when the id is not the file's name)."""
    if folder not in OWN_KEYS:
        raise KeyError(f"no case folder {folder!r}; the folders are {', '.join(OWN_KEYS)}")
    where = f"{folder}/{name}"
    try:
        data = strict_json.loads_object(raw)
    except RecordError as error:  # the reader names the line; the file is named here
        raise strict_json.in_file(error, where) from None
    if data.get("id") != name.removesuffix(".json"):
        raise RecordError(f"{where}: id", "id_not_file_name", id=repr(data.get("id")))
    return data


@cache
def read_folder(folder: str) -> Mapping[str, Mapping[str, Any]]:
    """Every file of one folder as JSON data (`read_file`), by id, in the order of the ids."""
    if folder not in OWN_KEYS:
        raise KeyError(f"no case folder {folder!r}; the folders are {', '.join(OWN_KEYS)}")
    found: dict[str, Mapping[str, Any]] = {}
    for entry in sorted(
        resources.files("skitgubbe.records").joinpath(folder).iterdir(), key=lambda e: e.name.removesuffix(".json")
    ):
        if entry.name.endswith(".json"):
            found[entry.name.removesuffix(".json")] = read_file(folder, entry.name, entry.read_bytes())
    return found


def case_part(folder: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """A file's case alone, without its folder's own keys: what a reader would write in a case file."""
    return {key: value for key, value in data.items() if key not in OWN_KEYS[folder]}
