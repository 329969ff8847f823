"""Python side of the engine: build bodies and shapes, run the event loop, read its events.

A game builds its fixed shapes once (``ShapeBuilder`` -> ``Shapes``), a parameter array ``par``
(one row per model), and for each shot the bodies (``new_bodies`` + ``place_body``), then calls
``run``. ``run`` returns the raw event arrays (cheap: what the AI's search uses) and
``to_events`` turns them into :class:`~cueboard.engine.events.Event` records.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

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
    EV_RAIL,
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
from cueboard.errors import CueboardError, SettingsError

#: Default hard cap on events per shot.
MAX_EVENTS = 5000
#: Event caps up to this many rows reuse each thread's event buffers (``run``); larger ones
#: allocate their own. It covers the disc shots' cap (``disc_shot.MAX_DISC_EVENTS``, 200,000):
#: below it every disc shot allocated a fresh 61 MB pair, ~18 µs of a novuss stroke. A kept
#: buffer costs memory only for the rows shots have written (the pages never touched stay
#: unmapped).
KEEP_BUFFER_EVENTS = 200_000


class EventLimitError(CueboardError, RuntimeError):
    """A shot needed more events than the cap: the engine stops instead of running on."""

    code: ClassVar[str] = "event-limit"


class ShapeError(SettingsError):
    """A fixed shape is malformed (zero-length segment, non-positive radius...)."""

    code: ClassVar[str] = "invalid-shape"


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
        rail: bool = False,
    ) -> None:
        """A one-sided wall from ``p1`` to ``p2`` facing the point ``toward`` (bodies live on that
        side); restitution ``e``, friction ``mu``, contact height ``h`` above the bed; ``rail``: a
        cushion with a top and a rail behind it that a ball in the air can land on
        (``cueboard.engine.models.rail``; the parameter array must give the rail's geometry)."""
        dx, dy = p2[0] - p1[0], p2[1] - p1[1]
        length = math.hypot(dx, dy)
        if not length > 0.0:
            raise ShapeError(f"segment '{name}' has zero length")
        nx, ny = -dy / length, dx / length  # left of p1 -> p2
        if nx * (toward[0] - p1[0]) + ny * (toward[1] - p1[1]) < 0.0:
            p1, p2 = p2, p1
            nx, ny = -nx, -ny
        self._seg.append([p1[0], p1[1], p2[0], p2[1], nx, ny, length, e, mu, h, 1.0 if rail else 0.0])
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
    ev_i, ev_f = _event_buffers(max_events)
    loop = run_events if kernel is None else kernel
    n = loop(body, ibody, shapes.seg, shapes.arc, shapes.cap, par, ev_i, ev_f, check)
    if n < 0:
        raise EventLimitError(
            f"the shot needed more than {max_events} events; the engine stopped (raise max_events "
            "if the position is a genuine pile-up)"
        )
    return RawEvents(n=n, ev_i=ev_i[:n].copy(), ev_f=ev_f[:n].copy())


class _Buffers(threading.local):
    """Each thread's event arrays, reused from shot to shot (see ``_event_buffers``)."""

    ev_i = np.empty((0, N_EV_I), dtype=np.int64)
    ev_f = np.empty((0, N_EV_F), dtype=np.float64)


_buffers = _Buffers()


def _event_buffers(max_events: int) -> tuple[np.ndarray, np.ndarray]:
    """Arrays of ``max_events`` rows for the kernel to write its events into: views of this
    thread's buffers, grown when a shot allows more events than any before. A fresh 1.4 MB pair
    per shot (5000 events) cost ~20 µs of page faults per shot (the allocator hands such sizes
    back to the system on free), a sixth of a typical shot; ``run`` copies the rows a shot wrote
    out, so no result shares the buffers."""
    if max_events > KEEP_BUFFER_EVENTS:  # a rare huge cap: arrays of its own, not kept
        return np.empty((max_events, N_EV_I), dtype=np.int64), np.empty((max_events, N_EV_F))
    b = _buffers
    if b.ev_i.shape[0] < max_events:
        b.ev_i = np.empty((max_events, N_EV_I), dtype=np.int64)
        b.ev_f = np.empty((max_events, N_EV_F), dtype=np.float64)
    return b.ev_i[:max_events], b.ev_f[:max_events]


#: The fields each event record sets, shared by all records built by ``to_events`` (a set of its
#: own per record would take ~700 of the ~1100 bytes an event record costs). A set, as pydantic
#: keeps it (``model_copy`` copies it before adding to it).
_FIELDS_WITH_SHAPE: Final = {"time", "kind", "bodies", "shape", "x", "y", "motion", "heights"}
_NO_HEIGHTS: Final[tuple[BodyHeight, ...]] = ()
#: One shared 0.0: zeros are common in motions (a rolling ball's vertical spin, a resting
#: ball's everything) and each float object costs 24 bytes.
_ZERO: Final = 0.0
_STATE_KIND: Final = {
    "stationary": EventKind.STATIONARY,
    "spinning": EventKind.SPINNING,
    "sliding": EventKind.SLIDING,
    "rolling": EventKind.ROLLING,
    "airborne": EventKind.AIRBORNE,
}
#: The kinds ``to_events`` makes, bound once: an enum member read from its class costs ~0.15 µs
#: on Python 3.11 (the enum's descriptor), once or twice per event otherwise.
_COLLISION, _CUSHION = EventKind.COLLISION, EventKind.CUSHION
_BOUNCE, _OFF_TABLE = EventKind.BOUNCE, EventKind.OFF_TABLE
_new_event = Event.__new__
_set = object.__setattr__
_tuple_new = tuple.__new__


def engine_event(
    time: float,
    kind: EventKind,
    bodies: tuple[str, ...],
    shape: str | None,
    x: float,
    y: float,
    motion: tuple[BodyMotion, ...],
    heights: tuple[BodyHeight, ...],
    fields_set: set[str] = _FIELDS_WITH_SHAPE,
) -> Event:
    """An Event record from the engine's own output, built as ``Event.model_construct`` builds
    one (no validation: the engine's times, kinds, ids and coordinates are well-formed by
    construction) without its per-call field loop; ``fields_set`` is shared between records."""
    ev = _new_event(Event)
    _set(ev, "__dict__", {
        "time": time, "kind": kind, "bodies": bodies, "shape": shape, "x": x, "y": y,
        "motion": motion, "heights": heights,
    })
    _set(ev, "__pydantic_fields_set__", fields_set)
    _set(ev, "__pydantic_extra__", None)
    _set(ev, "__pydantic_private__", None)
    return ev


def to_events(raw: RawEvents, body_ids: Sequence[str], shapes: Shapes) -> tuple[Event, ...]:
    """The raw events as records (bodies by id, shapes by name), built by ``engine_event``: the
    records share their fields-set and their zeros, which keeps each one well under 1 KiB.

    The loop is written out for speed (the record path's Python time is mostly here): each
    motion is made by ``tuple.__new__`` from the row's values, a zero (``0.0`` or ``-0.0``)
    replaced by the shared ``_ZERO``.
    """
    out: list[Event] = []
    append = out.append
    make = engine_event
    z = _ZERO
    names = STATE_NAMES
    seg_names, arc_names = shapes.seg_names, shapes.arc_names
    cap_names, cap_events = shapes.cap_names, shapes.cap_events
    wa, wb = EF_WXA, EF_WXB
    for (kind, a, b), row in zip(raw.ev_i.tolist(), raw.ev_f.tolist(), strict=True):
        t, x, y = row[EF_T], row[EF_XA], row[EF_YA]
        ida = body_ids[a]
        shape: str | None = None
        motion: tuple[BodyMotion, ...] = (_tuple_new(BodyMotion, (
            ida, names[int(row[wa + 8])], x, y, row[EF_VXA] or z, row[EF_VXA + 1] or z,
            row[wa] or z, row[wa + 1] or z, row[wa + 2] or z, row[wa + 3] or z,
            row[wa + 4] or z, row[wa + 5] or z, row[wa + 6] or z, row[wa + 7] or z,
        )),)
        heights = _NO_HEIGHTS
        if kind == EV_COLLISION:
            idb = body_ids[b]
            motion += (_tuple_new(BodyMotion, (
                idb, names[int(row[wb + 8])], row[EF_XB], row[EF_YB], row[EF_VXB] or z, row[EF_VXB + 1] or z,
                row[wb] or z, row[wb + 1] or z, row[wb + 2] or z, row[wb + 3] or z,
                row[wb + 4] or z, row[wb + 5] or z, row[wb + 6] or z, row[wb + 7] or z,
            )),)
            if row[EF_ZB] or row[EF_ZB + 1] or row[EF_ZB + 2]:
                heights = (BodyHeight(idb, row[EF_ZB], row[EF_ZB + 1], row[EF_ZB + 2]),)
            if row[EF_ZA] or row[EF_ZA + 1] or row[EF_ZA + 2]:
                heights = (BodyHeight(ida, row[EF_ZA], row[EF_ZA + 1], row[EF_ZA + 2]), *heights)
            append(make(t, _COLLISION, (ida, idb), None, x, y, motion, heights))
            continue
        if kind == EV_SEGMENT:
            event_kind, shape = _CUSHION, seg_names[b]
        elif kind == EV_ARC:
            event_kind, shape = _CUSHION, arc_names[b]
        elif kind == EV_CAPTURE:
            event_kind, shape = cap_events[b], cap_names[b]
        elif kind == EV_STATE:
            event_kind = _STATE_KIND[names[b]]
        elif kind == EV_BOUNCE:
            event_kind, shape = _BOUNCE, "bed"
        elif kind == EV_RAIL:
            event_kind, shape = _BOUNCE, seg_names[b]
        elif kind == EV_OFF:
            event_kind = _OFF_TABLE
            ns = len(seg_names)
            shape = seg_names[b] if b < ns else arc_names[b - ns]
        else:
            continue
        if row[EF_ZA] or row[EF_ZA + 1] or row[EF_ZA + 2]:
            heights = (BodyHeight(ida, row[EF_ZA], row[EF_ZA + 1], row[EF_ZA + 2]),)
        append(make(t, event_kind, (ida,), shape, x, y, motion, heights))
    return tuple(out)


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
