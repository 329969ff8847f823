"""One error shape (RFC 9457 problem details, ``application/problem+json``) for every kind of
refusal, and text discipline on every request string: NUL, lone surrogates and the other refused
characters get 422 naming the field on SQLite and PostgreSQL alike, and nothing unreadable is
stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import fake_physics
import pytest
from fastapi.testclient import TestClient

from cueboard.app.guard import Rate
from cueboard.app.server import create_app
from cueboard.app.text import printable, refused_reason

PLAYERS = [{"name": "Ann"}, {"name": "Bo"}]
#: The members every problem has (RFC 9457 section 3.1, plus this API's code, key and params;
#: ``instance`` where a route answered).
MEMBERS = {"type", "title", "status", "detail", "code", "key", "params"}


def assert_problem(r: Any, status: int, code: str) -> dict[str, Any]:
    """``r`` is the problem ``code`` with ``status``, in the documented shape."""
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/problem+json", r.headers
    body: dict[str, Any] = r.json()
    assert set(body) >= MEMBERS, body
    assert body["type"] == f"/problems/{code}" and body["code"] == code, body
    assert body["status"] == status and body["title"] and body["detail"], body
    return body


def post(c: TestClient, path: str, body: Any) -> Any:
    """POST ``body`` as JSON text in ASCII: a lone surrogate goes as its ``\\udXXX`` escape, as
    a hostile client sends it (it has no UTF-8 encoding)."""
    return c.post(path, content=json.dumps(body).encode(), headers={"Content-Type": "application/json"})


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, db_url: str,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A server over SQLite, then over PostgreSQL (skipped where PostgreSQL is not installed)."""
    url = db_url if request.param == "sqlite" else request.getfixturevalue("pg_url")
    fake_physics.install(monkeypatch)
    with TestClient(create_app(url)) as c:
        yield c


