"""The sliding-spinning friction of a flat disc (Farkas et al., PRL 90, 248302, 2003)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from cueboard.engine.models.disc import (
    EDGES,
    EPS_FAST,
    ETA_F,
    ETA_TAU,
    ETA_TAU_FAST,
    RING,
    RING_RHO,
    fixed_point,
    friction_ratios,
)
from cueboard.engine.models.disc_friction import friction_integrals


def _brute(eps: float, n: int = 1200) -> tuple[float, float]:
    """f and τ by a plain midpoint rule over the disc (independent of the elliptic formulas)."""
    r = (np.arange(n) + 0.5) / n
    th = (np.arange(n) + 0.5) / n * 2 * np.pi
    rr, tt = np.meshgrid(r, th)
    ux = eps - rr * np.sin(tt)
    uy = rr * np.cos(tt)
    m = np.hypot(ux, uy)
    f = np.sum(ux / m * rr) * (2 * np.pi / n / n) / np.pi
    torque = np.sum(rr * (np.cos(tt) * uy - np.sin(tt) * ux) / m * rr) * (2 * np.pi / n / n) / np.pi
    return float(f), float(torque)


@pytest.mark.parametrize("eps", [0.2, 0.653, 1.0, 3.0])
def test_tables_match_a_direct_integration_over_the_disc(eps: float) -> None:
    f, tau = friction_ratios(eps)
    fb, taub = _brute(eps)
    assert f == pytest.approx(fb, abs=2e-5)
    assert tau == pytest.approx(taub, abs=2e-5)


def test_limits() -> None:
    # pure sliding: the full Coulomb force, no torque
    f, tau = friction_ratios(1e6)
    assert f == pytest.approx(1.0, abs=1e-9)
    assert tau == pytest.approx(0.25 / 1e6, rel=1e-6)
    # fast sliding, slow spin: τ ≈ 1/(4ε) (expansion of the slip direction to first order)
    assert friction_ratios(200.0)[1] == pytest.approx(1 / 800, rel=1e-4)
    # pure spin: torque μNR·2/3 (mean radius of a uniform disc), force ≈ μN·ε
    f, tau = friction_ratios(1e-3)
    assert tau == pytest.approx(2 / 3, rel=1e-5)
    assert f == pytest.approx(1e-3, rel=1e-4)


def test_interpolation_matches_quadrature_between_grid_points() -> None:
    for eps in (0.0123, 0.4567, 0.777, 1.0001, 5.4321, 77.7):
        f, tau = friction_integrals(eps)
        fi, taui = friction_ratios(eps)
        assert fi == pytest.approx(f, rel=5e-6)
        assert taui == pytest.approx(tau, rel=5e-6)


def test_fixed_point_is_the_papers_value() -> None:
    """Uniform pressure, solid disc: ε → 0.653 (Farkas et al. 2003)."""
    assert fixed_point(0.5) == pytest.approx(0.653, abs=5e-4)
    eps0 = fixed_point(0.5)
    f, tau = friction_ratios(eps0)
    assert f == pytest.approx(2 * eps0 * tau, rel=1e-9)


def test_bands_respect_their_tolerances() -> None:
    assert np.all(np.diff(EDGES) > 0)
    for a, b in itertools.pairwise(EDGES):
        fa, ta = friction_ratios(float(a))
        fb, tb = friction_ratios(float(b))
        assert abs(fb - fa) <= ETA_F * max(fa, fb) * (1 + 1e-9)
        eta = ETA_TAU_FAST if a >= EPS_FAST else ETA_TAU
        assert abs(tb - ta) <= eta * max(ta, tb) * (1 + 1e-9)
    assert EDGES[0] <= 1e-4 * math.e and EDGES[-1] >= 1e4


def _brute_ring(eps: float, rho: float, n: int = 1200) -> tuple[float, float]:
    """f and τ of the annulus ρ ≤ r/R ≤ 1 by a plain midpoint rule."""
    r = rho + (1 - rho) * (np.arange(n) + 0.5) / n
    th = (np.arange(n) + 0.5) / n * 2 * np.pi
    rr, tt = np.meshgrid(r, th)
    ux = eps - rr * np.sin(tt)
    uy = rr * np.cos(tt)
    m = np.hypot(ux, uy)
    da = rr * (1 - rho) / n * 2 * np.pi / n
    area = np.pi * (1 - rho**2)
    f = np.sum(ux / m * da) / area
    torque = np.sum(rr * (np.cos(tt) * uy - np.sin(tt) * ux) / m * da) / area
    return float(f), float(torque)


@pytest.mark.parametrize("eps", [0.15, 0.5, 2.0])
def test_ring_tables_match_a_direct_integration_over_the_annulus(eps: float) -> None:
    """Novuss pieces rest on a ring (inner radius 0.27 R): same law, annular patch."""
    f, tau = friction_ratios(eps, RING)
    fb, taub = _brute_ring(eps, RING_RHO)
    assert f == pytest.approx(fb, abs=2e-5)
    assert tau == pytest.approx(taub, abs=2e-5)


def test_ring_limits_and_fixed_point() -> None:
    rho = RING_RHO
    # pure spin: the torque's arm is the annulus's mean radius (2/3)(1 − ρ³)/(1 − ρ²)
    assert friction_ratios(0.0, RING)[1] == pytest.approx(2 / 3 * (1 - rho**3) / (1 - rho**2), rel=1e-12)
    assert friction_ratios(1e-3, RING)[1] == pytest.approx(2 / 3 * (1 - rho**3) / (1 - rho**2), rel=1e-5)
    # fast slide: τ ≈ ⟨r²⟩/(2εR²) = (1 + ρ²)/(4ε)
    assert friction_ratios(1e5, RING)[1] == pytest.approx((1 + rho**2) / 4e5, rel=1e-4)
    assert friction_ratios(200.0, RING)[1] == pytest.approx((1 + rho**2) / 800, rel=1e-3)
    kappa = 0.5 * (1 + rho**2)
    eps0 = fixed_point(kappa, RING)
    f, tau = friction_ratios(eps0, RING)
    assert f == pytest.approx(eps0 * tau / kappa, rel=1e-9)
    assert eps0 != pytest.approx(fixed_point(0.5), rel=1e-3)


def test_the_stored_tables_are_the_quadratures() -> None:
    """The engine reads f and τ from disc_friction_tables.json (start-up time): they are the
    quadrature's tables (to the last bits but rounding of another NumPy's sums), for the solid
    disc and for crokinole's ring."""
    from cueboard.engine.models import disc as disc_model
    from cueboard.engine.models.disc_friction import STORED_RHOS, build_tables, stored_tables

    assert disc_model.RING_RHO in STORED_RHOS
    for rho in STORED_RHOS:
        for stored, computed in zip(stored_tables(rho), build_tables(rho=rho), strict=True):
            assert stored.shape == computed.shape
            np.testing.assert_allclose(stored, computed, rtol=1e-13, atol=0)
    np.testing.assert_array_equal(disc_model.F_TABS[1], stored_tables(disc_model.RING_RHO)[0])


def test_a_grid_that_is_not_stored_is_computed() -> None:
    from cueboard.engine.models.disc_friction import build_tables, stored_tables

    for got, want in zip(stored_tables(0.5), build_tables(rho=0.5), strict=True):
        np.testing.assert_array_equal(got, want)
