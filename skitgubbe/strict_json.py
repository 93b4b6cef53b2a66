"""The one reader of every JSON that enters the package, with the case reader's limits, and its strict writer.

Rules files, case and record files, `#rules=` payloads, session requests, controller and bridge messages all go
through `loads` (text or bytes) or, when they arrive already decoded as Python values, through `check_value`:

- at most `MAX_BYTES` bytes (`read_limited` reads at most one byte more, so an endless file is refused);
- lists and objects nested at most `MAX_DEPTH` levels (the decoder recurses once per level);
- integers of at most `MAX_DIGITS` digits, only finite numbers (no `NaN`, `Infinity`, `1e400`);
- no key twice in one object; UTF-8, a leading byte-order mark accepted.

Every problem is a `RecordError` naming where (`line 3, column 7`, or a JSON path such as `rules.preset`) in the
package's own words, worded in Swedish too: never the decoder's English ("Expecting property name ...") nor
Python's. `dumps` writes strict JSON (a non-finite number is refused, not written as `Infinity`).
"""

from __future__ import annotations

import json
import math
import re
import sys
from pathlib import Path
from typing import Any

from skitgubbe.errors import RecordError

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "check_value", "dumps", "loads", "loads_object", "read_limited"]

#: The largest JSON read (a full record is a few kilobytes, a long case some hundred).
MAX_BYTES = 4_000_000
#: The deepest nesting of lists and objects (a case needs 3).
MAX_DEPTH = 20
#: The most digits an integer may have (a seed needs 16).
MAX_DIGITS = 30

#: The decoder's messages (the start of them) -> the package's words for the same problem.
_DECODER_WORDS: tuple[tuple[str, str], ...] = (
    ("Expecting property name", "a field's name in double quotes is expected here"),
    ("Expecting ':' delimiter", "a ':' after the field's name is expected here"),
    ("Expecting ',' delimiter", "a ',' between two values (or the closing bracket) is expected here"),
    ("Expecting value", "a value is expected here"),
    ("Unterminated string", "a string is not closed (a '\"' is missing)"),
    ("Invalid control character", "a string holds a control character (write a line break as \\n)"),
    ("Invalid \\uXXXX escape", "a string holds a bad \\u escape"),
    ("Invalid \\escape", "a string holds a bad backslash escape"),
    ("Extra data", "there is more after the JSON value"),
    ("Illegal trailing comma", "a ',' stands before a closing bracket"),
)

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


