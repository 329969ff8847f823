"""Strike requests: what one costs outside the physics, how many a second two server processes
answer, and how long players wait under an open-loop load (docs/service.md#what-a-strike-request-costs).

- ``app.strike.cpu_outside_physics.<game>``: the median CPU time (the whole process, the thread
  pool's threads included) of one ``POST /api/matches/{id}/shots`` through the whole app (the
  guard middleware, the seat's token, the shot clock, validation, the physics, the referee, the
  store on a SQLite file, the answer's JSON), less the CPU time of the stroke's physics alone
  (``game.simulate`` of the same position, declaration and strike, timed again on its own). The
  requests are driven in this process through the ASGI interface, so the figure holds no client
  and no HTTP parsing, and it does not depend on the machine's other load. novuss: gentle strokes
  from the edge zone of the seat to move, one after another on one match; snooker: a dead-slow
  stroke that touches nothing (a foul), each followed (untimed) by the incoming player's choice
  ``put_back`` (WPBSA S3 R10: the offender plays again).
- ``app.strike.per_s.<database>``: ``cueboard serve --workers 2`` on a SQLite file, and on a
  throwaway PostgreSQL cluster where PostgreSQL is installed (tests/store/pgcluster.py); 32
  clients, each on its own novuss match over its own keep-alive connection, strike as soon as
  the previous answer is in (a closed loop), for 20 s after a warm-up: the strokes answered a
  second. The clients run in this process on the server's cores: each is a few lines of asyncio
  HTTP/1.1, so that the load generator costs little; the note gives its CPU and the two
  workers' (``/proc/PID/stat``) a stroke, with the load average (``/proc/loadavg``) before the
  run, since other work on the machine takes from it.
- ``app.strike.capacity_2_cores.<database>``: derived from each run, and independent of the
  machine's other load: two cores' seconds over the CPU the two workers spent a stroke (HTTP
  parsing, the app, the physics, SQLite; the clients left out) and, on PostgreSQL, the CPU its
  server's processes spent meanwhile (the postmaster of the cluster's port and its children,
  ``/proc/PID/stat``) — the strokes a second two cores given to the server alone would answer.
- ``app.strike.open_loop_p95``: the same server on SQLite; 300 players, each on their own novuss
  match, each striking every 10 s (their first strokes spread over the first 10 s), for 60 s,
  through an ``httpx`` asyncio client. Each stroke's latency is counted from the time it was
  due, not the time it was sent, so that a slow answer delaying the player's next stroke shows
  as waiting (no coordinated omission). The note gives the median and the worst.

Quick mode (``--quick``): a few requests of each kind, 2 s of closed loop, 20 players every 1 s
for 3 s, no PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.core import BenchmarkUnavailableError, Figure, quick, throwaway_postgresql

TWO = [{"name": "A"}, {"name": "B"}]
#: Closed loop: clients (one match and one connection each) and seconds timed.
CLIENTS, CLOSED_S = 32, 20.0
#: Open loop: players, seconds between one player's strokes, seconds timed.
PLAYERS, EVERY_S, OPEN_S = 300, 10.0, 60.0


def _served() -> tuple[Any, Any, Callable[..., Any]]:
    """The test helpers that start ``cueboard serve`` in a child process (tests/app/served.py)."""
    repo = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(repo))
    try:
        from tests.app.served import Served, call, novuss_strike
    finally:
        sys.path.remove(str(repo))
    return Served, call, novuss_strike


def _median(xs: list[float]) -> float:
    if not xs:
        raise RuntimeError("no request was answered: nothing to take the median of")
    return statistics.median(xs)


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * (len(s) - 1) + 0.5))]


# --- (a) CPU per request, in this process ------------------------------------------------------
async def _asgi(app: Any, method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, bytes]:
    """One request through the app's ASGI interface, as uvicorn hands it over: (status, body)."""
    data = json.dumps(body).encode() if body is not None else b""
    raw = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
           (b"content-length", str(len(data)).encode()),
           *((k.lower().encode(), v.encode()) for k, v in headers.items())]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": raw, "client": ("127.0.0.1", 40000),
             "server": ("127.0.0.1", 8000), "state": {}}
    sent = False
    done = asyncio.Event()
    status, chunks = 0, []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": data, "more_body": False}
        await done.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                done.set()

    await app(scope, receive, send)
    return status, b"".join(chunks)


