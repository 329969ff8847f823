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

from cueboard.engine import coldstart, detect, loop
from cueboard.engine.layout import (
    N_ARC_F,
    N_BODY_F,
    N_BODY_I,
    N_CAP_F,
    N_EV_I,
    N_MODELS,
    N_PAR,
    N_SEG_F,
    PZ,
    VZ,
)
from cueboard.engine.models import ball, disc
from cueboard.engine.placement import placement_clear

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

#: Its cold start in parts (coldstart.py), a tree of processes balanced by what each function
#: takes to compile (docs/physics.md, "Cold start"). Event detection: one child compiles the root
#: finders and the bounds every detector calls, forks a grandchild for the pair times and the
#: capture regions' times, compiles the segments' and arcs' times meanwhile, and compiles
#: ``_refresh`` last. The ball laws: one child compiles the impulse helpers both collision laws
#: call, forks a grandchild for the cushion law, and compiles the ball-ball law and the contact
#: relaxation meanwhile. This process compiles the rest of the loop's helpers and its work
#: arrays, then the kernel. The first compile of what a game calls from Python before the shot
#: (the position check, the strike's motion state) forks the two children already (``install``'s
#: ``entries``).
PLAN: coldstart.Plan = (
    coldstart.Fork((
        "cueboard.engine.roots:first_fall",
        "cueboard.engine.bounds:clear",
        "cueboard.engine.bounds:cull",
        coldstart.Fork(("cueboard.engine.planar:pair_time", "cueboard.engine.detect:capture_after")),
        "cueboard.engine.detect:segment_after",
        "cueboard.engine.detect:arc_after",
        "cueboard.engine.planar:_refresh",
    )),
    coldstart.Fork((
        "cueboard.engine.models.ball:_contact_velocity",
        "cueboard.engine.models.ball:_crawling",
        "cueboard.engine.models.ball:_settle",
        "cueboard.engine.models.ball:_apply",
        coldstart.Fork(("cueboard.engine.planar:collide_ball_wall",)),
        "cueboard.engine.planar:collide_ball_ball",
        "cueboard.engine.planar:_record_rest",
        "cueboard.engine.planar:run_balls.relax",
    )),
    "cueboard.engine.planar:start_segment",
    "cueboard.engine.planar:end_segment",
    "cueboard.engine.models.ball:capture_ball",
    "cueboard.engine.loop:_remove",
    "cueboard.engine.loop:_fill_motion",
    "cueboard.engine.loop:_unpress",
    "cueboard.engine.loop:_work_arrays",
)


def _sample_args() -> tuple[Any, ...]:
    """Arguments of the types ``world.run`` passes ``run_balls`` (C-ordered arrays of the
    layout's dtypes, the check flag), for a start of the plan before the kernel's first call."""
    return (
        np.zeros((N_BODY_F, 1)),
        np.zeros((N_BODY_I, 1), dtype=np.int64),
        np.zeros((1, N_SEG_F)),
        np.zeros((1, N_ARC_F)),
        np.zeros((1, N_CAP_F)),
        np.zeros((N_MODELS, N_PAR)),
        np.zeros((1, N_EV_I), dtype=np.int64),
        np.zeros((1, loop.N_EV_F)),
        False,
    )


coldstart.install(run_balls, PLAN, entries=(placement_clear, start_segment), sample=_sample_args)


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
