"""Python side of the engine: build bodies and shapes, run the event loop, read its events.

A game builds its fixed shapes once (``ShapeBuilder`` -> ``Shapes``), a parameter array ``par``
(one row per model), and for each shot the bodies (``new_bodies`` + ``place_body``), then calls
``run``. ``run`` returns the raw event arrays (cheap: what the AI's search uses) and
``to_events`` turns them into :class:`~cueboard.engine.events.Event` records.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from cueboard.engine.events import BodyHeight, BodyMotion, Event, EventKind
from cueboard.engine.layout import (
    AWX,
    AWY,
    AWZ,
    AX,
    AY,
    EV_ARC,
    EV_BOUNCE,
    EV_CAPTURE,
    EV_COLLISION,
    EV_OFF,
    EV_SEGMENT,
    EV_STATE,
    INERTIA,
    MASS,
    MODEL,
    N_ARC_F,
    N_BODY_F,
    N_BODY_I,
    N_CAP_F,
    N_EV_I,
    N_SEG_F,
    PX,
    PY,
    RAD,
    REMOVED,
    STATE,
    STATE_NAMES,
    STATIONARY,
    VX,
    VY,
    WX,
    WY,
    WZ,
)
from cueboard.engine.loop import (
    EF_T,
    EF_VXA,
    EF_VXB,
    EF_WXA,
    EF_WXB,
    EF_XA,
    EF_XB,
    EF_YA,
    EF_YB,
    EF_ZA,
    EF_ZB,
    N_EV_F,
    run_events,
)
from cueboard.errors import CueboardError, CueboardInputError

#: Default hard cap on events per shot.
MAX_EVENTS = 5000


class EventLimitError(CueboardError, RuntimeError):
    """A shot needed more events than the cap: the engine stops instead of running on."""


class ShapeError(CueboardInputError):
    """A fixed shape is malformed (zero-length segment, non-positive radius...)."""


@dataclass(frozen=True)
class Shapes:
    """The fixed shapes of a table or board, as the event loop reads them, with their names."""

    seg: np.ndarray
    arc: np.ndarray
    cap: np.ndarray
    seg_names: tuple[str, ...]
    arc_names: tuple[str, ...]
    cap_names: tuple[str, ...]
    #: The event kind recorded when a body is captured by each capture region.
    cap_events: tuple[EventKind, ...]


@dataclass
class ShapeBuilder:
    """Collects segments, arcs and capture regions (see layout.py for the columns)."""

    _seg: list[list[float]] = field(default_factory=list)
    _arc: list[list[float]] = field(default_factory=list)
    _cap: list[list[float]] = field(default_factory=list)
    _seg_names: list[str] = field(default_factory=list)
    _arc_names: list[str] = field(default_factory=list)
    _cap_names: list[str] = field(default_factory=list)
    _cap_events: list[EventKind] = field(default_factory=list)

    def segment(
        self,
        name: str,
        p1: tuple[float, float],
        p2: tuple[float, float],
        *,
        toward: tuple[float, float],
        e: float,
        mu: float,
        h: float = 0.0,
    ) -> None:
        """A one-sided wall from ``p1`` to ``p2`` facing the point ``toward`` (bodies live on that
        side); restitution ``e``, friction ``mu``, contact height ``h`` above the bed."""
        dx, dy = p2[0] - p1[0], p2[1] - p1[1]
        length = math.hypot(dx, dy)
        if not length > 0.0:
            raise ShapeError(f"segment '{name}' has zero length")
        nx, ny = -dy / length, dx / length  # left of p1 -> p2
        if nx * (toward[0] - p1[0]) + ny * (toward[1] - p1[1]) < 0.0:
            p1, p2 = p2, p1
            nx, ny = -nx, -ny
        self._seg.append([p1[0], p1[1], p2[0], p2[1], nx, ny, length, e, mu, h, 0.0])
        self._seg_names.append(name)

    def arc(
        self,
        name: str,
        centre: tuple[float, float],
        radius: float,
        *,
        start: float = 0.0,
        span: float = 2.0 * math.pi,
        inside: bool = False,
        e: float,
        mu: float,
        h: float = 0.0,
    ) -> None:
        """A circular wall: the arc from angle ``start`` counter-clockwise through ``span``
        (radians; 2π for a whole circle); ``inside`` when bodies move within the circle."""
        if not radius > 0.0:
            raise ShapeError(f"arc '{name}' needs a positive radius, got {radius}")
        if not 0.0 < span <= 2.0 * math.pi + 1e-12:
            raise ShapeError(f"arc '{name}' span {span} is not in (0, 2π]")
        self._arc.append(
            [centre[0], centre[1], radius, start % (2.0 * math.pi), span, float(inside), e, mu, h, 0.0]
        )
        self._arc_names.append(name)

    def capture(
        self,
        name: str,
        centre: tuple[float, float],
        radius: float,
        *,
        event: EventKind,
        leave: bool = False,
        kind: int = 0,
    ) -> None:
        """A capture region: a body whose centre enters (``leave``: leaves) the circle is captured
        if its model's capture law agrees; ``event`` is the kind of event recorded."""
        if not radius > 0.0:
            raise ShapeError(f"capture region '{name}' needs a positive radius, got {radius}")
        self._cap.append([centre[0], centre[1], radius, float(leave), float(kind), 0.0])
        self._cap_names.append(name)
        self._cap_events.append(event)

    def build(self) -> Shapes:
        def arr(rows: list[list[float]], width: int) -> np.ndarray:
            return np.array(rows, dtype=np.float64).reshape(len(rows), width)

        return Shapes(
            seg=arr(self._seg, N_SEG_F),
            arc=arr(self._arc, N_ARC_F),
            cap=arr(self._cap, N_CAP_F),
            seg_names=tuple(self._seg_names),
            arc_names=tuple(self._arc_names),
            cap_names=tuple(self._cap_names),
            cap_events=tuple(self._cap_events),
        )


