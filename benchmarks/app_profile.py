"""Where one strike request's CPU goes (docs/service.md#what-a-strike-request-costs).

``PYTHONPATH=. python -m benchmarks.app_profile [--db sqlite|postgresql] [--strokes N] [--top K]``

The app is built in this process over a fresh SQLite file or a throwaway PostgreSQL cluster
(:func:`benchmarks.core.throwaway_postgresql`), and novuss strokes — the throughput benchmark's
(:mod:`benchmarks.app_load`): gentle strokes from the edge zone of the seat to move, with the
seat's token and the version seen — go through its ASGI interface (no HTTP parsing, no client,
as :func:`benchmarks.app_load._asgi` hands them over) on eight matches in turn, under cProfile.
Printed: the CPU a stroke (``time.process_time``, profiler included, and the same strokes without
it), the database round trips a stroke (the pool's checkouts, and the statements sent: SQLAlchemy's
``checkout`` and ``before_cursor_execute`` events), the profile's own time split by the package of
each function (the physics, the referee, the store, SQLAlchemy, the driver, pydantic, FastAPI and
Starlette, ...), and the functions with the most own time.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.app_load import _asgi, _served
from benchmarks.core import throwaway_postgresql

#: The packages a function's own time is counted under, by the first fragment of its file's path
#: that matches (the order matters: the more specific first).
AREAS: tuple[tuple[str, str], ...] = (
    ("cueboard/engine/", "physics (cueboard.engine)"),
    ("/physics", "physics (cueboard.engine)"),
    ("cueboard/games/", "rules and referee (cueboard.games)"),
    ("cueboard/records/", "records (cueboard.records)"),
    ("cueboard/store/", "store (cueboard.store)"),
    ("cueboard/app/", "app (cueboard.app)"),
    ("cueboard/", "cueboard, other"),
    ("/sqlalchemy/", "SQLAlchemy"),
    ("/psycopg", "database driver (psycopg, sqlite3)"),
    ("sqlite3", "database driver (psycopg, sqlite3)"),
    ("/pydantic", "pydantic"),
    ("/fastapi/", "FastAPI and Starlette"),
    ("/starlette/", "FastAPI and Starlette"),
    ("/anyio/", "threads and the event loop (anyio, asyncio)"),
    ("/asyncio/", "threads and the event loop (anyio, asyncio)"),
    ("threading.py", "threads and the event loop (anyio, asyncio)"),
    ("concurrent/futures", "threads and the event loop (anyio, asyncio)"),
    ("/numba/", "numba dispatch"),
    ("/numpy/", "numpy"),
    ("json", "JSON"),
)


def area_of(filename: str) -> str:
    """The area a function of ``filename`` counts under (:data:`AREAS`; built-ins: their own)."""
    if filename == "~":
        return "built-ins (C functions called from Python)"
    for fragment, area in AREAS:
        if fragment in filename:
            return area
    return "other Python"


@dataclass
class Profile:
    """What the profiled strokes cost."""

    strokes: int
    cpu_ms: float  # a stroke's CPU under the profiler
    plain_cpu_ms: float  # the same kind of strokes without it
    checkouts: float  # the pool's connection checkouts a stroke
    statements: float  # SQL statements a stroke
    areas: list[tuple[str, float]] = field(default_factory=list)  # (area, share %), largest first
    top: list[tuple[str, float, float]] = field(default_factory=list)  # (function, own ms a stroke, %)


@contextmanager
def _database(db: str) -> Iterator[str]:
    if db == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/profile.sqlite3"
        return
    with throwaway_postgresql("app_profile") as url:
        if url is None:
            raise SystemExit("PostgreSQL is not installed (scripts/ensure-postgres.sh)")
        yield url


class _Table:
    """One novuss match played through the app: its view and its seats' tokens."""

    def __init__(self, created: dict[str, Any], strike_of: Callable[..., dict[str, float]], seed: int):
        self.id = created["id"]
        self.view = created
        self.tokens = {s["seat"]: s["token"] for s in created["online"]["seats"]}
        self.strike_of = strike_of
        self.rng = random.Random(seed)

    async def strike(self, app: Any) -> None:
        seat = self.view["turn"]["seat"]
        headers = {"X-Match-Version": str(self.view["version"]),
                   "Authorization": f"Bearer {self.tokens[seat]}"}
        while True:
            status, raw = await _asgi(app, "POST", f"/api/matches/{self.id}/shots",
                                      {"strike": self.strike_of(seat, self.rng)}, headers)
            if status == 200:
                self.view = json.loads(raw)["match"]
                return
            if status != 422:  # (a 422 is a striker placed on a disc: another one)
                raise RuntimeError(f"a stroke was refused: {status} {raw[:300]!r}")


