"""Python side of a disc shot (crokinole, novuss): bodies from pieces, one engine run, records.

Games build their shapes once (:class:`cueboard.engine.world.ShapeBuilder`) and a parameter
array with :func:`disc_par`; for each shot they list the :class:`DiscBody` s and call
:func:`run_discs`, which plays the shot on the event loop (model ``MODEL_DISC``, laws in
:mod:`cueboard.engine.models.disc`) and returns the events and each body's final place.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import ClassVar

import numpy as np
from numba import njit

from cueboard.engine import planar
from cueboard.engine.events import Event, EventKind
from cueboard.engine.jit import KERNEL_OPTIONS
from cueboard.engine.layout import (
    CCX,
    CCY,
    CKIND,
    CMODE,
    CR,
    EV_ARC,
    EV_CAPTURE,
    EV_COLLISION,
    EV_OFF,
    EV_SEGMENT,
    EV_STATE,
    INERTIA,
    MASS,
    MODEL,
    MODEL_DISC,
    N_MODELS,
    N_PAR,
    PX,
    PY,
    RAD,
    REMOVED,
    SLIDING,
    SPINNING,
    STATE,
    STATIONARY,
    T0,
    VX,
    VY,
    WZ,
)
from cueboard.engine.loop import EF_DE, EF_GAP, EF_T
from cueboard.engine.models.disc import (
    CAP_OPENING,
    CATCH_TIME_FIELD,
    FIXED_POINT_SLOTS,
    FRICTION_TABLE_FIELD,
    MAX_OPENINGS,
    MEMO_ROW0,
    MEMO_ROWS,
    P_E,
    P_FIXED,
    P_G,
    P_MU,
    P_MUC,
    P_OPEN,
    RING,
    SOLID,
    fixed_point,
)
from cueboard.engine.world import RawEvents, Shapes, new_bodies, run, to_events
from cueboard.errors import PositionError, SettingsError

#: Events per shot allowed before the engine gives up (a spinning disc has a transition at each
#: band of the friction law, ~100 per disc; a full crokinole board stays far below this).
MAX_DISC_EVENTS = 200_000


#: Overlap accepted between two discs (or a disc and a wall) placed for a shot, m: discs left
#: pressed together or into a rail by a previous shot (slow packs end within ~2 µm of contact,
#: docs/physics.md) are not refused.
OVERLAP_TOL = 1e-5


class DiscInputError(PositionError):
    """A disc shot's bodies are malformed (not finite, overlapping, off the board...)."""

    code: ClassVar[str] = "invalid-discs"


@dataclass(frozen=True)
class DiscBody:
    """One disc for the engine: id, centre, size, mass, κ = I/(mR²), catch time, velocity, spin,
    and its contact patch's friction table (``disc.SOLID`` a full disc, ``disc.RING`` a ring)."""

    id: str
    x: float
    y: float
    radius: float
    mass: float
    kappa: float
    catch_time: float
    vx: float = 0.0
    vy: float = 0.0
    spin: float = 0.0
    friction_table: int = SOLID


@dataclass(frozen=True)
class DiscResult:
    """The events of a shot and, per body id, its final centre and the capture event (or None)."""

    events: tuple[Event, ...]
    final: dict[str, tuple[float, float, EventKind | None]]
    #: With ``check``: the largest kinetic-energy gain of any event (J; ≤ 0 when energy never
    #: rises) and the smallest gap between two discs at any event (m); NaN otherwise.
    max_energy_gain: float = math.nan
    min_gap: float = math.nan


def disc_par(
    *, mu: float, g: float, e: float, mu_c: float, openings: Sequence[tuple[float, float, float]] = ()
) -> np.ndarray:
    """The engine's parameter array with the disc model's row filled in (models/disc.py)."""
    if len(openings) > MAX_OPENINGS:
        raise SettingsError(f"at most {MAX_OPENINGS} round openings, got {len(openings)}")
    par = np.zeros((N_MODELS, N_PAR))
    row = par[MODEL_DISC]
    row[P_MU], row[P_G], row[P_E], row[P_MUC] = mu, g, e, mu_c
    for k, (cx, cy, r) in enumerate(openings):
        row[P_OPEN + 3 * k : P_OPEN + 3 * k + 3] = (cx, cy, r)
    return par


