"""Fill numba's on-disk cache with every kernel a game calls: ``python -m cueboard.engine.warm``.

The engine's kernels are compiled by numba at their first call (``cache=True``) and saved to its
on-disk cache; a later process loads them. ``make run`` runs this module once in its install
step, so that no request of the server compiles: it calls, with the argument types the games
pass them,

- the planar ball kernel (``planar.run_balls``: a level snooker stroke, every ball on the bed)
  and the full one (``loop.run_balls``: an elevated stroke, a jump, a ball off the table), each
  on one ball played into a cushion, a jaw and a pocket, the second with a hop;
- the ball model's ``start_segment`` of each (snooker calls it from Python for the strike's
  motion state: ``planar.start_segment_for``);
- the position check ``placement_clear`` (snooker's placement of the cue ball and re-spots);
- the disc kernel (``planar.run_discs``, crokinole and novuss) through ``disc_shot.run_discs``.

tests/engine/test_warm.py plays each game's requests in a new process after this module and
fails on any compile. Where the cache was empty the compile notice of ``jit.py`` is logged and
the compile takes about ``jit.COLD_COMPILE_S`` s of CPU (docs/physics.md, "Cold start");
otherwise everything loads in about a second.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from cueboard.engine import planar
from cueboard.engine.disc_shot import DiscBody, disc_par, run_discs
from cueboard.engine.events import EventKind
from cueboard.engine.jit import COMPILES
from cueboard.engine.layout import MODEL_BALL, N_MODELS, N_PAR, VY, VZ
from cueboard.engine.models import ball
from cueboard.engine.placement import placement_clear
from cueboard.engine.world import ShapeBuilder, Shapes, new_bodies, place_body, run


def _shapes() -> Shapes:
    b = ShapeBuilder()
    b.segment("wall", (-1.0, 1.0), (1.0, 1.0), toward=(0.0, 0.0), e=0.9, mu=0.1, h=0.033)
    b.arc("knuckle", (0.5, 0.0), 0.01, e=0.9, mu=0.1, h=0.033)
    b.capture("hole", (-0.5, 0.0), 0.04, event=EventKind.POCKETED)
    return b.build()


def _ball_par() -> np.ndarray:
    par = np.zeros((N_MODELS, N_PAR), dtype=np.float64)
    par[MODEL_BALL, ball.G] = 9.81
    par[MODEL_BALL, ball.MU_S] = 0.2
    par[MODEL_BALL, ball.MU_R] = 0.01
    par[MODEL_BALL, ball.MU_SP] = 0.004
    par[MODEL_BALL, ball.E_BB] = 0.95
    par[MODEL_BALL, ball.CUSHION_LAW] = ball.CUSHION_MATHAVAN
    par[MODEL_BALL, ball.CUSHION_STEPS] = 50
    return par


def warm() -> float:
    """Compile (or load) every kernel the games call (module doc); the seconds it took."""
    start = time.perf_counter()
    shapes = _shapes()
    par = _ball_par()
    xy = np.array([(0.0, 0.0), (0.2, 0.0)], dtype=np.float64)
    placement_clear(xy, -0.9, 0.9, -0.9, 0.9, shapes.cap, 0.052)
    for vz in (0.0, 0.5):  # level (the planar kernel), then a hop (the full one)
        body, ibody = new_bodies(1)
        place_body(body, ibody, 0, x=0.0, y=0.0, radius=0.026, mass=0.14, inertia=4e-5, model=MODEL_BALL)
        body[VY, 0] = 0.5
        body[VZ, 0] = vz
        planar.start_segment_for(body)(body.copy(), ibody.copy(), 0, par)
        run(body, ibody, shapes, par, max_events=1000, kernel=planar.kernel_for(body))
    disc = DiscBody("d", 0.0, 0.0, radius=0.016, mass=0.005, kappa=0.5, catch_time=0.03, vy=0.5, spin=3.0)
    run_discs([disc], shapes, disc_par(mu=0.1, g=9.81, e=0.8, mu_c=0.2))
    return time.perf_counter() - start


def main() -> int:
    before = len(COMPILES.compiled)
    took = warm()
    compiled = len(COMPILES.compiled) - before
    if compiled:
        print(f"cueboard: physics kernels compiled in {took:.1f} s ({compiled} compiles); "
              "later runs load them from numba's cache")
    else:
        print(f"cueboard: physics kernels loaded from numba's cache in {took:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
