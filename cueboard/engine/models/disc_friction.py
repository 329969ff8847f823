"""Dry friction of a sliding and spinning flat disc (Farkas et al., PRL 90, 248302, 2003).

Source: Z. Farkas, G. Bartels, T. Unger, D. E. Wolf, "Frictional coupling between sliding and
spinning motion", PRL 90, 248302 (2003) and the accompanying analysis of a flat disc with uniform
pressure. For a disc of radius ``R`` sliding with speed ``v`` and spinning with ``ω`` about the
vertical axis on a plane with Coulomb friction ``μ`` and uniform pressure ``N/(πR²)``, the
friction force stays antiparallel to the velocity (the path is straight) and

    F = μ N · f(ε),     T = μ N R · τ(ε),     ε = v / (R|ω|),

where ``f`` and ``τ`` depend on ε only. Summing the friction of the rings of radius ``r`` (slip
``u(θ) = v x̂ + ωr ẑ×r̂``) gives, with ``J(v, a) = ∫₀^{2π} |u| dθ = 4 (v + a) E(k)``,
``a = ωr``, ``k = 2√(va)/(v + a)`` and ``K``, ``E`` the complete elliptic integrals,

    ∂J/∂v = 4E + 2(E − K)(a − v)/v,      ∂J/∂a = 4E + 2(E − K)(v − a)/a,
    f(ε) = (1/π) ∫₀¹ x ∂J/∂v dx,          τ(ε) = (1/π) ∫₀¹ x² ∂J/∂a dx     (x = r/R, a/v = x/ε).

Limits (tested): f(∞) = 1, τ(∞) ≈ 1/(4ε); f(0) = 0, τ(0) = 2/3. With the disc's moment of
inertia ``I = κ m R²`` (κ = 1/2 for a solid disc) the motion is

    dv/dt = −μ g f(ε),      dω/dt = −(μ g / (κ R)) τ(ε) · sign(ω),

and ε tends to the fixed point ε₀ where ``f(ε₀) = (ε₀/κ) τ(ε₀)`` (ε₀ ≈ 0.653 for κ = 1/2, the
paper's value): sliding and spinning stop at the same instant.

This module builds the tables of ``f`` and ``τ`` on a uniform grid of ``ln ε`` (the elliptic
integrals by the arithmetic-geometric mean, the ``x`` integral by Gauss-Legendre with the
logarithmic singularity at ``x = ε`` removed by a quadratic change of variable). Linear
interpolation in ``ln ε`` on this grid is accurate to 5e-6 relative (tested). The engine reads
them from ``disc_friction_tables.json`` (:func:`stored_tables`; the quadrature took 0.3 s of
every start-up), written by ``python -m cueboard.engine.models.disc_friction`` and tested equal
to the quadrature.
"""

from __future__ import annotations

import functools
import json
import math
import sys
from pathlib import Path
from typing import Final

import numpy as np
from numpy.typing import NDArray

from cueboard.errors import SettingsError

#: Grid of ln ε for the tables (outside it the asymptotic forms are used).
LN_EPS_MIN: Final = math.log(1e-4)
LN_EPS_MAX: Final = math.log(1e4)
TABLE_SIZE: Final = 4001
#: The stored tables (:func:`stored_tables`).
TABLES_PATH: Final = Path(__file__).with_name("disc_friction_tables.json")
#: The inner radius ratios ρ whose tables are stored (0: a solid disc; 0.27: crokinole's ring).
STORED_RHOS: Final = (0.0, 0.27)


