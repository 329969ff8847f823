"""Snooker physics: play a strike on a position with the engine (docs/physics.md).

Public API (stable; used by the referee flow, the AI search and the benchmarks):

- ``simulate_shot(position, strike, *, table=STANDARD_TABLE, physics=STANDARD_PHYSICS,
  max_events=None) -> (events, outcome)``: the engine's events (``tuple[Event, ...]``, a STRIKE
  event first) and the ``SnookerOutcome`` the referee takes. ``position`` is any
  :class:`~cueboard.records.base.Position` (only its pieces are used; the cue ball is the piece
  ``white``, placed at ``strike.place_cue_ball`` when that is given).
- ``trace_shot(position, strike, ...) -> (events, outcome, paths)``: as ``simulate_shot``, plus
  each ball's path as the list of its centres at its events (for drawing).
- The fast path for searches, no pydantic objects per shot:
  ``setup = prepare(position)`` once, then ``play_fast(setup, strike) -> FastShot`` per shot
  (final positions as an array, pots, first contacts, the raw event arrays), or
  ``play_raw(setup, speed, angle, side, top, elevation)`` with plain floats.

Raises ``PositionError`` (a ValueError) for balls off the bed or overlapping, and
``cueboard.engine.world.EventLimitError`` if a shot needs more than ``max_events`` events.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np

from cueboard.engine.events import BodyHeight, BodyMotion, Event, EventKind
from cueboard.engine.layout import AZ, EV_CAPTURE, EV_COLLISION, MODEL_BALL, PX, PY, VX, VY, VZ, WX, WY, WZ
from cueboard.engine.loop import EF_T, EF_VXA, EF_VXB, EF_VYA, EF_VYB, EF_XA, EF_XB, EF_YA, EF_YB
from cueboard.engine.models import rail
from cueboard.engine.placement import PAIR_SLACK, placement_clear
from cueboard.engine.planar import kernel_for, start_segment_for
from cueboard.engine.world import (
    RawEvents,
    Shapes,
    engine_event,
    final_positions,
    motion_of,
    new_bodies,
    place_bodies,
    run,
    to_events,
)
from cueboard.errors import PositionError
from cueboard.games.snooker.cushions import table_shapes
from cueboard.games.snooker.outcome import CUE_BALL, SIMULTANEOUS, outcome_of
from cueboard.games.snooker.physics_params import STANDARD_PHYSICS, SnookerPhysics
from cueboard.games.snooker.records import SnookerOutcome, SnookerStrike
from cueboard.games.snooker.strike import cue_ball_motion, launch_from, motion_from
from cueboard.games.snooker.table import STANDARD_TABLE, SnookerTable
from cueboard.records.base import Piece, PieceState, Position

#: How far behind a cushion or jaw face (m) a ball in a pocket's mouth counts as inside that
#: cushion: more than a pocket's whole mouth region (0.12 m around its centre), far less than the
#: 1.7 m between a corner and a middle pocket.
BEHIND = 0.25


@dataclass(frozen=True)
class ShotSetup:
    """A position made ready for many shots: arrays built once."""

    pieces: tuple[Piece, ...]  # the balls on the table, in body order
    ids: tuple[str, ...]
    xy: np.ndarray  # (n, 2) start positions
    cue: int  # body index of the white
    table: SnookerTable
    physics: SnookerPhysics
    shapes: Shapes
    par: np.ndarray
    max_events: int
    body0: np.ndarray  # the engine's body arrays with every ball at rest (copied for each shot)
    ibody0: np.ndarray


@dataclass(frozen=True)
class FastShot:
    """What the search needs from one shot, without building records."""

    final: np.ndarray  # (n, 2) final centres, NaN for potted balls (body order = setup.ids)
    potted: tuple[tuple[int, int], ...]  # (body, pocket index) in the order they dropped
    first_contacts: tuple[int, ...]  # bodies the cue ball touched first (one, or two at once)
    raw: RawEvents


def _clear_of_walls(x: float, y: float, r: float, shapes: Shapes) -> bool:
    """Whether a ball centred at (x, y) in a pocket's mouth lies on the playing side of every
    cushion and jaw face it is level with, and clear of every knuckle (to 1 µm: the engine leaves
    balls pressed against a wall by at most its contact tolerance). Only faces within ``BEHIND``
    count: a face across the table (the middle pocket's jaw seen from a corner pocket's mouth
    1.7 m away) has the ball far behind its line, not in its cushion."""
    eps = 1e-6
    for row in shapes.seg:
        nx, ny = row[4], row[5]
        u = (x - row[0]) * ny - (y - row[1]) * nx
        d = nx * (x - row[0]) + ny * (y - row[1])
        if 0.0 <= u <= row[6] and -BEHIND < d < r - eps:
            return False
    return all(math.hypot(x - row[0], y - row[1]) >= row[2] + r - eps for row in shapes.arc)


#: Tolerances of the position check (m): a centre may reach ``EDGE_TOLERANCE`` past the bed's
#: rectangle; two centres may be ``OVERLAP_TOLERANCE`` closer than a diameter.
EDGE_TOLERANCE = 1e-7
OVERLAP_TOLERANCE = 1e-6


def _screen_clear(xy: np.ndarray, t: SnookerTable, shapes: Shapes) -> bool:
    """Whether ``placement_clear`` passes the centres ``xy`` with the check's own limits (the bed's
    rectangle, the pockets' capture circles, the overlap limit)."""
    r = t.ball_radius
    reach = t.half_width - r + EDGE_TOLERANCE
    return bool(placement_clear(
        xy, -reach, reach, r - EDGE_TOLERANCE, t.length - r + EDGE_TOLERANCE, shapes.cap,
        2.0 * r - OVERLAP_TOLERANCE,
    ))


