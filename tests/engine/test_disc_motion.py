"""The piecewise constant-deceleration motion of a sliding, spinning disc (models/disc.py)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cueboard.engine.models.disc import ETA_F, NO_MEMO, RING, SOLID, friction_ratios, slide_piece

R = 0.015875  # crokinole disc radius
MU = 0.1
G = 9.81
KAPPA = 0.5


def _pieces(
    v: float, w: float, kappa: float = KAPPA
) -> list[tuple[float, float, float, float, float, float, float]]:
    """(t0, s0, v0, |w0|, a, alpha, duration) for every piece until rest."""
    out = []
    t = s = 0.0
    for _ in range(10_000):
        a, alpha, dur, v1, w1, ds = slide_piece(v, w, R, MU, G, kappa, SOLID, 0.0, NO_MEMO)
        if dur == 0.0:
            break
        out.append((t, s, v, abs(w), a, alpha, dur))
        t += dur
        s += ds
        v, w = v1, w1
    return out


def _end(pieces: list[tuple[float, float, float, float, float, float, float]]) -> tuple[float, float]:
    t0, s0, v0, _, a, _, dur = pieces[-1]
    return t0 + dur, s0 + v0 * dur - 0.5 * a * dur * dur


def _reference(v: float, w: float, dt: float) -> list[tuple[float, float, float, float]]:
    """(t, s, v, w) by RK4 on the ODE itself with a small fixed step."""

    def rhs(v: float, w: float) -> tuple[float, float]:
        if v <= 0.0 and w <= 0.0:
            return 0.0, 0.0
        eps = v / (R * w) if w > 0.0 else 1e300
        f, tau = friction_ratios(eps)
        return -MU * G * f, -MU * G * tau / (KAPPA * R)

    t = s = 0.0
    w = abs(w)
    out = [(t, s, v, w)]
    while v > 1e-6:
        k1 = rhs(v, w)
        k2 = rhs(v + 0.5 * dt * k1[0], w + 0.5 * dt * k1[1])
        k3 = rhs(v + 0.5 * dt * k2[0], w + 0.5 * dt * k2[1])
        k4 = rhs(v + dt * k3[0], w + dt * k3[1])
        vn = v + dt / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
        wn = w + dt / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
        # distance by Simpson on the speed
        s += dt / 6 * (v + 4 * (v + 0.5 * dt * k2[0]) + vn)
        t += dt
        v, w = max(vn, 0.0), max(wn, 0.0)
        out.append((t, s, v, w))
    return out


def test_a_disc_without_spin_stops_at_v2_over_2mug() -> None:
    """Coulomb sliding: constant deceleration μg, one exact piece."""
    for v in (0.3, 1.0, 2.5):
        p = _pieces(v, 0.0)
        assert len(p) == 1
        t, s = _end(p)
        assert s == pytest.approx(v * v / (2 * MU * G), rel=1e-12)
        assert t == pytest.approx(v / (MU * G), rel=1e-12)


def test_a_disc_spinning_in_place_stops_at_the_pure_spin_rate() -> None:
    """v = 0: torque μNR·2/3, so |ω| falls at (2/3)μg/(κR)."""
    p = _pieces(0.0, 40.0)
    assert len(p) == 1
    assert p[0][6] == pytest.approx(40.0 * KAPPA * R / (MU * G * 2 / 3), rel=1e-12)


@pytest.mark.parametrize(("v", "w"), [(2.0, 30.0), (1.0, 60.0), (0.5, 150.0), (2.0, 2.0)])
def test_a_spinning_disc_slides_further_and_both_motions_stop_together(v: float, w: float) -> None:
    """Farkas et al. 2003: spin lowers the sliding friction (f(ε) < 1), so a spinning disc goes
    further than v²/(2μg); v and ω reach zero at the same instant (ε → ε₀)."""
    p = _pieces(v, w)
    t_end, s_end = _end(p)
    assert s_end > v * v / (2 * MU * G) * (1 + 1e-6)
    # every piece but the last ends with both v and ω positive; the last with both zero
    for k in range(len(p) - 1):
        assert p[k + 1][2] > 0.0 and p[k + 1][3] > 0.0
    last = p[-1]
    assert last[2] - last[4] * last[6] == pytest.approx(0.0, abs=1e-12)
    assert last[3] - last[5] * last[6] == pytest.approx(0.0, abs=1e-9)
    # the reference ODE stops sliding and turning together too
    ref = _reference(v, w, 2e-4)
    assert ref[-1][3] < 0.05 * w
    assert t_end == pytest.approx(ref[-1][0], rel=1e-3)


@pytest.mark.parametrize(("v", "w"), [(2.0, 30.0), (1.0, 60.0), (0.4, 200.0)])
def test_pieces_follow_the_ode_within_the_stated_bound(v: float, w: float) -> None:
    """Exact at piece ends (stopping distance to 1e-7); inside a piece the path position at a
    given speed is off by at most ETA_F of the piece's length; the clock by at most 1e-3
    relative (module docstring)."""
    p = _pieces(v, w)
    ref = _reference(v, w, 1e-4)
    t_end, s_end = _end(p)
    assert s_end == pytest.approx(ref[-1][1], rel=1e-7)
    assert t_end == pytest.approx(ref[-1][0], rel=1e-3)
    k = 0
    for _, s, vr, _ in ref[::20]:
        while k < len(p) - 1 and vr < p[k][2] - p[k][4] * p[k][6]:
            k += 1
        _, s0, v0, _, a, _, dur = p[k]
        tau = min((v0 - vr) / a, dur)
        length = v0 * dur - 0.5 * a * dur * dur
        s_piece = s0 + v0 * tau - 0.5 * a * tau * tau
        assert abs(s_piece - s) <= ETA_F * length + 1e-7


@settings(max_examples=40, deadline=None)
@given(st.floats(0.0, 4.0), st.floats(-150.0, 150.0))
def test_speed_and_spin_never_rise_and_the_disc_stops(v: float, w: float) -> None:
    """Energy never rises: v and |ω| fall piece by piece, and the disc comes to rest."""
    p = _pieces(v, w)
    for k in range(len(p)):
        _, _, v0, w0, a, alpha, dur = p[k]
        assert a >= 0.0 and alpha >= 0.0
        assert v0 - a * dur >= -1e-12 and w0 - alpha * dur >= -1e-9
    assert len(p) < 2000
    if p:
        last = p[-1]
        assert last[2] - last[4] * last[6] == pytest.approx(0.0, abs=1e-9)


def test_ring_with_heavier_rim_has_its_own_fixed_point() -> None:
    """A novuss ring (κ > 1/2, annular patch) still stops sliding and turning together."""
    kappa = 0.5 * (1 + (4.5 / 16.5) ** 2)
    out = []
    v, w = 1.0, 50.0
    for _ in range(10_000):
        a, alpha, dur, v1, w1, _ = slide_piece(v, w, R, MU, G, kappa, RING, 0.0, NO_MEMO)
        if dur == 0.0:
            break
        out.append((v, w, a, alpha, dur))
        v, w = v1, w1
    v0, w0, a, alpha, dur = out[-1]
    assert v0 - a * dur == pytest.approx(0.0, abs=1e-12)
    assert w0 - alpha * dur == pytest.approx(0.0, abs=1e-9)
    assert math.isfinite(sum(p[4] for p in out))