class _Refused(ValueError):
    """A value the decoder's hooks refuse (a duplicate key, a long integer, a non-finite number)."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(problem)


def read_limited(path: str | Path) -> bytes:
    """The bytes of a file (`-`: standard input), read once and at most `MAX_BYTES` + 1 of them."""
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise RecordError("", f"cannot read {path}: it is a directory") from None
    except OSError as error:
        raise RecordError("", f"cannot read {path}: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise RecordError("", f"the file is larger than {MAX_BYTES:,} bytes; a case or record is a few kilobytes")
    return data


def _text(raw: object) -> str:
    if not isinstance(raw, (str, bytes)):
        raise RecordError("", f"JSON must come as text, not {kind(raw)}")
    if isinstance(raw, str):
        if len(raw) > MAX_BYTES:
            raise RecordError("", f"the text is longer than {MAX_BYTES:,} characters")
        return raw.removeprefix("\ufeff")
    if len(raw) > MAX_BYTES:
        raise RecordError("", f"the file is larger than {MAX_BYTES:,} bytes; a case or record is a few kilobytes")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    elif raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise RecordError("", "the file is UTF-16 text; save it as UTF-8")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise RecordError(
            f"line {line}",
            f"not UTF-8 text (byte 0x{raw[error.start]:02x} at offset {error.start}); save it as UTF-8",
        ) from None


def _check_depth(text: str) -> None:
    """Refuse deep nesting before the decoder runs (it recurses once per level)."""
    opened = 0
    for token in _TOKENS.finditer(text):
        char = token.group()
        if char in "[{":
            opened += 1
            if opened > MAX_DEPTH:
                line = text.count("\n", 0, token.start()) + 1
                raise RecordError(f"line {line}", f"lists and objects nest deeper than {MAX_DEPTH} levels")
        elif char in "]}":
            opened -= 1


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _Refused(key, "appears twice in one object; give each field once")
        data[key] = value
    return data


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused("", f"bad JSON: an integer of {len(text.lstrip('-'))} digits; at most {MAX_DIGITS} are read")
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("", f"bad JSON: the number {text[:20]} is too large")
    return value


def _constant(name: str) -> Any:
    raise _Refused("", f"bad JSON: {name} is not a JSON number")


def _decoder_words(message: str) -> str:
    for start, words in _DECODER_WORDS:
        if message.startswith(start):
            return words
    return "this is not JSON"


def loads(raw: object) -> Any:
    """One JSON value from text or UTF-8 bytes, within the limits; `RecordError` says what is wrong and where."""
    text = _text(raw)
    _check_depth(text)
    try:
        return json.loads(
            text, object_pairs_hook=_object, parse_int=_integer, parse_float=_number, parse_constant=_constant
        )
    except _Refused as error:
        raise RecordError(error.where, error.problem) from None
    except json.JSONDecodeError as error:
        raise RecordError(
            f"line {error.lineno}, column {error.colno}", f"bad JSON: {_decoder_words(error.msg)}"
        ) from None
    except RecursionError:  # cannot happen within MAX_DEPTH; kept so that no traceback ever escapes
        raise RecordError("", f"lists and objects nest deeper than {MAX_DEPTH} levels") from None


def loads_object(raw: object) -> dict[str, Any]:
    """`loads`, and the value must be one JSON object."""
    data = loads(raw)
    if not isinstance(data, dict):
        raise RecordError("", f"the file must hold one JSON object, not {kind(data)}")
    return data


def kind(value: object) -> str:
    """How a JSON value reads in a message: `a number (7)`, `null`, `a list`, ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, (int, float)):
        text = repr(value) if not isinstance(value, int) or value.bit_length() < 200 else "a huge integer"
        return f"a number ({text if len(text) <= 20 else text[:17] + '...'})"
    if isinstance(value, str):
        return f"a string ({value[:40]!r})"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _path(where: str, key: object) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else str(key)


def check_value(value: object, where: str = "") -> None:
    """Refuse a decoded value JSON cannot hold or the limits refuse: nesting deeper than `MAX_DEPTH`, an integer
    of more than `MAX_DIGITS` digits, a non-finite number, a key that is not a string, a value of another type."""
    limit = 10**MAX_DIGITS
    stack: list[tuple[object, str, int]] = [(value, where, 0)]
    while stack:
        item, at, depth = stack.pop()
        if item is None or isinstance(item, (bool, str)):
            continue
        if isinstance(item, int):
            if not -limit < item < limit:
                raise RecordError(at, f"an integer of more than {MAX_DIGITS} digits")
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                raise RecordError(at, f"{item} is not a JSON number")
            continue
        if isinstance(item, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                raise RecordError(at, f"lists and objects nest deeper than {MAX_DEPTH} levels")
            if isinstance(item, dict):
                for key, inner in item.items():
                    if not isinstance(key, str):
                        raise RecordError(at, f"a field's name must be a string, not {kind(key)}")
                    stack.append((inner, _path(at, key), depth + 1))
            else:
                stack.extend((inner, _path(at, i), depth + 1) for i, inner in enumerate(item))
            continue
        raise RecordError(at, f"{type(item).__name__} is not a JSON value")


def dumps(value: object) -> str:
    """`value` as strict JSON text (UTF-8 kept); a non-finite number or a value JSON cannot hold is refused."""
    check_value(value, "answer")
    return json.dumps(value, ensure_ascii=False, allow_nan=False)
