"""Tracks for the animation: each piece's motion between the engine's events, in closed form.

The engine records events (time, kind, bodies, where the first body was). Between two events a
piece moves with constant acceleration: sliding and rolling balls (Leckie & Greenspan 2005, "An
event-based pool physics simulator": sliding has a constant acceleration opposite the constant
direction of slip, rolling a constant deceleration along the velocity) and discs sliding with
Coulomb friction alike. A segment ``p(τ) = p0 + v0 τ + ½ a τ²`` (τ = t - t0) is fixed by its end
points and one end velocity: a velocity is known where the stroke starts (from the strike) and
where a piece comes to rest (zero), and is continuous across a change of motion state (sliding →
rolling → stationary); those facts are propagated along each piece's segments. A segment with no
known velocity at either end (between two impacts) is drawn at constant speed, still passing
exactly through the recorded positions at the event times.

A ball in the air (struck with an elevated cue) is drawn at its x, y like any piece (in flight they move at
constant velocity, which the segments reproduce exactly); each segment also carries the height
of the ball's lowest point above the bed, ``z + vz τ + ½ az τ²``, from the events' ``heights``
(zero on the bed), which the front end shows as a larger ball over its shadow.

The front end (static/js/anim.js) evaluates the segments each animation frame.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from cueboard.engine.events import Event, EventKind
from cueboard.errors import RecordError

#: Events after which the piece leaves the playing surface.
_GONE = {EventKind.POCKETED, EventKind.HOLED, EventKind.DITCHED, EventKind.OFF_TABLE}
#: Events across which a piece's velocity is continuous (a change of motion state only).
_CONTINUOUS = {EventKind.SLIDING, EventKind.ROLLING, EventKind.SPINNING, EventKind.AIRBORNE}


class Segment(BaseModel):
    """Motion of one piece from ``t0`` to ``t1``: ``p = p0 + v τ + ½ a τ²`` with τ = t - t0."""

    t0: float
    t1: float
    x: float
    y: float
    vx: float
    vy: float
    ax: float
    ay: float
    #: Height of the lowest point above the bed at ``t0`` and its rates (a ball in the air).
    z: float = 0.0
    vz: float = 0.0
    az: float = 0.0


class Track(BaseModel):
    """A piece's motion during a shot; ``gone`` = (time, event kind) when it left the surface."""

    id: str
    segments: list[Segment]
    gone: tuple[float, str] | None = None


class Sound(BaseModel):
    """A contact the table would make heard: at ``t`` seconds, the engine event's ``kind``
    (``strike``, ``collision``, ``cushion`` — a cushion, rail or crokinole peg, named by
    ``shape`` — or a piece leaving the surface: ``pocketed``, ``holed``, ``ditched``,
    ``off_table``) and the speed of the contact in m/s: the struck piece's speed for a strike,
    the two pieces' relative speed just before a collision, the piece's own speed for the rest."""

    t: float
    kind: str
    speed: float
    shape: str | None = None


class Tracks(BaseModel):
    """Every moving piece's track, the duration of the shot, seconds, and the shot's contacts in
    time order (``sounds``: the optional sound of the table, static/js/sound.js)."""

    duration: float
    tracks: list[Track]
    sounds: list[Sound] = []


@dataclass
class _Key:
    t: float
    x: float | None
    y: float | None
    kind: EventKind
    height: tuple[float, float, float] | None = None


def _fill_unknown(keys: list[_Key]) -> None:
    """Positions of a piece at collisions where it was the second body: where it rested if it was
    at rest, else interpolated in time between the neighbouring known positions."""
    for i, k in enumerate(keys):
        if k.x is not None:
            continue
        prev = next(j for j in range(i - 1, -1, -1) if keys[j].x is not None)
        nxt = next((j for j in range(i + 1, len(keys)) if keys[j].x is not None), None)
        at_rest = keys[prev].kind is EventKind.STATIONARY or (
            prev == 0 and keys[0].kind is not EventKind.STRIKE)
        if nxt is None or at_rest:
            k.x, k.y = keys[prev].x, keys[prev].y
            continue
        a, b = keys[prev], keys[nxt]
        s = 0.0 if b.t <= a.t else (k.t - a.t) / (b.t - a.t)
        assert a.x is not None and a.y is not None and b.x is not None and b.y is not None
        k.x, k.y = a.x + s * (b.x - a.x), a.y + s * (b.y - a.y)


