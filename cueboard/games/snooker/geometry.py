"""The geometric questions of the snooker rules, answered from ball coordinates (pure numpy).

- :func:`snooker_test` / :func:`is_snookered`: S2 D16 — snookered when, for every ball on, at least
  one of its two extreme edges cannot be hit by a straight path of the cue ball without first
  touching a ball not on; other balls on and cushions never snooker; in hand, from every point
  of the D (sampled, :func:`d_points`). Also the effective snookering ball (nearest obstruction).
- :func:`full_ball_visible`: S3 R14 — a straight path to the whole width of a ball on (cue-ball
  centre aimed at every point of its diameter, offsets −r..r, sampled), for reds any red not
  obscured by colours.
- :func:`clear_path`: S3 R14(c) — a straight path to any part of a ball on (offsets −2r..2r).
- :func:`can_hit`: rules/snooker.md miss exception 3 — some straight, one-cushion or two-cushion
  path reaches a ball on before any other ball (cushions as the straight lines of the cushion
  faces, pocket mouths not modelled).
- :func:`touching_balls`: S3 R8 — balls within 0.1 mm of the cue ball.
- :func:`spot_occupied`, :func:`respot`: S2 D17 and S3 R7 — where colours go back.

Coordinates are metres in the table frame of :mod:`cueboard.games.snooker.table`. A layout is a
mapping ball id -> (x, y) of the balls on the table (the white included only where it lies).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

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
    obstacle ball the cue ball would touch on the way, or -1. A ball touches when its centre comes
    closer than 2r to the segment."""
    k = starts.shape[0]
    if obstacles.shape[0] == 0 or k == 0:
        return np.full(k, -1, dtype=np.int64)
    seg = ends - starts  # (k, 2)
    length = np.linalg.norm(seg, axis=1)  # (k,)
    safe = np.where(length > 0, length, 1.0)
    u = seg / safe[:, None]
    rel = obstacles[None, :, :] - starts[:, None, :]  # (k, m, 2)
    along = np.einsum("kmi,ki->km", rel, u)
    perp2 = np.einsum("kmi,kmi->km", rel, rel) - along**2
    reach = (2 * radius) ** 2 - perp2  # > 0 when the line passes within 2r
    hit_t = along - np.sqrt(np.clip(reach, 0.0, None))
    blocks = (
        (reach > 1e-12)
        & (along + np.sqrt(np.clip(reach, 0.0, None)) > _EPS)
        & (hit_t < length[:, None] - _EPS)
    )
    t = np.where(blocks, hit_t, np.inf)
    idx = np.argmin(t, axis=1)
    return np.where(np.isfinite(t[np.arange(k), idx]), idx, -1).astype(np.int64)


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


def _points(cue: tuple[float, float] | None, layout: Layout, table: SnookerTable) -> Array:
    """The cue-ball points to test: the cue ball, or (in hand) the free points of the D."""
    if cue is not None:
        return np.array([cue], dtype=float)
    return d_points(layout, table)


def d_points(layout: Layout, table: SnookerTable = STANDARD_TABLE, step: float = 0.01) -> Array:
    """Points of the D (arc, baulk line and interior, every ``step`` metres) where the cue ball can
    be placed without touching a ball."""
    rd, by = table.d_radius, table.baulk_y
    pts: list[tuple[float, float]] = []
    n_arc = max(8, int(math.pi * rd / step))
    for i in range(n_arc + 1):
        a = math.pi + math.pi * i / n_arc
        pts.append((rd * math.cos(a), by + rd * math.sin(a)))
    xs = np.arange(-rd, rd + 1e-12, step)
    for x in xs:
        ymin = by - math.sqrt(max(rd * rd - x * x, 0.0))
        for y in np.arange(by, ymin - 1e-12, -step):
            pts.append((float(x), float(y)))
    arr = np.array(pts, dtype=float)
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


@dataclass(frozen=True)
class SnookerTest:
    """Result of the snookered test: ``snookered`` on every ball on; ``effective`` the effective
    snookering ball (nearest obstruction, the same for every ball on), or None (S2 D16)."""

    snookered: bool
    effective: str | None


