"""The event loop: one numba function that plays a shot to rest (DESIGN.md, Physics).

It keeps a cache of next-event times — body-body ``tp[i, j]``, body-shape ``tw[i, k]`` (segments,
then arcs, then capture regions) and each body's transition time ``TE`` — takes the earliest,
moves only the bodies it involves to that time, applies the model's law, and recomputes only the
rows of the bodies the event changed. Events go into preallocated arrays; when more than
``max_events`` would be needed the loop stops and returns -1 (the caller raises a clear error).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from cueboard.engine.detect import arc_time, capture_time, pair_time, segment_time
from cueboard.engine.dispatch import capture, collide_pair, collide_wall, end_segment, start_segment
from cueboard.engine.layout import (
    ACX,
    ACY,
    AE,
    AH,
    AINSIDE,
    AMU,
    CKIND,
    EV_ARC,
    EV_CAPTURE,
    EV_COLLISION,
    EV_SEGMENT,
    EV_STATE,
    INERTIA,
    MASS,
    PX,
    PY,
    RAD,
    REMOVED,
    SE,
    SH,
    SMU,
    SNX,
    SNY,
    STATE,
    T0,
    TE,
    VX,
    VY,
    WX,
    WY,
    WZ,
)
from cueboard.engine.motion import evolve, kinematics_at

INF = math.inf
#: Columns of ``ev_f``: time, x_a, y_a, x_b, y_b, energy change, smallest gap (check mode).
EF_T, EF_XA, EF_YA, EF_XB, EF_YB, EF_DE, EF_GAP = 0, 1, 2, 3, 4, 5, 6
N_EV_F = 7


@njit(cache=True)
def kinetic_energy(body: np.ndarray, i: int) -> float:
    """Translational plus rotational kinetic energy of body ``i`` at its ``T0``, J."""
    v2 = body[VX, i] ** 2 + body[VY, i] ** 2
    w2 = body[WX, i] ** 2 + body[WY, i] ** 2 + body[WZ, i] ** 2
    return 0.5 * body[MASS, i] * v2 + 0.5 * body[INERTIA, i] * w2


@njit(cache=True)
def _refresh(
    body: np.ndarray,
    ibody: np.ndarray,
    i: int,
    t: float,
    seg: np.ndarray,
    arc: np.ndarray,
    cap: np.ndarray,
    tp: np.ndarray,
    tw: np.ndarray,
) -> None:
    """Recompute every cached event time of body ``i`` from time ``t``."""
    n = body.shape[1]
    ns = seg.shape[0]
    na = arc.shape[0]
    nc = cap.shape[0]
    if ibody[STATE, i] == REMOVED:
        for j in range(n):
            tp[i, j] = INF
            tp[j, i] = INF
        for k in range(ns + na + nc):
            tw[i, k] = INF
        return
    for j in range(n):
        if j == i or ibody[STATE, j] == REMOVED:
            tp[i, j] = INF
            tp[j, i] = INF
            continue
        tt = pair_time(body, ibody, i, j, t)
        tp[i, j] = tt
        tp[j, i] = tt
    for k in range(ns):
        tw[i, k] = segment_time(body, ibody, i, seg, k, t)
    for k in range(na):
        tw[i, ns + k] = arc_time(body, ibody, i, arc, k, t)
    for k in range(nc):
        tw[i, ns + na + k] = capture_time(body, ibody, i, cap, k, t)


@njit(cache=True)
def _smallest_gap(body: np.ndarray, ibody: np.ndarray, t: float) -> float:
    """The smallest surface gap between two bodies on the table at time ``t`` (check mode)."""
    n = body.shape[1]
    best = INF
    for i in range(n):
        if ibody[STATE, i] == REMOVED:
            continue
        xi, yi, _, _, _, _ = kinematics_at(body, i, t)
        for j in range(i + 1, n):
            if ibody[STATE, j] == REMOVED:
                continue
            xj, yj, _, _, _, _ = kinematics_at(body, j, t)
            g = math.hypot(xj - xi, yj - yi) - body[RAD, i] - body[RAD, j]
            best = min(best, g)
    return best


@njit(cache=True)
def run_events(
    body: np.ndarray,
    ibody: np.ndarray,
    seg: np.ndarray,
    arc: np.ndarray,
    cap: np.ndarray,
    par: np.ndarray,
    ev_i: np.ndarray,
    ev_f: np.ndarray,
    check: bool,
) -> int:
    """Play the bodies from time 0 until all are at rest; returns the number of events recorded
    into ``ev_i`` (kind, a, b) and ``ev_f`` (see ``N_EV_F``), or -1 if ``ev_i`` is too short.

    Bodies arrive with their fields at ``T0 = 0`` (positions, velocities, spins); the loop sets
    their states. Shapes are indexed segments first, then arcs, then capture regions.
    """
    n = body.shape[1]
    ns = seg.shape[0]
    na = arc.shape[0]
    nc = cap.shape[0]
    nw = ns + na + nc
    max_events = ev_i.shape[0]
    for i in range(n):
        if ibody[STATE, i] != REMOVED:
            body[T0, i] = 0.0
            start_segment(body, ibody, i, par)
        else:
            body[TE, i] = INF
    tp = np.full((n, n), INF)
    tw = np.full((n, max(nw, 1)), INF)
    for i in range(n):
        if ibody[STATE, i] == REMOVED:
            continue
        for j in range(i + 1, n):
            if ibody[STATE, j] != REMOVED:
                tt = pair_time(body, ibody, i, j, 0.0)
                tp[i, j] = tt
                tp[j, i] = tt
        for k in range(ns):
            tw[i, k] = segment_time(body, ibody, i, seg, k, 0.0)
        for k in range(na):
            tw[i, ns + k] = arc_time(body, ibody, i, arc, k, 0.0)
        for k in range(nc):
            tw[i, ns + na + k] = capture_time(body, ibody, i, cap, k, 0.0)
    count = 0
    while True:
        best = INF
        what = 0  # 1 transition, 2 pair, 3 shape
        a = -1
        b = -1
        for i in range(n):
            if body[TE, i] < best:
                best = body[TE, i]
                what = 1
                a = i
            for j in range(i + 1, n):
                if tp[i, j] < best:
                    best = tp[i, j]
                    what = 2
                    a = i
                    b = j
            for k in range(nw):
                if tw[i, k] < best:
                    best = tw[i, k]
                    what = 3
                    a = i
                    b = k
        if what == 0:
            break
        if count >= max_events:
            return -1
        t = best
        evolve(body, a, t)
        e0 = kinetic_energy(body, a)
        kind = 0
        eb = b
        xb = math.nan
        yb = math.nan
        if what == 1:
            end_segment(body, ibody, a, par)
            kind = EV_STATE
            eb = ibody[STATE, a]
        elif what == 2:
            evolve(body, b, t)
            e0 += kinetic_energy(body, b)
            collide_pair(body, ibody, a, b, par)
            start_segment(body, ibody, a, par)
            start_segment(body, ibody, b, par)
            kind = EV_COLLISION
            xb = body[PX, b]
            yb = body[PY, b]
        elif b < ns:
            nx = seg[b, SNX]
            ny = seg[b, SNY]
            collide_wall(body, ibody, a, nx, ny, seg[b, SE], seg[b, SMU], seg[b, SH], par)
            start_segment(body, ibody, a, par)
            kind = EV_SEGMENT
            xb = body[PX, a] - body[RAD, a] * nx
            yb = body[PY, a] - body[RAD, a] * ny
        elif b < ns + na:
            k = b - ns
            nx = body[PX, a] - arc[k, ACX]
            ny = body[PY, a] - arc[k, ACY]
            d = math.hypot(nx, ny)
            nx /= d
            ny /= d
            if arc[k, AINSIDE] != 0.0:
                nx = -nx
                ny = -ny
            collide_wall(body, ibody, a, nx, ny, arc[k, AE], arc[k, AMU], arc[k, AH], par)
            start_segment(body, ibody, a, par)
            kind = EV_ARC
            eb = k
            xb = body[PX, a] - body[RAD, a] * nx
            yb = body[PY, a] - body[RAD, a] * ny
        else:
            k = b - ns - na
            eb = k
            if capture(body, ibody, a, int(cap[k, CKIND]), par):
                kind = EV_CAPTURE
                ibody[STATE, a] = REMOVED
                body[VX, a] = 0.0
                body[VY, a] = 0.0
                body[WX, a] = 0.0
                body[WY, a] = 0.0
                body[WZ, a] = 0.0
                body[TE, a] = INF
            else:
                # not captured: forget this crossing (found again only after leaving the region)
                tw[a, b] = INF
                continue
        e1 = kinetic_energy(body, a)
        if what == 2:
            e1 += kinetic_energy(body, b)
        ev_i[count, 0] = kind
        ev_i[count, 1] = a
        ev_i[count, 2] = eb
        ev_f[count, EF_T] = t
        ev_f[count, EF_XA] = body[PX, a]
        ev_f[count, EF_YA] = body[PY, a]
        ev_f[count, EF_XB] = xb
        ev_f[count, EF_YB] = yb
        ev_f[count, EF_DE] = e1 - e0 if kind != EV_CAPTURE else 0.0
        ev_f[count, EF_GAP] = _smallest_gap(body, ibody, t) if check else math.nan
        count += 1
        _refresh(body, ibody, a, t, seg, arc, cap, tp, tw)
        if what == 2:
            _refresh(body, ibody, b, t, seg, arc, cap, tp, tw)
    return count
