"""Team fixtures in the scorer (/api/scorer/fixtures): a league match of single frames between two
teams, the result in frames won, a draw possible. Scores worked out by hand: a frame entered as
its result is its two scores (WPBSA S4 R6: the player behind concedes at that score); a break of
red-black three times then red-pink is 3 × (1 + 7) + 1 + 6 = 31 (S3 R4's values); league
scorecards list every break of 25 or more."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from fastapi.testclient import TestClient

HOME, AWAY = "Red Lion", "Crown"


def _fixture(client: TestClient, frames: int = 6, **extra: Any) -> dict[str, Any]:
    r = client.post("/api/scorer/fixtures", json={"teams": [HOME, AWAY], "frames": frames, **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _frame(client: TestClient, fid: str, players: list[str], **extra: Any) -> dict[str, Any]:
    r = client.post(f"/api/scorer/fixtures/{fid}/frames", json={"players": players, **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _entry(client: TestClient, mid: str, entry: dict[str, Any]) -> dict[str, Any]:
    r = client.post(f"/api/scorer/{mid}/entries", json=entry)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _result_frame(client: TestClient, fid: str, players: list[str], totals: list[int], **extra: Any) -> str:
    mid = str(_frame(client, fid, players, **extra)["id"])
    view = _entry(client, mid, {"action": "result", "totals": totals})
    assert view["status"] == "finished" and view["summary"]["scores"] == totals
    return mid


def _break_frame(client: TestClient, fid: str) -> str:
    """Ann (home) against Di: Ann's break of 31 (red-black ×3, red-pink), a safety, Di concedes."""
    frame = _frame(client, fid, ["Ann", "Di"])
    mid = str(frame["id"])
    if frame["summary"]["striker"] == 1:  # Di won the lots to break off: a safety first
        _entry(client, mid, {"stroke": {}})
    for ball in ("black", "black", "black", "pink"):
        _entry(client, mid, {"stroke": {"potted": ["red"]}, "mark": {"shot": "pot"}})
        _entry(client, mid, {"stroke": {"potted": [ball], "nominated": ball}, "mark": {"shot": "pot"}})
    _entry(client, mid, {"stroke": {}, "mark": {"shot": "safety"}})
    view = _entry(client, mid, {"action": "concede"})
    assert view["status"] == "finished" and view["summary"]["scores"] == [31, 0]
    return mid


def _six_frames(client: TestClient, last: list[int]) -> str:
    fid = str(_fixture(client)["id"])
    _result_frame(client, fid, ["Ann", "Bo"], [72, 40])
    _result_frame(client, fid, ["Cy", "Di"], [30, 65])
    _break_frame(client, fid)  # Ann plays a second frame: allowed unless the fixture says not
    _result_frame(client, fid, ["Eve", "Fay"], [20, 56])
    _result_frame(client, fid, ["Gus", "Hal"], [61, 14], handicap=[0, 14])
    _result_frame(client, fid, ["Ida", "Jo"], last)
    return fid


def test_six_frames_shared_three_all_is_a_draw(client: TestClient) -> None:
    fid = _six_frames(client, [44, 70])
    view = client.get(f"/api/scorer/fixtures/{fid}").json()
    assert view["teams"] == [HOME, AWAY] and view["frames_of"] == 6
    assert [f["winner"] for f in view["frames"]] == [0, 1, 0, 1, 0, 1]
    assert [f["team_score"] for f in view["frames"]] == [[1, 0], [1, 1], [2, 1], [2, 2], [3, 2], [3, 3]]
    assert view["score"] == [3, 3] and view["over"] and view["draw"] and view["winner"] is None
    third = view["frames"][2]
    assert third["players"] == ["Ann", "Di"] and third["scores"] == [31, 0] and third["breaks"] == [[31], []]
    assert view["frames"][0]["by_result"] and not third["by_result"]
    assert view["frames"][4]["handicap"] == [0, 14]
    # each frame is a normal scorer match linked to the fixture
    frame = client.get(f"/api/scorer/{third['id']}").json()
    assert frame["header"]["fixture"] == fid and frame["header"]["settings"]["best_of"] == 1