@lru_cache(maxsize=64)
def _fixed_point(kappa: float, table: int) -> float:
    return float(fixed_point(kappa, table))


#: Parameter arrays with their fixed-point slots filled and the disc model's memo rows, by (the
#: array's bytes, the pairs): a game plays every shot with one parameter array and one or two
#: kinds of disc, and the memo fills up over its shots.
_FILLED: dict[tuple[bytes, tuple[tuple[int, float], ...]], np.ndarray] = {}


def _par_with(par: np.ndarray, pairs: Sequence[tuple[int, float]]) -> np.ndarray:
    """``par``'s model rows with the fixed-point slots holding ε₀ for the first
    ``FIXED_POINT_SLOTS`` of ``pairs`` ((table, κ), distinct, in order), followed by the disc
    model's memo rows (``disc.MEMO_ROW0``): an array shared by the shots with the same
    parameters and pairs, whose memo rows the kernel fills (its other rows it only reads)."""
    key = (par[:MEMO_ROW0].tobytes(), tuple(pairs[:FIXED_POINT_SLOTS]))
    out = _FILLED.get(key)
    if out is None:
        out = np.zeros((MEMO_ROW0 + MEMO_ROWS, N_PAR))
        out[:MEMO_ROW0] = par[:MEMO_ROW0]
        row = out[MODEL_DISC]
        for k, (table, kappa) in enumerate(key[1]):
            c = P_FIXED + 3 * k
            row[c : c + 3] = (table, kappa, _fixed_point(kappa, table))
        if len(_FILLED) >= 8:
            _FILLED.clear()
        _FILLED[key] = out
    return out


def with_fixed_points(par: np.ndarray, body: np.ndarray, ibody: np.ndarray) -> np.ndarray:
    """``par`` whose fixed-point slots (``disc.P_FIXED``) hold ε₀ for the bodies' first
    ``FIXED_POINT_SLOTS`` (table, κ) pairs, κ computed as the kernel computes it
    (``I / (m R R)``), so that the kernel finds them instead of bisecting for ε₀ at every piece
    of the friction law (the same ε₀: ``fixed_point`` of that very κ), and the disc model's memo
    rows after them (``_par_with``). ``par`` itself is not written to; the array returned is
    shared with other shots: only the kernel writes to it, into its memo rows."""
    kappas = body[INERTIA] / (body[MASS] * body[RAD] * body[RAD])
    pairs = dict.fromkeys(zip(ibody[FRICTION_TABLE_FIELD].tolist(), kappas.tolist(), strict=True))
    return _par_with(par, list(pairs))


def _check(bodies: Sequence[DiscBody]) -> None:
    seen: set[str] = set()
    for b in bodies:
        # one sum is finite when every number is (and, rarely, a sum of huge ones is not: then
        # each number is looked at)
        if not math.isfinite(b.x + b.y + b.radius + b.mass + b.kappa + b.catch_time + b.vx + b.vy + b.spin):
            vals = (b.x, b.y, b.radius, b.mass, b.kappa, b.catch_time, b.vx, b.vy, b.spin)
            if not all(math.isfinite(v) for v in vals):
                raise DiscInputError(f"disc '{b.id}' has a non-finite number")
        if b.friction_table not in (SOLID, RING):
            raise DiscInputError(f"disc '{b.id}' has an unknown friction table {b.friction_table}")
        if b.radius <= 0.0 or b.mass <= 0.0 or not 0.0 < b.kappa <= 1.0 or b.catch_time <= 0.0:
            raise DiscInputError(f"disc '{b.id}' needs positive radius, mass, catch time and κ in (0, 1]")
        if b.id in seen:
            raise DiscInputError(f"disc id '{b.id}' appears twice")
        seen.add(b.id)
    _check_overlaps(bodies)


