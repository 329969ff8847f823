"""The event loop: one numba function that plays a shot to rest (docs/physics.md).

The loop is written once (``_run_events_py``) and compiled per set of model laws
(``build_kernel``): ``run_events`` dispatches over every model, ``run_balls`` is bound to the
ball model only, so that snooker's cold start compiles no disc code.

It keeps a cache of next-event times — body-body ``tp[i, j]``, body-shape ``tw[i, k]`` (segments,
then arcs, then capture regions) and each body's transition time ``TE`` — takes the earliest,
moves only the bodies it involves to that time, applies the model's law, and recomputes only the
rows of the bodies the event changed. The earliest is kept per row (``_row_scan``: body ``i``'s
``TE``, its pairs with the bodies after it, its shapes) and brought up to date with each refresh,
so that choosing the next event reads ``n`` row minima instead of every cached time (~1000 for
snooker's 22 balls and 36 shapes), with the same choice and tie-break as a scan of them all.
Events go into preallocated arrays; when more than ``max_events`` would be needed the loop stops
and returns -1 (the caller raises a clear error).
"""

from __future__ import annotations

import math
import types
from typing import Any

import numpy as np
from numba import njit

from cueboard.engine.detect import (
    HORIZON,
    V_SLOPE,
    arc_after,
    capture_after,
    pair_time,
    segment_after,
    translating,
)
from cueboard.engine.dispatch import capture, collide_pair, collide_wall, end_segment, start_segment
from cueboard.engine.jit import KERNEL_OPTIONS, internal
from cueboard.engine.layout import (
    AA0,
    ACX,
    ACY,
    AE,
    AH,
    AINSIDE,
    AIRBORNE,
    AMU,
    AR,
    ASPAN,
    AUX0,
    AWX,
    AWY,
    AWZ,
    AX,
    AY,
    AZ,
    CCX,
    CCY,
    CKIND,
    CMODE,
    CR,
    DIST_TOL,
    EV_ARC,
    EV_BOUNCE,
    EV_CAPTURE,
    EV_COLLISION,
    EV_OFF,
    EV_RAIL,
    EV_SEGMENT,
    EV_STATE,
    IAUX,
    INERTIA,
    MASS,
    MODEL,
    MODEL_BALL,
    PX,
    PY,
    PZ,
    RAD,
    REMOVED,
    SE,
    SH,
    SLEN,
    SMU,
    SNX,
    SNY,
    SPINNING,
    SRAIL,
    STATE,
    STATIONARY,
    SX1,
    SY1,
    T0,
    TE,
    VX,
    VY,
    VZ,
    WX,
    WY,
    WZ,
)
from cueboard.engine.models import ball, rail
from cueboard.engine.motion import evolve, halt, height_at, kinematics_at

INF = math.inf
#: Overlap (m) of two bodies at rest beyond which the shot's end projects them apart
#: (``_settle_at_rest``): the contact tolerance, so that a shot within it is left as it was.
SETTLE_TOL = DIST_TOL
#: A pair found in contact this many times more at the same instant, one right after the other,
#: is forgotten until one of its bodies changes its motion (``_run_events_py``).
REPEATS_AT_ONCE = 3
#: Whether this module's functions are compiled with their flight code (balls in the air). The
#: planar copies of ``cueboard.engine.planar`` bind it to False: numba prunes a branch on a
#: constant global before typing, so those copies compile none of the flight functions.
AIR = True
#: In the loop templates below, ``relax`` and the model laws (``start_segment``, ``end_segment``,
#: ``collide_pair``, ``collide_wall``, ``capture``) are bound per compiled kernel by
#: ``build_kernel``; the module-level names are the dispatch over every model.
relax: Any = None
#: Columns of ``ev_f``: time, x_a, y_a, x_b, y_b, energy change, smallest gap (check mode).
EF_T, EF_XA, EF_YA, EF_XB, EF_YB, EF_DE, EF_GAP = 0, 1, 2, 3, 4, 5, 6
#: ... then the velocities of a and b just after the event (b: NaN unless two bodies collided);
#: with the positions they fix each body's parabola between its events (drawings, animation).
EF_VXA, EF_VYA, EF_VXB, EF_VYB = 7, 8, 9, 10
#: ... then each body's full motion as it leaves the event's instant (after every contact of a
#: cluster resolved at that instant and its new motion state chosen): angular velocity, linear and
#: angular accelerations and the motion state code (layout.STATE_NAMES), for a then b (b: NaN
#: unless two bodies collided). With the position and velocity they fix the body's closed-form
#: motion until its next event (docs/physics.md, "Events"); the velocities above are then those
#: final ones too.
EF_WXA, EF_WYA, EF_WZA, EF_AXA, EF_AYA, EF_AWXA, EF_AWYA, EF_AWZA, EF_SA = 11, 12, 13, 14, 15, 16, 17, 18, 19
EF_WXB, EF_WYB, EF_WZB, EF_AXB, EF_AYB, EF_AWXB, EF_AWYB, EF_AWZB, EF_SB = 20, 21, 22, 23, 24, 25, 26, 27, 28
#: ... then the height of the lowest point above the bed, the vertical velocity and acceleration
#: of a then b (zeros on the bed; b: NaN unless two bodies collided).
EF_ZA, EF_VZA, EF_AZA, EF_ZB, EF_VZB, EF_AZB = 29, 30, 31, 32, 33, 34
N_EV_F = 35


