"""``cueboard referee`` on records the app's scorer writes with amateur leagues' formats: a
handicap start (each side's points when every frame begins, counted in the frame's score) and
frames entered as their result alone (a concession at the scorecard's scores, WPBSA Section 4
Rule 6; never level, Section 3 Rule 4: the black is re-spotted). The records are made through the
scorer's API; the scores are counted by hand from the WPBSA values (red 1, yellow 2, green 3,
brown 4, blue 5, pink 6, black 7). A tampered record is refused with exit status 1, naming the
frame; a malformed one with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from cueboard.app.server import create_app
from cueboard.cli.main import app
from cueboard.records import loads_match

runner = CliRunner()

# Best of 3, Bo receives 30 a frame. Frame 1 kept stroke by stroke: Ann red 1 + black 7 = 8;
# Bo 30 + red 1 + pink 6 = 37; Ann concedes. Frame 2 entered as 72-45, frame 3 as 64-70:
# Bo wins 2-1.
FRAME_1: list[dict[str, Any]] = [
    {"stroke": {"potted": ["red"]}}, {"stroke": {"potted": ["black"], "nominated": "black"}},
    {"stroke": {}}, {"stroke": {"potted": ["red"]}},
    {"stroke": {"potted": ["pink"], "nominated": "pink"}}, {"stroke": {}}, {"action": "concede"},
]
LEAGUE: list[dict[str, Any]] = [*FRAME_1, {"action": "next_frame"}, {"action": "result", "totals": [72, 45]},
                                {"action": "next_frame"}, {"action": "result", "totals": [64, 70]}]


@pytest.fixture(scope="module")
def league_record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The league match's record as ``GET /api/scorer/{id}/record`` gives it."""
    folder = tmp_path_factory.mktemp("scorer")
    with TestClient(create_app(f"sqlite:///{folder / 'app.sqlite3'}")) as client:
        made = client.post("/api/scorer", json={"players": ["Ann", "Bo"], "seed": 7, "best_of": 3,
                                                 "handicap": [0, 30]})
        assert made.status_code == 201, made.text
        mid = made.json()["id"]
        for entry in LEAGUE:
            r = client.post(f"/api/scorer/{mid}/entries", json=entry)
            assert r.status_code == 200, r.text
        record = client.get(f"/api/scorer/{mid}/record")
        assert record.status_code == 200
        return dict(record.json())


def _referee(tmp_path: Path, record: dict[str, Any], *options: str, name: str = "m.json") -> Any:
    path = tmp_path / name
    text = json.dumps(record)
    path.write_text(text if name.endswith(".json") else loads_match(text).to_jsonl())
    return runner.invoke(app, ["referee", *options, str(path)])


def _lines(output: str) -> list[str]:
    return [" ".join(line.split()) for line in output.splitlines()]


def test_the_record_carries_the_handicap_and_the_frames_entered_as_results(
        league_record: dict[str, Any]) -> None:
    header = league_record["header"]
    assert header["handicap"] == [0, 30] and header["minor"] == 3
    incidents = [(i["kind"], i["at"], i["player"]) for i in header["incidents"]]
    assert incidents == [("result", 7, 1), ("result", 8, 0)]  # each conceded by the side behind
    assert [s["strike"] for s in league_record["shots"]] == [None] * 9


@pytest.mark.parametrize("name", ["m.json", "m.jsonl"])
def test_a_league_record_replays_with_its_starts_and_results(
        league_record: dict[str, Any], tmp_path: Path, name: str) -> None:
    result = _referee(tmp_path, league_record, name=name)
    assert result.exit_code == 0, result.output
    out = _lines(result.output)
    assert "handicap start: 0 and 30 points a frame" in out
    assert "shot 0 (seat 0): 1 point(s) (red1), break 1 — score 1-30" in out  # Bo's 30 from the start
    assert "shot 6 (seat 0): concede; side 0 concedes; frame to side 1 — score 8-37" in out
    assert "shot 7 (seat 1): result entered — score 72-45" in out
    assert "shot 8 (seat 0): result entered — score 64-70" in out
    assert "frame over (conceded): side 1; frames 1-2" in out and out[-2] == "match over: side 1"
    assert out[-1] == "physics: no strike recorded (entries reported by hand): nothing to play again"
    assert not any("differs" in line for line in out)
    verdict = json.loads(_referee(tmp_path, league_record, "--json", name=name).stdout.strip())
    assert verdict["ok"] is True and verdict["physics"] == {"strikes": 0, "first_mismatch": None}


def _tampered(record: dict[str, Any], shot: int, scores: list[int]) -> dict[str, Any]:
    edited = json.loads(json.dumps(record))
    edited["shots"][shot]["ruling"]["scores"] = scores
    edited["shots"][shot]["position_after"]["scores"] = scores
    return edited


