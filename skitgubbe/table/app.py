"""The table server as a Starlette ASGI app: HTTP to open and run a table, one WebSocket per phone.

- `POST /api/tables` `{"rules", "seats", "seed", "computers", "teacher", "turn_seconds"}` opens a table:
  `{"code", "host", "link", "qr"}` (`host`: the token that starts, restarts and ends it).
- `POST /api/tables/{code}/start`, `.../restart`, `.../end` `{"host"}`; `.../hand-over` `{"host", "seat"}` gives a
  seat whose phone has gone to a computer player.
- `GET /api/tables/{code}/qr.svg`: the link as a QR code; `GET /api/tables/{code}/record`: the game record, once
  the game is over or ended (it holds the deal), or at a teacher's table; `GET /api/tables/{code}/replay?lang=`:
  once the game is over or ended, `{"round", "record", "replay"}`, the finished game as the site's Replay model
  (every frame, every hand: the phones' step-through replay at the end), worked out once per round and language.
- `WS /ws/{code}`: the phone sends `join`/`resume`/`play`/`leave`/`watch` (`skitgubbe.table.messages`); the server
  answers `{"type": "seated", "seat", "token"}` to the phone that sat down, `{"type": "view", "view"}` to every
  phone after each change (each its own seat's view), and `{"type": "refused", ...}` or `{"type": "error",
  "message"}` to the one phone whose message was refused, in its language.
- `GET /` (the host's page), `GET /join?code=` (a phone types a table's code), `GET /t/{code}` (a phone's page),
  `GET /static/...` (their script, the board).

- `POST /api/tables/{code}/host` `{"host"}`: the host's page after a reload gets its table back
  (`{"code", "host", "link", "qr"}`) if the host token it kept is the table's.

Every table is written to the store after each change and before any phone is sent the change (the tables changed
meanwhile in one batch, by a worker thread, and every one left when the server stops), and read back when the
server starts, so a restart loses no game. With `turn_seconds`, a phone that lets its turn run out has that one
move made by a computer player, so nobody can stall the table.

Against a hostile client (README, "Threat model"): a seat's views go only to the sockets of its current token
(a hand-over, a leave or a new join closes the old token's); computer players move in a task of the table's,
off the request that made them move, one move at a time across tables (the strong ones in a worker process,
`skitgubbe.table.thinking`); Replays are worked out in a thread, a few at a time per address; an address has caps
on its sockets, its tables and its unknown codes, and a code it already reached is never refused for its wrong
guesses; bodies are refused once past their cap, before they are read whole; idle and ended tables expire and
their phones are told.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import secrets
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from skitgubbe import strict_json
from skitgubbe.errors import RecordError
from skitgubbe.records.record import GameRecord
from skitgubbe.replay import frames_json, frames_of_record, replay_data
from skitgubbe.rules.options import DEFAULT_PRESET
from skitgubbe.table.codes import looks_like_code
from skitgubbe.table.errors import TableError, Words
from skitgubbe.table.limits import (
    GUESS_BURST,
    GUESS_RATE,
    MESSAGE_BURST,
    MESSAGE_RATE,
    OPEN_BURST,
    OPEN_RATE,
    Bucket,
    Buckets,
    Limits,
)
from skitgubbe.table.messages import MAX_MESSAGE_BYTES, parse_message
from skitgubbe.table.names import named_replay, seat_names
from skitgubbe.table.pages import board_file, host_page, join_page, join_problem, phone_page, qr_svg, typed_code
from skitgubbe.table.room import Refusal, Room, Seat
from skitgubbe.table.seat_view import public_view, seat_view
from skitgubbe.table.store import Store
from skitgubbe.table.thinking import Thinker
from skitgubbe.text.lang import Lang, check_lang

__all__ = ["Hub", "create_app"]

#: the pages' scripts and stylesheet, in the one home of the browser modules (skitgubbe/views/)
STATIC = Path(__file__).parents[1] / "views" / "table_server"
#: seconds a batch of tables' files waits for more changes to join it (the phones wait for the write)
WRITE_DELAY = 0.0
#: close codes: the seat's token is no longer the seat's; too many connections; the table expired; binary frame
CLOSE_SEAT_GONE, CLOSE_TOO_MANY, CLOSE_EXPIRED = 4401, 4429, 4410
#: seconds the computers' games under way may go on when the server stops (then they are written as they are)
STOP_GRACE = 2.0
#: codes of expired tables remembered (so a late phone is told the table expired, not that there is none)
EXPIRED_KEPT = 10_000
#: finished games' Replays kept (per table, round and language), the oldest forgotten first
REPLAYS_KEPT = 16
mimetypes.add_type("text/javascript", ".mjs")  # a browser runs a module script only of a JavaScript type


@dataclass
class Phone:
    """One connection: its seat once seated, whether it is the host's screen, the language of its refusals."""

    lang: Lang
    bucket: Bucket
    seat: Seat | None = None
    watching: bool = False
    address: str = "?"


