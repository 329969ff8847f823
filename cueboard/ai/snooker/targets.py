"""The six pockets as the snooker AI's targets: where it sends a ball to pot it, along which axis
it enters, and the mouth it passes (the table's pocket centres and mouths, WPBSA Section 1). Shared
by the aim geometry (:mod:`.geometry`) and the pocket acceptance measured through the physics
(:mod:`.pockets`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from cueboard.games.snooker import STANDARD_TABLE, SnookerTable

Point = tuple[float, float]


@dataclass(frozen=True)
class PocketTarget:
    """Where the AI sends a ball to pot it, and the pocket's acceptance.

    - ``aim``: the target point for the object ball's centre.
    - ``axis``: unit vector into the pocket along its axis (the bisector of a corner, the normal
      of a middle pocket).
    - ``mouth``: the pocket mouth between the cushion noses.
    """

    name: str
    aim: Point
    axis: Point
    mouth: float
    corner: bool


@cache
def pocket_targets(table: SnookerTable = STANDARD_TABLE) -> tuple[PocketTarget, ...]:
    """The six pockets as targets (names as :attr:`SnookerTable.pocket_centres`)."""
    r = table.ball_radius
    out = []
    s = math.sqrt(0.5)
    for name, (px, py) in table.pocket_centres.items():
        sx = 1.0 if px > 0 else -1.0
        if name.startswith("middle"):
            out.append(PocketTarget(name, (px + sx * r, py), (sx, 0.0), table.middle_mouth, False))
        else:
            sy = 1.0 if py > 0 else -1.0
            out.append(PocketTarget(name, (px, py), (sx * s, sy * s), table.corner_mouth, True))
    return tuple(out)
