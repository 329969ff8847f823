"""A run that learns: PPO (skrl on JAX, :mod:`cueboard.rl.learn`) on crokinole's open shot
(examples/learn_open_shot.py: one shot on an empty board, scored in points, 20 for the 20-hole),
against a uniformly random policy over the same actions, on the same evaluation episodes.

Full mode: ``CUEBOARD_BENCH_LEARN_STEPS`` environment steps (default 60,000), an evaluation of
200 episodes every 5,000 steps, and the curve written to ``CUEBOARD_BENCH_LEARN_CURVE`` when set
(docs/img/learning-curve.png is drawn from such a file). Quick mode: 400 steps, 20 episodes an
evaluation — the pipeline runs, the figures mean nothing. Figures: the policy's mean points per
shot at the end (its actions drawn, as it acts) and its mean action's, the random policy's, the
improvement with its 95 % confidence interval (goal: the interval above 0), wall and CPU seconds.
"""

from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.bench_rl import positive_from_env
from benchmarks.core import BenchmarkUnavailableError, Figure, quick

if TYPE_CHECKING:
    from cueboard.rl.learn import CurvePoint


def _steps() -> int:
    return positive_from_env("CUEBOARD_BENCH_LEARN_STEPS", "400" if quick() else "60000", int)


def _progress(point: CurvePoint) -> None:
    print(f"rl_learn: step {point.step}: policy {point.policy}, mean action {point.mean_action}; "
          f"{point.wall_s:.0f} s wall, {point.cpu_s:.0f} s CPU", file=sys.stderr, flush=True)


def run() -> list[Figure]:
    try:
        from cueboard.rl.learn import random_baseline, train, write_curve
        from examples.learn_open_shot import FIFTEEN_RULE, SETTINGS, SHAPING, OpenShot
    except ImportError as err:
        raise BenchmarkUnavailableError(
            f"the learn extra is missing ({err}): pip install -e '.[learn]'"
        ) from None
    steps = _steps()
    episodes = 20 if quick() else 200
    every = 200 if quick() else 5_000
    wall, cpu = time.perf_counter(), time.process_time()
    random = random_baseline(OpenShot(fifteen_rule=FIFTEEN_RULE), episodes=episodes, seed=0, score="points")
    points = train(lambda: OpenShot(SHAPING, FIFTEEN_RULE), steps=steps, seed=0, eval_every=every,
                   eval_episodes=episodes, settings=SETTINGS, score="points", log=_progress)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    curve = os.environ.get("CUEBOARD_BENCH_LEARN_CURVE")
    if curve:
        write_curve(Path(curve), points, random)
    final = points[-1]
    gain = final.policy.mean - random.mean
    gain_ci = math.hypot(final.policy.ci, random.ci)  # independent samples: the variances add
    return [
        Figure("rl.learn.final_points", final.policy.mean, "points",
               note=f"PPO's draws after {final.step} steps, ± {final.policy.ci:.2f} "
               f"(95 %, {final.policy.n} shots)"),
        Figure("rl.learn.mean_action_points", final.mean_action.mean, "points",
               note="the policy's mean action (the physics is deterministic: one shot repeated)"),
        Figure("rl.learn.random_points", random.mean, "points",
               note=f"uniformly random actions, ± {random.ci:.2f} (95 %, {random.n} shots)"),
        Figure("rl.learn.improvement", gain, "points", goal="95 % interval above 0",
               met=None if quick() else gain - gain_ci > 0, note=f"± {gain_ci:.2f} (95 %)"),
        Figure("rl.learn.wall_s", wall, "s", note=f"{steps} steps, evaluations and the random baseline"),
        Figure("rl.learn.cpu_s", cpu, "s", note="CPU seconds of this process (all its threads)"),
    ]
