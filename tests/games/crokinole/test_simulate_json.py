"""The crokinole part of ``cueboard simulate``: one flick from JSON records to JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cueboard.cli.main import app
from cueboard.cli.simulate_refereed import simulate_refereed
from cueboard.games.crokinole import new_position
from cueboard.games.crokinole.errors import IllegalShotError
from cueboard.records.base import RecordError


def simulate_crokinole(position: dict[str, Any], strike: dict[str, Any]) -> str:
    return simulate_refereed("crokinole", position, strike)


def test_flick_reports_events_outcome_ruling_and_position() -> None:
    position = new_position(starter=0).model_dump(mode="json")
    out = json.loads(simulate_crokinole(position, {"start": [0.0, -0.3048], "speed": 0.3, "angle": 90}))
    assert set(out) == {"events", "outcome", "ruling", "position_after"}
    assert out["outcome"]["shot_disc"] == "s0-01"
    assert out["ruling"]["foul"] == "open_shot_outside_15"  # a soft open shot stops outside the 15
    assert out["position_after"]["to_move"] == 2
    assert out["position_after"]["discs_left"] == [11, 0, 12, 0]


def test_bad_input_is_refused() -> None:
    position = new_position(starter=0).model_dump(mode="json")
    with pytest.raises(RecordError, match="strike"):
        simulate_crokinole(position, {"start": [0.0, -0.3048], "speed": -1, "angle": 90})
    with pytest.raises(RecordError, match="position"):
        simulate_crokinole({**position, "to_move": 1}, {"start": [0.0, -0.3048], "speed": 1, "angle": 90})
    with pytest.raises(IllegalShotError, match="not_touching_shooting_line"):
        simulate_crokinole(position, {"start": [0.0, -0.2], "speed": 1, "angle": 90})
    with pytest.raises(RecordError, match="position"):  # a crokinole position is no snooker position
        simulate_refereed("snooker", position, {"speed": 1, "angle": 90})


def test_cueboard_simulate_command(tmp_path: Path) -> None:
    pos = tmp_path / "position.json"
    pos.write_text(new_position(starter=2).model_dump_json())
    strike = tmp_path / "strike.json"
    strike.write_text('{"start": [0.0, 0.3048], "speed": 0.3, "angle": 270}')
    out = tmp_path / "out.json"
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", str(pos), str(strike), "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert data["outcome"]["shot_disc"] == "s2-01" and data["position_after"]["to_move"] == 0
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"start": [0.0, -0.3048], "speed": 0.3, "angle": 90}')  # seat 0's quadrant
    refused = runner.invoke(app, ["simulate", str(pos), str(wrong)])
    assert refused.exit_code == 2
    assert "outside_quadrant" in refused.output
