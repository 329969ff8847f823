"""The service's cost per request, flat in the length of the match, and under load
(docs/service.md#measured).

- ``app.request.from_hand_foul_cpu``: median CPU time (the whole process: the server's threads
  included) of ``POST /api/matches/{id}/shots`` for a snooker stroke played with the cue ball in
  hand that fouls — placed in the D and played dead slow into the side cushion, touching nothing,
  so the referee asks whether the striker was snookered from anywhere in the D (the miss rule,
  S3 R14). Each stroke on a fresh match; the first (numba kernels loading) left out.
- ``app.request.cost_ratio_600_vs_10``: the wall time of a cycle of requests — a view, a foul
  stroke (the cue ball on the table, dead slow, touching nothing), the incoming player's choice
  ``put_back`` (S3 R10) — on a match with 600 stored moves over the same cycle on one with 10;
  medians of 12 cycles each, the cycles alternating between the two matches. The 600-move match
  holds 10 moves played and 590 copies of their stored entries written through the store (the
  same rows the service would store).
- ``app.request.record_600_ms``: the wall time of ``GET /api/matches/{id}/record`` at 600 moves.
- ``app.request.peak_rss_mb``: this process's peak resident memory after all of the above
  (Python, numpy, numba, the physics kernels and the server together).
- ``app.load.novuss_100_clients_p95``: ``cueboard serve --workers 4`` on a SQLite file; 100
  clients at once (threads), each on its own novuss match, each playing 4 strokes at a player's
  pace (a view, a stroke with the version it read, then 3 to 9 s to think, uniformly; the clients
  start spread over the first 6 s); the 95th percentile of the stroke answers' wall time, after
  one warm-up stroke per worker. ``app.load.novuss_stroke_alone``: the median stroke answer of one
  client playing alone on the same server (the service time without queueing). Loopback only.
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.core import BenchmarkUnavailableError, Figure, quick

TWO = [{"name": "A"}, {"name": "B"}]
FROM_HAND_FOUL = {"strike": {"speed": 0.4, "angle": 180.0, "place_cue_ball": [0.1, 0.6]}}
CYCLES = 12


def _client(tmp: str) -> Any:
    from fastapi.testclient import TestClient

    from cueboard.app.guard import Rate
    from cueboard.app.server import create_app

    lots = Rate(per_minute=100_000, burst=10_000)
    return TestClient(create_app(f"sqlite:///{tmp}/svc.sqlite3", create_rate=lots, ai_rate=lots))


def _post(c: Any, mid: str, path: str, body: Any, version: int) -> Any:
    r = c.post(f"/api/matches/{mid}/{path}", json=body, headers={"X-Match-Version": str(version)})
    if r.status_code != 200:
        raise RuntimeError(f"{path}: {r.status_code} {r.text[:300]}")
    return r.json()["match"]


def _from_hand_cpu(c: Any) -> list[float]:
    times = []
    for n in range(3 if quick() else 9):
        mid = c.post("/api/matches", json={"game": "snooker", "players": TWO, "seed": n}).json()["id"]
        t0 = time.process_time()
        _post(c, mid, "shots", FROM_HAND_FOUL, 0)
        times.append((time.process_time() - t0) * 1000)
    return times[1:]


def _cycle(c: Any, mid: str, version: int, angle: float) -> tuple[float, int]:
    """view, foul, put_back: (wall seconds, the version after)."""
    t0 = time.perf_counter()
    view = c.get(f"/api/matches/{mid}").json()
    assert view["version"] == version and view["turn"]["action"] == "strike", view["turn"]
    _post(c, mid, "shots", {"strike": {"speed": 0.3, "angle": angle}}, version)
    m = _post(c, mid, "choices", {"choice": "put_back"}, version + 1)
    return time.perf_counter() - t0, m["version"]


def _match_with(c: Any, moves: int) -> tuple[str, int]:
    """A snooker match with ``moves`` stored moves: a from-hand foul, then (put_back, foul)
    cycles played; past 10, copies of the stored entries written through the store."""
    store = c.app.state.service.store
    mid = c.post("/api/matches", json={"game": "snooker", "players": TWO, "seed": 1}).json()["id"]
    _post(c, mid, "shots", FROM_HAND_FOUL, 0)
    v = 1
    while v < min(moves, 10):
        _post(c, mid, "choices", {"choice": "put_back"}, v)
        v += 1
        if v < min(moves, 10):
            _post(c, mid, "shots", {"strike": {"speed": 0.3, "angle": 0.0 if v % 4 else 180.0}}, v)
            v += 1
    played = store.shots(mid)
    row = store.get_match(mid)
    while v < moves:
        src = played[v % len(played)]
        store.record_move(mid, expected_version=v, frame=src.frame, player=src.player, kind=src.kind,
                          entry=src.entry, position_before=src.position_before, position_after=row.position,
                          state=row.state, status=row.status, turn=row.turn, scoreboard=row.scoreboard)
        v += 1
    if c.get(f"/api/matches/{mid}").json()["turn"]["action"] == "choose":
        _post(c, mid, "choices", {"choice": "put_back"}, v)
        v += 1
    return mid, v


def _cost_ratio(c: Any) -> tuple[float, float, float, float]:
    """The cycles alternate between the two matches, so that the machine's other load falls on both."""
    long_moves = 40 if quick() else 600
    (short, v10), (long_, v600) = _match_with(c, 10), _match_with(c, long_moves)
    at: dict[str, list[float]] = {short: [], long_: []}
    versions = {short: v10, long_: v600}
    for n in range(2 if quick() else CYCLES):
        for mid in (short, long_):
            dt, versions[mid] = _cycle(c, mid, versions[mid], 0.0 if n % 2 else 180.0)
            at[mid].append(dt)
    m10, m600 = statistics.median(at[short]), statistics.median(at[long_])
    t0 = time.perf_counter()
    r = c.get(f"/api/matches/{long_}/record")
    record_s = time.perf_counter() - t0
    assert r.status_code == 200 and r.text.count('"index"') >= long_moves
    return m600 / m10, m10 * 1000, m600 * 1000, record_s * 1000


