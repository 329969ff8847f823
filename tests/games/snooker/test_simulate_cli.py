"""``cueboard simulate``: position + strike JSON in, events + outcome JSON (and SVG) out."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cueboard.cli.main import app
from cueboard.games.snooker.rack import rack
from cueboard.records.base import Position

runner = CliRunner()


def _files(tmp_path: Path, strike: dict[str, object]) -> tuple[Path, Path]:
    pos = tmp_path / "pos.json"
    pos.write_text(Position(game="snooker", pieces=rack()).model_dump_json())
    st = tmp_path / "strike.json"
    st.write_text(json.dumps(strike))
    return pos, st


def test_simulate_writes_events_outcome_and_svg(tmp_path: Path) -> None:
    # from the brown spot's left, straight up the table at the blue (the white placed by the strike)
    pos, st = _files(tmp_path, {"speed": 3.0, "angle": 90.0, "place_cue_ball": [0.0, 1.0]})
    out, svg = tmp_path / "shot.json", tmp_path / "shot.svg"
    result = runner.invoke(app, ["simulate", str(pos), str(st), "--out", str(out), "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["events"][0]["kind"] == "strike"
    assert data["outcome"]["first_contacts"] == ["blue"]
    assert {p["id"] for p in data["outcome"]["final"]} >= {"white", "blue", "red15"}
    text = svg.read_text()
    assert text.startswith("<svg") and "<title>blue</title>" in text


def test_simulate_refuses_bad_strike_and_overlap(tmp_path: Path) -> None:
    pos, st = _files(tmp_path, {"speed": -1.0, "angle": 90.0})
    result = runner.invoke(app, ["simulate", str(pos), str(st)])
    assert result.exit_code == 2 and "strike.speed" in result.output
    pos, st = _files(tmp_path, {"speed": 1.0, "angle": 90.0, "place_cue_ball": [0.0, 0.737]})
    result = runner.invoke(app, ["simulate", str(pos), str(st)])
    assert result.exit_code == 2 and "overlap" in result.output  # on the brown