@internal
def kinetic_energy(body: np.ndarray, i: int) -> float:
    """Translational (vertical included) plus rotational kinetic energy of body ``i`` at its
    ``T0``, J."""
    v2 = body[VX, i] ** 2 + body[VY, i] ** 2 + body[VZ, i] ** 2
    w2 = body[WX, i] ** 2 + body[WY, i] ** 2 + body[WZ, i] ** 2
    return 0.5 * body[MASS, i] * v2 + 0.5 * body[INERTIA, i] * w2


@internal
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
    rbest: np.ndarray,
    rpos: np.ndarray,
) -> None:
    """Recompute every cached event time of body ``i`` from time ``t``, and the earliest events
    of the rows that changed (``_row_scan``): row ``i`` anew, each row ``j < i`` for its entry
    ``tp[j, i]`` (``_row_update``)."""
    n = body.shape[1]
    ns = seg.shape[0]
    na = arc.shape[0]
    nc = cap.shape[0]
    removed = ibody[STATE, i] == REMOVED
    moving = not removed and translating(ibody, i)
    for j in range(n):
        # two bodies neither of which travels never meet (pair_time's first test)
        skip = removed or j == i or ibody[STATE, j] == REMOVED or not (moving or translating(ibody, j))
        tt = INF if skip else pair_time(body, ibody, i, j, t)
        tp[i, j] = tt
        tp[j, i] = tt
        if j < i:
            _row_update(body, tp, tw, j, i, tt, ns + na + nc, rbest, rpos)
    hi = min(body[TE, i] - t, HORIZON)
    if not moving or not hi > 0.0:
        # a body not travelling, or at its transition, meets no shape (the detectors' first tests)
        for k in range(ns + na + nc):
            tw[i, k] = INF
    else:
        # the detectors of segment_time, arc_time, capture_time, with the kinematics computed once
        px, py, vx, vy, ax, ay = kinematics_at(body, i, t)
        r = body[RAD, i]
        if AIR and _on_rail(ibody, i):
            # over a cushion's top or the rail: above every cushion and jaw (rail module doc)
            for k in range(ns + na):
                tw[i, k] = INF
        else:
            for k in range(ns):
                tw[i, k] = segment_after(
                    px, py, vx, vy, ax, ay, r, hi, t, seg[k, SNX], seg[k, SNY], seg[k, SX1], seg[k, SY1],
                    seg[k, SLEN],
                )
            for k in range(na):
                tw[i, ns + k] = arc_after(
                    px, py, vx, vy, ax, ay, r, hi, t, arc[k, ACX], arc[k, ACY], arc[k, AR], arc[k, AINSIDE],
                    arc[k, AA0], arc[k, ASPAN],
                )
        for k in range(nc):
            tw[i, ns + na + k] = capture_after(
                px, py, vx, vy, ax, ay, hi, t, cap[k, CCX], cap[k, CCY], cap[k, CR], cap[k, CMODE]
            )
    _row_scan(body, tp, tw, i, ns + na + nc, rbest, rpos)


@internal
def _row_scan(
    body: np.ndarray, tp: np.ndarray, tw: np.ndarray, i: int, nw: int, rbest: np.ndarray, rpos: np.ndarray
) -> None:
    """The earliest event of row ``i`` into ``rbest[i]`` and its place into ``rpos[i]``: the first
    smallest of ``TE[i]`` (place 0), ``tp[i, j]`` for ``j > i`` ascending (place ``j``) and
    ``tw[i, k]`` ascending (place ``n + k``), taken with a strict ``<`` from ``inf`` (place -1:
    none), so that the rows scanned in ascending order give the event one scan of every time
    would: the same time, the same tie-break."""
    n = tp.shape[0]
    best = INF
    pos = -1
    if body[TE, i] < best:
        best = body[TE, i]
        pos = 0
    for j in range(i + 1, n):
        if tp[i, j] < best:
            best = tp[i, j]
            pos = j
    for k in range(nw):
        if tw[i, k] < best:
            best = tw[i, k]
            pos = n + k
    rbest[i] = best
    rpos[i] = pos


@internal
def _row_update(
    body: np.ndarray,
    tp: np.ndarray,
    tw: np.ndarray,
    j: int,
    i: int,
    tt: float,
    nw: int,
    rbest: np.ndarray,
    rpos: np.ndarray,
) -> None:
    """Row ``j``'s earliest event after its entry ``tp[j, i]`` (``j < i``, place ``i``) became
    ``tt``, the rest of the row unchanged: a new first smallest if ``tt`` is below the row's or
    equal to it at an earlier place; the row is scanned again only when its earliest entry grew."""
    p = rpos[j]
    if p == i:
        if tt <= rbest[j]:
            rbest[j] = tt  # still the first smallest: every earlier entry is above the old value
        else:
            _row_scan(body, tp, tw, j, nw, rbest, rpos)
    elif tt < rbest[j] or (tt == rbest[j] and i < p):
        rbest[j] = tt
        rpos[j] = i


@internal
def _on_bed(body: np.ndarray, ibody: np.ndarray, i: int) -> bool:
    """Whether body ``i`` is on the bed (not in flight): its height fields are then all zero."""
    return ibody[STATE, i] != AIRBORNE and body[PZ, i] == 0.0 and body[VZ, i] == 0.0


