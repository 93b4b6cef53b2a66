"""Numbers in messages are grouped as the message's language groups them: `4,000,000` in English and
`4 000 000` (a narrow no-break space, U+202F) in Swedish, never the English comma in a Swedish sentence. The
parameters of a message carry the number (`skitgubbe.wording.Count`); the text layer groups it when it words the
message."""

from __future__ import annotations

import json
import re

import pytest

from skitgubbe import RecordError
from skitgubbe.records.record import MAX_MOVES, GameRecord
from skitgubbe.strict_json import MAX_BYTES, loads
from skitgubbe.wording import Count

NNBSP = "\u202f"
#: A number grouped the English way: a digit, a comma, three digits.
ENGLISH_GROUPING = re.compile(r"\d,\d{3}\b")


def refusal(text: str | bytes) -> RecordError:
    with pytest.raises(RecordError) as caught:
        loads(text)
    return caught.value


@pytest.mark.parametrize("text", ["[" + " " * MAX_BYTES + "]", b"[" + b" " * MAX_BYTES + b"]"])
def test_the_size_limit_is_grouped_in_each_language(text: str | bytes) -> None:
    error = refusal(text)
    sv, en = error.message("sv"), error.message("en")
    assert f"4{NNBSP}000{NNBSP}000 " in sv and not ENGLISH_GROUPING.search(sv), sv
    assert "4,000,000 " in en and str(error) == en, en


def test_a_record_with_too_many_moves_groups_both_numbers() -> None:
    count = MAX_MOVES + 1  # 10 001: both numbers have thousands
    record = {"format": "skitgubbe-record/1", "rules": "pagat", "players": ["A", "B", "C"], "seed": 1}
    with pytest.raises(RecordError) as caught:
        GameRecord.load({**record, "moves": ["A: 9C"] * count})
    sv, en = caught.value.message("sv"), caught.value.message("en")
    assert f"10{NNBSP}001 drag" in sv and f"10{NNBSP}000" in sv and not ENGLISH_GROUPING.search(sv), sv
    assert "10,001 moves" in en and "10,000" in en, en


def test_a_count_is_the_plain_number_as_data() -> None:
    assert Count(4_000_000) == 4_000_000 and json.dumps({"n": Count(12_345)}) == '{"n": 12345}'