def _check_position(xy: np.ndarray, ids: tuple[str, ...], t: SnookerTable, shapes: Shapes) -> None:
    """Raise ``PositionError`` naming the first ball off the bed, over a pocket's fall or
    overlapping another. A position clear of every limit is passed by one compiled screen
    (``_screen_clear``); the array checks below run only when it is not."""
    if _screen_clear(xy, t, shapes):
        return
    r = t.ball_radius
    hw, length = t.half_width, t.length
    eps = EDGE_TOLERANCE
    cap = shapes.cap
    xs, ys = xy[:, 0], xy[:, 1]
    # over[k, c]: ball k's centre lies inside capture circle c (one array operation for all).
    over = np.hypot(np.subtract.outer(xs, cap[:, 0]), np.subtract.outer(ys, cap[:, 1])) < cap[:, 2]
    inside = (np.abs(xs) <= hw - r + eps) & (ys >= r - eps) & (ys <= length - r + eps)
    if over.any() or not inside.all():
        _check_each(xy, ids, t, shapes, over, inside)
    if len(xy) > 1:
        limit = 2.0 * r - OVERLAP_TOLERANCE
        dx, dy = np.subtract.outer(xs, xs), np.subtract.outer(ys, ys)
        d2 = dx * dx
        d2 += dy * dy
        d2.flat[:: len(xy) + 1] = np.inf  # the diagonal: a ball and itself
        # squared distances screen the pairs (np.hypot costs twice as much); a pair within a hair
        # of the limit is then decided by hypot, as before
        if d2.min() < limit * limit * (1.0 + PAIR_SLACK):
            d = np.hypot(dx, dy)
            d.flat[:: len(xy) + 1] = np.inf
            i, j = np.unravel_index(int(np.argmin(d)), d.shape)
            if d[i, j] < limit:
                raise PositionError(
                    f"balls '{ids[i]}' and '{ids[j]}' overlap ({d[i, j] * 1000:.3f} mm between centres, "
                    f"diameter {2000 * r:.1f} mm)"
                )


def _check_each(
    xy: np.ndarray,
    ids: tuple[str, ...],
    t: SnookerTable,
    shapes: Shapes,
    over: np.ndarray,
    inside: np.ndarray,
) -> None:
    """The balls outside the bed's rectangle or over a pocket's fall: a ball in a pocket's mouth
    clear of its cushions and jaws is on the bed; any other is an error."""
    r = t.ball_radius
    pockets = tuple(t.pocket_centres.values())
    for k in np.flatnonzero(~inside | over.any(axis=1)).tolist():
        x, y = float(xy[k, 0]), float(xy[k, 1])
        if not inside[k] and not (
            any(math.hypot(x - px, y - py) < 0.12 for px, py in pockets) and _clear_of_walls(x, y, r, shapes)
        ):
            raise PositionError(f"ball '{ids[k]}' at ({x:.4f}, {y:.4f}) m is not on the bed")
        if over[k].any():
            name = shapes.cap_names[int(np.argmax(over[k]))]
            raise PositionError(f"ball '{ids[k]}' at ({x:.4f}, {y:.4f}) m is over {name}")


