"""Disc contact laws (models/disc.py): restitution, Coulomb friction, spin exchange, capture."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cueboard.engine.models.disc import collide_discs, collide_fixed
from cueboard.engine.models.disc_capture import catch_distance, catch_time, falls_in


def _energy(m: float, i: float, vx: float, vy: float, w: float) -> float:
    return 0.5 * m * (vx * vx + vy * vy) + 0.5 * i * w * w


def _disc(m: float, r: float) -> tuple[float, float, float]:
    return m, 0.5 * m * r * r, r


def test_head_on_equal_discs_pass_the_speed_on_by_the_restitution_law() -> None:
    """Newton's law of restitution, equal masses: v1' = (1 − e)v/2, v2' = (1 + e)v/2."""
    m, i, r = _disc(0.0055, 0.015875)
    for e in (1.0, 0.85, 0.5):
        v1x, v1y, w1, v2x, v2y, w2 = collide_discs(1, 0, 2.0, 0, 0, m, i, r, 0, 0, 0, m, i, r, e, 0.3)
        assert v1x == pytest.approx((1 - e) / 2 * 2.0)
        assert v2x == pytest.approx((1 + e) / 2 * 2.0)
        assert v1y == v2y == w1 == w2 == 0.0


def test_striker_hits_a_lighter_disc_momentum_conserved_restitution_as_set() -> None:
    ms, is_, rs = 0.028, 0.5 * 0.028 * 0.021**2, 0.021
    md, id_, rd = _disc(0.007, 0.0165)
    e = 0.85
    n = (math.cos(0.3), math.sin(0.3))
    v1, v2 = (3.0, 0.4), (-0.2, 0.1)
    a = collide_discs(n[0], n[1], v1[0], v1[1], 5.0, ms, is_, rs, v2[0], v2[1], -3.0, md, id_, rd, e, 0.2)
    px0 = ms * v1[0] + md * v2[0]
    py0 = ms * v1[1] + md * v2[1]
    assert ms * a[0] + md * a[3] == pytest.approx(px0, rel=1e-12)
    assert ms * a[1] + md * a[4] == pytest.approx(py0, rel=1e-12)
    un0 = (v1[0] - v2[0]) * n[0] + (v1[1] - v2[1]) * n[1]
    un1 = (a[0] - a[3]) * n[0] + (a[1] - a[4]) * n[1]
    assert un1 == pytest.approx(-e * un0, rel=1e-12)
    # 1-D head-on values: v1' = (m1 − e m2) v / (m1 + m2), v2' = (1 + e) m1 v / (m1 + m2)
    b = collide_discs(1, 0, 2.0, 0, 0, ms, is_, rs, 0, 0, 0, md, id_, rd, e, 0.2)
    assert b[0] == pytest.approx((ms - e * md) * 2.0 / (ms + md))
    assert b[3] == pytest.approx((1 + e) * ms * 2.0 / (ms + md))


def test_oblique_hit_friction_sets_the_discs_spinning_in_opposite_senses() -> None:
    """A cut hit: friction at the edges turns the two discs like meshing gears (opposite
    senses), bounded by Coulomb: |Jt| ≤ μ Jn."""
    m, i, r = _disc(0.0055, 0.015875)
    n = (math.cos(math.radians(40)), math.sin(math.radians(40)))
    mu = 0.2
    _, _, w1, v2x, v2y, w2 = collide_discs(n[0], n[1], 2.0, 0, 0, m, i, r, 0, 0, 0, m, i, r, 0.85, mu)
    assert w1 * w2 > 0.0  # ω1 and ω2 both change by −Jt·R/I: the same sign about ẑ
    jn = m * (v2x * n[0] + v2y * n[1])
    jt = m * (v2x * -n[1] + v2y * n[0])
    assert abs(jt) <= mu * jn * (1 + 1e-12)


def test_small_slip_sticks() -> None:
    """When Coulomb allows it, the tangential impulse stops the slip at the contact."""
    m, i, r = _disc(0.0055, 0.015875)
    _, v1y, w1, _, v2y, w2 = collide_discs(1, 0, 1.0, 0.02, 0, m, i, r, 0, 0, 0, m, i, r, 0.85, 0.5)
    slip = (v1y - v2y) + w1 * r + w2 * r
    assert slip == pytest.approx(0.0, abs=1e-12)


def test_separating_discs_are_left_alone() -> None:
    m, i, r = _disc(0.0055, 0.015875)
    assert collide_discs(1, 0, -1.0, 0, 3, m, i, r, 0, 0, 0, m, i, r, 0.85, 0.2) == (-1.0, 0, 3, 0, 0, 0)


def test_rail_rebound_normal_restitution_and_friction() -> None:
    """A disc hitting a rail (normal +y from the disc to the rail) at 45°: the normal speed
    comes back times e; friction takes tangential speed into spin, at most μ(1 + e)v_n."""
    m, i, r = _disc(0.007, 0.0165)
    e, mu = 0.6, 0.2
    vx, vy, w = collide_fixed(0, 1, 1.0, 1.0, 0.0, m, i, r, e, mu)
    assert vy == pytest.approx(-e * 1.0)
    assert vx == pytest.approx(1.0 - mu * (1 + e) * 1.0)
    assert w != 0.0
    # frictionless: the mirror law
    vx, vy, w = collide_fixed(0, 1, 1.0, 1.0, 0.0, m, i, r, e, 0.0)
    assert (vx, vy, w) == pytest.approx((1.0, -e, 0.0))


