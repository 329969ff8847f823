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