def _load_p95() -> tuple[float, float, float, int]:
    here = Path(__file__).resolve().parents[1] / "tests" / "app"
    sys.path.insert(0, str(here))
    try:
        from served import Served, call, novuss_strike
    finally:
        sys.path.remove(str(here))
    clients, strokes, workers = (4, 2, 2) if quick() else (100, 4, 4)
    pause = (0.1, 0.3) if quick() else (3.0, 9.0)
    with tempfile.TemporaryDirectory() as tmp:
        server = Served(f"sqlite:///{tmp}/load.sqlite3", workers, Path(tmp) / "server.log")
        try:
            server.start(expect_workers=workers)
            mids, tokens = [], {}
            for n in range(clients):
                new = {"game": "novuss", "players": TWO, "seed": n}
                status, m = call(server, "POST", "/api/matches", new)
                assert status == 201, m
                mids.append(m["id"])
                tokens[m["id"]] = {s["seat"]: s["token"] for s in m["online"]["seats"]}
            for mid in mids[:8]:  # each worker loads its physics kernels before the timing
                _, view = call(server, "GET", f"/api/matches/{mid}")
                seat = view["turn"]["seat"]
                warm = {"strike": novuss_strike(seat, random.Random(0))}
                call(server, "POST", f"/api/matches/{mid}/shots", warm, version=view["version"],
                     token=tokens[mid][seat])

            def client(n: int, think: tuple[float, float] = pause,
                       start: float = 0.5 if quick() else 6.0) -> tuple[list[float], int]:
                rng, times, failed = random.Random(n), [], 0
                time.sleep(rng.uniform(0, start))
                for k in range(strokes):
                    if k:
                        time.sleep(rng.uniform(*think))
                    _, view = call(server, "GET", f"/api/matches/{mids[n]}")
                    seat = view["turn"]["seat"]
                    body = {"strike": novuss_strike(seat, rng)}
                    t0 = time.perf_counter()
                    status, answer = call(server, "POST", f"/api/matches/{mids[n]}/shots", body,
                                          version=view["version"], token=tokens[mids[n]][seat])
                    times.append(time.perf_counter() - t0)
                    failed += status >= 500
                    if status not in (200, 409, 422) and status < 500:  # a refused request times nothing
                        raise RuntimeError(f"a stroke was refused: {status} {answer}")
                return times, failed

            alone = sorted(t for _ in range(2) for t in client(0, (0.0, 0.0), 0.0)[0])
            t0 = time.perf_counter()
            with ThreadPoolExecutor(clients) as pool:
                results = list(pool.map(client, range(clients)))
            wall = time.perf_counter() - t0
        finally:
            server.stop()
    times = sorted(t for ts, _ in results for t in ts)
    p95 = times[int(0.95 * (len(times) - 1))] * 1000
    return p95, statistics.median(alone) * 1000, len(times) / wall, sum(f for _, f in results)


def run() -> list[Figure]:
    with tempfile.TemporaryDirectory() as tmp, _client(tmp) as c:
        if "snooker" not in c.get("/api/health").json()["games"]:
            raise BenchmarkUnavailableError("snooker physics is not installed")
        cpu = _from_hand_cpu(c)
        ratio, at10, at600, record_ms = _cost_ratio(c)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    med = statistics.median(cpu)
    figures = [
        Figure("app.request.from_hand_foul_cpu", med, "ms", goal="< 20 ms", met=med < 20,
               note=f"median of {len(cpu)}, range {min(cpu):.0f}-{max(cpu):.0f} ms (process CPU)"),
        Figure("app.request.cost_ratio_600_vs_10", ratio, "x", goal="<= 1.5", met=ratio <= 1.5,
               note=f"view + foul + choice: {at10:.0f} ms at 10 moves, {at600:.0f} ms at 600"),
        Figure("app.request.record_600_ms", record_ms, "ms", note="GET .../record of 600 moves, streamed"),
        Figure("app.request.peak_rss_mb", rss_mb, "MB", note="this process's peak resident memory"),
    ]
    p95, alone, rate, failed = _load_p95()
    figures.append(Figure("app.load.novuss_100_clients_p95", p95, "ms", goal="< 300 ms", met=p95 < 300,
                          note=f"4 workers, SQLite, 100 clients x 4 strokes, 3-9 s apart: {rate:.1f} "
                               f"strokes/s, {failed} answers 5xx"))
    figures.append(Figure("app.load.novuss_stroke_alone", alone, "ms", note="one client alone, median of 8"))
    return figures
