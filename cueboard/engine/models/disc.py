"""The disc model (model id 1): crokinole discs, novuss discs and strikers (docs/physics.md#discs).

Motion (between contacts)
-------------------------
A flat disc on a flat board with Coulomb friction ``μ`` and uniform pressure slides on a straight
line; its speed ``v`` and spin ``ω`` about the vertical axis obey (Farkas et al., PRL 90, 248302,
2003; tables in :mod:`cueboard.engine.models.disc_friction`)::

    dv/dt = −μ g f(ε),   d|ω|/dt = −μ g τ(ε) / (κ R),   ε = v / (R|ω|),   I = κ m R².

There is no closed form, so the motion is cut into **pieces of constant deceleration** (the
centre moves on ``s(t) = v t − a t²/2`` along a fixed direction, ``|ω|`` falls linearly), each
piece ending at a transition the engine schedules like any other event:

* ``ω = 0``: exact, one piece, ``a = μ g`` (stops after ``v²/(2μg)``).
* ``v = 0``: exact, one piece, ``|ω|`` falls at ``μ g (2/3) / (κ R)``.
* otherwise ε moves monotonically towards the fixed point ε₀ (≈ 0.653 for κ = 1/2). The ε axis
  is cut into **bands** (``band_edges``) across which ``f`` changes by at most ``ETA_F`` and
  ``τ`` by at most ``ETA_TAU`` (relative; ``ETA_TAU_FAST`` above ``EPS_FAST``, where the spin
  hardly touches the sliding). A piece runs from the current ε to the next band edge
  towards ε₀. Its end state (``v₁``, ``ω₁``) and the distance covered are integrated
  accurately (RK4 in ln ε: stopping distances agree with a fine integration to 1e-7, tested);
  the piece is the constant deceleration
  that covers exactly that distance from ``v₀`` to ``v₁``, and ``|ω|`` falls linearly from
  ``ω₀`` to ``ω₁`` over the same time. So position, speed and spin are exact at every piece
  boundary; inside a piece the position at a given speed is off by at most ``ETA_F`` of the
  piece's length and the spin by a few % of its fall (tested against a fine RK4 integration of
  the ODE: 0.1 mm on a 2 m slide). The piece's duration, 2Δs/(v₀ + v₁), differs from the true
  one by less than ``ETA_F``; the accumulated clock error at rest is below 1e-3 relative.
* within ``DELTA`` of ε₀ (relative) the last piece runs to rest, with the exact remaining
  distance (integrated in ln ω to ω ratio e^-40), and ``v`` and ``ω`` reach zero together, as in
  the paper.

Contacts
--------
Impulse laws with normal restitution ``e`` and tangential Coulomb friction ``μc`` (capped at the
impulse that stops the slip at the contact: no tangential restitution, so energy never rises).
For two discs the effective-mass matrix is diagonal in (normal, tangent), so::

    Jn = (1 + e) u_n / (1/m₁ + 1/m₂),      Jt = sign(s) · min(μc Jn, |s| / k_t),
    k_t = 1/m₁ + 1/m₂ + R₁²/I₁ + R₂²/I₂,    s = (v₁ − v₂)·t + ω₁R₁ + ω₂R₂,

with ``n`` from disc 1 to disc 2, ``t = ẑ × n`` and ``u_n = (v₁ − v₂)·n > 0`` approaching. A
fixed obstacle (peg, rail) is a disc of infinite mass at rest.
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np
from numba import njit

from cueboard.engine.jit import PYTHON_ERROR_OPTIONS
from cueboard.engine.layout import (
    AUX0,
    AUX1,
    AUX2,
    AWX,
    AWY,
    AWZ,
    AX,
    AY,
    IAUX,
    INERTIA,
    MASS,
    MODEL_DISC,
    N_MODELS,
    PX,
    PY,
    RAD,
    SLIDING,
    SPINNING,
    STATE,
    STATIONARY,
    T0,
    TE,
    VX,
    VY,
    WX,
    WY,
    WZ,
)
from cueboard.engine.layout import V_REST as V_REST_CONTACT
from cueboard.engine.models.disc_capture import falls_in
from cueboard.engine.models.disc_friction import (
    LN_EPS_MAX,
    LN_EPS_MIN,
    band_edges,
    stored_tables,
)

#: Band tolerances of the piecewise scheme (see the module docstring).
ETA_F: Final = 5e-3
ETA_TAU: Final = 0.2
#: Above ε = EPS_FAST (spin slower than v/(10R): f within 0.13 % of 1) τ may halve in a band.
ETA_TAU_FAST: Final = 0.5
EPS_FAST: Final = 10.0
DELTA: Final = 5e-3
#: Moment of inertia factor of a solid disc (I = κ m R²).
KAPPA_SOLID: Final = 0.5
#: Speeds and spins below these are rest (m/s, rad/s).
V_REST: Final = 1e-9
W_REST: Final = 1e-9
#: In the engine a disc sliding slower than 1 mm/s stops there (it would slide v²/(2μg) < 5 µm
#: more at μ = 0.01; its spin too if its rim turns slower than 2 mm/s, as it does near ε₀), and
#: a contact approaching slower than ``layout.V_REST`` (2 mm/s) is a resting contact: no bounce
#: (e = 0). Without them a pack of touching discs against a rail (the
#: novuss set-up) turns one push into an endless run of ever-smaller impacts (inelastic collapse).
V_STOP: Final = 1e-3
#: Jam breaker: a disc in more than ``JAM_CONTACTS`` resting contacts less than ``JAM_WINDOW``
#: seconds apart is wedged in a pack (a sustained multi-body contact, which pairwise impulses
#: only approach through an endless run of ever-smaller impacts) and stops: the friction at its
#: several contacts, which this impulse model does not see, stops a slow wedged disc at once.
JAM_CONTACTS: Final = 24
JAM_WINDOW: Final = 1e-3

#: Friction tables (f, τ on a grid of ln ε) and band edges: module constants, frozen into the
#: compiled kernels.
#: Friction tables by contact patch: ``SOLID`` (0) the full disc (crokinole), ``RING`` (1) the
#: annulus of a novuss piece, inner radius ``RING_RHO`` of the outer (disc 4.5/16.5 = 0.273,
#: striker 5.5/21 = 0.262: one table at 0.27 serves both).
SOLID: Final = 0
RING: Final = 1
RING_RHO: Final = 0.27
_solid = stored_tables()
_ring = stored_tables(rho=RING_RHO)
F_TABS = np.stack([_solid[0], _ring[0]])
TAU_TABS = np.stack([_solid[1], _ring[1]])
F_TAB, TAU_TAB = _solid
#: τ(0), the pure-spin torque arm: 2/3 for a disc, (2/3)(1 − ρ³)/(1 − ρ²) for a ring.
TAU0_TABS = np.array([2.0 / 3.0, 2.0 / 3.0 * (1.0 - RING_RHO**3) / (1.0 - RING_RHO**2)])
EDGES = band_edges(F_TAB, TAU_TAB, ETA_F, ETA_TAU, ETA_TAU_FAST, EPS_FAST)
#: The memo of pieces' integrals (``slide_piece``): rows of ``par`` after the models' own
#: (``MEMO_ROW0`` on) when the caller adds them (``disc_shot.run_discs`` does), each holding
#: ε, κ, table, kind (0 a band piece, 1 the last piece), ln(ω₁/ω₀), ŝ; one row per ε (direct
#: mapped on ε's bits, the last one in wins). ``MEMO_ROWS`` rows: 3 MB.
MEMO_ROW0: Final = N_MODELS
MEMO_ROWS: Final = 16384
MEMO_WIDTH: Final = 6
#: A parameter array with no memo rows, for ``slide_piece`` called on its own (never written).
NO_MEMO: Final = np.empty((0, MEMO_WIDTH))


@njit(**PYTHON_ERROR_OPTIONS)
def friction_ratios(eps: float, tab: int = SOLID) -> tuple[float, float]:
    """(f(ε), τ(ε)): force / (μN) and torque / (μNR) for contact patch ``tab`` (SOLID or RING),
    interpolated in ln ε; outside the table its asymptotes (f → 1, τ ∝ 1/ε; f ∝ ε, τ → τ(0))."""
    f_tab = F_TABS[tab]
    tau_tab = TAU_TABS[tab]
    n = f_tab.shape[0]
    if eps <= 0.0:
        return 0.0, TAU0_TABS[tab]
    le = math.log(eps)
    if le >= LN_EPS_MAX:
        q = math.exp(LN_EPS_MAX) / eps
        return 1.0 - (1.0 - f_tab[n - 1]) * q * q, tau_tab[n - 1] * q
    if le <= LN_EPS_MIN:
        return f_tab[0] * eps / math.exp(LN_EPS_MIN), TAU0_TABS[tab]
    p = (le - LN_EPS_MIN) / (LN_EPS_MAX - LN_EPS_MIN) * (n - 1)
    i = min(int(p), n - 2)
    t = p - i
    return f_tab[i] * (1.0 - t) + f_tab[i + 1] * t, tau_tab[i] * (1.0 - t) + tau_tab[i + 1] * t


@njit(**PYTHON_ERROR_OPTIONS)
def fixed_point(kappa: float, tab: int = SOLID) -> float:
    """ε₀(κ): the ε where f(ε) = (ε/κ) τ(ε), at which sliding and spinning stop together."""
    lo = 1e-3
    hi = 1e3
    for _ in range(60):
        mid = math.sqrt(lo * hi)
        f, tau = friction_ratios(mid, tab)
        if f - mid * tau / kappa > 0.0:
            hi = mid
        else:
            lo = mid
    return math.sqrt(lo * hi)


@njit(**PYTHON_ERROR_OPTIONS)
def _band_ratios(u: float, tab: int) -> tuple[float, float, float]:
    """(ε, f(ε), τ(ε)) at ln ε = ``u``: the part of ``_d_band`` that depends on ``u`` alone."""
    eps = math.exp(u)
    f, tau = friction_ratios(eps, tab)
    return eps, f, tau


@njit(**PYTHON_ERROR_OPTIONS)
def _d_band(eps: float, f: float, tau: float, kappa: float, lw: float) -> tuple[float, float, float]:
    """d(L, t̂, ŝ)/d(ln ε) with L = ln(ω/ω₀), t̂ in R ω₀/(μg), ŝ in R² ω₀²/(μg), at the ε, f, τ
    of ``_band_ratios``: an RK4 step's middle stages share one ε, and its last stage's ε is the
    next step's first, so each is computed once (the same numbers, half the work)."""
    g = kappa * f / tau - eps  # dε/dL
    dl = eps / g
    w = math.exp(lw)
    dt = -kappa * w / tau * dl
    return dl, dt, eps * w * dt


