"""The one ball-ball impulse (models/ball.py ``_ball_impulse``) serves the planar impact and the
impact in the air: each gives, bit for bit, what its own law did before they were merged — the
planar law (restitution, throw friction μ(slip), the tangential cap, on the 2-D line of centres)
and the 3-D law (the same along the 3-D line of centres, the vertical parts into ``VZ``). The
references below are those laws written out in plain Python in their original operation order
(IEEE doubles in both; geometry from Pythagorean triples so that every normal is exact)."""

from __future__ import annotations

import math
import struct

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cueboard.engine.layout import (
    AIRBORNE,
    INERTIA,
    MASS,
    MODEL_BALL,
    N_MODELS,
    N_PAR,
    PX,
    PY,
    PZ,
    RAD,
    SLIDING,
    STATE,
    VX,
    VY,
    VZ,
    WX,
    WY,
    WZ,
)
from cueboard.engine.models import ball
from cueboard.engine.world import new_bodies, place_body

U = 2.0**-7  # lengths are multiples of U: exact binary fractions
TRIPLES = [(3, 4, 5), (5, -12, 13), (-8, 15, 17), (-24, -7, 25)]
M, R = 0.1406, 5 * U / 2


def _par() -> np.ndarray:
    par = np.zeros((N_MODELS, N_PAR))
    p = par[MODEL_BALL]
    p[ball.G], p[ball.E_BB] = 9.81, 0.95
    p[ball.MU_BB_A], p[ball.MU_BB_B], p[ball.MU_BB_C] = 9.951e-3, 0.108, 1.088
    return par


def _cross(a: tuple[float, float, float], b: tuple[float, float, float]) -> tuple[float, float, float]:
    return a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]


def _apply(s: dict[str, float], r: tuple[float, float, float], f: tuple[float, float, float]) -> None:
    inv_i = 1.0 / s["I"]
    s["vx"] += f[0] / s["m"]
    s["vy"] += f[1] / s["m"]
    t = _cross(r, f)
    s["wx"] += t[0] * inv_i
    s["wy"] += t[1] * inv_i
    s["wz"] += t[2] * inv_i


def _friction(p: np.ndarray, a: dict[str, float], b: dict[str, float], jn: float, ss: float) -> float:
    mu = p[ball.MU_BB_A] + p[ball.MU_BB_B] * math.exp(-p[ball.MU_BB_C] * ss)
    kt = 1.0 / a["m"] + a["r"] * a["r"] / a["I"] + 1.0 / b["m"] + b["r"] * b["r"] / b["I"]
    return float(min(mu * jn, ss / kt) / ss)


def _planar_reference(p: np.ndarray, a: dict[str, float], b: dict[str, float]) -> bool:
    """The planar law as written before the merge (collide_ball_ball, fast approach); False
    (nothing done) for a slower approach, which takes the resting-contact branch."""
    nx, ny = b["x"] - a["x"], b["y"] - a["y"]
    d = math.hypot(nx, ny)
    nx /= d
    ny /= d
    wi = _cross((a["wx"], a["wy"], a["wz"]), (a["r"] * nx, a["r"] * ny, 0.0))
    wj = _cross((b["wx"], b["wy"], b["wz"]), (-b["r"] * nx, -b["r"] * ny, 0.0))
    ci = (a["vx"] + wi[0], a["vy"] + wi[1], wi[2])
    cj = (b["vx"] + wj[0], b["vy"] + wj[1], wj[2])
    relx, rely, relz = ci[0] - cj[0], ci[1] - cj[1], ci[2] - cj[2]
    vn = relx * nx + rely * ny
    if vn < ball.V_REST:
        return False
    jn = (1.0 + p[ball.E_BB]) * vn / (1.0 / a["m"] + 1.0 / b["m"])
    sx, sy, sz = relx - vn * nx, rely - vn * ny, relz
    ss = math.sqrt(sx * sx + sy * sy + sz * sz)
    jt = _friction(p, a, b, jn, ss) if ss > 0.0 else 0.0
    fx, fy, fz = jn * nx + jt * sx, jn * ny + jt * sy, jt * sz
    _apply(a, (a["r"] * nx, a["r"] * ny, 0.0), (-fx, -fy, -fz))
    _apply(b, (-b["r"] * nx, -b["r"] * ny, 0.0), (fx, fy, fz))
    return True


