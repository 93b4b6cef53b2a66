"""Rules files: `{"preset": "pagat", "<option>": value, ...}` (the shape of a case file's `rules` object).

The house-rules page saves one; `check --rules FILE` and `simulate --rules FILE` read it. A `--rules` value is
a preset name or the path of such a file. Every problem is a `RulesFileError` that names the file and the field.
"""

from __future__ import annotations

import json
from dataclasses import fields
from enum import Enum
from pathlib import Path
from typing import Any

from skitgubbe import strict_json
from skitgubbe.errors import RecordError
from skitgubbe.rules.options import PRESETS, Rules, RulesError


class RulesFileError(RulesError):
    """A rules file that cannot be read, or that holds an unknown field or a bad value (the message names it)."""


def _check_field(where: str, name: str, value: Any) -> None:
    known = {f.name: getattr(Rules(), f.name) for f in fields(Rules)}
    if name == "preset":
        if not isinstance(value, str) or value not in PRESETS:
            raise RulesFileError(f"{where}: field 'preset': {value!r} is not a preset; known: {', '.join(PRESETS)}")
        return
    if name not in known:
        raise RulesFileError(f"{where}: unknown field {name!r}; fields are 'preset' and {', '.join(known)}")
    default = known[name]
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesFileError(f"{where}: field {name!r} must be true or false, not {json.dumps(value)}")
        return
    assert isinstance(default, Enum)
    allowed = [m.value for m in type(default)]
    if value not in allowed:
        raise RulesFileError(
            f"{where}: field {name!r} cannot be {json.dumps(value)}; choose one of {', '.join(map(repr, allowed))}"
        )


def rules_from_object(data: Any, where: str = "rules") -> Rules:
    """The `Rules` of a rules object, each field checked on its own before the combination is."""
    if isinstance(data, str):
        _check_field(where, "preset", data)
        return PRESETS[data]
    if not isinstance(data, dict):
        raise RulesFileError(f"{where}: a rules file holds one JSON object, not {type(data).__name__}")
    for name, value in data.items():
        _check_field(where, str(name), value)
    try:
        return Rules.from_spec(data)
    except RulesError as error:
        raise RulesFileError(f"{where}: these options cannot go together: {error}") from None


def load_rules_file(path: str | Path) -> Rules:
    """Read a rules file (UTF-8 JSON) with the case reader's limits (`skitgubbe.strict_json`)."""
    where = str(path)
    try:
        data = strict_json.loads(strict_json.read_limited(path))
    except RecordError as error:
        raise RulesFileError(f"{where}: {error}") from None
    return rules_from_object(data, where)


def resolve_rules(value: str) -> Rules:
    """A `--rules` argument: a preset name, or the path of a rules file."""
    if value in PRESETS:
        return PRESETS[value]
    if value.endswith(".json") or Path(value).is_file():
        return load_rules_file(value)
    raise RulesFileError(
        f"--rules: unknown preset {value!r}, and no rules file (a .json file) of that name; "
        f"presets: {', '.join(PRESETS)}"
    )
