"""The chat of an online match (cueboard/app/online/chat.py, docs/app.md#playing-a-friend): a
seat's token speaks in the players' room under its seat's name, a browser without one in the
spectators' room — the room follows from the credentials, never from the request; 140
characters at most, refused controls and markup kept as text, preset phrases by name, stored with
the match, 20 messages a minute (5 at once) per seat or spectator, and each watcher's live table
carries its own room only."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from cueboard.app.online.chat import seen_by


def _friends(client: TestClient) -> tuple[str, TestClient]:
    r = client.post("/api/matches", json={"game": "novuss", "players": [{"name": "Ann"},
                                                                        {"name": "Bob", "invite": True}]})
    m = r.json()
    guest = TestClient(client.app)
    code = m["online"]["invitations"][0]["code"]
    assert guest.post(f"/api/matches/{m['id']}/join", json={"code": code, "name": "Mai"}).status_code == 200
    return m["id"], guest


def _rooms(client: TestClient, mid: str) -> dict[str, list[dict[str, Any]]]:
    return client.app.state.online.chat.rooms(mid)  # type: ignore[attr-defined,no-any-return]


def test_each_says_in_its_own_room_as_its_own_seat(client: TestClient) -> None:
    mid, guest = _friends(client)
    spectator = TestClient(client.app)
    markup = "<img src=x onerror=alert(1)> good luck"
    assert client.post(f"/api/matches/{mid}/chat", json={"text": markup}).json()["name"] == "Ann"
    r = guest.post(f"/api/matches/{mid}/chat", json={"preset": "good_shot", "name": "Not Mai"})
    assert r.json() == {"id": r.json()["id"], "seat": 2, "name": "Mai", "text": "", "preset": "good_shot"}
    r = spectator.post(f"/api/matches/{mid}/chat", json={"text": "nice table", "name": "Zoe"})
    assert (r.json()["seat"], r.json()["name"]) == (None, "Zoe")
    rooms = _rooms(client, mid)
    assert [(m["name"], m["text"], m["preset"]) for m in rooms["players"]] == [
        ("Ann", markup, None), ("Mai", "", "good_shot")]  # the markup kept as text, as said
    assert [m["text"] for m in rooms["spectators"]] == ["nice table"]
    # Each watcher's table holds its own room only.
    table = {"offer": None, "chat": rooms}
    assert seen_by(table, player=True)["chat"] == rooms["players"]
    assert seen_by(table, player=False)["chat"] == rooms["spectators"]


def test_bad_messages_are_refused_and_nothing_stored(client: TestClient) -> None:
    mid, _guest = _friends(client)
    for body, field in (({"text": "x" * 141}, "text"), ({"text": "bell\x07"}, "text"),
                        ({"text": "hi", "room": "players"}, "room")):
        r = client.post(f"/api/matches/{mid}/chat", json=body)
        assert r.status_code == 422, r.text
        assert field in r.text
    for body in ({"text": "   "}, {"preset": "gg"}, {"text": "hi", "preset": "thanks"}):
        r = client.post(f"/api/matches/{mid}/chat", json=body)
        assert r.status_code == 422, (body, r.text)
    assert client.post("/api/matches/ffff/chat", json={"text": "hi"}).status_code == 404
    assert _rooms(client, mid) == {"players": [], "spectators": []}


def test_rate_limited_per_seat(client: TestClient) -> None:
    mid, guest = _friends(client)
    statuses = [guest.post(f"/api/matches/{mid}/chat", json={"preset": "thanks"}).status_code
                for _ in range(6)]
    assert statuses == [200] * 5 + [429]
    # (another seat's bucket is its own)
    assert client.post(f"/api/matches/{mid}/chat", json={"preset": "sorry"}).status_code == 200
