"""Scorer mode (/api/scorer): a real frame's entries refereed as the rules say, scores worked out by
hand from the WPBSA Official Rules of Snooker (Section 3 Rules 4 and 12: a red 1, yellow 2, green
3, brown 4, blue 5, pink 6, black 7; a foul's penalty the value of the ball on or of the higher
ball concerned, at least 4), refused entries, undo, and a restart losing nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from cueboard.app.server import create_app


def _new(client: TestClient, **extra: Any) -> str:
    r = client.post("/api/scorer", json={"players": ["Ann", "Bo"], "seed": 7, **extra})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["summary"]["scores"] == [0, 0]
    return str(body["id"])


def _post(client: TestClient, mid: str, entry: dict[str, Any]) -> dict[str, Any]:
    r = client.post(f"/api/scorer/{mid}/entries", json=entry)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _pot(*balls: str, nominated: str | None = None) -> dict[str, Any]:
    stroke: dict[str, Any] = {"potted": list(balls)}
    if nominated:
        stroke["nominated"] = nominated
    return {"stroke": stroke}


# Ann: red, black, red, pink (break 15), a safety; Bo: in-off (foul 4, S3 R12(a)); Ann plays on:
# red, blue (20 + 5), a safety; Bo: red, pink (7), then the black hit first with a red on (foul 7,
# S3 R12(b): the higher of the ball on and the ball concerned).
FRAME: list[tuple[dict[str, Any], list[int]]] = [
    (_pot("red"), [1, 0]),
    (_pot("black", nominated="black"), [8, 0]),
    (_pot("red"), [9, 0]),
    (_pot("pink", nominated="pink"), [15, 0]),
    ({"stroke": {}}, [15, 0]),
    (_pot("white"), [19, 0]),
    ({"action": "choose", "choice": "play"}, [19, 0]),
    (_pot("red"), [20, 0]),
    (_pot("blue", nominated="blue"), [25, 0]),
    ({"stroke": {}}, [25, 0]),
    (_pot("red"), [25, 1]),
    (_pot("pink", nominated="pink"), [25, 7]),
    ({"stroke": {"first": ["black"], "miss": False}}, [32, 7]),
]


def test_a_frame_scored_by_hand(client: TestClient) -> None:
    mid = _new(client)
    assert client.get(f"/api/scorer/{mid}").json()["summary"]["points_remaining"] == 147  # 15 × 8 + 27
    view: dict[str, Any] = {}
    for entry, scores in FRAME:
        view = _post(client, mid, entry)
        assert view["summary"]["scores"] == scores, (entry, view["summary"])
    s = view["summary"]
    assert s["striker"] == 0 and s["choices"] == ["play", "put_back"]  # Ann chooses after Bo's foul
    assert s["points_remaining"] == 11 * 8 + 27  # four reds potted
    assert s["highest_break"] == [15, 7]
    # the table's scoreboard, the same JSON the match screen draws
    assert [side["score"] for side in view["scoreboard"]["sides"]] == [32, 7]
    last = view["recent"][-1]
    assert last["seat"] == 1 and last["ruling"]["penalty"] == 7 and last["ruling"]["penalty_to"] == 0
    assert last["announcements"][0] == {"key": "ref.snooker.foul",
                                        "params": {"penalty": 7, "reason_key": "foul.first_contact_not_on"}}
    # the same entries through the text words of `cueboard score snooker` give the same scores
    mid2 = _new(client)
    lines = ["pot red", "nom black pot black", "pot red", "nom pink pot pink", "safe", "pot white",
             "play", "pot red", "nom blue pot blue", "safe", "pot red", "nom pink pot pink",
             "hit black nomiss"]
    for line in lines:
        view = _post(client, mid2, {"line": line})
    assert view["summary"]["scores"] == [32, 7]


def test_a_refused_entry_changes_nothing(client: TestClient) -> None:
    mid = _new(client)
    _post(client, mid, _pot("red"))
    before = client.get(f"/api/scorer/{mid}").json()
    refused = [
        {"stroke": {"potted": ["purple"]}},  # no such ball
        {"action": "choose", "choice": "play"},  # no foul: no choice is open
        {"action": "next_frame"},  # the frame is not over
        {"stroke": {"nominated": "white"}},  # only a colour can be nominated
        {"line": "pot"},  # a word missing
    ]
    for entry in refused:
        r = client.post(f"/api/scorer/{mid}/entries", json=entry)
        assert r.status_code == 422, (entry, r.text)
        assert r.json()["detail"]
    assert "not open" in client.post(f"/api/scorer/{mid}/entries",
                                      json={"action": "choose", "choice": "play"}).json()["detail"]
    assert client.get(f"/api/scorer/{mid}").json() == before


def test_a_ball_touched_is_a_foul_of_its_value(client: TestClient) -> None:
    """S3 R12(b): touching a ball is a foul of the value of the ball on or of the ball concerned."""
    mid = _new(client)
    view = _post(client, mid, {"stroke": {"fouls": ["touched_ball"], "concerned": {"touched_ball": "black"},
                                          "stroke": False}})
    assert view["summary"]["scores"] == [0, 7] and view["recent"][-1]["ruling"]["penalty"] == 7
    view = _post(client, mid, {"action": "choose", "choice": "play"})
    view = _post(client, mid, {"stroke": {"fouls": ["touched_ball"], "concerned": {"touched_ball": "red"},
                                          "stroke": False}})
    assert view["summary"]["scores"] == [4, 7]  # at least 4


def test_undo_takes_back_the_last_entry(client: TestClient) -> None:
    mid = _new(client)
    for entry, _ in FRAME:
        _post(client, mid, entry)
    r = client.post(f"/api/scorer/{mid}/undo")
    assert r.status_code == 200
    s = r.json()["summary"]
    assert s["scores"] == [25, 7] and s["striker"] == 1 and s["break"] == 7 and s["choices"] == []
    assert r.json()["entries"] == len(FRAME) - 1
    # a second undo takes back Bo's pink
    s = client.post(f"/api/scorer/{mid}/undo").json()["summary"]
    assert s["scores"] == [25, 1] and s["ball_on"] == "colour"
    empty = _new(client)
    assert client.post(f"/api/scorer/{empty}/undo").status_code == 422


def test_concession_ends_the_match_and_the_record_is_kept(client: TestClient, db_url: str,
                                                          tmp_path: Path) -> None:
    mid = _new(client)
    for entry, _ in FRAME[:4]:
        _post(client, mid, entry)
    view = _post(client, mid, {"action": "concede"})  # Ann, to play, concedes (S4 R6)
    s = view["summary"]
    assert s["frame_over"] and s["match_over"] and s["match_winner"] == 1
    assert view["status"] == "finished"
    assert view["recent"][-1]["announcements"][0]["key"] == "ref.snooker.concede"
    assert client.post(f"/api/scorer/{mid}/entries", json=_pot("red")).status_code == 422
    record = json.loads(client.get(f"/api/scorer/{mid}/record").text)
    assert record["header"]["players"][1]["name"] == "Bo" and len(record["shots"]) == 5
    # a new server over the same database: nothing is lost (the browser keeps its owner cookie)
    with TestClient(create_app(db_url), cookies=dict(client.cookies)) as again:
        assert again.get(f"/api/scorer/{mid}").json()["summary"]["scores"] == [15, 0]
        assert [m["id"] for m in again.get("/api/scorer").json()] == [mid]


def test_best_of_three_goes_on_to_the_next_frame(client: TestClient) -> None:
    mid = _new(client, best_of=3, reds=6)
    assert client.get(f"/api/scorer/{mid}").json()["summary"]["points_remaining"] == 6 * 8 + 27
    _post(client, mid, _pot("red"))
    view = _post(client, mid, {"action": "concede"})
    assert view["summary"]["frames"] == [0, 1] and view["next_frame"] and view["status"] == "playing"
    view = _post(client, mid, {"action": "next_frame"})
    s = view["summary"]
    assert s["frame"] == 2 and s["scores"] == [0, 0] and s["points_remaining"] == 6 * 8 + 27
    assert client.get("/api/scorer/0123abcd").status_code == 404
    assert client.get("/api/scorer/nosuch").status_code == 422  # not an id at all


def test_scores_level_after_the_last_black_re_spot_it(client: TestClient) -> None:
    """S3 R4: with the scores level when the last black is potted, the black is re-spotted and
    the player to play it is drawn by lot; the next score wins the frame."""
    mid = _new(client, reds=6)
    lines = [
        # Ann: red, black, red, black, red, pink = 23
        "pot red", "nom black pot black", "pot red", "nom black pot black", "pot red", "nom pink pot pink",
        "safe",
        # Bo: red, yellow, red, yellow, red, green = 10; the colours yellow to pink = 20: 30
        "pot red", "nom yellow pot yellow", "pot red", "nom yellow pot yellow",
        "pot red", "nom green pot green",
        "pot yellow", "pot green", "pot brown", "pot blue", "pot pink", "safe",
    ]
    view: dict[str, Any] = {}
    for line in lines:
        view = _post(client, mid, {"line": line})
    assert view["summary"]["scores"] == [23, 30] and view["summary"]["ball_on"] == "black"
    view = _post(client, mid, _pot("black"))  # Ann: 30 all
    s = view["summary"]
    assert s["scores"] == [30, 30] and not s["frame_over"] and s["ball_on"] == "black"
    assert view["recent"][-1]["ruling"]["black_respotted"] is True
    assert {"key": "ref.snooker.black_respotted", "params": {}} in view["recent"][-1]["announcements"]
    view = _post(client, mid, _pot("black"))
    s = view["summary"]
    winner = view["recent"][-1]["seat"]
    assert s["frame_over"] and s["frame_winner"] == winner and sorted(s["scores"]) == [30, 37]


def test_only_the_owner_token_writes_and_the_share_link_reads(client: TestClient) -> None:
    """The creator gets the owner token once (and its cookie); an entry, an undo or a deletion
    without it is 401, with another match's token 403, and changes nothing; anyone reads."""
    r = client.post("/api/scorer", json={"players": ["Ann", "Bo"], "seed": 7})
    mine = r.json()
    mid, token = mine["id"], mine["owner_token"]
    assert len(token) >= 43 and mine["owner"] is True and mine["share_path"] == f"/#/scorer/{mid}"
    assert token not in client.get(f"/api/scorer/{mid}").text  # returned once, never again
    other = client.post("/api/scorer", json={"players": ["Cy", "Di"]}).json()["owner_token"]
    _post(client, mid, _pot("red"))  # the creator's browser: by its cookie
    before = client.get(f"/api/scorer/{mid}").json()
    with TestClient(client.app) as stranger:  # no cookie: the share link's reader
        seen = stranger.get(f"/api/scorer/{mid}").json()
        assert seen["owner"] is False and seen["summary"] == before["summary"]
        assert stranger.get("/api/scorer").json() == []  # lists only the matches it owns
        writes = [("post", f"/api/scorer/{mid}/entries", _pot("red")),
                  ("post", f"/api/scorer/{mid}/undo", None), ("delete", f"/api/scorer/{mid}", None)]
        for method, path, body in writes:
            r = stranger.request(method, path, json=body)
            assert r.status_code == 401 and r.json()["code"] == "access-denied", (path, r.text)
            r = stranger.request(method, path, json=body, headers={"Authorization": f"Bearer {other}"})
            assert r.status_code == 403 and r.json()["code"] == "access-denied", (path, r.text)
        assert client.get(f"/api/scorer/{mid}").json()["summary"] == before["summary"]
        # the owner token as a bearer token writes from anywhere
        r = stranger.post(f"/api/scorer/{mid}/entries", json=_pot("black", nominated="black"),
                          headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200 and r.json()["summary"]["scores"] == [8, 0]
        listed = stranger.get("/api/scorer", headers={"Authorization": f"Bearer {token}"}).json()
        assert [m["id"] for m in listed] == [mid]
    assert {m["id"] for m in client.get("/api/scorer").json()} >= {mid}
    assert client.delete(f"/api/scorer/{mid}").status_code == 204
    assert client.get(f"/api/scorer/{mid}").status_code == 404


def test_an_entry_is_refereed_on_the_kept_keeper_not_by_replaying(
    client: TestClient, db_url: str, monkeypatch: Any
) -> None:
    """The keeper of a match in play stays in memory: an entry applies to it (no replay of the
    entries before), and what the store holds stays the truth — entries changed there behind the
    server's back (another process, an undo) are replayed, and a refused entry leaves nothing
    half-changed behind."""
    from cueboard.app import scorer
    from cueboard.store import Store
    from cueboard.store.scorer import save_entries

    replays: list[int] = []
    real = scorer.referee

    def counting(header: dict[str, Any], entries: list[dict[str, Any]]) -> Any:
        replays.append(len(entries))
        return real(header, entries)

    monkeypatch.setattr(scorer, "referee", counting)
    mid = _new(client)
    for entry, scores in FRAME[:4]:
        assert _post(client, mid, entry)["summary"]["scores"] == scores
    assert client.get(f"/api/scorer/{mid}").json()["summary"]["scores"] == [15, 0]
    assert replays == []  # four entries and a read, none replayed
    # a refused entry (the pink nominated with a red on: S3 R5, a red must be played first)
    assert client.post(f"/api/scorer/{mid}/entries", json=_pot("pink", nominated="pink")).status_code == 422
    assert _post(client, mid, {"stroke": {}})["summary"]["striker"] == 1  # Ann's safety: Bo to play
    assert replays == [4]  # the refused entry's keeper was dropped: replayed once
    # the store changed behind the server's back: the last stroke (the safety) is gone, a red in its place
    stored = client.get(f"/api/scorer/{mid}").json()
    assert stored["entries"] == 5
    store = Store(db_url)
    entries = [FRAME[i][0]["stroke"] for i in range(4)]
    save_entries(store, mid, [{"action": "stroke", "stroke": s} for s in entries] + [
        {"action": "stroke", "stroke": {"potted": ["red"]}}], 5, "playing")
    view = client.get(f"/api/scorer/{mid}").json()
    assert view["summary"]["scores"] == [16, 0] and view["summary"]["break"] == 16
    assert replays == [4, 5]


def test_a_league_match_with_a_handicap_start_and_frames_entered_as_results(client: TestClient) -> None:
    """Amateur leagues' formats: Bo receives a start of 30 points each frame (it counts in the
    frame's score, so in who wins it), and a frame whose strokes were not kept is entered as its
    result alone — the scores as the scorecard has them, starts included; the player behind
    concedes at that score (WPBSA S4 R6). Hand-counted: frame 1 played (Ann red 1 + black 7 = 8;
    Bo 30 + red 1 + pink 6 = 37; Ann concedes), frame 2 entered 72-45, frame 3 entered 64-70:
    Bo wins 2-1; totals Ann 8 + 72 + 64 = 144, Bo 37 + 45 + 70 = 152, Bo's starts 3 × 30 = 90."""
    r = client.post("/api/scorer",
                    json={"players": ["Ann", "Bo"], "seed": 7, "best_of": 3, "handicap": [0, 30]})
    assert r.status_code == 201, r.text
    mid = r.json()["id"]
    assert r.json()["summary"]["scores"] == [0, 30] and r.json()["summary"]["handicap"] == [0, 30]
    for entry, scores in [(_pot("red"), [1, 30]), (_pot("black", nominated="black"), [8, 30]),
                          ({"stroke": {}}, [8, 30]), (_pot("red"), [8, 31]),
                          (_pot("pink", nominated="pink"), [8, 37]), ({"stroke": {}}, [8, 37])]:
        assert _post(client, mid, entry)["summary"]["scores"] == scores
    view = _post(client, mid, {"action": "concede"})
    assert view["summary"]["frames"] == [0, 1] and view["summary"]["frame_winner"] == 1
    view = _post(client, mid, {"action": "next_frame"})
    assert view["summary"]["scores"] == [0, 30] and view["summary"]["frame_entries"] == 0
    view = _post(client, mid, {"action": "result", "totals": [72, 45]})
    assert view["summary"]["frames"] == [1, 1] and view["summary"]["frame_winner"] == 0
    _post(client, mid, {"action": "next_frame"})
    for totals, why in [([10, 20], "start"), ([50, 50], "level")]:
        bad = client.post(f"/api/scorer/{mid}/entries", json={"action": "result", "totals": totals})
        assert bad.status_code == 422 and why in bad.text
    assert _post(client, mid, _pot("red"))["summary"]["scores"] == [1, 30]
    bad = client.post(f"/api/scorer/{mid}/entries", json={"action": "result", "totals": [64, 70]})
    assert bad.status_code == 422 and "before any stroke" in bad.text
    client.post(f"/api/scorer/{mid}/undo")
    view = _post(client, mid, {"action": "result", "totals": [64, 70]})
    assert view["status"] == "finished" and view["summary"]["match_winner"] == 1
    assert view["summary"]["frames"] == [1, 2] and view["summary"]["frames_by_result"] == [2, 3]
    stats = client.get(f"/api/scorer/{mid}/stats").json()
    ann, bo = stats["players"]
    assert (ann["total_points"], bo["total_points"]) == (144, 152)
    assert (ann["start_points"], bo["start_points"]) == (0, 90)
    assert (ann["points"], bo["points"]) == (8, 7) and stats["frames_by_result"] == [2, 3]
    listed = client.get("/api/scorer").json()
    assert [m["frames"] for m in listed if m["id"] == mid] == [[1, 2]]


def test_a_handicap_start_is_0_to_70_points(client: TestClient) -> None:
    for start in ([0, 71], [-1, 0]):
        r = client.post("/api/scorer", json={"players": ["Ann", "Bo"], "handicap": start})
        assert r.status_code == 422 and "handicap" in r.text
