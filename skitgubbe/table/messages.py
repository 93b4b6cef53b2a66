"""Every message a phone sends, checked before the table sees it: size, strict JSON, the op and its fields.

A message is one JSON object `{"op": ..., <fields>}`: `join` (`name`, `lang`), `resume` (`token`), `play`
(`move`), `leave` (a computer player takes the seat) or `watch` (`host`: the host's screen, which sees no hand). Text of more than `MAX_MESSAGE_BYTES` bytes is refused unread; the JSON goes through `strict_json`
(no duplicate key, no lone surrogate, bounded depth); an unknown op, a missing, extra or ill-typed field is
refused naming the field. The answer is a plain dict of exactly the op's fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from skitgubbe import strict_json
from skitgubbe.engine.entry_checks import name_problem
from skitgubbe.errors import PositionError, RecordError
from skitgubbe.table.errors import TableError, Words
from skitgubbe.text.lang import LANGS

__all__ = ["MAX_MESSAGE_BYTES", "OPS", "parse_message"]

#: The largest message a phone needs to send (a name, a token, a move) is far below this.
MAX_MESSAGE_BYTES = 2048


def _text(limit: int, wanted: Words) -> Callable[[str, object], str]:
    def check(field: str, value: object) -> str:
        if not isinstance(value, str) or not 1 <= len(value.strip()) <= limit or len(value) > limit:
            raise TableError("bad_field", field=field, wanted=wanted)
        return value.strip()

    return check


def _name(field: str, value: object) -> str:
    """A player's name: 1 to 24 characters, and what the engine takes as a name (no control, format or bidi
    character, no NUL or BEL, no line break, no colon)."""
    name = _text(24, Words("text_1_24"))(field, value)
    problem = name_problem(name)
    if problem is not None:
        raise TableError("bad_name", error=PositionError(field, problem))
    return name


def _lang(field: str, value: object) -> str:
    if not isinstance(value, str) or value not in LANGS:
        raise TableError("bad_field", field=field, wanted=Words("lang_sv_en"))
    return value


#: Each op's fields and the check of each.
OPS: Mapping[str, Mapping[str, Callable[[str, object], str]]] = {
    "join": {"name": _name, "lang": _lang},
    "resume": {"token": _text(64, Words("text_1_64"))},
    "play": {"move": _text(64, Words("text_1_64"))},
    "leave": {},
    "watch": {"host": _text(64, Words("text_1_64"))},
}


def parse_message(raw: str | bytes) -> dict[str, Any]:
    """The message's op and fields, checked; a `TableError` saying what is wrong otherwise."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise TableError("too_big", size=size, limit=MAX_MESSAGE_BYTES)
    try:
        data = strict_json.loads(raw)
    except RecordError as error:
        raise TableError("bad_message", error=error) from None
    if not isinstance(data, dict):
        raise TableError("bad_field", field="(message)", wanted=Words("an_object"))
    op = data.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise TableError("unknown_op", op=repr(op)[:40], ops=", ".join(OPS))
    fields = OPS[op]
    for key in data:
        if key != "op" and key not in fields:
            raise TableError("extra_field", field=repr(key)[:40], op=op)
    return {"op": op, **{name: check(name, data.get(name)) for name, check in fields.items()}}
