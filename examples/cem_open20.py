"""A cross-entropy method (Rubinstein, 1999; de Boer et al., "A tutorial on the cross-entropy
method", Annals of Operations Research 134, 2005) learning crokinole's open 20 through the
PettingZoo environment :func:`cueboard.rl.aec_env` — numpy and cueboard only, no deep-learning
framework.

The open 20: the first shot of a crokinole round, on an empty board, flicked from the shooting
line into the 20-hole at the centre. Every episode starts from that one position (seat 0 to
shoot), so the policy is a Gaussian over the environment's action in its unit coordinates,
nothing more: ``strike`` (speed, angle, spin, each in [-1, 1]) and ``place`` (where on the
shooting line, u and v in [-1, 1]). It starts knowing nothing: mean 0 (5 m/s at 0°, along +x,
square to the direction of the centre; no spin; the middle of the seat's quarter of the line)
and a standard deviation of 0.6 in every coordinate.

Each generation draws ``population`` actions, plays each as one step of a fresh episode, and
refits the Gaussian to its elite: the ``elite`` best draws or, once more than that many score a
twenty, every twenty (they tie at the top; taking them all, as de Boer et al.'s level gamma_t
does, moves the Gaussian to the middle of what scores rather than to whichever came first).

An action's fitness is read from what the step returns (``infos[agent]``): 1 when the referee
calls a twenty (``ref.crokinole.twenty``), otherwise minus the distance from the centre, in
units of the playing surface's radius (13 in), at which the disc came to rest
(``info["outcome"].final``), and -1.5 when it left the playing surface. The standard deviation
never falls below ``min_std`` (0.01 by default: ±0.05 m/s in speed, ±1.8° in angle), so the
learned policy keeps a hand that is not perfect, and its success rate is that of its own draws.

Run it (4,500 environment steps, a few CPU seconds; measured figures in docs/rl.md)::

    PYTHONPATH=. python examples/cem_open20.py              # one run, seed 0, its generations
    PYTHONPATH=. python examples/cem_open20.py --seeds 10   # ten runs, the spread of the result

``tests/test_examples.py`` runs a test-sized version of it.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cueboard.rl import aec_env

#: The playing surface's radius, 13 in (WCC rules: the board's dimensions), metres.
SURFACE_RADIUS = 13 * 0.0254
TWENTY = "ref.crokinole.twenty"


@dataclass
class Generation:
    """One generation's figures: the mean fitness of its elite and the share of twenties."""

    index: int
    elite_fitness: float
    twenties: float
    std: float


@dataclass
class Result:
    """What :func:`learn` found: the Gaussian's mean and standard deviation (unit coordinates:
    strike speed, angle, spin, then place u, v), the history, the evaluation and the time."""

    mean: np.ndarray
    std: np.ndarray
    history: list[Generation] = field(default_factory=list)
    success_rate: float = 0.0
    evaluated: int = 0
    seconds: float = 0.0
    steps: int = 0

    def strike(self, env: Any) -> dict[str, float]:
        """The mean action's strike in the game's units (speed m/s, angle deg, spin rad/s)."""
        values: dict[str, float] = env.core.strike_values(self.mean[:3])
        return values


class OpenTwenty:
    """The environment, played one step per episode from the opening position."""

    def __init__(self) -> None:
        self.env = aec_env("crokinole", players=2, first=0)
        self.steps = 0

    def fitness(self, unit: np.ndarray, seed: int) -> tuple[float, bool]:
        """Play ``unit`` (5 numbers in [-1, 1]) as seat 0's opening shot."""
        env = self.env
        env.reset(seed=seed)
        agent = env.agent_selection
        action = {"strike": unit[:3].astype(np.float32), "place": unit[3:].astype(np.float32), "option": 0}
        env.step(action)
        self.steps += 1
        info = env.infos[agent]
        if TWENTY in info["ruling"]:
            return 1.0, True
        outcome = info["outcome"]
        disc = next(p for p in outcome.final if p.id == outcome.shot_disc)
        if disc.state.value != "on_table":
            return -1.5, False
        return -math.hypot(disc.x, disc.y) / SURFACE_RADIUS, False


