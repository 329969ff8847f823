"""Jump shots from the engine's events: which object balls the cue ball passed over in the air.

WPBSA rules, Section 2 (Definitions), "Jump Shot": the cue ball passes over any part of an
object ball, whether touching it or not, except (a) when it first strikes one ball and then
jumps over another, (b) when it jumps and strikes an object ball but does not land on the far
side of it, (c) when, after striking the ball on lawfully, it jumps over that ball after hitting
a cushion or another ball. A jump shot is a foul (S3 R12(a)).

Decided here from the closed-form motions the events carry (``Event.motion``): while the cue ball
is in flight, it passes over object ball ``o`` when the horizontal distance of their centres is
under one ball diameter (the cue ball is over part of ``o``: it cannot be beside it there, the
engine's 3-D contacts keep them apart) and the cue ball's centre goes from the near side of
``o``'s centre to the far side (along the cue ball's horizontal motion) — so a cue ball that
drops onto ``o`` and bounces back (b) is no jump. Only passes before the cue ball first touches a
ball other than ``o`` count (a, c). The motions are sampled every ``DT`` seconds: a graze of
the footprint shorter than that (under 0.3 mm of travel at 6 m/s) can be missed.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence

import numpy as np

from cueboard.engine.events import BodyMotion, Event, EventKind
from cueboard.records.base import Position

#: Sampling step of the motions, s.
DT = 5e-5


def _track(
    events: Sequence[Event], position: Position
) -> dict[str, tuple[list[float], list[BodyMotion | None], tuple[float, float]]]:
    """Each ball's motions in time order (None: at rest where it was) and its start."""
    out: dict[str, tuple[list[float], list[BodyMotion | None], tuple[float, float]]] = {
        p.id: ([0.0], [None], (p.x, p.y)) for p in position.pieces if p.on_table
    }
    for ev in events:
        for m in ev.motion:
            if m.body in out:
                times, motions, _ = out[m.body]
                times.append(ev.time)
                motions.append(m)
    return out


def _positions(
    track: tuple[list[float], list[BodyMotion | None], tuple[float, float]], t: np.ndarray
) -> np.ndarray:
    """A ball's centres at times ``t`` (``(len(t), 2)``, ``t`` ascending) from its closed forms;
    NaN once removed. The samples of one motion are a contiguous run of ``t`` (both are in time
    order), so each motion fills a slice."""
    times, motions, (x0, y0) = track
    cuts = np.searchsorted(t, np.asarray(times[1:]), side="left").tolist()
    out = np.empty((len(t), 2))
    start = 0
    for k, stop in enumerate([*cuts, len(t)]):
        if stop <= start:
            continue
        m = motions[k]
        if m is None:
            out[start:stop] = (x0, y0)
        elif m.state == "removed":
            out[start:stop] = math.nan
        else:
            tau = t[start:stop] - times[k]
            out[start:stop, 0] = m.x + tau * (m.vx + 0.5 * m.ax * tau)
            out[start:stop, 1] = m.y + tau * (m.vy + 0.5 * m.ay * tau)
        start = stop
    return out


def _still_at(
    track: tuple[list[float], list[BodyMotion | None], tuple[float, float]], t0: float, t1: float
) -> tuple[float, float] | None:
    """Where a ball lies throughout ``[t0, t1]`` when it does not move then (its motion there is
    one, at rest or not yet started; NaN when removed), otherwise None."""
    times, motions, (x0, y0) = track
    k = bisect.bisect_right(times, t0) - 1
    if k + 1 < len(times) and times[k + 1] <= t1:
        return None  # a new motion starts within the window
    m = motions[k]
    if m is None:
        return x0, y0
    if m.state == "removed":
        return math.nan, math.nan
    if m.vx == 0.0 and m.vy == 0.0 and m.ax == 0.0 and m.ay == 0.0:
        return m.x, m.y
    return None


def _span(p: float, v: float, a: float, duration: float) -> tuple[float, float]:
    """The least and greatest of ``p + v τ + ½ a τ²`` over ``0 ≤ τ ≤ duration``: at the ends, or
    at the turning point ``τ = -v / a`` when it lies between (the screen's margin, two diameters,
    is far wider than the rounding of the sampled values)."""
    ends = [p, p + duration * (v + 0.5 * a * duration)]
    if a != 0.0 and 0.0 < -v / a < duration:
        tau = -v / a
        ends.append(p + tau * (v + 0.5 * a * tau))
    return min(ends), max(ends)


def jumped_over(events: Sequence[Event], position: Position, *, cue: str, diameter: float) -> tuple[str, ...]:
    """The object balls ``cue`` jumped over (module doc), in the order they were jumped."""
    flights: list[tuple[float, float, BodyMotion]] = []
    pending: tuple[float, BodyMotion] | None = None
    first_touch: dict[str, float] = {}
    for ev in events:
        if ev.kind is EventKind.COLLISION and cue in ev.bodies:
            other = ev.bodies[1] if ev.bodies[0] == cue else ev.bodies[0]
            first_touch.setdefault(other, ev.time)
        for m in ev.motion:
            if m.body != cue:
                continue
            if pending is not None:
                flights.append((pending[0], ev.time, pending[1]))
                pending = None
            if m.state == "airborne":
                pending = (ev.time, m)
    if not flights:
        return ()
    tracks = _track(events, position)
    samples: dict[tuple[int, float], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    boxes: dict[tuple[int, float], tuple[float, float, float, float]] = {}
    found: list[tuple[float, str]] = []
    for ball, track in tracks.items():
        if ball == cue:
            continue
        # (a), (c): passes after the cue ball touched another ball do not count
        limit = min((t for b, t in first_touch.items() if b != ball), default=math.inf)
        for i, (t0, t1, m) in enumerate(flights):
            if t0 >= limit:
                continue
            end = min(t1, limit)
            key = (i, end)
            still = _still_at(track, t0, end)
            if still is not None:
                # a ball that does not move during the flight is passed over only if it lies
                # within a diameter of the flight's box (NaN, a removed ball, never is)
                px, py = still
                if key not in boxes:
                    reach = 2.0 * diameter
                    x_lo, x_hi = _span(m.x, m.vx, m.ax, end - t0)
                    y_lo, y_hi = _span(m.y, m.vy, m.ay, end - t0)
                    boxes[key] = (x_lo - reach, x_hi + reach, y_lo - reach, y_hi + reach)
                x_lo, x_hi, y_lo, y_hi = boxes[key]
                if not (x_lo < px < x_hi and y_lo < py < y_hi):
                    continue
            if key not in samples:
                t = np.append(np.arange(t0, end, DT), end)
                tau = t - t0
                cx = m.x + tau * (m.vx + 0.5 * m.ax * tau)
                cy = m.y + tau * (m.vy + 0.5 * m.ay * tau)
                samples[key] = (t, cx, cy)
            t, cx, cy = samples[key]
            if still is not None:
                dx = cx - px
                dy = cy - py
            else:
                p = _positions(track, t)
                dx = cx - p[:, 0]
                dy = cy - p[:, 1]
            over = np.hypot(dx, dy) < diameter
            s = dx * m.vx + dy * m.vy  # < 0: the cue ball's centre is short of o's, > 0: beyond
            crossing = over[:-1] & over[1:] & (s[:-1] < 0.0) & (s[1:] >= 0.0)
            if crossing.any():
                found.append((float(t[int(np.argmax(crossing))]), ball))
                break
    return tuple(b for _, b in sorted(found))
