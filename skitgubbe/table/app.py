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

Every table is written to the store after each change (`skitgubbe.table.store`; the tables changed within
`WRITE_DELAY` seconds in one batch, by a worker thread, and every one left when the server stops), and read back
when the server starts, so a restart loses no game. With `turn_seconds`, a phone that lets its turn run out has that one move
made by a computer player, so nobody can stall the table.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import time
from collections.abc import AsyncIterator, Callable
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
)
from skitgubbe.table.messages import MAX_MESSAGE_BYTES, parse_message
from skitgubbe.table.pages import board_file, host_page, join_page, join_problem, phone_page, qr_svg, typed_code
from skitgubbe.table.room import Refusal, Room, Seat
from skitgubbe.table.seat_view import public_view, seat_view
from skitgubbe.table.store import Store
from skitgubbe.text.lang import Lang, check_lang
from skitgubbe.views.controllers import replay_model

__all__ = ["Hub", "create_app"]

STATIC = Path(__file__).parent / "static"
#: seconds between a change and the write of its table's file (the changes of that time go in one batch)
WRITE_DELAY = 0.05
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


class Hub:
    """The open tables by code, the phones connected to each, the store and the per-address limits."""

    def __init__(self, data: str | Path | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = Store(data)
        self.rooms: dict[str, Room] = {room.code: room for room in self.store.load()}
        self.phones: dict[str, dict[WebSocket, Phone]] = {code: {} for code in self.rooms}
        self.clock = clock
        self.guesses = Buckets(GUESS_RATE, GUESS_BURST, clock)
        self.opens = Buckets(OPEN_RATE, OPEN_BURST, clock)
        self.timers: dict[str, asyncio.Task[None]] = {}
        self.dirty: dict[str, Room] = {}  # tables changed since their file was last written
        self.flusher: asyncio.Task[None] | None = None
        self.flushing = False  # the flusher is writing (past its wait)
        self.writes = 0  # batches written
        self.replays: dict[tuple[str, int, int, Lang], bytes] = {}  # (code, round, moves, lang): the end, as JSON

    def open(self, spec: dict[str, Any], address: str) -> Room:
        if not self.opens.get(address).take():
            raise TableError("too_fast")
        unknown = set(spec) - {"rules", "seats", "seed", "computers", "teacher", "turn_seconds"}
        if unknown:
            raise TableError("extra_field", field=repr(sorted(unknown)[0])[:40], op="open")
        room = Room(
            spec.get("rules", DEFAULT_PRESET),
            spec.get("seats", 4),
            spec.get("seed", 1),
            spec.get("computers", "sensible"),
            spec.get("teacher", False) is True,
            spec.get("turn_seconds"),
        )
        self.rooms[room.code] = room
        self.phones[room.code] = {}
        self.store.save(room)
        return room

    def room(self, code: str, address: str) -> Room:
        """The table of `code`; unknown codes are counted per address, and past the limit nothing is looked up."""
        guesses = self.guesses.get(address)
        if guesses.empty():
            raise TableError("too_many_guesses")
        room = self.rooms.get(code.upper()) if looks_like_code(code) else None
        if room is None:
            guesses.take()
            raise TableError("no_table", code=repr(code)[:20])
        return room

    async def changed(self, room: Room) -> None:
        """After a change: send each phone its own view (the public part worked out once per language), mark the
        table to be saved, and arm the turn's clock."""
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
        self.save_soon(room)

    async def run_computers(self, room: Room) -> None:
        """The computer players' moves after a phone's, one at a time, the event loop let run between them: a strong
        player's search holds the interpreter (its C is called with the GIL held), so a chain of them would hold
        every other table up; one at a time, the other tables' moves are served between two searches. Each step
        checks the table again (the host may end or deal again meanwhile; a phone's move is refused, not its turn)."""
        while room.computer_step() is not None:
            await asyncio.sleep(0)

    def save_soon(self, room: Room) -> None:
        """Mark `room` to be written: within `WRITE_DELAY` seconds every table changed meanwhile is written in one
        batch, by a worker thread, so the event loop never waits for the disk and a burst of moves costs one write
        a table (the text is taken on the loop, where the table is not changing)."""
        if self.store.folder is None:
            return
        self.dirty[room.code] = room
        if self.flusher is None:
            self.flusher = asyncio.get_running_loop().create_task(self._flush_later())

    async def _flush_later(self) -> None:
        try:
            await asyncio.sleep(WRITE_DELAY)
            self.flushing = True
            while self.dirty:
                rooms = list(self.dirty.values())
                self.dirty.clear()
                texts = [(room.code, self.store.text(room)) for room in rooms]
                await asyncio.to_thread(self._write_all, texts)
        finally:
            self.flusher, self.flushing = None, False

    def _write_all(self, texts: list[tuple[str, str]]) -> None:
        for code, text in texts:
            self.store.write(code, text)
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
        for room in list(self.dirty.values()):
            self.store.save(room)
        self.dirty.clear()

    def final_replay(self, room: Room, lang: Lang) -> bytes:
        """The finished (or ended) game of `room`'s round as the site's Replay model, with its record, as JSON; kept,
        so the phones of one table asking at once cost one replay (a game of 340 moves: about 40 ms and 0.5 MB; the
        last `REPLAYS_KEPT` are kept)."""
        key = (room.code, room.round, room.game.move_count, lang)
        if key not in self.replays:
            record = room.record()
            while len(self.replays) >= REPLAYS_KEPT:
                self.replays.pop(next(iter(self.replays)))
            replay = replay_model(record, lang, move_list=True)
            replay.pop("take_over", None)  # "play from here" is the site's, not a table's
            answer = {"ok": True, "round": room.round, "record": record.to_dict(), "replay": replay}
            self.replays[key] = json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
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
            if room.game.move_count == moves and room.timeout_move():
                self.timers.pop(room.code, None)
                await self.changed(room)

        self.timers[room.code] = asyncio.get_running_loop().create_task(run_out())


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_MESSAGE_BYTES:
        raise TableError("too_big", size=len(raw), limit=MAX_MESSAGE_BYTES)
    try:
        data = strict_json.loads(raw) if raw else {}
    except RecordError as error:
        raise TableError("bad_message", error=error) from None
    if not isinstance(data, dict):
        raise TableError("bad_field", field="(body)", wanted=Words("an_object"))
    return data


def _lang(connection: HTTPConnection) -> Lang:
    return "sv" if connection.query_params.get("lang") == "sv" else "en"


def _address(connection: HTTPConnection) -> str:
    return connection.client.host if connection.client is not None else "?"


def _refused(error: TableError, lang: Lang) -> JSONResponse:
    status = {
        "no_table": 404,
        "too_many_guesses": 429,
        "too_fast": 429,
        "not_host": 403,
        "record_hidden": 403,
        "replay_later": 403,
    }
    return JSONResponse({"ok": False, "error": error.text(lang)}, status_code=status.get(error.key, 400))


class _Endpoints:
    """The app's endpoints over one hub of tables."""

    def __init__(self, tables: Hub) -> None:
        self.tables = tables

    async def open_table(self, request: Request) -> Response:
        try:
            room = self.tables.open(await _body(request), _address(request))
        except TableError as error:
            return _refused(error, _lang(request))
        link = f"{str(request.base_url).rstrip('/')}/t/{room.code}"
        qr = f"/api/tables/{room.code}/qr.svg"
        return JSONResponse({"ok": True, "code": room.code, "host": room.host, "link": link, "qr": qr})

    def host_action(self, act: Callable[[Room, dict[str, Any]], object]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            try:
                room = self.tables.room(request.path_params["code"], _address(request))
                act(room, await _body(request))
            except TableError as error:
                return _refused(error, _lang(request))
            await self.tables.changed(room)
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
            room = self.tables.room(request.path_params["code"], _address(request))
            if not (room.game.over or room.ended):
                raise TableError("replay_later")
        except TableError as error:
            return _refused(error, lang)
        return Response(self.tables.final_replay(room, lang), media_type="application/json")

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
        try:
            room = self.tables.room(socket.path_params["code"], _address(socket))
        except TableError as error:
            await socket.send_json({"type": "error", "message": error.text(lang)})
            await socket.close(code=4404)
            return
        phones = self.tables.phones.setdefault(room.code, {})
        me = phones[socket] = Phone(lang, Bucket(MESSAGE_RATE, MESSAGE_BURST, self.tables.clock))
        try:
            while True:
                raw = await socket.receive_text()
                try:
                    if not me.bucket.take():
                        raise TableError("too_fast")
                    answer = _handle(room, me, parse_message(raw))
                except TableError as error:
                    shown = me.seat.lang if me.seat is not None else me.lang
                    await socket.send_json({"type": "error", "message": error.text(shown)})
                    continue
                if isinstance(answer, Refusal):
                    refusal = {"type": "refused", "move": answer.move, "rule": answer.rule, "why": answer.why}
                    await socket.send_json({**refusal, "last": answer.view})
                    continue
                if answer == "seated" and me.seat is not None:
                    await socket.send_json({"type": "seated", "seat": me.seat.seat, "token": me.seat.token})
                if answer == "left":
                    await socket.send_json({"type": "left"})
                if answer == "moved":
                    await self.tables.run_computers(room)
                await self.tables.changed(room)
        except (WebSocketDisconnect, WebSocketDisconnected):  # gone: closed by the phone, or a send failed
            pass
        finally:
            phones.pop(socket, None)


def create_app(hub: Hub | None = None) -> Starlette:
    """The ASGI app over `hub` (a fresh one, in memory only, by default)."""
    tables = hub or Hub()
    app = _Endpoints(tables)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        yield
        await tables.flush()  # the server stops: the last changes are written

    return Starlette(
        lifespan=lifespan,
        routes=[
            Route("/", app.host),
            Route("/join", app.join),
            Route("/t/{code}", app.phone_at),
            Route("/board/{name}", app.board),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Route("/api/tables", app.open_table, methods=["POST"]),
            Route("/api/tables/{code}/start", app.host_action(lambda r, b: r.start(b.get("host"))), methods=["POST"]),
            Route(
                "/api/tables/{code}/restart", app.host_action(lambda r, b: r.restart(b.get("host"))), methods=["POST"]
            ),
            Route("/api/tables/{code}/end", app.host_action(lambda r, b: r.end(b.get("host"))), methods=["POST"]),
            Route(
                "/api/tables/{code}/hand-over",
                app.host_action(lambda r, b: r.hand_over(b.get("host"), b.get("seat"))),
                methods=["POST"],
            ),
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
            if message["host"] != room.host:
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
        room.leave(seat)
        me.seat = None
        return "left"
    done = room.play(seat, message["move"])
    if isinstance(done, Refusal):
        return done
    return "moved"  # the computers' moves follow (`Hub.run_computers`)