def _segments(keys: list[_Key], v_start: tuple[float, float] | None) -> list[Segment]:
    n = len(keys) - 1
    if n <= 0:
        return []
    # Known velocities at the start (v0) and end (v1) of each segment.
    v0: list[tuple[float, float] | None] = [None] * n
    v1: list[tuple[float, float] | None] = [None] * n
    if v_start is not None:
        v0[0] = v_start
    for i in range(n):
        if keys[i + 1].kind is EventKind.STATIONARY:
            v1[i] = (0.0, 0.0)
    changed = True
    while changed:
        changed = False
        for i in range(n):
            T = keys[i + 1].t - keys[i].t
            if T <= 0:
                continue
            dx = keys[i + 1].x - keys[i].x  # type: ignore[operator]
            dy = keys[i + 1].y - keys[i].y  # type: ignore[operator]
            # Constant acceleration: v0 + v1 = 2 d / T.
            if v0[i] is not None and v1[i] is None:
                v1[i] = (2 * dx / T - v0[i][0], 2 * dy / T - v0[i][1])  # type: ignore[index]
                changed = True
            elif v1[i] is not None and v0[i] is None:
                v0[i] = (2 * dx / T - v1[i][0], 2 * dy / T - v1[i][1])  # type: ignore[index]
                changed = True
            if i + 1 < n and keys[i + 1].kind in _CONTINUOUS:
                if v1[i] is not None and v0[i + 1] is None:
                    v0[i + 1] = v1[i]
                    changed = True
                elif v0[i + 1] is not None and v1[i] is None:
                    v1[i] = v0[i + 1]
                    changed = True
    out: list[Segment] = []
    for i in range(n):
        a, b = keys[i], keys[i + 1]
        assert a.x is not None and a.y is not None and b.x is not None and b.y is not None
        T = b.t - a.t
        if T <= 0:
            continue
        dx, dy = b.x - a.x, b.y - a.y
        if v0[i] is not None:
            vx, vy = v0[i]  # type: ignore[misc]
        else:
            vx, vy = dx / T, dy / T
        ax, ay = 2 * (dx - vx * T) / (T * T), 2 * (dy - vy * T) / (T * T)
        z, vz, az = a.height or (0.0, 0.0, 0.0)
        out.append(Segment(t0=a.t, t1=b.t, x=a.x, y=a.y, vx=vx, vy=vy, ax=ax, ay=ay, z=z, vz=vz, az=az))
    return out


def build_tracks(
    start: Mapping[str, tuple[float, float]],
    events: Sequence[Event],
    strike_velocity: Mapping[str, tuple[float, float]] | None = None,
) -> Tracks:
    """The animation tracks of a shot.

    ``start``: where each piece on the surface was before the shot; ``events``: the engine's
    events; ``strike_velocity``: the initial velocity of the struck piece(s), m/s, when known.
    """
    ordered = sorted(events, key=lambda e: e.time)
    keys: dict[str, list[_Key]] = {}
    gone: dict[str, tuple[float, str]] = {}
    for pid, (x, y) in start.items():
        keys[pid] = [_Key(0.0, x, y, EventKind.STATIONARY)]
    for ev in ordered:
        heights = {h.body: (h.z, h.vz, h.az) for h in ev.heights}
        for n, body in enumerate(ev.bodies):
            if body not in keys or body in gone:
                continue
            known = n == 0 and ev.x is not None and ev.y is not None
            keys[body].append(
                _Key(ev.time, ev.x if known else None, ev.y if known else None, ev.kind, heights.get(body))
            )
            if n == 0 and ev.kind in _GONE:
                gone[body] = (ev.time, ev.kind.value)
    duration = ordered[-1].time if ordered else 0.0
    tracks: list[Track] = []
    for pid, ks in keys.items():
        if len(ks) < 2:
            continue
        _fill_unknown(ks)
        # Merge keys at the same time (the strike at t = 0 onto the start position).
        merged: list[_Key] = []
        for k in ks:
            if merged and math.isclose(k.t, merged[-1].t, abs_tol=1e-12):
                if k.kind is EventKind.STRIKE:
                    merged[-1].kind = EventKind.STRIKE
                    merged[-1].height = k.height
                elif k.kind in _GONE or k.kind is EventKind.STATIONARY:
                    merged[-1] = _Key(k.t, k.x, k.y, k.kind)
                continue
            merged.append(k)
        v = (strike_velocity or {}).get(pid)
        segs = _segments(merged, v if merged and merged[0].kind is EventKind.STRIKE else None)
        if segs or pid in gone:
            tracks.append(Track(id=pid, segments=segs, gone=gone.get(pid)))
    return Tracks(duration=duration, tracks=tracks, sounds=contact_sounds(ordered, tracks, strike_velocity))