@njit(**PYTHON_ERROR_OPTIONS)
def _d_final(eps: float, lw: float, kappa: float, tab: int) -> tuple[float, float, float]:
    """d(ε, t̂, ŝ)/dL for the final piece."""
    f, tau = friction_ratios(eps, tab)
    w = math.exp(lw)
    dt = -kappa * w / tau
    return kappa * f / tau - eps, dt, eps * w * dt


@njit(**PYTHON_ERROR_OPTIONS)
def _band_target(eps: float, eps0: float) -> float:
    """The band edge the piece starting at ε runs to (the next one towards ε₀)."""
    edges = EDGES
    m = edges.shape[0]
    if eps > eps0:
        # the largest edge below ε (strictly, so a piece never has zero length)
        j = int(np.searchsorted(edges, eps * (1.0 - 1e-9))) - 1
        return max(edges[max(j, 0)], eps0 * (1.0 + DELTA))
    # the smallest edge above ε
    j = int(np.searchsorted(edges, eps * (1.0 + 1e-9), side="right"))
    return min(edges[min(j, m - 1)], eps0 * (1.0 - DELTA))


@njit(**PYTHON_ERROR_OPTIONS)
def _final_integral(eps: float, kappa: float, tab: int) -> float:
    """The last piece's distance ŝ (in R² ω₀²/(μg)) from ε near ε₀: RK4 in L = ln(ω/ω₀) down to
    -40 (module docstring). A function of ε, κ and the table alone."""
    n = 160
    h = -40.0 / n
    e = eps
    lw = 0.0
    ss = 0.0
    for _ in range(n):
        k1 = _d_final(e, lw, kappa, tab)
        k2 = _d_final(e + 0.5 * h * k1[0], lw + 0.5 * h, kappa, tab)
        k3 = _d_final(e + 0.5 * h * k2[0], lw + 0.5 * h, kappa, tab)
        k4 = _d_final(e + h * k3[0], lw + h, kappa, tab)
        e += h / 6.0 * (k1[0] + 2.0 * k2[0] + 2.0 * k3[0] + k4[0])
        ss += h / 6.0 * (k1[2] + 2.0 * k2[2] + 2.0 * k3[2] + k4[2])
        lw += h
    return ss