def _cpu_outside_physics(game: str, n: int) -> tuple[list[float], list[float]]:
    """Per timed stroke of ``game``: (CPU ms of the request, CPU ms of its physics alone). Each
    stroke is the first of a new match: the game adapter's gentle opening stroke
    (:meth:`~cueboard.app.games.base.GameAdapter.warm_strike`)."""
    from cueboard.app.games import adapter
    from cueboard.app.guard import Rate
    from cueboard.app.server import create_app
    from cueboard.records.base import parse_record
    from cueboard.records.registry import record_types

    a = adapter(game)
    types = record_types(game)
    lots = Rate(per_minute=100_000, burst=10_000)
    request_ms: list[float] = []
    physics_ms: list[float] = []
    players = [{"name": f"P{k + 1}"} for k in range(a.player_counts[0])]

    async def play(app: Any) -> None:
        for k in range(n + 3):
            body = {"game": game, "players": players, "seed": k}
            status, raw = await _asgi(app, "POST", "/api/matches", body, {})
            if status != 201:
                raise RuntimeError(f"creating a {game} match was refused: {status} {raw[:300]!r}")
            m = json.loads(raw)
            position = parse_record(types.position, m["position"])
            strike = a.warm_strike(position).model_dump(mode="json")
            token = next(s["token"] for s in m["online"]["seats"] if s["seat"] == m["turn"]["seat"])
            act = {"X-Match-Version": str(m["version"]), "Authorization": f"Bearer {token}"}
            t0 = time.process_time()
            status, raw = await _asgi(app, "POST", f"/api/matches/{m['id']}/shots", {"strike": strike}, act)
            cpu = time.process_time() - t0
            if status != 200:
                raise RuntimeError(f"a {game} stroke was refused: {status} {raw[:300]!r}")
            decl = parse_record(types.declaration, json.loads(raw)["shot"]["declaration"])
            stk = parse_record(types.strike, strike)
            t1 = time.process_time()
            a.game.simulate(position, decl, stk)
            physics = time.process_time() - t1
            if k >= 3:  # the first strokes load what a process loads once
                request_ms.append(cpu * 1000)
                physics_ms.append(physics * 1000)

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/cpu.sqlite3", create_rate=lots, ai_rate=lots)
        app.state.service.warm_up()
        try:
            asyncio.run(play(app))
        finally:
            app.state.service.store.close()
    return request_ms, physics_ms


# --- (b) throughput over HTTP, closed loop -----------------------------------------------------
class _Connection:
    """One keep-alive HTTP/1.1 connection, as little as a client can be: a request with a JSON
    body, its answer's status and JSON (the server always sends Content-Length)."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
        if self.writer is None or self.reader is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = json.dumps(body).encode()
        head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          f"Content-Length: {len(data)}\r\n{head}\r\n".encode() + data)
        line = await self.reader.readline()
        if not line:
            raise RuntimeError(f"the server closed the connection before answering {method} {path}")
        status, length = int(line.split()[1]), 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        raw = await self.reader.readexactly(length)
        return status, json.loads(raw) if raw else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class _Player:
    """A novuss match and the tokens of its seats; ``strike`` plays the seat to move."""

    def __init__(self, created: dict[str, Any], novuss_strike: Callable[..., dict[str, float]], seed: int):
        self.id = created["id"]
        self.view = created
        self.tokens = {s["seat"]: s["token"] for s in created["online"]["seats"]}
        self.strike_of = novuss_strike
        self.rng = random.Random(seed)

    def next_request(self) -> tuple[str, dict[str, Any], dict[str, str]]:
        seat = self.view["turn"]["seat"]
        headers = {"X-Match-Version": str(self.view["version"]),
                   "Authorization": f"Bearer {self.tokens[seat]}"}
        return f"/api/matches/{self.id}/shots", {"strike": self.strike_of(seat, self.rng)}, headers

    def answered(self, status: int, answer: Any) -> bool:
        """Whether the stroke was played (a 422 is a striker placed on a disc: the player tries
        another); anything else is a failure of the benchmark."""
        if status == 200:
            self.view = answer["match"]
            if self.view["status"] != "playing":
                raise RuntimeError(f"novuss match {self.id} ended during the benchmark")
            return True
        if status == 422:
            return False
        raise RuntimeError(f"a stroke was refused: {status} {str(answer)[:300]}")


@contextmanager
def _server(db_url: str, log: Path) -> Iterator[Any]:
    Served, _call, _ = _served()
    server = Served(db_url, 2, log)
    try:
        yield server.start(expect_workers=2)
    finally:
        server.stop()


def _players(server: Any, n: int) -> list[_Player]:
    _, call, novuss_strike = _served()
    out = []
    for k in range(n):
        status, m = call(server, "POST", "/api/matches", {"game": "novuss", "players": TWO, "seed": k})
        if status != 201:
            raise RuntimeError(f"creating a novuss match was refused: {status} {m}")
        out.append(_Player(m, novuss_strike, k))
    return out


def _cpu_s(pids: list[int]) -> float:
    """The CPU seconds (user and system) the processes ``pids`` have used (/proc/PID/stat)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def _cpu_by_pid(pids: list[int]) -> dict[int, float]:
    """Each of ``pids`` still running: its CPU seconds so far (:func:`_cpu_s`)."""
    out = {}
    for pid in pids:
        with contextlib.suppress(OSError):  # (a process gone meanwhile)
            out[pid] = _cpu_s([pid])
    return out


