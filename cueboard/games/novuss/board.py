"""The novuss board and pieces (docs/rules/novuss.md, LNF specification), in metres.

Frame: origin at the centre of the playing surface, ``x`` to the right, ``y`` away from seat 0
(seat 0 plays from the bottom rail, at -y). Seats go clockwise seen from above: 0 bottom, 1 left,
2 top, 3 right.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class NovussBoard:
    """Board and piece dimensions (rules: Board)."""

    #: Playing surface 1000 × 1000 mm.
    size: float = 1.0
    #: Rails 45 mm wide, standing 25 mm above the surface.
    rail_width: float = 0.045
    rail_height: float = 0.025
    #: Four round corner pockets of 100 mm diameter, 15 mm from the rails.
    pocket_radius: float = 0.050
    pocket_rail_gap: float = 0.015
    #: Edge zone: strip between a rail and a line 130 mm from it; lines 1 mm wide.
    edge_zone: float = 0.130
    line_width: float = 0.001
    #: Central circle diameter 250 mm.
    centre_radius: float = 0.125
    #: Discs ~32-34 mm with a ~9 mm hole; striker ~40-45 mm with a ~11 mm hole, ~4× a disc's
    #: mass. No official figures (rules: Board): these are the defaults.
    disc_radius: float = 0.0165
    disc_hole_radius: float = 0.0045
    disc_mass: float = 0.007
    striker_radius: float = 0.021
    striker_hole_radius: float = 0.0055
    striker_mass: float = 0.028
    discs_per_side: int = 8

    @property
    def half(self) -> float:
        return self.size / 2.0

    @property
    def pocket_centres(self) -> dict[str, tuple[float, float]]:
        """Pocket centres: the pocket's edge lies 15 mm from each rail."""
        c = self.half - self.pocket_rail_gap - self.pocket_radius
        return {
            "bottom-left": (-c, -c),
            "bottom-right": (c, -c),
            "top-right": (c, c),
            "top-left": (-c, c),
        }

    def edge_zone_line(self, seat: int) -> float:
        """Distance from the centre of the board to the line of a seat's edge zone."""
        return self.half - self.edge_zone


STANDARD_BOARD: Final = NovussBoard()
