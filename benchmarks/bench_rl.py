"""RL environments: steps per CPU second of :func:`cueboard.rl.aec_env` for each
game, one process (so one core: CPU time, not wall time, which a loaded machine stretches),
uniformly random flat actions (every one a legal move: the option selector picks among the
open options, a snooker tip offset that would miscue is pulled onto the ball).

Each game is warmed up (the physics is compiled by numba on first use), then stepped for
``CUEBOARD_BENCH_RL_SECONDS`` (default 3) CPU seconds three times; the figure is the median of
the three, the note gives the spread and the machine's load average (CPU time still stretches on
a loaded machine: cores shared by hyper-threads, caches by other processes).
An episode that ends is reset with the next seed.
Goals: ≥ 3,000 steps/s for crokinole, ≥ 1,000 for snooker and novuss, on one core.

``python -m benchmarks.bench_rl --profile GAME [SECONDS]`` profiles the same loop (cProfile,
CPU time) and prints the functions that take the largest share of a step (docs/rl.md, "Speed").
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, TypeVar

import numpy as np

from benchmarks.core import BenchmarkUnavailableError, Figure, quick

GOALS = {"crokinole": 3000.0, "snooker": 1000.0, "novuss": 1000.0}


N = TypeVar("N", int, float)


def positive_from_env(name: str, default: str, convert: Callable[[str], N]) -> N:
    """The environment variable ``name`` (``default`` when unset) read by ``convert`` (``int``
    or ``float``), refused with a ValueError naming it unless it is a number above 0."""
    raw = os.environ.get(name, default)
    try:
        value = convert(raw)
    except ValueError:
        what = "a whole number" if convert is int else "a number"
        raise ValueError(f"{name} must be {what}, got {raw!r}") from None
    if not value > 0:
        raise ValueError(f"{name} must be > 0, got {value}")
    return value


def _seconds() -> float:
    return positive_from_env("CUEBOARD_BENCH_RL_SECONDS", "0.2" if quick() else "3", float)


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
                f"{strokes:.0%} strokes; load {_load()}",
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


def _load() -> str:
    """The machine's 1-minute load average (Linux), or '?' where it cannot be read."""
    try:
        return Path("/proc/loadavg").read_text().split()[0]
    except (OSError, IndexError):
        return "?"


class Stage(NamedTuple):
    """A part of a step: its name, CPU µs per step, share of the step (%)."""

    name: str
    us: float
    share: float


#: The kernels of the physics (numba), by the module attribute each game's physics reads at
#: each shot: replacing the attribute times every call.
_KERNELS = (
    ("cueboard.engine.planar", "run_discs"),
    ("cueboard.engine.planar", "run_balls"),
    ("cueboard.engine.loop", "run_balls"),
)


def profile(game: str, seconds: float = 5.0) -> list[Stage]:
    """Where a step of ``game`` goes (the benchmark's loop, CPU time): the action read into the
    game's terms (``Core.decode``), the stroke (``Game.simulate``: the set-up of the shot, the
    compiled event loop, the events and the outcome's facts), the referee (``Game.apply``) and
    the rest (the environment's bookkeeping: masks, rewards, infos). Each part is timed by a
    wrapper around it (two clock reads a call, ~1 µs), not by a profiler, whose cost per Python
    call would inflate the Python parts against the compiled loop."""
    import importlib

    from cueboard.games.protocol import get_game
    from cueboard.rl.core import Core

    kind = type(get_game(game))
    spent: dict[str, float] = dict.fromkeys(("decode", "simulate", "event loop", "referee"), 0.0)

    def timed(fn: Callable[..., object], name: str) -> Callable[..., object]:
        def run(*args: object, **kws: object) -> object:
            t0 = time.process_time()
            try:
                return fn(*args, **kws)
            finally:
                spent[name] += time.process_time() - t0

        return run

    patches: list[tuple[object, str, object]] = [
        (Core, "decode", Core.decode),
        (kind, "simulate", kind.simulate),
        (kind, "apply", kind.apply),
    ]
    patches += [(importlib.import_module(m), a, getattr(importlib.import_module(m), a)) for m, a in _KERNELS]
    names = ["decode", "simulate", "referee"] + ["event loop"] * len(_KERNELS)
    steps_per_second(game, 0.5)  # warm-up: numba compiles or loads the physics
    try:
        for (owner, attr, fn), name in zip(patches, names, strict=True):
            setattr(owner, attr, timed(fn, name))  # type: ignore[arg-type]
        run = steps_per_second(game, seconds, seed=7)
    finally:
        for owner, attr, fn in patches:
            setattr(owner, attr, fn)
    total = seconds
    per_step = 1e6 / run.rate
    steps = run.rate * total
    out = [Stage("step", per_step, 100.0)]
    rest = total - spent["decode"] - spent["simulate"] - spent["referee"]
    for name, value in (
        ("decode", spent["decode"]),
        ("simulate", spent["simulate"]),
        ("  of which the event loop", spent["event loop"]),
        ("  of which Python around it", spent["simulate"] - spent["event loop"]),
        ("referee", spent["referee"]),
        ("environment and loop (masks, rewards, action)", rest),
    ):
        out.append(Stage(name, 1e6 * value / steps, 100.0 * value / total))
    return out


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[1] != "--profile":
        print("usage: python -m benchmarks.bench_rl --profile GAME [SECONDS]", file=sys.stderr)
        sys.exit(2)
    seconds = float(sys.argv[3]) if len(sys.argv) == 4 else 5.0
    print(f"{sys.argv[2]}: one step, {seconds:g} CPU s of random legal actions, load {_load()}")
    for stage in profile(sys.argv[2], seconds):
        print(f"{stage.name:40s} {stage.us:8.0f} us {stage.share:5.1f} %")
