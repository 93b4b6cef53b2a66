"""A table on disk: one JSON file per table under the server's `--data` folder, written after every change
(within `skitgubbe.table.app.WRITE_DELAY` seconds, the changed tables in one batch, off the event loop).

The file holds what the server needs to take the table up again after a restart: the opening (rules spec, seed,
computer kind, teacher view), the seats and their tokens, which seats computers play, and the game so far as a game
record (`skitgubbe.records.record.GameRecord`, the format `skitgubbe replay` and the checker read), which is
replayed through the engine on loading, so a file that was tampered with is refused like any bad record. Each write
goes to a temporary file first and then replaces the old one, so a crash mid-write leaves the last good file.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from skitgubbe import strict_json
from skitgubbe.errors import RecordError, SkitgubbeError
from skitgubbe.records.record import GameRecord
from skitgubbe.table.codes import looks_like_code
from skitgubbe.table.errors import TableError
from skitgubbe.table.room import Room, Seat
from skitgubbe.text.error_text import error_text
from skitgubbe.text.lang import check_lang

__all__ = ["FORMAT", "Store", "room_data", "room_from_data"]

FORMAT = "skitgubbe-table/1"


def room_data(room: Room) -> dict[str, Any]:
    """The table as JSON (tokens included: the file is the server's, never sent to a phone)."""
    return {
        "format": FORMAT,
        "code": room.code,
        "host": room.host,
        "rules": room.rules,
        "seed": room.seed,
        "computers": room.computers,
        "teacher": room.teacher,
        "started": room.started,
        "ended": room.ended,
        "round": room.round,
        "seats": [[s.seat, s.token, s.name, s.lang] for s in room.seats.values()],
        "computer_seats": sorted(room.bots),
        "record": room.record().to_dict(),
    }


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(key, "expected_not", expected=kind.__name__, value=repr(value)[:40])
    return value


def room_from_data(data: dict[str, Any]) -> Room:
    """The table a file describes, its game replayed; a `RecordError` naming the field if the file is not right."""
    if data.get("format") != FORMAT:
        raise RecordError("format", "expected_not", expected=repr(FORMAT), value=repr(data.get("format"))[:40])
    record = GameRecord.load(_field(data, "record", dict))
    room = Room(
        data.get("rules"),
        len(record.players),
        _field(data, "seed", int),
        data.get("computers"),
        _field(data, "teacher", bool),
    )
    code = _field(data, "code", str)
    if not looks_like_code(code):
        raise RecordError("code", "expected_not", expected="a table code", value=repr(code)[:40])
    room.code, room.host = code, _field(data, "host", str)
    room.round = _field(data, "round", int)
    room.started, room.ended = _field(data, "started", bool), _field(data, "ended", bool)
    room.game = record.replay()
    for i, entry in enumerate(_field(data, "seats", list)):
        if not (isinstance(entry, list) and len(entry) == 4 and all(isinstance(x, str) for x in entry)):
            raise RecordError(f"seats[{i}]", "expected_not", expected="[seat, token, name, lang]", value="?")
        seat, token, name, lang = entry
        if seat not in room.game.players:
            raise RecordError(f"seats[{i}]", "expected_not", expected="a seat of the game", value=repr(seat)[:20])
        room.seats[seat] = Seat(seat, token, name, check_lang(lang))
    computers = _field(data, "computer_seats", list)
    room.bots = {p: room.computer_for(p) for p in computers if p in room.game.players and p not in room.seats}
    return room


class Store:
    """The folder of table files (`None`: tables are kept in memory only, as in the tests)."""

    def __init__(self, folder: str | Path | None) -> None:
        self.folder = None if folder is None else Path(folder)
        if self.folder is not None:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)

    def path(self, code: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{code}.json"

    def save(self, room: Room) -> None:
        """Write the table's file (to a temporary file, then in its place)."""
        self.write(room.code, self.text(room))

    @staticmethod
    def text(room: Room) -> str:
        """The file's text for the table as it is now (the server's own values: plain JSON, nothing to check)."""
        return json.dumps(room_data(room), ensure_ascii=False, allow_nan=False) + "\n"

    def write(self, code: str, text: str) -> None:
        """Put `text` in the file of table `code` (safe to call from a worker thread, one at a time per table)."""
        path = self.path(code)
        if path is None:
            return
        temporary = path.with_suffix(".json.tmp")
        # the file holds every seat's token and the deal: the server's user alone may read it (mode 0600)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o600)  # an older temporary file kept its mode
        os.replace(temporary, path)

    def remove(self, code: str) -> None:
        """Delete the file of table `code` (it expired)."""
        path = self.path(code)
        if path is not None:
            path.unlink(missing_ok=True)

    def load(self) -> Iterator[Room]:
        """Every table of the folder; a file that cannot be read is named on standard error and left alone."""
        if self.folder is None:
            return
        for path in sorted(self.folder.glob("*.json")):
            try:
                yield room_from_data(strict_json.loads_object(strict_json.read_limited(path)))
            except SkitgubbeError as error:
                print(f"{path}: {error_text(error, 'en')}", file=sys.stderr)
            except TableError as error:
                print(f"{path}: {error.text('en')}", file=sys.stderr)
