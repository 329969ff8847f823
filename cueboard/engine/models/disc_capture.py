"""Capture of a disc by a round opening: crokinole's 20-hole, novuss pockets (docs/physics.md#discs).

A piece whose centre is over an opening has lost the support under its centre of mass and starts
to fall. It is caught when, in the time its centre stays over the opening, it can fall (freely)
a *catch depth*: then its leading edge meets the far wall below the piece's mid-height and the
wall pushes it down into the hole, instead of its rounded edge riding up onto the rim (a wheel
climbs a step lower than its centre, not a higher one). The catch depth is half the piece's
thickness (parameters per game); the catch time is ``√(2 depth / g)``. So a slow piece over the
opening's centre drops, a fast one passes over it, and a piece clipping the edge of the opening
(a short chord) drops only when it is slow. A piece that stops over the opening always drops.
Free fall slightly overstates the drop of a piece that pivots on the near rim, so the criterion
errs towards capture.
"""

from __future__ import annotations

import math

from numba import njit

from cueboard.engine.jit import PYTHON_ERROR_OPTIONS
from cueboard.errors import SettingsError


@njit(**PYTHON_ERROR_OPTIONS)
def catch_distance(v: float, a: float, t_catch: float) -> float:
    """Distance the centre covers in ``t_catch`` from speed ``v`` at deceleration ``a`` (or until
    it stops): a piece whose centre stays over an opening for this long falls in."""
    if a <= 0.0:
        return v * t_catch
    if v <= a * t_catch:
        return 0.5 * v * v / a
    return v * t_catch - 0.5 * a * t_catch * t_catch


@njit(**PYTHON_ERROR_OPTIONS)
def falls_in(
    px: float,
    py: float,
    dx: float,
    dy: float,
    v: float,
    a: float,
    cx: float,
    cy: float,
    radius: float,
    t_catch: float,
) -> bool:
    """Whether a piece whose centre is at (px, py), on the edge of (or inside) a round opening of
    centre (cx, cy) and ``radius``, moving along unit (dx, dy) at speed ``v`` with deceleration
    ``a``, falls in: its centre stays over the opening for at least ``t_catch`` (it stops inside,
    or the chord ahead is at least ``catch_distance``). See docs/physics.md#discs."""
    rx = px - cx
    ry = py - cy
    if v <= 0.0:
        return rx * rx + ry * ry <= radius * radius * (1.0 + 1e-9)
    b = rx * dx + ry * dy
    c = rx * rx + ry * ry - radius * radius
    disc = b * b - c
    if disc < 0.0:
        return False
    ahead = -b + math.sqrt(disc)  # distance along the path to the far rim
    if ahead <= 0.0:
        return False
    return catch_distance(v, a, t_catch) <= ahead


def catch_time(depth: float, g: float) -> float:
    """Free-fall time of ``depth``: √(2·depth/g)."""
    if depth <= 0.0 or g <= 0.0:
        raise SettingsError(f"catch depth and gravity must be positive, got {depth}, {g}")
    return math.sqrt(2.0 * depth / g)
