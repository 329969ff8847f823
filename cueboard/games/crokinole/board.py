"""The crokinole board and discs (NCA standard, docs/rules/crokinole.md), in metres.

Frame: origin at the centre of the board (the 20-hole), ``x`` to the right and ``y`` away from
seat 0 (seat 0 sits at the bottom, at -y). Seats go clockwise seen from above: seat 0 bottom,
seat 1 left, seat 2 top, seat 3 right. Lines are circles of zero width: a disc touches a line
when its edge reaches the line's centre (rules: Board).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Final

INCH: Final = 0.0254


@dataclass(frozen=True)
class CrokinoleBoard:
    """Board and disc dimensions (NCA standard; rules: Board)."""

    #: Playing surface diameter 26 in (660.4 mm).
    surface_radius: float = 13 * INCH
    #: Shooting line radius 12 in (304.8 mm).
    shooting_radius: float = 12 * INCH
    #: 5/10 line radius 8 in (203.2 mm).
    ten_radius: float = 8 * INCH
    #: 10/15 line radius 4 in (101.6 mm); the pegs stand on it.
    fifteen_radius: float = 4 * INCH
    #: 20-hole diameter 1 3/8 in (34.9 mm), about 1/4 in deep.
    hole_radius: float = 1.375 * INCH / 2
    hole_depth: float = 0.25 * INCH
    #: Peg diameter about 3/8 in (9.5 mm), rubber sleeved.
    peg_radius: float = 0.375 * INCH / 2
    #: 8 pegs on the 15-line, 45° apart, offset 22.5° from the quadrant lines.
    peg_count: int = 8
    #: Ditch at least 2 in wide outside the playing surface.
    ditch_width: float = 2 * INCH
    #: Discs: 1 1/4 in (31.75 mm) diameter, about 3/8 in thick, hard maple.
    disc_radius: float = 1.25 * INCH / 2
    disc_thickness: float = 0.375 * INCH
    #: Disc mass: not standard (5-6 g for maple); a parameter.
    disc_mass: float = 0.0055

    @cached_property
    def peg_positions(self) -> tuple[tuple[float, float], ...]:
        """Peg centres: on the 15-line at 22.5° + k·45° (the quadrant lines are at 45° + k·90°).
        Computed once per board (a frozen dataclass: its fields never change), not at each of
        the three placement checks of every shot."""
        r = self.fifteen_radius
        return tuple(
            (r * math.cos(math.radians(22.5 + 45 * k)), r * math.sin(math.radians(22.5 + 45 * k)))
            for k in range(self.peg_count)
        )

    @staticmethod
    def seat_angle(seat: int) -> float:
        """Direction (radians) from the centre towards a seat: seat 0 at -90°, then clockwise."""
        return math.radians(-90.0 - 90.0 * seat)

    def in_quadrant(self, seat: int, x: float, y: float) -> bool:
        """Whether the point (x, y) lies in the seat's quadrant (±45° around its direction)."""
        a = math.atan2(y, x) - self.seat_angle(seat)
        a = (a + math.pi) % (2 * math.pi) - math.pi
        return abs(a) <= math.pi / 4 + 1e-12


STANDARD_BOARD: Final = CrokinoleBoard()