def test_six_frames_four_two_and_the_exports(client: TestClient) -> None:
    fid = _six_frames(client, [70, 44])
    view = client.get(f"/api/scorer/fixtures/{fid}").json()
    assert view["score"] == [4, 2] and view["over"] and not view["draw"] and view["winner"] == 0
    stats = client.get(f"/api/scorer/fixtures/{fid}/stats").json()
    ann = next(p for p in stats["players"] if p["name"] == "Ann")
    # Ann: frame 1 by its result (72), frame 3 by strokes (31: 8 pots, 4 reds and 4 colours)
    assert (ann["team"], ann["frames"], ann["frames_won"]) == (0, 2, 2)
    assert ann["breaks"] == [31] and ann["highest_break"] == 31 and ann["total_points"] == 72 + 31
    assert ann["pot"] == {"attempts": 8, "pots": 8, "success": 1.0}
    assert ann["safety"]["attempts"] == 1
    hal = next(p for p in stats["players"] if p["name"] == "Hal")
    assert hal["start_points"] == 14 and hal["frames_won"] == 0
    assert [p["name"] for p in stats["players"] if p["team"] == 1] == ["Bo", "Di", "Fay", "Hal", "Jo"]
    doc = json.loads(client.get(f"/api/scorer/fixtures/{fid}/export.json").text)
    assert doc["teams"] == [HOME, AWAY] and doc["score"] == [4, 2] and doc["winner"] == 0
    assert [f["scores"] for f in doc["frames"]] == [[72, 40], [30, 65], [31, 0], [20, 56], [61, 14], [70, 44]]
    assert any(p["name"] == "Ann" and p["breaks"] == [31] for p in doc["players"])
    r = client.get(f"/api/scorer/fixtures/{fid}/export.csv")
    assert r.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(r.text)))
    assert rows[0][:3] == ["frame", "home_player", "home_score"]
    assert rows[3] == ["3", "Ann", "31", "31", "Di", "0", "", HOME, "2", "1"]
    assert rows[6] == ["6", "Ida", "70", "", "Jo", "44", "", HOME, "4", "2"]
    assert rows[7] == ["total", HOME, "", "", AWAY, "", "", HOME, "4", "2"]


def test_a_fixture_in_play_and_its_limits(client: TestClient) -> None:
    fid = str(_fixture(client, frames=2, repeat_players=False)["id"])
    mid = str(_frame(client, fid, ["Ann", "Bo"])["id"])
    view = client.get(f"/api/scorer/fixtures/{fid}").json()
    assert view["frames"][0]["status"] == "playing" and view["frames"][0]["winner"] is None
    assert view["score"] == [0, 0] and not view["over"] and not view["draw"]
    r = client.post(f"/api/scorer/fixtures/{fid}/frames", json={"players": ["ann ", "Cy"]})
    assert r.status_code == 422 and "one frame" in r.json()["detail"]  # this league: one frame each
    _frame(client, fid, ["Dan", "Cy"])
    r = client.post(f"/api/scorer/fixtures/{fid}/frames", json={"players": ["Eve", "Fay"]})
    assert r.status_code == 422 and "its 2 frames" in r.json()["detail"]
    # deleting a frame takes it out of the fixture
    assert client.delete(f"/api/scorer/{mid}").status_code == 204
    view = client.get(f"/api/scorer/fixtures/{fid}").json()
    assert [f["players"] for f in view["frames"]] == [["Dan", "Cy"]] and view["frames"][0]["number"] == 1