@internal
def _centre_gap(body: np.ndarray, ibody: np.ndarray, i: int, j: int, t: float) -> float:
    """The surface gap between bodies ``i`` and ``j`` at time ``t``, in 3-D when one is off the bed."""
    xi, yi, _, _, _, _ = kinematics_at(body, i, t)
    xj, yj, _, _, _, _ = kinematics_at(body, j, t)
    if not AIR or (_on_bed(body, ibody, i) and _on_bed(body, ibody, j)):
        return math.hypot(xj - xi, yj - yi) - body[RAD, i] - body[RAD, j]
    zi, _, _ = height_at(body, i, t)
    zj, _, _ = height_at(body, j, t)
    dz = zj + body[RAD, j] - zi - body[RAD, i]
    return math.sqrt((xj - xi) ** 2 + (yj - yi) ** 2 + dz * dz) - body[RAD, i] - body[RAD, j]


@internal
def _separate(body: np.ndarray, i: int, j: int) -> None:
    """Undo a rounding-size overlap of two touching bodies (at most ``DIST_TOL`` after a contact
    deferred until it pressed in): move them apart along the line of centres, in inverse
    proportion to their masses, to exactly touching. Overlaps never accumulate this way."""
    dx = body[PX, j] - body[PX, i]
    dy = body[PY, j] - body[PY, i]
    d = math.hypot(dx, dy)
    gap = d - body[RAD, i] - body[RAD, j]
    if body[PZ, i] != body[PZ, j]:
        return  # one is in the air: flight detection leaves no overlap to undo (3-D roots)
    if gap >= 0.0 or d == 0.0:
        return
    still_i = body[VX, i] == 0.0 and body[VY, i] == 0.0
    still_j = body[VX, j] == 0.0 and body[VY, j] == 0.0
    # move only the one that moves (a body at rest may touch others), else in inverse mass ratio
    wi = body[MASS, j] / (body[MASS, i] + body[MASS, j])
    if still_i != still_j:
        wi = 0.0 if still_i else 1.0
    s = -gap / d
    body[PX, i] -= wi * s * dx
    body[PY, i] -= wi * s * dy
    body[PX, j] += (1.0 - wi) * s * dx
    body[PY, j] += (1.0 - wi) * s * dy


def _relax_py(
    body: np.ndarray,
    ibody: np.ndarray,
    t: float,
    par: np.ndarray,
    work: np.ndarray,
    flags: np.ndarray,
    ev_i: np.ndarray,
    ev_f: np.ndarray,
    count: int,
    check: bool,
) -> tuple[int, int]:
    """Resolve, at the same instant, the contacts that a collision set approaching within a
    cluster of touching bodies (a frozen pack, a ball wedged between two others).

    Sweeps over the bodies changed so far (``work[:nwork]``, starting with the colliding pair):
    any body touching one of them and approaching it faster than ``V_SLOPE`` collides with it now
    (the model's law), and joins the list. Sweeps stop when no touching pair approaches — a
    projected Gauss-Seidel pass over the cluster's contacts. Each contact is recorded as an event.
    Returns ``(count, nwork)``; ``count`` is -1 if the event arrays are full.
    """
    n = body.shape[1]
    nwork = 2
    max_events = ev_i.shape[0]
    for _ in range(200):
        active = False
        w = 0
        while w < nwork:
            k = work[w]
            w += 1
            for m in range(n):
                if m == k or ibody[STATE, m] == REMOVED:
                    continue
                xk, yk, vxk, vyk, _, _ = kinematics_at(body, k, t)
                xm, ym, vxm, vym, _, _ = kinematics_at(body, m, t)
                dx = xm - xk
                dy = ym - yk
                d = math.hypot(dx, dy)
                if d - body[RAD, k] - body[RAD, m] > 2.0 * DIST_TOL:
                    continue  # apart in the plane, so apart in space too
                if not AIR or (_on_bed(body, ibody, k) and _on_bed(body, ibody, m)):
                    if d == 0.0:
                        continue
                    if ((vxk - vxm) * dx + (vyk - vym) * dy) / d <= V_SLOPE:
                        continue
                else:
                    zk, vzk, _ = height_at(body, k, t)
                    zm, vzm, _ = height_at(body, m, t)
                    dz = zm + body[RAD, m] - zk - body[RAD, k]
                    d = math.sqrt(dx * dx + dy * dy + dz * dz)
                    if d - body[RAD, k] - body[RAD, m] > 2.0 * DIST_TOL or d == 0.0:
                        continue
                    if ((vxk - vxm) * dx + (vyk - vym) * dy + (vzk - vzm) * dz) / d <= V_SLOPE:
                        continue
                if count >= max_events:
                    return -1, nwork
                evolve(body, k, t)
                evolve(body, m, t)
                e0 = kinetic_energy(body, k) + kinetic_energy(body, m)
                collide_pair(body, ibody, k, m, par)
                _separate(body, k, m)
                _write_event(
                    ev_i, ev_f, count, EV_COLLISION, k, m, t,
                    body[PX, k], body[PY, k], body[PX, m], body[PY, m],
                    kinetic_energy(body, k) + kinetic_energy(body, m) - e0,
                    _smallest_gap(body, ibody, t) if check else math.nan,
                    body[VX, k], body[VY, k], body[VX, m], body[VY, m],
                )
                count += 1
                active = True
                if not flags[m]:
                    flags[m] = True
                    work[nwork] = m
                    nwork += 1
        if not active:
            break
    return count, nwork


