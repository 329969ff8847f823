"""The README's example files (examples/) play through `cueboard simulate` as a user runs them;
the example learner (examples/cem_open20.py) learns the open 20 through the RL environment."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from cueboard.cli.main import app

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _simulate(tmp_path: Path, position: str, strike: str) -> dict[str, Any]:
    out = tmp_path / "out.json"
    result = CliRunner().invoke(
        app, ["simulate", str(EXAMPLES / position), str(EXAMPLES / strike), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(out.read_text())
    return data


def test_snooker_break_off(tmp_path: Path) -> None:
    # A break-off with right-hand side from the D: the white clips the right of the pack
    # (first contact a red, S3 R3: the ball on is a red) and nothing drops.
    data = _simulate(tmp_path, "snooker-start.json", "snooker-break-off.json")
    outcome = data["outcome"]
    assert outcome["first_contacts"] and outcome["first_contacts"][0].startswith("red")
    assert outcome["potted"] == []
    white = next(p for p in outcome["final"] if p["id"] == "white")
    assert white["state"] == "on_table"


def test_crokinole_straight_flick_is_a_twenty(tmp_path: Path) -> None:
    # 1 m/s straight at the centre from the shooting line: friction 0.10 stops a disc after
    # v²/(2μg) ≈ 0.51 m, but the hole catches it on the way (speed under the drop limit), and with
    # no opponent disc on the board a disc in the hole scores 20 (rules/crokinole.md).
    data = _simulate(tmp_path, "crokinole-start.json", "crokinole-flick.json")
    assert data["ruling"]["twenties_by_side"] == [0, 1]


def test_novuss_stroke_at_own_discs(tmp_path: Path) -> None:
    # Seat 0 strikes straight up the table into his own discs: a direct stroke (rules/novuss.md)
    # whose first contact is an own light disc; nothing is pocketed, so the turn passes.
    data = _simulate(tmp_path, "novuss-start.json", "novuss-stroke.json")
    assert data["outcome"]["stroke"] == "direct"
    assert data["outcome"]["first_contact"] == "own"
    assert data["ruling"]["turn_lost"] is True
    assert data["ruling"]["next_seat"] == 2


def test_the_cross_entropy_learner_scores_the_open_20_from_scratch() -> None:
    # examples/cem_open20.py, test-sized: its default 40 generations of 100 draws (4,500 steps,
    # a few CPU seconds), evaluated on 200 draws rather than 500. It starts knowing nothing (no
    # twenty in its first generation) and ends with a policy whose own draws score >= 70 %
    # (docs/rl.md gives the spread over ten seeds).
    spec = importlib.util.spec_from_file_location("cem_open20", EXAMPLES / "cem_open20.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    result = module.learn(seed=0, evaluate=200)
    assert result.history[0].twenties == 0.0
    assert result.success_rate >= 0.70
    assert result.steps == 40 * 100 + 200
    # the learned mean: about 1 m/s at the centre from the middle of the line (the 20-hole takes
    # 0.8..1.3 m/s straight on, docs/rl.md)
    strike = result.strike(module.OpenTwenty().env)
    assert 0.75 <= strike["speed"] <= 1.4