def test_peg_rebound_straight_on() -> None:
    m, i, r = _disc(0.0055, 0.015875)
    vx, vy, w = collide_fixed(1, 0, 1.5, 0.0, 0.0, m, i, r, 0.7, 0.5)
    assert (vx, vy, w) == pytest.approx((-0.7 * 1.5, 0.0, 0.0))


_speed = st.floats(-4.0, 4.0)
_spin = st.floats(-100.0, 100.0)


@settings(max_examples=200, deadline=None)
@given(
    st.floats(0.0, 2 * math.pi),
    _speed,
    _speed,
    _spin,
    _speed,
    _speed,
    _spin,
    st.floats(0.003, 0.03),
    st.floats(0.0, 1.0),
    st.floats(0.0, 1.0),
)
def test_energy_never_rises_and_momentum_is_kept(
    ang: float,
    v1x: float,
    v1y: float,
    w1: float,
    v2x: float,
    v2y: float,
    w2: float,
    m2: float,
    e: float,
    mu: float,
) -> None:
    m1, i1, r1 = _disc(0.0055, 0.015875)
    _, i2, r2 = _disc(m2, 0.02)
    n = (math.cos(ang), math.sin(ang))
    a = collide_discs(n[0], n[1], v1x, v1y, w1, m1, i1, r1, v2x, v2y, w2, m2, i2, r2, e, mu)
    e0 = _energy(m1, i1, v1x, v1y, w1) + _energy(m2, i2, v2x, v2y, w2)
    e1 = _energy(m1, i1, a[0], a[1], a[2]) + _energy(m2, i2, a[3], a[4], a[5])
    assert e1 <= e0 * (1 + 1e-12) + 1e-15
    assert m1 * a[0] + m2 * a[3] == pytest.approx(m1 * v1x + m2 * v2x, abs=1e-12)
    assert m1 * a[1] + m2 * a[4] == pytest.approx(m1 * v1y + m2 * v2y, abs=1e-12)
    # after the contact the discs do not approach
    assert (a[0] - a[3]) * n[0] + (a[1] - a[4]) * n[1] <= 1e-12
    # a wall: energy never rises either
    b = collide_fixed(n[0], n[1], v1x, v1y, w1, m1, i1, r1, e, mu)
    assert _energy(m1, i1, *b) <= _energy(m1, i1, v1x, v1y, w1) * (1 + 1e-12) + 1e-15


# ---- capture by a round opening (crokinole's 20-hole, novuss pockets) ----------------------

HOLE_R = 0.0174625
T_CATCH = catch_time(0.0047625, 9.81)
A = 0.981  # μg for μ = 0.1


def test_catch_time_is_free_fall() -> None:
    assert catch_time(0.0047625, 9.81) == pytest.approx(math.sqrt(2 * 0.0047625 / 9.81))
    with pytest.raises(ValueError, match="positive"):
        catch_time(0.0, 9.81)


def test_slow_disc_over_the_hole_centre_drops_and_a_fast_one_passes() -> None:
    """Entering on a diameter: the chord is 2r; the disc drops when it cannot cover it in
    t_catch. The threshold speed (no friction) is 2r/t_catch ≈ 1.12 m/s."""
    v_cross = 2 * HOLE_R / T_CATCH
    assert v_cross == pytest.approx(1.12, abs=0.01)
    assert falls_in(-HOLE_R, 0, 1, 0, 0.9 * v_cross, 0.0, 0, 0, HOLE_R, T_CATCH)
    assert not falls_in(-HOLE_R, 0, 1, 0, 1.1 * v_cross, 0.0, 0, 0, HOLE_R, T_CATCH)
    # a disc that stops over the opening always drops
    assert falls_in(-HOLE_R, 0, 1, 0, 0.1, A, 0, 0, HOLE_R, T_CATCH)
    assert falls_in(0.001, 0.002, 1, 0, 0.0, A, 0, 0, HOLE_R, T_CATCH)


def test_glancing_pass_over_the_edge_is_rejected_at_speed() -> None:
    """Near the edge the chord is short: a disc at a speed that would drop through the centre
    passes over the edge."""
    b = 0.95 * HOLE_R
    x = -math.sqrt(HOLE_R**2 - b**2)
    v = 0.8
    assert falls_in(-HOLE_R, 0, 1, 0, v, A, 0, 0, HOLE_R, T_CATCH)
    assert not falls_in(x, b, 1, 0, v, A, 0, 0, HOLE_R, T_CATCH)
    chord = 2 * math.sqrt(HOLE_R**2 - b**2)
    assert falls_in(x, b, 1, 0, 0.9 * chord / T_CATCH, 0.0, 0, 0, HOLE_R, T_CATCH)


def test_catch_distance() -> None:
    assert catch_distance(1.0, 0.0, 0.03) == pytest.approx(0.03)
    assert catch_distance(1.0, 1.0, 0.03) == pytest.approx(0.03 - 0.5 * 0.03**2)
    assert catch_distance(0.01, 1.0, 0.03) == pytest.approx(0.5 * 0.01**2)
