"""Load on the table server (issue 44): N tables x 4 simulated phones against one real `skitgubbe serve`.

Starts `python -m skitgubbe serve` on a free port of 127.0.0.1 (its tables in a temporary folder, written after
every change as in use), opens `--tables` tables of 4 seats over HTTP, and connects 4 phones to each over
WebSockets (the `websockets` client, in one asyncio loop in this process). Every phone plays a random legal move as
soon as its view says it is its turn, after `--think` seconds (0: at once, the hardest case for the server). The
round trip of a move is the time from sending it to receiving the view that shows it, as the phone that moved
sees it; the figures are its median, p95 and max over every move of every table, the server's CPU time per move
(from /proc: what the machine's load does not change much), and the server's memory (its resident set) before the
tables and after the games, per table. Bounded: at most `--seconds` of play,
only loopback traffic, the server stopped at the end.

    .venv/bin/python benchmarks/table_load.py [--tables 50] [--think 0] [--seconds 300] [--rules pagat] [--json]
        [--strong 6]
    .venv/bin/python benchmarks/table_load.py --profile 20 [--top 25]

`--strong N` also opens N tables of six strong computer players (no phone) and starts them while the phones'
tables play (each start as soon as every phone of every table is seated), the load issue 54 names: a client that
starts such tables must not hold the other tables up. The starts' own answer times are reported too.

A benchmark, not a test: it prints the machine's load (`uptime`) beside the figures.

`--profile N` measures the server's own work per move with no network and no other process: N whole games of four
phones in this process, through the server's own path for a phone's move (the message checked, the move judged,
the computers' moves, every connection's view as JSON text, the table's file text and its write), in CPU seconds
(`time.process_time`, which the machine's load changes little), and the functions that take it (`cProfile`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets

SEATS = 4


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text(encoding="ascii").splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_s(pid: int) -> float:
    """The process's CPU seconds so far (user + system, from /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as answer:
        data: dict[str, Any] = json.load(answer)
    return data