@internal
def _unpress(body: np.ndarray, i: int, seg: np.ndarray, arc: np.ndarray) -> None:
    """A body coming to rest pressed into a wall by up to the contact tolerance is set exactly
    against it, so that final positions satisfy the table's bounds to rounding."""
    r = body[RAD, i]
    for k in range(seg.shape[0]):
        nx = seg[k, SNX]
        ny = seg[k, SNY]
        dx = body[PX, i] - seg[k, SX1]
        dy = body[PY, i] - seg[k, SY1]
        u = dx * ny - dy * nx
        g = nx * dx + ny * dy - r
        if 0.0 <= u <= seg[k, SLEN] and -r < g < 0.0:
            body[PX, i] -= g * nx
            body[PY, i] -= g * ny
    for k in range(arc.shape[0]):
        dx = body[PX, i] - arc[k, ACX]
        dy = body[PY, i] - arc[k, ACY]
        d = math.hypot(dx, dy)
        if d == 0.0:
            continue
        inside = arc[k, AINSIDE] != 0.0
        pen = (arc[k, AR] - r - d) if inside else (d - arc[k, AR] - r)
        if -r < pen < 0.0 and _in_span(arc, k, dx, dy):
            s = (-pen / d) if not inside else (pen / d)
            body[PX, i] += s * dx
            body[PY, i] += s * dy


@internal
def _in_span(arc: np.ndarray, k: int, dx: float, dy: float) -> bool:
    phi = (math.atan2(dy, dx) - arc[k, AA0]) % (2.0 * math.pi)
    return phi <= arc[k, ASPAN]


@internal
def _smallest_gap(body: np.ndarray, ibody: np.ndarray, t: float) -> float:
    """The smallest surface gap between two bodies on the table at time ``t`` (check mode)."""
    n = body.shape[1]
    best = INF
    for i in range(n):
        if ibody[STATE, i] == REMOVED:
            continue
        for j in range(i + 1, n):
            if ibody[STATE, j] == REMOVED:
                continue
            best = min(best, _centre_gap(body, ibody, i, j, t))
    return best


@internal
def _write_event(
    ev_i: np.ndarray,
    ev_f: np.ndarray,
    count: int,
    kind: int,
    a: int,
    b: int,
    t: float,
    xa: float,
    ya: float,
    xb: float,
    yb: float,
    de: float,
    gap: float,
    vxa: float,
    vya: float,
    vxb: float,
    vyb: float,
) -> None:
    """Write event ``count``: kind and bodies into ``ev_i``, the numbers (see ``N_EV_F``) into
    ``ev_f``. The one writer of the event arrays (collisions, contacts, captures, rests)."""
    ev_i[count, 0] = kind
    ev_i[count, 1] = a
    ev_i[count, 2] = b
    ev_f[count, EF_T] = t
    ev_f[count, EF_XA] = xa
    ev_f[count, EF_YA] = ya
    ev_f[count, EF_XB] = xb
    ev_f[count, EF_YB] = yb
    ev_f[count, EF_DE] = de
    ev_f[count, EF_GAP] = gap
    ev_f[count, EF_VXA] = vxa
    ev_f[count, EF_VYA] = vya
    ev_f[count, EF_VXB] = vxb
    ev_f[count, EF_VYB] = vyb


@internal
def _fill_motion(body: np.ndarray, ibody: np.ndarray, ev_i: np.ndarray, ev_f: np.ndarray, k: int) -> None:
    """Write the full motion of event ``k``'s bodies as they now are (see ``EF_WXA``)."""
    for side in range(2):
        i = ev_i[k, 1] if side == 0 else ev_i[k, 2]
        c = EF_WXA if side == 0 else EF_WXB
        cv = EF_VXA if side == 0 else EF_VXB
        cz = EF_ZA if side == 0 else EF_ZB
        if side == 1 and ev_i[k, 0] != EV_COLLISION:
            for q in range(9):
                ev_f[k, c + q] = math.nan
            for q in range(3):
                ev_f[k, cz + q] = math.nan
            continue
        if ibody[STATE, i] == REMOVED:
            for q in range(8):
                ev_f[k, c + q] = 0.0
            for q in range(3):
                ev_f[k, cz + q] = 0.0
            ev_f[k, cv] = 0.0
            ev_f[k, cv + 1] = 0.0
        else:
            ev_f[k, cz] = body[PZ, i]
            ev_f[k, cz + 1] = body[VZ, i]
            ev_f[k, cz + 2] = body[AZ, i]
            ev_f[k, cv] = body[VX, i]
            ev_f[k, cv + 1] = body[VY, i]
            ev_f[k, c] = body[WX, i]
            ev_f[k, c + 1] = body[WY, i]
            ev_f[k, c + 2] = body[WZ, i]
            ev_f[k, c + 3] = body[AX, i]
            ev_f[k, c + 4] = body[AY, i]
            ev_f[k, c + 5] = body[AWX, i]
            ev_f[k, c + 6] = body[AWY, i]
            ev_f[k, c + 7] = body[AWZ, i]
        ev_f[k, c + 8] = ibody[STATE, i]


