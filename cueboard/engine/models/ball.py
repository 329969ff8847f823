"""The ball model (model id 0): a uniform sphere on cloth — snooker, pool, carom.

Motion (Leckie & Greenspan 2005, "An event-based pool physics simulator", Advances in Computer
Games 11; Han 2005): with ``u = v + ω × (-R ẑ)`` the slip of the contact point on the bed,
- sliding: friction ``-μs m g û`` with ``û`` fixed, so ``a = -μs g û``, ``α_xy = (5 μs g / 2R) ẑ × û``
  and ``u`` shrinks at ``7/2 μs g``: the slide lasts ``2|u| / (7 μs g)``;
- rolling: ``u = 0``, ``a = -μr g v̂`` (rolling resistance), lasting ``|v| / (μr g)``;
- spinning: in place, ``|ω_z|`` falls at ``5 μsp g / 2R`` to rest (also while sliding / rolling).

Collisions, each a single impulse with Coulomb friction capped at the impulse that stops the slip
(for a sphere the normal and tangential responses decouple, so this is exact for one contact and
never creates energy):
- ball-ball: restitution ``e`` on the normal approach speed; friction coefficient depending on the
  slip speed, ``μ = a + b exp(-c v_slip)`` (Alciatore, "Pool and Billiards Physics Principles",
  TP A-14 and "Throw" TP B-13: a = 9.951e-3, b = 0.108, c = 1.088 s/m), which gives throw;
- ball-cushion, two laws (``par[0, CUSHION_LAW]``), both with the contact at the cushion nose,
  height ``h`` above the bed, so the contact normal is tilted by ``θ = asin((h - R) / R)``, and
  restitution and friction per cushion (Mathavan et al. 2010, Proc. IMechE C 224, 1863-1873:
  e = 0.98, μ = 0.14 for snooker):
  Mathavan et al. 2010 (``models/mathavan.py``): the cushion and the bed both slide with
  friction through compression and restitution, integrated over the normal impulse; a ball
  arriving rolling reads its rebound from a stored table, a sliding one is integrated;
  Han 2005 ("Dynamics in carom and three cushion billiards", J. Mech. Sci. Tech. 19, 976-984):
  one impulse at the nose, the bed takes its vertical part without friction.
  A ball on the bed stays on it through a cushion impact (the nose is above its centre, so the
  impulse presses it into the bed, which takes the vertical part).
- flight (state ``AIRBORNE``): a ball given an upward speed of at least ``V_HOP`` (a jump off the
  cue, an impact in the air) flies ballistically — ``z = z0 + vz τ - ½ g τ²``, horizontal
  velocity and spin constant (no air drag, no Magnus force) — and lands when ``z = 0`` (the root
  of that quadratic). Landing is an impact with the bed at the ball's lowest point: restitution
  ``e_bed`` on the vertical speed, Coulomb friction ``μs`` capped at the impulse that stops the
  slip (the same single-impulse law as above); a rebound slower than ``V_HOP`` ends the flight.
  In the air, ball-ball impacts use the 3-D line of centres (the same restitution and throw
  friction) and a cushion impact is the Han 2005 impulse at the nose with the nose's height
  measured from the flying ball's centre and no bed to take the vertical part (so a ball whose
  centre is above the nose is thrown upwards).
- pockets: a ball whose centre enters the capture circle drops (cueboard.games.snooker.pockets
  places the circle over the fall of the pocket, behind the jaws).

A contact slower than ``V_REST`` (2 mm/s) is a resting contact: balls that crawl (speed and slip
under ``V_REST``) stop there — the cloth would stop them within ~20 µm; otherwise the ball(s) are
brought to natural roll at once (what the bed friction does in the next fraction of a
millisecond) and the normal approach is removed without bounce. This prevents endless runs of
ever-smaller bounces (Zeno sequences) when spin drives a ball into a cushion or a touching ball,
or a slow ball nudges a cluster.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from cueboard.engine.jit import KERNEL_OPTIONS, internal
from cueboard.engine.layout import (
    AIRBORNE,
    AWX,
    AWY,
    AWZ,
    AX,
    AY,
    AZ,
    IAUX,
    INERTIA,
    MASS,
    PX,
    PY,
    PZ,
    RAD,
    ROLLING,
    SLIDING,
    SPINNING,
    STATE,
    STATIONARY,
    T0,
    TE,
    V_REST,
    VX,
    VY,
    VZ,
    WX,
    WY,
    WZ,
)
from cueboard.engine.models import mathavan, mathavan_table, rail
from cueboard.engine.motion import halt

# ---- parameter columns of the ball model's row in ``par`` -------------------------------------
G = 0  # gravity, m/s²
MU_S = 1  # sliding friction ball-cloth
MU_R = 2  # rolling resistance
MU_SP = 3  # spinning friction (ω_z decays at 5 μsp g / 2R)
E_BB = 4  # ball-ball restitution
MU_BB_A = 5  # ball-ball friction μ(v) = a + b exp(-c v)
MU_BB_B = 6
MU_BB_C = 7
CUSHION_LAW = 8  # CUSHION_HAN or CUSHION_MATHAVAN
CUSHION_STEPS = 9  # impulse steps of a Mathavan impact integrated at run time
E_BED = 10  # ball-bed restitution (landing on the cloth-covered slate)
# columns 11-16: the cushion tops and the rail (models/rail.py, ``RAIL_*``)

#: Cushion laws (``par[MODEL_BALL, CUSHION_LAW]``).
CUSHION_HAN = 0
CUSHION_MATHAVAN = 1

#: The stored rolling-ball table of the Mathavan law and its parameters (sin θ, e, μs, μw),
#: compile-time constants of the kernel (models/mathavan_table.py).
_ROLL_TABLE, _ROLL_PARAMS = mathavan_table.load()
#: Bed slip (relative to the approach speed) under which a ball meets the cushion rolling.
ROLL_SLIP = 1e-7

#: Slip / speed / spin below which a ball counts as not sliding / not moving / not spinning.
EPS_V = 1e-9
EPS_W = 1e-7
#: A ball that ends its slide slower than 1 mm/s stops there: rolling on, the cloth would stop it
#: within 5 µm (v² / 2 μr g), and chasing it through micro-collisions in a resting cluster (a
#: slow ball nudging the pack) would cost thousands of events for nothing a referee can see.
V_STOP = 1e-3
#: A resting contact is resolved when the approach left is under this, m/s.
PUSH_DONE = 1e-9
#: Upward speed below which a ball stays on the bed (a hop of v² / 2g < 0.13 mm), m/s: the
#: last of a landing's bounces, and a cue ball struck with the cue nearly level.
V_HOP = 0.05
#: Whether this module's functions are compiled with their flight code (balls in the air). The
#: planar copies of ``cueboard.engine.planar`` bind it to False: numba prunes a branch on a
#: constant global before typing, so those copies compile none of the flight functions.
AIR = True


@internal
def _bed_impact(body: np.ndarray, i: int, p: np.ndarray) -> None:
    """Ball ``i`` at the bed moving down (``VZ < 0``): one impulse at its lowest point, the
    vertical speed reversed with restitution ``e_bed`` and Coulomb friction ``μs`` on the slip,
    capped at the impulse that stops it (module doc)."""
    m = body[MASS, i]
    r = body[RAD, i]
    vz = body[VZ, i]
    pn = -(1.0 + p[E_BED]) * vz * m
    ux = body[VX, i] - r * body[WY, i]
    uy = body[VY, i] + r * body[WX, i]
    su = math.hypot(ux, uy)
    if su > 0.0:
        kt = 1.0 / m + r * r / body[INERTIA, i]
        jt = min(p[MU_S] * pn, su / kt) / su
        _apply(body, i, 0.0, 0.0, -r, -jt * ux, -jt * uy, 0.0)
    body[VZ, i] = -p[E_BED] * vz


@internal
def _air_segment(body: np.ndarray, ibody: np.ndarray, i: int, p: np.ndarray) -> bool:
    """The vertical part of ``start_segment`` for a ball off the bed or moving vertically: a ball
    at the bed moving down bounces (``_bed_impact``); a ball rising at ``V_HOP`` or more, or
    above the bed, flies (state ``AIRBORNE``, ``TE`` its landing). Returns False when the ball
    is (back) on the bed, its height fields zero, for the planar states to take over. Over a
    rail (``rail.ground``) the surface is the rail's: the ball lands on it, and goes on on it at
    its height."""
    zg = rail.ground(ibody, i, p)
    if body[PZ, i] <= zg and body[VZ, i] < V_HOP:
        body[PZ, i] = zg
        if body[VZ, i] < 0.0:
            _bed_impact(body, i, p)
        if body[VZ, i] < V_HOP:
            body[VZ, i] = 0.0
            body[AZ, i] = 0.0
            return False
    g = p[G]
    ibody[STATE, i] = AIRBORNE
    body[AX, i] = 0.0
    body[AY, i] = 0.0
    body[AWX, i] = 0.0
    body[AWY, i] = 0.0
    body[AWZ, i] = 0.0
    body[AZ, i] = -g
    # over a rail the lowest point may start under the rail's height, rising past the nose (the
    # loop lets it over only when its flight reaches that height: rail module doc)
    z = body[PZ, i] - zg if zg > 0.0 else max(body[PZ, i], 0.0)
    vz = body[VZ, i]
    root = math.sqrt(max(vz * vz + 2.0 * g * z, 0.0))
    # landing: z + vz τ - g τ²/2 = 0, the later root, in the form without cancellation
    tau = (vz + root) / g if vz >= 0.0 else 2.0 * z / (root - vz)
    body[TE, i] = body[T0, i] + tau
    return True


@njit(**KERNEL_OPTIONS)
def start_segment(body: np.ndarray, ibody: np.ndarray, i: int, par: np.ndarray) -> None:
    """Choose the motion state of ball ``i`` from its velocities and set its accelerations and the
    time ``TE`` of its next transition (the ball's fields are those at ``T0``)."""
    p = par[0]
    if AIR and (body[PZ, i] != 0.0 or body[VZ, i] != 0.0) and _air_segment(body, ibody, i, p):
        if ibody[IAUX, i] != 0:
            rail.cap_at_edge(body, i, p)
        return
    g = p[G]
    r = body[RAD, i]
    vx = body[VX, i]
    vy = body[VY, i]
    wz = body[WZ, i]
    ux = vx - r * body[WY, i]
    uy = vy + r * body[WX, i]
    su = math.hypot(ux, uy)
    sv = math.hypot(vx, vy)
    t0 = body[T0, i]
    spin_rate = 2.5 * p[MU_SP] * g / r
    if abs(wz) <= EPS_W:
        body[WZ, i] = 0.0
        wz = 0.0
    body[AWZ, i] = -math.copysign(spin_rate, wz) if wz != 0.0 else 0.0
    if su > EPS_V:
        ibody[STATE, i] = SLIDING
        f = p[MU_S] * g
        body[AX, i] = -f * ux / su
        body[AY, i] = -f * uy / su
        k = f * r * body[MASS, i] / body[INERTIA, i]  # angular deceleration, 5 μs g / 2R for a sphere
        body[AWX, i] = -k * uy / su
        body[AWY, i] = k * ux / su
        body[TE, i] = t0 + su / (f * (1.0 + r * r * body[MASS, i] / body[INERTIA, i]))
    elif sv > EPS_V:
        ibody[STATE, i] = ROLLING
        body[WX, i] = -vy / r
        body[WY, i] = vx / r
        f = p[MU_R] * g
        ax = -f * vx / sv
        ay = -f * vy / sv
        body[AX, i] = ax
        body[AY, i] = ay
        body[AWX, i] = -ay / r
        body[AWY, i] = ax / r
        body[TE, i] = t0 + sv / f
    else:
        halt(body, i)
        body[AX, i] = 0.0
        body[AY, i] = 0.0
        body[AWX, i] = 0.0
        body[AWY, i] = 0.0
        if wz != 0.0:
            ibody[STATE, i] = SPINNING
            body[TE, i] = t0 + abs(wz) / spin_rate
        else:
            ibody[STATE, i] = STATIONARY
            body[TE, i] = math.inf
    if AIR and ibody[IAUX, i] != 0:
        rail.cap_at_edge(body, i, p)


@njit(**KERNEL_OPTIONS)
def end_segment(body: np.ndarray, ibody: np.ndarray, i: int, par: np.ndarray) -> None:
    """The natural transition of ball ``i`` at ``TE`` (the ball is already evolved to it): the
    end of a slide is exact natural roll, the end of a roll or a spin is rest, the end of a
    flight is its landing (``start_segment`` bounces it)."""
    s = ibody[STATE, i]
    r = body[RAD, i]
    if s == AIRBORNE:
        body[PZ, i] = 0.0
        if AIR and ibody[IAUX, i] != 0:
            body[PZ, i] = par[0, rail.RAIL_H]  # landing on a cushion's top or the rail
        if body[VZ, i] >= 0.0:  # rounding at the apex of a tiny hop: land with no speed
            body[VZ, i] = 0.0
            body[AZ, i] = 0.0
    elif s == SLIDING:
        if math.hypot(body[VX, i], body[VY, i]) <= V_STOP:
            body[VX, i] = 0.0
            body[VY, i] = 0.0
        body[WX, i] = -body[VY, i] / r
        body[WY, i] = body[VX, i] / r
    elif s == ROLLING:
        halt(body, i)
    elif s == SPINNING:
        body[WZ, i] = 0.0
    start_segment(body, ibody, i, par)


@internal
def _settle(body: np.ndarray, i: int) -> None:
    """Bring ball ``i`` to natural roll as the bed friction would (the slip vanishes after the
    velocity has changed by ``-u / (1 + m R² / I)``, ``-2u/7`` for a sphere)."""
    r = body[RAD, i]
    ux = body[VX, i] - r * body[WY, i]
    uy = body[VY, i] + r * body[WX, i]
    k = 1.0 / (1.0 + r * r * body[MASS, i] / body[INERTIA, i])
    body[VX, i] -= k * ux
    body[VY, i] -= k * uy
    body[WX, i] = -body[VY, i] / r
    body[WY, i] = body[VX, i] / r


@internal
def _cross(ax: float, ay: float, az: float, bx: float, by: float, bz: float) -> tuple[float, float, float]:
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx


@internal
def _apply(
    body: np.ndarray, i: int, rx: float, ry: float, rz: float, fx: float, fy: float, fz: float
) -> None:
    """Apply impulse ``F`` at offset ``r`` from the centre of ball ``i``; the vertical part of the
    linear impulse is taken by the bed (the ball stays on the cloth)."""
    m = body[MASS, i]
    inv_i = 1.0 / body[INERTIA, i]
    body[VX, i] += fx / m
    body[VY, i] += fy / m
    tx, ty, tz = _cross(rx, ry, rz, fx, fy, fz)
    body[WX, i] += tx * inv_i
    body[WY, i] += ty * inv_i
    body[WZ, i] += tz * inv_i


@internal
def _contact_velocity(
    body: np.ndarray, i: int, rx: float, ry: float, rz: float
) -> tuple[float, float, float]:
    wx, wy, wz = _cross(body[WX, i], body[WY, i], body[WZ, i], rx, ry, rz)
    return body[VX, i] + wx, body[VY, i] + wy, wz


@internal
def _crawling(body: np.ndarray, i: int) -> bool:
    """Whether ball ``i`` moves slower than ``V_REST`` (spin included, as slip speed)."""
    r = body[RAD, i]
    return (
        math.hypot(body[VX, i], body[VY, i]) < V_REST
        and math.hypot(body[VX, i] - r * body[WY, i], body[VY, i] + r * body[WX, i]) < V_REST
    )


@internal
def _push(body: np.ndarray, i: int, j: int, nx: float, ny: float) -> None:
    """A resting contact between balls ``i`` and ``j`` (normal ``n`` from i to j): settle both to
    natural roll and remove the normal approach without bounce, in rounds (the impulse leaves each
    ball slipping, and settling that slip turns 2/7 of it back into approach — the pusher's
    follow), until they roll together; each round leaves 2/7 of the approach."""
    mi = body[MASS, i]
    mj = body[MASS, j]
    for _ in range(24):
        _settle(body, i)
        _settle(body, j)
        vn = (body[VX, i] - body[VX, j]) * nx + (body[VY, i] - body[VY, j]) * ny
        if vn <= PUSH_DONE:
            return
        jn = vn / (1.0 / mi + 1.0 / mj)
        body[VX, i] -= jn * nx / mi
        body[VY, i] -= jn * ny / mi
        body[VX, j] += jn * nx / mj
        body[VY, j] += jn * ny / mj
    _settle(body, i)
    _settle(body, j)


@njit(**KERNEL_OPTIONS)
def collide_ball_ball(body: np.ndarray, ibody: np.ndarray, i: int, j: int, par: np.ndarray) -> None:
    """Ball-ball impact with restitution and slip-dependent friction (throw); see module doc."""
    p = par[0]
    if AIR and (ibody[STATE, i] == AIRBORNE or ibody[STATE, j] == AIRBORNE or body[PZ, i] != body[PZ, j]):
        _collide_3d(body, i, j, p)
        return
    nx = body[PX, j] - body[PX, i]
    ny = body[PY, j] - body[PY, i]
    d = math.hypot(nx, ny)
    nx /= d
    ny /= d
    ri = body[RAD, i]
    rj = body[RAD, j]
    cix, ciy, ciz = _contact_velocity(body, i, ri * nx, ri * ny, 0.0)
    cjx, cjy, cjz = _contact_velocity(body, j, -rj * nx, -rj * ny, 0.0)
    relx = cix - cjx
    rely = ciy - cjy
    relz = ciz - cjz
    vn = relx * nx + rely * ny
    if vn <= 0.0:
        return
    if vn < V_REST:
        if _crawling(body, i) and _crawling(body, j):
            halt(body, i)
            halt(body, j)
        else:
            _push(body, i, j, nx, ny)
        return
    _ball_impulse(body, i, j, nx, ny, 0.0, relx, rely, relz, vn, p[E_BB], True, p)


@internal
def _ball_impulse(
    body: np.ndarray,
    i: int,
    j: int,
    nx: float,
    ny: float,
    nz: float,
    relx: float,
    rely: float,
    relz: float,
    vn: float,
    e: float,
    flat: bool,
    p: np.ndarray,
) -> None:
    """The ball-ball impulse (module doc), shared by the planar and the 3-D impact: ``n`` the
    unit line of centres from ``i`` to ``j`` (``nz = 0`` on the bed), ``rel`` the relative
    velocity of the contact points, ``vn > 0`` its approach along ``n``, ``e`` the restitution.
    Normal impulse ``(1 + e) vn / (1/mi + 1/mj)``; friction ``μ(slip)`` (throw) capped at the
    impulse that stops the slip. ``flat``: both balls on the bed — the vertical part of the
    impulse is then the friction's alone (``jn nz`` is zero) and the bed takes it; otherwise
    it changes the balls' ``VZ``. (Skipping the zero term keeps the planar arithmetic
    bit for bit: ``jt sz + 0`` would turn a ``-0.0`` into ``+0.0``.)"""
    ri = body[RAD, i]
    rj = body[RAD, j]
    mi = body[MASS, i]
    mj = body[MASS, j]
    jn = (1.0 + e) * vn / (1.0 / mi + 1.0 / mj)
    sx = relx - vn * nx
    sy = rely - vn * ny
    sz = relz - vn * nz
    ss = math.sqrt(sx * sx + sy * sy + sz * sz)
    jt = 0.0
    if ss > 0.0:
        mu = p[MU_BB_A] + p[MU_BB_B] * math.exp(-p[MU_BB_C] * ss)
        kt = 1.0 / mi + ri * ri / body[INERTIA, i] + 1.0 / mj + rj * rj / body[INERTIA, j]
        jt = min(mu * jn, ss / kt) / ss
    # impulse on j: jn n + jt s ; on i the opposite
    fx = jn * nx + jt * sx
    fy = jn * ny + jt * sy
    fz = jt * sz if flat else jn * nz + jt * sz
    _apply(body, i, ri * nx, ri * ny, ri * nz, -fx, -fy, -fz)
    _apply(body, j, -rj * nx, -rj * ny, 0.0 if flat else -rj * nz, fx, fy, fz)  # not -0.0 flat
    if not flat:
        body[VZ, i] -= fz / mi
        body[VZ, j] += fz / mj


@internal
def _collide_3d(body: np.ndarray, i: int, j: int, p: np.ndarray) -> None:
    """Ball-ball impact when one is in the air: the planar law's impulse (restitution, throw
    friction) along the 3-D line of centres; the vertical parts change ``VZ`` (a ball on the bed
    pressed down bounces off the bed in its next ``start_segment``). An approach slower than
    ``V_REST`` is removed without bounce."""
    ri = body[RAD, i]
    rj = body[RAD, j]
    nx = body[PX, j] - body[PX, i]
    ny = body[PY, j] - body[PY, i]
    nz = body[PZ, j] + rj - body[PZ, i] - ri
    d = math.sqrt(nx * nx + ny * ny + nz * nz)
    nx /= d
    ny /= d
    nz /= d
    wix, wiy, wiz = _cross(body[WX, i], body[WY, i], body[WZ, i], ri * nx, ri * ny, ri * nz)
    wjx, wjy, wjz = _cross(body[WX, j], body[WY, j], body[WZ, j], -rj * nx, -rj * ny, -rj * nz)
    relx = body[VX, i] + wix - body[VX, j] - wjx
    rely = body[VY, i] + wiy - body[VY, j] - wjy
    relz = body[VZ, i] + wiz - body[VZ, j] - wjz
    vn = relx * nx + rely * ny + relz * nz
    if vn <= 0.0:
        return
    _ball_impulse(body, i, j, nx, ny, nz, relx, rely, relz, vn, p[E_BB] if vn >= V_REST else 0.0, False, p)


@njit(**KERNEL_OPTIONS)
def flies_over(body: np.ndarray, i: int, nx: float, ny: float, h: float) -> bool:
    """Whether ball ``i`` in the air, reaching a cushion line (normal ``(nx, ny)`` towards the
    ball, nose at height ``h``), passes over the cushion and leaves the table: its lowest point
    is above the nose, or its centre is above the nose and the ball's point at the nose is not
    pressing into it (rising past the nose while moving on towards the cushion: it rides over).
    The cushion top behind the nose and the rail are not surfaces of the model."""
    r = body[RAD, i]
    z = body[PZ, i]
    if z > h:
        return True
    sin_t = (h - z - r) / r
    if sin_t >= 0.0:
        return False
    cos_t = math.sqrt(1.0 - sin_t * sin_t)
    vcx, vcy, vcz = _contact_velocity(body, i, -r * cos_t * nx, -r * cos_t * ny, r * sin_t)
    vcz += body[VZ, i]
    leaving_nose = vcx * cos_t * nx + vcy * cos_t * ny - vcz * sin_t >= 0.0
    return leaving_nose and body[VX, i] * nx + body[VY, i] * ny < 0.0


@internal
def _air_wall(
    body: np.ndarray, i: int, nx: float, ny: float, e: float, mu: float, h: float
) -> None:
    """Impact of ball ``i`` in the air on a cushion nose at height ``h`` (wall normal ``(nx, ny)``
    towards the ball): Han 2005's single impulse at the nose, the contact angle measured from
    the ball's centre where it now is, the vertical part of the impulse changing ``VZ`` (no bed
    under the ball). The loop calls it only while the ball's lowest point is below the nose.
    A ball that reaches the cushion line moving away from the nose (rising past it from below,
    or falling away under it) meets the cushion's face instead: the same impulse with a
    horizontal normal at the height of its centre."""
    r = body[RAD, i]
    sin_t = min(max((h - body[PZ, i] - r) / r, -1.0), 1.0)
    for _ in range(2):
        cos_t = math.sqrt(1.0 - sin_t * sin_t)
        rx = -r * cos_t * nx
        ry = -r * cos_t * ny
        rz = r * sin_t
        cnx = cos_t * nx
        cny = cos_t * ny
        cnz = -sin_t
        vcx, vcy, vcz = _contact_velocity(body, i, rx, ry, rz)
        vcz += body[VZ, i]
        vn = vcx * cnx + vcy * cny + vcz * cnz
        if vn < 0.0:
            break
        sin_t = 0.0
    if vn >= 0.0:
        return
    fz = _wall_impulse(
        body, i, rx, ry, rz, cnx, cny, cnz, vcx, vcy, vcz, vn, e if -vn >= V_REST else 0.0, mu
    )
    body[VZ, i] += fz / body[MASS, i]


@njit(**KERNEL_OPTIONS)
def collide_ball_wall(
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
    """Ball-cushion impact on a wall whose unit normal ``(nx, ny)`` points at the ball, touching
    the ball at height ``h`` above the bed: the law of ``par[0, CUSHION_LAW]`` (Mathavan 2010 or
    Han 2005), after the resting-contact treatment common to both (module doc); a ball in the
    air meets the nose by ``_air_wall``."""
    if AIR and ibody[STATE, i] == AIRBORNE:
        _air_wall(body, i, nx, ny, e, mu, h)
        return
    r = body[RAD, i]
    sin_t = min(max((h - r) / r, -1.0), 1.0)
    cos_t = math.sqrt(1.0 - sin_t * sin_t)
    rx = -r * cos_t * nx
    ry = -r * cos_t * ny
    rz = r * sin_t
    cnx = cos_t * nx  # contact normal, into the ball
    cny = cos_t * ny
    cnz = -sin_t
    vcx, vcy, vcz = _contact_velocity(body, i, rx, ry, rz)
    vn = vcx * cnx + vcy * cny + vcz * cnz
    if vn >= 0.0:
        return
    if -vn < V_REST:
        if _crawling(body, i):
            halt(body, i)
            return
        _settle(body, i)
        vh = body[VX, i] * nx + body[VY, i] * ny
        if vh < 0.0:
            body[VX, i] -= vh * nx
            body[VY, i] -= vh * ny
        body[WX, i] = -body[VY, i] / r
        body[WY, i] = body[VX, i] / r
        return
    if par[0, CUSHION_LAW] == CUSHION_MATHAVAN:
        _mathavan_wall(body, i, nx, ny, e, mu, sin_t, par)
        return
    _wall_impulse(body, i, rx, ry, rz, cnx, cny, cnz, vcx, vcy, vcz, vn, e, mu)


@internal
def _wall_impulse(
    body: np.ndarray,
    i: int,
    rx: float,
    ry: float,
    rz: float,
    cnx: float,
    cny: float,
    cnz: float,
    vcx: float,
    vcy: float,
    vcz: float,
    vn: float,
    e: float,
    mu: float,
) -> float:
    """Han 2005's single cushion impulse on ball ``i``, shared by the ball on the bed and the
    ball in the air: contact at offset ``r`` from the centre, contact normal ``cn`` into the
    ball, contact-point velocity ``vc`` with ``vn = vc · cn < 0``; normal impulse
    ``-(1 + e) vn m``, Coulomb friction ``mu`` capped at the impulse that stops the slip.
    Returns the vertical part of the impulse: the bed takes it for a ball on the bed, it
    changes ``VZ`` of a ball in the air (the caller's choice)."""
    r = body[RAD, i]
    m = body[MASS, i]
    pn = -(1.0 + e) * vn * m
    sx = vcx - vn * cnx
    sy = vcy - vn * cny
    sz = vcz - vn * cnz
    ss = math.sqrt(sx * sx + sy * sy + sz * sz)
    jt = 0.0
    if ss > 0.0:
        kt = 1.0 / m + r * r / body[INERTIA, i]
        jt = min(mu * pn, ss / kt) / ss
    fz = pn * cnz - jt * sz
    _apply(body, i, rx, ry, rz, pn * cnx - jt * sx, pn * cny - jt * sy, fz)
    return fz


@internal
def _mathavan_wall(
    body: np.ndarray, i: int, nx: float, ny: float, e: float, mu: float, sin_t: float, par: np.ndarray
) -> None:
    """Mathavan 2010 impact of ball ``i`` on a wall with unit normal ``(nx, ny)`` towards the
    ball: into the paper's cushion frame (X along the cushion, Y into it, Z up), solve, back."""
    r = body[RAD, i]
    xx, xy = -ny, nx  # X; Y = (-nx, -ny)
    vx = body[VX, i] * xx + body[VY, i] * xy
    vy = -(body[VX, i] * nx + body[VY, i] * ny)
    if vy <= 0.0:
        return
    wx = body[WX, i] * xx + body[WY, i] * xy
    wy = -(body[WX, i] * nx + body[WY, i] * ny)
    wz = body[WZ, i]
    mu_s = par[0, MU_S]
    tab = _ROLL_PARAMS
    rolling = math.hypot(vx - r * wy, vy + r * wx) <= ROLL_SLIP * vy
    same = abs(sin_t - tab[0]) < 1e-12 and e == tab[1] and mu_s == tab[2] and mu == tab[3]
    if rolling and same:
        vx, vy, wx, wy, wz = mathavan.rolling_lookup(_ROLL_TABLE, vx, vy, wx, wy, wz, r, sin_t)
    else:
        steps = int(par[0, CUSHION_STEPS])
        vx, vy, wx, wy, wz = mathavan.solve(
            vx, vy, wx, wy, wz, r, body[MASS, i], sin_t, e, mu_s, mu, max(steps, 1)
        )
    body[VX, i] = vx * xx - vy * nx
    body[VY, i] = vx * xy - vy * ny
    body[WX, i] = wx * xx - wy * nx
    body[WY, i] = wx * xy - wy * ny
    body[WZ, i] = wz


@njit(**KERNEL_OPTIONS)
def capture_ball(body: np.ndarray, ibody: np.ndarray, i: int, kind: int, par: np.ndarray) -> bool:
    """A ball whose centre crosses into a pocket's capture circle drops (no support under it)."""
    return True
