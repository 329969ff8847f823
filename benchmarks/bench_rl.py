"""RL environments: steps per CPU second of :func:`cueboard.rl.aec_env` for each
game, one process (so one core: CPU time, not wall time, which a loaded machine stretches),
uniformly random legal actions (the option drawn from the action mask; a snooker
tip offset drawn outside the 0.7-radius disc is scaled back onto it, S3 of the strike record).

Each game is warmed up (the physics is compiled by numba on first use), then stepped for
``CUEBOARD_BENCH_RL_SECONDS`` (default 3) CPU seconds three times; the figure is the median of
the three, the note gives the spread. An episode that ends is reset with the next seed.
Goals: ≥ 1,000 steps/s for crokinole, ≥ 300 for snooker, on one core.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from typing import Any

import numpy as np

from benchmarks.core import BenchmarkUnavailableError, Figure

GOALS = {"crokinole": 1000.0, "snooker": 300.0}


def _seconds() -> float:
    raw = os.environ.get("CUEBOARD_BENCH_RL_SECONDS", "3")
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"CUEBOARD_BENCH_RL_SECONDS must be a number, got {raw!r}") from None
    if not value > 0:
        raise ValueError(f"CUEBOARD_BENCH_RL_SECONDS must be > 0, got {value}")
    return value


def legal_tip(core: Any, unit: np.ndarray) -> np.ndarray:
    """``unit`` with a snooker tip offset outside the cue ball's 0.7-radius disc scaled onto it."""
    names = [p.name for p in core.bounds]
    if "side" not in names or "top" not in names:
        return unit
    i, j = names.index("side"), names.index("top")
    values = core.strike_values(unit)
    r = math.hypot(values["side"], values["top"])
    limit = core.bounds[i].high * (1 - 1e-6)
    if r > limit:
        out = unit.copy()
        out[i] = unit[i] * limit / r
        out[j] = unit[j] * limit / r
        return out
    return unit


def steps_per_second(game: str, seconds: float, seed: int = 0) -> tuple[float, int, float]:
    """Steps of ``game``'s AEC environment per CPU second, random legal actions; the
    number of steps the game refused with an error of its own (the episode is then reset); the
    share of the steps that were strokes (the others are choices, such as a snooker player's
    after a foul, with no physics)."""
    from cueboard.errors import CueboardError
    from cueboard.rl import aec_env

    env = aec_env(game)
    env.reset(seed=seed)
    space = env.action_space(env.agent_selection)
    space.seed(seed)
    episode, steps, errors, strokes = seed, 0, 0, 0
    start = time.process_time()
    while True:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            episode += 1
            env.reset(seed=episode)
            continue
        action = space.sample(env.infos[agent]["action_mask"])
        action["strike"] = legal_tip(env.core, action["strike"])
        strokes += env.core.turn(env.position).action == "strike"
        try:
            env.step(action)
        except CueboardError:
            errors += 1
            episode += 1
            env.reset(seed=episode)
        steps += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return steps / elapsed, errors, strokes / steps


def run() -> list[Figure]:
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError as err:
        raise BenchmarkUnavailableError(f"the rl extra is missing ({err}): pip install -e '.[rl]'") from None
    seconds = _seconds()
    figures = []
    for game in ("crokinole", "novuss", "snooker"):
        steps_per_second(game, 0.5)  # warm-up: numba compiles the physics
        measured = [steps_per_second(game, seconds, seed=1000 * k) for k in range(3)]
        runs = [rate for rate, _, _ in measured]
        errors = sum(e for _, e, _ in measured)
        strokes = statistics.mean(share for _, _, share in measured)
        value = statistics.median(runs)
        goal = GOALS.get(game)
        figures.append(
            Figure(
                f"rl.{game}.steps_per_s",
                value,
                "steps/s",
                goal=f">= {goal:.0f} steps/s" if goal else "",
                met=None if goal is None else value >= goal,
                note=f"3 x {seconds:g} s, random legal actions: {min(runs):.0f}..{max(runs):.0f}; "
                f"{strokes:.0%} strokes",
            )
        )
        figures.append(Figure(f"rl.{game}.step_errors", errors, "steps", note="steps the game refused"))
    return figures
