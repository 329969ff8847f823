"""``cueboard tournament`` (cueboard/batch/selfplay.py, cueboard/cli/tournament.py): the same
seeded tournament gives byte-identical records and figures whatever the executor; it resumes
where it stopped; bad settings are refused with a message naming them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cueboard.analysis.tournament import summary, summary_json
from cueboard.batch import BatchInputError, ProcessExecutor, SerialExecutor
from cueboard.batch.executors import Executor
from cueboard.batch.selfplay import TournamentSpec, run_tournament, tournament_tasks
from cueboard.cli.main import app
from cueboard.games.protocol import get_game
from cueboard.records.match import read_match

runner = CliRunner()
#: A small, quick tournament: crokinole rounds (16 shots) with a light search.
SPEC = TournamentSpec(
    game="crokinole", players=("ai:pro", "ai:beginner", "ai:club"), frames=2, seed=9,
    date="2026-01-02T03:04:05+00:00", samples=2, top_k=2,
)


def _files(out: Path) -> dict[str, bytes]:
    """The records and the summary of a played tournament, by path."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted((out / "records").rglob("*.jsonl"))}


def _play(executor: Executor, out: Path) -> dict[str, bytes]:
    spec, results = run_tournament(SPEC, executor, out)
    (out / "summary.json").write_text(summary_json(summary(spec, results)))
    return {**_files(out), "summary.json": (out / "summary.json").read_bytes()}


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, bytes]]:
    out = tmp_path_factory.mktemp("serial")
    return out, _play(SerialExecutor(), out)


def test_records_are_real_frames_with_the_results_counted(serial: tuple[Path, dict[str, bytes]]) -> None:
    out, files = serial
    assert len([f for f in files if f.startswith("records/")]) == 6  # 3 pairings x 2 frames
    results = [json.loads(x)["result"] for x in (out / "results.jsonl").read_text().splitlines()]
    game = get_game("crokinole")
    for r in results:
        match = read_match(out / r["record"])
        assert match.header.date.isoformat() == SPEC.date
        assert len(match.shots) == r["shots"] > 0
        final = match.shots[-1].position_after
        outcome = game.outcome(final)
        assert outcome is not None and outcome.winner == r["winner"]
    data = json.loads(files["summary.json"])
    assert data["games_played"] == 6
    for row in data["players"]:
        assert row["games"] == 4 == row["wins"] + row["draws"] + row["losses"]
        assert row["low"] <= row["score"] <= row["high"]
    wins = sum(r["winner"] is not None for r in results)
    assert sum(row["wins"] for row in data["players"]) == wins


def test_processes_give_byte_identical_records_and_figures(
    serial: tuple[Path, dict[str, bytes]], tmp_path: Path
) -> None:
    assert _play(ProcessExecutor(2), tmp_path) == serial[1]


@pytest.mark.slow  # the CLI test below checks ray on a smaller tournament
def test_ray_gives_byte_identical_records_and_figures(
    serial: tuple[Path, dict[str, bytes]], ray_executor: Executor, tmp_path: Path
) -> None:
    assert _play(ray_executor, tmp_path) == serial[1]


def test_an_interrupted_tournament_resumes_without_replaying(
    serial: tuple[Path, dict[str, bytes]], tmp_path: Path
) -> None:
    out = tmp_path / "t"
    played: list[str] = []
    spec, _ = run_tournament(SPEC, SerialExecutor(), out)
    lines = (out / "results.jsonl").read_text().splitlines(keepends=True)
    # as if stopped after four frames, while the fifth was being written
    (out / "results.jsonl").write_text("".join(lines[:4]) + lines[4][:20])
    spec, results = run_tournament(SPEC, SerialExecutor(), out, on_result=lambda t, r: played.append(t.key))
    assert played == [t.key for t in tournament_tasks(SPEC)[4:]]
    assert len((out / "results.jsonl").read_text().splitlines()) == 6
    assert summary_json(summary(spec, results)).encode() == serial[1]["summary.json"]