@contextmanager
def _profiling() -> Iterator[list[cProfile.Profile]]:
    """cProfile in this thread and in every thread the app hands work to (a sync endpoint, a
    dependency, its teardown: ``anyio.to_thread.run_sync``), each thread's own profiler timed by
    its own CPU clock (``time.thread_time``: a thread waiting costs nothing); the profilers."""
    import anyio.to_thread

    profilers: list[cProfile.Profile] = []
    local = threading.local()
    lock = threading.Lock()

    def mine() -> cProfile.Profile:
        found: cProfile.Profile | None = getattr(local, "profiler", None)
        if found is None:
            found = local.profiler = cProfile.Profile(time.thread_time)
            with lock:
                profilers.append(found)
        return found

    original = anyio.to_thread.run_sync

    async def run_sync(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        def profiled(*inner: Any) -> Any:
            p = mine()
            p.enable()
            try:
                return func(*inner)
            finally:
                p.disable()

        return await original(profiled, *args, **kwargs)

    anyio.to_thread.run_sync = run_sync  # type: ignore[assignment]
    here = mine()
    here.enable()
    try:
        yield profilers
    finally:
        here.disable()
        anyio.to_thread.run_sync = original


def profile(db: str = "sqlite", strokes: int = 200, top: int = 15) -> Profile:
    """Profile ``strokes`` novuss strike requests through the app over ``db``."""
    from sqlalchemy import event

    from cueboard.app.guard import Rate
    from cueboard.app.server import create_app

    _, _, novuss_strike = _served()
    lots = Rate(per_minute=100_000, burst=10_000)
    with _database(db) as url:
        app = create_app(url, create_rate=lots, ai_rate=lots)
        engine = app.state.service.store.engine
        counts: Counter[str] = Counter()

        def checkout(*_: Any) -> None:
            counts["checkouts"] += 1

        def statement(*_: Any) -> None:
            counts["statements"] += 1

        event.listen(engine, "checkout", checkout)
        event.listen(engine, "before_cursor_execute", statement)
        async def play() -> tuple[float, float, list[cProfile.Profile]]:
            tables = []
            for k in range(8):
                body = {"game": "novuss", "players": [{"name": "A"}, {"name": "B"}], "seed": k}
                status, raw = await _asgi(app, "POST", "/api/matches", body, {})
                if status != 201:
                    raise RuntimeError(f"creating a novuss match was refused: {status} {raw[:300]!r}")
                tables.append(_Table(json.loads(raw), novuss_strike, k))
            for t in tables:  # each table once: what a process loads once
                await t.strike(app)
            t0 = time.process_time()
            for k in range(strokes):
                await tables[k % len(tables)].strike(app)
            plain = time.process_time() - t0
            counts.clear()
            t0 = time.process_time()
            with _profiling() as profilers:
                for k in range(strokes):
                    await tables[k % len(tables)].strike(app)
            return plain, time.process_time() - t0, profilers

        try:
            plain, profiled, profilers = asyncio.run(play())
        finally:
            app.state.service.store.close()
    stats = pstats.Stats(*profilers)
    raw_stats: dict[tuple[str, int, str], tuple[int, int, float, float, Any]] = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in raw_stats.values()) or 1.0
    by_area: Counter[str] = Counter()
    for (filename, _line, _name), row in raw_stats.items():
        by_area[area_of(filename)] += row[2]
    own = sorted(raw_stats.items(), key=lambda item: -item[1][2])[:top]
    return Profile(
        strokes=strokes, cpu_ms=profiled / strokes * 1000, plain_cpu_ms=plain / strokes * 1000,
        checkouts=counts["checkouts"] / strokes, statements=counts["statements"] / strokes,
        areas=[(a, t / total * 100) for a, t in by_area.most_common()],
        top=[(f"{Path(f).name}:{line} {name}", row[2] / strokes * 1000, row[2] / total * 100)
             for (f, line, name), row in own])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.app_profile",
                                     description="Where one strike request's CPU goes.")
    parser.add_argument("--db", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--strokes", type=int, default=200)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    if args.strokes < 1 or args.top < 0:
        parser.error("--strokes must be at least 1 and --top at least 0")
    p = profile(args.db, args.strokes, args.top)
    print(f"{p.strokes} novuss strike requests in-process (ASGI) on {args.db}: CPU a stroke "
          f"{p.plain_cpu_ms:.2f} ms ({p.cpu_ms:.2f} ms under the profiler); a stroke's database work: "
          f"{p.checkouts:.1f} pool checkouts, {p.statements:.1f} statements")
    print("own time by area:")
    for area, share in p.areas:
        print(f"  {share:5.1f} %  {area}")
    print("functions with the most own time (ms a stroke, share):")
    for name, ms, share in p.top:
        print(f"  {ms:6.3f} ms {share:5.1f} %  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