def _ellip_ke(k: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Complete elliptic integrals K(k), E(k) (modulus k < 1) by the AGM."""
    a = np.ones_like(k)
    b = np.sqrt(1.0 - k * k)
    c = k.copy()
    total = 0.5 * c * c  # 2^{n-1} c_n^2 for n = 0
    power = 0.5
    for _ in range(30):
        a, b, c = 0.5 * (a + b), np.sqrt(a * b), 0.5 * (a - b)
        power *= 2.0
        total = total + power * c * c
        if float(np.max(np.abs(c))) < 1e-17:
            break
    kk = math.pi / (2.0 * a)
    return kk, kk * (1.0 - total)


def _dj(q: NDArray[np.float64]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """∂J/∂v and ∂J/∂a at v = 1, a = q (both are homogeneous of degree 0)."""
    s = 1.0 + q
    k = np.minimum(2.0 * np.sqrt(q) / s, 1.0 - 1e-16)
    kk, ee = _ellip_ke(k)
    jv = 4.0 * ee + 2.0 * (ee - kk) * (q - 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        ja = np.where(q > 0.0, 4.0 * ee + 2.0 * (ee - kk) * (1.0 - q) / np.where(q > 0, q, 1.0), 0.0)
    return jv, ja


def _nodes(
    eps: NDArray[np.float64], n: int, rho: float
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Quadrature nodes and weights on [ρ, 1] for each ε (rows), clustered quadratically towards
    the logarithmic singularity at x = ε (clamped to [ρ, 1]) from both sides."""
    u, w = np.polynomial.legendre.leggauss(n)
    u = 0.5 * (u + 1.0)
    w = 0.5 * w
    s = np.clip(eps, rho, 1.0)[:, None]
    xa = s - (s - rho) * u * u  # on [ρ, s], clustered at s
    wa = (s - rho) * 2.0 * u * w
    xb = s + (1.0 - s) * u * u  # on [s, 1], clustered at s
    wb = (1.0 - s) * 2.0 * u * w
    return np.concatenate([xa, xb], axis=1), np.concatenate([wa, wb], axis=1)


def friction_integrals_array(
    eps: NDArray[np.float64], n: int = 48, rho: float = 0.0
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """f(ε) and τ(ε) by quadrature (see the module docstring) for an array of ε > 0, for a
    contact patch that is the annulus ρR ≤ r ≤ R (ρ = 0: the full disc) under uniform pressure."""
    if not 0.0 <= rho < 1.0:
        raise SettingsError(f"inner radius ratio rho must be in [0, 1), got {rho}")
    xs, ws = _nodes(eps, n, rho)
    jv, ja = _dj(xs / eps[:, None])
    norm = math.pi * (1.0 - rho * rho)
    f = np.sum(ws * xs * jv, axis=1) / norm
    tau = np.sum(ws * xs * xs * ja, axis=1) / norm
    return f, tau


def friction_integrals(eps: float, n: int = 48, rho: float = 0.0) -> tuple[float, float]:
    """f(ε) and τ(ε) by quadrature for one ε > 0 (annulus ρR ≤ r ≤ R)."""
    f, tau = friction_integrals_array(np.array([eps]), n, rho)
    return float(f[0]), float(tau[0])


def build_tables(
    size: int = TABLE_SIZE, rho: float = 0.0
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Tables of f and τ on ``size`` points of ln ε uniformly spread over [LN_EPS_MIN, LN_EPS_MAX]."""
    return friction_integrals_array(np.exp(np.linspace(LN_EPS_MIN, LN_EPS_MAX, size)), rho=rho)


def fixed_point(f_tab: NDArray[np.float64], tau_tab: NDArray[np.float64], kappa: float) -> float:
    """ε₀ with f(ε₀) = (ε₀/κ) τ(ε₀), by bisection on the interpolated tables."""
    lo, hi = 1e-3, 1e3
    for _ in range(200):
        mid = math.sqrt(lo * hi)
        f, tau = interp_np(f_tab, tau_tab, mid)
        if f - mid * tau / kappa > 0.0:
            hi = mid
        else:
            lo = mid
    return math.sqrt(lo * hi)


def interp_np(f_tab: NDArray[np.float64], tau_tab: NDArray[np.float64], eps: float) -> tuple[float, float]:
    """Pure-Python twin of :func:`cueboard.engine.models.disc.friction_ratios` (for set-up code)."""
    n = f_tab.shape[0]
    if eps <= 0.0:
        return 0.0, 2.0 / 3.0
    le = math.log(eps)
    if le >= LN_EPS_MAX:
        return 1.0, 0.25 / eps
    if le <= LN_EPS_MIN:
        return float(f_tab[0]) * eps / math.exp(LN_EPS_MIN), 2.0 / 3.0
    p = (le - LN_EPS_MIN) / (LN_EPS_MAX - LN_EPS_MIN) * (n - 1)
    i = min(int(p), n - 2)
    t = p - i
    return (
        float(f_tab[i] * (1 - t) + f_tab[i + 1] * t),
        float(tau_tab[i] * (1 - t) + tau_tab[i + 1] * t),
    )


def band_edges(
    f_tab: NDArray[np.float64],
    tau_tab: NDArray[np.float64],
    eta_f: float,
    eta_tau: float,
    eta_tau_fast: float = 1.0,
    eps_fast: float = 10.0,
) -> NDArray[np.float64]:
    """Edges of the ε bands of the piecewise scheme (see cueboard.engine.models.disc).

    Walking from ε = 1 up to 1e4 and down to 1e-4, each band is as wide as allowed while f
    changes by at most ``eta_f`` and τ by at most ``eta_tau`` (relative) across it; above
    ``eps_fast`` (a disc turning slower than v/(10R), whose spin changes the sliding friction by
    less than 0.13 %) τ may change by ``eta_tau_fast``. The edges depend only on f and τ, not on
    the disc's moment of inertia; sorted ascending.
    """
    edges_up = [1.0]
    edges_dn: list[float] = []
    for edges, direction, stop in ((edges_up, 1.0, 1e4), (edges_dn, -1.0, 1e-4)):
        e = 1.0
        while (direction > 0 and e < stop) or (direction < 0 and e > stop):
            f0, t0 = interp_np(f_tab, tau_tab, e)
            step = 0.5
            while True:
                e1 = e * math.exp(direction * step)
                f1, t1 = interp_np(f_tab, tau_tab, e1)
                eta = eta_tau_fast if min(e, e1) >= eps_fast else eta_tau
                if abs(f1 - f0) <= eta_f * max(f0, f1) and abs(t1 - t0) <= eta * max(t0, t1):
                    break
                step *= 0.7
            e = e1
            edges.append(e)
    return np.array(sorted(edges_dn + edges_up))


def _table_key(size: int, rho: float) -> str:
    return f"size={size} rho={rho!r} ln_eps=[{LN_EPS_MIN!r}, {LN_EPS_MAX!r}]"


@functools.cache
def _stored_doc() -> dict[str, dict[str, list[float]]]:
    doc: dict[str, dict[str, list[float]]] = json.loads(TABLES_PATH.read_text())
    return doc


def stored_tables(rho: float = 0.0) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """``build_tables(TABLE_SIZE, rho)`` as stored in :data:`TABLES_PATH` (exact: JSON keeps a
    float's shortest round-trip digits); computed by :func:`build_tables` when the file does not
    hold this grid (another size, range or ρ)."""
    try:
        entry = _stored_doc()[_table_key(TABLE_SIZE, rho)]
    except (OSError, ValueError, KeyError):
        return build_tables(rho=rho)
    return np.array(entry["f"], dtype=np.float64), np.array(entry["tau"], dtype=np.float64)


def write_tables() -> None:
    """Compute the tables of every ρ in :data:`STORED_RHOS` and write :data:`TABLES_PATH`."""
    doc = {}
    for rho in STORED_RHOS:
        f, tau = build_tables(rho=rho)
        doc[_table_key(TABLE_SIZE, rho)] = {"f": f.tolist(), "tau": tau.tolist()}
    TABLES_PATH.write_text(json.dumps(doc, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    write_tables()
    print(f"wrote {TABLES_PATH}", file=sys.stderr)