def draw(rng: np.random.Generator, mean: np.ndarray, std: np.ndarray, n: int) -> np.ndarray:
    """``n`` actions from the Gaussian, clipped to the action space's [-1, 1]."""
    return np.clip(rng.normal(mean, std, size=(n, mean.size)), -1.0, 1.0)


def learn(
    generations: int = 40,
    population: int = 100,
    elite: int = 10,
    evaluate: int = 500,
    min_std: float = 0.01,
    smoothing: float = 0.7,
    seed: int = 0,
    log: bool = False,
) -> Result:
    """Fit the Gaussian by the cross-entropy method, then measure the share of twenties of
    ``evaluate`` fresh draws from it."""
    rng = np.random.default_rng(seed)
    world = OpenTwenty()
    mean, std = np.zeros(5), np.full(5, 0.6)
    result = Result(mean, std)
    start = time.process_time()
    episode = 0
    for g in range(generations):
        actions = draw(rng, mean, std, population)
        scored = []
        for a in actions:
            scored.append(world.fitness(a, seed=episode))
            episode += 1
        fit = np.array([f for f, _ in scored])
        scoring = fit >= 1.0
        # the elite: the best ``elite`` draws, or every twenty once more than that many score
        best = actions[scoring] if scoring.sum() > elite else actions[np.argsort(-fit, kind="stable")[:elite]]
        mean = smoothing * best.mean(axis=0) + (1 - smoothing) * mean
        std = np.maximum(smoothing * best.std(axis=0) + (1 - smoothing) * std, min_std)
        gen = Generation(g, float(np.sort(fit)[-elite:].mean()), float(np.mean([t for _, t in scored])),
                         float(std.max()))
        result.history.append(gen)
        if log:
            print(f"generation {g:3d}: elite fitness {gen.elite_fitness:+.3f}, "
                  f"twenties {gen.twenties:.0%}, largest std {gen.std:.3f}")
    twenties = [world.fitness(a, seed=episode + i)[1] for i, a in enumerate(draw(rng, mean, std, evaluate))]
    result.mean, result.std = mean, std
    result.success_rate = float(np.mean(twenties))
    result.evaluated = evaluate
    result.seconds = time.process_time() - start
    result.steps = world.steps
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--generations", type=int, default=40)
    parser.add_argument("--population", type=int, default=100)
    parser.add_argument("--elite", type=int, default=10)
    parser.add_argument("--evaluate", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seeds", type=int, default=1, help="learn this many times, seeds SEED, SEED+1...")
    args = parser.parse_args()
    rates, seconds = [], []
    for seed in range(args.seed, args.seed + args.seeds):
        result = learn(args.generations, args.population, args.elite, args.evaluate, seed=seed,
                       log=args.seeds == 1)
        strike = result.strike(OpenTwenty().env)
        u, v = result.mean[3], result.mean[4]
        print(f"seed {seed}: speed {strike['speed']:.3f} m/s, angle {strike['angle']:.2f} deg, "
              f"spin {strike['spin']:.2f} rad/s, place (u, v) = ({u:+.2f}, {v:+.2f}); "
              f"open 20s {result.success_rate:.1%} of {result.evaluated} draws; "
              f"{result.steps} steps in {result.seconds:.1f} CPU s")
        rates.append(result.success_rate)
        seconds.append(result.seconds)
    if args.seeds > 1:
        spread = f"{min(rates):.1%}..{max(rates):.1%}"
        print(f"{args.seeds} seeds: open 20s {np.mean(rates):.1%} on average ({spread}), "
              f"{np.mean(seconds):.1f} CPU s each ({min(seconds):.1f}..{max(seconds):.1f})")


if __name__ == "__main__":
    main()