def prepare(
    position: Position,
    *,
    place_cue_ball: tuple[float, float] | None = None,
    table: SnookerTable = STANDARD_TABLE,
    physics: SnookerPhysics = STANDARD_PHYSICS,
    max_events: int | None = None,
) -> ShotSetup:
    """Arrays for the balls of ``position`` on the table (the white at ``place_cue_ball`` if given)."""
    on = PieceState.ON_TABLE
    if place_cue_ball is None:
        pieces = [p for p in position.pieces if p.state is on]
    else:
        pieces = []
        for p in position.pieces:
            if p.id == CUE_BALL:
                p = p.model_copy(update={"x": place_cue_ball[0], "y": place_cue_ball[1], "state": on})
            if p.state is on:
                pieces.append(p)
        if not any(p.id == CUE_BALL for p in position.pieces):
            pieces.append(
                Piece(id=CUE_BALL, kind="ball", colour="white", x=place_cue_ball[0], y=place_cue_ball[1])
            )
    ids = tuple([p.id for p in pieces])
    if CUE_BALL not in ids:
        raise PositionError("the cue ball 'white' is not on the table (give strike.place_cue_ball)")
    xy = np.array([(p.x, p.y) for p in pieces], dtype=np.float64).reshape(len(pieces), 2)
    shapes, body_rest, ibody_rest, par = _fixed(len(pieces), table, physics)
    _check_position(xy, ids, table, shapes)
    body0 = body_rest.copy()
    body0[PX], body0[PY] = xy[:, 0], xy[:, 1]
    return ShotSetup(
        body0=body0,
        ibody0=ibody_rest.copy(),
        pieces=tuple(pieces),
        ids=ids,
        xy=xy,
        cue=ids.index(CUE_BALL),
        table=table,
        physics=physics,
        shapes=shapes,
        par=par,
        max_events=physics.max_events if max_events is None else max_events,
    )


_Fixed = tuple[Shapes, np.ndarray, np.ndarray, np.ndarray]
#: ``_fixed`` by the identity of its table and physics (hashing the two records field by field
#: for an ``lru_cache`` took as long as building the bodies); holds the two, so an id is never
#: reused while its entry lives.
_FIXED: dict[tuple[int, int, int], tuple[SnookerTable, SnookerPhysics, _Fixed]] = {}


def _fixed(n: int, table: SnookerTable, physics: SnookerPhysics) -> _Fixed:
    """The table's shapes and ``_templates`` for ``n`` balls."""
    key = (n, id(table), id(physics))
    hit = _FIXED.get(key)
    if hit is not None:
        return hit[2]
    value = (table_shapes(table, physics), *_templates(n, table, physics))
    if len(_FIXED) >= 256:
        _FIXED.clear()
    _FIXED[key] = (table, physics, value)
    return value


