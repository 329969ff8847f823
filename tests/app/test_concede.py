"""A person concedes (POST /api/matches/{id}/concede): the snooker frame (S4 R6: the player to
move, the balls left awarded to the opponent) and the crokinole game, announced as a concession;
novuss has none and the answer says so."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

TWO = [{"name": "Ann"}, {"name": "Bob"}]


def _new(client: TestClient, game: str) -> dict[str, Any]:
    r = client.post("/api/matches", json={"game": game, "players": TWO, "seed": 3})
    assert r.status_code == 201, r.text
    return r.json()


def test_concessions(client: TestClient) -> None:
    m = _new(client, "snooker")
    mover = m["turn"]["seat"]
    r = client.post(f"/api/matches/{m['id']}/concede")
    assert r.status_code == 200, r.text
    shot = r.json()["shot"]
    assert shot["announcements"][0]["key"] == "ref.snooker.concede"
    assert shot["ruling"]["action"] == "concede"
    assert shot["ruling"]["frame_winner"] == 1 - mover % 2
    assert r.json()["match"]["status"] == "finished"  # best of one frame
    assert client.post(f"/api/matches/{m['id']}/concede").status_code == 409  # over

    m = _new(client, "crokinole")
    r = client.post(f"/api/matches/{m['id']}/concede")
    assert r.status_code == 200, r.text
    assert r.json()["match"]["status"] == "finished"
    assert r.json()["shot"]["ruling"]["conceded_by"] is not None

    m = _new(client, "novuss")
    r = client.post(f"/api/matches/{m['id']}/concede")
    assert r.status_code == 422
    assert "no concession" in r.json()["detail"]