@pytest.mark.parametrize(("shot", "scores", "why"), [
    (8, [70, 70], "frame 3 entered as its result: level at 70-70, but a frame does not end level"),
    (7, [72, 20], "frame 2 entered as its result: 72-20 cannot be (each score at least the side's handicap "
                  "start [0, 30]"),
    (7, [72, 1000], "frame 2 entered as its result: 72-1000 cannot be"),
])
def test_a_result_frame_that_cannot_be_is_refused_naming_the_frame(
        league_record: dict[str, Any], tmp_path: Path, shot: int, scores: list[int], why: str) -> None:
    result = _referee(tmp_path, _tampered(league_record, shot, scores))
    assert result.exit_code == 1, result.output
    assert why in " ".join(result.output.split())


def test_an_edited_handicap_is_refused(league_record: dict[str, Any], tmp_path: Path) -> None:
    edited = json.loads(json.dumps(league_record))
    edited["header"]["handicap"] = [0, 20]
    result = _referee(tmp_path, edited)
    assert result.exit_code == 1
    out = " ".join(result.output.split())
    assert "shot 0 (seat 0): 1 point(s) (red1), break 1 — score 1-20 (differs from the record)" in out
    assert "ruling.scores: recorded [1, 30], referee [1, 20]" in out


def test_a_result_without_its_incident_is_a_concession_at_the_wrong_score(
        league_record: dict[str, Any], tmp_path: Path) -> None:
    """Without the ``result`` incident the frame's scores come from nowhere: refused."""
    edited = json.loads(json.dumps(league_record))
    edited["header"]["incidents"] = edited["header"]["incidents"][1:]
    result = _referee(tmp_path, edited)
    assert result.exit_code == 1
    assert "ruling.scores: recorded [72, 45], referee [0, 30]" in " ".join(result.output.split())


def test_a_result_after_strokes_of_its_frame_is_refused(
        league_record: dict[str, Any], tmp_path: Path) -> None:
    edited = json.loads(json.dumps(league_record))
    edited["header"]["incidents"].append({"kind": "result", "at": 6, "player": 0})
    result = _referee(tmp_path, edited)
    assert result.exit_code == 1
    why = "frame 1 entered as its result: it is not the frame's first entry"
    assert why in " ".join(result.output.split())


@pytest.mark.parametrize(("handicap", "why"), [
    ([0, 30, 5], "header.handicap"), ([0, -5], "header.handicap"), ([0, 30.5], "header.handicap"),
    ([0, 10**30], "an integer of 31 digits"),
])
def test_a_malformed_handicap_is_refused_without_a_traceback(
        league_record: dict[str, Any], tmp_path: Path, handicap: list[Any], why: str) -> None:
    edited = json.loads(json.dumps(league_record))
    edited["header"]["handicap"] = handicap
    result = _referee(tmp_path, edited)
    assert result.exit_code == 2, result.output
    assert why in result.output and "Traceback" not in result.output


def test_league_formats_in_a_game_whose_referee_does_not_apply_them_are_refused(tmp_path: Path) -> None:
    """A novuss record (``cueboard score novuss``) given a handicap start or a result incident:
    its referee would replay it as if they were not there, so it is refused (exit 2)."""
    saved = tmp_path / "game.json"
    made = runner.invoke(app, ["score", "novuss", "--names", "Ann,Bo", "--save", str(saved)],
                         input="pot=2\nown\nnone\n")
    assert made.exit_code == 0, made.output
    record = json.loads(saved.read_text())
    for change, why in [({"handicap": [0, 5]}, "this novuss record has a handicap start"),
                        ({"incidents": [{"kind": "result", "at": 0, "player": 0}]},
                         "frames entered as their result (shots 0)")]:
        result = _referee(tmp_path, {**record, "header": {**record["header"], **change}})
        assert result.exit_code == 2, result.output
        assert why in " ".join(result.output.split()) and "Traceback" not in result.output


def test_a_single_frame_entered_as_its_result_without_a_start(tmp_path: Path) -> None:
    """A league's single frame (no handicap) entered as 50-60: Bo wins 1-0 by Ann's concession."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'app.sqlite3'}")) as client:
        made = client.post("/api/scorer", json={"players": ["Ann", "Bo"], "seed": 7, "best_of": 1})
        mid = made.json()["id"]
        entered = client.post(f"/api/scorer/{mid}/entries", json={"action": "result", "totals": [50, 60]})
        assert entered.status_code == 200, entered.text
        record = client.get(f"/api/scorer/{mid}/record").json()
    assert "handicap" not in record["header"]
    result = _referee(tmp_path, record)
    assert result.exit_code == 0, result.output
    out = _lines(result.output)
    assert "shot 0 (seat 0): result entered — score 50-60" in out and "match over: side 1" in out
