"""Shot maps (cueboard/analysis/shotmap.py, cueboard/cli/shotmap.py): the same map whatever the
executor, cells measured through the physics under each level's noise, resume, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from cueboard.analysis.shotmap import ShotMapSpec, T, cell_made, compute_shotmap, fits, grid, lone_ball
from cueboard.batch import BatchInputError, ProcessExecutor, SerialExecutor
from cueboard.cli.main import app

runner = CliRunner()
BLACK = lone_ball("black")


def _spec(**kw: object) -> ShotMapSpec:
    args: dict[str, object] = {"position": BLACK.model_dump_json(), "target": "black", "level": "pro",
                               "step": 0.45, "trials": 2, "seed": 3}
    return ShotMapSpec(**{**args, **kw})  # type: ignore[arg-type]


def _straight(distance: float) -> tuple[float, float]:
    """The cue-ball place ``distance`` behind the black on the line from the top-left pocket."""
    b = np.array(T.spots["black"])
    d = b - np.array(T.pocket_centres["top-left"])
    x, y = b + distance * d / np.linalg.norm(d)
    return float(x), float(y)


def test_a_straight_pot_goes_in_every_time_without_noise_and_less_often_with_more() -> None:
    x, y = _straight(0.4)
    made = {lvl: cell_made(_spec(level=lvl, trials=30), x, y, np.random.default_rng(1))
            for lvl in ("perfect", "pro", "beginner")}
    assert made["perfect"] == 30
    assert made["beginner"] is not None and made["pro"] is not None
    assert made["beginner"] < made["pro"]  # docs/ai.md: the beginner's cue arm is far shakier


def test_no_cell_for_a_cue_ball_on_the_black_or_off_the_bed() -> None:
    bx, by = T.spots["black"]
    assert cell_made(_spec(), bx + 0.02, by, np.random.default_rng(0)) is None
    assert not fits(BLACK, T.half_width, 1.0)
    assert fits(BLACK, bx + 2 * T.ball_radius + 0.002, by)


def test_the_map_is_the_same_on_every_executor_and_resumes(tmp_path: Path) -> None:
    spec = _spec()
    serial = compute_shotmap(spec, SerialExecutor(), tmp_path / "s.jsonl")
    procs = compute_shotmap(spec, ProcessExecutor(2), tmp_path / "p.jsonl")
    assert serial.to_json() == procs.to_json()
    xs, ys = grid(spec.step)
    assert serial.p.shape == (len(ys), len(xs))
    assert np.nanmax(serial.p) > 0.0  # some cell pots the black
    seen: list[str] = []
    again = compute_shotmap(
        spec, SerialExecutor(), tmp_path / "s.jsonl", on_result=lambda t, r: seen.append(t.key)
    )
    assert seen == [] and again.to_json() == serial.to_json()


def test_bad_maps_are_refused() -> None:
    with pytest.raises(BatchInputError, match="step must be from"):
        _spec(step=0.0)
    with pytest.raises(BatchInputError, match="trials must be from"):
        _spec(trials=0)
    with pytest.raises(BatchInputError, match="'pink' is not a ball on the table"):
        _spec(target="pink")
    reds = BLACK.model_copy(update={"ball_on": "red"})
    with pytest.raises(BatchInputError, match=r"'black' is not on in the position \(ball on: red\)"):
        _spec(position=reds.model_dump_json())
    with pytest.raises(ValueError, match="wizard"):
        _spec(level="wizard")


def test_the_cli_writes_the_png_and_the_figures(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "map.png"
    args = ["shotmap", "--target", "pink", "--step", "0.45", "--trials", "2", "--executor", "serial",
            "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(out.with_suffix(".json").read_text())
    assert data["target"] == "pink" and data["trials"] == 2
    assert len(data["p"]) == len(data["ys"]) and len(data["p"][0]) == len(data["xs"])


def test_the_cli_reads_a_position_file(tmp_path: Path) -> None:
    pos = tmp_path / "pos.json"
    pos.write_text(lone_ball("red4").model_dump_json())
    args = ["shotmap", "--target", "red4", "--position", str(pos), "--step", "0.5", "--trials", "1",
            "--executor", "serial", "--out", str(tmp_path / "r.png")]
    assert runner.invoke(app, args).exit_code == 0


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--out", "map.svg"], "--out must name a .png file"),
        (["--target", "purple"], "unknown ball 'purple'"),
        (["--trials", "0"], "trials must be from 1"),
        (["--executor", "threads"], "unknown executor 'threads'"),
        (["--position", "missing.json"], "missing.json"),
    ],
)
def test_the_cli_refuses_bad_input(tmp_path: Path, extra: list[str], message: str) -> None:
    result = runner.invoke(app, ["shotmap", "--out", str(tmp_path / "m.png"), *extra])
    assert result.exit_code == 2, result.output
    assert message in result.output