def _postgresql_pids(db_url: str) -> Callable[[], list[int]]:
    """The processes of the PostgreSQL server of ``db_url`` on this machine: its postmaster (the
    ``postgres`` process started with ``-p PORT``) and the postmaster's children (a backend for
    each connection, the writers)."""
    from sqlalchemy.engine import make_url

    port = str(make_url(db_url).port)

    def pids() -> list[int]:
        for proc in Path("/proc").glob("[0-9]*"):
            with contextlib.suppress(OSError):
                args = (proc / "cmdline").read_bytes().split(b"\0")
                ours = b"-p" in args and args[args.index(b"-p") + 1] == port.encode()
                if args[0].endswith(b"/postgres") and ours:
                    main = int(proc.name)
                    kids = (proc / "task" / proc.name / "children").read_text().split()
                    return [main, *map(int, kids)]
        return []

    return pids


async def _closed_loop(port: int, players: list[_Player], seconds: float, workers: list[int],
                       database: Callable[[], list[int]] | None = None,
                       ) -> tuple[int, float, float, int, float]:
    """Each player strikes on its own connection as soon as its previous answer is in: the strokes
    answered within ``seconds``; this process's and the server ``workers``' CPU seconds from the
    start until the last answer, the strokes answered in that time, and the CPU seconds of the
    ``database`` server's processes meanwhile (0 without one)."""
    conns = [_Connection(port) for _ in players]

    async def strike(p: _Player, c: _Connection) -> bool:
        return p.answered(*await c.request("POST", *p.next_request()))

    async def warm(p: _Player, c: _Connection) -> None:  # each worker loads its physics kernels
        for _ in range(2):
            await strike(p, c)

    await asyncio.gather(*(warm(p, c) for p, c in zip(players, conns, strict=True)))
    end = time.perf_counter() + seconds
    cpu0, server0 = time.process_time(), _cpu_s(workers)
    database0 = _cpu_by_pid(database()) if database is not None else {}
    played = 0

    async def client(p: _Player, c: _Connection) -> int:
        nonlocal played
        done = 0
        while time.perf_counter() < end:
            if await strike(p, c):
                played += 1
                done += time.perf_counter() <= end
        return done

    counts = await asyncio.gather(*(client(p, c) for p, c in zip(players, conns, strict=True)))
    cpu, server = time.process_time() - cpu0, _cpu_s(workers) - server0
    database1 = _cpu_by_pid(database()) if database is not None else {}
    db_cpu = sum(t - database0.get(pid, 0.0) for pid, t in database1.items())
    for c in conns:
        c.close()
    return sum(counts), cpu, server, played, db_cpu


def _throughput(db_url: str, tmp: str, name: str) -> list[Figure]:
    clients, seconds = (4, 2.0) if quick() else (CLIENTS, CLOSED_S)
    with _server(db_url, Path(tmp) / f"{name}.log") as server:
        players = _players(server, clients)
        load = Path("/proc/loadavg").read_text().split()[0]
        database = _postgresql_pids(db_url) if name == "postgresql" else None
        strokes, client_cpu, server_cpu, played, db_cpu = asyncio.run(
            _closed_loop(server.port, players, seconds, server.workers(), database))
    rate = strokes / seconds
    per, served = client_cpu / max(played, 1) * 1000, server_cpu / max(played, 1) * 1000
    db_ms = db_cpu / max(played, 1) * 1000
    also = f", PostgreSQL's processes {db_ms:.1f} ms" if database is not None else ""
    figures = [Figure(f"app.strike.per_s.{name}", rate, "1/s", goal=">= 150", met=rate >= 150,
                      note=f"2 workers, {clients} clients in a closed loop, {seconds:g} s; load average "
                           f"{load} before; a stroke's CPU: the two workers {served:.1f} ms{also}, the "
                           f"clients {per:.1f} ms")]
    whole = served + db_ms  # (SQLite works inside the workers; PostgreSQL in processes of its own)
    capacity = 2000 / whole if whole else 0.0
    what = "SQLite" if database is None else f"and the {db_ms:.2f} ms of PostgreSQL's processes"
    figures.append(Figure(
        f"app.strike.capacity_2_cores.{name}", capacity, "1/s", goal=">= 150", met=capacity >= 150,
        note=f"derived, load-independent: 2 cores' seconds over the {served:.2f} ms of CPU the two "
             f"workers spent a stroke (HTTP, the app, the physics, {what}), the clients left out"))
    return figures


