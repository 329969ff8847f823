"""The crokinole part of ``cueboard simulate``: one flick from JSON records to JSON."""

from __future__ import annotations

import json

import pytest

from cueboard.cli.simulate_crokinole import simulate_crokinole
from cueboard.games.crokinole import new_position
from cueboard.games.crokinole.errors import IllegalShotError
from cueboard.records.base import RecordError


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
