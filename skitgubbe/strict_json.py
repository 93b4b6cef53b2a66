"""The one reader of every JSON that enters the package, with the case reader's limits, and its strict writer.

Rules files, case and record files, `#rules=` payloads, session requests, controller and bridge messages all go
through `loads` (text or bytes) or, when they arrive already decoded as Python values, through `check_value`:

- at most `MAX_BYTES` bytes (`read_limited` reads at most one byte more, so an endless file is refused);
- lists and objects nested at most `MAX_DEPTH` levels (the decoder recurses once per level);
- integers of at most `MAX_DIGITS` digits, only finite numbers (no `NaN`, `Infinity`, `1e400`);
- no key twice in one object; UTF-8, a leading byte-order mark accepted;
- text only: no lone surrogate (half of a UTF-16 pair), neither in text that arrives as a Python string (from the
  browser) nor written as a `\\ud800` escape, so whatever the package reads can be written out as UTF-8 again.

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

from skitgubbe.errors import Phrase, RecordError
from skitgubbe.wording import Count

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "check_value",
    "dumps",
    "in_file",
    "loads",
    "loads_object",
    "lone_surrogate",
    "read_limited",
]

#: The largest JSON read (a full record is a few kilobytes, a long case some hundred).
MAX_BYTES = 4_000_000
#: The deepest nesting of lists and objects (a case needs 3).
MAX_DEPTH = 20
#: The most digits an integer may have (a seed needs 16).
MAX_DIGITS = 30

#: The decoder's messages (the start of them) -> the key of the package's words for the same problem.
_DECODER_WORDS: tuple[tuple[str, str], ...] = (
    ("Expecting property name", "field_name_double_quotes_expected"),
    ("Expecting ':' delimiter", "after_field_name_expected_here"),
    ("Expecting ',' delimiter", "between_two_values_closing_bracket"),
    ("Expecting value", "value_expected_here"),
    ("Unterminated string", "string_closed_missing"),
    ("Invalid control character", "string_holds_control_character_write"),
    ("Invalid \\uXXXX escape", "string_holds_bad_u_escape"),
    ("Invalid \\escape", "string_holds_bad_backslash_escape"),
    ("Extra data", "there_more_after_json_value"),
    ("Illegal trailing comma", "stands_before_closing_bracket"),
)

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


class _Refused(ValueError):
    """A value the decoder's hooks refuse (a duplicate key, a long integer, a non-finite number): where, and the
    problem as a `Phrase`."""

    def __init__(self, where: str, problem: Phrase) -> None:
        self.where = where
        self.problem = problem
        super().__init__(problem.key)


def read_limited(path: str | Path) -> bytes:
    """The bytes of a file (`-`: standard input), read once and at most `MAX_BYTES` + 1 of them."""
    try:
        if str(path) == "-":
            data = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise RecordError("", "cannot_read_directory", path=path) from None
    except OSError as error:
        raise RecordError("", "cannot_read", path=path, problem=error.strerror or error) from None
    if len(data) > MAX_BYTES:
        raise RecordError("", "file_larger_than_bytes_case", limit=Count(MAX_BYTES))
    return data


def lone_surrogate(text: str) -> int:
    """The index of the first lone surrogate in `text` (a string UTF-8 cannot hold), or -1 if there is none."""
    if text.isascii():
        return -1
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        return error.start
    return -1


def _no_surrogate(text: str, where: str | None = None) -> None:
    """Refuse a string with a lone surrogate, naming `where` (or, for a whole text, its line)."""
    index = lone_surrogate(text)
    if index >= 0:
        place = Phrase("line", line=text.count("\n", 0, index) + 1) if where is None else where
        raise RecordError(place, "lone_surrogate", code=f"{ord(text[index]):04X}")


def _text(raw: object) -> str:
    if not isinstance(raw, (str, bytes)):
        raise RecordError("", "json_come_as_text", value=kind(raw))
    if isinstance(raw, str):
        if len(raw) > MAX_BYTES:
            raise RecordError("", "text_longer_than_characters", limit=Count(MAX_BYTES))
        _no_surrogate(raw)
        return raw.removeprefix("\ufeff")
    if len(raw) > MAX_BYTES:
        raise RecordError("", "file_larger_than_bytes_case", limit=Count(MAX_BYTES))
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    elif raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise RecordError("", "file_utf_16_text_save")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise RecordError(
            Phrase("line", line=line),
            "not_utf8_at_byte",
            byte=format(raw[error.start], "02x"),
            offset=error.start,
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
                raise RecordError(Phrase("line", line=line), "lists_objects_nest_deeper_than", limit=MAX_DEPTH)
        elif char in "]}":
            opened -= 1


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _Refused(key, Phrase("appears_twice_one_object_give"))
        data[key] = value
    return data


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        digits = Phrase("integer_digits_at_most_are", count=len(text.lstrip("-")), limit=MAX_DIGITS)
        raise _Refused("", Phrase("bad_json", problem=digits))
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("", Phrase("bad_json", problem=Phrase("number_too_large", value=text[:20])))
    return value


def _constant(name: str) -> Any:
    raise _Refused("", Phrase("bad_json", problem=Phrase("not_a_json_number", value=name)))


def _decoder_words(message: str) -> Phrase:
    for start, key in _DECODER_WORDS:
        if message.startswith(start):
            return Phrase(key)
    return Phrase("not_json")


def loads(raw: object) -> Any:
    """One JSON value from text or UTF-8 bytes, within the limits; `RecordError` says what is wrong and where."""
    text = _text(raw)
    _check_depth(text)
    try:
        value = json.loads(
            text, object_pairs_hook=_object, parse_int=_integer, parse_float=_number, parse_constant=_constant
        )
        if _SURROGATE_ESCAPE.search(text):  # a `\\udXXX` escape: a pair, or half of one (which is no text)
            check_value(value)
        return value
    except _Refused as error:
        raise RecordError(error.where, error.problem) from None
    except json.JSONDecodeError as error:
        raise RecordError(
            Phrase("line_column", line=error.lineno, column=error.colno), "bad_json", problem=_decoder_words(error.msg)
        ) from None
    except RecursionError:  # cannot happen within MAX_DEPTH; kept so that no traceback ever escapes
        raise RecordError("", "lists_objects_nest_deeper_than", limit=MAX_DEPTH) from None


def in_file(error: RecordError, file: str) -> RecordError:
    """The same problem with its place in the file `file` (`case.json: line 3`, or `case.json` alone)."""
    place = Phrase("file_problem", file=file, problem=error.place) if error.place else file
    return RecordError(place, error.phrase())


def loads_object(raw: object) -> dict[str, Any]:
    """`loads`, and the value must be one JSON object."""
    data = loads(raw)
    if not isinstance(data, dict):
        raise RecordError("", "file_hold_one_json_object", value=kind(data))
    return data


def kind(value: object) -> Phrase | str:
    """How a JSON value reads in a message, worded: `a number (7)`, `a list`, ...; `null`, `true`, `false` and the
    name of a type that is not JSON as they are."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, (int, float)):
        if isinstance(value, int) and value.bit_length() >= 200:
            return Phrase("kind_huge_number")
        text = repr(value)
        return Phrase("kind_number", value=text if len(text) <= 20 else text[:17] + "...")
    if isinstance(value, str):
        return Phrase("kind_string", value=repr(value[:40]))
    if isinstance(value, (list, tuple)):
        return Phrase("kind_list")
    if isinstance(value, dict):
        return Phrase("kind_object")
    return type(value).__name__