def _postgresql_throughput(tmp: str) -> list[Figure]:
    with throwaway_postgresql("app.strike.per_s.postgresql") as url:
        return [] if url is None else _throughput(url, tmp, "postgresql")


# --- (c) open loop ------------------------------------------------------------------------------
async def _open_loop(port: int, players: list[_Player], every: float,
                     seconds: float) -> tuple[list[float], list[float], int]:
    """Each player strikes every ``every`` s from a random offset in the first ``every`` s, until
    ``seconds``: the latencies (ms) from each stroke's due time to its answer, how late (ms) each
    was sent (this process's own delay: its share of the cores), and the 5xx count."""
    import httpx

    limits = httpx.Limits(max_connections=len(players), max_keepalive_connections=len(players),
                          keepalive_expiry=4.0)  # under the server's 5 s keep-alive
    latencies: list[float] = []
    late: list[float] = []
    failed = 0
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=60) as client:
        start = time.perf_counter() + 0.5

        async def player(p: _Player, offset: float) -> None:
            nonlocal failed
            due = start + offset
            while due < start + seconds:
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                late.append((time.perf_counter() - due) * 1000)
                while True:
                    path, body, headers = p.next_request()
                    r = await client.post(path, json=body, headers=headers)
                    if r.status_code >= 500:
                        failed += 1
                        break
                    if p.answered(r.status_code, r.json()):
                        break
                latencies.append((time.perf_counter() - due) * 1000)
                due += every

        rng = random.Random(7)
        await asyncio.gather(*(player(p, rng.uniform(0, every)) for p in players))
    return latencies, late, failed


def _open_loop_figure(tmp: str) -> Figure:
    n, every, seconds = (20, 1.0, 3.0) if quick() else (PLAYERS, EVERY_S, OPEN_S)
    with _server(f"sqlite:///{tmp}/open.sqlite3", Path(tmp) / "open.log") as server:
        players = _players(server, n)
        _, call, _ = _served()
        for p in players[:8]:  # each worker loads its physics kernels before the timing
            path, body, headers = p.next_request()
            p.answered(*call(server, "POST", path, body, token=headers["Authorization"][7:],
                             version=int(headers["X-Match-Version"])))
        load = Path("/proc/loadavg").read_text().split()[0]
        workers = server.workers()
        cpu0, server0 = time.process_time(), _cpu_s(workers)
        latencies, late, failed = asyncio.run(_open_loop(server.port, players, every, seconds))
        cpu, served = time.process_time() - cpu0, _cpu_s(workers) - server0
    p95 = _pct(latencies, 0.95)
    return Figure("app.strike.open_loop_p95", p95, "ms", goal="< 150 ms", met=p95 < 150,
                  note=f"2 workers, SQLite, {n} players each striking every {every:g} s for {seconds:g} s: "
                       f"{len(latencies)} strokes, p50 {_pct(latencies, 0.5):.0f} ms, max "
                       f"{max(latencies):.0f} ms, {failed} answers 5xx; load average {load} before; "
                       f"sent late by p95 {_pct(late, 0.95):.0f} ms (this client's own delay); CPU a "
                       f"stroke: the workers {served / len(latencies) * 1000:.1f} ms, the client "
                       f"{cpu / len(latencies) * 1000:.1f} ms")


def run() -> list[Figure]:
    from cueboard.app.games import available_games

    games = available_games()
    if "novuss" not in games:
        raise BenchmarkUnavailableError("the novuss physics is not installed")
    try:
        import httpx  # noqa: F401
    except ImportError as err:
        raise BenchmarkUnavailableError("httpx is not installed (the dev extras have it)") from err
    figures = []
    n = 8 if quick() else 200
    for game in games:
        request_ms, physics_ms = _cpu_outside_physics(game, n)
        outside = [r - p for r, p in zip(request_ms, physics_ms, strict=True)]
        med = _median(outside)
        figures.append(Figure(
            f"app.strike.cpu_outside_physics.{game}", med, "ms", goal="<= 5 ms", met=med <= 5,
            note=f"median of {len(outside)} POST /shots in-process (ASGI): the request "
                 f"{_median(request_ms):.2f} ms CPU, its physics {_median(physics_ms):.2f} ms"))
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("PYTHONUNBUFFERED", "1")
        figures.extend(_throughput(f"sqlite:///{tmp}/load.sqlite3", tmp, "sqlite"))
        if not quick():
            figures.extend(_postgresql_throughput(tmp))
        figures.append(_open_loop_figure(tmp))
    return figures
