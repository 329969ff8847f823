"""On PostgreSQL a stroke announces itself to the other server processes (``NOTIFY cueboard_live``,
cueboard/app/online/live.py) in the very transaction that stores it: one notification a stroke,
heard by a listener as soon as the answer is in, and no connection of its own — a strike request
takes three connections from the pool (the match row, the seats' rows, the move), where it took
four (a fourth transaction for the NOTIFY alone)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from cueboard.app.online.live import CHANNEL
from cueboard.app.server import create_app


def test_a_stroke_notifies_once_in_its_own_transaction(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import fake_physics
    import psycopg

    fake_physics.install(monkeypatch)
    with TestClient(create_app(pg_url)) as client, \
            psycopg.connect(pg_url.replace("postgresql+psycopg", "postgresql"), autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        r = client.post("/api/matches", json={"game": "novuss", "players": [{"name": "A"}, {"name": "B"}],
                                              "seed": 1})
        assert r.status_code == 201, r.text
        m = r.json()
        token = next(s["token"] for s in m["online"]["seats"] if s["seat"] == m["turn"]["seat"])
        engine = client.app.state.service.store.engine  # type: ignore[attr-defined]
        checkouts: list[Any] = []
        event.listen(engine, "checkout", lambda *args: checkouts.append(args))
        list(listener.notifies(timeout=0.2))  # (whatever creating the match announced)
        r = client.post(f"/api/matches/{m['id']}/shots", headers={
            "X-Match-Version": "0", "Authorization": f"Bearer {token}"},
            json={"strike": {"x": 0.0, "y": -0.44, "speed": 0.5, "angle": 90}})
        assert r.status_code == 200, r.text
        assert len(checkouts) == 3
        heard = [n.payload for n in listener.notifies(timeout=0.5)]
        assert [p.rsplit(":", 1)[1] for p in heard] == [m["id"]], heard
