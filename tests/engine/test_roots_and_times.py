"""Time-of-impact functions against exact answers (python-billiards style)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cueboard.engine.detect import arc_time, capture_time, pair_time, segment_time
from cueboard.engine.events import EventKind
from cueboard.engine.layout import DIST_TOL, MODEL_BALL, N_MODELS, N_PAR, ROLLING, SLIDING, STATE
from cueboard.engine.models import ball
from cueboard.engine.motion import evolve, kinematics_at
from cueboard.engine.roots import cubic_roots_in, first_fall, quadratic_roots
from cueboard.engine.world import ShapeBuilder, new_bodies, place_body

R = 0.02625
M = 0.141
INERTIA = 0.4 * M * R * R


def _par(mu_s: float = 0.2, mu_r: float = 0.01) -> np.ndarray:
    par = np.zeros((N_MODELS, N_PAR))
    par[MODEL_BALL, ball.G] = 9.81
    par[MODEL_BALL, ball.MU_S] = mu_s
    par[MODEL_BALL, ball.MU_R] = mu_r
    par[MODEL_BALL, ball.MU_SP] = 0.0044
    par[MODEL_BALL, ball.E_BB] = 0.95
    return par


def _bodies(*specs: tuple[tuple[float, float], tuple[float, float], tuple[float, float, float]]):
    body, ibody = new_bodies(len(specs))
    for k, (p, v, w) in enumerate(specs):
        place_body(
            body, ibody, k, x=p[0], y=p[1], radius=R, mass=M, inertia=INERTIA, model=MODEL_BALL, v=v, w=w
        )
        ball.start_segment(body, ibody, k, _par())
    return body, ibody


def test_quadratic_roots_exact() -> None:
    assert quadratic_roots(1.0, -3.0, 2.0) == (2, 1.0, 2.0)
    n, r1, r2 = quadratic_roots(1.0, 1e8, 1.0)  # cancellation-prone: the small root stays accurate
    assert n == 2 and r1 == pytest.approx(-1e8) and r2 == pytest.approx(-1e-8, rel=1e-12)
    assert quadratic_roots(1.0, 0.0, 1.0)[0] == 0
    assert quadratic_roots(0.0, 2.0, -1.0)[:2] == (1, 0.5)


def test_cubic_roots_in_interval() -> None:
    # (t-1)(t-2)(t-3) = t³ - 6t² + 11t - 6
    n, a, b, c = cubic_roots_in(-6.0, 11.0, -6.0, 1.0, 0.0, 10.0)
    assert n == 3
    assert (a, b, c) == pytest.approx((1.0, 2.0, 3.0), abs=1e-12)
    assert cubic_roots_in(-6.0, 11.0, -6.0, 1.0, 1.5, 2.5)[:2] == pytest.approx((1, 2.0))


def test_first_fall_quartic_and_double_root() -> None:
    # f = (t-1)(t-2)(t-3)(t-4): first fall to zero at t = 1 (f > 0 before)
    c = np.polynomial.polynomial.polyfromroots([1.0, 2.0, 3.0, 4.0])
    t, _ = first_fall(c[0], c[1], c[2], c[3], c[4], 0.0, 10.0, 1e-12, 1e-12, 0.0)
    assert t == pytest.approx(1.0, abs=1e-12)
    # from 2.5 (f < 0 there and rising) the next fall is at 3
    t, _ = first_fall(c[0], c[1], c[2], c[3], c[4], 2.5, 10.0, 1e-12, 1e-12, 0.0)
    assert t == pytest.approx(3.0, abs=1e-12)
    # grazing: f = (t-1)² + 1e-6 never reaches zero
    t, _ = first_fall(1.0 + 1e-6, -2.0, 1.0, 0.0, 0.0, 0.0, 5.0, 1e-12, 1e-12, 0.0)
    assert t == math.inf


def test_head_on_constant_speed_pair_time() -> None:
    # two rolling-free (μr = 0 is not allowed; use a fast ball over a short gap): exact kinematics
    gap = 0.1
    v = 2.0
    body, ibody = _bodies(
        ((0.0, 0.0), (v, 0.0), (0.0, 0.0, 0.0)), ((2 * R + gap, 0.0), (0.0, 0.0), (0, 0, 0))
    )
    assert ibody[STATE, 0] == SLIDING
    a = 0.2 * 9.81  # sliding deceleration
    # x(t) = v t - a t² / 2 = gap  ->  t = (v - sqrt(v² - 2 a gap)) / a
    exact = (v - math.sqrt(v * v - 2 * a * gap)) / a
    t = pair_time(body, ibody, 0, 1, 0.0)
    assert t == pytest.approx(exact, rel=1e-12)
    # at that time the gap is closed to rounding, never overlapped by more than the tolerance
    x0 = kinematics_at(body, 0, t)[0]
    assert -DIST_TOL <= 2 * R + gap - x0 - 2 * R <= 1e-12


def test_oblique_pair_time_matches_brute_force() -> None:
    # a swerving (sliding, side-spinning) ball and one in its way (within its slide: events are
    # only sought within both bodies' current segments)
    body, ibody = _bodies(((0.0, 0.0), (1.5, 0.7), (5.0, -8.0, 30.0)), ((0.3, 0.16), (0.0, 0.0), (0, 0, 0)))
    t = pair_time(body, ibody, 0, 1, 0.0)
    assert 0.0 < t < 1.0
    ts = np.linspace(0.0, t, 20001)
    d = [math.dist(kinematics_at(body, 0, s)[:2], kinematics_at(body, 1, s)[:2]) for s in ts]
    assert min(d[:-1]) > 2 * R  # no earlier contact
    assert d[-1] == pytest.approx(2 * R, abs=1e-9)


def test_receding_and_resting_pairs_have_no_event() -> None:
    body, ibody = _bodies(((0.0, 0.0), (-1.0, 0.0), (0.0, 0.0, 0.0)), ((2 * R, 0.0), (0.0, 0.0), (0, 0, 0)))
    assert pair_time(body, ibody, 0, 1, 0.0) == math.inf  # touching but moving apart
    body, ibody = _bodies(((0.0, 0.0), (0.0, 0.0), (0.0, 0.0, 0.0)), ((2 * R, 0.0), (0.0, 0.0), (0, 0, 0)))
    assert pair_time(body, ibody, 0, 1, 0.0) == math.inf  # a frozen pair at rest


def test_segment_arc_and_capture_times() -> None:
    b = ShapeBuilder()
    b.segment("wall", (-1.0, 1.0), (1.0, 1.0), toward=(0.0, 0.0), e=0.9, mu=0.1)
    b.arc("peg", (0.5, 0.0), 0.05, e=0.9, mu=0.1)
    b.capture("hole", (-0.5, 0.0), 0.04, event=EventKind.POCKETED)
    shapes = b.build()
    par = _par()
    # straight up at the wall, rolling: y(t) = v t - a t²/2 = 1 - R
    v = 1.5
    body, ibody = new_bodies(1)
    place_body(
        body,
        ibody,
        0,
        x=0.0,
        y=0.0,
        radius=R,
        mass=M,
        inertia=INERTIA,
        model=MODEL_BALL,
        v=(0.0, v),
        w=(-v / R, 0.0, 0.0),
    )
    ball.start_segment(body, ibody, 0, par)
    assert ibody[STATE, 0] == ROLLING
    a = 0.01 * 9.81
    exact = (v - math.sqrt(v * v - 2 * a * (1.0 - R))) / a
    assert segment_time(body, ibody, 0, shapes.seg, 0, 0.0) == pytest.approx(exact, rel=1e-12)
    # along +x to the peg: contact when x = 0.5 - 0.05 - R
    place_body(
        body,
        ibody,
        0,
        x=0.0,
        y=0.0,
        radius=R,
        mass=M,
        inertia=INERTIA,
        model=MODEL_BALL,
        v=(v, 0.0),
        w=(0.0, v / R, 0.0),
    )
    ball.start_segment(body, ibody, 0, par)
    d = 0.5 - 0.05 - R
    assert arc_time(body, ibody, 0, shapes.arc, 0, 0.0) == pytest.approx(
        (v - math.sqrt(v * v - 2 * a * d)) / a
    )
    # along -x into the hole: the centre enters the circle at x = -0.5 + 0.04
    place_body(
        body,
        ibody,
        0,
        x=0.0,
        y=0.0,
        radius=R,
        mass=M,
        inertia=INERTIA,
        model=MODEL_BALL,
        v=(-v, 0.0),
        w=(0.0, -v / R, 0.0),
    )
    ball.start_segment(body, ibody, 0, par)
    d = 0.5 - 0.04
    assert capture_time(body, ibody, 0, shapes.cap, 0, 0.0) == pytest.approx(
        (v - math.sqrt(v * v - 2 * a * d)) / a
    )


def test_evolve_matches_kinematics() -> None:
    body, _ibody = _bodies(
        ((0.1, 0.2), (1.0, -0.5), (3.0, 4.0, 20.0)),
    )
    px, py, vx, vy, _, _ = kinematics_at(body, 0, 0.05)
    evolve(body, 0, 0.05)
    assert (body[0, 0], body[1, 0], body[2, 0], body[3, 0]) == pytest.approx((px, py, vx, vy), abs=1e-15)