class Hub:
    """The open tables by code, the phones connected to each, the store and the per-address limits."""

    def __init__(
        self,
        data: str | Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        limits: Limits | None = None,
    ) -> None:
        self.store = Store(data)
        self.rooms: dict[str, Room] = {room.code: room for room in self.store.load()}
        self.phones: dict[str, dict[WebSocket, Phone]] = {code: {} for code in self.rooms}
        self.clock = clock
        self.limits = limits or Limits()
        for room in self.rooms.values():
            room.touched = clock()
        self.guesses = Buckets(GUESS_RATE, GUESS_BURST, clock)
        self.opens = Buckets(OPEN_RATE, OPEN_BURST, clock)
        self.replay_asks = Buckets(self.limits.replay_rate, self.limits.replay_burst, clock)
        self.known: dict[str, set[str]] = {}  # address: the codes it opened or reached (never refused as guesses)
        self.owners: dict[str, str] = {}  # code: the address that opened it
        self.sockets: dict[str, int] = {}  # address: its open connections
        self.expired: dict[str, None] = {}  # codes of tables closed as idle or ended (the last EXPIRED_KEPT)
        self.timers: dict[str, asyncio.Task[None]] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}  # tables whose computers are moving
        self.thinking = asyncio.Lock()  # one computer move at a time, across tables: the phones' moves in between
        self.thinker = Thinker()
        self.replaying = asyncio.Semaphore(1)  # one Replay worked out at a time
        self.dirty: dict[str, str] = {}  # tables changed since their file was last written: their files' text
        self.batch: asyncio.Future[None] | None = None  # done when the batch `dirty` goes into is written
        self.flusher: asyncio.Task[None] | None = None
        self.flushing = False  # the flusher is writing (past its wait)
        self.writes = 0  # batches written
        self.replays: dict[tuple[str, int, int, Lang, tuple[tuple[str, str], ...]], bytes] = {}
        # (code, round, moves, lang, the seats' names): the end, as JSON

    # -- tables and addresses -----------------------------------------------------------------------------------
    def open(self, spec: dict[str, Any], address: str) -> Room:
        if not self.opens.get(address).take():
            raise TableError("too_fast")
        unknown = set(spec) - {"rules", "seats", "seed", "computers", "teacher", "turn_seconds"}
        if unknown:
            raise TableError("extra_field", field=repr(sorted(unknown)[0])[:40], op="open")
        if sum(1 for owner in self.owners.values() if owner == address) >= self.limits.tables_per_address:
            raise TableError("too_many_tables", n=self.limits.tables_per_address)
        room = Room(
            spec.get("rules", DEFAULT_PRESET),
            spec.get("seats", 4),
            spec.get("seed"),
            spec.get("computers", "sensible"),
            spec.get("teacher", False) is True,
            spec.get("turn_seconds"),
        )
        room.touched = self.clock()
        self.rooms[room.code] = room
        self.phones[room.code] = {}
        self.owners[room.code] = address
        self._know(address, room.code)
        self.store.save(room)
        return room

    def _know(self, address: str, code: str) -> None:
        codes = self.known.get(address)
        if codes is None:
            if len(self.known) >= 10_000:
                self.known.pop(next(iter(self.known)))
            codes = self.known[address] = set()
        codes.add(code)

    def room(self, code: str, address: str, proof: str | None = None) -> Room:
        """The table of `code`. Unknown codes are counted per address; past the limit only a table this address
        already reached (or whose host token `proof` is) is served, and every other code, real or not, is refused
        alike, so the refusals tell a guesser nothing and the guesser's table-mates are not locked out."""
        upper = code.upper() if looks_like_code(code) else ""
        room = self.rooms.get(upper)
        known = room is not None and (
            upper in self.known.get(address, ()) or (proof is not None and secrets.compare_digest(proof, room.host))
        )
        guesses = self.guesses.get(address)
        if not known and guesses.empty():
            raise TableError("too_many_guesses")
        if room is None:
            guesses.take()
            if upper in self.expired:
                raise TableError("expired")
            raise TableError("no_table", code=repr(code)[:20])
        self._know(address, upper)
        return room

    def proves(self, code: str, address: str, message: dict[str, str]) -> Room | None:
        """Past the guess limit, a connection's first message may still prove it belongs at table `code`: a
        seat token of the table (`resume`) or its host token (`watch`)."""
        room = self.rooms.get(code.upper()) if looks_like_code(code) else None
        if room is None:
            return None
        token = message.get("token") if message["op"] == "resume" else message.get("host")
        if message["op"] not in ("resume", "watch") or not isinstance(token, str):
            return None
        if message["op"] == "watch":
            held = secrets.compare_digest(token, room.host)
        else:
            held = any(secrets.compare_digest(seat.token, token) for seat in room.seats.values())
        if held:
            self._know(address, room.code)
            return room
        return None

    # -- changes ------------------------------------------------------------------------------------------------
    async def after_change(self, room: Room) -> None:
        """After a request changed the table: the old tokens' sockets go; the computers move in the table's own
        task if it is their turn (which sends the views when they are done), else the views go now."""
        await self.evict(room)
        if room.computer_waiting():
            self.drive(room)
        else:
            await self.changed(room)

    def drive(self, room: Room) -> None:
        """The computers' moves in a task of the table's (one at a time; a table has at most one such task)."""
        if room.code in self.drivers:
            return

        async def moves() -> None:
            try:
                await self.run_computers(room)
                await self.changed(room)
            finally:
                self.drivers.pop(room.code, None)

        self.drivers[room.code] = asyncio.get_running_loop().create_task(moves())

    async def evict(self, room: Room) -> None:
        """Close every connection whose seat token is no longer its seat's (handed over, left, taken anew)."""
        for socket, phone in list(self.phones.get(room.code, {}).items()):
            seat = phone.seat
            if seat is None:
                continue
            current = room.seats.get(seat.seat)
            if current is None or current.token != seat.token:
                phone.seat = None
                await self.close(room.code, socket, TableError("seat_gone"), phone.lang, CLOSE_SEAT_GONE)

    async def close(self, code: str, socket: WebSocket, error: TableError, lang: Lang, why: int) -> None:
        """Tell one connection why, and close it (it is no longer sent anything)."""
        self.phones.get(code, {}).pop(socket, None)
        with suppress(RuntimeError, WebSocketDisconnect, WebSocketDisconnected):
            await socket.send_json({"type": "error", "key": error.key, "message": error.text(lang)})
            await socket.close(code=why)

    async def changed(self, room: Room) -> None:
        """After a change: write the table, then send each phone its own view (the public part worked out once per
        language), and arm the turn's clock. A phone is sent only what is on disk: a crash loses nothing it saw."""
        room.touched = self.clock()
        await self.evict(room)
        await self.saved(room)
        publics: dict[Lang, dict[str, Any]] = {}
        for socket, phone in list(self.phones.get(room.code, {}).items()):
            if phone.seat is None and not phone.watching:
                continue
            seat, lang = (phone.seat.seat, phone.seat.lang) if phone.seat is not None else (None, phone.lang)
            public = publics.get(lang)
            if public is None:
                public = publics[lang] = public_view(room, lang)
            try:
                await socket.send_json({"type": "view", "view": seat_view(room, seat, lang, public)})
            except (RuntimeError, WebSocketDisconnect):  # gone meanwhile (its own handler ends too)
                self.phones[room.code].pop(socket, None)
        self._arm(room)

    async def run_computers(self, room: Room) -> None:
        """The computer players' moves, the event loop let run between them. A strong player thinks in the worker
        process (`Thinker`), so the loop only plays its move; the others decide here, in microseconds, one move at
        a time across every table (`thinking`), so a phone's message is served within one such move. Each step
        checks the table again (the host may end or deal again meanwhile; a phone's move is refused, not its turn)."""
        while True:
            player = room.game.to_play or ""
            if room.computer_waiting() and self.thinker.remote(room.computers):
                game = room.game
                key = f"{room.code}:{room.round}"
                record = room.record().to_dict()
                move = await self.thinker.choose(key, room.computers, room.bot_seed(player), player, record)
                if room.game is not game or room.game.to_play != player or not room.computer_waiting():
                    continue  # the table changed while the worker thought
                if move is not None:
                    room.apply_computer(player, move)
                    await asyncio.sleep(0)
                    continue
            async with self.thinking:
                if room.computer_step() is None:
                    return
            await asyncio.sleep(0)

    async def saved(self, room: Room) -> None:
        """Write `room`'s file now (its text taken here, on the loop, where the table is not changing): the tables
        changed while a batch is written go in the next batch, by a worker thread, so the event loop never waits
        for the disk and a burst of changes costs one write a table."""
        if self.store.folder is None:
            return
        self.dirty[room.code] = self.store.text(room)
        if self.batch is None:
            self.batch = asyncio.get_running_loop().create_future()
        batch = self.batch
        if self.flusher is None:
            self.flusher = asyncio.get_running_loop().create_task(self._flush_later())
        await asyncio.shield(batch)

    async def _flush_later(self) -> None:
        try:
            await asyncio.sleep(WRITE_DELAY)
            self.flushing = True
            while self.dirty:
                texts, batch = list(self.dirty.items()), self.batch
                self.dirty, self.batch = {}, None
                try:
                    await asyncio.to_thread(self._write_all, texts)
                finally:
                    if batch is not None and not batch.done():
                        batch.set_result(None)
        finally:
            self.flusher, self.flushing = None, False

    def _write_all(self, texts: list[tuple[str, str]]) -> None:
        for code, text in texts:
            try:
                self.store.write(code, text)
            except OSError as error:  # the disk is full or gone: said, and the game goes on in memory
                print(f"{code}: {error}", file=sys.stderr)
        self.writes += 1

    async def flush(self) -> None:
        """Write every table marked and not yet written, now (when the server stops): a batch being written is
        waited for, one still waiting for its time is written at once."""
        task = self.flusher
        if task is not None and self.flushing:
            await task
        elif task is not None:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task
        self._write_all(list(self.dirty.items()))
        self.dirty.clear()
        if self.batch is not None and not self.batch.done():
            self.batch.set_result(None)
        self.batch = None

    async def stop(self) -> None:
        """The server stops: the computers and the clocks stop, the worker process goes, every change is written."""
        stopped = [code for code in self.drivers if code in self.rooms]
        if self.drivers:  # the computers' moves under way get a moment to finish (quick ones a whole game)
            await asyncio.wait(list(self.drivers.values()), timeout=STOP_GRACE)
        for task in [*self.drivers.values(), *self.timers.values()]:
            task.cancel()
        for task in [*self.drivers.values(), *self.timers.values()]:
            with suppress(asyncio.CancelledError, Exception):
                await task
        await self.thinker.close()
        if self.store.folder is not None:
            for code in stopped:  # a game the computers were playing: as far as it got
                self.dirty[code] = self.store.text(self.rooms[code])
        await self.flush()

    # -- expiry -------------------------------------------------------------------------------------------------
    async def sweep(self) -> None:
        """Close the tables idle for `idle_seconds`, or ended or over for `ended_seconds`; their phones are told."""
        now = self.clock()
        for code, room in list(self.rooms.items()):
            finished = room.ended or room.game.over
            quiet = now - room.touched
            if quiet < self.limits.idle_seconds and not (finished and quiet >= self.limits.ended_seconds):
                continue
            if code in self.drivers:
                continue
            del self.rooms[code]
            self.owners.pop(code, None)
            self.dirty.pop(code, None)
            timer = self.timers.pop(code, None)
            if timer is not None:
                timer.cancel()
            self.expired[code] = None
            while len(self.expired) > EXPIRED_KEPT:
                self.expired.pop(next(iter(self.expired)))
            for socket, phone in list(self.phones.get(code, {}).items()):
                lang = phone.seat.lang if phone.seat is not None else phone.lang
                await self.close(code, socket, TableError("expired"), lang, CLOSE_EXPIRED)
            self.phones.pop(code, None)
            await asyncio.to_thread(self.store.remove, code)

    async def sweeping(self) -> None:
        """Sweep every `sweep_seconds` while the server runs."""
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            await self.sweep()

    # -- replays ------------------------------------------------------------------------------------------------
    async def final_replay(self, room: Room, lang: Lang, address: str = "?") -> bytes:
        """The finished (or ended) game of `room`'s round as the site's Replay model, with its record, as JSON; kept,
        so the phones of one table asking at once cost one replay (a game of 340 moves: about 40 ms and 0.5 MB; the
        last `REPLAYS_KEPT` are kept). One that is not kept is worked out in a thread, one at a time, and counts
        against the address's replay limit."""
        names = seat_names(room, lang)
        key = (room.code, room.round, room.game.move_count, lang, tuple(sorted(names.items())))
        if key not in self.replays:
            if not self.replay_asks.get(address).take():
                raise TableError("too_fast")
            record = room.record()
            async with self.replaying:
                if key not in self.replays:
                    answer = await asyncio.to_thread(_replay_json, record, room.round, lang, names)
                    while len(self.replays) >= REPLAYS_KEPT:
                        self.replays.pop(next(iter(self.replays)))
                    self.replays[key] = answer
        return self.replays[key]

    def _arm(self, room: Room) -> None:
        old = self.timers.pop(room.code, None)
        if old is not None:
            old.cancel()
        if room.turn_seconds is None or room.waiting_for() is None:
            return
        moves = room.game.move_count

        async def run_out() -> None:
            await asyncio.sleep(room.turn_seconds or 0)
            if room.game.move_count == moves and room.timeout_move(play=False):
                self.timers.pop(room.code, None)
                await self.after_change(room)

        self.timers[room.code] = asyncio.get_running_loop().create_task(run_out())


