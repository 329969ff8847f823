"""``cueboard score novuss`` with piped input, and ``cueboard referee`` on the record it saves."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cueboard.cli.main import app

runner = CliRunner()


def test_score_then_referee(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    lines = "pot=2\nown\nnone\nbogus\nopp striker-pot\nundo\nopp\npot=1\n"
    result = runner.invoke(app, ["score", "novuss", "--names", "Ann,Bo", "--save", str(record)], input=lines)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "Ann strikes again" in out  # rules/novuss.md: potting an own disc, strike again
    assert "case 1: on a direct stroke the striker touched none" in out
    assert "recorded as a debt" in out  # all 8 of Bo's discs on the table
    assert "unknown word 'bogus'" in out
    assert "undone:" in out
    assert "debt paid" in out  # Bo's next pocketed disc pays the debt
    assert "saved 5 stroke(s)" in out
    result = runner.invoke(app, ["referee", str(record)])
    assert result.exit_code == 0, result.output
    assert "stroke 4: seat 2 (side 1); pocketed b1; strikes again" in " ".join(result.output.split())


def test_score_novuss_four_players_needs_four_names() -> None:
    result = runner.invoke(app, ["score", "novuss", "--players", "4", "--names", "A,B"], input="")
    assert result.exit_code == 2
    assert "4 player names needed" in result.output


def test_simulate_a_novuss_stroke(tmp_path: Path) -> None:
    import json

    from cueboard.games.novuss import GAME
    from cueboard.records.base import dump_record

    position = tmp_path / "position.json"
    position.write_text(dump_record(GAME.new_position()))
    strike = tmp_path / "strike.json"
    # 1 m/s stops after v^2 / (2 mu g) = 0.46 m, well short of the discs: penalty case 1, a debt
    strike.write_text('{"x": 0.1155, "y": -0.44, "speed": 1.0, "angle": 90}')
    result = runner.invoke(app, ["simulate", str(position), str(strike)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["outcome"]["first_contact"] == "none"
    assert data["ruling"]["penalty_cases"] == [1] and data["position_after"]["debt"] == [1, 0]
    strike.write_text('{"x": 0.0, "y": -0.2, "speed": 1.0, "angle": 90}')
    result = runner.invoke(app, ["simulate", str(position), str(strike)])
    assert result.exit_code == 2
    assert "crosses the line of the bottom edge zone" in " ".join(result.output.split())


def test_referee_flags_an_edited_record(tmp_path: Path) -> None:
    import json

    record = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["score", "novuss", "--save", str(record)], input="pot=2\nnone\n")
    assert result.exit_code == 0, result.output
    lines = record.read_text().splitlines()
    shot = json.loads(lines[1])  # stroke 0: two own discs pocketed, the striker strikes again
    shot["ruling"]["turn_lost"] = True
    lines[1] = json.dumps(shot)
    record.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["referee", str(record)])
    assert result.exit_code == 1
    out = " ".join(result.output.split())
    assert "stroke 0: " in out and "(differs from the record)" in out
    assert "ruling.turn_lost: recorded True, referee False" in out
    assert "stroke 1: " in out and out.count("differs from the record") == 1
