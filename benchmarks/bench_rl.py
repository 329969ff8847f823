"""RL environments: steps per CPU second of :func:`cueboard.rl.aec_env` for each
game, one process (so one core: CPU time, not wall time, which a loaded machine stretches),
uniformly random flat actions (every one a legal move: the option selector picks among the
open options, a snooker tip offset that would miscue is pulled onto the ball).

Each game is warmed up (the physics is compiled by numba on first use), then stepped for
``CUEBOARD_BENCH_RL_SECONDS`` (default 3) CPU seconds three times; the figure is the median of
the three, the note gives the spread. An episode that ends is reset with the next seed.
Goals: ≥ 3,000 steps/s for crokinole, ≥ 1,000 for snooker and novuss, on one core.
"""

from __future__ import annotations

import os
import statistics
import time
from typing import NamedTuple

import numpy as np

from benchmarks.core import BenchmarkUnavailableError, Figure, quick

GOALS = {"crokinole": 3000.0, "snooker": 1000.0, "novuss": 1000.0}


def _seconds() -> float:
    raw = os.environ.get("CUEBOARD_BENCH_RL_SECONDS", "0.2" if quick() else "3")
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"CUEBOARD_BENCH_RL_SECONDS must be a number, got {raw!r}") from None
    if not value > 0:
        raise ValueError(f"CUEBOARD_BENCH_RL_SECONDS must be > 0, got {value}")
    return value


class Run(NamedTuple):
    """One timed run: steps per CPU second, the exceptions that left ``step`` (0 expected), the
    episodes truncated because the game could not play a move (``info["step_failed"]``), the share
    of the steps that were strokes (the others are choices, such as a snooker player's after a
    foul, with no physics)."""

    rate: float
    errors: int
    failures: int
    strokes: float


def steps_per_second(game: str, seconds: float, seed: int = 0) -> Run:
    """Steps of ``game``'s AEC environment (flat actions) per CPU second, uniformly random
    actions: every flat action is a legal move (the option selector picks among the open options,
    cueboard.rl.actions), so the agent is a draw of numpy's, nothing of it to time."""
    from cueboard.errors import CueboardError
    from cueboard.rl import aec_env

    env = aec_env(game, action="flat")
    env.reset(seed=seed)
    size = env.action_space(env.agent_selection).shape[0]
    rng = np.random.default_rng(seed)
    episode, steps, errors, failures, strokes = seed, 0, 0, 0, 0
    start = time.process_time()
    while True:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            episode += 1
            env.reset(seed=episode)
            continue
        strokes += env.core.turn(env.position).action == "strike"
        try:
            env.step(rng.uniform(-1.0, 1.0, size).astype(np.float32))
        except CueboardError:
            errors += 1
            episode += 1
            env.reset(seed=episode)
        failures += "step_failed" in env.infos.get(agent, {})
        steps += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return Run(steps / elapsed, errors, failures, strokes / steps)


def run() -> list[Figure]:
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError as err:
        raise BenchmarkUnavailableError(f"the rl extra is missing ({err}): pip install -e '.[rl]'") from None
    seconds = _seconds()
    figures = []
    for game in ("crokinole", "novuss", "snooker"):
        steps_per_second(game, 0.1 if quick() else 0.5)  # warm-up: numba compiles the physics
        measured = [steps_per_second(game, seconds, seed=1000 * k) for k in range(1 if quick() else 3)]
        runs = [m.rate for m in measured]
        errors = sum(m.errors for m in measured)
        failures = sum(m.failures for m in measured)
        strokes = statistics.mean(m.strokes for m in measured)
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
        figures.append(
            Figure(
                f"rl.{game}.step_errors",
                errors,
                "steps",
                goal="0",
                met=errors == 0,
                note="exceptions out of step",
            )
        )
        figures.append(
            Figure(
                f"rl.{game}.step_failures",
                failures,
                "steps",
                note="moves the game could not play (episode truncated, info step_failed)",
            )
        )
    return figures
