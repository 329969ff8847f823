"""Real roots of polynomials of degree <= 4 on an interval: the event-time kernel.

Every event time in the engine is the first time a gap polynomial ``f(τ)`` (quadratic for a body
and a line, quartic for two bodies or a body and a circle) falls to zero. Closed-form quartic
formulas (Ferrari) lose many digits near double roots, which are exactly the grazing and
touching contacts a referee cares about; so the roots here are found by splitting the interval at
the critical points of ``f`` (the roots of ``f'``, a cubic, themselves found between the roots of
``f''``, a quadratic solved in closed form) into monotone pieces, and refining a sign change in a
piece by safeguarded Newton steps (Press et al., Numerical Recipes, ``rtsafe``). The result is a
root to machine precision, and never a root missed because a discriminant rounded the wrong way.

``first_fall`` also handles contacts that start touching (``f(0) <= tol``): an immediate event if
the bodies approach faster than ``slope``, else an event only once they have pressed in to
``-tol`` — a resting contact (a frozen pack, a ball against a cushion) does not fire again and
again, and an overlap never grows past ``tol`` unnoticed.
"""

from __future__ import annotations

import math

from numba import njit

from cueboard.engine.jit import KERNEL_OPTIONS, internal

INF = math.inf


@internal
def peval(c0: float, c1: float, c2: float, c3: float, c4: float, t: float) -> float:
    """``c0 + c1 t + c2 t² + c3 t³ + c4 t⁴``."""
    return c0 + t * (c1 + t * (c2 + t * (c3 + t * c4)))


@njit(**KERNEL_OPTIONS)
def quadratic_roots(a: float, b: float, c: float) -> tuple[int, float, float]:
    """Real roots of ``a t² + b t + c`` in increasing order: (count, r1, r2)."""
    if a == 0.0:
        if b == 0.0:
            return 0, INF, INF
        return 1, -c / b, INF
    disc = b * b - 4.0 * a * c
    if disc < 0.0:
        return 0, INF, INF
    sq = math.sqrt(disc)
    q = -0.5 * (b + sq) if b >= 0.0 else -0.5 * (b - sq)
    if q == 0.0:
        return 1, 0.0, INF
    r1 = q / a
    r2 = c / q
    if r1 > r2:
        r1, r2 = r2, r1
    return 2, r1, r2


@internal
def _refine(
    c0: float, c1: float, c2: float, c3: float, c4: float, a: float, b: float, keep_a_side: float
) -> float:
    """A root of the polynomial in [a, b], where its values at a and b differ in sign.

    Safeguarded Newton (rtsafe). With ``keep_a_side`` (1.0; 0.0 for the midpoint) the point
    returned lies on a's side of the root (same sign as at a), within rounding of it. (Flags are
    floats, not bools: numba would compile a literal bool argument once per value.)
    """
    fa = peval(c0, c1, c2, c3, c4, a)
    lo, hi = a, b  # f(lo) has fa's sign
    x = 0.5 * (lo + hi)
    for _ in range(100):
        fx = peval(c0, c1, c2, c3, c4, x)
        if fx == 0.0:
            lo = x if keep_a_side == 0.0 else lo
            hi = x
            break
        if (fx > 0.0) == (fa > 0.0):
            lo = x
        else:
            hi = x
        d = c1 + x * (2.0 * c2 + x * (3.0 * c3 + x * 4.0 * c4))
        xn = x - fx / d if d != 0.0 else 0.5 * (lo + hi)
        if not ((xn > min(lo, hi)) and (xn < max(lo, hi))):
            xn = 0.5 * (lo + hi)
        if abs(hi - lo) <= 4e-16 * (1.0 + abs(x)):
            break
        if xn == x:
            break
        x = xn
    if keep_a_side != 0.0:
        # Newton may have converged from b's side, leaving ``lo`` where it was: bisect on until
        # ``lo`` (a's side) is within rounding of the root too.
        for _ in range(200):
            m = 0.5 * (lo + hi)
            if m in (lo, hi) or abs(hi - lo) <= 4e-16 * (1.0 + abs(lo)):
                break
            fm = peval(c0, c1, c2, c3, c4, m)
            if fm != 0.0 and (fm > 0.0) == (fa > 0.0):
                lo = m
            else:
                hi = m
        return lo
    return 0.5 * (lo + hi)


