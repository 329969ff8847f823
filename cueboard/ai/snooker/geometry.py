"""Aim geometry for the snooker AI: ghost ball, cut angle, clear paths, pocket acceptance and the
probability of a pot under a player's direction noise.

Frame and dimensions: cueboard.games.snooker.table (x across, y up the table, metres).

- Clear paths: :mod:`cueboard.games.snooker.clearance`, the kernel the referee uses.
- Ghost ball: to send an object ball O towards a target T, the cue ball must touch it when its
  centre is at G = O - 2R·(T - O)/|T - O| (ignoring throw); the stroke aims at G.
- Cut angle: the angle between the cue ball's path (C → G) and the object ball's (O → T).
- Pot probability: a direction error δ moves the cue ball sideways by d_cue·δ at the object
  ball, which turns the line of centres by d_cue·δ / (2R cos cut); the object ball then misses its
  target by d_obj times that. With δ ~ N(0, σ²) the miss is Gaussian with
  σ_miss = σ·d_cue·d_obj / (2R cos cut), and the pot succeeds when |miss| is inside the pocket's
  band for that approach direction (Alciatore, "Pool and billiards physics principles",
  TP 3.4 "margin of error"; the same first-order model as Dussault & Landry's pot planner). The
  bands are measured through the physics (:mod:`.pockets`): the AI aims at a band's centre, which
  is off the pocket's aim point when the ball comes in at an angle.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cueboard.ai.snooker.pockets import band
from cueboard.ai.snooker.targets import PocketTarget, Point, pocket_targets
from cueboard.errors import PositionError
from cueboard.games.clearance import segments_clear
from cueboard.games.snooker import STANDARD_TABLE, SnookerTable


def ghost_ball(obj: Point, target: Point, radius: float) -> Point:
    """Where the cue ball's centre must be at contact to send ``obj`` towards ``target``."""
    dx, dy = target[0] - obj[0], target[1] - obj[1]
    d = math.hypot(dx, dy)
    if d == 0.0:
        raise PositionError("the object ball is already at the target")
    return (obj[0] - 2.0 * radius * dx / d, obj[1] - 2.0 * radius * dy / d)