def new_bodies(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Arrays for ``n`` bodies (all ``REMOVED`` until placed): ``(body, ibody)``."""
    body = np.zeros((N_BODY_F, n), dtype=np.float64)
    ibody = np.zeros((N_BODY_I, n), dtype=np.int64)
    ibody[STATE, :] = REMOVED
    return body, ibody


def place_body(
    body: np.ndarray,
    ibody: np.ndarray,
    i: int,
    *,
    x: float,
    y: float,
    radius: float,
    mass: float,
    inertia: float,
    model: int,
    v: tuple[float, float] = (0.0, 0.0),
    w: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> None:
    """Put body ``i`` on the table at ``(x, y)`` with velocity ``v`` and angular velocity ``w``."""
    body[:, i] = 0.0
    body[PX, i], body[PY, i] = x, y
    body[VX, i], body[VY, i] = v
    body[WX, i], body[WY, i], body[WZ, i] = w
    body[RAD, i], body[MASS, i], body[INERTIA, i] = radius, mass, inertia
    ibody[STATE, i] = STATIONARY
    ibody[MODEL, i] = model


def place_bodies(
    body: np.ndarray,
    ibody: np.ndarray,
    xy: np.ndarray,
    *,
    radius: float,
    mass: float,
    inertia: float,
    model: int,
) -> None:
    """Put bodies ``0..len(xy)-1`` at rest at the centres ``xy`` (``place_body`` for many at once)."""
    n = len(xy)
    body[:, :n] = 0.0
    body[PX, :n], body[PY, :n] = xy[:, 0], xy[:, 1]
    body[RAD, :n], body[MASS, :n], body[INERTIA, :n] = radius, mass, inertia
    ibody[STATE, :n] = STATIONARY
    ibody[MODEL, :n] = model


@dataclass(frozen=True)
class RawEvents:
    """The event arrays of one run: ``ev_i[k] = (kind, a, b)``, ``ev_f[k] = (t, xa, ya, xb, yb,
    dE, gap, vxa, vya, vxb, vyb)`` for ``k < n`` (columns ``loop.EF_*``); the bodies' final state
    is in the ``body`` array."""

    n: int
    ev_i: np.ndarray
    ev_f: np.ndarray


def run(
    body: np.ndarray,
    ibody: np.ndarray,
    shapes: Shapes,
    par: np.ndarray,
    *,
    max_events: int = MAX_EVENTS,
    check: bool = False,
    kernel: Any = None,
) -> RawEvents:
    """Play the bodies to rest (``body`` / ``ibody`` are updated in place to the final state).

    Raises EventLimitError when the shot needs more than ``max_events`` events. ``check`` records
    the smallest gap between any two bodies at every event (slow; for tests). ``kernel`` is the
    compiled event loop to use (``loop.run_events``, every model, by default; ``loop.run_balls``
    when all bodies are balls, or any ``loop.build_kernel`` result).
    """
    ev_i = np.empty((max_events, N_EV_I), dtype=np.int64)
    ev_f = np.empty((max_events, N_EV_F), dtype=np.float64)
    loop = run_events if kernel is None else kernel
    n = loop(body, ibody, shapes.seg, shapes.arc, shapes.cap, par, ev_i, ev_f, check)
    if n < 0:
        raise EventLimitError(
            f"the shot needed more than {max_events} events; the engine stopped (raise max_events "
            "if the position is a genuine pile-up)"
        )
    return RawEvents(n=n, ev_i=ev_i[:n], ev_f=ev_f[:n])


#: The fields each event record sets, shared by all records built by ``to_events`` (a set of its
#: own per record would take ~700 of the ~1100 bytes an event record costs).
_FIELDS_WITH_SHAPE: Final = {"time", "kind", "bodies", "shape", "x", "y", "motion", "heights"}
_NO_HEIGHTS: Final[tuple[BodyHeight, ...]] = ()


def to_events(raw: RawEvents, body_ids: Sequence[str], shapes: Shapes) -> tuple[Event, ...]:
    """The raw events as records (bodies by id, shapes by name).

    The records are built as ``model_construct`` would build them: the engine's own output needs no validation
    (its times, kinds, ids and coordinates are well-formed by construction), and the records
    share their fields-set, which keeps each one well under 1 KiB.
    """
    state_kind = {
        "stationary": EventKind.STATIONARY,
        "spinning": EventKind.SPINNING,
        "sliding": EventKind.SLIDING,
        "rolling": EventKind.ROLLING,
    }
    shaped = _FIELDS_WITH_SHAPE
    new = Event.__new__
    setattr_ = object.__setattr__
    out: list[Event] = []
    ev_i = raw.ev_i.tolist()
    ev_f = raw.ev_f.tolist()
    for (kind, a, b), row in zip(ev_i, ev_f, strict=True):
        t, x, y = row[EF_T], row[EF_XA], row[EF_YA]
        bodies: tuple[str, ...] = (body_ids[a],)
        shape: str | None = None
        if kind == EV_COLLISION:
            event_kind = EventKind.COLLISION
            bodies = (body_ids[a], body_ids[b])
        elif kind == EV_SEGMENT:
            event_kind, shape = EventKind.CUSHION, shapes.seg_names[b]
        elif kind == EV_ARC:
            event_kind, shape = EventKind.CUSHION, shapes.arc_names[b]
        elif kind == EV_CAPTURE:
            event_kind, shape = shapes.cap_events[b], shapes.cap_names[b]
        elif kind == EV_STATE:
            event_kind = state_kind[STATE_NAMES[b]]
        elif kind == EV_BOUNCE:
            event_kind, shape = EventKind.BOUNCE, "bed"
        elif kind == EV_OFF:
            event_kind = EventKind.OFF_TABLE
            ns = len(shapes.seg_names)
            shape = shapes.seg_names[b] if b < ns else shapes.arc_names[b - ns]
        else:
            continue
        # What ``Event.model_construct`` does, without its per-call field loop (a third of the
        # record path's time): every field is given, and all records share one fields-set.
        ev = new(Event)
        motion: tuple[BodyMotion, ...] = (_motion(body_ids[a], row, x, y, EF_VXA, EF_WXA),)
        heights = _NO_HEIGHTS
        if kind == EV_COLLISION:
            motion += (_motion(body_ids[b], row, row[EF_XB], row[EF_YB], EF_VXB, EF_WXB),)
            if row[EF_ZB] or row[EF_ZB + 1] or row[EF_ZB + 2]:
                heights = (BodyHeight(body_ids[b], row[EF_ZB], row[EF_ZB + 1], row[EF_ZB + 2]),)
        if row[EF_ZA] or row[EF_ZA + 1] or row[EF_ZA + 2]:
            heights = (BodyHeight(body_ids[a], row[EF_ZA], row[EF_ZA + 1], row[EF_ZA + 2]), *heights)
        fields = {
            "time": t, "kind": event_kind, "bodies": bodies, "shape": shape, "x": x, "y": y,
            "motion": motion, "heights": heights,
        }
        setattr_(ev, "__dict__", fields)
        setattr_(ev, "__pydantic_fields_set__", shaped)
        setattr_(ev, "__pydantic_extra__", None)
        setattr_(ev, "__pydantic_private__", None)
        out.append(ev)
    return tuple(out)


#: One shared 0.0: zeros are common in motions (a rolling ball's vertical spin, a resting
#: ball's everything) and each float object costs 24 bytes.
_ZERO: Final = 0.0


def _motion(body_id: str, row: list[float], x: float, y: float, cv: int, cw: int) -> BodyMotion:
    """One body's motion from an event row (columns ``cv`` = its velocity, ``cw`` = its spin...)."""
    v = [u if u else _ZERO for u in (row[cv], row[cv + 1], *row[cw : cw + 8])]
    return BodyMotion(body_id, STATE_NAMES[int(row[cw + 8])], x, y, *v)


def motion_of(body: np.ndarray, ibody: np.ndarray, i: int, body_id: str) -> BodyMotion:
    """Body ``i``'s motion from its fields at ``T0`` (after its model's ``start_segment``)."""
    b = body[:, i].tolist()
    return BodyMotion(
        body_id, STATE_NAMES[int(ibody[STATE, i])], b[PX], b[PY], b[VX], b[VY], b[WX], b[WY], b[WZ],
        b[AX], b[AY], b[AWX], b[AWY], b[AWZ],
    )


def final_positions(body: np.ndarray, ibody: np.ndarray) -> np.ndarray:
    """``(n, 2)`` final centre positions (NaN for removed bodies)."""
    pos = np.stack([body[PX], body[PY]], axis=1).copy()
    pos[ibody[STATE] == REMOVED] = np.nan
    return pos


def kinetic_energy_total(body: np.ndarray, ibody: np.ndarray) -> float:
    """Total kinetic energy of the bodies on the table at their ``T0`` (J)."""
    on = ibody[STATE] != REMOVED
    v2 = body[VX] ** 2 + body[VY] ** 2
    w2 = body[WX] ** 2 + body[WY] ** 2 + body[WZ] ** 2
    return float(np.sum((0.5 * body[MASS] * v2 + 0.5 * body[INERTIA] * w2)[on]))
