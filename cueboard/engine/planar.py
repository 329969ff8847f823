"""The event loops without flight: the ball kernel for a shot with every ball on the bed
(snooker's level strokes) and the disc kernel (crokinole, novuss: discs never leave the board),
compiled without the flight code (docs/physics.md, "Cold start").

A ball leaves the bed only when it is given an upward speed: by an elevated cue (the strike
sets ``VZ``), or in flight already. On the bed nothing lifts one — the cushion impulse presses a
ball into the bed, which takes it, and a ball-ball impact between balls on the bed is planar
(docs/physics.md, "Balls in the air") — and only the flight laws (``ball._air_segment``,
``_collide_3d``, ``_air_wall``, ``detect._pair_time_3d``, ...) ever set a vertical speed. So a
shot that starts with every height field zero takes none of the flight branches, in the full
kernel ``loop.run_balls`` as here.

This module compiles the functions that hold those branches once more with their module's
``AIR`` bound to False (``loop.jit_copy``): numba prunes a branch on a constant global before
typing, so the copies compile none of the flight functions, and they are otherwise the same code,
giving the same machine arithmetic and bit-identical events (``tests/engine/test_planar.py``).
A cold start of a level shot compiles this kernel alone (~2 s of CPU less than the full one,
measured with numba's compile events); the first shot that lifts a ball compiles the full kernel
(``kernel_for`` picks it), which finds every shared function in the cache.

The disc kernel ``run_discs`` is bound to the disc model's laws alone, with the same planar copies
of the loop's helpers: a disc game's cold start compiles no ball law (Mathavan's cushions, the
ball-ball throw) and no flight code, where the every-model ``loop.run_events`` compiled both.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cueboard.engine import detect, loop
from cueboard.engine.layout import PZ, VZ
from cueboard.engine.models import ball, disc

#: The name every planar copy binds to False (the flight switch of ball.py, detect.py, loop.py).
_NO_FLIGHT = {"AIR": False}


def _planar(dispatcher: Any, name: str, **bind: Any) -> Any:
    """The planar copy of ``dispatcher``: its Python function compiled as ``name`` with ``AIR``
    False and ``bind``'s names bound to other planar copies."""
    return loop.jit_copy(dispatcher.py_func, name, {**_NO_FLIGHT, **bind})


pair_time = _planar(detect.pair_time, "pair_time_planar")
_refresh = _planar(loop._refresh, "_refresh_planar", pair_time=pair_time)
_centre_gap = _planar(loop._centre_gap, "_centre_gap_planar")
_smallest_gap = _planar(loop._smallest_gap, "_smallest_gap_planar", _centre_gap=_centre_gap)
_record_rest = _planar(loop._record_rest, "_record_rest_planar", _smallest_gap=_smallest_gap)
start_segment = _planar(ball.start_segment, "start_segment_planar")
end_segment = _planar(ball.end_segment, "end_segment_planar", start_segment=start_segment)
collide_ball_ball = _planar(ball.collide_ball_ball, "collide_ball_ball_planar")
collide_ball_wall = _planar(ball.collide_ball_wall, "collide_ball_wall_planar")

#: What every planar kernel binds in the loop: no flight, and the planar copies of its helpers.
_LOOP_BIND = {
    **_NO_FLIGHT,
    "pair_time": pair_time,
    "_refresh": _refresh,
    "_smallest_gap": _smallest_gap,
    "_record_rest": _record_rest,
}

#: The ball kernel for shots with every ball on the bed.
run_balls = loop.build_kernel(
    "balls_planar",
    start_segment=start_segment,
    end_segment=end_segment,
    collide_pair=collide_ball_ball,
    collide_wall=collide_ball_wall,
    capture=ball.capture_ball,
    bind=_LOOP_BIND,
)

#: The disc kernel (crokinole, novuss): the disc model's laws, no flight.
run_discs = loop.build_kernel(
    "discs_planar",
    start_segment=disc.start_segment,
    end_segment=disc.end_segment,
    collide_pair=disc.collide_disc_disc,
    collide_wall=disc.collide_disc_wall,
    capture=disc.capture_disc,
    bind=_LOOP_BIND,
)


def lifted(body: np.ndarray) -> bool:
    """Whether any body of ``body`` (the layout's rows, columns the bodies) is off the bed or
    moving vertically: then only the full kernel plays the shot."""
    return bool(body[PZ].any() or body[VZ].any())


def kernel_for(body: np.ndarray) -> Any:
    """The ball kernel for a shot from ``body``: this module's ``run_balls`` unless a body is
    ``lifted``, else the full ``loop.run_balls``."""
    return loop.run_balls if lifted(body) else run_balls


def start_segment_for(body: np.ndarray) -> Any:
    """The ball model's ``start_segment`` the kernel ``kernel_for(body)`` uses (callable from
    Python: the strike's motion state is chosen by it before the shot)."""
    return ball.start_segment if lifted(body) else start_segment