def angle_deg(a: Point, b: Point) -> float:
    """Direction from ``a`` to ``b``, degrees counter-clockwise from +x, in (-180, 180]."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def cut_angle_deg(cue: Point, obj: Point, target: Point, radius: float) -> float:
    """The cut angle (degrees, 0 = full ball) of potting ``obj`` towards ``target`` from ``cue``."""
    g = ghost_ball(obj, target, radius)
    a1 = math.atan2(g[1] - cue[1], g[0] - cue[0])
    a2 = math.atan2(target[1] - obj[1], target[0] - obj[0])
    d = abs((a2 - a1 + math.pi) % (2 * math.pi) - math.pi)
    return math.degrees(d)


#: Whether a path is clear: the games' kernel (clearance, one tolerance), the one the referee uses
#: for "snookered" and the miss rule, so the AI and the referee agree on what is clear.


def pot_probability(cue: Point, obj: Point, pocket: PocketTarget, sigma_deg: float) -> float:
    """Probability that a stroke aimed at the ghost ball for the centre of the pocket's measured
    band pots ``obj`` in ``pocket`` when the direction error is N(0, σ²) (module docstring); 0 for
    cuts beyond 80° or a pocket the ball cannot enter from there. No other ball is considered."""
    for o in pot_options(cue, [("ball", obj)], [], sigma_deg):
        if o.pocket.name == pocket.name:
            return o.probability
    return 0.0


#: Pockets that are mirror images of the measured top-right / middle-right ones (pockets.py); the
#: bottom-left corner is the top-right turned half round, not mirrored.
MIRRORED = frozenset({"top-left", "bottom-right", "middle-left"})


@dataclass(frozen=True)
class PotOption:
    """A pot that is geometrically open: ball, pocket, aim direction, cut and probability."""

    ball: str
    pocket: PocketTarget
    angle: float
    cut: float
    distance_cue: float
    distance_obj: float
    probability: float
    #: Where the object ball is sent: the centre of the pocket's measured band for this approach.
    target: Point = (0.0, 0.0)


def pot_options(
    cue: Point,
    targets: Sequence[tuple[str, Point]],
    others: Sequence[tuple[str, Point]],
    sigma_deg: float,
    table: SnookerTable = STANDARD_TABLE,
    min_probability: float = 0.0,
) -> list[PotOption]:
    """Every open pot of a ball in ``targets`` into every pocket, most probable first.

    Open: the cue ball's path to the ghost ball and the object ball's path to the pocket clear
    every other ball (``others`` and the other targets), the cut under 80°, the pocket reachable.
    The same model as :func:`pot_probability` and :func:`cueboard.games.clearance.path_clear`,
    computed for every (ball, pocket) pair at once with numpy (the evaluation calls this for every
    simulated stroke).
    """
    if not targets:
        return []
    r = table.ball_radius
    pockets = pocket_targets(table)
    obj = np.array([p for _, p in targets], dtype=np.float64)  # (n, 2)
    every = np.array([p for _, p in (*targets, *others)], dtype=np.float64)  # (m, 2)
    n = len(targets)
    aim = np.array([pk.aim for pk in pockets])  # (6, 2)
    axis = np.array([pk.axis for pk in pockets])
    corner = np.array([pk.corner for pk in pockets])
    mirrored = np.array([pk.name in MIRRORED for pk in pockets])
    to_pocket = aim[None, :, :] - obj[:, None, :]  # (n, 6, 2)
    d_obj = np.hypot(to_pocket[..., 0], to_pocket[..., 1])
    safe_d = np.where(d_obj > 0.0, d_obj, 1.0)
    u = to_pocket / safe_d[..., None]
    # the measured band for this approach (pockets.py): aim at its centre, its half-width is the
    # tolerance; the approach barely turns when the target moves by the centre's offset
    dev = np.degrees(np.arctan2(axis[None, :, 0] * u[..., 1] - axis[None, :, 1] * u[..., 0],
                                (axis[None] * u).sum(-1)))
    offset = np.zeros_like(dev)
    tol = np.zeros_like(dev)
    is_corner = np.broadcast_to(corner[None, :], dev.shape)
    for kind in (True, False):
        sel = is_corner if kind else ~is_corner
        c, h = band(kind, dev, np.broadcast_to(mirrored[None, :], dev.shape))
        offset = np.where(sel, c, offset)
        tol = np.where(sel, h, tol)
    target = aim[None] + np.stack([-u[..., 1], u[..., 0]], axis=-1) * offset[..., None]
    to_pocket = target - obj[:, None, :]
    d_obj = np.hypot(to_pocket[..., 0], to_pocket[..., 1])
    safe_d = np.where(d_obj > 0.0, d_obj, 1.0)
    u = to_pocket / safe_d[..., None]
    ghost = obj[:, None, :] - 2.0 * r * u  # (n, 6, 2)
    c = np.asarray(cue, dtype=np.float64)
    to_ghost = ghost - c
    d_cue = np.hypot(to_ghost[..., 0], to_ghost[..., 1])
    a1 = np.arctan2(to_ghost[..., 1], to_ghost[..., 0])
    a2 = np.arctan2(u[..., 1], u[..., 0])
    cut = np.degrees(np.abs((a2 - a1 + np.pi) % (2 * np.pi) - np.pi))
    cos_cut = np.cos(np.radians(np.minimum(cut, 89.0)))
    sigma_miss = math.radians(sigma_deg) * d_cue * d_obj / (2.0 * r * cos_cut)
    ok = (tol > 0.0) & (cut <= 80.0) & (d_obj > 0.0)
    ok &= np.abs(ghost[..., 0]) <= table.half_width - r + 1e-9
    ok &= (ghost[..., 1] >= r - 1e-9) & (ghost[..., 1] <= table.length - r + 1e-9)
    # blockers: every ball but the object ball itself (index i of ``every`` for target i)
    own = np.zeros((n, len(every)), dtype=bool)
    own[np.arange(n), np.arange(n)] = True
    clear = _segments_clear(np.broadcast_to(c, ghost.shape), ghost, every, own, 2 * r)
    clear &= _segments_clear(np.broadcast_to(obj[:, None, :], ghost.shape), target, every, own, 2 * r)
    ok &= clear
    out: list[PotOption] = []
    for i, j in zip(*np.nonzero(ok), strict=True):
        sm = float(sigma_miss[i, j])
        p = 1.0 if sm <= 0.0 else math.erf(float(tol[i, j]) / (sm * math.sqrt(2.0)))
        if p <= min_probability:
            continue
        g = (float(ghost[i, j, 0]), float(ghost[i, j, 1]))
        out.append(
            PotOption(
                targets[i][0], pockets[j], angle_deg(cue, g), float(cut[i, j]),
                float(d_cue[i, j]), float(d_obj[i, j]), p,
                (float(target[i, j, 0]), float(target[i, j, 1])),
            )
        )
    out.sort(key=lambda o: -o.probability)
    return out


def _segments_clear(a: np.ndarray, b: np.ndarray, points: np.ndarray, own: np.ndarray,
                    clearance_m: float) -> np.ndarray:
    """For segments ``a[i, j]``-``b[i, j]`` (shape (n, k, 2)): whether every point of ``points``
    (m, 2) except those with ``own[i, m]`` stays ``clearance_m`` away (the kernel, at once)."""
    return segments_clear(a, b, points, clearance_m, ignore=own[:, None, :])