def _path(where: str, key: object) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else str(key)


def check_value(value: object, where: str = "") -> None:
    """Refuse a decoded value JSON cannot hold or the limits refuse: nesting deeper than `MAX_DEPTH`, an integer
    of more than `MAX_DIGITS` digits, a non-finite number, a key that is not a string, a string that is not text (a
    lone surrogate), a value of another type."""
    limit = 10**MAX_DIGITS
    stack: list[tuple[object, str, int]] = [(value, where, 0)]
    while stack:
        item, at, depth = stack.pop()
        if item is None or isinstance(item, bool):
            continue
        if isinstance(item, str):
            _no_surrogate(item, at)
            continue
        if isinstance(item, int):
            if not -limit < item < limit:
                raise RecordError(at, "integer_more_than_digits", limit=MAX_DIGITS)
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                raise RecordError(at, "not_a_json_number", value=item)
            continue
        if isinstance(item, (list, tuple, dict)):
            if depth >= MAX_DEPTH:
                raise RecordError(at, "lists_objects_nest_deeper_than", limit=MAX_DEPTH)
            if isinstance(item, dict):
                for key, inner in item.items():
                    if not isinstance(key, str):
                        raise RecordError(at, "field_name_string", value=kind(key))
                    _no_surrogate(key, at)
                    stack.append((inner, _path(at, key), depth + 1))
            else:
                stack.extend((inner, _path(at, i), depth + 1) for i, inner in enumerate(item))
            continue
        raise RecordError(at, "not_a_json_value", kind=type(item).__name__)


def dumps(value: object) -> str:
    """`value` as strict JSON text (UTF-8 kept); a non-finite number or a value JSON cannot hold is refused."""
    check_value(value, "answer")
    return json.dumps(value, ensure_ascii=False, allow_nan=False)
