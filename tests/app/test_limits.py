"""The service under misuse (docs/service.md): stale and double-submitted moves, bodies over the
limit, numbers out of range, loose types, foreign hosts and origins, the security headers, rate
limits, and JSON answers for every error — each a 4xx (or a JSON 5xx) that changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import fake_physics
import pytest
from acting import act, version
from fastapi.testclient import TestClient

from cueboard.app.guard import CSP, Rate, RateLimitedError, RateLimiter
from cueboard.app.server import create_app

TWO = [{"name": "Ann"}, {"name": "Bob"}]
FOUL = {"strike": {"speed": 0.5, "angle": 180.0, "place_cue_ball": [0.0, 0.6]}}  # hits nothing


def _snooker(client: TestClient, **settings: Any) -> str:
    r = client.post("/api/matches", json={"game": "snooker", "players": TWO, "settings": settings, "seed": 3})
    assert r.status_code == 201, r.text
    mid: str = r.json()["id"]
    return mid


def _at(v: int) -> dict[str, str]:
    return {"X-Match-Version": str(v)}


def test_a_double_submitted_stroke_is_played_once(client: TestClient) -> None:
    mid = _snooker(client)
    first = client.post(f"/api/matches/{mid}/shots", json=FOUL, headers=_at(0))
    assert first.status_code == 200 and first.json()["match"]["version"] == 1
    again = client.post(f"/api/matches/{mid}/shots", json=FOUL, headers=_at(0))
    assert again.status_code == 409
    body = again.json()
    assert body["key"] == "error.conflict"
    assert body["params"]["expected"] == 0 and body["params"]["version"] == 1
    assert "version 1, not 0" in body["detail"]
    view = client.get(f"/api/matches/{mid}").json()  # not played as the opponent's turn
    assert view["shots"] == 1 and view["turn"]["seat"] == 1 and view["turn"]["action"] == "choose"
    assert [s["seat"] for s in client.get(f"/api/matches/{mid}/shots").json()] == [0]


def test_every_acting_request_names_a_current_version(client: TestClient) -> None:
    mid = _snooker(client)
    act(client, "POST", f"/api/matches/{mid}/shots", json=FOUL)
    missing = client.post(f"/api/matches/{mid}/choices", json={"choice": "put_back"})
    assert missing.status_code == 422 and "X-Match-Version" in missing.json()["detail"]
    for method, path, body in [("POST", "choices", {"choice": "put_back"}), ("POST", "ai", None),
                               ("POST", "placement", {"x": 0.1, "y": 0.7}), ("DELETE", "", None)]:
        url = f"/api/matches/{mid}/{path}".rstrip("/")
        r = client.request(method, url, json=body, headers=_at(0))
        assert r.status_code == 409, (method, path, r.text)
    assert version(client, mid) == 1
    chosen = client.post(f"/api/matches/{mid}/choices", json={"choice": "put_back"}, headers=_at(1))
    assert chosen.status_code == 200
    assert client.delete(f"/api/matches/{mid}", headers=_at(2)).status_code == 204


@pytest.mark.parametrize("path", [
    "/api/matches/abc/shots/9223372036854775808", "/api/matches/abc/shots/-1",
    "/api/matches/abc/shots?frame=9223372036854775808", "/api/matches/abc/shots?limit=0",
    "/api/matches/abc/shots?limit=1001", "/api/matches/abc/shots?start=99999999999999999999",
    "/api/matches/NOT-HEX", "/api/matches/abc/shots/1e3",
])
def test_numbers_and_ids_out_of_range_are_4xx(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 422 and r.json()["key"] == "error.invalid", r.text


def test_loose_types_are_refused(client: TestClient) -> None:
    mid = _snooker(client)
    for strike in ({"speed": "3", "angle": 0.0, "place_cue_ball": [0.0, 0.6]},
                   {"speed": True, "angle": 0.0, "place_cue_ball": [0.0, 0.6]},
                   {"speed": 1.0, "angle": 0.0, "place_cue_ball": ["0", 0.6]}):
        r = client.post(f"/api/matches/{mid}/shots", json={"strike": strike}, headers=_at(0))
        assert r.status_code == 422 and "strike." in r.json()["detail"], r.text
    big = client.post(f"/api/matches/{mid}/shots", json=FOUL, headers={"X-Match-Version": str(2**63)})
    assert big.status_code == 422 and "X-Match-Version" in big.json()["detail"]
    r = client.post(f"/api/matches/{mid}/placement", json={"x": "0.1", "y": 0.7}, headers=_at(0))
    assert r.status_code == 422
    assert client.post(f"/api/matches/{mid}/choices", json={"choice": 3}, headers=_at(0)).status_code == 422
    assert version(client, mid) == 0
    game = {"game": "snooker", "players": TWO}
    for bad in ({"seed": "3"}, {"seed": True}, {"seed": 2**31}, {"settings": {"best_of": "3"}},
                {"settings": {"best_of": True}}, {"settings": {"best_of": 36}}, {"settings": {"reds": "15"}},
                {"settings": {"miss": 1}}, {"players": [{"name": "A", "kind": "robot"}, {"name": "B"}]},
                {"players": [{"name": 7}, {"name": "B"}]}, {"colour": "red"}):
        r = client.post("/api/matches", json={**game, **bad})
        assert r.status_code == 422, (bad, r.text)
    crok = {"game": "crokinole", "players": TWO}
    assert client.post("/api/matches", json={**crok, "settings": {"fifteen_rule": 1}}).status_code == 422
    assert client.post("/api/matches", json={**crok, "settings": {"rounds": 21}}).status_code == 422
    assert [m["id"] for m in client.get("/api/matches").json()] == [mid]
    ok = client.post("/api/matches", json={**game, "settings": {"best_of": 35, "reds": 6, "miss": "off"}})
    assert ok.status_code == 201, ok.text


def test_bodies_over_the_limit_are_413(client: TestClient) -> None:
    mid = _snooker(client)
    huge = {"strike": {"speed": 1.0, "angle": 0.0, "pad": "x" * 70_000}}
    r = client.post(f"/api/matches/{mid}/shots", json=huge, headers=_at(0))
    assert r.status_code == 413 and r.json()["key"] == "error.invalid" and "65536" in r.json()["detail"]

    def chunks() -> Any:  # no Content-Length: counted as it arrives
        for _ in range(20):
            yield b"x" * 8192

    r = client.post(f"/api/matches/{mid}/shots", content=chunks(),
                    headers={**_at(0), "Content-Type": "application/json"})
    assert r.status_code == 413, r.text
    assert version(client, mid) == 0


def test_hosts_origins_and_forms_are_checked(client: TestClient) -> None:
    assert client.get("/api/games", headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/api/games", headers={"Host": "127.0.0.1:8000"}).status_code == 200
    mid = _snooker(client)
    url = f"/api/matches/{mid}/shots"
    cross = client.post(url, json=FOUL, headers={**_at(0), "Origin": "http://evil.example"})
    assert cross.status_code == 403 and "Origin" in cross.json()["detail"]
    fetch_meta = client.post(url, json=FOUL, headers={**_at(0), "Sec-Fetch-Site": "cross-site"})
    assert fetch_meta.status_code == 403
    form = client.post("/api/matches", content=b"game=snooker",
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert form.status_code == 415 and form.json()["key"] == "error.invalid"
    plain = client.post("/api/matches", content=b'{"game": "snooker"}',
                        headers={"Content-Type": "text/plain"})
    assert plain.status_code == 415
    same = client.post(url, json=FOUL, headers={**_at(0), "Origin": "http://testserver",
                                                "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 200, same.text


def test_security_headers_and_no_swagger(client: TestClient) -> None:
    for path in ("/", "/api/games", "/static/js/app.js", "/api/matches/none"):
        h = client.get(path).headers
        assert h["content-security-policy"] == CSP and "default-src 'self'" in CSP
        assert "frame-ancestors 'none'" in CSP
        assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "no-referrer"
        assert h["x-frame-options"] == "DENY"
    assert client.get("/api/games").headers["cache-control"] == "no-store"
    docs = client.get("/docs")
    assert docs.status_code == 404 and docs.json()["key"] == "error.not_found"
    assert client.get("/openapi.json").status_code == 200


def test_rate_limits_per_client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_physics.install(monkeypatch)
    with TestClient(create_app(db_url, create_rate=Rate(per_minute=6, burst=2))) as c:
        game = {"game": "novuss", "players": TWO}
        assert [c.post("/api/matches", json=game).status_code for _ in range(2)] == [201, 201]
        r = c.post("/api/matches", json=game)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) == 10
        assert "too many new matches" in r.json()["detail"]
        assert len(c.get("/api/matches").json()) == 2


def test_the_rate_limiter_refills_and_stays_bounded() -> None:
    now = [0.0]
    limiter = RateLimiter("AI turns", Rate(per_minute=60, burst=2), max_clients=3, clock=lambda: now[0])
    limiter.take("a")
    limiter.take("a")
    with pytest.raises(RateLimitedError) as err:
        limiter.take("a")
    assert err.value.retry_after_s == pytest.approx(1.0)
    now[0] = 1.0
    limiter.take("a")  # one token back after a second
    for n in range(100):
        limiter.take(f"client-{n}")
    assert len(limiter) == 3


def test_errors_are_problems_even_500_and_503_and_name_no_cause(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    fake_physics.install(monkeypatch)
    path = tmp_path / "ro.sqlite3"
    app = create_app(f"sqlite:///{path}")
    with TestClient(app, raise_server_exceptions=False) as c:
        mid = _snooker(c)
        seats = dict(c.cookies)  # the creator's seat tokens (online play), for the next server

        def broken(_mid: str) -> None:
            raise RuntimeError("a bug")

        monkeypatch.setattr(app.state.service, "view", broken)
        r = c.get(f"/api/matches/{mid}")
        assert r.status_code == 500 and r.headers["content-type"] == "application/problem+json"
        assert r.json()["type"] == "/problems/internal-error" and "internal error" in r.json()["detail"]
        assert "a bug" not in r.text
    readonly = create_app(f"sqlite:///file:{path}?mode=ro&uri=true")
    with TestClient(readonly, raise_server_exceptions=False, cookies=seats) as c:
        r = c.post(f"/api/matches/{mid}/shots", json=FOUL, headers=_at(0))
        # the cause (SQLite's "attempt to write a readonly database", the driver, the file) goes
        # to the log, never to the client (OWASP ASVS 4.0 V7.4.1)
        assert r.status_code == 503 and r.json()["code"] == "store-unavailable", r.text
        assert "unavailable" in r.json()["detail"] and r.headers["retry-after"] == "1"
        for leak in ("readonly", "sqlite", "ro.sqlite3", str(tmp_path), "Traceback", "File "):
            assert leak.lower() not in r.text.lower(), (leak, r.text)
        h = c.get("/api/health")
        assert h.status_code == 503 and h.json()["code"] == "store-unavailable"
        assert "readonly" not in h.text and "sqlite" not in h.text.lower()
    with TestClient(create_app(f"sqlite:///{path}")) as c:
        health = c.get("/api/health").json()
        assert health["ok"] is True and health["database"]["writable"] is True
        assert version(c, mid) == 0