def snooker_test(
    cue: tuple[float, float] | None, on: Iterable[str], layout: Layout, table: SnookerTable = STANDARD_TABLE
) -> SnookerTest:
    """Is the cue ball (at ``cue``, or in hand when None) snookered on every ball in ``on``?"""
    r = table.ball_radius
    on_set, targets, not_on, obstacles = _split(layout, on)
    if not on_set:
        return SnookerTest(False, None)
    points = _points(cue, layout, table)
    if points.shape[0] == 0:
        return SnookerTest(True, None)
    edge = 2 * r - 1e-7
    starts, ends = _aim_segments(points, targets, (-edge, edge), r)
    n, m = points.shape[0], targets.shape[0]
    idx = _first_blocker(starts.reshape(-1, 2), ends.reshape(-1, 2), obstacles, r).reshape(n, m, 2)
    blocked_ball = np.any(idx >= 0, axis=2)  # (n, m): some edge blocked
    if not bool(np.all(blocked_ball)):
        return SnookerTest(False, None)
    if cue is None:
        return SnookerTest(True, None)
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
    r = table.ball_radius
    on_set, targets, _, obstacles = _split(layout, on)
    if not on_set:
        return False
    points = _points(cue, layout, table)
    if points.shape[0] == 0:
        return False
    starts, ends = _aim_segments(points, targets, offsets, r)
    n, m, o = starts.shape[:3]
    idx = _first_blocker(starts.reshape(-1, 2), ends.reshape(-1, 2), obstacles, r).reshape(n, m, o)
    clear = idx < 0
    per_ball = clear.all(axis=2) if need_all else clear.any(axis=2)
    return bool(per_ball.any())


def full_ball_visible(
    cue: tuple[float, float] | None, on: Iterable[str], layout: Layout, table: SnookerTable = STANDARD_TABLE
) -> bool:
    """A straight path to the whole width of some ball on (S3 R14, the full-ball case)."""
    r = table.ball_radius
    return _any_clear(cue, on, layout, tuple(np.linspace(-r, r, 11)), table, need_all=True)


def clear_path(
    cue: tuple[float, float] | None, on: Iterable[str], layout: Layout, table: SnookerTable = STANDARD_TABLE
) -> bool:
    """A straight path to any part of some ball on (S3 R14(c))."""
    r = table.ball_radius
    return _any_clear(cue, on, layout, tuple(np.linspace(-2 * r + 1e-6, 2 * r - 1e-6, 41)), table, False)


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
    alive = np.ones(pos.shape[0], dtype=bool)
    for _ in range(bounces + 1):
        with np.errstate(divide="ignore", invalid="ignore"):
            tx = np.where(vel > 0, (hi - pos) / vel, np.where(vel < 0, (lo - pos) / vel, np.inf))
        t_wall = np.clip(tx.min(axis=1), 0.0, None)
        ends = pos + vel * t_wall[:, None]
        hit = _first_blocker(pos, ends, balls, r)
        newly = alive & (hit >= 0)
        result[newly] = hit[newly]
        alive &= hit < 0
        axis = np.argmin(tx, axis=1)
        vel = vel.copy()
        vel[np.arange(vel.shape[0]), axis] *= -1.0
        pos = ends
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
    points = _points(cue, layout, table)
    if cue is None and points.shape[0] > 60:
        points = points[:: max(1, points.shape[0] // 60)]
    walls = _walls(table)
    sequences: list[tuple[int, ...]] = [(i,) for i in range(4)]
    if cushions >= 2:
        sequences += [(i, j) for i in range(4) for j in range(4) if i != j]
    offsets = np.linspace(-2 * r + 1e-5, 2 * r - 1e-5, 15)
    for point in points:
        starts: list[Array] = []
        dirs: list[Array] = []
        for b in on_set:
            target = np.array(layout[b], dtype=float)
            for seq in sequences:
                image = target.copy()
                for w in reversed(seq):
                    image = _reflect(image, walls[w])
                d = image - point
                dist = float(np.linalg.norm(d))
                if dist < _EPS:
                    continue
                u = d / dist
                normal = np.array([-u[1], u[0]])
                for h in offsets:
                    s = float(np.clip(h / dist, -1.0, 1.0))
                    dirs.append(math.sqrt(1 - s * s) * u - s * normal)
                    starts.append(point)
        if not dirs:
            continue
        hit = _trace(np.array(starts), np.array(dirs), balls, len(sequences[-1]), table)
        if any(int(i) in on_idx for i in hit):
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
                raise ValueError(f"no place on the table to respot the {colour}")
            where = (own[0], y)
        placed[colour] = where
        out.append((colour, where[0], where[1], where == own))
    return out