@njit(**PYTHON_ERROR_OPTIONS)
def _band_integral(eps: float, target: float, kappa: float, tab: int) -> tuple[float, float]:
    """A band piece's (ln(ω₁/ω₀), ŝ) from ε to the band edge ``target``: RK4 in ln ε (module
    docstring). A function of ε, the target, κ and the table alone (not of the speed and spin
    themselves, which only scale the result)."""
    u0 = math.log(eps)
    n = 12
    h = (math.log(target) - u0) / n
    u = u0
    lw = 0.0
    ss = 0.0
    e1, f1, t1 = _band_ratios(u, tab)
    for _ in range(n):
        e2, f2, t2 = _band_ratios(u + 0.5 * h, tab)
        e4, f4, t4 = _band_ratios(u + h, tab)
        k1 = _d_band(e1, f1, t1, kappa, lw)
        k2 = _d_band(e2, f2, t2, kappa, lw + 0.5 * h * k1[0])
        k3 = _d_band(e2, f2, t2, kappa, lw + 0.5 * h * k2[0])
        k4 = _d_band(e4, f4, t4, kappa, lw + h * k3[0])
        e1, f1, t1 = e4, f4, t4  # the next step starts at u + h, computed so below
        lw += h / 6.0 * (k1[0] + 2.0 * k2[0] + 2.0 * k3[0] + k4[0])
        ss += h / 6.0 * (k1[2] + 2.0 * k2[2] + 2.0 * k3[2] + k4[2])
        u += h
    return lw, ss


