"""PPO learning crokinole's open shot, with skrl on JAX (the ``learn`` extra), against a uniformly
random policy over the same actions.

The task: the first shot of a crokinole round, seat 0 to shoot, on an empty board (singles, the
seed rules). Every episode is that one shot, played through the PettingZoo environment
:func:`cueboard.rl.aec_env` with the flat action (``action="flat"``: six numbers in [-1, 1], the
option selector, where on the shooting line, then speed, angle and spin). Its score is the points
the shot would earn were the round counted now (the zones of docs/rules/crokinole.md, "Scoring
and the game"), and its reward that divided by 20:

- 20 for a disc dropped into the 20-hole (reward 1);
- otherwise the value of the zone the disc rests in, 15, 10 or 5, when the referee leaves it on
  the board (a disc touching a line counts the lower value);
- 0 when the disc is removed (the ditch, the shooting line).

WCC's fifteen rule (an open shot that ends outside the 15-line is removed; docs/rules/crokinole.md,
"Valid shots") is off by default (``fifteen_rule=False``, :data:`FIFTEEN_RULE`): with it only a
15 or a 20 scores, one uniformly random shot in 200, and PPO with the settings below learned
nothing from so rare a reward in 24,000 steps; without it the 5 and 10 zones score too (three
shots in 100), steps towards the centre that the learner can climb.

The observation is the environment's own (``observation="array"``, 180 numbers): on an empty
board it is the same at every episode, so this is a one-step task whose policy is where to aim.

``--shaping W`` adds, to a shot that scores nothing, ``-W`` times the distance from the centre at
which the disc came to rest (in units of the playing surface's radius, 13 in; 1 for a disc that
left the surface: it came to rest no nearer than the edge) — a gradient towards the centre. The
learning curve always reports the points (the unshaped return), so that the learner and the
random policy are measured alike.

Run it::

    PYTHONPATH=. python examples/learn_open_shot.py --steps 60000 --curve /tmp/curve.csv
    PYTHONPATH=. python examples/learn_open_shot.py --plot /tmp/curve.csv --out docs/img/learning-curve.png

``benchmarks/rl_learn.py`` runs it as a benchmark; ``tests/rl/test_learn.py`` runs it briefly.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from cueboard.games.crokinole.zones import zone_value
from cueboard.rl import aec_env
from cueboard.rl.learn import PPOSettings, plot_curve, random_baseline, train, write_curve

#: The playing surface's radius, 13 in (docs/rules/crokinole.md: the board), metres.
SURFACE_RADIUS = 13 * 0.0254
TWENTY = "ref.crokinole.twenty"
#: The most a shot can score: the 20-hole.
MOST = 20.0
#: The task's rules and the learner's settings, which benchmarks/rl_learn.py and docs/rl.md use.
FIFTEEN_RULE = False
SHAPING = 0.0
SETTINGS = PPOSettings(learning_rate=1e-3, initial_log_std=-0.5)


class OpenShot(gymnasium.Env[np.ndarray, np.ndarray]):
    """Crokinole's open shot as a one-step Gymnasium environment (the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (Gymnasium's class attribute)

    def __init__(self, shaping: float = 0.0, fifteen_rule: bool = False) -> None:
        if not (math.isfinite(shaping) and shaping >= 0.0):
            raise ValueError(f"shaping must be a finite number >= 0, not {shaping!r}")
        self.shaping = shaping
        self.env = aec_env("crokinole", players=2, first=0, action="flat", fifteen_rule=fifteen_rule)
        self.env.reset(seed=0)
        self.agent = self.env.agent_selection
        self.observation_space = self.env.observation_space(self.agent)
        self.action_space = self.env.action_space(self.agent)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.env.reset(seed=seed)
        observation: np.ndarray = self.env.observe(self.agent)
        return observation, {}

    def step(self, action: np.ndarray) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.env.step(np.asarray(action, dtype=np.float32))
        info = self.env.infos[self.agent]
        points, rest = self.score(info)
        reward = points / MOST
        if points == 0 and self.shaping:
            reward -= self.shaping * rest
        observation: np.ndarray = self.env.observe(self.agent)
        return observation, reward, True, False, {"points": points}

    def score(self, info: dict[str, Any]) -> tuple[int, float]:
        """The shot's points, and where its disc came to rest (distance from the centre in
        surface radii, 1 when it left the surface) — read from the step's ``info``."""
        outcome = info["outcome"]
        disc = next(p for p in outcome.final if p.id == outcome.shot_disc)
        rest = math.hypot(disc.x, disc.y) / SURFACE_RADIUS if disc.state.value == "on_table" else 1.0
        if TWENTY in info["ruling"]:
            return int(MOST), 0.0
        after = next(p for p in self.env.position.pieces if p.id == outcome.shot_disc)
        if after.state.value != "on_table":
            return 0, rest
        return zone_value(after.x, after.y), rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=60_000, help="environment steps to train for")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=int, default=5_000, help="steps between evaluations")
    parser.add_argument("--eval-episodes", type=int, default=200, help="episodes per evaluation")
    parser.add_argument("--shaping", type=float, default=SHAPING, help="weight of the distance on a miss")
    parser.add_argument("--fifteen-rule", action="store_true", help="WCC's fifteen rule on")
    parser.add_argument("--learning-rate", type=float, default=SETTINGS.learning_rate)
    parser.add_argument("--curve", type=Path, help="write the learning curve (CSV) here")
    parser.add_argument("--plot", type=Path, help="plot this learning curve (CSV) instead of training")
    parser.add_argument("--out", type=Path, help="the plot's PNG (with --plot)")
    args = parser.parse_args()
    if args.plot is not None:
        if args.out is None:
            parser.error("--plot needs --out")
        plot_curve(args.plot, args.out, title="PPO (skrl, JAX) on crokinole's open shot")
        return
    wall, cpu = time.perf_counter(), time.process_time()
    rule = args.fifteen_rule or FIFTEEN_RULE
    baseline = random_baseline(OpenShot(fifteen_rule=rule), episodes=args.eval_episodes, seed=args.seed,
                               score="points")
    points = train(
        lambda: OpenShot(args.shaping, rule), steps=args.steps, seed=args.seed, eval_every=args.eval_every,
        eval_episodes=args.eval_episodes, settings=replace(SETTINGS, learning_rate=args.learning_rate),
        score="points",
        log=lambda p: print(f"step {p.step:7d}: policy {p.policy}, mean action {p.mean_action} "
                            f"({p.wall_s:.0f} s wall, {p.cpu_s:.0f} s CPU)", flush=True),
    )
    if args.curve is not None:
        write_curve(args.curve, points, baseline)
    print(f"random: {baseline}; final: policy {points[-1].policy}, mean action {points[-1].mean_action}; "
          f"{time.perf_counter() - wall:.0f} s wall, {time.process_time() - cpu:.0f} s CPU")


if __name__ == "__main__":
    main()