async def _phone(
    ws_url: str,
    name: str,
    think: float,
    seed: int,
    trips: list[float],
    stop: float,
    seated: asyncio.Event,
    finished: list[int],
) -> int:
    """One phone: join, then play a random legal move on each turn until the game is over; its moves played."""
    chooser = random.Random(seed)
    moved = 0
    async with websockets.connect(ws_url, max_size=1 << 22) as socket_:
        await socket_.send(json.dumps({"op": "join", "name": name, "lang": "en"}))
        answer = json.loads(await socket_.recv())
        assert answer["type"] == "seated", answer
        seated.set()
        sent_at: float | None = None
        sent_moves = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(socket_.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:  # the time is up: this game stops where it is
                return moved
            message = json.loads(raw)
            if message["type"] != "view":
                continue
            view = message["view"]
            if sent_at is not None and view["moves"] > sent_moves:
                trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if view["over"]:
                finished.append(1)
                return moved
            if view["your_turn"] and sent_at is None:
                if think:
                    await asyncio.sleep(think)
                move = chooser.choice(view["actions"])["move"]
                sent_at, sent_moves = time.perf_counter(), view["moves"]
                await socket_.send(json.dumps({"op": "play", "move": move}))
                moved += 1
    return moved


async def _table(
    base: str, index: int, args: argparse.Namespace, trips: list[float], stop: float, finished: list[int]
) -> int:
    table = await asyncio.to_thread(_post, f"{base}/api/tables", {"seats": SEATS, "seed": index, "rules": args.rules})
    ws_url = base.replace("http://", "ws://") + f"/ws/{table['code']}"
    phones, seated = [], []
    for seat in range(SEATS):
        seated.append(asyncio.Event())
        phone = _phone(ws_url, f"P{seat}", args.think, index * 10 + seat, trips, stop, seated[-1], finished)
        phones.append(asyncio.create_task(phone))
    for event in seated:  # every phone has its seat before the host starts
        await event.wait()
    answer = await asyncio.to_thread(_post, f"{base}/api/tables/{table['code']}/start", {"host": table["host"]})
    assert answer.get("ok"), answer
    return sum(await asyncio.gather(*phones))


async def _strong(base: str, index: int, starts: list[float], ready: asyncio.Event) -> None:
    """A table of six strong computers, started once the phones' tables are seated (the start's time kept)."""
    table = await asyncio.to_thread(
        _post, f"{base}/api/tables", {"seats": 6, "computers": "strong", "rules": "pagat", "seed": 1000 + index}
    )
    await ready.wait()
    began = time.perf_counter()
    answer = await asyncio.to_thread(_post, f"{base}/api/tables/{table['code']}/start", {"host": table["host"]})
    starts.append(time.perf_counter() - began)
    assert answer.get("ok"), answer


async def _run(
    base: str, args: argparse.Namespace, trips: list[float], finished: list[int], starts: list[float]
) -> list[int]:
    stop = time.monotonic() + args.seconds
    ready = asyncio.Event()
    tables = [asyncio.create_task(_table(base, i, args, trips, stop, finished)) for i in range(args.tables)]
    strong = [asyncio.create_task(_strong(base, i, starts, ready)) for i in range(args.strong)]

    async def when_seated() -> None:
        while len(trips) < args.tables and not all(t.done() for t in tables):  # the first moves are being made
            await asyncio.sleep(0.05)
        ready.set()

    waiting = asyncio.create_task(when_seated())
    moves = list(await asyncio.gather(*tables))
    ready.set()
    await asyncio.gather(*strong, waiting)
    return moves


class _Socket:
    """A connection that keeps nothing: `send_json` makes the text the real one would send (and counts it)."""

    def __init__(self) -> None:
        self.sent = 0

    async def send_json(self, data: Any) -> None:
        self.sent += len(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


async def _profile_games(games: int, rules: str, data: str) -> tuple[int, float, float, int]:
    """`games` whole games of four phones at once through the hub's move path, a move of each table in turn and the
    event loop let run between the rounds (so every move's file is written as in use, and counted); the moves,
    the process's CPU seconds (every thread: the writes too), those of the moves' own path on the event loop (the
    message, the judge, every view as JSON text) and the bytes of views sent."""
    from skitgubbe.table.app import Hub, Phone, _handle
    from skitgubbe.table.limits import Bucket
    from skitgubbe.table.messages import parse_message

    hub = Hub(data)
    tables = []
    started = time.process_time()
    for index in range(games):
        room = hub.open({"seats": SEATS, "seed": index, "rules": rules}, f"10.0.0.{index}")
        phones = {}
        for seat in range(SEATS):
            socket_, phone = _Socket(), Phone("en", Bucket(1e9, 1e9))
            _handle(room, phone, {"op": "join", "name": f"P{seat}", "lang": "en"})
            hub.phones[room.code][socket_] = phone  # type: ignore[index]
            phones[phone.seat.seat if phone.seat else ""] = (socket_, phone)
        room.start(room.host)
        await hub.changed(room)
        tables.append((room, phones, random.Random(index)))
    moves, on_loop = 0, 0.0
    while any(not room.game.over for room, _, _ in tables):
        for room, phones, chooser in tables:
            if room.game.over:
                continue
            _, phone = phones[room.game.to_play or ""]
            message = json.dumps({"op": "play", "move": chooser.choice([str(m) for m in room.game.legal_moves()])})
            before = time.process_time()
            assert _handle(room, phone, parse_message(message)) == "moved"
            await hub.run_computers(room)
            await hub.changed(room)
            on_loop += time.process_time() - before
            moves += 1
        # people take seconds over a move: a table moves again only after its file was written (no two moves of one
        # table share a write, the worst case for the server's batches); the loop writes the files meanwhile
        await asyncio.sleep(0.06)
    await hub.flush()
    cpu = time.process_time() - started
    sent = sum(s.sent for _, phones, _ in tables for s, _ in phones.values())
    return moves, cpu, on_loop, sent


def profile(games: int, rules: str, top: int) -> int:
    """The server's CPU per move over `games` whole games (see the module's text), and where it goes."""
    import cProfile
    import pstats

    with tempfile.TemporaryDirectory() as data:
        moves, cpu, on_loop, sent = asyncio.run(_profile_games(games, rules, data))
        print(
            f"{games} games, {moves} moves: server CPU {1000 * cpu / moves:.3f} ms a move in all (the files' writes "
            f"too), {1000 * on_loop / moves:.3f} ms of it the move's own path on the event loop; "
            f"{sent / moves / 1024:.1f} KiB of views a move (4 connections)"
        )
        if top:
            profiler = cProfile.Profile()
            profiler.enable()
            asyncio.run(_profile_games(max(1, games // 4), rules, data))
            profiler.disable()
            pstats.Stats(profiler).sort_stats("tottime").print_stats(top)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--think", type=float, default=0.0, help="seconds a phone waits before its move")
    parser.add_argument("--seconds", type=float, default=300.0, help="at most this long")
    parser.add_argument("--rules", default="pagat")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--strong", type=int, default=0, help="tables of six strong computers started meanwhile")
    parser.add_argument("--profile", type=int, default=0, metavar="GAMES", help="the server's CPU per move, in process")
    parser.add_argument("--top", type=int, default=25, help="with --profile: the functions shown")
    args = parser.parse_args()
    if args.profile:
        return profile(args.profile, args.rules, args.top)
    port = _free_port()
    with tempfile.TemporaryDirectory() as data:
        server = subprocess.Popen(
            [sys.executable, "-m", "skitgubbe", "serve", "--port", str(port), "--data", data],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            server.stdout.readline()  # said once it listens
            base = f"http://127.0.0.1:{port}"
            with urllib.request.urlopen(base + "/", timeout=30):
                pass
            rss_before, cpu_before = _rss_kib(server.pid), _cpu_s(server.pid)
            trips: list[float] = []
            finished: list[int] = []
            started = time.perf_counter()
            starts: list[float] = []
            moves = asyncio.run(_run(base, args, trips, finished, starts))
            wall = time.perf_counter() - started
            rss_after, cpu = _rss_kib(server.pid), _cpu_s(server.pid) - cpu_before
            files = sum(f.stat().st_size for f in Path(data).glob("*.json"))
        finally:
            server.terminate()
            server.wait(timeout=30)
    ms = sorted(t * 1000 for t in trips)
    result = {
        "tables": args.tables,
        "phones": args.tables * SEATS,
        "rules": args.rules,
        "think_s": args.think,
        "games_finished": len(finished) // SEATS,
        "moves_by_phones": sum(moves),
        "round_trips": len(ms),
        "wall_s": round(wall, 1),
        "median_ms": round(statistics.median(ms), 2) if ms else None,
        "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 2) if ms else None,
        "max_ms": round(ms[-1], 2) if ms else None,
        "server_rss_before_kib": rss_before,
        "server_rss_after_kib": rss_after,
        "rss_per_table_kib": round((rss_after - rss_before) / args.tables, 1),
        "moves_per_s": round(len(ms) / wall, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / max(1, len(ms)), 2),
        "server_cpu_share": round(cpu / wall, 3),
        "table_file_bytes_mean": round(files / max(1, args.tables + args.strong)),
        "strong_tables": args.strong,
        "strong_start_answer_ms": [round(1000 * s, 1) for s in sorted(starts)],
        "load": os.getloadavg(),
    }
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
        print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