@internal
def _over_wall(body: np.ndarray, a: int, b: int, seg: np.ndarray, arc: np.ndarray) -> bool:
    """Whether ball ``a`` in the air flies over wall ``b`` (segments, then arcs) it has reached."""
    ns = seg.shape[0]
    if b < ns:
        return ball.flies_over(body, a, seg[b, SNX], seg[b, SNY], seg[b, SH])
    k = b - ns
    nx = body[PX, a] - arc[k, ACX]
    ny = body[PY, a] - arc[k, ACY]
    d = math.hypot(nx, ny)
    s = -1.0 if arc[k, AINSIDE] != 0.0 else 1.0
    return ball.flies_over(body, a, s * nx / d, s * ny / d, arc[k, AH])


@internal
def _on_rail(ibody: np.ndarray, i: int) -> bool:
    """Whether body ``i`` is a ball over a cushion's top or the rail (``IAUX``: models/rail.py;
    other models use that field for their own ends)."""
    return ibody[MODEL, i] == MODEL_BALL and ibody[IAUX, i] != 0


@internal
def _passes(body: np.ndarray, a: int, b: int, seg: np.ndarray, arc: np.ndarray, par: np.ndarray) -> int:
    """What ball ``a`` in the air does at wall ``b`` it has reached: 0 meets it, 1 leaves the
    table over it, 2 flies over a cushion's nose onto its top and the rail (models/rail.py: a
    straight cushion flagged ``SRAIL`` on a table with a rail, when the flight reaches the
    rail's height). A ball riding over the nose (``ball.flies_over``) whose flight never brings
    its lowest point up to the nose cannot pass over it: on a table with a rail it meets the
    cushion (``ball._air_wall``: its face, the ball still moving towards it); without a rail it
    is off, as it was before the rail was modelled."""
    if not _over_wall(body, a, b, seg, arc):
        return 0
    if b >= seg.shape[0] or seg[b, SRAIL] == 0.0 or not par[0, rail.RAIL_W] > 0.0:
        return 1
    h = par[0, rail.RAIL_H]
    z = body[PZ, a]
    vz = body[VZ, a]
    if z >= h or (vz >= ball.V_HOP and z + vz * vz / (2.0 * par[0, ball.G]) >= h):
        return 2
    return 0


@internal
def _at_rest_on_rail(
    body: np.ndarray, ibody: np.ndarray, k: int, t: float, par: np.ndarray, ev_i: np.ndarray,
    ev_f: np.ndarray, count: int, check: bool,
) -> int:
    """Ball ``k`` came to rest on a cushion's top or the rail (models/rail.py). With its centre
    beyond the cushion line it is off the table (WPBSA S2), recorded as an ``EV_OFF`` where it
    stopped. With its centre still over the nose (under a radius inside the line, the strip the
    model's flat top reaches into) a real ball tips back over the nose: it is put on the bed
    beside the cushion, touching it, a state event there (off the table instead if a ball is in
    that place). Returns the new count, -1 when the arrays are full."""
    if count >= ev_i.shape[0]:
        return -1
    p = par[0]
    x = body[PX, k]
    y = body[PY, k]
    gaps = (x - p[rail.RAIL_X0], p[rail.RAIL_X1] - x, y - p[rail.RAIL_Y0], p[rail.RAIL_Y1] - y)
    side = 0
    for q in range(4):
        if gaps[q] < gaps[side]:
            side = q
    kind = EV_OFF
    eb = ibody[IAUX, k] - 1
    if gaps[side] > 0.0:
        # beside the nearest cushion, on the bed: free unless another ball is there
        shift = body[RAD, k] - gaps[side]
        body[PX, k] += shift if side == 0 else (-shift if side == 1 else 0.0)
        body[PY, k] += shift if side == 2 else (-shift if side == 3 else 0.0)
        h = body[PZ, k]
        body[PZ, k] = 0.0
        free = True
        for j in range(body.shape[1]):
            if j != k and ibody[STATE, j] != REMOVED and _centre_gap(body, ibody, k, j, t) < DIST_TOL:
                free = False
        if free:
            ibody[IAUX, k] = 0
            body[AUX0, k] = 0.0
            start_segment(body, ibody, k, par)
            kind = EV_STATE
            eb = ibody[STATE, k]
        else:
            body[PX, k] = x
            body[PY, k] = y
            body[PZ, k] = h
    if kind == EV_OFF:
        _remove(body, ibody, k)
    _write_event(
        ev_i, ev_f, count, kind, k, eb, t, body[PX, k], body[PY, k], math.nan, math.nan, 0.0,
        _smallest_gap(body, ibody, t) if check else math.nan, 0.0, 0.0, math.nan, math.nan,
    )
    return count + 1


@internal
def _remove(body: np.ndarray, ibody: np.ndarray, i: int) -> None:
    """Take body ``i`` off the table (captured, or over a cushion): at rest, no more events."""
    if AIR and _on_rail(ibody, i):
        ibody[IAUX, i] = 0
        body[AUX0, i] = 0.0
    ibody[STATE, i] = REMOVED
    halt(body, i)
    body[WZ, i] = 0.0
    body[PZ, i] = 0.0
    body[VZ, i] = 0.0
    body[AZ, i] = 0.0
    body[TE, i] = INF


