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


#: Relative margin within which ``_cull`` leaves the decision to the exact expression: square
#: roots and the sums after them differ from the same sums of ``math.hypot`` results by a few
#: ulps (< 1e-15 relative), far inside it.
CULL_MARGIN = 1e-12


@internal
def _cull(
    gx: float,
    gy: float,
    sign: float,
    off: float,
    vx: float,
    vy: float,
    ax: float,
    ay: float,
    ka: float,
    hi: float,
) -> int:
    """The reach test of a detector, ``sign |g| - off > |v| hi + ka |a| hi² + DIST_TOL`` (a body
    cannot close the gap within ``hi``), decided from square roots instead of ``math.hypot``
    (libm's ``hypot`` was 15% of the loop's instructions): 1 when it holds, -1 when it does not,
    0 when the two sides are within ``CULL_MARGIN`` of each other (or not finite), where the
    caller evaluates its exact expression. The answer is the exact expression's wherever one is
    given, so event times do not change in any bit."""
    sd = math.sqrt(gx * gx + gy * gy)
    lhs = sign * sd - off
    rhs = math.sqrt(vx * vx + vy * vy) * hi + ka * math.sqrt(ax * ax + ay * ay) * hi * hi + DIST_TOL
    margin = CULL_MARGIN * (sd + abs(off) + rhs)
    diff = lhs - rhs
    if diff > margin:
        return 1
    if diff < -margin:
        return -1
    return 0


@internal
def _edge_dist2(ax: float, ay: float, bx: float, by: float) -> float:
    """Squared distance from the origin to the segment from ``a`` to ``b``."""
    ex = bx - ax
    ey = by - ay
    e2 = ex * ex + ey * ey
    u = 0.0 if e2 == 0.0 else min(max(-(ax * ex + ay * ey) / e2, 0.0), 1.0)
    qx = ax + u * ex
    qy = ay + u * ey
    return qx * qx + qy * qy