def _replay_json(record: GameRecord, round_: int, lang: Lang, names: Mapping[str, str]) -> bytes:
    """The Replay of a table's game, its seats named as the table names them (the site's Replay says A, B, C)."""
    frames = frames_of_record(record)
    # frames alone: no "play from here" (the site's, not a table's); no pictures: the phone's page holds the deck
    replay = replay_data(frames_json(frames, lang), lang, move_list=True)
    named_replay(replay, frames, lang, names)
    answer = {"ok": True, "round": round_, "record": record.to_dict(), "replay": replay}
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object, its bytes counted as they come: past `MAX_MESSAGE_BYTES` it is refused, unread."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_MESSAGE_BYTES:
        raise TableError("too_big", size=int(declared), limit=MAX_MESSAGE_BYTES)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_MESSAGE_BYTES:
            raise TableError("too_big", size=f"> {MAX_MESSAGE_BYTES}", limit=MAX_MESSAGE_BYTES)
    try:
        data = strict_json.loads(bytes(raw)) if raw else {}
    except RecordError as error:
        raise TableError("bad_message", error=error) from None
    if not isinstance(data, dict):
        raise TableError("bad_field", field="(body)", wanted=Words("an_object"))
    return data


def _lang(connection: HTTPConnection) -> Lang:
    return "sv" if connection.query_params.get("lang") == "sv" else "en"


