"""Live tables: how fast a stroke reaches the other browser, and how many tables one server
process holds (cueboard/app/online/live.py).

A server (one uvicorn process, SQLite file store, the real novuss physics, warmed up) runs in a
child process; this process plays the part of the browsers, on loopback. Each table is a novuss
match between a host and an invited guest, each holding an open live stream
(``GET /api/matches/{id}/live``, with the seat's cookie). The seat to move strokes (a gentle
stroke from its edge zone, through ``POST /shots`` with its token); the figure is the time from
the stroke's answer arriving at the striker to the stroke's event arriving on the *other* seat's
stream (negative when the event came first).

- ``app.live.delivery_p95``: the 95th percentile over 20 live tables, each stroking every 2 s.
- ``app.live.delivery_p95_2_workers_pg``: the same over ``cueboard serve --workers 2`` on a
  throwaway PostgreSQL cluster (:func:`benchmarks.core.throwaway_postgresql`), where a table's
  streams and strokes fall on either worker (skipped where PostgreSQL is not installed).
- ``app.live.tables``: the most tables held (both streams open, one stroke per table every
  10 s, staggered) with that 95th percentile under 250 ms, trying 50, 100, 200, 300 and 400
  tables, 12 s each, stopping at the first level that misses.

Both share the machine's cores with the server; the figures are the whole loop on one machine.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.core import BenchmarkUnavailableError, Figure, quick, throwaway_postgresql
from cueboard.app.connections import LIMITS_ENV, ConnectionLimits

DELIVERY_TABLES = 20
DELIVERY_INTERVAL_S = 2.0
DELIVERY_RUN_S = 16.0
LEVELS = (50, 100, 200, 300, 400)
LEVEL_INTERVAL_S = 10.0
LEVEL_RUN_S = 12.0
HELD_P95_MS = 250.0
#: Edge-zone points tried for each seat's striker (the first legal one is used).
CANDIDATES = ((0.1, -0.44), (0.1, 0.44), (-0.44, 0.1), (0.44, 0.1))
#: The server: new matches not rate-limited (this one client creates hundreds of tables).
SERVER = ("import sys, uvicorn\nfrom cueboard.app.guard import Rate\n"
          "from cueboard.app.server import create_app\n"
          "app = create_app(sys.argv[1], warm_up=True, create_rate=Rate(per_minute=10**6, burst=10**6))\n"
          "uvicorn.run(app, host='127.0.0.1', port=int(sys.argv[2]),"
          " log_level='warning', backlog=4096, timeout_graceful_shutdown=1)\n")


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Table:
    id: str
    tokens: dict[int, str]  # seat -> token
    spot: dict[int, tuple[float, float]] = field(default_factory=dict)
    turn: dict[str, Any] = field(default_factory=dict)
    version: int = 0
    streams: list[asyncio.Task[None]] = field(default_factory=list)


class Loop:
    """The browsers' side: tables, their streams, their strokes, the arrival times."""

    def __init__(self, port: int):
        import httpx

        self.port = port
        self.http = httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60,
                                      limits=httpx.Limits(max_connections=64))
        self.accepted: dict[tuple[str, int], tuple[float, int]] = {}  # (table, move) -> (time, seat)
        self.received: dict[tuple[str, int, int], float] = {}  # (table, move, seat of the stream) -> time
        self.connected = 0

    async def table(self) -> Table:
        players = [{"name": "Host"}, {"name": "Guest", "invite": True}]
        m = (await self.http.post("/api/matches", json={"game": "novuss", "players": players})).json()
        self.http.cookies.clear()  # the server set the host's cookie: the tokens travel as Bearer here
        inv = m["online"]["invitations"][0]
        join = (await self.http.post(f"/api/matches/{m['id']}/join",
                                     json={"code": inv["code"], "name": "G"})).json()
        self.http.cookies.clear()
        return Table(m["id"], {m["online"]["seats"][0]["seat"]: m["online"]["seats"][0]["token"],
                               inv["seat"]: join["token"]}, turn=m["turn"])

    async def stream(self, t: Table, seat: int, ready: asyncio.Event) -> None:
        """One browser's live stream, read as chunked HTTP by hand (light enough for hundreds)."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write((f"GET /api/matches/{t.id}/live?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      f"Accept: text/event-stream\r\nCookie: cb_{t.id}={t.tokens[seat]}\r\n\r\n").encode())
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        self.connected += 1
        ready.set()
        buf = b""
        try:
            while True:
                size = int((await reader.readline()).strip() or b"0", 16)
                if size == 0:
                    return
                buf += await reader.readexactly(size)
                await reader.readline()
                while b"\n\n" in buf:
                    raw, buf = buf.split(b"\n\n", 1)
                    if raw.startswith(b"id: ") and b"\nevent: shot\n" in raw:
                        moves = int(raw[4:raw.index(b"\n")])
                        self.received[(t.id, moves - 1, seat)] = time.perf_counter()
        finally:
            writer.close()

    async def stroke(self, t: Table) -> None:
        seat = int(t.turn["seat"])
        token = t.tokens[seat]
        auth = {"Authorization": f"Bearer {token}", "X-Match-Version": str(t.version)}
        if t.turn["action"] == "choose":
            r = await self.http.post(f"/api/matches/{t.id}/choices", json={"choice": t.turn["choices"][0]},
                                     headers=auth)
        else:
            if seat not in t.spot:
                for x, y in CANDIDATES:
                    ok = await self.http.post(f"/api/matches/{t.id}/placement", json={"x": x, "y": y},
                                              headers=auth)
                    if ok.status_code == 200:
                        t.spot[seat] = (x, y)
                        break
            x, y = t.spot[seat]
            angle = 90.0 if y < 0 else -90.0 if y > 0 else (0.0 if x < 0 else 180.0)
            strike = {"x": x, "y": y, "speed": 0.6 + 0.3 * random.random(), "angle": angle}
            r = await self.http.post(f"/api/matches/{t.id}/shots", json={"strike": strike}, headers=auth)
        now = time.perf_counter()
        if r.status_code == 200:
            body = r.json()
            self.accepted[(t.id, body["shot"]["number"])] = (now, seat)
            t.turn = body["match"]["turn"]
            t.version = body["match"]["version"]
            if body["match"]["status"] != "playing":
                t.turn = {"seat": seat, "action": "over"}

    async def play(self, tables: list[Table], interval: float, run_s: float) -> list[float]:
        """Each table strokes every ``interval`` (staggered) for ``run_s``: the deliveries, ms."""
        self.accepted.clear()
        self.received.clear()
        end = time.perf_counter() + run_s

        async def one(t: Table) -> None:
            await asyncio.sleep(random.random() * interval)
            while time.perf_counter() < end and t.turn.get("action") != "over":
                t0 = time.perf_counter()
                await self.stroke(t)
                await asyncio.sleep(max(0.0, interval - (time.perf_counter() - t0)))

        await asyncio.gather(*(one(t) for t in tables))
        await asyncio.sleep(1.0)  # the last events on their way
        out = []
        for (tid, move), (at, seat) in self.accepted.items():
            for other in (s for s in (0, 1, 2, 3) if s != seat):
                got = self.received.get((tid, move, other))
                if got is not None:
                    out.append((got - at) * 1000)
        missing = sum(1 for (tid, move), (_at, seat) in self.accepted.items()
                      if not any((tid, move, s) in self.received for s in (0, 1, 2, 3) if s != seat))
        if missing:
            raise RuntimeError(f"{missing} strokes never reached the other browser")
        return out

    async def open_tables(self, tables: list[Table], n: int) -> None:
        while len(tables) < n:
            t = await self.table()
            for seat in t.tokens:
                ready = asyncio.Event()
                t.streams.append(asyncio.create_task(self.stream(t, seat, ready)))
                await asyncio.wait_for(ready.wait(), 30)
            tables.append(t)


def _p95(values: list[float]) -> float:
    s = sorted(values)
    return s[int(0.95 * (len(s) - 1))]


async def _measure(port: int, levels: tuple[int, ...]) -> tuple[list[float], list[tuple[int, float, int]]]:
    loop = Loop(port)
    tables: list[Table] = []
    n_tables, run_s = (2, 4.0) if quick() else (DELIVERY_TABLES, DELIVERY_RUN_S)
    await loop.open_tables(tables, n_tables)
    delivery = await loop.play(tables, DELIVERY_INTERVAL_S, run_s)
    held: list[tuple[int, float, int]] = []
    for n in levels:
        await loop.open_tables(tables, n)
        d = await loop.play(tables, LEVEL_INTERVAL_S, LEVEL_RUN_S)
        held.append((n, _p95(d), len(d)))
        if _p95(d) >= HELD_P95_MS:
            break
    for t in tables:
        for task in t.streams:
            task.cancel()
    await loop.http.aclose()
    return delivery, held


@contextmanager
def _server(cmd: list[str], port: int, log: Path) -> Iterator[dict[str, Any]]:
    """The server ``cmd`` (listening on ``port``) until its health check says it is warm: its
    health answer."""
    # (this one client holds every table's streams: no cap on streams per client)
    limits = ConnectionLimits(streams_per_client=100_000, streams_total=100_000).to_env()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1]), LIMITS_ENV: limits}
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        deadline = time.monotonic() + 180
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=2) as r:
                    health: dict[str, Any] = json.load(r)
                    if health.get("warm"):
                        break
            except OSError:
                pass
            time.sleep(0.2)
        if "novuss" not in health["games"]:
            raise BenchmarkUnavailableError("the novuss physics is not installed")
        yield health
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _two_workers_on_postgresql(tmp: str) -> list[Figure]:
    """``cueboard serve --workers 2`` over a throwaway PostgreSQL cluster: the delivery's p95
    when a table's two streams and its strokes fall on either worker (LISTEN/NOTIFY between
    them, docs/service.md#live-push-across-workers)."""
    with throwaway_postgresql("app.live.delivery_p95_2_workers_pg") as url:
        if url is None:
            return []
        port = _free_port()
        cmd = [sys.executable, "-c", "from cueboard.cli.main import app; app()", "serve", "--port", str(port),
               "--workers", "2", "--db", url, "--matches-per-minute", "100000",
               "--max-streams-per-client", "100000"]
        with _server(cmd, port, Path(tmp) / "server2.log"):
            delivery, _ = asyncio.run(_measure(port, ()))
    p95 = _p95(delivery)
    return [Figure("app.live.delivery_p95_2_workers_pg", p95, "ms", goal="< 100 ms", met=p95 < 100,
                   note=f"{len(delivery)} strokes, 2 workers over PostgreSQL, median "
                        f"{sorted(delivery)[len(delivery) // 2]:.0f} ms")]