def test_every_kind_of_error_is_a_problem(db_url: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    fake_physics.install(monkeypatch)
    app = create_app(db_url)
    with TestClient(app, raise_server_exceptions=False) as c:
        created = c.post("/api/matches", json={"game": "snooker", "players": PLAYERS})
        mid = created.json()["id"]
        # 404: an unknown match, an unknown path
        body = assert_problem(c.get("/api/matches/abc123"), 404, "not-found")
        assert body["instance"] == "/api/matches/abc123" and "abc123" in body["detail"]
        assert_problem(c.get("/api/nothing-here"), 404, "not-found")
        # 405 names the methods allowed (RFC 9110 section 15.5.6)
        r = c.put("/api/games", json={})
        assert_problem(r, 405, "method-not-allowed")
        assert r.headers["allow"] == "GET"
        # 422: a field of the body, with every field refused listed
        r = c.post("/api/matches", json={"game": 7, "players": [{"name": "A", "kind": "robot"}], "x": 1})
        body = assert_problem(r, 422, "validation-error")
        fields = {(e["in"], e["field"]) for e in body["errors"]}
        assert {("body", "game"), ("body", "players.0.kind"), ("body", "x")} <= fields
        assert all(set(e) == {"in", "field", "detail", "type"} for e in body["errors"])
        r = c.get(f"/api/matches/{mid}/shots", params={"limit": 0})
        body = assert_problem(r, 422, "validation-error")
        assert body["errors"][0]["in"] == "query" and body["errors"][0]["field"] == "limit"
        # 422: input cueboard refuses (its error's code)
        r = c.post("/api/matches", json={"game": "chess", "players": PLAYERS})
        assert_problem(r, 422, "unknown-game")
        # 401: no seat token
        bare = TestClient(app, raise_server_exceptions=False)
        r = bare.post(f"/api/matches/{mid}/concede", headers={"X-Match-Version": "0"})
        assert_problem(r, 401, "access-denied")
        # 409: a stale version
        r = c.post(f"/api/matches/{mid}/concede", headers={"X-Match-Version": "5"})
        body = assert_problem(r, 409, "stale-version")
        assert body["params"]["version"] == 0
        # 415 from the guard, before any route runs
        r = c.post("/api/matches", content=b"game=snooker", headers={"Content-Type": "text/plain"})
        assert_problem(r, 415, "unsupported-media-type")

        # 500: a bug's message stays in the log
        def broken(_mid: str) -> None:
            raise RuntimeError("secret at /home/x/y.py line 3")

        monkeypatch.setattr(app.state.service, "view", broken)
        body = assert_problem(c.get(f"/api/matches/{mid}"), 500, "internal-error")
        assert "secret" not in str(body) and "y.py" not in str(body)
    # 429 with Retry-After: the second match within a burst of 1
    with TestClient(create_app(f"sqlite:///{tmp_path / 'limited.sqlite3'}",
                               create_rate=Rate(per_minute=1, burst=1))) as c:
        assert c.post("/api/matches", json={"game": "snooker", "players": PLAYERS}).status_code == 201
        r = c.post("/api/matches", json={"game": "snooker", "players": PLAYERS})
        assert_problem(r, 429, "rate-limited")
        assert int(r.headers["retry-after"]) >= 1


def test_problems_speak_the_language_asked(client: TestClient) -> None:
    r = client.get("/api/matches/abc123", headers={"Accept-Language": "uk"})
    body = assert_problem(r, 404, "not-found")
    assert body["detail"] != body["params"]["detail"] and "abc123" in body["detail"]


@pytest.mark.parametrize("bad", ["An\x00n", "\ud800", "Bo\udfff", "tab\there", "new\nline", "\x7f",
                                 "right\u202eleft", "\ufffe"])
def test_refused_characters_in_every_kind_of_name(any_db: TestClient, bad: str) -> None:
    c = any_db
    before = c.get("/api/matches").json()
    r = post(c, "/api/matches", {"game": "snooker", "players": [{"name": bad}, {"name": "Bo"}]})
    body = assert_problem(r, 422, "validation-error")
    assert body["errors"][0]["field"] == "players.0.name", body
    # pydantic refuses a lone surrogate as no unicode string at all; SafeText names the others
    assert "U+" in body["detail"] or "unicode" in body["detail"], body
    r = post(c, "/api/scorer", {"players": ["Ann", bad]})
    body = assert_problem(r, 422, "validation-error")
    assert body["errors"][0]["field"] == "players.1", body
    r = post(c, "/api/matches", {"game": "snooker", "players": PLAYERS, "settings": {bad: 1}})
    assert_problem(r, 422, "validation-error")
    # nothing was stored, and every list still reads
    assert c.get("/api/matches").json() == before
    assert c.get("/api/scorer").status_code == 200


def test_good_names_are_stored_and_read_back(any_db: TestClient) -> None:
    """Names in every script, emoji joined by U+200D among them, come back as they were sent."""
    names = ["Ołeh Вадим 陳 Nguyễn", "👩‍👩‍👧 Zoë"]
    c = any_db
    r = c.post("/api/matches", json={"game": "snooker", "players": [{"name": n} for n in names]})
    assert r.status_code == 201, r.text
    assert [p["name"] for p in c.get(f"/api/matches/{r.json()['id']}").json()["header"]["players"]] == names
    r = c.post("/api/scorer", json={"players": names})
    assert r.status_code == 201, r.text
    assert c.get(f"/api/scorer/{r.json()['id']}").json()["header"]["players"] == names


def test_a_join_name_with_a_nul_is_refused(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "snooker",
                                          "players": [{"name": "Ann"}, {"name": "Bo", "invite": True}]})
    mid, code = r.json()["id"], r.json()["online"]["invitations"][0]["code"]
    r = client.post(f"/api/matches/{mid}/join", json={"code": code, "name": "B\x00o"})
    body = assert_problem(r, 422, "validation-error")
    assert body["errors"][0]["field"] == "name"
    assert client.get(f"/api/matches/{mid}/invitations/{code}").json()["open"] is True


def test_which_characters_are_refused_and_how_they_are_quoted() -> None:
    assert refused_reason("\x00") == refused_reason("\x1f") == refused_reason("\x85") == "a control character"
    assert refused_reason("\ud800") == "a lone surrogate"
    assert refused_reason("\ufdd0") == refused_reason("\U0001fffe") == "a noncharacter"
    assert refused_reason("\u2066") == "a bidirectional control"
    for ok in ("a", " ", "é", "陳", "\u200d", "\U0001f600", "\u00a0"):
        assert refused_reason(ok) is None, repr(ok)
    assert printable("a\x00b\ud800") == "a\\u0000b\\ud800"
    assert printable("Zoë") == "Zoë"
