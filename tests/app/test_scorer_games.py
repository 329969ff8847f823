"""Scorer mode for crokinole and novuss, the snooker strokes' marks, and the statistics and exports
of kept and played matches (/api/scorer/{id}/stats, stats.csv, cmn; /api/cmn/stats;
/api/matches/{id}/stats), against hand-counted figures (NCA rules "Scoring": 20 a disc in the
20-hole, 15 / 10 / 5 by zone, tournament rounds 2 / 1 / 0; LNF novuss rules: an own disc dropped
legally strikes again, penalty case 1 when the striker touches no own disc on a direct stroke)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from acting import act
from fastapi.testclient import TestClient

DATA = Path(__file__).parent / "data" / "cmn"


def _new(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/scorer", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def _post(client: TestClient, mid: str, entry: dict[str, Any], status: int = 200) -> dict[str, Any]:
    r = client.post(f"/api/scorer/{mid}/entries", json=entry)
    assert r.status_code == status, r.text
    return dict(r.json())


def test_a_crokinole_tournament_game_kept_round_by_round(client: TestClient) -> None:
    m = _new(client, game="crokinole", players=["Ann", "Bob"], variant="tournament", rounds=2)
    assert m["summary"]["game"] == "crokinole" and m["summary"]["scores"] == [0, 0]
    assert m["header"]["settings"] == {"variant": "tournament", "rounds": 2}
    mid = m["id"]
    # round 1: Ann 1x20 2x15 1x10 = 60, Bob 1x15 2x10 2x5 = 45: Ann 2 points
    v = _post(client, mid, {"action": "round", "counts": [[1, 2, 1, 0], [0, 1, 2, 2]]})
    assert v["summary"]["scores"] == [2, 0] and v["summary"]["rounds"][0]["totals"] == [60, 45]
    keys = [c["key"] for c in v["recent"][-1]["announcements"]]
    assert "ref.crokinole.round_over" in keys
    # a side with more discs than it shoots (8 a player in tournament singles) is refused
    _post(client, mid, {"action": "round", "counts": [[9, 0, 0, 0], [0] * 4]}, status=422)
    # round 2: 15 against 15, a tie: 1 point each; the game of 2 rounds is over, Ann 3 to 1
    v = _post(client, mid, {"action": "round", "counts": [[0, 1, 0, 0], [0, 0, 1, 1]]})
    assert v["summary"]["scores"] == [3, 1] and v["status"] == "finished"
    assert v["summary"]["match_winner"] == 0
    _post(client, mid, {"action": "round", "counts": [[0] * 4, [0] * 4]}, status=422)
    stats = client.get(f"/api/scorer/{mid}/stats").json()
    ann, bob = stats["sides"]
    assert ann["twenties"] == [1, 0] and ann["points"] == [60, 15] and ann["rounds_won"] == 1
    assert bob["points"] == [45, 15] and bob["rounds_tied"] == 1 and bob["score"] == 1
    csv = client.get(f"/api/scorer/{mid}/stats.csv")
    assert csv.headers["content-type"].startswith("text/csv")
    assert "crokinole,1,Bob,points,45 15" in csv.text.split("\r\n")
    cmn = client.get(f"/api/scorer/{mid}/cmn").json()
    assert cmn["match"]["games"] == [
        {"winner": 0, "hammer": 0, "scores": [60, 45], "twenties": [1, 0]},
        {"winner": None, "hammer": 1, "scores": [15, 15], "twenties": [0, 0]},
    ]
    assert cmn["match"]["winner"] == 0 and cmn["match"]["gameFormat"] == {"type": "fixed", "count": 2}
    listed = client.get("/api/scorer").json()
    assert listed[0]["scores"] == [3, 1] and listed[0]["frames"] == [1, 0]


def test_crokinole_doubles_to_a_points_target(client: TestClient) -> None:
    m = _new(client, game="crokinole", players=["Ann", "Bob", "Cy", "Di"], variant="seed", target=20)
    assert m["summary"]["sides"] == ["Ann & Cy", "Bob & Di"]
    # 1x20 against 0: the difference, 20, reaches the target
    v = _post(client, m["id"], {"action": "round", "counts": [[1, 0, 0, 0], [0, 0, 0, 0]]})
    assert v["summary"]["scores"] == [20, 0] and v["status"] == "finished"
    assert client.get(f"/api/scorer/{m['id']}/cmn").json()["match"]["format"] == "doubles"


def test_a_novuss_game_kept_stroke_by_stroke(client: TestClient) -> None:
    m = _new(client, game="novuss", players=["Ann", "Bob"])
    mid = m["id"]
    v = _post(client, mid, {"action": "stroke", "report": {"own_pocketed": 2}})
    assert v["summary"]["scores"] == [2, 0] and v["summary"]["striker"] == 0  # strikes again
    v = _post(client, mid, {"line": "none"})  # touches nothing: penalty case 1, turn over
    assert v["summary"]["striker"] == 2
    assert v["summary"]["scores"] == [1, 0]  # the penalty disc comes out of Ann's pocketed two
    assert v["recent"][-1]["announcements"][0]["key"] == "ref.novuss.penalty"
    _post(client, mid, {"action": "stroke", "report": {"own_pocketed": 1}})
    bad = client.post(f"/api/scorer/{mid}/entries", json={"action": "stroke", "report": {"own_pocketed": 9}})
    assert bad.status_code == 422 and "own_pocketed" in bad.text
    assert client.post(f"/api/scorer/{mid}/entries", json={"line": "sideways"}).status_code == 422
    ann, bob = client.get(f"/api/scorer/{mid}/stats").json()["players"]
    assert (ann["pucks"], ann["turns"], ann["pucks_per_turn"], ann["fouls"]) == (2, 1, 2.0, 1)
    assert (bob["pucks"], bob["turns"], bob["fouls"]) == (1, 1, 0)
    assert client.get(f"/api/scorer/{mid}/cmn").status_code == 422
    r = client.post(f"/api/scorer/{mid}/undo")
    assert r.status_code == 200 and r.json()["summary"]["scores"] == [1, 0]


def test_snooker_marks_feed_the_statistics(client: TestClient) -> None:
    mid = _new(client, players=["Ann", "Bob"], seed=1)["id"]
    _post(client, mid, {"stroke": {"potted": ["red"]}})
    _post(client, mid, {"stroke": {"potted": ["black"], "nominated": "black"}})
    _post(client, mid, {"stroke": {}, "mark": {"shot": "pot", "long": True}})  # a long red missed
    _post(client, mid, {"stroke": {}, "mark": {"shot": "safety"}})  # Bob's safety
    _post(client, mid, {"stroke": {}, "mark": {"shot": "safety"}})  # Ann's reply pots nothing
    ann, bob = client.get(f"/api/scorer/{mid}/stats").json()["players"]
    assert ann["pot"] == {"attempts": 3, "pots": 2, "success": 0.6667}
    assert ann["long_pot"] == {"attempts": 1, "pots": 0, "success": 0.0}
    assert ann["highest_break"] == 8 and ann["safety"]["attempts"] == 1
    assert bob["safety"] == {"attempts": 1, "successful": 1, "success": 1.0}
    _post(client, mid, {"action": "round", "counts": [[0] * 4] * 2}, status=422)


def test_bad_matches_are_refused(client: TestClient) -> None:
    assert client.post("/api/scorer", json={"players": ["A", "B", "C"]}).status_code == 422  # snooker: 2
    assert client.post("/api/scorer", json={"game": "novuss", "players": ["A", "B", "C"]}).status_code == 422
    assert client.post("/api/scorer", json={"game": "crokinole", "players": ["A", " "]}).status_code == 422


def test_a_cmn_file_read_for_its_statistics(client: TestClient) -> None:
    r = client.post("/api/cmn/stats", json=json.loads((DATA / "singles_league.json").read_text()))
    assert r.status_code == 200, r.text
    jacob = r.json()["matches"][0]["stats"]["sides"][0]
    assert jacob["twenties"] == [2, 0, 1, 0] and jacob["rounds_won"] == 2
    batch = client.post("/api/cmn/stats", json=json.loads((DATA / "batch_league_night.json").read_text()))
    assert len(batch.json()["matches"]) == 2
    bad = client.post("/api/cmn/stats", json={"cmn": "1.0", "id": "x", "match": {"format": "singles"}})
    assert bad.status_code == 422 and "match.date" in bad.text


def test_an_app_match_statistics(client: TestClient) -> None:
    """The stand-in physics' stroke touches nothing: a novuss penalty, case 1."""
    r = client.post("/api/matches", json={"game": "novuss", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                          "seed": 3})
    assert r.status_code == 201, r.text
    mid = r.json()["id"]
    strike = {"x": 0.0, "y": -0.44, "speed": 0.5, "angle": 90.0}  # from Ann's edge zone
    shot = act(client, "POST", f"/api/matches/{mid}/shots", json={"strike": strike})
    assert shot.status_code == 200, shot.text
    ann, bob = client.get(f"/api/matches/{mid}/stats").json()["players"]
    assert (ann["strokes"], ann["fouls"], ann["fouls_by_case"], ann["pucks"]) == (1, 1, {"1": 1}, 0)
    assert bob["strokes"] == 0
    assert "novuss,0,Ann,fouls,1" in client.get(f"/api/matches/{mid}/stats.csv").text.split("\r\n")
    assert client.get("/api/matches/abc123/stats").status_code == 404