def _check_overlaps(bodies: Sequence[DiscBody]) -> None:
    """Refuse two discs overlapping by more than ``OVERLAP_TOL`` (the first such pair in the
    bodies' order is named). Sort and sweep along x: two discs whose centres lie further apart
    in x than the two largest radii cannot overlap (their gap is at least the x distance less
    the radii), so each disc is measured only against its neighbours in x, with the gap
    computed as for every pair: ``hypot(a - b) - r_a - r_b``, ``a`` the earlier body."""
    n = len(bodies)
    if n < 2:
        return
    order = sorted(range(n), key=lambda i: bodies[i].x)
    xs = [bodies[i].x for i in order]
    reach = 2.0 * max(b.radius for b in bodies) + 1e-9
    worst: tuple[int, int, float] | None = None
    for k in range(n):
        for m in range(k + 1, n):
            if xs[m] - xs[k] > reach:
                break
            i, j = order[k], order[m]
            if i > j:
                i, j = j, i
            a, b = bodies[i], bodies[j]
            gap = math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius
            if gap < -OVERLAP_TOL and (worst is None or (i, j) < worst[:2]):
                worst = (i, j, gap)
    if worst is not None:
        i, j, gap = worst
        raise DiscInputError(f"discs '{bodies[i].id}' and '{bodies[j].id}' overlap by {-gap * 1000:.3f} mm")


@njit(**KERNEL_OPTIONS)
def _state_news(ev_i: np.ndarray, start: np.ndarray) -> np.ndarray:
    """Which events ``_state_changes`` keeps: each in time order sets the states it names (a
    transition its body's new state, a collision both bodies' and a wall contact its body's to
    sliding); a transition is kept when the state it sets differs from the body's last one
    (``start`` before any). Compiled: a novuss stroke has ~300 events, 45 µs walked in Python."""
    last = start.copy()
    keep = np.ones(ev_i.shape[0], dtype=np.bool_)
    for k in range(ev_i.shape[0]):
        kind = ev_i[k, 0]
        a = ev_i[k, 1]
        if kind == EV_STATE:
            b = ev_i[k, 2]
            if last[a] == b:
                keep[k] = False
            last[a] = b
        elif kind == EV_COLLISION:
            last[a] = SLIDING
            last[ev_i[k, 2]] = SLIDING
        elif kind in (EV_SEGMENT, EV_ARC):
            last[a] = SLIDING
    return keep


def _state_changes(raw: RawEvents, start: Sequence[int]) -> RawEvents:
    """The raw events without the motion-state transitions that do not change a body's state
    (the disc law's piece boundaries are transitions for the engine, not news for a referee).
    ``start``: each body's state code as the shot begins; a body leaves a contact sliding."""
    keep = _state_news(raw.ev_i, np.asarray(start, dtype=np.int64))
    return RawEvents(n=int(keep.sum()), ev_i=raw.ev_i[keep], ev_f=raw.ev_f[keep])


#: The kinds of event that take a body off the board (its final place is then that capture).
_CAPTURE_KINDS = frozenset({EventKind.HOLED, EventKind.DITCHED, EventKind.POCKETED, EventKind.OFF_TABLE})
_time = attrgetter("time")


def _captures(raw: RawEvents, ids: Sequence[str], shapes: Shapes) -> dict[str, EventKind]:
    """Each captured body's last capture among the events (as ``to_events`` names their kinds:
    an opening's event, or off the table), read from the rows of those kinds alone instead of
    from every event record."""
    out: dict[str, EventKind] = {}
    kinds = raw.ev_i[:, 0]
    for kind, a, b in raw.ev_i[(kinds == EV_CAPTURE) | (kinds == EV_OFF)].tolist():
        event_kind = shapes.cap_events[b] if kind == EV_CAPTURE else EventKind.OFF_TABLE
        if event_kind in _CAPTURE_KINDS:
            out[ids[a]] = event_kind
    return out


def _in_time_order(raw: RawEvents) -> bool:
    """Whether the events' times never decrease (the event loop writes them so): sorting them by
    time, a stable sort, would then leave them as they are."""
    t = raw.ev_f[:, EF_T]
    return bool(np.all(t[1:] >= t[:-1]))


