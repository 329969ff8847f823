"""The snooker referee's geometric questions with the cue ball in hand.

On a foul the referee may ask, from every place of the D (cueboard/games/snooker/in_hand.py):
is the incoming player snookered (S3 R10 free ball), can a ball on be hit (miss exception 3: a
clear straight path, S3 R14(c), else one off one or two cushions), is a full-ball contact offered
(S3 R14). One "foul from hand" here asks all three, the most a foul can cost; the figures are
over a fixed set of positions:

- the full rack with red on (the break-off foul) and with a colour on, the reds spread;
- 60 random positions built to throw shadows across the D (a ragged row of balls with gaps
  between the D and one or two balls on, a few balls in the D), seed 14;
- a blue trapped in a corner behind two balls (no straight path: the cushion search runs).

Figures: ``snooker.referee.from_hand_ms`` the slowest position's process CPU time (fastest of 3
runs), goal < 20 ms; ``from_hand_median_ms`` the median; ``from_hand_peak_mb`` the largest
tracemalloc peak of one foul, goal < 10 MB. Before (sampling every point of the D): 0.7-1.2 s CPU
and ~373 MB per request through the app.
"""

from __future__ import annotations

import statistics
import time
import tracemalloc

import numpy as np

from benchmarks.core import Figure, quick
from cueboard.games.snooker import geometry as g
from cueboard.games.snooker.match import rack_pieces
from cueboard.games.snooker.table import STANDARD_TABLE as T

Layout = dict[str, tuple[float, float]]
R = T.ball_radius


def _shadow_layout(rng: np.random.Generator) -> tuple[Layout, list[str]]:
    layout: Layout = {}

    def free(p: tuple[float, float]) -> bool:
        return all(np.hypot(p[0] - q[0], p[1] - q[1]) >= 2 * R + 1e-4 for q in layout.values())

    on: list[str] = []
    while len(on) < int(rng.integers(1, 3)):
        p = (float(rng.uniform(-0.6, 0.6)), float(rng.uniform(1.8, 3.3)))
        if free(p):
            on.append(f"red{len(on) + 1}")
            layout[on[-1]] = p
    y0, tilt, x = float(rng.uniform(0.95, 1.5)), float(rng.uniform(-0.15, 0.15)), -0.55
    while x < 0.55:
        p = (x, y0 + tilt * x + float(rng.normal(0.0, 0.01)))
        if rng.random() > 0.15 and free(p):
            layout[f"row{len(layout)}"] = p
        x += 2 * R + float(rng.exponential(0.004))
    for i in range(int(rng.integers(0, 5))):
        p = (float(rng.uniform(-0.3, 0.3)), float(rng.uniform(0.45, 0.8)))
        if free(p):
            layout[f"d{i}"] = p
    return layout, on


def positions() -> list[tuple[Layout, list[str]]]:
    rack = {p.id: (p.x, p.y) for p in rack_pieces(15) if p.id != "white"}
    reds = [b for b in rack if b.startswith("red")]
    out = [(rack, reds), (rack, ["blue"])]
    rng = np.random.default_rng(14)
    out += [_shadow_layout(rng) for _ in range(60)]
    trapped = {"blue": (-0.86275, 3.54275), "pink": (-0.81015, 3.54275), "black": (-0.86275, 3.49015)}
    out.append((trapped, ["blue"]))
    return out


def foul_from_hand(layout: Layout, on: list[str]) -> None:
    """What the referee asks at most on one foul (referee_miss.py, referee.py): free ball, the
    miss rule's "impossible to hit" (its straight-path part is S3 R14(c)'s clear path), full ball.
    The remembered answers are forgotten first: each call times the searches."""
    g.forget_answers()
    g.is_snookered(None, on, layout)
    g.can_hit(None, on, layout)
    g.full_ball_visible(None, on, layout)


def run() -> list[Figure]:
    cpu: list[float] = []
    peak = 0.0
    for layout, on in positions()[:3] if quick() else positions():
        foul_from_hand(layout, on)  # imports, caches
        runs = []
        for _ in range(1 if quick() else 3):
            t = time.process_time()
            foul_from_hand(layout, on)
            runs.append(time.process_time() - t)
        cpu.append(min(runs) * 1000.0)
        tracemalloc.start()
        foul_from_hand(layout, on)
        peak = max(peak, tracemalloc.get_traced_memory()[1] / 1e6)
        tracemalloc.stop()
    worst = max(cpu)
    note = f"{len(cpu)} positions, CPU per foul (3 in-hand questions)"
    return [
        Figure("snooker.referee.from_hand_ms", worst, "ms", "< 20 ms", worst < 20.0, note),
        Figure("snooker.referee.from_hand_median_ms", statistics.median(cpu), "ms", note=note),
        Figure("snooker.referee.from_hand_peak_mb", peak, "MB", "< 10 MB", peak < 10.0,
               "largest tracemalloc peak of one foul"),
    ]


if __name__ == "__main__":
    for f in run():
        print(f.bench_line())
