"""Online play's API (docs/app.md#playing-a-friend): seat and host tokens, invitations, every
acting endpoint refused without a token, with a wrong one and with another seat's (401/403, the
match unchanged), the private match list and public listings, matches stored before seats."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import Any

from acting import act
from fastapi.testclient import TestClient

TWO = [{"name": "Ann"}, {"name": "Bob"}]
FOUL = {"strike": {"speed": 0.5, "angle": 180.0, "place_cue_ball": [0.0, 0.6]}}  # touches nothing


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(client: TestClient, game: str = "snooker", players: list[dict[str, Any]] | None = None) -> Any:
    r = client.post("/api/matches", json={"game": game, "players": players or TWO, "seed": 5})
    assert r.status_code == 201, r.text
    return r.json()


def _state(client: TestClient, mid: str) -> tuple[str, Any]:
    """What must not change when a request is refused: the record and the match's view."""
    view = client.get(f"/api/matches/{mid}").json()
    view.pop("updated_at")
    return client.get(f"/api/matches/{mid}/record").text, view


def test_create_returns_secrets_and_stores_only_their_hashes(client: TestClient, db_url: str) -> None:
    m = _create(client, players=[{"name": "Ann"}, {"name": "Bob", "invite": True}])
    online = m["online"]
    host, seat0 = online["host_token"], online["seats"][0]["token"]
    assert [s["seat"] for s in online["seats"]] == [0]
    [inv] = online["invitations"]
    assert inv["seat"] == 1 and inv["path"] == f"/#/join/{m['id']}/{inv['code']}"
    for secret in (host, seat0, inv["code"]):
        assert len(secret) >= 43  # 32 random bytes (256 bits), URL-safe base64
    assert len({host, seat0, inv["code"]}) == 3
    cookie = client.cookies.get(f"cb_{m['id']}")
    assert cookie is not None and set(cookie.split(".")) == {host, seat0}
    # The database holds the SHA-256 of each secret, never the secret.
    raw = Path(db_url.removeprefix("sqlite:///")).read_bytes()
    for secret in (host, seat0, inv["code"]):
        assert secret.encode() not in raw
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        (h,) = db.execute("SELECT host_hash FROM online_matches WHERE match_id = ?", (m["id"],)).fetchone()
        rows = db.execute("SELECT seat, token_hash, invite_hash FROM online_seats ORDER BY seat").fetchall()
    assert h == hashlib.sha256(host.encode()).hexdigest()
    assert rows == [(0, hashlib.sha256(seat0.encode()).hexdigest(), None),
                    (1, None, hashlib.sha256(inv["code"].encode()).hexdigest())]
    # The cookie: HttpOnly, same-site, for the API only.
    r = client.post("/api/matches", json={"game": "novuss", "players": TWO})
    set_cookie = r.headers["set-cookie"].lower()
    assert "httponly" in set_cookie and "samesite=strict" in set_cookie and "path=/api" in set_cookie
    # Crokinole's two players sit at seats 0 and 2: the second player's invitation is seat 2's.
    c = _create(client, "crokinole", [{"name": "Ann"}, {"name": "Bob", "invite": True}])
    assert [i["seat"] for i in c["online"]["invitations"]] == [2]
    assert [s["seat"] for s in c["online"]["seats"]] == [0]
    bad = client.post("/api/matches", json={"game": "snooker", "players": [
        {"name": "A"}, {"name": "B", "kind": "ai", "level": "club", "invite": True}]})
    assert bad.status_code == 422 and "invite" in bad.json()["detail"]


