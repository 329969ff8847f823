"""Event times: when a body next meets another body, a segment, an arc or a capture region.

Every body is a circle in the table plane moving on a quadratic path (motion.py), so detection is
the same for every model: the gap between the two shapes is a polynomial in time (quadratic
against a line, quartic against a circle or another body) and the event is its first fall to
contact (roots.first_fall). Each function returns an absolute time, ``inf`` for none, and never
looks beyond the end of either body's current segment: a transition is itself an event after
which the engine recomputes that body's times. A cheap bound on how far the bodies can travel
culls most pairs before any root is sought.

A ball in flight (state ``AIRBORNE``, balls only) moves on a parabola in 3-D: against another
body the gap is then the 3-D distance of the centres, whose square is still a quartic in time
(the heights are quadratics, motion.py), so a ball flying high enough passes over another.
Against walls and capture regions it is detected in the plane like a ball on the bed (the loop
then decides whether it flies over the cushion: loop.py).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from cueboard.engine.bounds import clear, cull
from cueboard.engine.jit import KERNEL_OPTIONS, internal
from cueboard.engine.layout import (
    AA0,
    ACX,
    ACY,
    AINSIDE,
    AIRBORNE,
    AR,
    ASPAN,
    CCX,
    CCY,
    CMODE,
    CR,
    DIST_TOL,
    PZ,
    RAD,
    ROLLING,
    SLEN,
    SLIDING,
    SNX,
    SNY,
    STATE,
    SX1,
    SY1,
    TE,
)
from cueboard.engine.motion import height_at, kinematics_at
from cueboard.engine.roots import first_fall

INF = math.inf
TWO_PI = 2.0 * math.pi
#: An approach slower than this (m/s) between touching surfaces is not yet a contact.
V_SLOPE = 5e-5
#: No event is sought further ahead than this (s); every real segment ends long before.
HORIZON = 1.0e4
#: Whether this module's functions are compiled with their flight code (balls in the air). The
#: planar copies of ``cueboard.engine.planar`` bind it to False: numba prunes a branch on a
#: constant global before typing, so those copies compile none of the flight functions.
AIR = True


@internal
def translating(ibody: np.ndarray, i: int) -> bool:
    """Whether body ``i`` is moving (sliding and rolling bodies across the bed, balls in flight)."""
    s = ibody[STATE, i]
    return s in (SLIDING, ROLLING, AIRBORNE)


@njit(**KERNEL_OPTIONS)
def pair_time(body: np.ndarray, ibody: np.ndarray, i: int, j: int, t: float) -> float:
    """When bodies ``i`` and ``j`` next touch (absolute time), from time ``t``."""
    mi = translating(ibody, i)
    mj = translating(ibody, j)
    if not (mi or mj):
        return INF
    hi = min(min(body[TE, i], body[TE, j]) - t, HORIZON)
    if not hi > 0.0:
        return INF
    pxi, pyi, vxi, vyi, axi, ayi = kinematics_at(body, i, t)
    pxj, pyj, vxj, vyj, axj, ayj = kinematics_at(body, j, t)
    dx = pxj - pxi
    dy = pyj - pyi
    dvx = vxj - vxi
    dvy = vyj - vyi
    hax = 0.5 * (axj - axi)
    hay = 0.5 * (ayj - ayi)
    dsum = body[RAD, i] + body[RAD, j]
    if AIR and (ibody[STATE, i] == AIRBORNE or ibody[STATE, j] == AIRBORNE or body[PZ, i] != body[PZ, j]):
        return _pair_time_3d(body, i, j, t, hi, dx, dy, dvx, dvy, hax, hay, dsum)
    c = cull(dx, dy, 1.0, dsum, dvx, dvy, hax, hay, 1.0, hi)
    if c > 0:
        return INF
    if c == 0:
        reach = math.hypot(dvx, dvy) * hi + math.hypot(hax, hay) * hi * hi
        if math.hypot(dx, dy) - dsum > reach + DIST_TOL:
            return INF
    if clear(dx, dy, dvx, dvy, hax, hay, hi, dsum, 2.0 * dsum * DIST_TOL):
        return INF
    c4 = hax * hax + hay * hay
    c3 = 2.0 * (hax * dvx + hay * dvy)
    c2 = dvx * dvx + dvy * dvy + 2.0 * (hax * dx + hay * dy)
    c1 = 2.0 * (dx * dvx + dy * dvy)
    c0 = dx * dx + dy * dy - dsum * dsum
    tau, _ = first_fall(c0, c1, c2, c3, c4, 0.0, hi, 2.0 * dsum * DIST_TOL, 2.0 * dsum * V_SLOPE, 0.0)
    return t + tau


@internal
def _pair_time_3d(
    body: np.ndarray,
    i: int,
    j: int,
    t: float,
    hi: float,
    dx: float,
    dy: float,
    dvx: float,
    dvy: float,
    hax: float,
    hay: float,
    dsum: float,
) -> float:
    """``pair_time`` when a ball is in the air or on a rail above the other: the first fall of
    the 3-D centre distance to ``dsum`` (heights of the centres: lowest point plus radius)."""
    zi, vzi, azi = height_at(body, i, t)
    zj, vzj, azj = height_at(body, j, t)
    dz = zj + body[RAD, j] - zi - body[RAD, i]
    dvz = vzj - vzi
    haz = 0.5 * (azj - azi)
    reach = math.sqrt(dvx * dvx + dvy * dvy + dvz * dvz) * hi + math.sqrt(
        hax * hax + hay * hay + haz * haz
    ) * hi * hi
    if math.sqrt(dx * dx + dy * dy + dz * dz) - dsum > reach + DIST_TOL:
        return INF
    c4 = hax * hax + hay * hay + haz * haz
    c3 = 2.0 * (hax * dvx + hay * dvy + haz * dvz)
    c2 = dvx * dvx + dvy * dvy + dvz * dvz + 2.0 * (hax * dx + hay * dy + haz * dz)
    c1 = 2.0 * (dx * dvx + dy * dvy + dz * dvz)
    c0 = dx * dx + dy * dy + dz * dz - dsum * dsum
    tau, _ = first_fall(c0, c1, c2, c3, c4, 0.0, hi, 2.0 * dsum * DIST_TOL, 2.0 * dsum * V_SLOPE, 0.0)
    return t + tau


@njit(**KERNEL_OPTIONS)
def segment_time(body: np.ndarray, ibody: np.ndarray, i: int, seg: np.ndarray, s: int, t: float) -> float:
    """When body ``i`` next reaches line segment ``s`` from its normal side (absolute time)."""
    if not translating(ibody, i):
        return INF
    hi = min(body[TE, i] - t, HORIZON)
    if not hi > 0.0:
        return INF
    px, py, vx, vy, ax, ay = kinematics_at(body, i, t)
    return segment_after(
        px, py, vx, vy, ax, ay, body[RAD, i], hi, t, seg[s, SNX], seg[s, SNY], seg[s, SX1], seg[s, SY1],
        seg[s, SLEN],
    )


@internal
def segment_after(
    px: float, py: float, vx: float, vy: float, ax: float, ay: float, r: float, hi: float, t: float,
    nx: float, ny: float, x1: float, y1: float, length: float,
) -> float:
    """``segment_time`` from the body's kinematics at ``t`` (``kinematics_at``), its radius, the
    look-ahead ``hi`` and the segment's normal, first end and length: the loop's refresh computes
    a body's kinematics once for all its shapes and passes numbers, not arrays."""
    g0 = nx * (px - x1) + ny * (py - y1) - r
    if g0 < -r:
        return INF  # behind the line: segments are one-sided
    g1 = nx * vx + ny * vy
    g2 = 0.5 * (nx * ax + ny * ay)
    reach = abs(g1) * hi + abs(g2) * hi * hi
    if g0 > reach + DIST_TOL:
        return INF
    tau, _ = first_fall(g0, g1, g2, 0.0, 0.0, 0.0, hi, DIST_TOL, V_SLOPE, 0.0)
    if tau == INF:
        return INF
    qx = px + tau * (vx + 0.5 * ax * tau) - x1
    qy = py + tau * (vy + 0.5 * ay * tau) - y1
    u = qx * ny - qy * nx  # along the segment: direction (ny, -nx) from end 1 to end 2
    if u < 0.0 or u > length:
        return INF
    return t + tau