def test_bad_input_is_refused_naming_what_is_wrong(client: TestClient) -> None:
    bad = [
        ({"teams": [HOME, AWAY], "frames": 0}, "frames"),
        ({"teams": [HOME, AWAY], "frames": 21}, "frames"),
        ({"teams": [HOME], "frames": 4}, "teams"),
        ({"teams": ["Lion\x00", AWAY], "frames": 4}, "teams"),
        ({"teams": [HOME, AWAY], "frames": 4, "reds": 9}, "reds"),
    ]
    for body, field in bad:
        r = client.post("/api/scorer/fixtures", json=body)
        assert r.status_code == 422, (body, r.text)
        assert r.headers["content-type"].startswith("application/problem+json")
        assert any(field in e["field"] for e in r.json()["errors"]), (body, r.json())
    for body, words in [({"teams": ["  ", AWAY], "frames": 4}, "team 1's name"),
                        ({"teams": [HOME, "red lion"], "frames": 4}, "two teams"),
                        ({"teams": [HOME, AWAY], "frames": 4, "game": "crokinole"},
                         "no crokinole team fixture"),
                        ({"teams": [HOME, "x" * 65], "frames": 4}, "1 to 64")]:
        r = client.post("/api/scorer/fixtures", json=body)
        assert r.status_code == 422 and words in r.json()["detail"], (body, r.text)
    fid = str(_fixture(client, frames=2)["id"])
    r = client.post(f"/api/scorer/fixtures/{fid}/frames", json={"players": ["Ann", "Bo\nb"]})
    assert r.status_code == 422 and r.json()["errors"][0]["field"].startswith("players")
    r = client.post(f"/api/scorer/fixtures/{fid}/frames",
                    json={"players": ["Ann", "Bo"], "handicap": [0, 71]})
    assert r.status_code == 422 and "handicap" in r.json()["detail"]
    assert client.get("/api/scorer/fixtures/abc").status_code == 404
    games = {g["name"]: g["fixtures"] for g in client.get("/api/scorer-games").json()}
    assert games["snooker"] is True and games["crokinole"] is False and games["novuss"] is False


def test_only_the_owner_token_writes_and_the_share_link_reads(client: TestClient) -> None:
    created = _fixture(client, frames=2)
    fid, token = created["id"], created["owner_token"]
    assert created["owner"] and created["share_path"] == f"/#/scorer/fixture/{fid}"
    other = _fixture(client, frames=1)["owner_token"]
    mid = str(_frame(client, fid, ["Ann", "Bo"])["id"])  # the creator's browser: by its cookie
    with TestClient(client.app) as stranger:
        assert stranger.get(f"/api/scorer/fixtures/{fid}").json()["owner"] is False
        assert stranger.get("/api/scorer/fixtures").json() == []
        writes = [("post", f"/api/scorer/fixtures/{fid}/frames", {"players": ["Cy", "Di"]}),
                  ("delete", f"/api/scorer/fixtures/{fid}", None),
                  ("post", f"/api/scorer/{mid}/entries", {"action": "result", "totals": [60, 10]})]
        for method, path, body in writes:
            r = stranger.request(method, path, json=body)
            assert r.status_code == 401 and r.json()["code"] == "access-denied", (path, r.text)
            r = stranger.request(method, path, json=body, headers={"Authorization": f"Bearer {other}"})
            assert r.status_code == 403 and r.json()["code"] == "access-denied", (path, r.text)
        assert len(client.get(f"/api/scorer/fixtures/{fid}").json()["frames"]) == 1
        # the fixture's token writes its frames' entries from anywhere
        owner = {"Authorization": f"Bearer {token}"}
        r = stranger.post(f"/api/scorer/{mid}/entries", json={"action": "result", "totals": [60, 10]},
                          headers=owner)
        assert r.status_code == 200 and r.json()["status"] == "finished"
        assert [f["id"] for f in stranger.get("/api/scorer/fixtures", headers=owner).json()] == [fid]
        listed = stranger.get("/api/scorer", headers=owner).json()  # the frame, naming its fixture
        assert [(m["id"], m["fixture"]) for m in listed] == [(mid, fid)]
        assert stranger.get(f"/api/scorer/fixtures/{fid}").json()["score"] == [1, 0]
    assert client.delete(f"/api/scorer/fixtures/{fid}").status_code == 204
    assert client.get(f"/api/scorer/fixtures/{fid}").status_code == 404
    assert client.get(f"/api/scorer/{mid}").status_code == 404


def test_a_fixture_on_postgresql(pg_url: str) -> None:
    """The same fixture over PostgreSQL (JSON columns, the fixture row locked while a frame is
    added): six frames, 3-3."""
    from cueboard.app.server import create_app

    with TestClient(create_app(pg_url)) as client:
        fid = _six_frames(client, [44, 70])
        view = client.get(f"/api/scorer/fixtures/{fid}").json()
        assert view["score"] == [3, 3] and view["draw"]
        assert [f["players"][0] for f in view["frames"]] == ["Ann", "Cy", "Ann", "Eve", "Gus", "Ida"]
        assert client.delete(f"/api/scorer/fixtures/{fid}").status_code == 204
