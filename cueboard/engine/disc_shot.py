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
from typing import ClassVar

import numpy as np

from cueboard.engine import planar
from cueboard.engine.events import Event, EventKind
from cueboard.engine.layout import (
    CCX,
    CCY,
    CKIND,
    CMODE,
    CR,
    EV_ARC,
    EV_COLLISION,
    EV_SEGMENT,
    EV_STATE,
    MODEL_DISC,
    N_MODELS,
    N_PAR,
    PX,
    PY,
    REMOVED,
    SLIDING,
    SPINNING,
    STATE,
    STATIONARY,
    T0,
)
from cueboard.engine.loop import EF_DE, EF_GAP
from cueboard.engine.models.disc import (
    CAP_OPENING,
    CATCH_TIME_FIELD,
    FRICTION_TABLE_FIELD,
    MAX_OPENINGS,
    P_E,
    P_G,
    P_MU,
    P_MUC,
    P_OPEN,
    RING,
    SOLID,
)
from cueboard.engine.world import RawEvents, Shapes, new_bodies, place_body, run, to_events
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


def _check(bodies: Sequence[DiscBody]) -> None:
    seen: set[str] = set()
    for b in bodies:
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
    for i, a in enumerate(bodies):
        for b in bodies[i + 1 :]:
            gap = math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius
            if gap < -OVERLAP_TOL:
                raise DiscInputError(f"discs '{a.id}' and '{b.id}' overlap by {-gap * 1000:.3f} mm")


def _state_changes(raw: RawEvents, start: Sequence[int]) -> RawEvents:
    """The raw events without the motion-state transitions that do not change a body's state
    (the disc law's piece boundaries are transitions for the engine, not news for a referee).
    ``start``: each body's state code as the shot begins; a body leaves a contact sliding."""
    last = list(start)
    keep = np.ones(raw.n, dtype=bool)
    for k, (kind, a, b) in enumerate(raw.ev_i.tolist()):
        if kind == EV_STATE:
            if last[a] == b:
                keep[k] = False
            last[a] = b
        elif kind == EV_COLLISION:
            last[a] = SLIDING
            last[b] = SLIDING
        elif kind in (EV_SEGMENT, EV_ARC):
            last[a] = SLIDING
    return RawEvents(n=int(keep.sum()), ev_i=raw.ev_i[keep], ev_f=raw.ev_f[keep])


def _resting_over_openings(
    body: np.ndarray, ibody: np.ndarray, ids: Sequence[str], shapes: Shapes
) -> tuple[Event, ...]:
    """Capture events for discs that came to rest with their centre over a round opening.

    The engine decides a capture when a centre crosses the rim; a disc stopped over the opening
    by a contact inside it (a shooter stopping dead on a leaner) never crosses again, yet it has
    lost its support and drops (the catch rule, disc_capture.py). Dated when it stopped.
    """
    out: list[Event] = []
    for k in range(shapes.cap.shape[0]):
        if shapes.cap[k, CMODE] != 0.0 or int(shapes.cap[k, CKIND]) < CAP_OPENING:
            continue
        cx, cy, rc = shapes.cap[k, CCX], shapes.cap[k, CCY], shapes.cap[k, CR]
        for i, pid in enumerate(ids):
            if ibody[STATE, i] == REMOVED or math.hypot(body[PX, i] - cx, body[PY, i] - cy) >= rc:
                continue
            ibody[STATE, i] = REMOVED
            out.append(
                Event(
                    time=float(body[T0, i]),
                    kind=shapes.cap_events[k],
                    bodies=(pid,),
                    shape=shapes.cap_names[k],
                    x=float(body[PX, i]),
                    y=float(body[PY, i]),
                )
            )
    return tuple(out)


def run_discs(
    bodies: Sequence[DiscBody], shapes: Shapes, par: np.ndarray, *, check: bool = False
) -> DiscResult:
    """Play the discs to rest: events in time order and every body's final place (``check``
    also measures the energy change and the smallest gap at every event: slower, for tests)."""
    _check(bodies)
    body, ibody = new_bodies(len(bodies))
    for i, b in enumerate(bodies):
        place_body(
            body,
            ibody,
            i,
            x=b.x,
            y=b.y,
            radius=b.radius,
            mass=b.mass,
            inertia=b.kappa * b.mass * b.radius * b.radius,
            model=MODEL_DISC,
            v=(b.vx, b.vy),
            w=(0.0, 0.0, b.spin),
        )
        body[CATCH_TIME_FIELD, i] = b.catch_time
        ibody[FRICTION_TABLE_FIELD, i] = b.friction_table
    raw = run(body, ibody, shapes, par, max_events=MAX_DISC_EVENTS, check=check, kernel=planar.run_discs)
    ids = [b.id for b in bodies]
    start = [SLIDING if (b.vx or b.vy) else (SPINNING if b.spin else STATIONARY) for b in bodies]
    events = to_events(_state_changes(raw, start), ids, shapes)
    captured: dict[str, EventKind] = {}
    for ev in events:
        if ev.kind in (EventKind.HOLED, EventKind.DITCHED, EventKind.POCKETED, EventKind.OFF_TABLE):
            captured[ev.bodies[0]] = ev.kind
    late = _resting_over_openings(body, ibody, ids, shapes)
    final: dict[str, tuple[float, float, EventKind | None]] = {}
    for i, b in enumerate(bodies):
        removed = ibody[STATE, i] == REMOVED
        final[b.id] = (float(body[PX, i]), float(body[PY, i]), captured.get(b.id) if removed else None)
    for ev in late:
        x, y, _ = final[ev.bodies[0]]
        final[ev.bodies[0]] = (x, y, ev.kind)
    events = tuple(sorted((*events, *late), key=lambda e: e.time))
    gain = gap = math.nan
    if check and raw.n:
        gain = float(np.max(raw.ev_f[:, EF_DE]))
        gap = float(np.min(raw.ev_f[:, EF_GAP]))
    return DiscResult(events=events, final=final, max_energy_gain=gain, min_gap=gap)
