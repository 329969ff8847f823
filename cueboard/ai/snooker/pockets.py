"""Pocket acceptance measured through the physics: which lines into a pocket drop.

A ball sent at a pocket drops when its line passes inside a band across its path; the band is
neither centred on the pocket nor as wide as the mouth minus a ball: approaching a corner pocket
along a cushion, the far jaw's knuckle turns balls in and the near one throws them out, so the
band shifts towards the far jaw and widens (Alciatore, "Pool and billiards physics principles",
TP 3.6 "effective target size" and the figures of his pocket studies). A band taken as the mouth
minus a ball, centred on the pocket, misses this by up to 20 mm on a middle pocket at 40°: more
than the band's half-width, so a stroke aimed at the pocket's centre from there drops about half
the time.

So the AI measures the band once per pocket kind (corner, middle), for approach directions every
``STEP_DEG`` off the pocket's axis: a lone ball rolled at ``SPEED`` from ``RUN`` before the pocket's
aim point, offset sideways, through :func:`cueboard.games.snooker.physics.simulate_shot`; the band's
edges are found by a coarse scan and bisection. :func:`band` interpolates the table: the offset of
the band's centre from the aim point (to the left of the path) and its half-width, both metres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import Final

import numpy as np

from cueboard.ai.snooker.targets import pocket_targets
from cueboard.games.snooker import (
    STANDARD_TABLE,
    PositionError,
    SnookerPosition,
    SnookerStrike,
    ball_ids,
    make_ball,
    simulate_shot,
)
from cueboard.records.base import PieceState

#: Spacing of the measured approach directions (degrees off the pocket's axis), the widest measured.
STEP_DEG: Final = 5.0
MAX_DEV_DEG: Final = 75.0
#: The measuring roll: start speed (m/s) and run to the aim point (m).
SPEED: Final = 1.0
RUN: Final = 0.3
#: The coarse scan across the path (m) and the bisection's final resolution.
SCAN: Final = tuple(k * 0.004 for k in range(-12, 13))
RESOLUTION: Final = 0.0005


@dataclass(frozen=True)
class Acceptance:
    """The measured bands of one pocket kind: for each deviation in ``devs`` (degrees, signed
    counter-clockwise from the pocket's axis), the band's centre offset and half-width (m)."""

    devs: np.ndarray
    centre: np.ndarray
    half: np.ndarray


def _drops(name: str, dev_deg: float, offset: float) -> bool | None:
    """Whether a ball rolled into pocket ``name`` at ``dev_deg`` off its axis, ``offset`` to the
    left of the aim point, drops; None when its start would be off the bed."""
    t = STANDARD_TABLE
    r = t.ball_radius
    pocket = next(p for p in pocket_targets() if p.name == name)
    th = math.atan2(pocket.axis[1], pocket.axis[0]) + math.radians(dev_deg)
    u = (math.cos(th), math.sin(th))
    tx, ty = pocket.aim[0] - u[1] * offset, pocket.aim[1] + u[0] * offset
    sx, sy = tx - u[0] * RUN, ty - u[1] * RUN
    if not (abs(sx) < t.half_width - r and r < sy < t.length - r):
        return None
    pieces = tuple(
        make_ball("white", sx, sy) if b == "white" else make_ball(b, state=PieceState.POCKETED)
        for b in ball_ids(15)
    )
    try:
        lone = SnookerPosition(pieces=pieces, in_hand=False)
        _, out = simulate_shot(lone, SnookerStrike(speed=SPEED, angle=math.degrees(th)))
    except (PositionError, ValueError, RuntimeError):
        return None
    white = next(p for p in out.final if p.id == "white")
    return bool(white.state == PieceState.POCKETED)


def _edge(name: str, dev: float, inside: float, outside: float) -> float:
    """The band's edge between an offset that drops and one that does not (bisection)."""
    while abs(outside - inside) > RESOLUTION:
        mid = 0.5 * (inside + outside)
        if _drops(name, dev, mid):
            inside = mid
        else:
            outside = mid
    return 0.5 * (inside + outside)


def measure(name: str) -> Acceptance:
    """The bands of pocket ``name`` (module docstring); a direction whose band is empty or whose
    measuring roll would start off the bed gets a zero half-width."""
    devs = np.arange(-MAX_DEV_DEG, MAX_DEV_DEG + 1e-9, STEP_DEG)
    centre = np.zeros_like(devs)
    half = np.zeros_like(devs)
    for k, dev in enumerate(devs):
        drops = [bool(_drops(name, float(dev), off)) for off in SCAN]
        run = _longest_run(drops)
        if run is None:
            continue
        lo_in, hi_in = SCAN[run[0]], SCAN[run[1]]
        lo = _edge(name, float(dev), lo_in, lo_in - 0.004)
        hi = _edge(name, float(dev), hi_in, hi_in + 0.004)
        centre[k] = 0.5 * (lo + hi)
        half[k] = 0.5 * (hi - lo)
    return Acceptance(devs, centre, half)


def _longest_run(flags: list[bool]) -> tuple[int, int] | None:
    """First and last index of the longest run of True (a ball rattling in off a jaw at the edge of
    the scan is an island beside the band, not part of it)."""
    best: tuple[int, int] | None = None
    start = None
    for k, f in enumerate([*flags, False]):
        if f and start is None:
            start = k
        elif not f and start is not None:
            if best is None or k - 1 - start > best[1] - best[0]:
                best = (start, k - 1)
            start = None
    return best


@cache
def acceptance(corner: bool) -> Acceptance:
    """The measured bands of a corner or a middle pocket (the top-right and middle-right ones; the
    others are their mirror images, handled by measuring deviations from each pocket's own axis
    with the table's mirror symmetry: a left pocket's deviation is the right one's negated)."""
    return measure("top-right" if corner else "middle-right")


def band(corner: bool, dev_deg: np.ndarray, mirrored: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Centre offsets (to the left of the path, m) and half-widths (m) of the bands for approach
    deviations ``dev_deg`` (degrees from each pocket's axis); ``mirrored`` marks pockets that are
    the mirror image of the measured one (the sign of the deviation and of the offset flip)."""
    acc = acceptance(corner)
    d = np.where(mirrored, -dev_deg, dev_deg)
    inside = np.abs(d) <= MAX_DEV_DEG
    c = np.interp(d, acc.devs, acc.centre)
    h = np.where(inside, np.interp(d, acc.devs, acc.half), 0.0)
    return np.where(mirrored, -c, c), h
