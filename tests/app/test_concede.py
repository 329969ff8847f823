"""A person concedes (POST /api/matches/{id}/concede): the snooker frame (S4 R6: the player to
move, the balls left awarded to the opponent) and the crokinole game, announced as a concession;
novuss has none and the answer says so."""

from __future__ import annotations

from typing import Any

from acting import act
from fastapi.testclient import TestClient

TWO = [{"name": "Ann"}, {"name": "Bob"}]


def _new(client: TestClient, game: str) -> dict[str, Any]:
    r = client.post("/api/matches", json={"game": game, "players": TWO, "seed": 3})
    assert r.status_code == 201, r.text
    return r.json()


def test_concessions(client: TestClient) -> None:
    m = _new(client, "snooker")
    mover = m["turn"]["seat"]
    # a concession made against a stale version is refused and changes nothing (docs/service.md)
    stale = client.post(f"/api/matches/{m['id']}/concede", headers={"X-Match-Version": str(m["version"] + 1)})
    assert stale.status_code == 409, stale.text
    assert client.get(f"/api/matches/{m['id']}").json()["status"] == "playing"
    r = act(client, "POST", f"/api/matches/{m['id']}/concede")
    assert r.status_code == 200, r.text
    shot = r.json()["shot"]
    assert shot["announcements"][0]["key"] == "ref.snooker.concede"
    assert shot["ruling"]["action"] == "concede"
    assert shot["ruling"]["frame_winner"] == 1 - mover % 2
    assert r.json()["match"]["status"] == "finished"  # best of one frame
    assert act(client, "POST", f"/api/matches/{m['id']}/concede").status_code == 409  # over

    m = _new(client, "crokinole")
    r = act(client, "POST", f"/api/matches/{m['id']}/concede")
    assert r.status_code == 200, r.text
    assert r.json()["match"]["status"] == "finished"
    assert r.json()["shot"]["ruling"]["conceded_by"] is not None

    m = _new(client, "novuss")
    r = act(client, "POST", f"/api/matches/{m['id']}/concede")
    assert r.status_code == 422
    assert "no concession" in r.json()["detail"]
