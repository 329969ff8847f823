"""Bounded connections (cueboard/app/connections.py, cueboard/app/guard.py): under a flood of
half-open connections — each sends part of a request line and never finishes — the health check
still answers and a client still plays strokes; the flood's connections past the per-address cap
are refused at once and the rest closed at the header-read timeout. A body that stops arriving is
refused (408); live streams past their caps are refused (429 / 503); a repeated log line is
let through a few times a window, then counted."""

from __future__ import annotations

import asyncio
import logging
import random
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from served import Served, call, novuss_strike

from cueboard.app.connections import ConnectionLimits, RepeatFilter, is_trusted, uvicorn_settings
from cueboard.app.guard import Guard

FLOOD = 300
PER_PEER = 100
HEAD_TIMEOUT_S = 2.0


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    s = Served(f"sqlite:///{tmp_path / 'flood.sqlite3'}", 1, tmp_path / "server.log",
               "--header-timeout", str(HEAD_TIMEOUT_S), "--max-connections-per-peer", str(PER_PEER))
    try:
        yield s.start(expect_workers=0)
    finally:
        s.stop()


def _half_open(port: int, address: str = "127.0.0.2") -> socket.socket:
    """A connection from ``address`` (another loopback address than the players') that sends
    part of a request line and stops."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    sock.sendall(b"GET /api/health HTT")
    return sock


def _ended(sock: socket.socket) -> bytes | None:
    """What the server sent before closing the connection (None: it is still open)."""
    sock.settimeout(0.05)
    got = b""
    try:
        while chunk := sock.recv(4096):
            got += chunk
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return got


@pytest.mark.slow
def test_a_half_open_flood_neither_stops_the_health_check_nor_a_player(server: Served) -> None:
    flood = [_half_open(server.port) for _ in range(FLOOD)]
    try:
        time.sleep(0.5)
        refused = [s for s in flood if (_ended(s) or b"").startswith(b"HTTP/1.1 503")]
        assert len(refused) == FLOOD - PER_PEER  # past the cap of one address: 503 and closed at once
        t0 = time.monotonic()
        status, health = call(server, "GET", "/api/health", timeout=5)
        assert status == 200 and health["ok"] and time.monotonic() - t0 < 1.0
        status, created = call(server, "POST", "/api/matches", {"game": "novuss", "players": [
            {"name": "Ann"}, {"name": "Bob"}], "seed": 3})
        assert status == 201, created
        tokens = {s["seat"]: s["token"] for s in created["online"]["seats"]}
        rng = random.Random(3)
        played = 0
        while played < 3:
            _, view = call(server, "GET", f"/api/matches/{created['id']}")
            seat = view["turn"]["seat"]
            status, body = call(server, "POST", f"/api/matches/{created['id']}/shots",
                                {"strike": novuss_strike(seat, rng)}, version=view["version"],
                                token=tokens[seat])
            assert status in (200, 422), body  # 422: the striker placed on a disc, nothing stored
            played += status == 200
        held = [s for s in flood if s not in refused]
        deadline = time.monotonic() + HEAD_TIMEOUT_S + 5.0
        while time.monotonic() < deadline and any(_ended(s) is None for s in held):
            time.sleep(0.2)
        assert all(_ended(s) is not None for s in held), "a half-open connection outlived the header timeout"
        log = server.log.read_text()
        assert log.count("no complete request head") <= 10  # 100 closings, a few lines (RepeatFilter)
    finally:
        for s in flood:
            s.close()


CAP = 40


@pytest.fixture
def capped_server(tmp_path: Path) -> Iterator[Served]:
    s = Served(f"sqlite:///{tmp_path / 'cap.sqlite3'}", 1, tmp_path / "server.log",
               "--header-timeout", "30", "--max-connections", str(CAP))
    try:
        yield s.start(expect_workers=0)
    finally:
        s.stop()


@pytest.mark.slow
def test_a_flood_from_many_addresses_at_the_cap_gives_way_to_clients(capped_server: Served) -> None:
    """The cap in all filled by half-open connections from four addresses (under each address's
    cap): a client's connection takes the place of the one that waited longest for its request
    head, so the health check answers and a match is created and read; the flood is closed
    oldest first, unanswered, and none of it refused with 503."""
    server = capped_server
    flood = [_half_open(server.port, f"127.0.0.{2 + i % 4}") for i in range(CAP)]
    try:
        time.sleep(0.5)
        assert all(_ended(s) is None for s in flood)  # the cap holds them all
        status, health = call(server, "GET", "/api/health", timeout=5)
        assert status == 200 and health["ok"]
        status, created = call(server, "POST", "/api/matches", {"game": "novuss", "players": [
            {"name": "Ann"}, {"name": "Bob"}], "seed": 3})
        assert status == 201, created
        status, view = call(server, "GET", f"/api/matches/{created['id']}")
        assert status == 200 and view["version"] == 0
        time.sleep(0.3)
        ended = [_ended(s) for s in flood]
        closed = [i for i, e in enumerate(ended) if e is not None]
        assert closed and closed == list(range(len(closed)))  # the oldest first
        assert all(e == b"" for e in ended if e is not None)  # unanswered, no 503
        assert len(closed) <= 3 + 1  # one a client connection (3 here), or one more at most
    finally:
        for s in flood:
            s.close()


def _run(guard: Guard, path: str, method: str = "GET", body_parts: int = 0, client: str = "10.0.0.1"
         ) -> list[dict[str, Any]]:
    """One request through ``guard``: the messages it sends back."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal body_parts
        if body_parts:
            body_parts -= 1
            return {"type": "http.request", "body": b"{", "more_body": True}
        await asyncio.sleep(3600)  # the client stopped sending
        raise AssertionError("not reached")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")]
    scope = {"type": "http", "method": method, "path": path, "headers": headers, "client": (client, 5)}
    asyncio.run(guard(scope, receive, send))
    return sent