#: The events that make a sound, and the bodies whose speeds give its loudness.
_SOUNDING = {EventKind.STRIKE, EventKind.COLLISION, EventKind.CUSHION} | _GONE


def velocity_before(track: Track | None, t: float) -> tuple[float, float]:
    """A piece's velocity just before time ``t`` on its track (at rest when no segment of the
    track ends at or after ``t`` having started before it)."""
    if track is None:
        return (0.0, 0.0)
    for seg in track.segments:
        if seg.t0 < t <= seg.t1 + 1e-12:
            tau = min(t, seg.t1) - seg.t0
            return (seg.vx + seg.ax * tau, seg.vy + seg.ay * tau)
    return (0.0, 0.0)


def contact_sounds(
    events: Sequence[Event], tracks: Sequence[Track],
    strike_velocity: Mapping[str, tuple[float, float]] | None = None,
) -> list[Sound]:
    """The contacts of a shot in time order with their speeds, from the events and the tracks
    built from them (a track's velocity just before the event)."""
    by_id = {tr.id: tr for tr in tracks}
    out: list[Sound] = []
    for ev in sorted(events, key=lambda e: e.time):
        if ev.kind not in _SOUNDING:
            continue
        v = velocity_before(by_id.get(ev.bodies[0]), ev.time)
        if ev.kind is EventKind.STRIKE:
            tr = by_id.get(ev.bodies[0])
            first = (tr.segments[0].vx, tr.segments[0].vy) if tr and tr.segments else (0.0, 0.0)
            v = (strike_velocity or {}).get(ev.bodies[0], first)
        elif ev.kind is EventKind.COLLISION and len(ev.bodies) == 2:
            w = velocity_before(by_id.get(ev.bodies[1]), ev.time)
            v = (v[0] - w[0], v[1] - w[1])
        out.append(Sound(t=ev.time, kind=ev.kind.value, speed=math.hypot(*v), shape=ev.shape))
    return out


def position_at(track: Track, t: float) -> tuple[float, float]:
    """Where a track puts its piece at time ``t`` (the same law the front end evaluates)."""
    segs = track.segments
    if not segs:
        raise RecordError(f"track '{track.id}' has no segments")
    seg = segs[0] if t <= segs[0].t0 else segs[-1]
    for s in segs:
        if s.t0 <= t <= s.t1:
            seg = s
            break
    tau = min(max(t, seg.t0), seg.t1) - seg.t0
    return (seg.x + seg.vx * tau + 0.5 * seg.ax * tau * tau, seg.y + seg.vy * tau + 0.5 * seg.ay * tau * tau)


def height_at(track: Track, t: float) -> float:
    """How high above the bed a track puts its piece's lowest point at time ``t`` (0 on the bed)."""
    for s in track.segments:
        if s.t0 <= t <= s.t1:
            tau = t - s.t0
            return max(0.0, s.z + s.vz * tau + 0.5 * s.az * tau * tau)
    return 0.0
