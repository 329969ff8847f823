"""Fill numba's on-disk cache with the engine's kernels: ``python -m cueboard.engine.warm``.

The first shot after an install compiles the event loop (numba, ``cache=True``): 8-9 s of CPU,
about 5 s wall in five processes on a quiet 2-core machine (coldstart.py; docs/physics.md, cold
start). ``make run`` runs this module once in its install step, so that the server's first shot
only loads the compiled code (~0.3 s). It plays one ball into a cushion, a jaw and a pocket with
each ball kernel (snooker): level, with the planar kernel (``planar.run_balls``, every ball on
the bed), and once more with a hop through the full one (``loop.run_balls``, the kernel of jump
shots), and one disc with the disc kernel (``planar.run_discs``, crokinole and novuss):
the argument types are those the games pass, so the cache entries are the ones they use.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from cueboard.engine import planar
from cueboard.engine.disc_shot import DiscBody, disc_par, run_discs
from cueboard.engine.events import EventKind
from cueboard.engine.layout import MODEL_BALL, N_MODELS, N_PAR, VY, VZ
from cueboard.engine.models import ball
from cueboard.engine.world import ShapeBuilder, Shapes, new_bodies, place_body, run


def _shapes() -> Shapes:
    b = ShapeBuilder()
    b.segment("wall", (-1.0, 1.0), (1.0, 1.0), toward=(0.0, 0.0), e=0.9, mu=0.1, h=0.033)
    b.arc("knuckle", (0.5, 0.0), 0.01, e=0.9, mu=0.1, h=0.033)
    b.capture("hole", (-0.5, 0.0), 0.04, event=EventKind.POCKETED)
    return b.build()


def warm() -> float:
    """Compile (or load) the three kernels; the seconds it took."""
    start = time.perf_counter()
    shapes = _shapes()
    par = np.zeros((N_MODELS, N_PAR), dtype=np.float64)
    par[MODEL_BALL, ball.G] = 9.81
    par[MODEL_BALL, ball.MU_S] = 0.2
    par[MODEL_BALL, ball.MU_R] = 0.01
    par[MODEL_BALL, ball.MU_SP] = 0.004
    par[MODEL_BALL, ball.E_BB] = 0.95
    par[MODEL_BALL, ball.CUSHION_LAW] = ball.CUSHION_MATHAVAN
    par[MODEL_BALL, ball.CUSHION_STEPS] = 50
    for vz in (0.0, 0.5):  # level (the planar kernel), then a hop (the full one)
        body, ibody = new_bodies(1)
        place_body(body, ibody, 0, x=0.0, y=0.0, radius=0.026, mass=0.14, inertia=4e-5, model=MODEL_BALL)
        body[VY, 0] = 0.5
        body[VZ, 0] = vz
        run(body, ibody, shapes, par, max_events=1000, kernel=planar.kernel_for(body))
    disc = DiscBody("d", 0.0, 0.0, radius=0.016, mass=0.005, kappa=0.5, catch_time=0.03, vy=0.5, spin=3.0)
    run_discs([disc], shapes, disc_par(mu=0.1, g=9.81, e=0.8, mu_c=0.2))  # the disc kernel
    return time.perf_counter() - start


def main() -> int:
    print(f"cueboard: engine kernels compiled / loaded in {warm():.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