@njit(**PYTHON_ERROR_OPTIONS)
def _memo_slot(par: np.ndarray, eps: float) -> int:
    """The memo row of ``par`` for ε (``MEMO_ROW0`` on), -1 when ``par`` has no memo rows."""
    rows = par.shape[0] - MEMO_ROW0
    if rows <= 0:
        return -1
    m, e = math.frexp(eps)
    return MEMO_ROW0 + (int(m * 9007199254740992.0) + 7919 * e) % rows


@njit(**PYTHON_ERROR_OPTIONS)
def slide_piece(
    v: float,
    w: float,
    radius: float,
    mu: float,
    g: float,
    kappa: float,
    tab: int,
    eps0: float,
    par: np.ndarray,
) -> tuple[float, float, float, float, float, float]:
    """The next constant-deceleration piece from speed ``v`` ≥ 0 and spin ``w`` (rad/s).

    ``kappa`` = I/(m R²); ``tab`` the contact patch (SOLID, RING); ``eps0`` the fixed point
    ``fixed_point(kappa, tab)`` when the caller has it (0: computed here). Returns
    ``(a, alpha, duration, v_end, w_end_abs, distance)``: linear deceleration (m/s²),
    deceleration of ``|ω|`` (rad/s²), the piece's duration (s), the speed and ``|ω|`` at its end,
    and the distance covered (m). ``duration`` is 0 for a disc at rest.

    ``par``: a parameter array whose memo rows it reads and fills (``NO_MEMO``: none). A piece's
    integral is a function of ε, κ and the table, and a stroke's pieces start again and again at
    the same ε (a band edge, to the last bit: 93 % of a novuss stroke's pieces, measured), so
    the memo gives the very numbers the integration would."""
    aw = abs(w)
    mug = mu * g
    if v <= V_REST and aw <= W_REST:
        return 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
    if aw <= W_REST:
        dur = v / mug
        return mug, 0.0, dur, 0.0, 0.0, 0.5 * v * v / mug
    if v <= V_REST:
        alpha = mug * friction_ratios(0.0, tab)[1] / (kappa * radius)
        return 0.0, alpha, aw / alpha, 0.0, 0.0, 0.0
    eps = v / (radius * aw)
    if not eps0 > 0.0:
        eps0 = fixed_point(kappa, tab)
    final = abs(eps / eps0 - 1.0) <= DELTA * (1.0 + 1e-9)
    kind = 1.0 if final else 0.0
    target = 0.0 if final else _band_target(eps, eps0)
    slot = _memo_slot(par, eps)
    hit = slot >= 0 and par[slot, 0] == eps and par[slot, 1] == kappa
    if hit and par[slot, 2] == tab and par[slot, 3] == kind:
        lw = par[slot, 4]
        ss = par[slot, 5]
    else:
        if final:
            lw = 0.0
            ss = _final_integral(eps, kappa, tab)
        else:
            lw, ss = _band_integral(eps, target, kappa, tab)
        if slot >= 0:
            par[slot, 0] = eps
            par[slot, 1] = kappa
            par[slot, 2] = tab
            par[slot, 3] = kind
            par[slot, 4] = lw
            par[slot, 5] = ss
    if final:
        # the last piece: speed and spin stop together
        dist = ss * radius * radius * aw * aw / mug
        dur = 2.0 * dist / v
        return v / dur, aw / dur, dur, 0.0, 0.0, dist
    w1 = aw * math.exp(lw)
    v1 = target * radius * w1
    dist = ss * radius * radius * aw * aw / mug
    dur = 2.0 * dist / (v + v1)
    return (v - v1) / dur, (aw - w1) / dur, dur, v1, w1, dist


