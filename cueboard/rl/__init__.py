"""Reinforcement-learning environments for the three games (docs/rl.md), install with the
``rl`` extra (``pip install cueboard[rl]``: PettingZoo and Gymnasium).

- :func:`aec_env` — a PettingZoo AEC environment, every seat an agent (2 or 4 seats);
- :func:`parallel_env` — a PettingZoo Parallel environment (every seat submits, the seat to
  move's action is played);
- :func:`gym_env` — a Gymnasium environment, the learner against AI players.

Both take the game's rules settings as keywords (``players=4``, ``reds=6``, ``variant=...``)
beside the environment's own (:class:`cueboard.rl.core.EnvSettings`: ``reward``, ``on_illegal``,
``illegal_penalty``, ``max_steps``, ``observation``, ``first``, ``action``, ``shaping``).

The Gymnasium environments are registered as ``cueboard/<Game>-v0`` (``cueboard/Crokinole-v0``,
``cueboard/Snooker-v0``, ``cueboard/Novuss-v0``) when this package is imported:
``gymnasium.make("cueboard.rl:cueboard/Snooker-v0", opponent="ai:club", action="flat")`` imports
it first. Their keywords are :func:`gym_env`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cueboard.rl.core import ActionError, Core, EnvSettings, RewardFn

if TYPE_CHECKING:
    from cueboard.ai.agent import Agent
    from cueboard.ai.players import SearchSettings
    from cueboard.rl.aec import CueboardAECEnv
    from cueboard.rl.gym import CueboardGymEnv
    from cueboard.rl.parallel import CueboardParallelEnv


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
    action: str = "dict",
    shaping: float = 0.01,
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
        "action": action,
        "shaping": shaping,
    }
    return CueboardAECEnv(_core(game, env, rules), render_mode=render_mode)


def parallel_env(
    game: str,
    *,
    reward: str | RewardFn = "score",
    on_illegal: str = "raise",
    illegal_penalty: float = -1.0,
    max_steps: int | None = None,
    observation: str = "array",
    first: int | None = None,
    action: str = "dict",
    shaping: float = 0.01,
    render_mode: str | None = None,
    **rules: Any,
) -> CueboardParallelEnv:
    """The PettingZoo Parallel environment of ``game`` (every seat submits an action, the seat to
    move's is played: :mod:`cueboard.rl.parallel`); the settings are :func:`aec_env`'s."""
    from cueboard.rl.parallel import CueboardParallelEnv

    aec = aec_env(game, reward=reward, on_illegal=on_illegal, illegal_penalty=illegal_penalty,
                  max_steps=max_steps, observation=observation, first=first, action=action,
                  shaping=shaping, render_mode=render_mode, **rules)
    return CueboardParallelEnv(aec.core, render_mode=render_mode)


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
    action: str = "dict",
    shaping: float = 0.01,
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
        "action": action,
        "shaping": shaping,
    }
    core = _core(game, env, rules)
    learner = core.seats[0] if seat is None else seat
    return CueboardGymEnv(
        core, opponents_for(core, learner, opponent, search), learner, render_mode=render_mode
    )


def _registered(game: str, **kwargs: Any) -> CueboardGymEnv:
    """The entry point of ``cueboard/<Game>-v0``: :func:`gym_env` of ``game``."""
    return gym_env(game, **kwargs)


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``'s environment: ``cueboard/Crokinole-v0`` for crokinole."""
    return f"cueboard/{game.capitalize()}-v0"


def register_envs() -> None:
    """Register every installed game's environment with Gymnasium (:func:`env_id`; done on
    import, and again after a game is installed: registering twice is harmless)."""
    import gymnasium

    from cueboard.registry import game_names

    for game in game_names():
        if env_id(game) not in gymnasium.registry:
            gymnasium.register(env_id(game), entry_point="cueboard.rl:_registered", kwargs={"game": game})


register_envs()

__all__ = [
    "ActionError",
    "EnvSettings",
    "RewardFn",
    "aec_env",
    "env_id",
    "gym_env",
    "parallel_env",
    "register_envs",
]