@internal
def _circle_coeffs(
    px: float, py: float, vx: float, vy: float, ax: float, ay: float, cx: float, cy: float
) -> tuple[float, float, float, float, float]:
    """Coefficients of ``|p(τ) - c|²`` (without the constant radius term)."""
    dx = px - cx
    dy = py - cy
    hax = 0.5 * ax
    hay = 0.5 * ay
    c4 = hax * hax + hay * hay
    c3 = 2.0 * (hax * vx + hay * vy)
    c2 = vx * vx + vy * vy + 2.0 * (hax * dx + hay * dy)
    c1 = 2.0 * (dx * vx + dy * vy)
    c0 = dx * dx + dy * dy
    return c0, c1, c2, c3, c4


@njit(**KERNEL_OPTIONS)
def arc_time(body: np.ndarray, ibody: np.ndarray, i: int, arc: np.ndarray, s: int, t: float) -> float:
    """When body ``i`` next touches arc ``s`` within its angular span (absolute time)."""
    if not translating(ibody, i):
        return INF
    hi = min(body[TE, i] - t, HORIZON)
    if not hi > 0.0:
        return INF
    px, py, vx, vy, ax, ay = kinematics_at(body, i, t)
    return arc_after(
        px, py, vx, vy, ax, ay, body[RAD, i], hi, t, arc[s, ACX], arc[s, ACY], arc[s, AR], arc[s, AINSIDE],
        arc[s, AA0], arc[s, ASPAN],
    )