@njit(**PYTHON_ERROR_OPTIONS)
def collide_discs(
    n_x: float,
    n_y: float,
    v1x: float,
    v1y: float,
    w1: float,
    m1: float,
    i1: float,
    r1: float,
    v2x: float,
    v2y: float,
    w2: float,
    m2: float,
    i2: float,
    r2: float,
    e: float,
    mu_c: float,
) -> tuple[float, float, float, float, float, float]:
    """Velocities and spins after a disc-disc contact (module docstring).

    ``n`` is the unit normal from disc 1 to disc 2. Returns ``(v1x, v1y, w1, v2x, v2y, w2)``;
    unchanged when the discs are not approaching.
    """
    un = (v1x - v2x) * n_x + (v1y - v2y) * n_y
    if un <= 0.0:
        return v1x, v1y, w1, v2x, v2y, w2
    t_x = -n_y
    t_y = n_x
    inv_m = 1.0 / m1 + 1.0 / m2
    jn = (1.0 + e) * un / inv_m
    s = (v1x - v2x) * t_x + (v1y - v2y) * t_y + w1 * r1 + w2 * r2
    kt = inv_m + r1 * r1 / i1 + r2 * r2 / i2
    jt = min(mu_c * jn, abs(s) / kt)
    if s < 0.0:
        jt = -jt
    px = jn * n_x + jt * t_x
    py = jn * n_y + jt * t_y
    return (
        v1x - px / m1,
        v1y - py / m1,
        w1 - jt * r1 / i1,
        v2x + px / m2,
        v2y + py / m2,
        w2 - jt * r2 / i2,
    )


@njit(**PYTHON_ERROR_OPTIONS)
def collide_fixed(
    n_x: float,
    n_y: float,
    vx: float,
    vy: float,
    w: float,
    m: float,
    i: float,
    r: float,
    e: float,
    mu_c: float,
) -> tuple[float, float, float]:
    """Velocity and spin after a disc hits a fixed obstacle (peg, rail): ``n`` points from the
    disc's centre to the contact. Returns ``(vx, vy, w)``."""
    un = vx * n_x + vy * n_y
    if un <= 0.0:
        return vx, vy, w
    t_x = -n_y
    t_y = n_x
    jn = (1.0 + e) * un * m
    s = vx * t_x + vy * t_y + w * r
    kt = 1.0 / m + r * r / i
    jt = min(mu_c * jn, abs(s) / kt)
    if s < 0.0:
        jt = -jt
    return vx - (jn * n_x + jt * t_x) / m, vy - (jn * n_y + jt * t_y) / m, w - jt * r / i


