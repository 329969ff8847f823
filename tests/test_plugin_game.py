"""A fourth game registered by entry point alone (tests/plugins/toyshuffle, a package outside
cueboard): the registry finds it, and it plays through the CLI, the web app's JSON API and the RL
environment with no edit to cueboard. The expected figures are worked by hand from the toy's
closed form (a puck slides ``v² / (2 μ g)`` with μ = 0.2, g = 9.81: 2.4 m/s gives 1.468 m, within
0.1 m of the target line at 1.5 m, 3 points)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import cueboard
from cueboard import registry

PLUGINS = Path(__file__).parent / "plugins"


@pytest.fixture
def shuffle_installed(tmp_path: Path) -> Iterator[Path]:
    """The toy game 'installed': a distribution's metadata with its ``cueboard.games`` entry point
    on ``sys.path`` (what ``pip install`` of a package declaring it would leave)."""
    info = tmp_path / "toyshuffle-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyshuffle\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[cueboard.games]\nshuffle = toyshuffle:GAME\n\n"
        "[cueboard.referee]\nshuffle = toyshuffle_referee\n"
    )
    sys.path[:0] = [str(tmp_path), str(PLUGINS)]
    registry.refresh()
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        sys.path.remove(str(PLUGINS))
        registry.refresh()


def test_the_registry_finds_the_installed_games_and_names_them_when_one_is_unknown(
    shuffle_installed: Path,
) -> None:
    assert registry.game_names() == ("snooker", "crokinole", "novuss", "shuffle")
    assert cueboard.get_game("shuffle").name == "shuffle"
    with pytest.raises(cueboard.UnknownGameError, match="snooker, crokinole, novuss, shuffle"):
        cueboard.get_game("chess")
    assert registry.extension(registry.AI, "shuffle") is None  # it brings no computer players


def test_without_the_package_the_game_is_unknown() -> None:
    assert "shuffle" not in registry.game_names()
    with pytest.raises(cueboard.UnknownGameError):
        cueboard.get_game("shuffle")


def test_the_cli_prints_its_table_and_simulates_a_shot_through_its_referee(
    shuffle_installed: Path, tmp_path: Path
) -> None:
    from cueboard.cli.main import app

    runner = CliRunner()
    specs = runner.invoke(app, ["specs", "shuffle"])
    assert specs.exit_code == 0, specs.output
    assert "target_y" in specs.output and "1.5" in specs.output
    game = cueboard.get_game("shuffle")
    (tmp_path / "pos.json").write_text(game.new_position().model_dump_json())
    (tmp_path / "strike.json").write_text(json.dumps({"speed": 2.4, "angle": 90.0}))
    shot = runner.invoke(app, ["simulate", str(tmp_path / "pos.json"), str(tmp_path / "strike.json")])
    assert shot.exit_code == 0, shot.output
    result = json.loads(shot.output)
    assert result["outcome"]["y"] == pytest.approx(2.4**2 / (2 * 0.2 * 9.81))
    assert result["ruling"]["points"] == 3 and result["position_after"]["scores"] == [3, 0]
    match = runner.invoke(app, ["match", "shuffle", "--players", "ai:club", "ai:club",
                                "--out", str(tmp_path)])
    assert match.exit_code == 2 and "shuffle has no computer players" in match.output


def test_the_web_api_plays_a_whole_game(shuffle_installed: Path, tmp_path: Path) -> None:
    sys.path.insert(0, str(Path(__file__).parent / "app"))
    try:
        from acting import act
    finally:
        sys.path.remove(str(Path(__file__).parent / "app"))
    from cueboard.app.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'app.sqlite3'}")) as client:
        games = {g["name"]: g for g in client.get("/api/games").json()}
        assert games["shuffle"]["players"] == [2]
        assert client.get("/api/games/shuffle/spec").json()["target_y"] == 1.5
        players = [{"name": "Ann"}, {"name": "Bob"}]
        r = client.post("/api/matches", json={"game": "shuffle", "players": players})
        assert r.status_code == 201, r.text
        mid = r.json()["id"]
        for speed in (2.4, 1.0, 2.43, 3.0):  # 3, 0, 3 (1.505 m), off the board
            shot = act(client, "POST", f"/api/matches/{mid}/shots",
                       json={"strike": {"speed": speed, "angle": 90.0}})
            assert shot.status_code == 200, shot.text
        final = client.get(f"/api/matches/{mid}").json()
        assert final["turn"]["action"] == "over"
        assert final["scoreboard"]["sides"][0]["score"] == 6 and final["scoreboard"]["sides"][1]["score"] == 0
        record = client.get(f"/api/matches/{mid}/record")
        assert record.status_code == 200, record.text
        assert [s["ruling"]["points"] for s in record.json()["shots"]] == [3, 0, 3, 0]
        (tmp_path / "shuffle.json").write_text(record.text)
    # `cueboard referee` replays it through the replayer the game's ``cueboard.referee`` entry
    # point registers (its own wording), and plays every strike again.
    from cueboard.cli.main import app

    replayed = CliRunner().invoke(app, ["referee", str(tmp_path / "shuffle.json")])
    assert replayed.exit_code == 0, replayed.output
    assert [line for line in replayed.output.splitlines() if line.startswith("puck")] == [
        "puck 1: 3 points", "puck 2: 0 points", "puck 3: 3 points", "puck 4: 0 points"]
    assert "every strike gives its recorded outcome (4 played again)" in replayed.output


def test_the_rl_environment_plays_it_to_the_end(shuffle_installed: Path) -> None:
    from cueboard.rl import aec_env

    env = aec_env("shuffle")
    env.reset(seed=0)
    steps = 0
    for agent in env.agent_iter(max_iter=50):
        _obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(env.action_space(agent).sample())
        steps += 1
    assert steps == 4  # two pucks each, then the game is over
