"""The geometric questions of the snooker rules, answered from ball coordinates (pure numpy).

- :func:`snooker_test` / :func:`is_snookered`: S2 D16 — snookered when, for every ball on, at least
  one of its two extreme edges cannot be hit by a straight path of the cue ball without first
  touching a ball not on; other balls on and cushions never snooker; in hand, from every place
  of the D, decided exactly (:mod:`cueboard.games.snooker.in_hand`). Also the effective
  snookering ball (nearest obstruction).
- :func:`full_ball_visible`: S3 R14 — a straight path to the whole width of a ball on (cue-ball
  centre aimed at every point of its diameter, offsets −r..r, sampled), for reds any red not
  obscured by colours.
- :func:`clear_path`: S3 R14(c) — a straight path to any part of a ball on (offsets −2r..2r).
  Both: in hand, from some place of the D, decided exactly (:mod:`.in_hand`).
- :func:`can_hit`: rules/snooker.md miss exception 3 — some straight, one-cushion or two-cushion
  path reaches a ball on before any other ball (cushions as the straight lines of the cushion
  faces, pocket mouths not modelled); in hand the cushion paths are tried from places spread
  along the edge of the free D (:func:`cueboard.games.snooker.in_hand.edge_places`).

Whether a path is clear is the shared kernel :mod:`cueboard.games.clearance` (clearance
2r, 1 nm tolerance), the same the AI uses. :func:`d_points` (a grid of the D) is the brute-force
reference of the tests.
- :func:`touching_balls`: S3 R8 — balls within 0.1 mm of the cue ball.
- :func:`spot_occupied`, :func:`respot`: S2 D17 and S3 R7 — where colours go back.

Coordinates are metres in the table frame of :mod:`cueboard.games.snooker.table`. A layout is a
mapping ball id -> (x, y) of the balls on the table (the white included only where it lies).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from cueboard.errors import PositionError
from cueboard.games import clearance
from cueboard.games.snooker import in_hand
from cueboard.games.snooker.table import BALL_VALUES, STANDARD_TABLE, SnookerTable
from cueboard.records.base import PieceState

Layout = Mapping[str, tuple[float, float]]
Array = NDArray[np.float64]
_EPS = 1e-9


def layout_of(pieces: Iterable[object]) -> dict[str, tuple[float, float]]:
    """The layout of the pieces that are on the table (pieces are ``cueboard.records.base.Piece``)."""
    out: dict[str, tuple[float, float]] = {}
    for p in pieces:
        if getattr(p, "state", None) is PieceState.ON_TABLE:
            out[p.id] = (float(p.x), float(p.y))  # type: ignore[attr-defined]
    return out


# --- straight paths ------------------------------------------------------------------------
def _first_blocker(starts: Array, ends: Array, obstacles: Array, radius: float) -> NDArray[np.int64]:
    """For each segment (cue-ball centre from ``starts[k]`` to ``ends[k]``) the index of the first
    obstacle ball the cue ball would touch on the way, or -1 (the shared kernel,
    :func:`cueboard.games.snooker.clearance.first_blocker`, clearance 2r)."""
    return clearance.first_blocker(starts, ends, obstacles, 2 * radius)


def _aim_segments(cue: Array, targets: Array, offsets: Sequence[float], radius: float) -> tuple[Array, Array]:
    """Straight cue-ball paths from each cue point to each target ball, the path passing at
    perpendicular distance ``h`` from the target centre (|h| <= 2r), ending at the contact.
    Shapes: (points, targets, offsets, 2)."""
    d = targets[None, :, :] - cue[:, None, :]  # (n, m, 2)
    dist = np.linalg.norm(d, axis=2)
    dist = np.where(dist > 2 * radius + _EPS, dist, 2 * radius + _EPS)
    u = d / dist[..., None]
    normal = np.stack([-u[..., 1], u[..., 0]], axis=-1)
    h = np.asarray(offsets, dtype=float)  # (o,)
    # Aim so that the path passes at perpendicular distance h from the target centre.
    sin_a = np.clip(h[None, None, :] / dist[..., None], -1.0, 1.0)
    cos_a = np.sqrt(1.0 - sin_a**2)
    direction = cos_a[..., None] * u[:, :, None, :] - sin_a[..., None] * normal[:, :, None, :]
    along = dist[..., None] * cos_a  # distance to the closest approach
    back = np.sqrt(np.clip((2 * radius) ** 2 - h[None, None, :] ** 2, 0.0, None))
    reach = np.clip(along - back, 0.0, None)
    starts = np.broadcast_to(cue[:, None, None, :], direction.shape)
    ends = starts + direction * reach[..., None]
    return np.ascontiguousarray(starts), np.ascontiguousarray(ends)


def d_points(layout: Layout, table: SnookerTable = STANDARD_TABLE, step: float = 0.01) -> Array:
    """Points of the D (arc, baulk line and interior, every ``step`` metres) where the cue ball can
    be placed without touching a ball."""
    rd, by = table.d_radius, table.baulk_y
    n_arc = max(8, int(math.pi * rd / step))
    a = math.pi + math.pi * np.arange(n_arc + 1) / n_arc
    arc = np.stack([rd * np.cos(a), by + rd * np.sin(a)], axis=1)
    cols = []
    for x in np.arange(-rd, rd + 1e-12, step):
        ymin = by - math.sqrt(max(rd * rd - x * x, 0.0))
        ys = np.arange(by, ymin - 1e-12, -step)
        cols.append(np.stack([np.full_like(ys, x), ys], axis=1))
    arr = np.concatenate([arc, *cols])
    others = np.array([v for k, v in layout.items() if k != "white"], dtype=float).reshape(-1, 2)
    if others.shape[0]:
        gap = np.linalg.norm(arr[:, None, :] - others[None, :, :], axis=2).min(axis=1)
        arr = arr[gap >= table.ball_diameter]
    return arr


def _split(layout: Layout, on: Iterable[str]) -> tuple[list[str], Array, list[str], Array]:
    on_set = [b for b in on if b in layout and b != "white"]
    not_on = [b for b in layout if b != "white" and b not in on_set]
    targets = np.array([layout[b] for b in on_set], dtype=float).reshape(-1, 2)
    obstacles = np.array([layout[b] for b in not_on], dtype=float).reshape(-1, 2)
    return on_set, targets, not_on, obstacles


def _balls(layout: Layout) -> Array:
    return np.array([v for k, v in layout.items() if k != "white"], dtype=float).reshape(-1, 2)


def _edges(table: SnookerTable) -> tuple[float, float]:
    """The two extreme edges of a ball on (S2 D16): paths passing 2r from its centre, less 0.1 µm."""
    edge = 2 * table.ball_radius - 1e-7
    return (-edge, edge)


def _full_offsets(table: SnookerTable) -> tuple[float, ...]:
    """S3 R14 full ball: the cue-ball centre aimed at every point of the diameter (11 offsets)."""
    r = table.ball_radius
    return tuple(float(h) for h in np.linspace(-r, r, 11))


def _any_offsets(table: SnookerTable) -> tuple[float, ...]:
    """S3 R14(c) any part of the ball: offsets -2r..2r (41, just inside the edges)."""
    r = table.ball_radius
    return tuple(float(h) for h in np.linspace(-2 * r + 1e-6, 2 * r - 1e-6, 41))


def clear_at(
    points: Array,
    on: Iterable[str],
    layout: Layout,
    offsets: Sequence[float],
    need_all: bool,
    table: SnookerTable = STANDARD_TABLE,
) -> NDArray[np.bool_]:
    """For each cue-ball place in ``points`` (n, 2): whether for some ball on every path
    (``need_all``) or some path of ``offsets`` is clear (the pointwise test; the in-hand answers
    search the D exactly with :mod:`cueboard.games.snooker.in_hand`)."""
    r = table.ball_radius
    on_set, targets, _, obstacles = _split(layout, on)
    if not on_set or points.shape[0] == 0:
        return np.zeros(points.shape[0], dtype=bool)
    starts, ends = _aim_segments(points, targets, offsets, r)
    n, m, o = starts.shape[:3]
    idx = _first_blocker(starts.reshape(-1, 2), ends.reshape(-1, 2), obstacles, r).reshape(n, m, o)
    clear: NDArray[np.bool_] = idx < 0
    per_ball = np.all(clear, axis=2) if need_all else np.any(clear, axis=2)
    return np.asarray(np.any(per_ball, axis=1), dtype=bool)


def clear_place_in_hand(
    on: Iterable[str],
    layout: Layout,
    offsets: Sequence[float],
    need_all: bool,
    table: SnookerTable = STANDARD_TABLE,
) -> tuple[float, float] | None:
    """A place of the D (exact search, :mod:`.in_hand`) from which :func:`clear_at` holds, or None.
    The last few answers are remembered (a foul asks the miss rule's questions of one layout)."""
    key = tuple(sorted((k, float(x), float(y)) for k, (x, y) in layout.items()))
    return _clear_place(tuple(sorted(set(on))), key, tuple(offsets), need_all, table)


def forget_answers() -> None:
    """Empty the remembered in-hand answers (benchmarks time the search itself)."""
    _clear_place.cache_clear()


@lru_cache(maxsize=16)
def _clear_place(
    on: tuple[str, ...],
    balls: tuple[tuple[str, float, float], ...],
    offsets: tuple[float, ...],
    need_all: bool,
    table: SnookerTable,
) -> tuple[float, float] | None:
    layout = {k: (x, y) for k, x, y in balls}
    on_set, targets, _, obstacles = _split(layout, on)
    if not on_set:
        return None
    return in_hand.clear_place(targets, offsets, obstacles, _balls(layout), table, need_all)


@dataclass(frozen=True)
class SnookerTest:
    """Result of the snookered test: ``snookered`` on every ball on; ``effective`` the effective
    snookering ball (nearest obstruction, the same for every ball on), or None (S2 D16)."""

    snookered: bool
    effective: str | None


def snooker_test(
    cue: tuple[float, float] | None, on: Iterable[str], layout: Layout, table: SnookerTable = STANDARD_TABLE
) -> SnookerTest:
    """Is the cue ball (at ``cue``, or in hand when None) snookered on every ball in ``on``?
    In hand: snookered unless some place of the D sees both edges of some ball on (exact search,
    :mod:`.in_hand`); the effective snookering ball is then not named."""
    r = table.ball_radius
    on_set, targets, not_on, obstacles = _split(layout, on)
    if not on_set:
        return SnookerTest(False, None)
    if cue is None:
        place = in_hand.clear_place(targets, _edges(table), obstacles, _balls(layout), table, True)
        return SnookerTest(place is None, None)
    points = np.array([cue], dtype=float)
    starts, ends = _aim_segments(points, targets, _edges(table), r)
    m = targets.shape[0]
    idx = _first_blocker(starts.reshape(-1, 2), ends.reshape(-1, 2), obstacles, r).reshape(1, m, 2)
    blocked_ball = np.any(idx >= 0, axis=2)  # (1, m): some edge blocked
    if not bool(np.all(blocked_ball)):
        return SnookerTest(False, None)
    # Effective snookering ball: the nearest blocker of each ball on; one for all, or none.
    nearest: set[str] = set()
    for j in range(m):
        cands = [int(i) for i in idx[0, j] if i >= 0]
        dists = [float(np.linalg.norm(obstacles[i] - points[0])) for i in cands]
        best = min(dists)
        nearest.update(not_on[i] for i, dd in zip(cands, dists, strict=True) if dd <= best + 1e-9)
    return SnookerTest(True, next(iter(nearest)) if len(nearest) == 1 else None)


def is_snookered(
    cue: tuple[float, float] | None, on: Iterable[str], layout: Layout, table: SnookerTable = STANDARD_TABLE
) -> bool:
    return snooker_test(cue, on, layout, table).snookered


def _any_clear(
    cue: tuple[float, float] | None,
    on: Iterable[str],
    layout: Layout,
    offsets: Sequence[float],
    table: SnookerTable,
    need_all: bool,
) -> bool:
    if cue is None:
        return clear_place_in_hand(on, layout, offsets, need_all, table) is not None
    return bool(clear_at(np.array([cue], dtype=float), on, layout, offsets, need_all, table)[0])


def full_ball_visible(
    cue: tuple[float, float] | None, on: Iterable[str], layout: Layout, table: SnookerTable = STANDARD_TABLE
) -> bool:
    """A straight path to the whole width of some ball on (S3 R14, the full-ball case). The whole
    width includes the middle (offset 0, one of :func:`clear_path`'s): in hand, no clear path
    (remembered from the miss rule's question) means no full ball."""
    if cue is None and not _any_clear(None, on, layout, _any_offsets(table), table, need_all=False):
        return False
    return _any_clear(cue, on, layout, _full_offsets(table), table, need_all=True)


def clear_path(
    cue: tuple[float, float] | None, on: Iterable[str], layout: Layout, table: SnookerTable = STANDARD_TABLE
) -> bool:
    """A straight path to any part of some ball on (S3 R14(c))."""
    return _any_clear(cue, on, layout, _any_offsets(table), table, False)


# --- cushion paths ---------------------------------------------------------------------------
def _walls(table: SnookerTable) -> tuple[tuple[int, float], ...]:
    """The four lines the cue-ball centre bounces on: (axis, coordinate)."""
    r = table.ball_radius
    hw = table.half_width
    return ((0, -hw + r), (0, hw - r), (1, r), (1, table.length - r))


def _reflect(p: Array, wall: tuple[int, float]) -> Array:
    q = p.copy()
    axis, c = wall
    q[..., axis] = 2 * c - q[..., axis]
    return q


def _trace(
    start: Array, direction: Array, balls: Array, bounces: int, table: SnookerTable
) -> NDArray[np.int64]:
    """Follow rays of the cue-ball centre with up to ``bounces`` cushion reflections; the index of
    the first ball each one touches (-1 if none)."""
    r = table.ball_radius
    hw = table.half_width
    lo = np.array([-hw + r, r])
    hi = np.array([hw - r, table.length - r])
    pos = start.copy()
    vel = direction / np.linalg.norm(direction, axis=1)[:, None]
    result = np.full(pos.shape[0], -1, dtype=np.int64)
    live = np.arange(pos.shape[0])  # the rays that have touched no ball yet
    for _ in range(bounces + 1):
        with np.errstate(divide="ignore", invalid="ignore"):
            tx = np.where(vel > 0, (hi - pos) / vel, np.where(vel < 0, (lo - pos) / vel, np.inf))
        t_wall = np.clip(tx.min(axis=1), 0.0, None)
        ends = pos + vel * t_wall[:, None]
        hit = _first_blocker(pos, ends, balls, r)
        result[live] = hit
        go = hit < 0
        axis = np.argmin(tx, axis=1)
        vel = vel.copy()
        vel[np.arange(vel.shape[0]), axis] *= -1.0
        live, pos, vel = live[go], ends[go], vel[go]
        if live.size == 0:
            break
    return result


def can_hit(
    cue: tuple[float, float] | None,
    on: Iterable[str],
    layout: Layout,
    table: SnookerTable = STANDARD_TABLE,
    cushions: int = 2,
) -> bool:
    """Whether a straight, one-cushion or two-cushion path of the cue ball reaches some ball on
    before any other ball (rules/snooker.md, miss exception 3). In hand: from some point of the D."""
    r = table.ball_radius
    on_set = [b for b in on if b in layout and b != "white"]
    if not on_set:
        return False
    if clear_path(cue, on_set, layout, table):
        return True
    names = [b for b in layout if b != "white"]
    balls = np.array([layout[b] for b in names], dtype=float).reshape(-1, 2)
    on_idx = {names.index(b) for b in on_set}
    # in hand: places along the edge of the free D (in_hand.edge_places: a path from inside the D
    # crosses that edge and is as clear from there)
    points = np.array([cue], dtype=float) if cue is not None else in_hand.edge_places(balls, table, 13, 7, 5)
    sequences: list[tuple[int, ...]] = [(i,) for i in range(4)]
    if cushions >= 2:
        sequences += [(i, j) for i in range(4) for j in range(4) if i != j]
    offsets = np.linspace(-2 * r + 1e-5, 2 * r - 1e-5, 15)
    bounces = len(sequences[-1])
    # one-cushion aims first (an early answer, most often), then the two-cushion ones; every ray
    # is traced through up to ``bounces`` cushions either way
    groups: list[list[tuple[int, ...]]] = [[q for q in sequences if len(q) == n] for n in (1, 2)]
    for group in groups:
        if group and _cushion_hit(points, on_set, on_idx, layout, group, offsets, balls, bounces, table):
            return True
    return False


def _cushion_hit(
    points: Array,
    on_set: list[str],
    on_idx: set[int],
    layout: Layout,
    sequences: list[tuple[int, ...]],
    offsets: Array,
    balls: Array,
    bounces: int,
    table: SnookerTable,
) -> bool:
    """Whether a ray from one of ``points`` aimed off the cushion ``sequences`` at a ball on
    (``offsets`` across it) touches a ball on first."""
    walls = _walls(table)
    # the image of each ball on in the cushions of each sequence: aiming at it sends the cue
    # ball off those cushions towards the ball (rectangle unfolding)
    images = []
    for b in on_set:
        for seq in sequences:
            image = np.array(layout[b], dtype=float)
            for w in reversed(seq):
                image = _reflect(image, walls[w])
            images.append(image)
    aims = np.array(images)  # (s, 2)
    # about 6000 rays at a time: bounded memory (a few MB), an early exit once a ball on is hit
    per = max(1, 6000 // (aims.shape[0] * offsets.shape[0]))
    for first in range(0, points.shape[0], per):
        pts = points[first:first + per]
        d = aims[None, :, :] - pts[:, None, :]  # (p, s, 2)
        dist = np.linalg.norm(d, axis=2)
        use = dist >= _EPS
        u = d / np.where(use, dist, 1.0)[..., None]
        normal = np.stack([-u[..., 1], u[..., 0]], axis=-1)
        sin_a = np.clip(offsets[None, None, :] / np.where(use, dist, 1.0)[..., None], -1.0, 1.0)
        dirs = np.sqrt(1 - sin_a**2)[..., None] * u[:, :, None, :] - sin_a[..., None] * normal[:, :, None, :]
        starts = np.broadcast_to(pts[:, None, None, :], dirs.shape)
        keep = np.broadcast_to(use[..., None], dirs.shape[:3])
        if not keep.any():
            continue
        hit = _trace(np.ascontiguousarray(starts[keep]), np.ascontiguousarray(dirs[keep]), balls,
                     bounces, table)
        if bool(np.isin(hit, list(on_idx)).any()):
            return True
    return False


# --- touching, spots, respotting -------------------------------------------------------------
def touching_balls(
    layout: Layout, ball: str = "white", table: SnookerTable = STANDARD_TABLE
) -> tuple[str, ...]:
    """Balls whose gap to ``ball`` is under 0.1 mm (S3 R8, rules: Touching ball)."""
    if ball not in layout:
        return ()
    bx, by = layout[ball]
    out = []
    for k, (x, y) in layout.items():
        if k != ball and math.hypot(x - bx, y - by) - table.ball_diameter < table.touching_gap:
            out.append(k)
    return tuple(out)


def spot_occupied(
    spot: tuple[float, float], layout: Layout, table: SnookerTable = STANDARD_TABLE, ignore: str | None = None
) -> bool:
    """S2 D17: a spot is occupied if a ball cannot be placed on it without touching another."""
    limit = table.ball_diameter + table.touching_gap - _EPS
    return any(math.hypot(x - spot[0], y - spot[1]) < limit for k, (x, y) in layout.items() if k != ignore)


def _free_on_line(x: float, start: float, up: bool, layout: Layout, table: SnookerTable) -> float | None:
    """The free place nearest ``start`` on the line x = const, going up (towards the top cushion)
    or down, where a ball touches no other and lies on the bed."""
    reach = table.ball_diameter + table.touching_gap
    intervals = []
    for bx, by in layout.values():
        dx = abs(bx - x)
        if dx < reach:
            half = math.sqrt(reach * reach - dx * dx)
            intervals.append((by - half, by + half))
    cands = [start] + [hi if up else lo for lo, hi in intervals]
    cands = sorted((c for c in cands if (c >= start if up else c <= start)), reverse=not up)
    r = table.ball_radius
    for c in cands:
        if c > table.length - r + _EPS or c < r - _EPS:
            continue
        if all(not (lo + _EPS < c < hi - _EPS) for lo, hi in intervals):
            return c
    return None


def respot(
    colours: Iterable[str], layout: Layout, table: SnookerTable = STANDARD_TABLE
) -> list[tuple[str, float, float, bool]]:
    """Where each colour goes back (S3 R7), highest value first: its own spot; else the spot of
    highest value available; else as near its spot as possible on the line towards the top
    cushion; for pink and black (and any colour whose line up is full) else as near as possible
    below its spot on the centre line. Returns (colour, x, y, on own spot) in placing order."""
    spots = table.spots
    placed: dict[str, tuple[float, float]] = dict(layout)
    out: list[tuple[str, float, float, bool]] = []
    for colour in sorted(set(colours), key=lambda c: -BALL_VALUES[c]):
        placed.pop(colour, None)
        own = spots[colour]
        where: tuple[float, float] | None = None
        if not spot_occupied(own, placed, table):
            where = own
        else:
            for other in sorted(spots, key=lambda c: -BALL_VALUES[c]):
                if not spot_occupied(spots[other], placed, table):
                    where = spots[other]
                    break
        if where is None:
            y = _free_on_line(own[0], own[1], True, placed, table)
            if y is None:
                y = _free_on_line(own[0], own[1], False, placed, table)
            if y is None:
                raise PositionError(f"no place on the table to respot the {colour}")
            where = (own[0], y)
        placed[colour] = where
        out.append((colour, where[0], where[1], where == own))
    return out
