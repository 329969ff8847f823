"""Episodes as Gymnasium and PettingZoo define them: truncation after ``max_steps`` (every agent
removed by its ``None`` step, then ``reset``), a move the game cannot play ending the episode as
truncated instead of raising, the flat action and its option selector, the reward options, and
Gymnasium's vector environments."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest

import cueboard
from cueboard.ai.players import SearchSettings
from cueboard.engine.world import EventLimitError
from cueboard.rl import aec_env, gym_env
from cueboard.rl.actions import selector_index
from tests.rl.helpers import action

QUICK = SearchSettings(samples=1, top_k=1, budget_s=None, workers=1)
ONE_DISC = {"discs_per_player": 1, "target": 5}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", ["crokinole", "novuss", "snooker"])
@pytest.mark.parametrize("on_illegal", ["raise", "penalize"])
def test_truncation_removes_every_agent_and_reset_starts_again(
    game: str, players: int, on_illegal: str
) -> None:
    rules = {"reds": 6} if game == "snooker" else {}
    env = aec_env(game, players=players, max_steps=3, on_illegal=on_illegal, action="flat", **rules)
    for seed in (0, 1):
        env.reset(seed=seed)
        space = env.action_space(env.agent_selection)
        space.seed(seed)
        for _ in range(3):
            env.step(space.sample())
        assert all(env.truncations.values()) and not any(env.terminations.values())
        removed = []
        while env.agents:  # each agent's None step removes it (PettingZoo's dead step)
            removed.append(env.agent_selection)
            env.step(None)
        assert sorted(removed) == sorted(env.possible_agents)


def _fail(*_: Any, **__: Any) -> Any:
    raise EventLimitError("the shot needs more than 10000 events")


def test_a_move_the_engine_cannot_play_truncates_the_aec_episode(monkeypatch: pytest.MonkeyPatch) -> None:
    env = aec_env("crokinole", first=0)
    env.reset(seed=0)
    before = env.position
    monkeypatch.setattr(type(env.core.game), "simulate", _fail)
    env.step(action(env.core, speed=1.0, angle=90.0))
    assert env.position is before
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert (
        "could not play the move: the shot needs more than 10000 events" in env.infos["seat_0"]["step_failed"]
    )
    assert env.rewards == {"seat_0": 0.0, "seat_2": 0.0}


def test_a_move_the_engine_cannot_play_truncates_the_gym_episode(monkeypatch: pytest.MonkeyPatch) -> None:
    env = gym_env("crokinole", search=QUICK, first=0)
    env.reset(seed=0)
    monkeypatch.setattr(type(env.core.game), "simulate", _fail)
    _, reward, terminated, truncated, info = env.step(action(env.core, speed=1.0, angle=90.0))
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert "10000 events" in info["step_failed"]


@pytest.mark.parametrize(
    ("value", "count", "index"), [(-1.0, 3, 0), (-0.34, 3, 0), (-0.33, 3, 1), (1.0, 3, 2), (0.99, 1, 0)]
)
def test_selector_cuts_the_interval_into_equal_parts(value: float, count: int, index: int) -> None:
    # [-1, 1] in three: [-1, -1/3), [-1/3, 1/3), [1/3, 1]
    assert selector_index(value, count) == index


def test_flat_action_chooses_among_the_open_options_only() -> None:
    """A snooker break-off that misses every ball is a foul (S3 R12), and the next player must
    choose to play the balls as they lie or to have the offender play again (S3 R11(h)); the
    flat action's selector picks among those two only."""
    env = aec_env("snooker", reds=6, action="flat", first=0)
    env.reset(seed=0)
    miss = env.core.strike_unit({"speed": 2.0, "angle": -90.0})  # down into the baulk cushion
    env.step(np.concatenate([[0.0, 0.0, 0.0], miss]).astype(np.float32))
    assert "ref.snooker.foul" in env.infos["seat_0"]["ruling"]
    mask = env.infos["seat_1"]["action_mask"]["option"]
    open_options = [o for o, m in zip(env.core.options, mask, strict=True) if m]
    assert len(open_options) >= 2 and "play" in open_options
    for k, name in enumerate(open_options):
        selector = -1.0 + (2 * k + 1) / len(open_options)  # the middle of the k-th part
        flat = np.concatenate([[selector, 0.0, 0.0], miss]).astype(np.float32)
        decoded = env.core.decode(env.position, flat)
        assert decoded.strike is None and decoded.declaration == env.core.game.choose(env.position, name)


def test_flat_action_strikes_as_the_dict_action_does() -> None:
    flat_env = aec_env("crokinole", first=0, action="flat")
    dict_env = aec_env("crokinole", first=0)
    for env in (flat_env, dict_env):
        env.reset(seed=0)
    strike = dict_env.core.strike_unit({"speed": 1.0, "angle": 90.0})
    flat_env.step(np.concatenate([[0.3, 0.0, 0.0], strike]).astype(np.float32))
    dict_env.step({"strike": strike, "place": np.zeros(2, np.float32), "option": 0})
    assert flat_env.position == dict_env.position
    assert flat_env.infos["seat_0"]["ruling"] == ("ref.crokinole.twenty",)
    assert flat_env.action_space("seat_0") == gymnasium.spaces.Box(-1.0, 1.0, (6,), np.float32)


def _twenty_then_miss(**settings: Any) -> Any:
    """Seat 0 flicks a 20 (1 m/s straight at the centre, docs/api.md), seat 2 flicks off the
    board: the one-disc round ends 20-0, and the game to 5 with it."""
    env = aec_env("crokinole", first=0, **ONE_DISC, **settings)
    env.reset(seed=0)
    env.step(action(env.core, speed=1.0, angle=90.0))
    env.step(action(env.core, speed=10.0, angle=-90.0))
    assert all(env.terminations.values())
    return env


@pytest.mark.parametrize(
    ("settings", "winner", "loser"),
    [
        ({"reward": "score"}, 20.0, -20.0),  # the score difference's change: 20 points
        ({"reward": "win"}, 1.0, -1.0),  # a win and a loss
        ({"reward": "shaped"}, 1.2, -1.2),  # the result, and 0.01 a point
        ({"reward": "shaped", "shaping": 0.001}, 1.02, -1.02),
    ],
)
def test_reward_options_at_the_end_of_a_game(settings: dict[str, Any], winner: float, loser: float) -> None:
    env = _twenty_then_miss(**settings)
    assert env.rewards["seat_0"] == pytest.approx(winner)
    assert env.rewards["seat_2"] == pytest.approx(loser)
    assert cueboard.get_game("crokinole").outcome(env.position).winner == 0


@pytest.mark.parametrize("vector", [gymnasium.vector.SyncVectorEnv, gymnasium.vector.AsyncVectorEnv])
def test_vector_envs_step_registered_envs(vector: Any) -> None:
    def make() -> gymnasium.Env[Any, Any]:
        return gymnasium.make(
            "cueboard/Crokinole-v0", opponent="ai:beginner", search=QUICK, action="flat", max_steps=4
        )

    envs = vector([make, make])
    try:
        observations, _ = envs.reset(seed=3)
        assert observations.shape == (2, 180)
        envs.action_space.seed(3)
        ended = np.zeros(2, bool)
        for _ in range(6):  # past max_steps: the vector env resets the sub-environment itself
            observations, rewards, terminated, truncated, _ = envs.step(envs.action_space.sample())
            assert observations.shape == (2, 180) and rewards.shape == (2,)
            ended |= terminated | truncated
        assert ended.all()
        assert envs.single_action_space == gymnasium.spaces.Box(-1.0, 1.0, (6,), np.float32)
    finally:
        envs.close()