def test_a_body_that_stops_arriving_is_refused_with_408() -> None:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        while (await receive()).get("more_body"):
            pass
        raise AssertionError("the body never ended")

    t0 = time.monotonic()
    sent = _run(Guard(app, body_timeout_s=0.3), "/api/matches", "POST", body_parts=2)
    assert sent[0]["status"] == 408 and b"stopped arriving for 0.3 s" in sent[1]["body"]
    assert time.monotonic() - t0 < 2.0


def test_live_streams_past_their_caps_are_refused() -> None:
    async def scenario() -> list[int]:
        gate = asyncio.Event()

        async def app(scope: Any, receive: Any, send: Any) -> None:
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await gate.wait()

        guard = Guard(app, streams_per_client=2, streams_total=3)
        statuses: list[int] = []

        async def open_stream(client: str) -> None:
            async def receive() -> dict[str, Any]:
                return {"type": "http.request", "body": b"", "more_body": False}

            async def send(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    statuses.append(message["status"])

            scope = {"type": "http", "method": "GET", "path": "/api/matches/ab12/live",
                     "headers": [(b"host", b"127.0.0.1")], "client": (client, 5)}
            await guard(scope, receive, send)

        tasks = [asyncio.create_task(open_stream(c)) for c in ("10.0.0.1", "10.0.0.1", "10.0.0.1")]
        await asyncio.sleep(0.05)
        tasks.append(asyncio.create_task(open_stream("10.0.0.2")))
        await asyncio.sleep(0.05)
        tasks.append(asyncio.create_task(open_stream("10.0.0.3")))  # the fourth in all
        await asyncio.sleep(0.05)
        gate.set()
        await asyncio.gather(*tasks)
        late = Guard(app, streams_per_client=2, streams_total=3)
        assert late._streams == {}
        return statuses

    assert sorted(asyncio.run(scenario())) == [200, 200, 200, 429, 503]


def test_a_repeated_log_line_is_let_through_a_few_times_a_window_then_counted() -> None:
    now = [0.0]
    f = RepeatFilter(burst=5, window_s=10.0, clock=lambda: now[0])

    def record(msg: str) -> logging.LogRecord:
        return logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, msg, None, None)

    passed = [f.filter(record("Invalid HTTP request received.")) for _ in range(1000)]
    assert passed.count(True) == 5
    assert f.filter(record("another message"))  # each message counts on its own
    now[0] = 10.5
    later = record("Invalid HTTP request received.")
    assert f.filter(later) and "995 lines like it dropped" in later.getMessage()


def test_the_uvicorn_settings_and_trusted_proxies() -> None:
    limits = ConnectionLimits(header_timeout_s=3, keep_alive_s=7, max_connections=500)
    cfg = uvicorn_settings(limits)
    assert cfg["timeout_keep_alive"] == 7 and cfg["limit_concurrency"] == 501
    assert cfg["proxy_headers"] is False  # none trusted: X-Forwarded-For is not read at all
    trusted = uvicorn_settings(ConnectionLimits(trusted_proxies=("10.1.0.0/16",)))
    assert trusted["proxy_headers"] is True and trusted["forwarded_allow_ips"] == ["10.1.0.0/16"]
    assert is_trusted("10.1.2.3", ("10.1.0.0/16",)) and not is_trusted("10.2.0.1", ("10.1.0.0/16",))
    assert not is_trusted("127.0.0.1", ())
    with pytest.raises(ValueError, match="out of range"):
        ConnectionLimits(header_timeout_s=0)