def _result(winner: int | None, twenties: list[int], totals: list[int] | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"action": "result", "winner": winner, "twenties": twenties}
    if totals is not None:
        entry["totals"] = totals
    return entry


def test_crokinole_to_a_points_target_from_a_scoresheet(client: TestClient) -> None:
    """First to 4 (2 a round won, 1 each for a tie), rounds as a scoresheet holds them: Ann wins
    round 1 (2 20s to none, totals not written): 2-0; Bob round 2, 15 to 20 (one 20): 2-2; round
    3 tied 10 all: 3-3; Ann round 4 though Bob shot three 20s to her one: 5-3, Ann first to 4."""
    m = _new(client, game="crokinole", players=["Ann", "Bob"], first_to=4)
    mid = m["id"]
    assert m["summary"]["first_to"] == 4 and m["header"]["first_to"] == 4
    assert _post(client, mid, _result(0, [2, 0]))["summary"]["scores"] == [2, 0]
    _post(client, mid, _result(0, [0, 1], [15, 20]), status=422)  # the totals say Bob won it
    assert _post(client, mid, _result(1, [0, 1], [15, 20]))["summary"]["scores"] == [2, 2]
    assert _post(client, mid, _result(None, [0, 0], [10, 10]))["summary"]["scores"] == [3, 3]
    v = _post(client, mid, _result(0, [1, 3]))
    assert v["summary"]["scores"] == [5, 3] and v["status"] == "finished"
    assert v["summary"]["match_winner"] == 0
    ann, bob = client.get(f"/api/scorer/{mid}/stats").json()["sides"]
    assert ann["twenties"] == [2, 0, 0, 1] and bob["twenties"] == [0, 1, 0, 3]
    assert ann["points"] == [None, 15, 10, None] and ann["points_per_round"] == 12.5
    assert (ann["rounds_won"], ann["rounds_tied"], bob["rounds_won"]) == (2, 1, 1)
    cmn = client.get(f"/api/scorer/{mid}/cmn").json()["match"]
    # CMN's first_to counts rounds won (2 points each): first to 4 points is first to 2 rounds
    assert cmn["gameFormat"] == {"type": "first_to", "target": 2} and cmn["winner"] == 0
    assert cmn["games"] == [
        {"winner": 0, "hammer": 0, "twenties": [2, 0]},
        {"winner": 1, "hammer": 1, "scores": [15, 20], "twenties": [0, 1]},
        {"winner": None, "hammer": 0, "scores": [10, 10], "twenties": [0, 0]},
        {"winner": 0, "hammer": 1, "twenties": [1, 3]},
    ]