# ---- the engine's per-model laws (cueboard/engine/dispatch.py) ------------------------------
#
# Columns of the disc model's row of ``par`` (layout.N_PAR wide):
P_MU: Final = 0  # sliding friction disc-board
P_G: Final = 1  # gravity, m/s²
P_E: Final = 2  # restitution disc-disc
P_MUC: Final = 3  # Coulomb friction between two discs' edges
P_OPEN: Final = 4  # round openings (20-hole, pockets): cx, cy, r for each, up to MAX_OPENINGS
MAX_OPENINGS: Final = 4
#: Known fixed points ε₀: (table, κ, ε₀) for each, up to ``FIXED_POINT_SLOTS``; a slot with
#: κ = 0 is empty. ``fixed_point`` is a 60-step bisection (2.4 µs, measured), two thirds of a
#: piece's cost when run for each of the ~300 pieces of a novuss stroke; the shot's caller
#: fills these slots for its bodies (``disc_shot.run_discs``) and ``start_segment`` reads ε₀ from
#: the slot whose κ and table are exactly the body's, else computes it: the same number either way.
P_FIXED: Final = P_OPEN + 3 * MAX_OPENINGS
FIXED_POINT_SLOTS: Final = 2
#: Capture kinds handed to ``capture`` (CKIND of a capture region): ``CAP_ALWAYS`` captures at
#: once (crokinole's ditch: the centre crossed the edge of the playing surface);
#: ``CAP_OPENING + k`` is round opening k of ``par`` (the catch rule of disc_capture.py).
CAP_ALWAYS: Final = 0
CAP_OPENING: Final = 1
#: Per-body fields: the body's catch time over an opening (s); the time of its last resting
#: contact and the count of its resting contacts in a row (jam breaker).
CATCH_TIME_FIELD: Final = AUX0
JAM_TIME_FIELD: Final = AUX1
JAM_COUNT_FIELD: Final = AUX2
#: Per-body int field: the body's friction table (SOLID, RING).
FRICTION_TABLE_FIELD: Final = IAUX


@njit(**PYTHON_ERROR_OPTIONS)
def start_segment(body: np.ndarray, ibody: np.ndarray, i: int, par: np.ndarray) -> None:
    """Motion law: the next constant-deceleration piece from the body's state at ``T0``."""
    row = par[MODEL_DISC]
    vx = body[VX, i]
    vy = body[VY, i]
    v = math.hypot(vx, vy)
    w = body[WZ, i]
    r = body[RAD, i]
    kappa = body[INERTIA, i] / (body[MASS, i] * r * r)
    if v < V_STOP:
        v = 0.0
        if abs(w) * r < 2.0 * V_STOP:
            w = 0.0
    tab = ibody[FRICTION_TABLE_FIELD, i]
    eps0 = 0.0
    for k in range(FIXED_POINT_SLOTS):
        c = P_FIXED + 3 * k
        if row[c] == tab and row[c + 1] == kappa:
            eps0 = row[c + 2]
    a, alpha, dur, _, _, _ = slide_piece(v, w, r, row[P_MU], row[P_G], kappa, tab, eps0, par)
    body[WX, i] = 0.0
    body[WY, i] = 0.0
    body[AWX, i] = 0.0
    body[AWY, i] = 0.0
    if dur == 0.0:
        body[VX, i] = 0.0
        body[VY, i] = 0.0
        body[WZ, i] = 0.0
        body[AX, i] = 0.0
        body[AY, i] = 0.0
        body[AWZ, i] = 0.0
        body[TE, i] = math.inf
        ibody[STATE, i] = STATIONARY
        return
    body[AWZ, i] = -alpha if w > 0.0 else alpha
    body[TE, i] = body[T0, i] + dur
    if v <= V_REST:
        body[VX, i] = 0.0
        body[VY, i] = 0.0
        body[AX, i] = 0.0
        body[AY, i] = 0.0
        ibody[STATE, i] = SPINNING
        return
    body[AX, i] = -a * vx / v
    body[AY, i] = -a * vy / v
    ibody[STATE, i] = SLIDING


