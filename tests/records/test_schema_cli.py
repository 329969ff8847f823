"""``cueboard schema [KIND]`` prints the shipped JSON Schema of a record kind (or the kinds), and
``cueboard simulate --svg FILE`` draws into FILE and leaves standard output to the JSON."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cueboard.cli.main import app
from cueboard.games.snooker.rack import rack
from cueboard.records.base import Position
from cueboard.records.schema import kinds, schema

runner = CliRunner()


def test_schema_lists_the_kinds_and_prints_one() -> None:
    listed = runner.invoke(app, ["schema"])
    assert listed.exit_code == 0 and listed.stdout.split() == list(kinds())
    printed = runner.invoke(app, ["schema", "snooker.strike"])
    assert printed.exit_code == 0
    assert json.loads(printed.stdout) == schema("snooker.strike")
    assert json.loads(printed.stdout)["properties"]["speed"]["exclusiveMinimum"] == 0.0


def test_schema_refuses_an_unknown_kind_naming_the_kinds() -> None:
    result = runner.invoke(app, ["schema", "pool.position"])
    assert result.exit_code == 2
    assert "no record kind 'pool.position'" in result.output and "snooker.match" in result.output


def test_simulate_svg_goes_to_its_file_and_stdout_is_only_the_json(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(Position(game="snooker", pieces=rack()).model_dump_json())
    strike = tmp_path / "strike.json"
    strike.write_text(json.dumps({"speed": 3.0, "angle": 90.0, "place_cue_ball": [0.0, 1.0]}))
    svg = tmp_path / "shot.svg"
    result = runner.invoke(app, ["simulate", str(pos), str(strike), "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # nothing but the JSON: no drawing, no note
    assert data["outcome"]["first_contacts"] == ["blue"]
    assert svg.read_text(encoding="utf-8").startswith("<svg")
    assert f"paths drawn in {svg}" in " ".join(result.stderr.split())
