"""A PostgreSQL server that goes away and comes back (on a cluster of this module's own, stopped
with every connection cut): while it is down the service
answers 503 problems, and once it is back the service serves again without a restart of its own —
whether the pool's connections rested long enough to be pinged before use
(cueboard/store/db.py, ``IDLE_PING_S``) or are found dead by the first statement sent on them
(SQLAlchemy then invalidates the whole pool: one 503, then fresh connections)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from cueboard.app.server import create_app
from cueboard.store import db
from tests.store.pgcluster import Cluster, running_cluster


@pytest.fixture(scope="module")
def own_cluster() -> Iterator[Cluster]:
    with running_cluster() as cluster:
        yield cluster


def _served(client: TestClient, mid: str) -> int:
    r = client.get(f"/api/matches/{mid}")
    if r.status_code == 503:
        body = r.json()
        assert body["code"] == "store-unavailable" and r.headers["retry-after"] == "1", body
        assert "psycopg" not in r.text and "127.0.0.1" not in r.text  # (no driver, no host named)
    return r.status_code


def _new_match(client: TestClient) -> str:
    r = client.post("/api/matches", json={"game": "novuss", "players": [{"name": "A"}, {"name": "B"}]})
    assert r.status_code == 201, r.text
    mid: str = r.json()["id"]
    assert _served(client, mid) == 200 and client.get("/api/health").status_code == 200
    return mid


def test_down_503_then_back_after_a_rest_without_a_single_error(own_cluster: Cluster) -> None:
    with TestClient(create_app(own_cluster.new_database())) as client:
        mid = _new_match(client)
        own_cluster.pause()
        assert _served(client, mid) == 503
        assert client.get("/api/health").status_code == 503
        own_cluster.resume()
        time.sleep(db.IDLE_PING_S + 0.2)  # the pooled connections (dead) rested: pinged first
        assert [_served(client, mid) for _ in range(5)] == [200] * 5
        assert client.get("/api/health").status_code == 200


def test_a_restart_between_busy_moments_costs_one_503(own_cluster: Cluster,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(db, "IDLE_PING_S", 3600.0)  # no connection rests long enough to be pinged
    with TestClient(create_app(own_cluster.new_database())) as client:
        mid = _new_match(client)
        own_cluster.pause()
        own_cluster.resume()
        answers = [_served(client, mid) for _ in range(6)]
        assert answers == [503] + [200] * 5, answers  # the dead connection found, the pool renewed
        assert client.get("/api/health").status_code == 200
