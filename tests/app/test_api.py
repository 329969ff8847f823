"""The JSON API: every endpoint, good and bad input (docs/app.md). The physics is the stand-in of
fake_physics.py (a lone slide touching nothing), the referees are the games' own."""

from __future__ import annotations

from typing import Any

from acting import act
from fastapi.testclient import TestClient

from cueboard.app.server import create_app
from cueboard.records.match import loads_match

TWO = [{"name": "Ann"}, {"name": "Bob"}]


def _new(client: TestClient, game: str, **settings: Any) -> dict[str, Any]:
    r = client.post("/api/matches", json={"game": game, "players": TWO, "settings": settings, "seed": 3})
    assert r.status_code == 201, r.text
    return r.json()


def _strike(client: TestClient, mid: str, **strike: Any) -> Any:
    return act(client, "POST", f"/api/matches/{mid}/shots", json={"strike": strike})


def test_games_specs_and_languages(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert {"snooker", "crokinole", "novuss"} <= set(games)
    assert games["snooker"]["players"] == [2, 4]
    spec = client.get("/api/games/snooker/spec").json()
    assert spec["length"] == 3.569 and spec["d_radius"] == 0.292  # S1 §1
    assert spec["spots"]["black"][1] == 3.569 - 0.324
    assert len(client.get("/api/games/crokinole/spec").json()["peg_positions"]) == 8
    chess = client.get("/api/games/chess/spec")  # a path naming no game: no such resource
    assert chess.status_code == 404 and "snooker" in chess.json()["detail"]
    langs = client.get("/api/i18n").json()
    assert set(langs) == {"en", "uk", "ru", "zh-Hant", "vi"}
    assert client.get("/api/i18n/uk").json()["lobby.start"] == "Почати матч"
    assert client.get("/api/i18n/xx").status_code == 404
    assert client.get("/openapi.json").json()["paths"]["/api/matches"]["post"]
    assert client.get("/").status_code == 200
    assert client.get("/static/js/app.js").status_code == 200


def test_create_match_validation(client: TestClient) -> None:
    bad = client.post("/api/matches", json={"game": "chess", "players": TWO})
    assert bad.status_code == 422 and "chess" in bad.json()["detail"]
    three = client.post("/api/matches", json={"game": "snooker", "players": [*TWO, {"name": "C"}]})
    assert three.status_code == 422 and "3" in three.json()["detail"]
    one = client.post("/api/matches", json={"game": "snooker", "players": TWO[:1]})
    assert one.status_code == 422 and "players" in one.json()["detail"]
    setting = client.post("/api/matches", json={"game": "snooker", "players": TWO, "settings": {"colour": 1}})
    assert setting.status_code == 422 and "colour" in setting.json()["detail"]
    level = client.post("/api/matches", json={"game": "snooker", "players": [
        {"name": "A"}, {"name": "B", "kind": "ai", "level": "godlike"}]})
    assert level.status_code == 422 and "godlike" in level.json()["detail"]
    reds = client.post("/api/matches", json={"game": "snooker", "players": TWO, "settings": {"reds": 7}})
    assert reds.status_code == 422 and "reds" in reds.json()["detail"]
    assert client.get("/api/matches").json() == []


def test_snooker_placement_foul_and_choice(client: TestClient) -> None:
    m = _new(client, "snooker")
    mid = m["id"]
    assert m["turn"]["action"] == "strike"
    placement = {k: m["turn"]["placement"][k] for k in ("kind", "required", "piece")}
    assert placement == {"kind": "d", "required": True, "piece": "white"}
    assert m["scoreboard"]["rows"][1] == {"key": "score.remaining", "value": 147}
    # Placement outside the D: refused with the reason, nothing stored (S2 D10).
    r = act(client, "POST", f"/api/matches/{mid}/placement", json={"x": 0.0, "y": 1.0})
    assert r.status_code == 422 and r.json()["key"] == "placement.outside_d"
    legal = act(client, "POST", f"/api/matches/{mid}/placement", json={"x": 0.1, "y": 0.7})
    assert legal.json() == {"legal": True}
    shot = {"strike": {"speed": 1.0, "angle": 0.0, "place_cue_ball": [0.0, 1.5]}}
    r = act(client, "POST", f"/api/matches/{mid}/shots", json=shot)
    assert r.status_code == 422 and r.json()["key"] == "placement.outside_d"
    r = act(client, "POST", f"/api/matches/{mid}/shots", json={"strike": {"speed": 1.0, "angle": 0.0}})
    assert r.status_code == 422 and r.json()["key"] == "placement.required"
    r = act(client, "POST", f"/api/matches/{mid}/shots", json={"strike": {"speed": -1.0, "angle": 0.0}})
    assert r.status_code == 422 and "strike.speed" in r.json()["detail"]
    r = act(client, "POST", f"/api/matches/{mid}/shots", json={"strike": {"speed": 1.0, "angle": 0.0},
                                                       "declaration": {"nominated": "purple"}})
    assert r.status_code == 422 and "purple" in r.json()["detail"]
    assert client.get(f"/api/matches/{mid}").json()["shots"] == 0
    # Dead slow into the side cushion, touching nothing: foul, value of the ball on, 4 (S3 R12 (a)).
    r = act(client, "POST", f"/api/matches/{mid}/shots", json={"strike": {"speed": 0.5, "angle": 180.0,
                                                                   "place_cue_ball": [0.0, 0.6]}})
    assert r.status_code == 200, r.text
    body = r.json()
    calls = body["shot"]["announcements"]
    assert calls[0] == {"key": "ref.snooker.foul", "params": {"penalty": 4, "reason_key": "foul.hit_nothing"}}
    assert body["match"]["scoreboard"]["sides"][1]["score"] == 4
    turn = body["match"]["turn"]
    assert turn["seat"] == 1 and turn["action"] == "choose" and "put_back" in turn["choices"]
    track = body["shot"]["tracks"]["tracks"][0]
    assert track["id"] == "white" and track["segments"][0]["x"] == 0.0
    # A stroke while a choice is pending, and a choice not offered: refused.
    r = act(client, "POST", f"/api/matches/{mid}/shots", json={"strike": {"speed": 1.0, "angle": 90.0}})
    assert r.status_code == 422 and "choose" in r.json()["detail"]
    r = act(client, "POST", f"/api/matches/{mid}/choices", json={"choice": "dance"})
    assert r.status_code == 422 and "dance" in r.json()["detail"]
    r = act(client, "POST", f"/api/matches/{mid}/choices", json={"choice": "put_back"})
    assert r.status_code == 200, r.text
    assert r.json()["match"]["turn"]["seat"] == 0 and r.json()["match"]["turn"]["action"] == "strike"
    # Shots list, one shot for replay, the match record.
    shots = client.get(f"/api/matches/{mid}/shots").json()
    assert [s["kind"] for s in shots] == ["shot", "choice"]
    # The replay list carries each shot's calls: the foul of hitting nothing (S3 R12), then none.
    assert shots[0]["announcements"][0]["key"] == "ref.snooker.foul"
    assert shots[0]["announcements"][0]["params"]["reason_key"] == "foul.hit_nothing"
    assert client.get(f"/api/matches/{mid}/shots?frame=0").json() == shots
    one = client.get(f"/api/matches/{mid}/shots/0").json()
    assert one["position_before"]["in_hand"] is True and one["tracks"]["duration"] > 0
    assert client.get(f"/api/matches/{mid}/shots/9").status_code == 404
    record = loads_match(client.get(f"/api/matches/{mid}/record").text)
    assert record.header.game == "snooker" and len(record.shots) == 2
    assert act(client, "POST", f"/api/matches/{mid}/ai").status_code == 409


def test_crokinole_and_novuss_strokes(client: TestClient) -> None:
    c = _new(client, "crokinole")
    seat = c["turn"]["seat"]
    assert seat in (0, 2)
    y = -0.3048 if seat == 0 else 0.3048
    r = act(client, "POST", f"/api/matches/{c['id']}/placement", json={"x": 0.0, "y": 0.0})
    assert r.status_code == 422 and r.json()["key"] == "placement.not_touching_shooting_line"
    r = _strike(client, c["id"], start=[0.0, -y], speed=1, angle=0)
    assert r.status_code == 422 and r.json()["key"] == "placement.outside_quadrant"
    angle = 90.0 if seat == 0 else -90.0
    r = _strike(client, c["id"], start=[0.0, y], speed=0.75, angle=angle)
    assert r.status_code == 200, r.text
    assert r.json()["match"]["turn"]["seat"] == 2 - seat
    n = _new(client, "novuss")
    r = _strike(client, n["id"], x=0.0, y=0.0, speed=1, angle=90)
    assert r.status_code == 422 and r.json()["key"] == "placement.outside_zone"
    r = _strike(client, n["id"], x=0.0, y=-0.44, speed=0.5, angle=90)
    assert r.status_code == 200, r.text
    assert r.json()["shot"]["announcements"][0]["key"] == "ref.novuss.penalty"  # touched no own disc (case 1)


def test_list_delete_and_restart(client: TestClient, db_url: str) -> None:
    m = _new(client, "snooker")
    act(client, "POST", f"/api/matches/{m['id']}/shots", json={"strike": {"speed": 0.5, "angle": 180.0,
                                                                     "place_cue_ball": [0.0, 0.6]}})
    assert [x["id"] for x in client.get("/api/matches?status=playing").json()] == [m["id"]]
    assert client.get("/api/matches?status=finished").json() == []
    assert client.get("/api/matches?status=lost").status_code == 422
    # A second server over the same database: the match resumes where it stopped.
    with TestClient(create_app(db_url)) as again:
        view = again.get(f"/api/matches/{m['id']}").json()
        assert view["shots"] == 1 and view["turn"]["action"] == "choose"
        assert act(again, "DELETE", f"/api/matches/{m['id']}").status_code == 401  # holds no token
        host = {"Authorization": f"Bearer {m['online']['host_token']}"}
        assert act(again, "DELETE", f"/api/matches/{m['id']}", headers=host).status_code == 204
    assert client.get(f"/api/matches/{m['id']}").status_code == 404
    assert client.delete(f"/api/matches/{m['id']}", headers={"X-Match-Version": "1"}).status_code == 404


def test_errors_in_the_requested_language(client: TestClient) -> None:
    m = _new(client, "snooker")
    r = act(client, "POST", f"/api/matches/{m['id']}/placement?lang=uk", json={"x": 0.0, "y": 1.0})
    assert r.json()["detail"] == "Биток треба поставити в «D»."
    r = act(client, "POST", f"/api/matches/{m['id']}/placement", json={"x": 0.0, "y": 1.0},
                    headers={"Accept-Language": "zh-TW,zh;q=0.8"})
    assert r.json()["detail"] == "母球必須放在 D 區內。"
