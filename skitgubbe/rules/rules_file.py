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
from skitgubbe.errors import RecordError, RulesError
from skitgubbe.rules.options import PRESETS, Rules


class RulesFileError(RulesError):
    """A rules file that cannot be read, or that holds an unknown field or a bad value (the message names it)."""


def _check_field(where: str, name: str, value: Any) -> None:
    known = {f.name: getattr(Rules(), f.name) for f in fields(Rules)}
    if name == "preset":
        if not isinstance(value, str) or value not in PRESETS:
            raise RulesFileError("field_preset_preset_known", file=where, value=repr(value), presets=", ".join(PRESETS))
        return
    if name not in known:
        raise RulesFileError("unknown_field_fields_are_preset", file=where, field=repr(name), fields=", ".join(known))
    default = known[name]
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesFileError("field_true_false", file=where, field=repr(name), value=json.dumps(value))
        return
    assert isinstance(default, Enum)
    allowed = [m.value for m in type(default)]
    if value not in allowed:
        raise RulesFileError(
            "field_cannot_choose_one",
            file=where,
            field=repr(name),
            value=json.dumps(value),
            choices=", ".join(map(repr, allowed)),
        )


def rules_from_object(data: Any, where: str = "rules") -> Rules:
    """The `Rules` of a rules object, each field checked on its own before the combination is."""
    if isinstance(data, str):
        _check_field(where, "preset", data)
        return PRESETS[data]
    if not isinstance(data, dict):
        raise RulesFileError("rules_file_holds_one_json", file=where, value=type(data).__name__)
    for name, value in data.items():
        _check_field(where, str(name), value)
    try:
        return Rules.from_spec(data)
    except RulesError as error:
        raise RulesFileError("these_options_cannot_go_together", file=where, problem=error) from None


def load_rules_file(path: str | Path) -> Rules:
    """Read a rules file (UTF-8 JSON) with the case reader's limits (`skitgubbe.strict_json`)."""
    where = str(path)
    try:
        data = strict_json.loads(strict_json.read_limited(path))
    except RecordError as error:
        raise RulesFileError("file_problem", file=where, problem=error) from None
    return rules_from_object(data, where)


def resolve_rules(value: str) -> Rules:
    """A `--rules` argument: a preset name, or the path of a rules file."""
    if value in PRESETS:
        return PRESETS[value]
    if value.endswith(".json") or Path(value).is_file():
        return load_rules_file(value)
    raise RulesFileError("rules_unknown_preset_no_rules", preset=repr(value), presets=", ".join(PRESETS))
