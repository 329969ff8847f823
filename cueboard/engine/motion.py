"""Closed-form motion within a segment, common to every model (layout.py, ARCHITECTURE).

Between events each body follows ``p(t) = P + V τ + ½ A τ²`` (``τ = t - T0``) with constant
linear and angular accelerations, which is exact for the sliding, rolling and spinning states of a
ball on cloth (Leckie & Greenspan 2005; Han 2005) and for a disc under Coulomb friction. A model
only chooses ``A``, ``AW`` and the transition time ``TE`` (models/*.py); this module moves bodies.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cueboard.engine.layout import AWX, AWY, AWZ, AX, AY, PX, PY, T0, VX, VY, WX, WY, WZ


@njit(cache=True, error_model="numpy")
def evolve(body: np.ndarray, i: int, t: float) -> None:
    """Advance body ``i`` along its current segment to time ``t`` (its state fields become those
    at ``t`` and ``T0 = t``); accelerations and ``TE`` are unchanged."""
    tau = t - body[T0, i]
    if tau == 0.0:
        return
    ax = body[AX, i]
    ay = body[AY, i]
    body[PX, i] += tau * (body[VX, i] + 0.5 * ax * tau)
    body[PY, i] += tau * (body[VY, i] + 0.5 * ay * tau)
    body[VX, i] += ax * tau
    body[VY, i] += ay * tau
    body[WX, i] += body[AWX, i] * tau
    body[WY, i] += body[AWY, i] * tau
    awz = body[AWZ, i]
    if awz != 0.0:
        wz = body[WZ, i]
        wz1 = wz + awz * tau
        if (wz1 > 0.0) != (wz > 0.0) or wz1 == 0.0:
            body[WZ, i] = 0.0
            body[AWZ, i] = 0.0
        else:
            body[WZ, i] = wz1
    body[T0, i] = t


@njit(cache=True, error_model="numpy")
def kinematics_at(body: np.ndarray, i: int, t: float) -> tuple[float, float, float, float, float, float]:
    """Position, velocity and acceleration of body ``i`` at time ``t`` on its current segment:
    ``(px, py, vx, vy, ax, ay)``; the body is not changed."""
    tau = t - body[T0, i]
    ax = body[AX, i]
    ay = body[AY, i]
    px = body[PX, i] + tau * (body[VX, i] + 0.5 * ax * tau)
    py = body[PY, i] + tau * (body[VY, i] + 0.5 * ay * tau)
    return px, py, body[VX, i] + ax * tau, body[VY, i] + ay * tau, ax, ay
