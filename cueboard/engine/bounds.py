"""Cheap bounds that let the event detectors (detect.py) skip work whose answer is known.

Both decide a question a detector would otherwise answer at full cost, and only where the answer
is certain with margins far above rounding, so that no event time changes in any bit
(``tests/engine/test_detect_culls.py`` checks them against the exact tests;
``tests/engine/test_engine_identity.py`` the engine's results against the code before them):

- ``cull``: the reach test (can a body close a gap within the look-ahead?) from square roots;
  ``math.hypot`` (libm's, 15% of the event loop's instructions) only within 1e-12 of the edge;
- ``clear``: whether a quartic gap polynomial stays above the contact tolerance on the whole
  look-ahead, which spares ``roots.first_fall`` the search for its critical points (a cubic's
  roots by Newton steps: a third of the loop's instructions, for pairs that never meet).
"""

from __future__ import annotations

import math

from cueboard.engine.jit import internal
from cueboard.engine.layout import DIST_TOL

#: Relative margin within which ``cull`` leaves the decision to the exact expression: square
#: roots and the sums after them differ from the same sums of ``math.hypot`` results by a few
#: ulps (< 1e-15 relative), far inside it.
CULL_MARGIN = 1e-12


@internal
def cull(
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
def edge_dist2(ax: float, ay: float, bx: float, by: float) -> float:
    """Squared distance from the origin to the segment from ``a`` to ``b``."""
    ex = bx - ax
    ey = by - ay
    e2 = ex * ex + ey * ey
    u = 0.0 if e2 == 0.0 else min(max(-(ax * ex + ay * ey) / e2, 0.0), 1.0)
    qx = ax + u * ex
    qy = ay + u * ey
    return qx * qx + qy * qy


@internal
def clear(
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
    near = min(edge_dist2(dx, dy, bx, by), edge_dist2(bx, by, cx, cy), edge_dist2(cx, cy, dx, dy))
    area2 = abs((bx - dx) * (cy - dy) - (by - dy) * (cx - dx))
    ex, ey, fx, fy, gx, gy = bx - dx, by - dy, cx - bx, cy - by, dx - cx, dy - cy
    perimeter = math.sqrt(ex * ex + ey * ey) + math.sqrt(fx * fx + fy * fy) + math.sqrt(gx * gx + gy * gy)
    inradius = area2 / perimeter if perimeter > 0.0 else 0.0
    m = math.sqrt(near) - inradius - CULL_MARGIN * big
    if not m > r:
        return False
    return m * m - r * r > tol + CULL_MARGIN * (big * big + r * r)
