"""Agents and the frame loop: scripted players, player names, the noise each game's hand adds
(seeded, with the σ of its level), a whole crokinole round through play_frame and the CLI."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from cueboard.ai.agent import AgentError, Decision, ScriptedAgent
from cueboard.ai.noise import CUE_NOISE, UnknownLevelError
from cueboard.ai.registry import make_agent
from cueboard.errors import UnknownGameError
from cueboard.games.crokinole.records import CrokinoleDeclaration, CrokinoleStrike
from cueboard.games.protocol import get_game
from cueboard.games.snooker.records import SnookerStrike


def test_scripted_agent_plays_its_list_then_refuses() -> None:
    game = get_game("crokinole")
    pos = game.new_position({"players": 2})
    fixed = Decision(CrokinoleDeclaration(), CrokinoleStrike(start=(0.0, -0.3048), speed=0.8, angle=90.0))
    agent = ScriptedAgent([fixed, lambda g, p: Decision(CrokinoleDeclaration(concede=True))])
    rng = np.random.default_rng(0)
    assert agent.decide(game, pos, rng) is fixed
    assert agent.decide(game, pos, rng).declaration == CrokinoleDeclaration(concede=True)
    with pytest.raises(AgentError, match="no decision left"):
        agent.decide(game, pos, rng)


def test_player_names() -> None:
    assert make_agent("snooker", "ai:club").name == "ai:club"
    with pytest.raises(AgentError, match="unknown player 'human'"):
        make_agent("snooker", "human")
    with pytest.raises(UnknownLevelError, match="world-champion"):
        make_agent("snooker", "ai:world-champion")
    with pytest.raises(UnknownGameError, match="unknown game 'pool'"):
        make_agent("pool", "ai:pro")


def test_a_level_with_its_noise_scaled() -> None:
    """``ai:<level>@<factor>``: the level's decisions with its execution noise times the factor,
    in every game; a bad factor is an error naming it."""
    from cueboard.ai.registry import parse_level

    assert parse_level("pro") == ("pro", 1.0)
    assert parse_level("club@0.35") == ("club", 0.35)
    for game in ("snooker", "crokinole", "novuss"):
        agent = make_agent(game, "ai:pro@0.5")
        assert agent.name == "ai:pro@0.5"
        assert agent.ai.noise_scale == 0.5  # type: ignore[attr-defined]
        assert agent.ai.model().noise_scale == 0.5  # type: ignore[attr-defined]
    snooker = make_agent("snooker", "ai:pro@0.5").ai
    still = make_agent("crokinole", "ai:club@0").ai
    assert CUE_NOISE["pro"].scaled(0.5).direction_deg == pytest.approx(0.0125)
    assert snooker.model().noise_scale == 0.5  # type: ignore[attr-defined]
    assert still.noise_scale == 0.0  # type: ignore[attr-defined]
    for bad in ("ai:pro@", "ai:pro@half", "ai:pro@-1", "ai:pro@nan"):
        with pytest.raises(AgentError, match="bad noise scale"):
            make_agent("snooker", bad)
    with pytest.raises(UnknownLevelError, match="grandmaster"):
        make_agent("snooker", "ai:grandmaster@0.5")


def test_the_pro_at_the_tournament_noise() -> None:
    """``ai:pro@tournament``: the snooker pro's decisions (with the study's own pot floor and
    safety checks) with the computational-pool tournament noise (0.125°, 0.075 m/s, 0.5 mm);
    only for the pro, only in snooker."""
    from cueboard.ai.registry import parse_level

    assert parse_level("pro@tournament") == ("pro", pytest.approx(5.0))
    agent = make_agent("snooker", "ai:pro@tournament")
    noise = agent.ai.model().noise  # type: ignore[attr-defined]
    assert (noise.direction_deg, noise.speed, noise.tip) == pytest.approx((0.125, 0.075, 0.0005))
    with pytest.raises(AgentError, match="defined for pro only"):
        make_agent("snooker", "ai:club@tournament")
    with pytest.raises(AgentError, match="a cue noise, for cue games only"):
        make_agent("crokinole", "ai:pro@tournament")


def test_a_disc_player_with_zero_noise_plays_the_intended_flick() -> None:
    from cueboard.ai.match import new_frame
    from cueboard.ai.noise import DiscNoise
    from cueboard.games.protocol import get_game

    noise = DiscNoise(direction_deg=1.0, speed_rel=0.05, speed=0.01, start=0.002)
    half = noise.scaled(0.5)
    assert (half.direction_deg, half.speed_rel, half.speed, half.start) == (0.5, 0.025, 0.005, 0.001)
    with pytest.raises(ValueError, match="noise scale"):
        noise.scaled(float("inf"))
    pos = new_frame(get_game("crokinole"), 0, 0)
    ai = make_agent("crokinole", "ai:beginner@0").ai
    strike = CrokinoleStrike(start=(0.0, -0.3), speed=0.8, angle=90.0)
    played = ai.perturb(pos, strike, np.random.default_rng(3))
    assert isinstance(played, CrokinoleStrike)
    assert (played.speed, played.angle) == (0.8, 90.0)
    assert played.start == pytest.approx(strike.start, abs=1e-12)
    shaky = make_agent("crokinole", "ai:beginner").ai.perturb(pos, strike, np.random.default_rng(3))
    assert isinstance(shaky, CrokinoleStrike) and shaky.angle != 90.0


def test_snooker_noise_has_the_level_sigmas() -> None:
    from cueboard.ai.snooker.hand import R, perturb

    n = CUE_NOISE["pro"]
    strike = SnookerStrike(speed=2.0, angle=30.0)
    rng = np.random.default_rng(123)
    draws = [perturb(strike, n.direction_deg, n.speed, n.tip, rng) for _ in range(4000)]
    angle = np.array([d.angle for d in draws])
    speed = np.array([d.speed for d in draws])
    side = np.array([d.side for d in draws]) * R
    # 4000 draws: the sample σ is within ~5% of σ (3.5 standard errors of σ/sqrt(2n) = 1.1%)
    assert (n.direction_deg, n.speed, n.tip) == pytest.approx((0.025, 0.02, 0.0001))
    assert angle.std() == pytest.approx(0.025, rel=0.05)
    assert speed.std() == pytest.approx(0.02, rel=0.05)
    assert side.std() == pytest.approx(0.0001, rel=0.05)
    assert abs(angle.mean() - 30.0) < 0.01 and abs(speed.mean() - 2.0) < 0.005
    for d in draws[:200]:
        SnookerStrike.model_validate(d.model_dump())  # always a legal strike


def test_crokinole_noise_is_seeded_and_keeps_the_start_legal() -> None:
    from cueboard.ai.crokinole import NOISE, perturb
    from cueboard.games.crokinole.game import new_position
    from cueboard.games.crokinole.shot import check_start

    pos = new_position({"players": 2}, starter=0)
    strike = CrokinoleStrike(start=(0.0, -0.3048), speed=1.0, angle=90.0)
    a = [perturb(pos, strike, NOISE["club"], np.random.default_rng(9)) for _ in range(2)]
    assert a[0] == a[1]  # the same seed, the same flick
    rng = np.random.default_rng(10)
    draws = [perturb(pos, strike, NOISE["club"], rng) for _ in range(3000)]
    speeds = np.array([d.speed for d in draws])
    angles = np.array([d.angle for d in draws])
    slip = np.array([math.atan2(d.start[1], d.start[0]) + math.pi / 2 for d in draws]) * 0.3048
    sigma_v = NOISE["club"].speed_sigma(1.0)
    assert speeds.std() == pytest.approx(sigma_v, rel=0.06)
    assert angles.std() == pytest.approx(NOISE["club"].direction_deg, rel=0.06)
    assert slip.std() == pytest.approx(NOISE["club"].start, rel=0.06)
    for d in draws[:100]:
        check_start(pos, d.start)


def test_a_crokinole_round_through_the_cli(tmp_path: Path) -> None:
    pytest.importorskip("cueboard.games.crokinole.physics")
    from cueboard.cli.main import app
    from cueboard.records.match import read_match

    result = CliRunner().invoke(
        app, ["match", "crokinole", "--players", "ai:pro", "ai:beginner", "--frames", "1",
              "--budget", "0.05", "--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    assert "frames won" in result.output
    record = read_match(tmp_path / "crokinole-seed0-frame001.jsonl")
    assert len(record.shots) == 16  # 8 discs each (one tournament round)
    assert {p.level for p in record.header.players} == {"pro", "beginner"}
    last = record.shots[-1].ruling
    assert last.round_result is not None  # type: ignore[attr-defined]


def test_cli_refuses_an_unknown_player(tmp_path: Path) -> None:
    from cueboard.cli.main import app

    args = ["match", "snooker", "--players", "ai:pro", "bob", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "unknown player 'bob'" in result.output