@lru_cache(maxsize=64)
def _templates(
    n: int, table: SnookerTable, physics: SnookerPhysics
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """What every shot with ``n`` balls on ``table`` under ``physics`` shares, built once: the
    body arrays of ``n`` balls at rest (all at the origin: ``prepare`` copies them and sets the
    centres) and the engine's parameter array, shared by every setup (the engine never writes
    it; it stays writeable because numba compiles a kernel apart for read-only arrays)."""
    r, m = table.ball_radius, table.ball_mass
    body, ibody = new_bodies(n)
    place_bodies(body, ibody, np.zeros((n, 2)), radius=r, mass=m, inertia=0.4 * m * r * r, model=MODEL_BALL)
    par = physics.param_array()
    if physics.rail_width > 0.0:
        hw = table.half_width
        rail.set_rail(par, -hw, hw, 0.0, table.length, physics.rail_width, table.cushion_height)
    body.flags.writeable = False
    ibody.flags.writeable = False
    return body, ibody, par


def play_raw(
    setup: ShotSetup,
    speed: float,
    angle: float,
    side: float = 0.0,
    top: float = 0.0,
    elevation: float = 0.0,
    *,
    check: bool = False,
) -> tuple[RawEvents, np.ndarray, np.ndarray]:
    """Play one stroke from plain numbers (no validation beyond the engine's): the raw events and
    the final ``body`` / ``ibody`` arrays. Use ``play_fast`` unless every microsecond counts."""
    body, ibody = _struck_from(setup, speed, angle, elevation, side, top)
    kernel = kernel_for(body)
    raw = run(body, ibody, setup.shapes, setup.par, max_events=setup.max_events, check=check, kernel=kernel)
    return raw, body, ibody


def _play(
    setup: ShotSetup, strike: SnookerStrike, *, check: bool
) -> tuple[RawEvents, np.ndarray, np.ndarray]:
    return play_raw(setup, strike.speed, strike.angle, strike.side, strike.top, strike.elevation, check=check)


def _struck_bodies(setup: ShotSetup, strike: SnookerStrike) -> tuple[np.ndarray, np.ndarray]:
    """The position's body arrays with the cue ball's velocity and spin from the strike."""
    return _struck_from(setup, strike.speed, strike.angle, strike.elevation, strike.side, strike.top)


def _struck_from(
    setup: ShotSetup, speed: float, angle: float, elevation: float, side: float, top: float
) -> tuple[np.ndarray, np.ndarray]:
    """``_struck_bodies`` from the strike's numbers (``strike.motion_from``, ``strike.launch_from``)."""
    t, ph = setup.table, setup.physics
    body = setup.body0.copy()
    ibody = setup.ibody0.copy()
    v, w = motion_from(
        speed, angle, elevation, side, top, radius=t.ball_radius, mass=t.ball_mass, end_mass=ph.cue_end_mass
    )
    c = setup.cue
    body[VX, c], body[VY, c] = v
    body[WX, c], body[WY, c], body[WZ, c] = w
    body[VZ, c] = launch_from(speed, elevation, ph.bed_restitution)
    return body, ibody


def play_fast(setup: ShotSetup, strike: SnookerStrike) -> FastShot:
    """Play one stroke and return the facts a search needs (see FastShot)."""
    raw, body, ibody = _play(setup, strike, check=False)
    potted: list[tuple[int, int]] = []
    first: list[int] = []
    t_first = math.inf
    cue = setup.cue
    for k in range(raw.n):
        kind, a, b = int(raw.ev_i[k, 0]), int(raw.ev_i[k, 1]), int(raw.ev_i[k, 2])
        if kind == EV_CAPTURE:
            potted.append((a, b))
        elif kind == EV_COLLISION and (a == cue or b == cue):
            t = float(raw.ev_f[k, 0])
            other = b if a == cue else a
            if not first:
                first.append(other)
                t_first = t
            elif t - t_first <= SIMULTANEOUS and other not in first and len(first) < 2:
                first.append(other)
    final = final_positions(body, ibody)
    return FastShot(final=final, potted=tuple(potted), first_contacts=tuple(first), raw=raw)


def simulate_shot(
    position: Position,
    strike: SnookerStrike,
    *,
    table: SnookerTable = STANDARD_TABLE,
    physics: SnookerPhysics = STANDARD_PHYSICS,
    max_events: int | None = None,
) -> tuple[tuple[Event, ...], SnookerOutcome]:
    """Play ``strike`` on ``position``: the engine's events and the outcome (see module doc)."""
    _, _, events, outcome = _simulate(position, strike, table, physics, max_events)
    return events, outcome


def _simulate(
    position: Position,
    strike: SnookerStrike,
    table: SnookerTable,
    physics: SnookerPhysics,
    max_events: int | None,
) -> tuple[ShotSetup, RawEvents, tuple[Event, ...], SnookerOutcome]:
    setup = prepare(
        position, place_cue_ball=strike.place_cue_ball, table=table, physics=physics, max_events=max_events
    )
    body, ibody = _struck_bodies(setup, strike)
    struck, height = _struck(setup, body, ibody)
    raw = run(body, ibody, setup.shapes, setup.par, max_events=setup.max_events, kernel=kernel_for(body))
    x, y = setup.xy[setup.cue].tolist()
    strike_event = engine_event(
        0.0, EventKind.STRIKE, (CUE_BALL,), None, x, y, (struck,), height, _STRIKE_FIELDS
    )
    events = (strike_event, *to_events(raw, setup.ids, setup.shapes))
    if strike.place_cue_ball is None:
        start = position  # the cue ball where it lies: its pieces are the start (_start_pieces)
    else:
        start = Position.model_construct(game=position.game, pieces=_start_pieces(position, setup), to_move=0)
    return setup, raw, events, outcome_of(events, start, table=table)


#: The fields the strike event sets (it has no shape), shared by every strike event.
_STRIKE_FIELDS: Final = {"time", "kind", "bodies", "x", "y", "motion", "heights"}


def _struck(
    setup: ShotSetup, body: np.ndarray, ibody: np.ndarray
) -> tuple[BodyMotion, tuple[BodyHeight, ...]]:
    """The cue ball's motion as the strike leaves it (its state chosen by the ball model), and
    its height when it leaves the bed; ``body`` / ``ibody`` (the struck bodies) stay as they are."""
    c = setup.cue
    body, ibody = body.copy(), ibody.copy()
    start_segment_for(body)(body, ibody, c, setup.par)
    height = (BodyHeight(CUE_BALL, 0.0, float(body[VZ, c]), float(body[AZ, c])),) if body[VZ, c] else ()
    return motion_of(body, ibody, c, CUE_BALL), height


def _start_pieces(position: Position, setup: ShotSetup) -> tuple[Piece, ...]:
    """The position's pieces with the cue ball where it was played from."""
    placed = {p.id: p for p in setup.pieces}
    out = [placed.get(p.id, p) for p in position.pieces]
    if CUE_BALL not in {p.id for p in position.pieces}:
        out.append(placed[CUE_BALL])
    return tuple(out)


def trace_shot(
    position: Position,
    strike: SnookerStrike,
    *,
    table: SnookerTable = STANDARD_TABLE,
    physics: SnookerPhysics = STANDARD_PHYSICS,
    max_events: int | None = None,
) -> tuple[tuple[Event, ...], SnookerOutcome, dict[str, list[tuple[float, float]]]]:
    """``simulate_shot`` plus each ball's path: its centre at the start, at every event that
    involves it, and between them along its exact parabola (a swerving slide curves)."""
    setup, raw, events, outcome = _simulate(position, strike, table, physics, max_events)
    v0, _ = cue_ball_motion(strike, radius=table.ball_radius, mass=table.ball_mass, physics=physics)
    knots: list[list[tuple[float, float, float, float, float]]] = [
        [(0.0, float(x), float(y), *(v0 if k == setup.cue else (0.0, 0.0)))]
        for k, (x, y) in enumerate(setup.xy.tolist())
    ]
    for (kind, a, b), row in zip(raw.ev_i.tolist(), raw.ev_f.tolist(), strict=True):
        knots[a].append((row[EF_T], row[EF_XA], row[EF_YA], row[EF_VXA], row[EF_VYA]))
        if kind == EV_COLLISION:
            knots[b].append((row[EF_T], row[EF_XB], row[EF_YB], row[EF_VXB], row[EF_VYB]))
    paths = {i: _sample(k) for i, k in zip(setup.ids, knots, strict=True)}
    return events, outcome, paths


def _sample(
    knots: list[tuple[float, float, float, float, float]], steps: int = 8
) -> list[tuple[float, float]]:
    """Points along a body's path: between two events it moves on ``p0 + v0 τ + ½ a τ²``, fixed by
    the positions at both ends and the velocity just after the first (``a = 2(p1 - p0 - v0 Δ)/Δ²``)."""
    out = [(knots[0][1], knots[0][2])]
    for (t0, x0, y0, vx, vy), (t1, x1, y1, _, _) in itertools.pairwise(knots):
        dt = t1 - t0
        if dt > 0.0:
            ax = 2.0 * (x1 - x0 - vx * dt) / (dt * dt)
            ay = 2.0 * (y1 - y0 - vy * dt) / (dt * dt)
            for j in range(1, steps):
                tau = dt * j / steps
                out.append((x0 + tau * (vx + 0.5 * ax * tau), y0 + tau * (vy + 0.5 * ay * tau)))
        out.append((x1, y1))
    return out