def test_every_acting_endpoint_refuses_missing_wrong_and_other_seats_tokens(client: TestClient) -> None:
    m = _create(client)
    mid = m["id"]
    seat = {s["seat"]: s["token"] for s in m["online"]["seats"]}
    other = _create(client)["online"]["seats"][0]["token"]  # a real token, of another match
    stranger = TestClient(client.app)  # no cookie
    stroke = ("POST", f"/api/matches/{mid}/shots", FOUL)
    place = ("POST", f"/api/matches/{mid}/placement", {"x": 0.1, "y": 0.7})
    ai = ("POST", f"/api/matches/{mid}/ai", None)
    delete = ("DELETE", f"/api/matches/{mid}", None)
    publish = ("POST", f"/api/matches/{mid}/publish", {"public": True})

    def refused(method: str, path: str, body: Any, headers: dict[str, str], status: int, key: str) -> None:
        before = _state(client, mid)
        r = act(stranger, method, path, json=body, headers=headers)
        assert (r.status_code, r.json()["key"]) == (status, key), (path, r.text)
        assert r.json()["detail"]
        assert _state(client, mid) == before

    for method, path, body in (stroke, place, ai, delete, publish):
        refused(method, path, body, {}, 401, "auth.required")
        refused(method, path, body, _bearer("x" * 43), 401, "auth.invalid")
        refused(method, path, body, _bearer(other), 401, "auth.invalid")
    # Seat 0 is to play: seat 1's token may not strike or place for it.
    refused(*stroke, _bearer(seat[1]), 403, "auth.not_your_turn")
    refused(*place, _bearer(seat[1]), 403, "auth.not_your_turn")
    refused(*delete, _bearer(seat[0]), 403, "auth.host_only")
    refused(*publish, _bearer(seat[1]), 403, "auth.host_only")
    assert act(stranger, "POST", f"/api/matches/{mid}/placement", json={"x": 0.1, "y": 0.7},
                         headers=_bearer(seat[0])).json() == {"legal": True}
    r = act(stranger, "POST", f"/api/matches/{mid}/shots", json=FOUL, headers=_bearer(seat[0]))
    assert r.status_code == 200, r.text
    # After seat 0's foul seat 1 chooses: seat 0's token may not, nor any stranger.
    choice = ("POST", f"/api/matches/{mid}/choices", {"choice": "put_back"})
    refused(*choice, {}, 401, "auth.required")
    refused(*choice, _bearer("y" * 43), 401, "auth.invalid")
    refused(*choice, _bearer(other), 401, "auth.invalid")
    refused(*choice, _bearer(seat[0]), 403, "auth.not_your_turn")
    assert act(stranger, *choice, headers=_bearer(seat[1])).status_code == 200
    # Put back: seat 0 plays again, so only seat 0 may concede the frame (S4 R6).
    concede = ("POST", f"/api/matches/{mid}/concede", None)
    refused(*concede, {}, 401, "auth.required")
    refused(*concede, _bearer(other), 401, "auth.invalid")
    refused(*concede, _bearer(seat[1]), 403, "auth.not_your_turn")
    # Asking the AI: a seat holder passes the guard (and, no AI being to move, gets 409).
    assert act(stranger, "POST", f"/api/matches/{mid}/ai", headers=_bearer(seat[1])).status_code == 409
    # The message in the player's language.
    r = act(stranger, "POST", f"/api/matches/{mid}/shots?lang=uk", json=FOUL)
    assert r.json()["detail"] == client.get("/api/i18n/uk").json()["auth.required"]
    host = _bearer(m["online"]["host_token"])
    assert act(stranger, "DELETE", f"/api/matches/{mid}", headers=host).status_code == 204
    gone = stranger.post(f"/api/matches/{mid}/shots", json=FOUL, headers={"X-Match-Version": "2"})
    assert gone.status_code == 404