@njit(**PYTHON_ERROR_OPTIONS)
def end_segment(body: np.ndarray, ibody: np.ndarray, i: int, par: np.ndarray) -> None:
    """Transition at the end of a piece: start the next one (or come to rest)."""
    start_segment(body, ibody, i, par)


@njit(**PYTHON_ERROR_OPTIONS)
def collide_disc_disc(body: np.ndarray, ibody: np.ndarray, i: int, j: int, par: np.ndarray) -> None:
    """Disc-disc contact (``collide_discs``) with the model's restitution and edge friction."""
    row = par[MODEL_DISC]
    nx = body[PX, j] - body[PX, i]
    ny = body[PY, j] - body[PY, i]
    d = math.hypot(nx, ny)
    if d == 0.0:
        return
    nx /= d
    ny /= d
    un = (body[VX, i] - body[VX, j]) * nx + (body[VY, i] - body[VY, j]) * ny
    e = row[P_E]
    if un < V_REST_CONTACT:
        e = 0.0
        for k in (i, j):
            if body[T0, k] - body[JAM_TIME_FIELD, k] < JAM_WINDOW and body[JAM_COUNT_FIELD, k] > 0.0:
                body[JAM_COUNT_FIELD, k] += 1.0
            else:
                body[JAM_COUNT_FIELD, k] = 1.0
            body[JAM_TIME_FIELD, k] = body[T0, k]
    v1x, v1y, w1, v2x, v2y, w2 = collide_discs(
        nx,
        ny,
        body[VX, i],
        body[VY, i],
        body[WZ, i],
        body[MASS, i],
        body[INERTIA, i],
        body[RAD, i],
        body[VX, j],
        body[VY, j],
        body[WZ, j],
        body[MASS, j],
        body[INERTIA, j],
        body[RAD, j],
        e,
        row[P_MUC],
    )
    body[VX, i] = v1x
    body[VY, i] = v1y
    body[WZ, i] = w1
    body[VX, j] = v2x
    body[VY, j] = v2y
    body[WZ, j] = w2
    for k in (i, j):
        if body[JAM_COUNT_FIELD, k] > JAM_CONTACTS:
            body[VX, k] = 0.0
            body[VY, k] = 0.0
            body[JAM_COUNT_FIELD, k] = 0.0


@njit(**PYTHON_ERROR_OPTIONS)
def collide_disc_wall(
    body: np.ndarray,
    ibody: np.ndarray,
    i: int,
    nx: float,
    ny: float,
    e: float,
    mu: float,
    h: float,
    par: np.ndarray,
) -> None:
    """Disc-wall contact (peg, rail): ``(nx, ny)`` is the wall's unit normal pointing at the disc.
    The loop's wall-law signature (``dispatch.collide_wall``); the wall's contact height ``h`` is
    unused: a disc meets a peg or rail along its edge."""
    if -(body[VX, i] * nx + body[VY, i] * ny) < V_REST_CONTACT:
        e = 0.0
    vx, vy, w = collide_fixed(
        -nx, -ny, body[VX, i], body[VY, i], body[WZ, i], body[MASS, i], body[INERTIA, i], body[RAD, i], e, mu
    )
    body[VX, i] = vx
    body[VY, i] = vy
    body[WZ, i] = w


@njit(**PYTHON_ERROR_OPTIONS)
def capture_disc(body: np.ndarray, ibody: np.ndarray, i: int, kind: int, par: np.ndarray) -> bool:
    """Capture law: ``CAP_ALWAYS`` at once; an opening by the catch rule (disc_capture.py)."""
    if kind < CAP_OPENING or kind >= CAP_OPENING + MAX_OPENINGS:
        return True
    row = par[MODEL_DISC]
    k = P_OPEN + 3 * (kind - CAP_OPENING)
    vx = body[VX, i]
    vy = body[VY, i]
    v = math.hypot(vx, vy)
    dx = vx / v if v > 0.0 else 1.0
    dy = vy / v if v > 0.0 else 0.0
    a = math.hypot(body[AX, i], body[AY, i])
    return falls_in(
        body[PX, i], body[PY, i], dx, dy, v, a, row[k], row[k + 1], row[k + 2], body[CATCH_TIME_FIELD, i]
    )