@internal
def arc_after(
    px: float, py: float, vx: float, vy: float, ax: float, ay: float, r: float, hi: float, t: float,
    cx: float, cy: float, radius: float, inside_flag: float, a0: float, span: float,
) -> float:
    """``arc_time`` from the body's kinematics and the arc's numbers (as ``segment_after``)."""
    inside = inside_flag != 0.0
    rc = radius - r if inside else radius + r
    if _unreachable(px, py, vx, vy, ax, ay, hi, cx, cy, rc, inside):
        return INF
    c0, c1, c2, c3, c4 = _circle_coeffs(px, py, vx, vy, ax, ay, cx, cy)
    c0 -= rc * rc
    if inside:
        c0, c1, c2, c3, c4 = -c0, -c1, -c2, -c3, -c4
    tol = 2.0 * rc * DIST_TOL
    slope = 2.0 * rc * V_SLOPE
    lo = 0.0
    for _ in range(3):
        tau, end = first_fall(c0, c1, c2, c3, c4, lo, hi, tol, slope, 0.0)
        if tau == INF:
            return INF
        qx = px + tau * (vx + 0.5 * ax * tau) - cx
        qy = py + tau * (vy + 0.5 * ay * tau) - cy
        phi = (math.atan2(qy, qx) - a0) % TWO_PI
        if phi <= span:
            return t + tau
        lo = end
    return INF


@internal
def _unreachable(
    px: float, py: float, vx: float, vy: float, ax: float, ay: float, hi: float, cx: float,
    cy: float, rc: float, inside: bool,
) -> bool:
    """Whether a centre moving from ``p`` cannot reach the circle of radius ``rc`` about ``c``
    within ``hi`` (from inside it when ``inside``): the reach test (``cull``), then for the
    outside of a circle the Bézier bound (``clear``)."""
    sign = -1.0 if inside else 1.0
    c = cull(px - cx, py - cy, sign, sign * rc, vx, vy, ax, ay, 0.5, hi)
    if c > 0:
        return True
    if c == 0:
        reach = math.hypot(vx, vy) * hi + 0.5 * math.hypot(ax, ay) * hi * hi
        d = math.hypot(px - cx, py - cy)
        if (rc - d if inside else d - rc) > reach + DIST_TOL:
            return True
    return not inside and clear(px - cx, py - cy, vx, vy, 0.5 * ax, 0.5 * ay, hi, rc, 2.0 * rc * DIST_TOL)


@njit(**KERNEL_OPTIONS)
def capture_time(body: np.ndarray, ibody: np.ndarray, i: int, cap: np.ndarray, s: int, t: float) -> float:
    """When body ``i``'s centre next enters (mode 0) or leaves (mode 1) capture circle ``s``."""
    if not translating(ibody, i):
        return INF
    hi = min(body[TE, i] - t, HORIZON)
    if not hi > 0.0:
        return INF
    px, py, vx, vy, ax, ay = kinematics_at(body, i, t)
    return capture_after(px, py, vx, vy, ax, ay, hi, t, cap[s, CCX], cap[s, CCY], cap[s, CR], cap[s, CMODE])


@internal
def capture_after(
    px: float, py: float, vx: float, vy: float, ax: float, ay: float, hi: float, t: float,
    cx: float, cy: float, rc: float, mode: float,
) -> float:
    """``capture_time`` from the body's kinematics and the region's numbers (as ``segment_after``)."""
    leave = mode != 0.0
    if _unreachable(px, py, vx, vy, ax, ay, hi, cx, cy, rc, leave):
        return INF
    c0, c1, c2, c3, c4 = _circle_coeffs(px, py, vx, vy, ax, ay, cx, cy)
    c0 -= rc * rc
    if leave:
        c0, c1, c2, c3, c4 = -c0, -c1, -c2, -c3, -c4
    tau, _ = first_fall(c0, c1, c2, c3, c4, 0.0, hi, 2.0 * rc * DIST_TOL, 0.0, 1.0)
    return t + tau
