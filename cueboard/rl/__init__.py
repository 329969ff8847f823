"""Reinforcement-learning environments for the three games (docs/rl.md), install with the
``rl`` extra (``pip install cueboard[rl]``: PettingZoo and Gymnasium).

- :func:`aec_env` — a PettingZoo AEC environment, every seat an agent (2 or 4 seats);
- :func:`gym_env` — a Gymnasium environment, the learner against AI players.

Both take the game's rules settings as keywords (``players=4``, ``reds=6``, ``variant=...``)
beside the environment's own (:class:`cueboard.rl.core.EnvSettings`: ``reward``, ``on_illegal``,
``illegal_penalty``, ``max_steps``, ``observation``, ``first``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cueboard.rl.core import ActionError, Core, EnvSettings, RewardFn

if TYPE_CHECKING:
    from cueboard.ai.agent import Agent
    from cueboard.ai.players import SearchSettings
    from cueboard.rl.aec import CueboardAECEnv
    from cueboard.rl.gym import CueboardGymEnv


def _core(game: str, env: dict[str, Any], rules: dict[str, Any]) -> Core:
    return Core(game, rules, EnvSettings(**env))


def aec_env(
    game: str,
    *,
    reward: str | RewardFn = "score",
    on_illegal: str = "raise",
    illegal_penalty: float = -1.0,
    max_steps: int | None = None,
    observation: str = "array",
    first: int | None = None,
    render_mode: str | None = None,
    **rules: Any,
) -> CueboardAECEnv:
    """The PettingZoo AEC environment of ``game`` with these rules settings (``players=4``...)."""
    from cueboard.rl.aec import CueboardAECEnv

    env = {
        "reward": reward,
        "on_illegal": on_illegal,
        "illegal_penalty": illegal_penalty,
        "max_steps": max_steps,
        "observation": observation,
        "first": first,
    }
    return CueboardAECEnv(_core(game, env, rules), render_mode=render_mode)


def gym_env(
    game: str,
    opponent: str | Agent = "ai:club",
    *,
    seat: int | None = None,
    search: SearchSettings | None = None,
    reward: str | RewardFn = "score",
    on_illegal: str = "raise",
    illegal_penalty: float = -1.0,
    max_steps: int | None = None,
    observation: str = "array",
    first: int | None = None,
    render_mode: str | None = None,
    **rules: Any,
) -> CueboardGymEnv:
    """The Gymnasium environment of ``game``: the learner at ``seat`` (default: the game's first
    seat), ``opponent`` (a player spec, ``ai:<level>``, or an agent; ``search`` sets how hard an
    AI thinks) at the others."""
    from cueboard.rl.gym import CueboardGymEnv, opponents_for

    env = {
        "reward": reward,
        "on_illegal": on_illegal,
        "illegal_penalty": illegal_penalty,
        "max_steps": max_steps,
        "observation": observation,
        "first": first,
    }
    core = _core(game, env, rules)
    learner = core.seats[0] if seat is None else seat
    return CueboardGymEnv(
        core, opponents_for(core, learner, opponent, search), learner, render_mode=render_mode
    )


__all__ = ["ActionError", "EnvSettings", "RewardFn", "aec_env", "gym_env"]
