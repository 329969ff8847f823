"""The detectors' shortcuts (bounds.py ``cull``, ``clear``) only skip work whose answer is
known: where ``clear`` says a gap polynomial stays above the contact tolerance, ``first_fall``
finds no contact in it; where ``cull`` decides the reach test, its answer is that of the exact
expression with ``math.hypot``. Random gaps on a wide range of scales, many of them grazing."""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from cueboard.engine.bounds import clear, cull
from cueboard.engine.layout import DIST_TOL
from cueboard.engine.roots import first_fall


@njit(cache=False)
def _clear_and_fall(d: np.ndarray) -> tuple[int, int]:
    """(cases clear skipped, of them those where first_fall found a contact)."""
    skipped = 0
    wrong = 0
    for k in range(d.shape[0]):
        dx, dy, vx, vy, hx, hy, h, r = d[k]
        tol = 2.0 * r * DIST_TOL
        if not clear(dx, dy, vx, vy, hx, hy, h, r, tol):
            continue
        skipped += 1
        c4 = hx * hx + hy * hy
        c3 = 2.0 * (hx * vx + hy * vy)
        c2 = vx * vx + vy * vy + 2.0 * (hx * dx + hy * dy)
        c1 = 2.0 * (dx * vx + dy * vy)
        c0 = dx * dx + dy * dy - r * r
        tau, _ = first_fall(c0, c1, c2, c3, c4, 0.0, h, tol, 2.0 * r * 5e-5, 0.0)
        if tau != math.inf:
            wrong += 1
    return skipped, wrong


@njit(cache=False)
def _cull_disagreements(d: np.ndarray) -> tuple[int, int]:
    """(cases cull decided, of them those where the exact reach test says otherwise)."""
    decided = 0
    wrong = 0
    for k in range(d.shape[0]):
        dx, dy, vx, vy, hx, hy, h, r = d[k]
        c = cull(dx, dy, 1.0, r, vx, vy, hx, hy, 1.0, h)
        if c == 0:
            continue
        decided += 1
        exact = math.hypot(dx, dy) - r > math.hypot(vx, vy) * h + math.hypot(hx, hy) * h * h + DIST_TOL
        if exact != (c > 0):
            wrong += 1
    return decided, wrong


def _gaps(n: int, seed: int) -> np.ndarray:
    """Relative positions, velocities and half-accelerations of two balls; a third of them set to
    pass within a few ulps to a few micrometres of contact (the hard cases)."""
    rng = np.random.default_rng(seed)
    scale = 10.0 ** rng.uniform(-3, 1, size=(n, 1))
    d = np.empty((n, 8))
    d[:, 0:2] = rng.uniform(-2.0, 2.0, size=(n, 2)) * scale
    d[:, 2:4] = rng.normal(0.0, 2.0, size=(n, 2))
    d[:, 4:6] = rng.normal(0.0, 1.0, size=(n, 2)) * rng.integers(0, 2, size=(n, 1))
    d[:, 6] = 10.0 ** rng.uniform(-3, 1, size=n)
    d[:, 7] = rng.choice([0.0525, 0.08, 0.3], size=n)
    # grazing: aim the straight path to pass at r + (tiny) from the origin at some time in [0, h]
    g = rng.random(n) < 0.35
    tau = rng.uniform(0.0, 1.0, size=n) * d[:, 6]
    speed = np.hypot(d[:, 2], d[:, 3])
    ux, uy = d[:, 2] / speed, d[:, 3] / speed
    miss = d[:, 7] + 10.0 ** rng.uniform(-15, -5, size=n) * rng.choice([-1.0, 1.0], size=n)
    d[g, 0] = (-ux * speed * tau - uy * miss)[g]
    d[g, 1] = (-uy * speed * tau + ux * miss)[g]
    d[g, 4:6] *= 10.0 ** rng.uniform(-12, 0, size=(n, 1))[g]
    return d


def test_clear_never_hides_a_contact() -> None:
    skipped, wrong = _clear_and_fall(_gaps(200_000, 1))
    assert skipped > 20_000  # it does skip (far pairs, pairs moving apart)
    assert wrong == 0


def test_cull_decides_as_the_exact_reach_test() -> None:
    d = _gaps(200_000, 2)
    # a third exactly at the reach test's edge, to a relative 1e-16 to 1e-9 either side
    rng = np.random.default_rng(3)
    edge = rng.random(len(d)) < 0.35
    reach = np.hypot(d[:, 2], d[:, 3]) * d[:, 6] + np.hypot(d[:, 4], d[:, 5]) * d[:, 6] ** 2 + DIST_TOL
    rel = 10.0 ** rng.uniform(-16, -9, size=len(d)) * rng.choice([-1.0, 1.0], len(d))
    want = (d[:, 7] + reach) * (1.0 + rel)
    d[edge, 0:2] *= (want / np.hypot(d[:, 0], d[:, 1]))[edge, None]
    decided, wrong = _cull_disagreements(d)
    assert 100_000 < decided < 200_000  # the closest calls are left to the exact test
    assert wrong == 0