def run() -> list[Figure]:
    """The figures (quick mode: 2 tables for 4 s, no table levels)."""
    try:
        import httpx  # noqa: F401
    except ImportError as err:
        raise BenchmarkUnavailableError("httpx is not installed (the dev extras have it)") from err
    port = _free_port()
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-c", SERVER, f"sqlite:///{tmp}/live.sqlite3", str(port)]
        with _server(cmd, port, Path(tmp) / "server.log"):
            delivery, levels = asyncio.run(_measure(port, () if quick() else LEVELS))
        two = _two_workers_on_postgresql(tmp)
    p95 = _p95(delivery)
    held = max((n for n, p, _ in levels if p < HELD_P95_MS), default=0)
    tried = ", ".join(f"{n}: p95 {p:.0f} ms of {k}" for n, p, k in levels)
    figures = [
        Figure("app.live.delivery_p95", p95, "ms", goal="< 100 ms", met=p95 < 100,
               note=f"{len(delivery)} strokes on {DELIVERY_TABLES} live tables, median "
                    f"{sorted(delivery)[len(delivery) // 2]:.0f} ms"),
    ]
    if levels:
        figures.append(Figure("app.live.tables", held, "tables", goal=">= 200", met=held >= 200,
                              note=f"p95 < {HELD_P95_MS:.0f} ms, a stroke per table every "
                                   f"{LEVEL_INTERVAL_S:.0f} s ({tried})"))
    return figures + two
