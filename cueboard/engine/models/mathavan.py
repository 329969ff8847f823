"""Mathavan et al. 2010 two-contact ball-cushion impact (model 0's cushion law, docs/physics.md).

S. Mathavan, M. R. Jackson, R. M. Parkin, "A theoretical analysis of billiard ball dynamics
under cushion impacts", Proc. IMechE Part C 224 (2010) 1863-1873, doi:10.1243/09544062JMES1964.

The ball touches the cushion at ``I`` (height ``h`` above the bed, so the common normal is
tilted by ``θ``, ``sin θ = (h - R) / R``) and the bed at ``C``; both contacts slide with Coulomb
friction (cushion ``μw``, bed ``μs``) while the normal impulse ``P_I`` at the cushion grows. In
the cushion frame (``X`` along the cushion, ``Y`` into it, ``Z`` up; ball centre velocity
``ẋ, ẏ``, spin ``θ̇x, θ̇y, θ̇z``):

- slip at the cushion (eq. 12): ``ẋ_I = ẋ + θ̇y R sin θ - θ̇z R cos θ``,
  ``ẏ'_I = -ẏ sin θ + θ̇x R``, direction ``φ``;
- slip on the bed (eq. 13): ``ẋ_C = ẋ - θ̇y R``, ``ẏ_C = ẏ + θ̇x R``, direction ``φ'``;
- the bed's normal impulse follows from the vertical balance (the ball stays on the bed):
  ``dP_C = (sin θ + μw sin φ cos θ) dP_I``;
- increments per ``dP_I`` (eq. 17, 14d-f), ``k = 5 / (2 M R)``:
  ``M dẋ = -[μw cos φ + μs cos φ' s_c] dP``,
  ``M dẏ = -[cos θ - μw sin θ sin φ + μs sin φ' s_c] dP``,
  ``dθ̇x = -k [μw sin φ + μs sin φ' s_c] dP``,
  ``dθ̇y = -k [μw cos φ sin θ - μs cos φ' s_c] dP``,
  ``dθ̇z = k μw cos φ cos θ dP``, with ``s_c = sin θ + μw sin φ cos θ``;
- a contact that stops slipping (rolls) takes no friction (eq. 15a, b);
- the work of the normal force at ``I`` (eq. 16a, trapezoidal) ``dW = ż'_I dP`` with
  ``ż'_I = ẏ cos θ``: compression runs until ``ẏ = 0`` (work ``W_c``), restitution until the
  work is back down to ``(1 - e²) W_c`` (eq. 16b: the energy returned is ``e²`` of the stored).

``solve`` integrates this exactly as the paper's scheme: explicit steps of ``ΔP_I =
(1 + e) M ẏ₀ / n`` (the paper: ``n`` = 5000), with both phase ends placed inside their last
step (the step is linear in ``ΔP``). Every increment is proportional to the velocities, so
the rebound is homogeneous of degree one in the incoming velocities and spins: the
rebound *angle* does not depend on the speed, and scaling the speed scales every output.
With ``n`` fixed per impact the discretisation is scale-free too. The engine calls the same
scheme with ``n`` = ``N_ENGINE`` steps; ``tests/engine/test_mathavan.py`` bounds its error
against ``n`` = 20 000.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from cueboard.engine.jit import KERNEL_OPTIONS

#: Impulse steps per impact of a sliding ball in the engine (rebound angle within 0.04°, speed
#: within 0.07 % of the 20 000-step solution on the tested grid; docs/physics.md).
N_ENGINE = 200
#: The paper's step count.
N_PAPER = 5000
#: Relative slip (to the normal approach speed) under which a contact counts as rolling.
ROLL_TOL = 1e-9


@njit(**KERNEL_OPTIONS)
def _rates(
    vx: float,
    vy: float,
    wx: float,
    wy: float,
    wz: float,
    r: float,
    m: float,
    sin_t: float,
    cos_t: float,
    mu_s: float,
    mu_w: float,
    tol: float,
) -> tuple[float, float, float, float, float]:
    """d(ẋ, ẏ, θ̇x, θ̇y, θ̇z)/dP_I (eq. 17, 14d-f; eq. 15 for a rolling contact)."""
    xi = vx + wy * r * sin_t - wz * r * cos_t
    yi = -vy * sin_t + wx * r
    s = math.sqrt(xi * xi + yi * yi)
    xc = vx - wy * r
    yc = vy + wx * r
    sp = math.sqrt(xc * xc + yc * yc)
    if s > tol:
        c_phi = xi / s
        s_phi = yi / s
    else:
        c_phi = 0.0
        s_phi = 0.0
    if sp > tol:
        c_phip = xc / sp
        s_phip = yc / sp
    else:
        c_phip = 0.0
        s_phip = 0.0
    sc = sin_t + mu_w * s_phi * cos_t
    k = 2.5 / (m * r)
    dvx = -(mu_w * c_phi + mu_s * c_phip * sc) / m
    dvy = -(cos_t - mu_w * sin_t * s_phi + mu_s * s_phip * sc) / m
    dwx = -k * (mu_w * s_phi + mu_s * s_phip * sc)
    dwy = -k * (mu_w * c_phi * sin_t - mu_s * c_phip * sc)
    dwz = k * mu_w * c_phi * cos_t
    return dvx, dvy, dwx, dwy, dwz


@njit(**KERNEL_OPTIONS)
def solve(
    vx: float,
    vy: float,
    wx: float,
    wy: float,
    wz: float,
    r: float,
    m: float,
    sin_t: float,
    e: float,
    mu_s: float,
    mu_w: float,
    n: int,
) -> tuple[float, float, float, float, float]:
    """The ball's velocity and spin after a cushion impact (cushion frame, see module doc;
    ``vy > 0`` is the approach). ``n`` sets the impulse step ``(1 + e) M vy / n``."""
    if vy <= 0.0:
        return vx, vy, wx, wy, wz
    cos_t = math.sqrt(1.0 - sin_t * sin_t)
    dp = (1.0 + e) * m * vy / n
    tol = ROLL_TOL * vy
    work = 0.0
    target = 0.0
    compressing = True
    # at most 4n steps: a spin that feeds the approach can lengthen the impact, never endlessly
    for _ in range(4 * n + 8):
        dvx, dvy, dwx, dwy, dwz = _rates(vx, vy, wx, wy, wz, r, m, sin_t, cos_t, mu_s, mu_w, tol)
        vy1 = vy + dvy * dp
        f = 1.0
        done = False
        if compressing:
            if vy1 <= 0.0:  # compression ends inside this step, where ẏ = 0
                f = vy / (vy - vy1) if vy > vy1 else 1.0
                done = True
            dw = f * dp * cos_t * 0.5 * (vy + (vy + dvy * f * dp))
        else:
            dw = dp * cos_t * 0.5 * (vy + vy1)
            if work + dw <= target:  # the work reaches (1 - e²) W_c inside this step
                # work(f) = work + dp cos_t (vy f + dvy dp f² / 2): solve for f in (0, 1]
                a = 0.5 * dvy * dp * dp * cos_t
                b = vy * dp * cos_t
                c = work - target
                if a != 0.0:
                    disc = max(b * b - 4.0 * a * c, 0.0)
                    f = (-b + math.sqrt(disc)) / (2.0 * a)
                    if not 0.0 <= f <= 1.0:
                        f = (-b - math.sqrt(disc)) / (2.0 * a)
                elif b != 0.0:
                    f = -c / b
                f = min(max(f, 0.0), 1.0)
                done = True
        h = f * dp
        vx += dvx * h
        vy += dvy * h
        wx += dwx * h
        wy += dwy * h
        wz += dwz * h
        work += dw
        if done:
            if compressing:
                vy = 0.0 if vy > 0.0 else vy
                compressing = False
                target = (1.0 - e * e) * work
                if e == 0.0:
                    break
            else:
                break
    return vx, vy, wx, wy, wz


# ---- the rolling-ball table ------------------------------------------------------------------
# A ball that rolls on the bed as it meets the cushion (the common case: slides end within
# ~0.15 m at snooker speeds) has no slip at C, so in units of its approach speed ẏ its state is
# fixed by one number, the slip at I along the cushion ``q = ẋ_I / ẏ`` (incidence and side
# spin together; ``ẏ'_I / ẏ = -(1 + sin θ)`` for every rolling ball). The rebound's change of
# (ẋ, ẏ, Rθ̇x, Rθ̇y, Rθ̇z), divided by ẏ, is then a function of ``q`` alone, tabulated at
# ``TABLE_NODES`` values of ``u = q / (1 + |q|)`` in [-1, 1] (|q| = ∞ at the ends).

#: Table nodes (uniform in u); linear interpolation between them.
TABLE_NODES = 1025
#: Impulse steps per table entry.
TABLE_STEPS = 20000
#: |q| standing for infinity at the table's ends (a ball gliding along the cushion).
Q_MAX = 1e7


@njit(**KERNEL_OPTIONS)
def node_q(k: int, nodes: int) -> float:
    """The slip ratio ``q`` of table node ``k``."""
    u = -1.0 + 2.0 * k / (nodes - 1)
    a = abs(u)
    if a >= 1.0:
        return math.copysign(Q_MAX, u)
    return math.copysign(min(a / (1.0 - a), Q_MAX), u)


@njit(**KERNEL_OPTIONS)
def build_rolling_table(
    r: float, m: float, sin_t: float, e: float, mu_s: float, mu_w: float, nodes: int, n: int
) -> np.ndarray:
    """The rolling-ball table: row ``k`` holds the change of (ẋ, ẏ, Rθ̇x, Rθ̇y, Rθ̇z) per unit
    approach speed for ``q = node_q(k)``, from ``solve`` with ``n`` steps."""
    out = np.empty((nodes, 5))
    for k in range(nodes):
        q = node_q(k, nodes)
        # a rolling ball with ẏ = 1, no side spin: θ̇x R = -1, θ̇y R = ẋ, so ẋ_I = ẋ (1 + sin θ)
        vx = q / (1.0 + sin_t)
        o = solve(vx, 1.0, -1.0 / r, vx / r, 0.0, r, m, sin_t, e, mu_s, mu_w, n)
        out[k, 0] = o[0] - vx
        out[k, 1] = o[1] - 1.0
        out[k, 2] = r * o[2] + 1.0
        out[k, 3] = r * o[3] - vx
        out[k, 4] = r * o[4]
    return out


@njit(**KERNEL_OPTIONS)
def rolling_lookup(
    table: np.ndarray, vx: float, vy: float, wx: float, wy: float, wz: float, r: float, sin_t: float
) -> tuple[float, float, float, float, float]:
    """The rebound of a rolling ball (cushion frame, ``vy > 0``) from the table."""
    cos_t = math.sqrt(1.0 - sin_t * sin_t)
    q = (vx + wy * r * sin_t - wz * r * cos_t) / vy
    nodes = table.shape[0]
    g = (q / (1.0 + abs(q)) + 1.0) * 0.5 * (nodes - 1)
    k = min(max(int(g), 0), nodes - 2)
    f = g - k
    d0 = (1.0 - f) * table[k, 0] + f * table[k + 1, 0]
    d1 = (1.0 - f) * table[k, 1] + f * table[k + 1, 1]
    d2 = (1.0 - f) * table[k, 2] + f * table[k + 1, 2]
    d3 = (1.0 - f) * table[k, 3] + f * table[k + 1, 3]
    d4 = (1.0 - f) * table[k, 4] + f * table[k + 1, 4]
    s = vy / r
    return vx + vy * d0, vy + vy * d1, wx + s * d2, wy + s * d3, wz + s * d4