def _address(connection: HTTPConnection) -> str:
    """The peer's address (a proxy's forwarded header counts only when the operator said so: uvicorn's
    `proxy_headers`, off unless `skitgubbe serve --trust-proxy`)."""
    return connection.client.host if connection.client is not None else "?"


def _refused(error: TableError, lang: Lang) -> JSONResponse:
    status = {
        "no_table": 404,
        "expired": 410,
        "too_many_guesses": 429,
        "too_fast": 429,
        "too_many_tables": 429,
        "too_big": 413,
        "not_host": 403,
        "record_hidden": 403,
        "replay_later": 403,
    }
    body = {"ok": False, "key": error.key, "error": error.text(lang)}
    return JSONResponse(body, status_code=status.get(error.key, 400))


class _Endpoints:
    """The app's endpoints over one hub of tables."""

    def __init__(self, tables: Hub) -> None:
        self.tables = tables

    def _opened(self, request: Request, room: Room) -> JSONResponse:
        link = f"{str(request.base_url).rstrip('/')}/t/{room.code}"
        qr = f"/api/tables/{room.code}/qr.svg"
        return JSONResponse({"ok": True, "code": room.code, "host": room.host, "link": link, "qr": qr})

    async def open_table(self, request: Request) -> Response:
        try:
            room = self.tables.open(await _body(request), _address(request))
        except TableError as error:
            return _refused(error, _lang(request))
        return self._opened(request, room)

    async def host_again(self, request: Request) -> Response:
        """The host's page after a reload: its kept host token gets the table back, checked here."""
        try:
            body = await _body(request)
            host = body.get("host")
            room = self.tables.room(
                request.path_params["code"], _address(request), host if isinstance(host, str) else None
            )
            if not (isinstance(host, str) and secrets.compare_digest(host, room.host)):
                raise TableError("not_host")
        except TableError as error:
            return _refused(error, _lang(request))
        return self._opened(request, room)

    def host_action(self, act: Callable[[Room, dict[str, Any]], object]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            try:
                body = await _body(request)
                host = body.get("host")
                proof = host if isinstance(host, str) else None
                room = self.tables.room(request.path_params["code"], _address(request), proof)
                act(room, body)
            except TableError as error:
                return _refused(error, _lang(request))
            await self.tables.after_change(room)
            return JSONResponse({"ok": True})

        return endpoint

    async def qr(self, request: Request) -> Response:
        try:
            room = self.tables.room(request.path_params["code"], _address(request))
        except TableError as error:
            return _refused(error, _lang(request))
        link = f"{str(request.base_url).rstrip('/')}/t/{room.code}"
        return Response(qr_svg(link), media_type="image/svg+xml")

    async def record(self, request: Request) -> Response:
        try:
            room = self.tables.room(request.path_params["code"], _address(request))
            if not room.public_record:
                raise TableError("record_hidden")
        except TableError as error:
            return _refused(error, _lang(request))
        name = f"skitgubbe-{room.code}-{room.round}.json"
        return Response(
            room.record().to_json() + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def replay(self, request: Request) -> Response:
        lang = _lang(request)
        try:
            address = _address(request)
            room = self.tables.room(request.path_params["code"], address)
            if not (room.game.over or room.ended):
                raise TableError("replay_later")
            answer = await self.tables.final_replay(room, lang, address)
        except TableError as error:
            return _refused(error, lang)
        return Response(answer, media_type="application/json")

    async def host(self, request: Request) -> Response:
        return Response(host_page(_lang(request)), media_type="text/html")

    async def join(self, request: Request) -> Response:
        """The page to type a table's code; with a code, on to that table's phone page (or the page again, saying
        why not: an unknown code is counted like any other guess)."""
        lang = _lang(request)
        typed = request.query_params.get("code")
        if typed is None:
            return Response(join_page(lang), media_type="text/html")
        code = typed_code(typed)
        why, status = ("missing", 400) if not code else ("malformed", 400) if not looks_like_code(code) else ("", 200)
        if not why:
            try:
                room = self.tables.room(code, _address(request))
            except TableError as error:
                if error.key != "no_table":
                    return Response(join_page(lang, typed, error.text(lang)), 429, media_type="text/html")
                why, status = "unknown", 404
            else:
                return RedirectResponse(f"/t/{room.code}?lang={lang}", status_code=303)
        return Response(join_page(lang, typed, join_problem(lang, typed, why)), status, media_type="text/html")

    async def phone_at(self, request: Request) -> Response:
        return Response(phone_page(_lang(request), request.path_params["code"]), media_type="text/html")

    async def board(self, request: Request) -> Response:
        name = request.path_params["name"]
        try:
            text, kind = board_file(name)
        except KeyError:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(text, media_type=kind)

    async def phone(self, socket: WebSocket) -> None:
        await socket.accept()
        lang = _lang(socket)
        address = _address(socket)
        tables = self.tables
        if tables.sockets.get(address, 0) >= tables.limits.sockets_per_address:
            error = TableError("too_many_sockets", n=tables.limits.sockets_per_address)
            await socket.send_json({"type": "error", "key": error.key, "message": error.text(lang)})
            await socket.close(code=CLOSE_TOO_MANY)
            return
        tables.sockets[address] = tables.sockets.get(address, 0) + 1
        try:
            await self._phone(socket, lang, address)
        finally:
            left = tables.sockets.get(address, 1) - 1
            if left > 0:
                tables.sockets[address] = left
            else:
                tables.sockets.pop(address, None)

    async def _phone(self, socket: WebSocket, lang: Lang, address: str) -> None:
        code = socket.path_params["code"]
        first: str | None = None
        try:
            room = self.tables.room(code, address)
        except TableError as error:
            proven = None
            if error.key == "too_many_guesses":  # a phone of the table may still show its token
                first = await _text(socket, lang)
                with suppress(TableError):
                    proven = self.tables.proves(code, address, parse_message(first or ""))
            if proven is None:
                with suppress(RuntimeError, WebSocketDisconnect, WebSocketDisconnected):
                    await socket.send_json({"type": "error", "key": error.key, "message": error.text(lang)})
                    await socket.close(code=4410 if error.key == "expired" else 4404)
                return
            room = proven
        phones = self.tables.phones.setdefault(room.code, {})
        me = phones[socket] = Phone(lang, Bucket(MESSAGE_RATE, MESSAGE_BURST, self.tables.clock), address=address)
        try:
            while True:
                raw = first if first is not None else await _text(socket, me.lang)
                first = None
                if raw is None:
                    continue  # a binary frame: refused, said to the phone
                try:
                    if not me.bucket.take():
                        raise TableError("too_fast")
                    answer = _handle(room, me, parse_message(raw))
                except TableError as error:
                    shown = me.seat.lang if me.seat is not None else me.lang
                    await socket.send_json({"type": "error", "key": error.key, "message": error.text(shown)})
                    continue
                if isinstance(answer, Refusal):
                    refusal = {"type": "refused", "move": answer.move, "rule": answer.rule, "why": answer.why}
                    await socket.send_json({**refusal, "last": answer.view})
                    continue
                if answer == "seated" and me.seat is not None:
                    await self._one_seat_few_sockets(room, socket, me.seat)
                    await socket.send_json({"type": "seated", "seat": me.seat.seat, "token": me.seat.token})
                if answer == "left":
                    await socket.send_json({"type": "left"})
                await self.tables.after_change(room)
        except (WebSocketDisconnect, WebSocketDisconnected):  # gone: closed by the phone, or a send failed
            pass
        finally:
            phones.pop(socket, None)

    async def _one_seat_few_sockets(self, room: Room, socket: WebSocket, seat: Seat) -> None:
        """A seat is held by at most `sockets_per_seat` connections: a new one closes the oldest."""
        holding = [s for s, p in self.tables.phones.get(room.code, {}).items() if p.seat and p.seat.token == seat.token]
        for old in holding[: max(0, len(holding) - self.tables.limits.sockets_per_seat)]:
            if old is not socket:
                phone = self.tables.phones[room.code][old]
                phone.seat = None
                await self.tables.close(room.code, old, TableError("seat_elsewhere"), seat.lang, CLOSE_TOO_MANY)


async def _text(socket: WebSocket, lang: Lang) -> str | None:
    """The next text frame; None for a binary frame (refused, said); `WebSocketDisconnect` when the phone goes."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    if message.get("text") is not None:
        return str(message["text"])
    error = TableError("binary")
    await socket.send_json({"type": "error", "key": error.key, "message": error.text(lang)})
    return None


def create_app(hub: Hub | None = None) -> Starlette:
    """The ASGI app over `hub` (a fresh one, in memory only, by default)."""
    tables = hub or Hub()
    app = _Endpoints(tables)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.get_running_loop().create_task(tables.sweeping())
        try:
            yield
        finally:
            sweeper.cancel()
            await tables.stop()  # the server stops: the last changes are written

    def host_route(name: str, act: Callable[[Room, dict[str, Any]], object]) -> Route:
        return Route(f"/api/tables/{{code}}/{name}", app.host_action(act), methods=["POST"])

    return Starlette(
        lifespan=lifespan,
        routes=[
            Route("/", app.host),
            Route("/join", app.join),
            Route("/t/{code}", app.phone_at),
            Route("/board/{name}", app.board),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Route("/api/tables", app.open_table, methods=["POST"]),
            host_route("start", lambda r, b: r.start(b.get("host"), play=False)),
            host_route("restart", lambda r, b: r.restart(b.get("host"), play=False)),
            host_route("end", lambda r, b: r.end(b.get("host"))),
            host_route("hand-over", lambda r, b: r.hand_over(b.get("host"), b.get("seat"), play=False)),
            Route("/api/tables/{code}/host", app.host_again, methods=["POST"]),
            Route("/api/tables/{code}/qr.svg", app.qr),
            Route("/api/tables/{code}/record", app.record),
            Route("/api/tables/{code}/replay", app.replay),
            WebSocketRoute("/ws/{code}", app.phone),
        ],
    )


def _handle(room: Room, me: Phone, message: dict[str, str]) -> str | Refusal:
    """One checked message applied to the room: `seated`, `watching`, `left`, `moved` or the engine's refusal."""
    op = message["op"]
    if op in ("join", "resume", "watch"):
        if me.seat is not None or me.watching:
            raise TableError("seated")
        if op == "watch":
            if not secrets.compare_digest(message["host"], room.host):
                raise TableError("not_host")
            me.watching = True
            return "watching"
        me.seat = (
            room.join(message["name"], check_lang(message["lang"]))
            if op == "join"
            else room.resume(message["token"], me.lang)
        )
        return "seated"
    if me.seat is None:
        raise TableError("not_seated")
    seat = room.seats.get(me.seat.seat)
    if seat is None or seat.token != me.seat.token:
        me.seat = None  # handed to a computer meanwhile
        raise TableError("not_seated")
    if op == "leave":
        room.leave(seat, play=False)
        me.seat = None
        return "left"
    done = room.play(seat, message["move"])
    if isinstance(done, Refusal):
        return done
    return "moved"  # the computers' moves follow (`Hub.after_change`)
