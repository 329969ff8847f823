"""Dispatch of the per-model laws by the bodies' model ids (the plug-in point for new models).

Each function branches on ``ibody[MODEL, i]`` and calls the law of that model; a new model adds
one ``elif`` per function here (see the ARCHITECTURE notes in cueboard/engine/__init__.py). The
branches are plain integer tests, compiled into the event loop: no Python runs per event.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cueboard.engine.jit import KERNEL_OPTIONS
from cueboard.engine.layout import MODEL, MODEL_BALL, MODEL_DISC
from cueboard.engine.models import ball, disc


@njit(**KERNEL_OPTIONS)
def start_segment(body: np.ndarray, ibody: np.ndarray, i: int, par: np.ndarray) -> None:
    """(a) motion law: set body ``i``'s state, accelerations and transition time ``TE``."""
    m = ibody[MODEL, i]
    if m == MODEL_BALL:
        ball.start_segment(body, ibody, i, par)
    elif m == MODEL_DISC:
        disc.start_segment(body, ibody, i, par)


@njit(**KERNEL_OPTIONS)
def end_segment(body: np.ndarray, ibody: np.ndarray, i: int, par: np.ndarray) -> None:
    """(b) state transition at ``TE`` (body already evolved to ``TE``)."""
    m = ibody[MODEL, i]
    if m == MODEL_BALL:
        ball.end_segment(body, ibody, i, par)
    elif m == MODEL_DISC:
        disc.end_segment(body, ibody, i, par)


@njit(**KERNEL_OPTIONS)
def collide_pair(body: np.ndarray, ibody: np.ndarray, i: int, j: int, par: np.ndarray) -> None:
    """(c) body-body collision law (both bodies evolved to the contact time)."""
    mi = ibody[MODEL, i]
    mj = ibody[MODEL, j]
    if mi == MODEL_BALL and mj == MODEL_BALL:
        ball.collide_ball_ball(body, ibody, i, j, par)
    elif mi == MODEL_DISC and mj == MODEL_DISC:
        disc.collide_disc_disc(body, ibody, i, j, par)


@njit(**KERNEL_OPTIONS)
def collide_wall(
    body: np.ndarray,
    ibody: np.ndarray,
    i: int,
    nx: float,
    ny: float,
    e: float,
    mu: float,
    h: float,
    par: np.ndarray,
) -> None:
    """(c) body-shape collision law: a wall (segment or arc) whose unit normal ``(nx, ny)`` points
    at the body, with the shape's restitution ``e``, friction ``mu`` and contact height ``h``."""
    m = ibody[MODEL, i]
    if m == MODEL_BALL:
        ball.collide_ball_wall(body, ibody, i, nx, ny, e, mu, h, par)
    elif m == MODEL_DISC:
        disc.collide_disc_wall(body, ibody, i, nx, ny, e, mu, h, par)


@njit(**KERNEL_OPTIONS)
def capture(body: np.ndarray, ibody: np.ndarray, i: int, kind: int, par: np.ndarray) -> bool:
    """(c) capture law: whether body ``i`` crossing a capture region of ``kind`` is captured."""
    m = ibody[MODEL, i]
    if m == MODEL_BALL:
        return ball.capture_ball(body, ibody, i, kind, par)
    if m == MODEL_DISC:
        return disc.capture_disc(body, ibody, i, kind, par)
    return True