@njit(**KERNEL_OPTIONS)
def cubic_roots_in(
    d0: float, d1: float, d2: float, d3: float, lo: float, hi: float
) -> tuple[int, float, float, float]:
    """Real roots of ``d0 + d1 t + d2 t² + d3 t³`` strictly inside (lo, hi), increasing."""
    n, q1, q2 = quadratic_roots(3.0 * d3, 2.0 * d2, d1)
    m = 0
    p1 = hi
    p2 = hi
    if n >= 1 and lo < q1 < hi:
        p1 = q1
        m = 1
    if n >= 2 and lo < q2 < hi:
        if m == 0:
            p1 = q2
        else:
            p2 = q2
        m += 1
    out0 = INF
    out1 = INF
    out2 = INF
    count = 0
    a = lo
    fa = peval(d0, d1, d2, d3, 0.0, a)
    for k in range(m + 1):
        b = p1 if k == 0 and m >= 1 else (p2 if k == 1 and m >= 2 else hi)
        fb = peval(d0, d1, d2, d3, 0.0, b)
        if (fa < 0.0 < fb) or (fb < 0.0 < fa):
            r = _refine(d0, d1, d2, d3, 0.0, a, b, 0.0)
            if count == 0:
                out0 = r
            elif count == 1:
                out1 = r
            else:
                out2 = r
            count += 1
        a = b
        fa = fb
    return count, out0, out1, out2


@njit(**KERNEL_OPTIONS)
def first_fall(
    c0: float,
    c1: float,
    c2: float,
    c3: float,
    c4: float,
    lo: float,
    hi: float,
    tol: float,
    slope: float,
    crossing_only: float,
) -> tuple[float, float]:
    """The first time in [lo, hi] at which the gap polynomial ``f`` falls to contact.

    Returns ``(t, end)``: ``t`` the event time (``inf`` if none) and ``end`` the end of the monotone
    piece it lies in (a caller that rejects the contact, e.g. outside an arc's span, searches on
    from ``end``). Contact is ``f`` crossing zero downwards; when ``f(lo) <= tol`` (touching) it is
    an approach faster than ``slope`` at ``lo`` or a further fall by ``tol``. With
    ``crossing_only`` = 1.0 (capture regions) only a true crossing from ``f > tol`` to ``f <= 0``
    counts (0.0 otherwise).
    """
    if not hi > lo:
        return INF, INF
    n, r1, r2, r3 = cubic_roots_in(c1, 2.0 * c2, 3.0 * c3, 4.0 * c4, lo, hi)
    a = lo
    fa = peval(c0, c1, c2, c3, c4, a)
    shift = math.nan  # root sought of f - shift in [a, b] (one call site keeps compiled code small)
    b = hi
    for k in range(n + 1):
        b = (r1 if k == 0 else (r2 if k == 1 else r3)) if k < n else hi
        fb = peval(c0, c1, c2, c3, c4, b)
        if fb < fa:
            if crossing_only != 0.0 or fa > tol:
                if fb <= 0.0 and fa > tol:
                    shift = 0.0
                    break
            else:
                if a == lo:
                    d = c1 + a * (2.0 * c2 + a * (3.0 * c3 + a * 4.0 * c4))
                    if d < -slope:
                        return a, b
                if fa <= -tol:
                    return a, b  # pressed in by a tolerance already, and closing: now
                if fb <= -tol:
                    shift = -tol
                    break
        a = b
        fa = fb
    if shift == shift:
        return _refine(c0 - shift, c1, c2, c3, c4, a, b, 1.0), b
    return INF, hi
