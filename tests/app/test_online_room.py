"""The waiting room of online play (docs/app.md#playing-a-friend): a match with invited seats
starts — its moves and its shot clock — only once every invited seat is taken; until then every
move is refused (409 ``online.not_started``, the match unchanged), whoever asks; the host may
cancel (delete) it meanwhile, and a guest then finds it gone."""

from __future__ import annotations

from typing import Any

from acting import act
from fastapi.testclient import TestClient

FOUL = {"strike": {"speed": 0.5, "angle": 180.0, "place_cue_ball": [0.0, 0.6]}}  # touches nothing


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(client: TestClient, game: str, players: list[dict[str, Any]], **extra: Any) -> Any:
    r = client.post("/api/matches", json={"game": game, "players": players, "seed": 5, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def _join(client: TestClient, mid: str, code: str, name: str) -> TestClient:
    guest = TestClient(client.app)
    r = guest.post(f"/api/matches/{mid}/join", json={"code": code, "name": name})
    assert r.status_code == 200, r.text
    return guest


def test_no_move_before_every_invited_seat_is_taken(client: TestClient) -> None:
    m = _create(client, "snooker", [{"name": "Ann"}, {"name": "Bob", "invite": True}], shot_clock=15)
    mid, code = m["id"], m["online"]["invitations"][0]["code"]
    record = client.get(f"/api/matches/{mid}/record").text
    for path, body in ((f"/api/matches/{mid}/shots", FOUL),
                       (f"/api/matches/{mid}/placement", {"x": 0.1, "y": 0.7}),
                       (f"/api/matches/{mid}/concede", None)):
        r = act(client, "POST", path, json=body)
        assert r.status_code == 409, (path, r.text)
        assert r.json()["key"] == "online.not_started"
        assert "seat 2" in r.json()["detail"]
    assert client.get(f"/api/matches/{mid}/record").text == record
    # The clock waits with the match.
    assert client.get(f"/api/matches/{mid}").json()["clock"]["deadline"] is None
    # A stranger is still refused for its credentials first (401), not told the match waits.
    assert act(TestClient(client.app), "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 401
    _join(client, mid, code, "Mai")
    assert client.get(f"/api/matches/{mid}").json()["clock"]["deadline"] is not None
    r = act(client, "POST", f"/api/matches/{mid}/shots", json=FOUL)
    assert r.status_code == 200, r.text
    assert r.json()["match"]["version"] == 1


def test_the_ai_waits_for_the_invited_friends_too(client: TestClient) -> None:
    """Crokinole doubles with the AI at seat 1: asking it to play is refused until the two
    invited seats are taken, then it plays."""
    m = _create(client, "crokinole", [{"name": "Ann"}, {"name": "AI", "kind": "ai", "level": "beginner"},
                                      {"name": "Cy", "invite": True}, {"name": "Di", "invite": True}])
    mid = m["id"]
    codes = {i["seat"]: i["code"] for i in m["online"]["invitations"]}
    assert sorted(codes) == [2, 3]
    seat0 = _bearer(m["online"]["seats"][0]["token"])
    tokens = {0: seat0}

    def move() -> Any:
        """The seat to move plays: the AI asked by seat 0, a person with a gentle flick."""
        turn = client.get(f"/api/matches/{mid}").json()["turn"]
        if turn["player"]["kind"] == "ai":
            return act(client, "POST", f"/api/matches/{mid}/ai", headers=seat0)
        token = tokens[turn["seat"]]
        start = next(at for at in ([0.01, -0.3048], [-0.3048, 0.01], [0.01, 0.3048], [0.3048, 0.01])
                     if act(client, "POST", f"/api/matches/{mid}/placement", json={"x": at[0], "y": at[1]},
                            headers=token).status_code == 200)
        body = {"strike": {"start": start, "speed": 0.7, "angle": 0.0}}
        return act(client, "POST", f"/api/matches/{mid}/shots", json=body, headers=token)

    for seat, name in ((2, "Cy"), (3, "Di")):
        tokens[seat] = _bearer("x" * 43)  # (a token of nobody's until the seat is taken)
        r = act(client, "POST", f"/api/matches/{mid}/ai", headers=seat0)
        assert (r.status_code, r.json()["key"]) == (409, "online.not_started")
        assert f"seat {seat + 1}" in r.json()["detail"]
        guest = _join(client, mid, codes[seat], name)
        tokens[seat] = _bearer(guest.cookies[f"cb_{mid}"])
    played = set()
    for _ in range(4):
        r = move()
        assert r.status_code == 200, r.text
        played.add(r.json()["shot"]["seat"])
    assert played == {0, 1, 2, 3}


def test_the_host_cancels_while_waiting(client: TestClient) -> None:
    m = _create(client, "novuss", [{"name": "Ann"}, {"name": "Bob", "invite": True}])
    mid = m["id"]
    guest = TestClient(client.app)
    assert guest.get(f"/api/matches/{mid}/invitations/{m['online']['invitations'][0]['code']}").json()["open"]
    # Only the host cancels: the invitation holder has no token yet.
    assert act(guest, "DELETE", f"/api/matches/{mid}").status_code == 401
    assert act(client, "DELETE", f"/api/matches/{mid}").status_code == 204
    assert guest.get(f"/api/matches/{mid}").status_code == 404


def test_a_hot_seat_match_starts_at_once(client: TestClient) -> None:
    m = _create(client, "snooker", [{"name": "Ann"}, {"name": "Bob"}])
    assert act(client, "POST", f"/api/matches/{m['id']}/shots", json=FOUL).status_code == 200
