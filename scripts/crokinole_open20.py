"""The bench's crokinole open-20 test (``crokinole()`` in benchmarks/bench_ai.py: the best open 20
from the shooting line, seed 7) with any noise, for calibrating the levels (docs/ai-calibration.md,
"Crokinole"):

    python scripts/crokinole_open20.py FLICKS DIRECTION/SPEED_REL/SPEED/START ...

e.g. ``0.6/0.033/0.005/0.0012`` (degrees, relative, m/s, m: :class:`cueboard.ai.noise.DiscNoise`).
Prints the holed count after the first 500 flicks (the bench's default) and after all of them.
"""

from __future__ import annotations

import sys

import numpy as np

from cueboard.ai import crokinole as ai
from cueboard.ai.noise import DiscNoise
from cueboard.games.crokinole.game import new_position
from cueboard.games.protocol import get_game

BENCH_FLICKS = 500


def main(shots: int, specs: list[str]) -> None:
    g = get_game("crokinole")
    pos = new_position({"players": 2}, starter=0)
    model = ai.CrokinoleModel("perfect")
    open20 = [c for c in ai.candidates(pos) if c.label.startswith("open 20")]
    best = max(open20, key=lambda c: model.outcome_value(pos, c.declaration, c.strike, 0))
    for spec in specs:
        d, s, a, st = (float(x) for x in spec.split("/"))
        noise = DiscNoise(d, s, a, st)
        rng = np.random.default_rng(7)
        made = 0
        for i in range(shots):
            strike = ai.perturb(pos, best.strike, noise, rng)
            _, outcome = g.simulate(pos, best.declaration, strike)
            made += bool(getattr(outcome, "holed", ()))
            if i + 1 == BENCH_FLICKS:
                print(f"{spec} first {BENCH_FLICKS}: {made}", flush=True)
        print(f"{spec} {made}/{shots} {100 * made / shots:.1f}%", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2:])