def test_hot_seat_one_browser_holds_every_seat(client: TestClient) -> None:
    """The browser that created the match holds every seat in its cookie: it plays both sides."""
    m = _create(client)
    mid = m["id"]
    assert act(client, "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 200  # seat 0
    r = act(client, "POST", f"/api/matches/{mid}/choices", json={"choice": "put_back"})  # seat 1 chooses
    assert r.status_code == 200 and r.json()["match"]["turn"]["seat"] == 0
    you = client.get(f"/api/matches/{mid}/seats").json()["you"]
    assert you == {"host": True, "seats": [0, 1], "open": False}


def test_invitation_taken_once_with_a_display_name(client: TestClient) -> None:
    m = _create(client, players=[{"name": "Ann"}, {"name": "Bob", "invite": True}])
    mid, code = m["id"], m["online"]["invitations"][0]["code"]
    guest, late = TestClient(client.app), TestClient(client.app)
    invitation = guest.get(f"/api/matches/{mid}/invitations/{code}").json()
    assert invitation == {"seat": 1, "name": "Bob", "open": True}
    assert guest.get(f"/api/matches/{mid}/invitations/{'z' * 43}").status_code == 404
    r = guest.post(f"/api/matches/{mid}/join", json={"code": code, "name": "  Mai  "})
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 1 and len(r.json()["token"]) >= 43
    assert guest.cookies.get(f"cb_{mid}") == r.json()["token"]
    # The name is the player's: in the header (and so in the record) and in the seats.
    assert client.get(f"/api/matches/{mid}").json()["header"]["players"][1]["name"] == "Mai"
    seats = guest.get(f"/api/matches/{mid}/seats").json()
    assert seats["you"] == {"host": False, "seats": [1], "open": False}
    taken = [(s["seat"], s["name"], s["claimed"]) for s in seats["seats"]]
    assert taken == [(0, "Ann", True), (1, "Mai", True)]
    # Taken: a second opening of the link gets the seat no more (the page then shows the table).
    r = late.post(f"/api/matches/{mid}/join", json={"code": code, "name": "Eve"})
    assert (r.status_code, r.json()["key"]) == (409, "online.taken")
    assert late.get(f"/api/matches/{mid}/invitations/{code}").json()["open"] is False
    assert late.get(f"/api/matches/{mid}/seats").json()["you"] == {"host": False, "seats": [], "open": False}
    # The strokes alternate between the two browsers; neither may play the other's turn.
    assert act(guest, "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 403
    assert act(client, "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 200
    assert act(client, "POST", f"/api/matches/{mid}/choices", json={"choice": "play"}).status_code == 403
    assert act(guest, "POST", f"/api/matches/{mid}/choices", json={"choice": "play"}).status_code == 200
    assert act(late, "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 401
    assert client.get(f"/api/matches/{mid}/record").status_code == 200  # watching needs no token


def test_the_match_list_is_private_unless_published(client: TestClient) -> None:
    mine = _create(client, players=[{"name": "Ann"}, {"name": "Bob", "invite": True}])
    mid = mine["id"]
    stranger, guest = TestClient(client.app), TestClient(client.app)
    assert [(x["id"], x["role"]) for x in client.get("/api/matches").json()] == [(mid, "host")]
    assert stranger.get("/api/matches").json() == []
    code = mine["online"]["invitations"][0]["code"]
    guest.post(f"/api/matches/{mid}/join", json={"code": code, "name": "G"})
    assert [(x["id"], x["role"]) for x in guest.get("/api/matches?status=playing").json()] == [(mid, "seat")]
    assert guest.get("/api/matches?status=finished").json() == []
    # A client holding a token (not a cookie) lists with it.
    by_token = stranger.get("/api/matches", headers=_bearer(mine["online"]["seats"][0]["token"])).json()
    assert [x["id"] for x in by_token] == [mid]
    assert client.post(f"/api/matches/{mid}/publish", json={"public": True}).json() == {"public": True}
    assert [(x["id"], x["role"]) for x in stranger.get("/api/matches").json()] == [(mid, "public")]
    assert stranger.get(f"/api/matches/{mid}/seats").json()["public"] is True
    client.post(f"/api/matches/{mid}/publish", json={"public": False})
    assert stranger.get("/api/matches").json() == []


def test_matches_stored_before_seats_stay_open(tmp_path: Path) -> None:
    """A database of revision 0001 with a match in it: upgraded, the match stays playable and
    listed for everyone (nobody holds a token of it)."""
    from alembic import command
    from alembic.config import Config

    from cueboard.app.server import create_app
    from cueboard.store.db import _migrations_dir

    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    with TestClient(create_app(f"sqlite:///{tmp_path / 'new.sqlite3'}")) as fresh:
        view = _create(fresh, "novuss")
    cfg = Config()
    cfg.set_main_option("script_location", str(_migrations_dir()))
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0001")
    with sqlite3.connect(tmp_path / "old.sqlite3") as db:
        db.execute("INSERT INTO matches (id, game, status, header, state, position, created_at, updated_at) "
                   "VALUES (?, 'novuss', 'playing', ?, ?, ?, '2026-11-30 10:00:00', '2026-11-30 10:00:00')",
                   ("0123456789ab", _json(view["header"]), _json(view["state"]), _json(view["position"])))
        db.execute("INSERT INTO frames (match_id, number, start_position) VALUES (?, 0, ?)",
                   ("0123456789ab", _json(view["position"])))
    with TestClient(create_app(url)) as c:
        assert [(x["id"], x["role"]) for x in c.get("/api/matches").json()] == [("0123456789ab", "open")]
        stroke = {"strike": {"x": 0.0, "y": -0.44, "speed": 0.5, "angle": 90}}
        r = act(c, "POST", "/api/matches/0123456789ab/shots", json=stroke)
        assert r.status_code == 200, r.text
        assert c.get("/api/matches/0123456789ab/seats").json()["you"]["open"] is True


def _json(data: Any) -> str:
    import json

    return json.dumps(data)


def test_doubles_four_browsers_each_plays_only_its_seat(client: TestClient) -> None:
    """Four people, four browsers: the creator keeps seat 0 and invites the three others; at each
    turn only the browser holding the seat to move may act (the three others get 403)."""
    players = [{"name": "Ann"}, *({"name": f"P{n}", "invite": True} for n in (2, 3, 4))]
    m = _create(client, "snooker", players)
    mid = m["id"]
    browsers = {0: client}
    for inv in m["online"]["invitations"]:
        b = TestClient(client.app)
        joined = b.post(f"/api/matches/{mid}/join", json={"code": inv["code"], "name": f"G{inv['seat']}"})
        assert joined.json()["seat"] == inv["seat"]
        browsers[inv["seat"]] = b
    assert sorted(browsers) == [0, 1, 2, 3]
    seats = [s["seat"] for s in client.get(f"/api/matches/{mid}/seats").json()["seats"]]
    assert seats == [0, 1, 2, 3]
    moved = []
    for _ in range(4):
        turn = client.get(f"/api/matches/{mid}").json()["turn"]
        if turn["action"] == "choose":
            path, body = f"/api/matches/{mid}/choices", {"choice": "play"}
        else:
            strike: dict[str, Any] = {"speed": 0.4, "angle": 0.0}
            if turn["placement"]:
                strike["place_cue_ball"] = [0.0, 0.6]
            path, body = f"/api/matches/{mid}/shots", {"strike": strike}
        for seat, b in browsers.items():
            if seat != turn["seat"]:
                r = act(b, "POST", path, json=body)
                assert (r.status_code, r.json()["key"]) == (403, "auth.not_your_turn")
        r = act(browsers[turn["seat"]], "POST", path, json=body)
        assert r.status_code == 200, r.text
        moved.append(turn["seat"])
    assert len(set(moved)) >= 2, moved


def test_presence_leases(client: TestClient) -> None:
    """A seat is present while its lease runs (renewed for many tables in one transaction), away
    once it has run out or been ended."""
    from datetime import UTC, datetime, timedelta

    online = client.app.state.online  # type: ignore[attr-defined]
    a, b = _create(client)["id"], _create(client)["id"]
    online.book.touch_many([(a, 0), (b, 1)], datetime.now(UTC) + timedelta(seconds=30))
    assert [s["present"] for s in online.book.seats(a)] == [True, False]
    assert [s["present"] for s in online.book.seats(b)] == [False, True]
    later = datetime.now(UTC) + timedelta(seconds=31)
    assert [s["present"] for s in online.book.seats(a, now=later)] == [False, False]
    online.book.touch(b, [1], datetime.now(UTC))
    assert [s["present"] for s in online.book.seats(b)] == [False, False]


def test_seat_checked_at_the_version_the_request_names(client: TestClient) -> None:
    """A stranger is refused for its token (401) whatever version it names; a seat holder naming
    a version that is no longer the match's gets 409 before its seat is judged, and nothing
    changes (the seat to move is judged at the version the store's compare-and-set writes)."""
    m = _create(client)
    mid = m["id"]
    stranger = TestClient(client.app)
    assert act(client, "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 200  # version 1
    before = _state(client, mid)
    stale = {"X-Match-Version": "0"}
    r = stranger.post(f"/api/matches/{mid}/choices", json={"choice": "play"}, headers=stale)
    assert (r.status_code, r.json()["key"]) == (401, "auth.required")
    r = client.post(f"/api/matches/{mid}/choices", json={"choice": "play"}, headers=stale)
    assert r.status_code == 409 and r.json()["params"]["version"] == 1
    assert _state(client, mid) == before
    assert act(client, "POST", f"/api/matches/{mid}/choices", json={"choice": "play"}).status_code == 200