def test_a_seed_game_round_as_a_result_needs_its_totals(client: TestClient) -> None:
    mid = _new(client, game="crokinole", players=["Ann", "Bob"], variant="seed", target=100)["id"]
    _post(client, mid, _result(0, [1, 0]), status=422)
    _post(client, mid, _result(1, [1, 0], [15, 20]), status=422)  # 15 points cannot hold a 20
    v = _post(client, mid, _result(0, [1, 1], [45, 20]))  # the difference, 25, to Ann
    assert v["summary"]["scores"] == [25, 0]


def test_the_scorer_lists_the_games_whose_adapter_names_a_keeper(client: TestClient) -> None:
    """Each game's app adapter names its keeper; the form offers its player counts (snooker's
    scorer keeps singles, crokinole and novuss also doubles)."""
    r = client.get("/api/scorer-games")
    assert r.status_code == 200, r.text
    assert r.json() == [{"name": "snooker", "players": [2], "fixtures": True},
                        {"name": "crokinole", "players": [2, 4], "fixtures": False},
                        {"name": "novuss", "players": [2, 4], "fixtures": False}]
    unknown = client.post("/api/scorer", json={"game": "chess", "players": ["A", "B"]})
    assert unknown.status_code in (404, 422) and "snooker, crokinole, novuss" in unknown.text


def test_a_game_without_a_keeper_is_refused_by_name(client: TestClient, tmp_path: Path) -> None:
    """The toy shuffleboard of tests/plugins, installed by entry point, brings no scorer keeper."""
    from cueboard import registry

    info = tmp_path / "toyshuffle-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyshuffle\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[cueboard.games]\nshuffle = toyshuffle:GAME\n")
    plugins = str(Path(__file__).parents[1] / "plugins")
    sys.path[:0] = [str(tmp_path), plugins]
    registry.refresh()
    try:
        assert "shuffle" not in [g["name"] for g in client.get("/api/scorer-games").json()]
        r = client.post("/api/scorer", json={"game": "shuffle", "players": ["A", "B"]})
        assert r.status_code == 422 and "no scorer for this game" in r.text
    finally:
        sys.path.remove(str(tmp_path))
        sys.path.remove(plugins)
        registry.refresh()


def test_cmn_is_crokinole_s_export_alone(client: TestClient) -> None:
    """Crokinole Match Notation records crokinole games: the adapter of another game lists no
    such export, and asking for it is refused."""
    m = _new(client, game="novuss", players=["A", "B"])
    r = client.get(f"/api/scorer/{m['id']}/cmn")
    assert r.status_code == 422 and "no Crokinole Match Notation export" in r.text