@internal
def _record_rest(
    body: np.ndarray,
    ibody: np.ndarray,
    k: int,
    t: float,
    ev_i: np.ndarray,
    ev_f: np.ndarray,
    count: int,
    check: bool,
) -> int:
    """Record that body ``k`` is at rest after a contact stopped it (a resting contact stops
    crawling balls inside the impact law, with no transition of their own): a ``STATIONARY``
    state event at its final place, like the one a natural stop records, so that the event
    record says where every body came to rest. Returns the new count, -1 when the arrays are full.
    """
    if count >= ev_i.shape[0]:
        return -1
    _write_event(
        ev_i, ev_f, count, EV_STATE, k, STATIONARY, t, body[PX, k], body[PY, k], math.nan, math.nan, 0.0,
        _smallest_gap(body, ibody, t) if check else math.nan, 0.0, 0.0, math.nan, math.nan,
    )
    return count + 1


@internal
def _settle_at_rest(
    body: np.ndarray,
    ibody: np.ndarray,
    t: float,
    moved: np.ndarray,
    ev_i: np.ndarray,
    ev_f: np.ndarray,
    count: int,
    check: bool,
) -> int:
    """Once every body is at rest (time ``t``, the last event's): if two bodies on the bed overlap
    by more than ``SETTLE_TOL``, project the positions onto the non-penetration constraints —
    Gauss-Seidel sweeps over the overlapping pairs, each moved apart to touching in inverse mass
    ratio (position-based contact projection: Müller et al., "Position based dynamics", 2007;
    Jakobsen, "Advanced character physics", GDC 2001) — until none overlaps by more than a
    picometre. A cluster pressed together slowly (its contacts found only once pressed in by
    ``DIST_TOL``; each correction of ``_separate`` may push a ball into a neighbour, and repeated
    pushes add up: 1.3 µm in 10⁵ random strokes) thus ends at rest with its balls touching, not
    overlapping; each body moved records a ``STATIONARY`` state event at its new place
    (``_record_rest``), so the events still say where every body lies. Shots whose bodies
    overlap by no more than ``SETTLE_TOL`` at rest are left as they were.
    ``moved`` is scratch space (one flag a body). Returns the new count, -1 when the event arrays
    are full."""
    n = body.shape[1]
    worst = 0.0
    for i in range(n):
        moved[i] = False
        if ibody[STATE, i] == REMOVED or body[PZ, i] != 0.0:
            continue
        for j in range(i + 1, n):
            if ibody[STATE, j] == REMOVED or body[PZ, j] != 0.0:
                continue
            d = math.hypot(body[PX, j] - body[PX, i], body[PY, j] - body[PY, i])
            worst = min(worst, d - body[RAD, i] - body[RAD, j])
    if worst >= -SETTLE_TOL:
        return count
    for _ in range(500):
        worst = 0.0
        for i in range(n):
            if ibody[STATE, i] == REMOVED or body[PZ, i] != 0.0:
                continue
            for j in range(i + 1, n):
                if ibody[STATE, j] == REMOVED or body[PZ, j] != 0.0:
                    continue
                dx = body[PX, j] - body[PX, i]
                dy = body[PY, j] - body[PY, i]
                d = math.hypot(dx, dy)
                gap = d - body[RAD, i] - body[RAD, j]
                if gap >= 0.0 or d == 0.0:
                    continue
                worst = min(worst, gap)
                wi = body[MASS, j] / (body[MASS, i] + body[MASS, j])
                s = -gap / d
                body[PX, i] -= wi * s * dx
                body[PY, i] -= wi * s * dy
                body[PX, j] += (1.0 - wi) * s * dx
                body[PY, j] += (1.0 - wi) * s * dy
                moved[i] = True
                moved[j] = True
        if worst >= -1e-12:
            break
    for k in range(n):
        if moved[k]:
            count = _record_rest(body, ibody, k, t, ev_i, ev_f, count, check)
            if count < 0:
                return -1
            moved[k] = False
    return count


