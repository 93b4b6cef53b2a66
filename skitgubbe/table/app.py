"""The table server as a Starlette ASGI app: HTTP to open and start a table, one WebSocket per phone.

- `POST /api/tables` `{"rules", "seats", "seed", "computers", "teacher"}` opens a table:
  `{"code", "host", "link"}` (`host`: the token that starts it).
- `POST /api/tables/{code}/start` `{"host"}`: free seats go to computer players and the game begins.
- `WS /ws/{code}`: the phone sends `join`/`resume`/`play` messages (`skitgubbe.table.messages`); the server
  answers `{"type": "seated", "seat", "token"}` to the phone that sat down, `{"type": "view", "view"}` to every
  phone after each change (each its own seat's view), and `{"type": "refused", ...}` or `{"type": "error",
  "message"}` to the one phone whose message was refused, in its language.
"""

from __future__ import annotations

from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from skitgubbe import strict_json
from skitgubbe.errors import RecordError
from skitgubbe.rules.options import DEFAULT_PRESET
from skitgubbe.table.codes import looks_like_code
from skitgubbe.table.errors import TableError, Words
from skitgubbe.table.messages import MAX_MESSAGE_BYTES, parse_message
from skitgubbe.table.room import Refusal, Room, Seat
from skitgubbe.table.seat_view import seat_view
from skitgubbe.text.lang import Lang, check_lang

__all__ = ["Hub", "create_app"]


class Hub:
    """The open tables by code and the phones connected to each (a phone is a WebSocket and its seat)."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}
        self.phones: dict[str, dict[WebSocket, Seat | None]] = {}

    def open(self, spec: dict[str, Any]) -> Room:
        room = Room(
            spec.get("rules", DEFAULT_PRESET),
            spec.get("seats", 4),
            spec.get("seed", 1),
            spec.get("computers", "sensible"),
            spec.get("teacher", False) is True,
        )
        self.rooms[room.code] = room
        self.phones[room.code] = {}
        return room

    def room(self, code: str) -> Room:
        room = self.rooms.get(code.upper()) if looks_like_code(code) else None
        if room is None:
            raise TableError("no_table", code=repr(code)[:20])
        return room

    async def broadcast(self, room: Room) -> None:
        """Each seated phone its own seat's view (a phone that went away is dropped)."""
        for phone, seat in list(self.phones.get(room.code, {}).items()):
            if seat is None:
                continue
            try:
                await phone.send_json({"type": "view", "view": seat_view(room, room.seats[seat.seat])})
            except (RuntimeError, WebSocketDisconnect):
                self.phones[room.code].pop(phone, None)


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


def _lang(request: Request) -> Lang:
    return "sv" if request.query_params.get("lang") == "sv" else "en"


def create_app(hub: Hub | None = None) -> Starlette:
    """The ASGI app over `hub` (a fresh one by default)."""
    tables = hub or Hub()

    async def open_table(request: Request) -> JSONResponse:
        try:
            room = tables.open(await _body(request))
        except TableError as error:
            return JSONResponse({"ok": False, "error": error.text(_lang(request))}, status_code=400)
        return JSONResponse({"ok": True, "code": room.code, "host": room.host, "link": f"/t/{room.code}"})

    async def start_table(request: Request) -> JSONResponse:
        try:
            room = tables.room(request.path_params["code"])
            room.start((await _body(request)).get("host"))
        except TableError as error:
            status = 404 if error.key == "no_table" else 400
            return JSONResponse({"ok": False, "error": error.text(_lang(request))}, status_code=status)
        await tables.broadcast(room)
        return JSONResponse({"ok": True})

    async def phone(socket: WebSocket) -> None:
        await socket.accept()
        lang: Lang = "sv" if socket.query_params.get("lang") == "sv" else "en"
        try:
            room = tables.room(socket.path_params["code"])
        except TableError as error:
            await socket.send_json({"type": "error", "message": error.text(lang)})
            await socket.close(code=4404)
            return
        phones = tables.phones[room.code]
        phones[socket] = None
        try:
            while True:
                raw = await socket.receive_text()
                seat = phones.get(socket)
                try:
                    changed = _handle(room, socket, phones, parse_message(raw), seat)
                except TableError as error:
                    shown = seat.lang if seat is not None else lang
                    await socket.send_json({"type": "error", "message": error.text(shown)})
                    continue
                if isinstance(changed, Refusal):
                    await socket.send_json(
                        {"type": "refused", "move": changed.move, "rule": changed.rule, "why": changed.why}
                    )
                    continue
                seat = phones[socket]
                if changed == "seated" and seat is not None:
                    await socket.send_json({"type": "seated", "seat": seat.seat, "token": seat.token})
                await tables.broadcast(room)
        except WebSocketDisconnect:
            phones.pop(socket, None)

    return Starlette(
        routes=[
            Route("/api/tables", open_table, methods=["POST"]),
            Route("/api/tables/{code}/start", start_table, methods=["POST"]),
            WebSocketRoute("/ws/{code}", phone),
        ]
    )


def _handle(
    room: Room, socket: WebSocket, phones: dict[WebSocket, Seat | None], message: dict[str, str], seat: Seat | None
) -> str | Refusal:
    """One checked message applied to the room: `seated`, `moved` or the engine's refusal."""
    op = message["op"]
    if op in ("join", "resume"):
        if seat is not None:
            raise TableError("seated")
        if op == "join":
            phones[socket] = room.join(message["name"], check_lang(message["lang"]))
        else:
            phones[socket] = room.resume(message["token"])
        return "seated"
    if seat is None:
        raise TableError("not_seated")
    seat = room.seats[seat.seat]
    done = room.play(seat, message["move"])
    if isinstance(done, Refusal):
        return done
    room.run_computers()
    return "moved"
