"""``cueboard score crokinole`` with piped input, and ``cueboard referee`` on what it saved."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cueboard.cli.main import app
from cueboard.records import read_match


def test_score_then_referee(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    lines = [
        "1 3 2 0", "0 2 4 1",  # round 1: 85 - 75, Ann +10
        "oops", "0 13 0 0", "0 0 0 0",  # a bad line, then an impossible round, refused
        "0 0 0 0", "4 1 0 0",  # round 2: 0 - 95, Bo +95
        "undo",  # takes round 2 back
        "0 0 0 0", "5 0 0 0",  # round 2 again: Bo +100: game over
    ]
    runner = CliRunner()
    result = runner.invoke(
        app, ["score", "crokinole", "--names", "Ann,Bo", "--save", str(save)], input="\n".join(lines) + "\n"
    )
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert "has only 12" in output
    assert "round 2 taken back" in output
    assert "Game over" in output and "Bo win" in output
    record = read_match(save)
    assert [s.ruling.round_result.points for s in record.shots] == [(10, 0), (0, 100)]  # type: ignore[attr-defined]

    checked = runner.invoke(app, ["referee", str(save)])
    assert checked.exit_code == 0, checked.output
    text = " ".join(checked.output.split())
    assert "score 10-100" in text and "game over" in text

    bad = tmp_path / "bad.jsonl"
    bad.write_text(save.read_text().replace('"points": [0, 100]', '"points": [0, 99]', 1))
    differs = runner.invoke(app, ["referee", str(bad)])
    assert differs.exit_code == 1
    assert "recorded [0, 99], referee [0, 100]" in " ".join(differs.output.split())


def test_score_stops_at_end_of_input_and_refuses_bad_settings() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["score", "crokinole", "--players", "4"], input="0 1 0 0\n")
    assert result.exit_code == 0
    output = " ".join(result.output.split())
    assert "0 — 0" in output and "Seat 0 starts round 1" in output
    bad = runner.invoke(app, ["score", "crokinole", "--players", "3"], input="")
    assert bad.exit_code == 2
    assert "players" in bad.output


def test_referee_replays_shots(tmp_path: Path) -> None:
    from cueboard.games.crokinole import new_position
    from cueboard.games.crokinole.records import CrokinoleDeclaration, CrokinoleOutcome
    from cueboard.games.crokinole.referee import apply
    from cueboard.records import MatchHeader, MatchRecord, PlayerInfo, ShotEntry, write_match
    from cueboard.records.base import Piece, PieceState

    no = CrokinoleDeclaration()
    position = new_position({"discs_per_player": 1}, starter=0)
    outcomes = [
        CrokinoleOutcome(shooter=0, shot_disc="s0-01", holed=("s0-01",),
                         final=(Piece(id="s0-01", kind="disc", owner=0, state=PieceState.IN_HOLE),)),
        CrokinoleOutcome(shooter=2, shot_disc="s2-01",
                         final=(Piece(id="s2-01", kind="disc", owner=2, y=0.2),)),
    ]
    shots = []
    for i, outcome in enumerate(outcomes):
        player = position.to_move
        position, ruling = apply(position, no, outcome)
        shots.append(ShotEntry(index=i, player=player, declaration=no, outcome=outcome, ruling=ruling,
                               position_after=position))
    players = (PlayerInfo(seat=0, name="A"), PlayerInfo(seat=2, name="B"))
    header = MatchHeader(game="crokinole", variant="seed", settings={"discs_per_player": 1}, players=players)
    path = tmp_path / "shots.json"
    write_match(path, MatchRecord(header=header, shots=shots))
    result = CliRunner().invoke(app, ["referee", str(path)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "shot 0 (seat 0): 20: s0-01" in text
    assert "shot 1 (seat 2): foul (open_shot_outside_15); removed s2-01 (open_shot_outside_15)" in text
    assert "points 20-0, score 20-0" in text
