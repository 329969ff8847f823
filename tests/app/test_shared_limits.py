"""Rate limits shared by every server process (cueboard/app/guard.py, ``RateLimiter`` over the
store's ``rate_buckets`` table): two app instances over one database — SQLite and PostgreSQL —
spend from one bucket per client; and the client is the connection's peer unless that peer is a
trusted proxy (``cueboard serve --trusted-proxy``): ``X-Forwarded-For`` from anyone else is
ignored, so it cannot choose the bucket a request spends from."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import fake_physics
import pytest
import uvicorn
from fastapi.testclient import TestClient

from cueboard.app.connections import LIMITS_ENV, ConnectionLimits, uvicorn_settings
from cueboard.app.guard import Rate
from cueboard.app.server import create_app
from cueboard.store import Store

NEW = {"game": "novuss", "players": [{"name": "Ann"}, {"name": "Bob"}]}


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    url: str = request.getfixturevalue("pg_url")
    return url


def test_two_app_instances_over_one_database_share_a_clients_limit(
        shared_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_physics.install(monkeypatch)
    rate = Rate(per_minute=1, burst=3)  # three at once, then one a minute
    with ExitStack() as stack:
        a, b = (stack.enter_context(TestClient(create_app(shared_db, create_rate=rate))) for _ in range(2))
        statuses = [c.post("/api/matches", json=NEW).status_code for c in (a, b, a, b)]
        assert statuses == [201, 201, 201, 429]  # per process it would have been 201 x 4
        late = a.post("/api/matches", json=NEW)
        assert late.status_code == 429 and 1 <= int(late.headers["retry-after"]) <= 60


def test_the_shared_buckets_refill_and_are_forgotten_once_full(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'b.sqlite3'}")
    try:
        per_s = 0.5  # a token every 2 s
        assert [store.take_token("k", per_s, 2, 100.0) for _ in range(3)] == [0.0, 0.0, 2.0]
        assert store.take_token("k", per_s, 2, 101.0) == pytest.approx(1.0)  # half a token back
        assert store.take_token("k", per_s, 2, 102.0) == 0.0
        assert store.forget_full_buckets(older_than=101.0) == 0  # spent at 102: kept
        assert store.forget_full_buckets(older_than=106.0) == 1  # refilled by then: a missing row is full
        assert [store.take_token("k", per_s, 2, 106.0) for _ in range(3)] == [0.0, 0.0, 2.0]
    finally:
        store.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def _served(db: str, trusted: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """The app behind uvicorn with ``cueboard serve``'s connection settings, in a thread."""
    limits = ConnectionLimits(trusted_proxies=trusted)
    monkeypatch.setenv(LIMITS_ENV, limits.to_env())
    settings = {k: v for k, v in uvicorn_settings(limits).items() if k != "log_config"}
    port = _free_port()
    app = create_app(db, create_rate=Rate(per_minute=1, burst=2))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           log_config=None, **settings))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def _create(port: int, forwarded_for: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("POST", "/api/matches", json.dumps(NEW),
                     {"Content-Type": "application/json", "X-Forwarded-For": forwarded_for})
        return conn.getresponse().status
    finally:
        conn.close()


@pytest.mark.parametrize("trusted", [(), ("127.0.0.1",)])
def test_x_forwarded_for_is_honoured_from_a_trusted_proxy_only(
        trusted: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_physics.install(monkeypatch)
    with _served(f"sqlite:///{tmp_path / 'xff.sqlite3'}", trusted, monkeypatch) as port:
        statuses = [_create(port, f"203.0.113.{n}") for n in range(4)]  # four "clients", burst 2
        if trusted:  # the proxy's word: four clients, each within its burst
            assert statuses == [201, 201, 201, 201]
            assert [_create(port, "203.0.113.9") for _ in range(3)] == [201, 201, 429]
        else:  # ignored: one client, the peer 127.0.0.1
            assert statuses == [201, 201, 429, 429]