def _resting_over_openings(
    body: np.ndarray, ibody: np.ndarray, ids: Sequence[str], shapes: Shapes
) -> tuple[Event, ...]:
    """Capture events for discs that came to rest with their centre over a round opening.

    The engine decides a capture when a centre crosses the rim; a disc stopped over the opening
    by a contact inside it (a shooter stopping dead on a leaner) never crosses again, yet it has
    lost its support and drops (the catch rule, disc_capture.py). Dated when it stopped.
    """
    out: list[Event] = []
    px, py, state = body[PX].tolist(), body[PY].tolist(), ibody[STATE].tolist()
    for k, (cx, cy, rc, mode, kind) in enumerate(shapes.cap[:, [CCX, CCY, CR, CMODE, CKIND]].tolist()):
        if mode != 0.0 or int(kind) < CAP_OPENING:
            continue
        for i, pid in enumerate(ids):
            if state[i] == REMOVED or math.hypot(px[i] - cx, py[i] - cy) >= rc:
                continue
            state[i] = ibody[STATE, i] = REMOVED
            out.append(
                Event(
                    time=float(body[T0, i]),
                    kind=shapes.cap_events[k],
                    bodies=(pid,),
                    shape=shapes.cap_names[k],
                    x=px[i],
                    y=py[i],
                )
            )
    return tuple(out)


def run_discs(
    bodies: Sequence[DiscBody], shapes: Shapes, par: np.ndarray, *, check: bool = False
) -> DiscResult:
    """Play the discs to rest: events in time order and every body's final place (``check``
    also measures the energy change and the smallest gap at every event: slower, for tests)."""
    _check(bodies)
    n = len(bodies)
    body, ibody = new_bodies(n)
    # each body as ``place_body`` puts it, all at once; the moment of inertia κ m R², and κ back
    # from it as the disc law computes it (I / (m R R)) for the fixed-point slots
    rows = [
        (b.x, b.y, b.vx, b.vy, b.spin, b.radius, b.mass, b.kappa * b.mass * b.radius * b.radius, b.catch_time)
        for b in bodies
    ]
    body[[PX, PY, VX, VY, WZ, RAD, MASS, INERTIA, CATCH_TIME_FIELD]] = (
        np.array(rows, dtype=np.float64).reshape(n, 9).T
    )
    ibody[STATE] = STATIONARY
    ibody[MODEL] = MODEL_DISC
    ibody[FRICTION_TABLE_FIELD] = [b.friction_table for b in bodies]
    pairs = dict.fromkeys(
        (b.friction_table, r[7] / (b.mass * b.radius * b.radius)) for b, r in zip(bodies, rows, strict=True)
    )
    par = _par_with(par, list(pairs))
    raw = run(body, ibody, shapes, par, max_events=MAX_DISC_EVENTS, check=check, kernel=planar.run_discs)
    ids = [b.id for b in bodies]
    start = [SLIDING if (b.vx or b.vy) else (SPINNING if b.spin else STATIONARY) for b in bodies]
    news = _state_changes(raw, start)
    events = to_events(news, ids, shapes)
    captured = _captures(news, ids, shapes)
    late = _resting_over_openings(body, ibody, ids, shapes)
    final: dict[str, tuple[float, float, EventKind | None]] = {}
    for pid, x, y, state in zip(
        ids, body[PX].tolist(), body[PY].tolist(), ibody[STATE].tolist(), strict=True
    ):
        final[pid] = (x, y, captured.get(pid) if state == REMOVED else None)
    for ev in late:
        x, y, _ = final[ev.bodies[0]]
        final[ev.bodies[0]] = (x, y, ev.kind)
    if late or not _in_time_order(news):
        events = tuple(sorted((*events, *late), key=_time))
    gain = gap = math.nan
    if check and raw.n:
        gain = float(np.max(raw.ev_f[:, EF_DE]))
        gap = float(np.min(raw.ev_f[:, EF_GAP]))
    return DiscResult(events=events, final=final, max_energy_gain=gain, min_gap=gap)
