"""Closed-form motion within a segment, common to every model (layout.py, ARCHITECTURE).

Between events each body follows ``p(t) = P + V τ + ½ A τ²`` (``τ = t - T0``) with constant
linear and angular accelerations, which is exact for the sliding, rolling and spinning states of a
ball on cloth (Leckie & Greenspan 2005; Han 2005) and for a disc under Coulomb friction. A model
only chooses ``A``, ``AW`` and the transition time ``TE`` (models/*.py); this module moves bodies.
A ball in flight also has a height ``z(t) = PZ + VZ τ + ½ AZ τ²`` (``AZ = -g``; no air drag), with
``A = AW = 0``: ballistic, spin kept. A body on the bed has ``PZ = VZ = AZ = 0`` and its height is
never touched.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from cueboard.engine.jit import KERNEL_OPTIONS, internal
from cueboard.engine.layout import AWX, AWY, AWZ, AX, AY, AZ, PX, PY, PZ, T0, VX, VY, VZ, WX, WY, WZ


@njit(**KERNEL_OPTIONS)
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
    az = body[AZ, i]
    if az != 0.0:
        body[PZ, i] += tau * (body[VZ, i] + 0.5 * az * tau)
        body[VZ, i] += az * tau
    body[T0, i] = t


@njit(**KERNEL_OPTIONS)
def kinematics_at(body: np.ndarray, i: int, t: float) -> tuple[float, float, float, float, float, float]:
    """Position, velocity and acceleration of body ``i`` at time ``t`` on its current segment:
    ``(px, py, vx, vy, ax, ay)``; the body is not changed."""
    tau = t - body[T0, i]
    ax = body[AX, i]
    ay = body[AY, i]
    px = body[PX, i] + tau * (body[VX, i] + 0.5 * ax * tau)
    py = body[PY, i] + tau * (body[VY, i] + 0.5 * ay * tau)
    return px, py, body[VX, i] + ax * tau, body[VY, i] + ay * tau, ax, ay


@njit(**KERNEL_OPTIONS)
def height_at(body: np.ndarray, i: int, t: float) -> tuple[float, float, float]:
    """Height of body ``i``'s lowest point above the bed, its vertical velocity and acceleration
    at time ``t``: ``(z, vz, az)`` (zeros on the bed); the body is not changed."""
    tau = t - body[T0, i]
    az = body[AZ, i]
    return body[PZ, i] + tau * (body[VZ, i] + 0.5 * az * tau), body[VZ, i] + az * tau, az


@internal
def halt(body: np.ndarray, i: int) -> None:
    """Stop body ``i`` travelling: zero its velocity and its spin about the horizontal axes (what
    every stop shares — a roll's end, a crawling ball in a resting contact, a body taken off the
    table); its spin about the vertical, its accelerations and ``TE`` are the caller's."""
    body[VX, i] = 0.0
    body[VY, i] = 0.0
    body[WX, i] = 0.0
    body[WY, i] = 0.0