def _air_reference(p: np.ndarray, a: dict[str, float], b: dict[str, float]) -> bool:
    """The 3-D law as written before the merge (``_collide_3d``); False when not approaching."""
    ri, rj = a["r"], b["r"]
    nx, ny, nz = b["x"] - a["x"], b["y"] - a["y"], b["z"] + rj - a["z"] - ri
    d = math.sqrt(nx * nx + ny * ny + nz * nz)
    nx /= d
    ny /= d
    nz /= d
    wi = _cross((a["wx"], a["wy"], a["wz"]), (ri * nx, ri * ny, ri * nz))
    wj = _cross((b["wx"], b["wy"], b["wz"]), (-rj * nx, -rj * ny, -rj * nz))
    relx = a["vx"] + wi[0] - b["vx"] - wj[0]
    rely = a["vy"] + wi[1] - b["vy"] - wj[1]
    relz = a["vz"] + wi[2] - b["vz"] - wj[2]
    vn = relx * nx + rely * ny + relz * nz
    if vn <= 0.0:
        return False
    e = p[ball.E_BB] if vn >= ball.V_REST else 0.0
    jn = (1.0 + e) * vn / (1.0 / a["m"] + 1.0 / b["m"])
    sx, sy, sz = relx - vn * nx, rely - vn * ny, relz - vn * nz
    ss = math.sqrt(sx * sx + sy * sy + sz * sz)
    jt = _friction(p, a, b, jn, ss) if ss > 0.0 else 0.0
    fx, fy, fz = jn * nx + jt * sx, jn * ny + jt * sy, jn * nz + jt * sz
    _apply(a, (ri * nx, ri * ny, ri * nz), (-fx, -fy, -fz))
    _apply(b, (-rj * nx, -rj * ny, -rj * nz), (fx, fy, fz))
    a["vz"] -= fz / a["m"]
    b["vz"] += fz / b["m"]
    return True


def _bits(x: float) -> int:
    return int(struct.unpack("<q", struct.pack("<d", x))[0])


def _run(triple: tuple[int, int, int], v: list[float], z: float) -> bool:
    """Both laws on the same impact; False when it is no impulse impact (nothing compared)."""
    body, ibody = new_bodies(2)
    dx, dy, c = triple
    radius = c * U / 2
    place_body(
        body, ibody, 0, x=0.0, y=0.0, radius=radius, mass=M, inertia=0.4 * M * radius**2, model=MODEL_BALL
    )
    place_body(
        body,
        ibody,
        1,
        x=dx * U,
        y=dy * U,
        radius=radius,
        mass=M,
        inertia=0.4 * M * radius**2,
        model=MODEL_BALL,
    )
    ibody[STATE, :] = SLIDING
    for k, row in enumerate((VX, VY, WX, WY, WZ)):
        body[row, 0] = v[k]
        body[row, 1] = v[5 + k]
    if z > 0.0:
        ibody[STATE, 0] = AIRBORNE
        body[PZ, 0] = z
        body[VZ, 0] = v[10]
    states = [
        {
            "x": body[PX, i], "y": body[PY, i], "z": body[PZ, i], "r": body[RAD, i], "m": body[MASS, i],
            "I": body[INERTIA, i], "vx": body[VX, i], "vy": body[VY, i], "vz": body[VZ, i],
            "wx": body[WX, i], "wy": body[WY, i], "wz": body[WZ, i],
        }
        for i in range(2)
    ]  # fmt: skip
    par = _par()
    if not (_air_reference if z > 0.0 else _planar_reference)(par[MODEL_BALL], *states):
        return False
    ball.collide_ball_ball(body, ibody, 0, 1, par)
    for i in range(2):
        for key, row in (("vx", VX), ("vy", VY), ("vz", VZ), ("wx", WX), ("wy", WY), ("wz", WZ)):
            assert _bits(body[row, i]) == _bits(states[i][key]), (i, key, body[row, i], states[i][key])
    return True


speeds = st.floats(-4.0, 4.0, allow_nan=False)
spins = st.floats(-200.0, 200.0, allow_nan=False)
motion = st.tuples(speeds, speeds, spins, spins, spins, speeds, speeds, spins, spins, spins, speeds)


def _towards(triple: tuple[int, int, int], v: tuple[float, ...]) -> list[float]:
    """``v`` with ball 0 sent at ball 1 at 3 m/s more (most examples then collide)."""
    dx, dy, c = triple
    return [v[0] + 3.0 * dx / c, v[1] + 3.0 * dy / c, *v[2:]]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TRIPLES), motion)
def test_the_planar_impact_is_the_planar_law_bit_for_bit(
    triple: tuple[int, int, int], v: tuple[float, ...]
) -> None:
    assume(_run(triple, _towards(triple, v), 0.0))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(TRIPLES), motion, st.floats(0.001, 0.04))
def test_the_impact_in_the_air_is_the_3d_law_bit_for_bit(
    triple: tuple[int, int, int], v: tuple[float, ...], z: float
) -> None:
    assume(_run(triple, _towards(triple, v), z))


def test_spinless_impacts_keep_even_the_sign_of_zero() -> None:
    """No spin: the contact points' vertical velocities are signed zeros, which the merged law
    must carry through exactly as the planar law did (``jt sz``, not ``jn·0 + jt sz``)."""
    for triple in TRIPLES:
        dx, dy, c = triple
        for side in (0.0, 0.7, -1.9):  # a cut: velocity across the line of centres
            for zero in (0.0, -0.0):
                v = _towards(triple, (side * -dy / c, side * dx / c, *([zero] * 9)))
                assert _run(triple, v, 0.0)
