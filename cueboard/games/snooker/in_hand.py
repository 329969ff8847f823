"""Straight paths from the D, decided exactly: is there a place for the cue ball in hand from which
some ball on can be hit (S2 D16 snookered, S3 R10 free ball, S3 R14 miss: clear path, full ball)?

The question "from some point of the D" is answered without a grid:

- A *path family* is a ball on B (centre b) and a signed offset h: from a cue-ball place P the
  path is the straight line through P passing at perpendicular distance h from b, from P to the
  contact with B (:func:`cueboard.games.snooker.geometry.aim_segments`). The places whose path is
  touched by an obstacle ball O are bounded by the lines at distance h from b and 2r from O (the
  common tangents of the circles (b, |h|) and (O, 2r)), by the lines at distance h from b through
  the points where the circles (b, 2r) and (O, 2r) cross (O starts or stops touching before the
  contact), and by the circle (O, 2r) itself.
- The places the cue ball may take are the free D: the half disc of radius ``d_radius`` behind
  the baulk line, less the discs of radius 2r round every ball (S3 R9: the cue ball is placed
  in the D without touching a ball; :func:`cueboard.games.snooker.geometry.d_points`).
- Every component of the clear places of one family reaches the boundary of the free D (the
  clear places of a family are unions of segments running from the contact with B backwards
  until the first obstacle, and the contact lies on the circle (b, 2r), itself part of that
  boundary when it is inside the D). For two families of one ball (the two extreme edges,
  S2 D16) the same holds: from a place that sees both edges, moving towards b keeps both edges
  in view until the place leaves the free D, since any ball that would touch one of the nearer
  place's edge paths lies across one of the farther place's. So the search runs along the
  boundary pieces: the D's arc, the baulk line between the D's ends, and the arcs of the circles
  (ball, 2r) inside the D.
- On each piece the lines and circles above cut the parameter (angle or x) into cells; inside a
  cell nothing changes, so one test at its middle (the kernel of
  :mod:`cueboard.games.snooker.clearance`) decides the whole cell. The blocked cells of every
  obstacle and the unplaceable cells form a union of intervals; a family is clear where that
  union leaves a gap, and "every edge" / "the full width" is the intersection of the families'
  gaps.

Tolerances: the kernel's 1 nm contact tolerance; a gap is a clear place only when it is longer
than 1e-9 (radians on an arc, metres on the baulk line), so a window narrower than about 1 nm
counts as shut (grazing). For the full-width question (11 offsets, S3 R14) the search covers the
same boundary; a window of full visibility strictly inside the free D that reaches none of its
edges is not searched (the property tests find none in their random positions).

Cost: a few places along the boundary are tried first (most positions are answered there);
otherwise about 20 cells per (family, obstacle, piece), numpy over balls, offsets and obstacles
in chunks of a few thousand, stopping at the first ball that can be hit. Measured over the 63
positions of ``python -m benchmarks snooker_referee``: peak traced memory 1.1 MB (both edges),
3.6 MB (41 offsets); the CPU time per foul is in docs/rules/snooker.md.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from cueboard.games.clearance import CONTACT_TOLERANCE, blocked
from cueboard.games.snooker.table import SnookerTable

Array = NDArray[np.float64]
#: Shortest clear gap (parameter units) that counts as a place: narrower windows are grazing.
GAP = 1e-9
_TWO_PI = 2.0 * math.pi


@dataclass(frozen=True)
class Piece:
    """A boundary piece of the free D: the baulk line (``rho`` = 0, parameter x) or an arc of the
    circle (``cx``, ``cy``, ``rho``) (parameter the angle), over ``t0``..``t1``."""

    cx: float
    cy: float
    rho: float
    t0: float
    t1: float
    baulk_y: float = 0.0

    def at(self, t: Array) -> Array:
        """The points (..., 2) at parameters ``t``."""
        if self.rho == 0.0:
            return np.stack([t, np.full_like(t, self.baulk_y)], axis=-1)
        return np.stack([self.cx + self.rho * np.cos(t), self.cy + self.rho * np.sin(t)], axis=-1)

    def cut_by_lines(self, nx: Array, ny: Array, c: Array) -> Array:
        """Parameters (..., 2) where the lines nx·x + ny·y = c cross the piece (NaN: no crossing)."""
        with np.errstate(divide="ignore", invalid="ignore"):
            if self.rho == 0.0:
                t = (c - ny * self.baulk_y) / nx
                out = np.stack([t, np.full_like(t, np.nan)], axis=-1)
            else:
                phi = np.arctan2(ny, nx)
                cos_d = (c - nx * self.cx - ny * self.cy) / self.rho
                delta = np.arccos(cos_d)  # NaN where |cos_d| > 1
                out = np.stack([phi + delta, phi - delta], axis=-1)
        return self._keep(out)

    def cut_by_circles(self, centres: Array, radius: float) -> Array:
        """Parameters (..., 2) where circles of ``radius`` round ``centres`` (..., 2) cross the piece."""
        qx, qy = centres[..., 0], centres[..., 1]
        with np.errstate(divide="ignore", invalid="ignore"):
            if self.rho == 0.0:
                half = np.sqrt(radius * radius - (self.baulk_y - qy) ** 2)
                out = np.stack([qx - half, qx + half], axis=-1)
            else:
                wx, wy = qx - self.cx, qy - self.cy
                w = np.hypot(wx, wy)
                cos_d = (w * w + self.rho * self.rho - radius * radius) / (2.0 * self.rho * w)
                delta = np.arccos(cos_d)
                phi = np.arctan2(wy, wx)
                out = np.stack([phi + delta, phi - delta], axis=-1)
        return self._keep(out)

    def _keep(self, t: Array) -> Array:
        if self.rho != 0.0:
            t = self.t0 + np.mod(t - self.t0, _TWO_PI)
        return np.where((t >= self.t0) & (t <= self.t1), t, np.nan)


def pieces(balls: Array, table: SnookerTable) -> list[Piece]:
    """The boundary pieces of the free D (module docstring) for the balls ``balls`` (n, 2)."""
    rd, by, r = table.d_radius, table.baulk_y, table.ball_radius
    out = [Piece(0.0, by, rd, math.pi, _TWO_PI), Piece(0.0, 0.0, 0.0, -rd, rd, baulk_y=by)]
    for x, y in balls:
        if math.hypot(x, y - by) < rd + 2 * r and y - 2 * r < by:
            out.append(Piece(float(x), float(y), 2 * r, 0.0, _TWO_PI))
    return out


def placeable(points: Array, balls: Array, table: SnookerTable) -> NDArray[np.bool_]:
    """Whether the cue ball may be placed at ``points`` (..., 2): in the D, touching no ball."""
    rd, by = table.d_radius, table.baulk_y
    ok = (np.hypot(points[..., 0], points[..., 1] - by) <= rd + CONTACT_TOLERANCE) & (
        points[..., 1] <= by + CONTACT_TOLERANCE
    )
    if balls.shape[0]:
        gap = np.linalg.norm(points[..., None, :] - balls, axis=-1).min(axis=-1)
        ok &= gap >= table.ball_diameter - CONTACT_TOLERANCE
    return ok


def aim_ends(points: Array, target: Array, offsets: Array, radius: float) -> Array:
    """The contact points (cue-ball centre on touching the target) of the paths from ``points``
    (..., 2) passing at signed distance ``offsets`` (broadcast with points' leading shape) from
    the ``target`` centre: the same construction as the referee's straight paths."""
    d = target - points
    dist = np.maximum(np.hypot(d[..., 0], d[..., 1]), 2 * radius + 1e-9)
    ux, uy = d[..., 0] / dist, d[..., 1] / dist
    sin_a = np.clip(offsets / dist, -1.0, 1.0)
    cos_a = np.sqrt(1.0 - sin_a**2)
    dx = cos_a * ux + sin_a * uy
    dy = cos_a * uy - sin_a * ux
    back = np.sqrt(np.clip((2 * radius) ** 2 - offsets**2, 0.0, None))
    reach = np.clip(dist * cos_a - back, 0.0, None)
    return np.stack([points[..., 0] + dx * reach, points[..., 1] + dy * reach], axis=-1)


def _cells(cuts: Array, piece: Piece) -> tuple[Array, Array]:
    """Sorted cells (lo, hi) of ``piece`` cut at the finite values of ``cuts`` (..., k)."""
    lead = cuts.shape[:-1]
    ends = np.concatenate(
        [np.full((*lead, 1), piece.t0), cuts, np.full((*lead, 1), piece.t1)], axis=-1
    )
    ends = np.sort(np.where(np.isnan(ends), np.inf, ends), axis=-1)
    lo, hi = ends[..., :-1], ends[..., 1:]
    return lo, np.where(np.isfinite(hi), hi, lo)


def _gaps(lo: Array, hi: Array, piece: Piece) -> tuple[Array, Array]:
    """The parts of ``piece`` outside the union of intervals (lo, hi) (families × k, NaN-free,
    empty intervals have lo = inf): gaps (families × (k + 1)) as (start, end), empty ones start >= end."""
    both = np.sort(lo + 1j * np.where(np.isfinite(lo), hi, 0.0), axis=-1)  # by lo, hi alongside
    lo, hi = both.real, both.imag
    reach = np.maximum.accumulate(np.where(np.isfinite(lo), hi, -np.inf), axis=-1)
    start = np.concatenate([np.full((*lo.shape[:-1], 1), piece.t0), np.maximum(reach, piece.t0)], -1)
    end = np.concatenate([np.minimum(lo, piece.t1), np.full((*lo.shape[:-1], 1), piece.t1)], -1)
    return start, end


def _tangent_lines(w: Array, k: Array, b: Array, h: Array) -> tuple[Array, Array, Array]:
    """Lines n·X = c of the path families (n·b - c = h) with n·w = k for w = b - Q: two per entry,
    on a new last axis. ``b`` broadcasts with ``w``; ``k`` and ``h`` with ``w[..., 0]``."""
    length = np.hypot(w[..., 0], w[..., 1])
    with np.errstate(divide="ignore", invalid="ignore"):
        delta = np.arccos(k / length)
    psi = np.arctan2(w[..., 1], w[..., 0])
    phi = np.stack([psi + delta, psi - delta], axis=-1)
    nx, ny = np.cos(phi), np.sin(phi)
    c = nx * b[..., 0:1] + ny * b[..., 1:2] - h[..., None]
    return nx, ny, c


def family_gaps(piece: Piece, b: Array, offsets: Array, obstacles: Array, base: tuple[Array, Array],
                radius: float) -> tuple[Array, Array]:
    """For each ball at ``b`` (B, 2) and offset in ``offsets`` (H,), the clear gaps (start, end),
    shapes (B, H, k), on ``piece`` of the paths to that ball (module docstring); ``base``: the
    unplaceable intervals of the piece."""
    two_r = 2.0 * radius
    nb, hcount, m = b.shape[0], offsets.shape[0], obstacles.shape[0]
    base_lo, base_hi = base
    shape = (nb, hcount, base_lo.shape[0])
    if m == 0:
        return _gaps(np.broadcast_to(base_lo, shape), np.broadcast_to(base_hi, shape), piece)
    bb = b[:, None, None, None, :]  # (B, 1, 1, 1, 2)
    h = np.broadcast_to(offsets[None, :, None, None], (nb, hcount, m, 4))
    # where the circles (b, 2r) and (O, 2r) cross: O touches the path just at the contact
    rel = obstacles[None, :, :] - b[:, None, :]  # (B, m, 2)
    dist = np.hypot(rel[..., 0], rel[..., 1])
    with np.errstate(invalid="ignore", divide="ignore"):
        half = np.sqrt(two_r * two_r - (dist / 2.0) ** 2)
        perp = np.stack([-rel[..., 1], rel[..., 0]], axis=-1) / dist[..., None]
    mid = rel / 2.0  # crossing points relative to b: mid ± half·perp
    w_obst = -rel  # b - O
    # lines of each family: common tangents of circles (b, |h|) and (O, 2r) (n·(b - O) = h ∓ 2r),
    # and through each crossing Q (n·(b - Q) = h)
    w = np.stack([w_obst, w_obst, -(mid + half[..., None] * perp), -(mid - half[..., None] * perp)], axis=2)
    k = h + np.array([-two_r, two_r, 0.0, 0.0])
    nx, ny, c = _tangent_lines(np.broadcast_to(w[:, None], (nb, hcount, m, 4, 2)), k, bb, h)
    cuts = [piece.cut_by_lines(nx, ny, c).reshape(nb, hcount, m, -1),
            np.broadcast_to(piece.cut_by_circles(obstacles, two_r), (nb, hcount, m, 2))]
    lo, hi = _cells(np.concatenate(cuts, axis=-1), piece)  # (B, H, m, cells)
    open_ = hi > lo
    bi, hj, oi, _ = np.nonzero(open_)  # test only the cells of positive length
    points = piece.at(((lo + hi) / 2.0)[open_])  # (n, 2)
    ends = aim_ends(points, b[bi], offsets[hj], radius)
    # distance from each cell's own obstacle to the path from the cell's middle
    d = ends - points
    relo = obstacles[oi] - points
    l2 = np.einsum("ki,ki->k", d, d)
    t = np.clip(np.einsum("ki,ki->k", relo, d) / np.where(l2 > 0.0, l2, 1.0), 0.0, 1.0)
    near = relo - t[:, None] * d
    hit = np.zeros(open_.shape, dtype=bool)
    hit[open_] = np.hypot(near[:, 0], near[:, 1]) < two_r - CONTACT_TOLERANCE
    blo = np.concatenate([np.where(hit, lo, np.inf).reshape(nb, hcount, -1),
                          np.broadcast_to(base_lo, shape)], axis=-1)
    bhi = np.concatenate([np.where(hit, hi, -np.inf).reshape(nb, hcount, -1),
                          np.broadcast_to(base_hi, shape)], axis=-1)
    return _gaps(blo, bhi, piece)


def unplaceable(piece: Piece, balls: Array, table: SnookerTable) -> tuple[Array, Array]:
    """The intervals (lo, hi) of ``piece`` where the cue ball may not be placed."""
    rd, by = table.d_radius, table.baulk_y
    cuts = [piece.cut_by_circles(balls, table.ball_diameter).reshape(-1)]
    if piece.rho != 0.0:
        cuts.append(piece.cut_by_circles(np.array([0.0, by]), rd).reshape(-1))
        cuts.append(piece.cut_by_lines(np.array(0.0), np.array(1.0), np.array(by)).reshape(-1))
    else:
        cuts.append(np.array([-rd, rd]))
    lo, hi = _cells(np.concatenate(cuts), piece)
    ok = placeable(piece.at((lo + hi) / 2.0), balls, table)
    bad = ~ok & (hi > lo)
    return lo[bad], hi[bad]


def clear_points(
    points: Array, targets: Array, offsets: Array, obstacles: Array, radius: float, need_all: bool
) -> NDArray[np.bool_]:
    """(n, t): from each place (n, 2), whether every (``need_all``) or some path of ``offsets`` to
    each target (t, 2) is clear of ``obstacles`` (the kernel's test, one place at a time)."""
    n, nt, no = points.shape[0], targets.shape[0], offsets.shape[0]
    starts = np.broadcast_to(points[:, None, None, :], (n, nt, no, 2))
    ends = aim_ends(starts, targets[None, :, None, :], offsets[None, None, :], radius)
    hit = blocked(starts.reshape(-1, 2), ends.reshape(-1, 2), obstacles, 2.0 * radius)
    clear = ~hit.any(axis=-1).reshape(n, nt, no)
    return np.asarray(clear.all(axis=-1) if need_all else clear.any(axis=-1), dtype=bool)


def edge_places(balls: Array, table: SnookerTable, arc: int = 17, line: int = 9, circle: int = 9) -> Array:
    """Places spread along the boundary of the free D (``arc`` on the D's arc, ``line`` on the
    baulk line, ``circle`` round each ball near the D), the placeable ones. A path that is clear
    from a place inside the D stays clear, and hits the same balls, from where it crosses this
    boundary (slide the place forwards along its own path), so the boundary is where to look."""
    out = []
    for p in pieces(balls, table):
        n = circle if p.rho == table.ball_diameter else (line if p.rho == 0.0 else arc)
        out.append(p.at(np.linspace(p.t0, p.t1, n)))
    places = np.concatenate(out)
    return places[placeable(places, balls, table)]


def hull_distance(points: Array, c1: Array, r1: float, c2: Array, r2: float) -> Array:
    """Distance (0 inside) from ``points`` (m, 2) to the convex hull of the discs (c1, r1) and
    (c2, r2): the nearest of the first disc, the second and their outer common tangent."""
    axis = c2 - c1
    length = float(np.hypot(axis[0], axis[1]))
    if length <= abs(r1 - r2):
        big, rb = (c1, r1) if r1 >= r2 else (c2, r2)
        return np.maximum(np.hypot(points[:, 0] - big[0], points[:, 1] - big[1]) - rb, 0.0)
    ex = axis / length
    rel = points - c1
    x = rel @ ex
    y = np.abs(rel[:, 0] * -ex[1] + rel[:, 1] * ex[0])
    sin_a = (r1 - r2) / length
    cos_a = math.sqrt(1.0 - sin_a * sin_a)
    # outward normal of the tangent (local frame) and where the tangent touches the first disc
    nx, ny = sin_a, cos_a
    u = (x - r1 * nx) * cos_a - (y - r1 * ny) * sin_a  # along the tangent from its first touch
    along_max = length * cos_a
    d_line = x * nx + y * ny - r1
    d1 = np.hypot(x, y) - r1
    d2 = np.hypot(x - length, y) - r2
    d = np.where(u < 0.0, d1, np.where(u > along_max, d2, d_line))
    return np.maximum(d, 0.0)


def clear_place(
    targets: Array,
    offsets: Sequence[float],
    obstacles: Array,
    balls: Array,
    table: SnookerTable,
    need_all: bool,
) -> tuple[float, float] | None:
    """A place in the free D from which, for some ball at ``targets`` (n, 2), every path
    (``need_all``) or some path of ``offsets`` is clear of ``obstacles``; None when there is none.
    ``balls``: every ball on the table but the cue ball (they limit where it may be placed).
    Every place returned has been checked by the kernel's pointwise test."""
    radius = table.ball_radius
    off = np.asarray(offsets, dtype=float)
    rd, by = table.d_radius, table.baulk_y
    plist = pieces(balls, table)
    with np.errstate(invalid="ignore", divide="ignore"):
        probe = edge_places(balls, table)
        if probe.shape[0]:
            # some path (any): a few of the offsets suffice for a witness; every path (all): all
            tried = off if need_all else off[:: max(1, off.shape[0] // 4)]
            ok = clear_points(probe, targets, tried, obstacles, radius, need_all).any(axis=1)
            if ok.any():
                p = probe[int(np.argmax(ok))]
                return (float(p[0]), float(p[1]))
        bases = [unplaceable(p, balls, table) for p in plist]
        # the pieces with some placeable part (a piece wholly inside other balls' discs is no edge)
        kept = []
        for p, base in zip(plist, bases, strict=True):
            s, e = _gaps(base[0][None, :], base[1][None, :], p)
            if bool((e - s > GAP).any()):
                kept.append((p, base))
        order = np.argsort(np.hypot(targets[:, 0], targets[:, 1] - by))
        # a few thousand (ball, offset, obstacle) triples per call: bounded memory
        chunk = max(1, 3000 // (off.shape[0] * max(1, obstacles.shape[0])))
        for first in range(0, order.shape[0], chunk):
            group = targets[order[first:first + chunk]]
            for piece, base in kept:
                # the obstacles that can come within 2r of a path from the piece to one of these
                # balls: within 2r of the hull of the piece's disc and the ball's contact circle
                centre, rho = (np.array([0.0, by]), rd) if piece.rho != 2 * radius else (
                    np.array([piece.cx, piece.cy]), piece.rho)
                near = np.zeros(obstacles.shape[0], dtype=bool)
                for b in group:
                    near |= hull_distance(obstacles, centre, rho, b, 2 * radius) < 2 * radius + 1e-6
                obs = obstacles[near]
                starts, ends = family_gaps(piece, group, off, obs, base, radius)
                for j in range(group.shape[0]):
                    found = _common_gap(starts[j], ends[j], piece, need_all)
                    if found is not None and bool(
                        clear_points(found[None, :], group[j:j + 1], off, obstacles, radius, need_all)[0, 0]
                        & placeable(found[None, :], balls, table)[0]
                    ):
                        return (float(found[0]), float(found[1]))
    return None


def _common_gap(starts: Array, ends: Array, piece: Piece, need_all: bool) -> Array | None:
    """A point of ``piece`` inside a gap of some family (``need_all`` False) or of every family
    (cut at every gap end, each cell's middle tested); None when there is none."""
    real = ends - starts > GAP
    if not need_all:
        if not bool(real.any()):
            return None
        length = np.where(real, ends - starts, -1.0)
        i = int(np.argmax(length))
        return piece.at(np.array((starts.flat[i] + ends.flat[i]) / 2.0))
    if not bool(real.any(axis=-1).all()):
        return None
    cuts = np.unique(np.concatenate([starts[real], ends[real]]))
    lo, hi = cuts[:-1], cuts[1:]
    keep = hi - lo > GAP
    lo, hi = lo[keep], hi[keep]
    if lo.size == 0:
        return None
    mid = (lo + hi) / 2.0
    inside = np.ones(mid.shape, dtype=bool)
    for f in range(starts.shape[0]):
        s, e = starts[f][real[f]], ends[f][real[f]]
        inside &= ((mid[:, None] > s[None, :]) & (mid[:, None] < e[None, :])).any(axis=1)
        if not inside.any():
            return None
    i = int(np.argmax(np.where(inside, hi - lo, -1.0)))
    return piece.at(np.array(mid[i]))