@internal
def _work_arrays(
    n: int, nw: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The event loop's work arrays for ``n`` bodies and ``nw`` shapes: the pair times ``tp``
    (n × n) and shape times ``tw`` (n × nw, at least one column), all ``inf``; each row's earliest
    event ``rbest`` (``inf``) and where it is ``rpos`` (-1; ``_row_scan``); and the relaxation's
    ``work`` list and ``flags`` (all false). A function of its own, so that numba compiles numpy's
    allocation routines for it, not for the kernel (filled by loops: numpy's ``fill`` and
    ``zeros`` would be more routines to compile): numba caches it on its own, once for every
    kernel, and each kernel's own compile is shorter."""
    nw1 = nw if nw > 0 else 1
    tp = np.empty((n, n))
    tw = np.empty((n, nw1))
    rbest = np.empty(n)
    rpos = np.empty(n, dtype=np.int64)
    work = np.empty(n, dtype=np.int64)
    flags = np.empty(n, dtype=np.bool_)
    for i in range(n):
        for j in range(n):
            tp[i, j] = INF
        for j in range(nw1):
            tw[i, j] = INF
        rbest[i] = INF
        rpos[i] = -1
        flags[i] = False
    return tp, tw, rbest, rpos, work, flags


def _run_events_py(
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
    tp, tw, rbest, rpos, work, flags = _work_arrays(n, nw)
    for i in range(n):
        if ibody[STATE, i] == REMOVED:
            continue
        if translating(ibody, i):
            _refresh(body, ibody, i, 0.0, seg, arc, cap, tp, tw, rbest, rpos)
            continue
        # A body not travelling meets no shape and no other body not travelling (detect.py: those
        # times are inf, as filled); its times with the travelling bodies after it are set by
        # their own refresh below. Only those with the travelling bodies before it are left, as
        # a full refresh of it would set them (pair_time with this body first).
        for j in range(i):
            if translating(ibody, j):
                tt = pair_time(body, ibody, i, j, 0.0)
                tp[i, j] = tt
                tp[j, i] = tt
    for i in range(n):
        _row_scan(body, tp, tw, i, nw, rbest, rpos)
    # ``n - n`` rather than bare constants: numba types a variable first assigned a constant as a
    # literal and would compile every function it is passed to once more for that literal.
    none = n - n - 1
    count = n - n
    # the last pair collision of the loop (not of the relaxation) and its time
    last_a = none
    last_b = none
    last_t = -INF
    same = count
    again = count
    while True:
        best = INF
        a = none
        for i in range(n):
            if rbest[i] < best:
                best = rbest[i]
                a = i
        if a < 0:
            break
        pos = rpos[a]
        what = 1 if pos == 0 else (2 if pos < n else 3)  # transition, pair, shape
        b = none if pos == 0 else (pos if pos < n else pos - n)
        if count >= max_events:
            return -1
        first = count
        t = best
        evolve(body, a, t)
        e0 = kinetic_energy(body, a)
        kind = 0
        eb = b
        xb = math.nan
        yb = math.nan
        over = 0
        if AIR and what == 3 and b < ns + na and ibody[STATE, a] == AIRBORNE:
            over = _passes(body, a, b, seg, arc, par)
        if AIR and what == 1 and _on_rail(ibody, a) and body[AUX0, a] != 0.0:
            # over a cushion's top or the rail, at its edge (models/rail.py)
            if body[AUX0, a] == rail.EDGE_OUT:
                kind = EV_OFF  # past the rail's outer edge: to the floor
                eb = ibody[IAUX, a] - 1
                _remove(body, ibody, a)
            else:
                ibody[IAUX, a] = 0  # a radius inside the cushion line: over the bed again
                body[AUX0, a] = 0.0
                flying = ibody[STATE, a] == AIRBORNE
                start_segment(body, ibody, a, par)
                if flying:  # its flight goes on unchanged, to the bed now: nothing to record
                    _refresh(body, ibody, a, t, seg, arc, cap, tp, tw, rbest, rpos)
                    continue
                kind = EV_STATE  # it leaves the cushion's top and drops to the bed
                eb = ibody[STATE, a]
        elif what == 1:
            landing = ibody[STATE, a] == AIRBORNE
            end_segment(body, ibody, a, par)
            kind = EV_BOUNCE if landing else EV_STATE
            eb = ibody[STATE, a]
            if AIR and _on_rail(ibody, a):
                if ibody[STATE, a] in (STATIONARY, SPINNING):
                    # at rest on a cushion's top or the rail: off the table, or back to the bed
                    count = _at_rest_on_rail(body, ibody, a, t, par, ev_i, ev_f, count, check)
                    if count < 0:
                        return -1
                    _refresh(body, ibody, a, t, seg, arc, cap, tp, tw, rbest, rpos)
                    for k in range(first, count):
                        _fill_motion(body, ibody, ev_i, ev_f, k)
                    continue
                if landing:
                    kind = EV_RAIL
                    eb = ibody[IAUX, a] - 1
            elif eb in (STATIONARY, SPINNING):
                _unpress(body, a, seg, arc)
        elif what == 2:
            evolve(body, b, t)
            e0 += kinetic_energy(body, b)
            same = same + 1 if t == last_t else 0
            again = again + 1 if a == last_a and b == last_b and t == last_t else 0
            if again >= REPEATS_AT_ONCE or same > n:
                # the same pair found again and again at one instant, or more pair contacts at
                # one instant than there are bodies (the relaxation resolves a real cluster): the
                # law leaves them pressed together (a ball in the air leaning on others, closing
                # by gravity alone, is not an impact), and finding them again would loop for ever
                # — a Zeno-like cluster of events at one time. Forget the pair until a or b next
                # changes its motion (their rows are then refreshed).
                tp[a, b] = INF
                _row_scan(body, tp, tw, a, nw, rbest, rpos)
                continue
            last_a = a
            last_b = b
            last_t = t
            collide_pair(body, ibody, a, b, par)
            _separate(body, a, b)
            kind = EV_COLLISION
            xb = body[PX, b]
            yb = body[PY, b]
        elif over == 1:
            # in the air and passing over the cushion nose: off the table (ball.flies_over)
            kind = EV_OFF
            _remove(body, ibody, a)
        elif over == 2:
            # over a cushion's nose onto its top and the rail: the flight goes on unchanged, to
            # land on the rail's surface now (models/rail.py); nothing to record
            ibody[IAUX, a] = b + 1
            start_segment(body, ibody, a, par)
            _refresh(body, ibody, a, t, seg, arc, cap, tp, tw, rbest, rpos)
            continue
        elif b < ns:
            nx = seg[b, SNX]
            ny = seg[b, SNY]
            collide_wall(body, ibody, a, nx, ny, seg[b, SE], seg[b, SMU], seg[b, SH], par)
            pen = nx * (body[PX, a] - seg[b, SX1]) + ny * (body[PY, a] - seg[b, SY1]) - body[RAD, a]
            if pen < 0.0:  # undo a rounding-size overlap (see _separate)
                body[PX, a] -= pen * nx
                body[PY, a] -= pen * ny
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
            reach = arc[k, AR] - body[RAD, a] if arc[k, AINSIDE] != 0.0 else arc[k, AR] + body[RAD, a]
            pen = (d - reach) if arc[k, AINSIDE] == 0.0 else (reach - d)
            if pen < 0.0:
                body[PX, a] -= pen * nx
                body[PY, a] -= pen * ny
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
                _remove(body, ibody, a)
            else:
                # not captured: forget this crossing (found again only after leaving the region)
                tw[a, b] = INF
                _row_scan(body, tp, tw, a, nw, rbest, rpos)
                continue
        e1 = kinetic_energy(body, a)
        if what == 2:
            e1 += kinetic_energy(body, b)
        _write_event(
            ev_i, ev_f, count, kind, a, eb, t, body[PX, a], body[PY, a], xb, yb,
            e1 - e0 if kind != EV_CAPTURE and kind != EV_OFF else 0.0,
            _smallest_gap(body, ibody, t) if check else math.nan,
            body[VX, a], body[VY, a],
            body[VX, b] if what == 2 else math.nan, body[VY, b] if what == 2 else math.nan,
        )
        count += 1
        if what == 2:
            work[0] = a
            work[1] = b
            flags[:] = False
            flags[a] = True
            flags[b] = True
            count, nwork = relax(body, ibody, t, par, work, flags, ev_i, ev_f, count, check)
            if count < 0:
                return -1
            for w in range(nwork):
                k = work[w]
                start_segment(body, ibody, k, par)
                if AIR and _on_rail(ibody, k) and ibody[STATE, k] in (STATIONARY, SPINNING):
                    count = _at_rest_on_rail(body, ibody, k, t, par, ev_i, ev_f, count, check)
                    if count < 0:
                        return -1
                    continue
                # a body this contact left at rest (stopped, or at rest and moved apart) records it
                if ibody[STATE, k] == STATIONARY:
                    count = _record_rest(body, ibody, k, t, ev_i, ev_f, count, check)
                    if count < 0:
                        return -1
            for w in range(nwork):
                _refresh(body, ibody, work[w], t, seg, arc, cap, tp, tw, rbest, rpos)
        else:
            if what == 3 and kind != EV_CAPTURE and kind != EV_OFF and ibody[STATE, a] == STATIONARY:
                count = _record_rest(body, ibody, a, t, ev_i, ev_f, count, check)  # stopped by a wall
                if count < 0:
                    return -1
            _refresh(body, ibody, a, t, seg, arc, cap, tp, tw, rbest, rpos)
        for k in range(first, count):
            _fill_motion(body, ibody, ev_i, ev_f, k)
    if count > 0:
        first = count
        count = _settle_at_rest(body, ibody, ev_f[count - 1, EF_T], flags, ev_i, ev_f, count, check)
        if count < 0:
            return -1
        for k in range(first, count):
            _fill_motion(body, ibody, ev_i, ev_f, k)
    return count


def build_kernel(
    name: str,
    *,
    start_segment: Any,
    end_segment: Any,
    collide_pair: Any,
    collide_wall: Any,
    capture: Any,
    bind: dict[str, Any] | None = None,
) -> Any:
    """An event loop compiled against one set of model laws (numba dispatchers with the
    signatures of ``dispatch.py``): ``run_events`` uses the dispatch over every model; a game whose
    bodies are all of one model uses a kernel bound to that model's laws, so a cold start compiles
    only the code it runs. Each kernel has its own name, hence its own entry in numba's cache.
    ``bind`` rebinds more of the loop's global names in the kernel and its relaxation (the planar
    kernel's ``AIR`` and helpers, ``cueboard.engine.planar``)."""
    laws = {
        "start_segment": start_segment,
        "end_segment": end_segment,
        "collide_pair": collide_pair,
        "collide_wall": collide_wall,
        "capture": capture,
        **(bind or {}),
    }
    relax = jit_copy(_relax_py, f"_relax_{name}", laws)
    kernel = jit_copy(_run_events_py, f"run_events_{name}", {**laws, "relax": relax})
    return kernel


def jit_copy(fn: Any, name: str, bind: dict[str, Any]) -> Any:
    """``fn`` (a Python function) compiled under the name ``name`` with some of its global names
    bound to other objects; a name starting with ``_`` makes an internal kernel (``jit.internal``)."""
    scope = dict(fn.__globals__)
    scope.update(bind)
    copy = types.FunctionType(fn.__code__, scope, name, fn.__defaults__, fn.__closure__)
    copy.__qualname__ = name
    copy.__module__ = fn.__module__
    copy.__doc__ = fn.__doc__
    copy.__annotations__ = fn.__annotations__
    # internal helpers are called only from compiled code: no Python wrapper to compile for them
    return internal(copy) if name.startswith("_") else njit(**KERNEL_OPTIONS)(copy)


#: The event loop over every model (dispatch.py): see ``_run_events_py`` for its contract.
run_events = build_kernel(
    "all",
    start_segment=start_segment,
    end_segment=end_segment,
    collide_pair=collide_pair,
    collide_wall=collide_wall,
    capture=capture,
)
#: The event loop for balls only (snooker): compiles the ball model alone.
run_balls = build_kernel(
    "balls",
    start_segment=ball.start_segment,
    end_segment=ball.end_segment,
    collide_pair=ball.collide_ball_ball,
    collide_wall=ball.collide_ball_wall,
    capture=ball.capture_ball,
)
