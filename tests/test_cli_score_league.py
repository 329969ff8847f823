"""``cueboard score snooker`` keeps amateur leagues' formats as the browser scorer does: a
handicap start per player (``--handicap A B``, 0-70, counted in each frame's score and in the
total) and a frame entered as its result alone (``result A B``: the player behind concedes at that
score, WPBSA S4 R6; level scores refused, a frame is not drawn, S3 R4). The record keeps both in
its header and replays with ``cueboard referee`` exit 0. Totals below are counted by hand."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cueboard.cli.main import app

runner = CliRunner()


def _score(args: list[str], lines: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["score", "snooker", "--names", "Ann,Bo", *args],
                           input="\n".join(lines) + "\n")
    return result.exit_code, result.output


def _last_row(output: str, name: str) -> list[str]:
    """The cells of the last scoreboard row of ``name`` (player, score, break, frames, high, total)."""
    rows = [ln for ln in output.splitlines() if f" {name} " in ln and "│" in ln]
    return [c.strip() for c in rows[-1].split("│") if c.strip() and c.strip() != "▶"]


def test_a_handicap_league_match_entered_by_results_replays(tmp_path: Path) -> None:
    """Best of 3, Ann starts every frame on 30: frames 72-45, 40-61, 31-50 -> Bo wins 2-1;
    totals Ann 72+40+31 = 143, Bo 45+61+50 = 156."""
    save = tmp_path / "league.jsonl"
    code, out = _score(["--best-of", "3", "--handicap", "30", "0", "--save", str(save)],
                       ["result 72 45", "next", "result 40 61", "next", "result 31 50"])
    assert code == 0, out
    assert "match over, won by Bo" in out
    assert _last_row(out, "Ann") == ["Ann", "31", "1", "0", "143"]
    assert _last_row(out, "Bo") == ["Bo", "50", "2", "0", "156"]
    lines = [json.loads(ln) for ln in save.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["handicap"] == [30, 0]  # JSON Lines: the header first, then incident lines
    incidents = [(ln["incident"]["kind"], ln["incident"]["at"]) for ln in lines if "incident" in ln]
    assert incidents == [("result", 0), ("result", 1), ("result", 2)]
    replay = runner.invoke(app, ["referee", str(save)])
    assert replay.exit_code == 0, replay.output
    assert "result entered — score 31-50" in replay.output and "frames 1-2" in replay.output


def test_a_start_counts_in_a_frame_played_stroke_by_stroke(tmp_path: Path) -> None:
    """Ann on 30, Bo on 10: Ann pots a red (1) and the black (7) -> 38-10; undo the black -> 31-10;
    Bo concedes at 31-10 (the record replays)."""
    save = tmp_path / "strokes.jsonl"
    code, out = _score(["--handicap", "30", "10", "--save", str(save)],
                       ["pot red", "nom black pot black", "undo", "safe", "concede"])
    assert code == 0, out
    assert _last_row(out, "Ann")[:2] == ["Ann", "31"] and _last_row(out, "Bo")[:2] == ["Bo", "10"]
    assert runner.invoke(app, ["referee", str(save)]).exit_code == 0


def test_bad_league_input_is_refused_naming_it() -> None:
    code, out = _score(["--handicap", "30", "0"],
                       ["result 50 50", "result 20 50", "result 72", "pot red", "result 72 45"])
    text = " ".join(out.split())
    assert "does not end level" in text and "S3 R4" in text
    assert "at least the player's start [30, 0]" in text
    assert "'result' takes the frame's two scores" in text
    assert "before any stroke of the frame" in text
    code, out = _score(["--handicap", "71", "0"], [])
    assert code == 2 and "--handicap: a start of 0 to 70 points" in " ".join(out.split())
    code, out = _score(["--names", "A,B,C,D", "--handicap", "10", "0"], [])
    assert code == 2 and "for 4" in out
