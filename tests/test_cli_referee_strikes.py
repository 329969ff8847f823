"""``cueboard referee`` plays every recorded strike again (cueboard/cli/referee_strikes.py): an
untouched record of a simulated match passes (exit 0), a record whose strike speed was edited
× 1.3 after the fact is refused with exit 1 naming that shot — although every ruling still
follows from the recorded outcomes — and ``--no-physics`` skips the check; ``--json`` prints the
verdict. Scorer records have no strikes and keep the referee's checks alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cueboard.cli.main import app
from cueboard.cli.referee_strikes import _first_difference

runner = CliRunner()


@pytest.fixture(scope="module")
def crokinole_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A crokinole round between two beginners, as ``cueboard match`` records it (strikes and
    the outcomes the physics gave)."""
    out = tmp_path_factory.mktemp("match")
    result = runner.invoke(app, ["match", "crokinole", "--players", "ai:beginner", "ai:beginner",
                                 "--budget", "0.02", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    (path,) = out.glob("*.jsonl")
    return path


def _edited(src: Path, dst: Path, shot: int, field: str, factor: float) -> Path:
    """``src`` with shot ``shot``'s strike ``field`` multiplied by ``factor`` (nothing else)."""
    lines = src.read_text().splitlines()
    entry: dict[str, Any] = json.loads(lines[shot + 1])
    assert entry["index"] == shot
    entry["strike"][field] *= factor
    lines[shot + 1] = json.dumps(entry)
    dst.write_text("\n".join(lines) + "\n")
    return dst


def test_an_untouched_simulated_record_passes(crokinole_record: Path) -> None:
    result = runner.invoke(app, ["referee", str(crokinole_record)])
    assert result.exit_code == 0, result.output
    shots = len(crokinole_record.read_text().splitlines()) - 1
    assert f"physics: every strike gives its recorded outcome ({shots} played again)" in result.output


def test_an_edited_strike_speed_is_refused_naming_the_shot(crokinole_record: Path, tmp_path: Path) -> None:
    edited = _edited(crokinole_record, tmp_path / "edited.jsonl", 4, "speed", 1.3)
    result = runner.invoke(app, ["referee", str(edited)])
    assert result.exit_code == 1, result.output
    out = " ".join(result.output.split())
    assert "differs from the record" not in out  # the rulings follow from the recorded outcomes
    assert "physics: shot 4: the strike does not give the recorded outcome (outcome." in out
    verdict = json.loads(runner.invoke(app, ["referee", "--json", str(edited)]).stdout.strip())
    assert verdict["ok"] is False and verdict["rulings"] == "agree"
    assert verdict["physics"]["first_mismatch"]["shot"] == 4
    assert verdict["physics"]["strikes"] == 5  # shots 0-4 played, the check stops at the first
    skipped = runner.invoke(app, ["referee", "--no-physics", "--json", str(edited)])
    assert skipped.exit_code == 0
    assert json.loads(skipped.stdout.strip())["physics"] == "skipped"


def test_a_scorer_record_has_no_strikes_to_play(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["score", "novuss", "--names", "Ann,Bo", "--save", str(record)],
                           input="pot=2\nown\nnone\n")
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["referee", "--json", str(record)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout.strip())["physics"] == {"strikes": 0, "first_mismatch": None}


def test_the_outcomes_are_compared_to_a_micrometre() -> None:
    recorded = {"final": [{"id": "a", "x": 0.5, "y": 0.25, "state": "on_table"}], "holed": []}
    assert _first_difference(recorded, {"final": [{"id": "a", "x": 0.5 + 4e-7, "y": 0.25,
                                                   "state": "on_table"}], "holed": []}, "outcome") is None
    moved = {"final": [{"id": "a", "x": 0.5 + 3e-6, "y": 0.25, "state": "on_table"}], "holed": []}
    assert _first_difference(recorded, moved, "outcome") == \
        "outcome.final[0].x: recorded 0.5, the strike gives 0.500003"
    holed = {"final": [{"id": "a", "x": 0.5, "y": 0.25, "state": "holed"}], "holed": ["a"]}
    assert _first_difference(recorded, holed, "outcome") == \
        "outcome.final[0].state: recorded 'on_table', the strike gives 'holed'"
