"""The spectator count of a live table across server processes (cueboard/app/online/live.py):
each process stores how many spectators it holds on a table under a lease, and the table shows
the sum — so two worker processes over one PostgreSQL database (or one SQLite file) show the same
number, and a process that died stops counting once its lease runs out."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from live_client import EventReader, friend_match, serve

from cueboard.app.server import create_app


def _count_reaches(watch: EventReader, n: int, within_s: float = 8.0) -> float:
    """Read ``watch`` until its table shows ``n`` spectators; the seconds it took."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < within_s:
        e = watch.next()
        if e.event == "table" and e.data.get("spectators") == n:
            return time.perf_counter() - t0
    raise AssertionError(f"the table did not show {n} spectators within {within_s} s")


def _two_servers(url: str, poll_s: float) -> tuple[FastAPI, FastAPI]:
    """Two apps over one database, each with its own live hub (as two worker processes)."""
    near, far = create_app(url), create_app(url)
    for app in (near, far):
        app.state.online.hub.poll_s = poll_s
    return near, far


def _both_count(near: FastAPI, far: FastAPI, *, listening: bool = False) -> None:
    """A player watches through the first server; a spectator joins on each server, then the
    second one leaves: the player's table counts 1, 2, then 1 again. ``listening``: the first
    server LISTENs (PostgreSQL), waited for before the count is read."""
    with serve(near) as base, serve(far) as base2, httpx.Client(base_url=base) as host, \
            httpx.Client(base_url=base) as guest, httpx.Client(base_url=base) as here, \
            httpx.Client(base_url=base2) as there:
        mid = friend_match(host, guest)
        player = EventReader(host, f"/api/matches/{mid}/live")
        player.until("table")
        hub = near.state.online.hub
        deadline = time.monotonic() + 10
        while listening and not hub.listening and time.monotonic() < deadline:
            time.sleep(0.02)
        assert hub.listening or not listening
        one = EventReader(here, f"/api/matches/{mid}/live")
        _count_reaches(player, 1)
        two = EventReader(there, f"/api/matches/{mid}/live")  # (another process's spectator)
        _count_reaches(player, 2)
        _count_reaches(one, 2)
        two.close()
        _count_reaches(player, 1)
        for w in (one, player):
            w.close()


def test_two_workers_on_postgresql_count_each_others_spectators(pg_url: str) -> None:
    """The near process polls only every 60 s here: the far one's spectator reaches the near
    table through the database and NOTIFY at once."""
    near, far = _two_servers(pg_url, 0.2)
    near.state.online.hub.poll_s = 60.0
    _both_count(near, far, listening=True)


def test_two_servers_on_one_sqlite_file_count_each_others_spectators(db_url: str) -> None:
    """Without NOTIFY the poll of the database carries the count (0.1 s here)."""
    near, far = _two_servers(db_url, 0.1)
    _both_count(near, far)


def test_a_process_that_died_stops_counting_when_its_lease_runs_out(db_url: str) -> None:
    app = create_app(db_url)
    book = app.state.online.book
    with TestClient(app) as host:
        mid = friend_match(host, TestClient(app))
        now = datetime.now(UTC)
        book.watch([(mid, 3)], "gone", now + timedelta(seconds=5))
        book.watch([(mid, 2)], "alive", now + timedelta(seconds=60))
        assert book.spectators([mid], now)[mid] == 5
        assert book.spectators([mid], now + timedelta(seconds=10))[mid] == 2  # "gone" ran out
        book.watch([(mid, 0)], "alive", now + timedelta(seconds=60))  # its last one left
        assert book.spectators([mid], now)[mid] == 3
        assert book.spectators(["nothing"], now) == {"nothing": 0}
        book.watch([("nothing", 4)], "alive", now + timedelta(seconds=60))  # (no such match: not stored)
        assert book.spectators(["nothing"], now) == {"nothing": 0}
