"""``cueboard score snooker`` with piped input, ``cueboard referee`` replays, the GAME object."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from cueboard.cli.main import app
from cueboard.games.protocol import get_game
from cueboard.games.snooker.declaration import SnookerDeclaration
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.records.registry import record_types

runner = CliRunner()


def test_score_snooker_piped(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    stdin = "pot red\nnom black pot black\nhit pink\nputback\nbogus\nsafe\nconcede\n"
    result = runner.invoke(app, ["score", "snooker", "--names", "Ann,Bo", "--save", str(save)], input=stdin)
    assert result.exit_code == 0, result.output
    assert "7 point(s) (black)" in result.output
    assert "foul and a miss (first_contact_not_on), 6 to side 1" in result.output
    assert "not understood" in result.output
    assert "match over" in result.output
    assert save.exists()

    replay = runner.invoke(app, ["referee", str(save)])
    assert replay.exit_code == 0, replay.output
    assert "shot 1 (seat 0): 7 point(s) (black), break 8 — score 8-0" in replay.output
    assert "frame over (conceded)" in replay.output


def _save_then_edit_shot_1(save: Path, reports: str, part: str, field: str, value: object) -> None:
    """Score two shots into ``save`` (JSON Lines: the header, then shots 0 and 1), then change
    one field of shot 1's record by hand."""
    runner.invoke(app, ["score", "snooker", "--save", str(save)], input=reports)
    lines = save.read_text().splitlines()
    shot = json.loads(lines[2])
    shot[part][field] = value
    lines[2] = json.dumps(shot)
    save.write_text("\n".join(lines) + "\n")


def test_referee_flags_a_changed_ruling(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    _save_then_edit_shot_1(save, "safe\nnothing\n", "ruling", "penalty", 7)
    result = runner.invoke(app, ["referee", str(save)])
    assert result.exit_code == 1
    assert "differs" in result.output


def test_referee_refuses_malformed_record(tmp_path: Path) -> None:
    save = tmp_path / "m.jsonl"
    _save_then_edit_shot_1(save, "safe\nsafe\n", "outcome", "potted", "red1")
    result = runner.invoke(app, ["referee", str(save)])
    assert result.exit_code == 2
    assert "shot 1" in result.output and "outcome.potted" in result.output


def test_game_object_and_registry() -> None:
    game = get_game("snooker")
    assert record_types("snooker").declaration is SnookerDeclaration
    pos = game.new_position({"reds": 10}, seed=1)
    assert not game.is_over(pos)
    after, ruling = game.apply(
        pos,
        SnookerDeclaration(),
        SnookerOutcome(first_contacts=("red1",), potted=(("red2", "top-left"),)),
        np.random.default_rng(0),
    )
    assert ruling.model_dump()["points"] == 1
    conceded, _ = game.apply(
        after, SnookerDeclaration(action="concede"), SnookerOutcome(), np.random.default_rng(0)
    )
    assert game.is_over(conceded)


def test_referee_never_imports_the_physics() -> None:
    code = (
        "import sys, numpy as np\n"
        "import cueboard.games.snooker, cueboard.games.snooker.referee, cueboard.games.snooker.scoreboard\n"
        "bad = [m for m in sys.modules if m.startswith('cueboard.engine') and m != 'cueboard.engine.events'"
        " and m != 'cueboard.engine'] + [m for m in sys.modules if m == 'cueboard.games.snooker.physics']\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_generic_replay_through_the_game_protocol(tmp_path: Path) -> None:
    # cueboard/cli/referee.py: a game without its own replayer is replayed through GAME.apply.
    from io import StringIO

    from rich.console import Console

    from cueboard.cli.referee import generic_replay
    from cueboard.records.match import read_match

    save = tmp_path / "m.json"
    runner.invoke(
        app, ["score", "snooker", "--save", str(save)], input="pot red\nnom blue pot blue\nnothing\n"
    )
    out = StringIO()
    status = generic_replay(read_match(save), Console(file=out, width=200))
    assert status == 0
    assert out.getvalue().count("shot ") == 3