def test_a_folder_holding_another_tournament_is_refused(tmp_path: Path) -> None:
    first = TournamentSpec("crokinole", ("ai:pro", "ai:club"), 1, 1, SPEC.date, 1, 1)
    run_tournament(first, SerialExecutor(), tmp_path)
    other = TournamentSpec("crokinole", ("ai:pro", "ai:club"), 2, 1, SPEC.date, 1, 1)
    with pytest.raises(BatchInputError, match=r"holds another tournament .*frames 1 there, 2 asked"):
        run_tournament(other, SerialExecutor(), tmp_path)


def test_the_cli_plays_prints_and_resumes(tmp_path: Path) -> None:
    args = [
        "tournament", "crokinole", "--players", "ai:pro", "ai:beginner", "--frames", "2", "--seed", "4",
        "--samples", "1", "--top-k", "1", "--executor", "processes", "--out", str(tmp_path),
    ]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert "ai:beginner" in first.output and "95% interval" in first.output
    assert json.loads((tmp_path / "tournament.json").read_text())["players"] == ["ai:pro", "ai:beginner"]
    results = (tmp_path / "results.jsonl").read_text()
    summary_text = (tmp_path / "summary.json").read_text()
    assert len(results.splitlines()) == 2
    again = runner.invoke(app, [*args[:-4], "--executor", "serial", "--out", str(tmp_path)])
    assert again.exit_code == 0, again.output
    assert (tmp_path / "results.jsonl").read_text() == results  # nothing replayed
    assert (tmp_path / "summary.json").read_text() == summary_text


def test_the_cli_writes_the_same_folder_on_every_executor(ray_executor: Executor, tmp_path: Path) -> None:
    """Every file — records, results, summary, description — byte for byte (Ray: the session's)."""
    folders = {}
    for name in ("serial", "processes", "ray"):
        out = tmp_path / name
        args = ["tournament", "crokinole", "--players", "ai:pro", "ai:club", "ai:beginner", "--frames", "1",
                "--seed", "12", "--samples", "1", "--top-k", "1", "--date", "2026-03-04T05:06:07+00:00",
                "--executor", name, "--out", str(out)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        files = sorted(p for p in out.rglob("*") if p.is_file())
        folders[name] = {str(p.relative_to(out)): p.read_bytes() for p in files}
    assert len(folders["serial"]) == 3 + 3  # three records; results, summary, description
    assert folders["processes"] == folders["serial"]
    assert folders["ray"] == folders["serial"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--executor", "threads"], "unknown executor 'threads'"),
        (["--players", "ai:pro"], "needs 2 to 16 players"),
        (["--players", "ai:pro,ai:wizard"], "wizard"),
        (["--frames", "0"], "frames must be from 1"),
        (["--seed", "-3"], "seed must be an integer"),
        (["--ray-address", "auto"], "--ray-address is for the ray executor"),
        (["--budget", "0"], "budget must be above 0"),
        (["--date", "yesterday"], "date must be ISO 8601"),
        (["--players", "ai:pro", "ai:club", "ai:pro"], "a player is named twice"),
    ],
)
def test_the_cli_refuses_bad_settings(tmp_path: Path, extra: list[str], message: str) -> None:
    args = ["tournament", "crokinole", "--executor", "serial", "--out", str(tmp_path), *extra]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "results.jsonl").exists()


def test_the_cli_refuses_an_unknown_game(tmp_path: Path) -> None:
    result = runner.invoke(app, ["tournament", "pool", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "unknown game 'pool'" in result.output


def test_a_frame_that_does_not_end_is_listed_apart_with_the_reason(tmp_path: Path) -> None:
    args = ["tournament", "crokinole", "--frames", "2", "--samples", "1", "--top-k", "1", "--max-shots", "3",
            "--executor", "serial", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "aborted p0-p1/frame001" in result.output and "did not end within 3 shots" in result.output
    data = json.loads((tmp_path / "summary.json").read_text())
    assert data["games_played"] == 0  # a crokinole round is 16 shots: neither ends in 3
    assert [a["frame"] for a in data["aborted"]] == ["p0-p1/frame001", "p0-p1/frame002"]
    assert all(row["games"] == 0 for row in data["players"])
    assert not (tmp_path / "records").exists()