@internal
def _clear(
    dx: float, dy: float, vx: float, vy: float, hx: float, hy: float, h: float, r: float, tol: float
) -> bool:
    """Whether ``|D(τ)|² - r²`` stays above ``tol`` for all ``τ`` in ``[0, h]``, rounding included,
    where ``D(τ) = d + v τ + hq τ²`` (``hq = (hx, hy)``): then ``first_fall`` on that gap polynomial
    finds no contact (every value it evaluates is above ``tol``), and the detector can say so
    without seeking its critical points (the cubic roots were a third of the loop's instructions).

    ``D`` on ``[0, h]`` is a quadratic Bézier curve with control points ``d``, ``d + v h / 2``,
    ``d + v h + hq h²``, so it stays in their triangle; the distance from the origin to the
    triangle is at least the smallest distance to its edges less its inradius (twice the area
    over the perimeter: zero for the straight path of a rolling ball). The margins (1e-12 of the
    magnitudes) are far above the rounding of this test and of the polynomial's coefficients and
    Horner values (a few ulps of ``(|d| + |v| h + |hq| h²)² + r²``, which bounds every term)."""
    bx = dx + 0.5 * h * vx
    by = dy + 0.5 * h * vy
    cx = dx + h * vx + h * h * hx
    cy = dy + h * vy + h * h * hy
    big = math.sqrt(dx * dx + dy * dy) + (math.sqrt(vx * vx + vy * vy) + math.sqrt(hx * hx + hy * hy) * h) * h
    near = min(_edge_dist2(dx, dy, bx, by), _edge_dist2(bx, by, cx, cy), _edge_dist2(cx, cy, dx, dy))
    area2 = abs((bx - dx) * (cy - dy) - (by - dy) * (cx - dx))
    ex, ey, fx, fy, gx, gy = bx - dx, by - dy, cx - bx, cy - by, dx - cx, dy - cy
    perimeter = math.sqrt(ex * ex + ey * ey) + math.sqrt(fx * fx + fy * fy) + math.sqrt(gx * gx + gy * gy)
    inradius = area2 / perimeter if perimeter > 0.0 else 0.0
    m = math.sqrt(near) - inradius - CULL_MARGIN * big
    if not m > r:
        return False
    return m * m - r * r > tol + CULL_MARGIN * (big * big + r * r)


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
    if ibody[STATE, i] == AIRBORNE or ibody[STATE, j] == AIRBORNE:
        return _pair_time_3d(body, i, j, t, hi, dx, dy, dvx, dvy, hax, hay, dsum)
    cull = _cull(dx, dy, 1.0, dsum, dvx, dvy, hax, hay, 1.0, hi)
    if cull > 0:
        return INF
    if cull == 0:
        reach = math.hypot(dvx, dvy) * hi + math.hypot(hax, hay) * hi * hi
        if math.hypot(dx, dy) - dsum > reach + DIST_TOL:
            return INF
    if _clear(dx, dy, dvx, dvy, hax, hay, hi, dsum, 2.0 * dsum * DIST_TOL):
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
    """``pair_time`` when a ball is in the air: the first fall of the 3-D centre distance to
    ``dsum`` (heights of the centres: lowest point plus radius)."""
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
    nx = seg[s, SNX]
    ny = seg[s, SNY]
    r = body[RAD, i]
    g0 = nx * (px - seg[s, SX1]) + ny * (py - seg[s, SY1]) - r
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
    qx = px + tau * (vx + 0.5 * ax * tau) - seg[s, SX1]
    qy = py + tau * (vy + 0.5 * ay * tau) - seg[s, SY1]
    u = qx * ny - qy * nx  # along the segment: direction (ny, -nx) from end 1 to end 2
    if u < 0.0 or u > seg[s, SLEN]:
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
    cx = arc[s, ACX]
    cy = arc[s, ACY]
    r = body[RAD, i]
    inside = arc[s, AINSIDE] != 0.0
    rc = arc[s, AR] - r if inside else arc[s, AR] + r
    sign = -1.0 if inside else 1.0
    cull = _cull(px - cx, py - cy, sign, sign * rc, vx, vy, ax, ay, 0.5, hi)
    if cull > 0:
        return INF
    if cull == 0:
        reach = math.hypot(vx, vy) * hi + 0.5 * math.hypot(ax, ay) * hi * hi
        d = math.hypot(px - cx, py - cy)
        if (rc - d if inside else d - rc) > reach + DIST_TOL:
            return INF
    if not inside and _clear(px - cx, py - cy, vx, vy, 0.5 * ax, 0.5 * ay, hi, rc, 2.0 * rc * DIST_TOL):
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
        phi = (math.atan2(qy, qx) - arc[s, AA0]) % TWO_PI
        if phi <= arc[s, ASPAN]:
            return t + tau
        lo = end
    return INF


@njit(**KERNEL_OPTIONS)
def capture_time(body: np.ndarray, ibody: np.ndarray, i: int, cap: np.ndarray, s: int, t: float) -> float:
    """When body ``i``'s centre next enters (mode 0) or leaves (mode 1) capture circle ``s``."""
    if not translating(ibody, i):
        return INF
    hi = min(body[TE, i] - t, HORIZON)
    if not hi > 0.0:
        return INF
    px, py, vx, vy, ax, ay = kinematics_at(body, i, t)
    cx = cap[s, CCX]
    cy = cap[s, CCY]
    rc = cap[s, CR]
    leave = cap[s, CMODE] != 0.0
    sign = -1.0 if leave else 1.0
    cull = _cull(px - cx, py - cy, sign, sign * rc, vx, vy, ax, ay, 0.5, hi)
    if cull > 0:
        return INF
    if cull == 0:
        reach = math.hypot(vx, vy) * hi + 0.5 * math.hypot(ax, ay) * hi * hi
        d = math.hypot(px - cx, py - cy)
        if (rc - d if leave else d - rc) > reach + DIST_TOL:
            return INF
    if not leave and _clear(px - cx, py - cy, vx, vy, 0.5 * ax, 0.5 * ay, hi, rc, 2.0 * rc * DIST_TOL):
        return INF
    c0, c1, c2, c3, c4 = _circle_coeffs(px, py, vx, vy, ax, ay, cx, cy)
    c0 -= rc * rc
    if leave:
        c0, c1, c2, c3, c4 = -c0, -c1, -c2, -c3, -c4
    tau, _ = first_fall(c0, c1, c2, c3, c4, 0.0, hi, 2.0 * rc * DIST_TOL, 0.0, 1.0)
    return t + tau
