"""The one path-clearance kernel of cueboard: is a moving ball's straight path clear of others?

A ball whose centre moves along the segment A -> B touches an obstacle ball when the obstacle's
centre comes closer to the segment than ``clearance`` (2r for two snooker balls: their centres
are then one diameter apart). Every "is this path clear" question of the snooker referee
(:mod:`cueboard.games.snooker.geometry`, S2 D16 snookered, S3 R14 clear path / full ball, the
miss rule's cushion paths) and of the AI (:mod:`cueboard.ai.snooker.geometry`: open pots, the
novuss AI's paths) is answered here, so the referee and the AI cannot disagree on "snookered".

The tolerance, one for all callers: an obstacle blocks when its distance to the segment is
below ``clearance - CONTACT_TOLERANCE`` (1 nm). A path that grazes an obstacle to within 1 nm is
clear: 1 nm is far below what a referee's eye, a ball's roundness (WPBSA ball specification:
52.5 mm +/- 0.05 mm) or the simulation's positions can tell apart, and it makes the answer stable
under floating-point rounding of positions that are exactly touching (a cue ball placed against
a ball, a path tangent to a ball).

Pure numpy; the games layer owns it (the AI imports from the games, never the reverse).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]

#: Metres: how close to ``clearance`` a path may pass an obstacle and still be clear.
CONTACT_TOLERANCE = 1e-9


def point_segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """Distance from ``p`` to the segment ``a``-``b`` (a point when ``a == b``)."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0.0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / l2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def touches(distance: float | Array, clearance: float) -> bool | NDArray[np.bool_]:
    """The kernel's one criterion: an obstacle at ``distance`` from a path touches the moving ball."""
    return distance < clearance - CONTACT_TOLERANCE


def path_clear(
    a: tuple[float, float], b: tuple[float, float], obstacles: Iterable[tuple[float, float]], clearance: float
) -> bool:
    """Whether a ball's centre moving from ``a`` to ``b`` touches none of ``obstacles`` (centres)."""
    return not any(touches(point_segment_distance(p, a, b), clearance) for p in obstacles)


def _geometry(starts: Array, ends: Array, obstacles: Array) -> tuple[Array, Array, Array]:
    """(along, perp², dist²): each obstacle's position along each segment (from the start, in
    metres), its squared distance to the segment's line and to the segment, shapes (k, m)."""
    dx, dy = (ends[:, 0] - starts[:, 0])[:, None], (ends[:, 1] - starts[:, 1])[:, None]
    lk = np.hypot(dx, dy)
    safe = np.where(lk > 0.0, lk, 1.0)
    rx = obstacles[None, :, 0] - starts[:, 0, None]  # (k, m)
    ry = obstacles[None, :, 1] - starts[:, 1, None]
    along = (rx * dx + ry * dy) / safe
    rel2 = rx * rx + ry * ry
    perp2 = np.maximum(rel2 - along * along, 0.0)
    dist2 = np.where(along < 0.0, rel2, np.where(along > lk, rel2 - 2.0 * along * lk + lk * lk, perp2))
    return along, perp2, dist2


def _limit2(clearance: float) -> float:
    return (clearance - CONTACT_TOLERANCE) ** 2


def blocked(starts: Array, ends: Array, obstacles: Array, clearance: float) -> NDArray[np.bool_]:
    """(k, m): whether obstacle m touches the ball moving along segment k."""
    if obstacles.shape[0] == 0 or starts.shape[0] == 0:
        return np.zeros((starts.shape[0], obstacles.shape[0]), dtype=bool)
    return _geometry(starts, ends, obstacles)[2] < _limit2(clearance)


def segments_clear(
    starts: Array, ends: Array, obstacles: Array, clearance: float, ignore: NDArray[np.bool_] | None = None
) -> NDArray[np.bool_]:
    """Whether each segment is clear; ``starts``/``ends`` of any leading shape (..., 2), ``ignore``
    (..., m) marks obstacles that do not count for that segment (the object ball itself)."""
    shape = starts.shape[:-1]
    flat = blocked(starts.reshape(-1, 2), ends.reshape(-1, 2), obstacles, clearance)
    hit = flat.reshape(*shape, obstacles.shape[0])
    if ignore is not None:
        hit = hit & ~np.broadcast_to(ignore, hit.shape)
    return np.asarray(~hit.any(-1), dtype=bool)


def first_blocker(starts: Array, ends: Array, obstacles: Array, clearance: float) -> NDArray[np.int64]:
    """For each segment the index of the obstacle touched first along it (the one whose touching
    begins nearest the start), or -1 when the path is clear."""
    k = starts.shape[0]
    if obstacles.shape[0] == 0 or k == 0:
        return np.full(k, -1, dtype=np.int64)
    along, perp2, dist2 = _geometry(starts, ends, obstacles)
    hit = dist2 < _limit2(clearance)
    entry = along - np.sqrt(np.clip(clearance * clearance - perp2, 0.0, None))
    t = np.where(hit, entry, np.inf)
    idx = np.argmin(t, axis=1)
    return np.where(hit.any(axis=1), idx, -1).astype(np.int64)
