"""Issue 44, bad input: every phone message goes through strict_json and the op's field checks, worded in sv and en."""

from __future__ import annotations

import pytest

from skitgubbe.table.codes import CODE_ALPHABET, CODE_LENGTH, looks_like_code, new_code, new_token
from skitgubbe.table.errors import TableError
from skitgubbe.table.messages import MAX_MESSAGE_BYTES, parse_message


def test_codes_are_long_random_and_readable() -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200  # 40 bits each: a repeat in 200 would be a broken source
    assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert len(CODE_ALPHABET) == len(set(CODE_ALPHABET)) == 32 and not set("IO01") & set(CODE_ALPHABET)
    assert looks_like_code(next(iter(codes)).lower()) and not looks_like_code("ABC") and not looks_like_code(7)
    assert len({new_token() for _ in range(50)}) == 50 and len(new_token()) >= 32


def test_good_messages_give_exactly_their_fields() -> None:
    assert parse_message('{"op": "join", "name": " Eva ", "lang": "sv"}') == {"op": "join", "name": "Eva", "lang": "sv"}
    assert parse_message(b'{"op": "play", "move": "9C"}') == {"op": "play", "move": "9C"}
    assert parse_message('{"op": "resume", "token": "abc"}') == {"op": "resume", "token": "abc"}


@pytest.mark.parametrize(
    ("raw", "key", "english"),
    [
        ("{", "bad_message", "cannot be read"),
        ('{"op": "play", "move": "9C", "move": "TC"}', "bad_message", "cannot be read"),
        ('{"op": "play", "move": "\\ud800"}', "bad_message", "cannot be read"),
        ("[1, 2]", "bad_field", "(message) must be a JSON object"),
        ('{"op": "cheat"}', "unknown_op", "'cheat'"),
        ('{"move": "9C"}', "unknown_op", "None"),
        ('{"op": "play", "move": "9C", "seat": "B"}', "extra_field", "'seat'"),
        ('{"op": "play", "move": 9}', "bad_field", "move must be a string"),
        ('{"op": "play"}', "bad_field", "move must be a string"),
        ('{"op": "join", "name": "   ", "lang": "en"}', "bad_field", "name must be a string of 1 to 24"),
        ('{"op": "join", "name": "Eva", "lang": "de"}', "bad_field", 'lang must be "sv" or "en"'),
        ('{"op": "join", "name": "' + "x" * 25 + '", "lang": "en"}', "bad_field", "1 to 24"),
        ("[" * 5000, "too_big", "at most 2048"),
    ],
)
def test_bad_messages_are_refused_naming_what(raw: str, key: str, english: str) -> None:
    with pytest.raises(TableError) as caught:
        parse_message(raw)
    assert caught.value.key == key
    assert english in caught.value.text("en")
    swedish = caught.value.text("sv")
    assert swedish != caught.value.text("en") and "Traceback" not in swedish


def test_the_size_cap_counts_bytes_not_characters() -> None:
    name = "å" * (MAX_MESSAGE_BYTES // 2)
    with pytest.raises(TableError) as caught:
        parse_message('{"op": "join", "name": "' + name + '", "lang": "sv"}')
    assert caught.value.key == "too_big" and "byte" in caught.value.text("sv")
