"""What an acting request asks of the database: a stroke reads its match row once and its seats'
rows once (the guard — the seat to move, the invitations, the shot clock — and the service share
them), then stores the move in one UPDATE and one INSERT; a stale one still gets 409 and changes
nothing. The physics is the stand-in of fake_physics.py."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event

TWO = [{"name": "Ann"}, {"name": "Bob"}]


@contextmanager
def _statements(client: TestClient) -> Iterator[list[str]]:
    """The SQL the app sends meanwhile, one statement a line, lower-cased."""
    engine = client.app.state.service.store.engine  # type: ignore[attr-defined]
    sent: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        sent.append(" ".join(statement.split()).lower())

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", note)


def _reads(sent: list[str], table: str) -> int:
    return sum(s.startswith("select") and f"from {table} " in s + " " for s in sent)


def test_a_stroke_reads_its_match_once(client: TestClient) -> None:
    m = client.post("/api/matches", json={"game": "novuss", "players": TWO, "seed": 1}).json()
    client.cookies.clear()
    token = next(s["token"] for s in m["online"]["seats"] if s["seat"] == m["turn"]["seat"])
    headers = {"X-Match-Version": "0", "Authorization": f"Bearer {token}"}
    strike = {"x": 0.1, "y": -0.44, "speed": 0.8, "angle": 90.0}
    with _statements(client) as sent:
        r = client.post(f"/api/matches/{m['id']}/shots", json={"strike": strike}, headers=headers)
    assert r.status_code == 200, r.text
    assert r.json()["match"]["version"] == 1 and r.json()["shot"]["number"] == 0
    assert _reads(sent, "matches") == 1, sent
    assert _reads(sent, "online_seats") == 1 and _reads(sent, "online_matches") == 1, sent
    assert sum(s.startswith("update matches") for s in sent) == 1
    assert sum(s.startswith("insert into shots") for s in sent) == 1
    # the same stroke again, at the version it was made against: stale, nothing written
    with _statements(client) as sent:
        again = client.post(f"/api/matches/{m['id']}/shots", json={"strike": strike}, headers=headers)
    assert again.status_code == 409 and again.json()["params"]["version"] == 1
    assert not [s for s in sent if s.startswith(("update", "insert"))], sent
    assert client.get(f"/api/matches/{m['id']}").json()["version"] == 1


def test_every_request_reads_afresh(client: TestClient) -> None:
    """What one request kept is not seen by the next: a view after a stroke shows the stroke."""
    m = client.post("/api/matches", json={"game": "novuss", "players": TWO, "seed": 2}).json()
    token = next(s["token"] for s in m["online"]["seats"] if s["seat"] == m["turn"]["seat"])
    strike = {"x": 0.1, "y": -0.44, "speed": 0.8, "angle": 90.0}
    r = client.post(f"/api/matches/{m['id']}/shots", json={"strike": strike},
                    headers={"X-Match-Version": "0", "Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    view = client.get(f"/api/matches/{m['id']}").json()
    assert view["version"] == 1 and view["turn"] == r.json()["match"]["turn"]
