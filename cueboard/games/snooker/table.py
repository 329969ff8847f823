"""The snooker table and balls (WPBSA, S1), in metres.

Frame (docs/rules/snooker.md): origin at the centre of the baulk cushion face, ``x`` across the
table (left to right seen from the baulk end), ``y`` up the table towards the top (black) cushion.
Every figure cites its source: "S1" is Section 1 of the WPBSA rules (seed 001, Equipment);
"rules" is docs/rules/snooker.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

#: Ball values (S1 §2, S3 R1): reds 1, then yellow 2 ... black 7.
BALL_VALUES: Final = MappingProxyType(
    {"red": 1, "yellow": 2, "green": 3, "brown": 4, "blue": 5, "pink": 6, "black": 7}
)
#: The colours in the order they are taken when no reds remain (S3 R3(e)).
COLOURS_IN_ORDER: Final = ("yellow", "green", "brown", "blue", "pink", "black")


@dataclass(frozen=True)
class SnookerTable:
    """Dimensions of the standard table (S1 §1) and balls (S1 §2), metres."""

    #: Playing area between the cushion faces: 11 ft 8½ in × 5 ft 10 in = 3569 × 1778 mm (S1 §1).
    length: float = 3.569
    width: float = 1.778
    #: Baulk line 29 in (737 mm) from the face of the bottom cushion (S1 §1(d)).
    baulk_y: float = 0.737
    #: The "D": semicircle of radius 11½ in (292 mm) centred on the baulk line (S1 §1(e)).
    d_radius: float = 0.292
    #: Black spot 12¾ in (324 mm) from the face of the top cushion (S1 §1(f)).
    black_from_top: float = 0.324
    #: Ball diameter 52.5 mm ± 0.05 mm (S1 §2).
    ball_diameter: float = 0.0525
    #: Ball mass: not fixed by the rules (a set within 3 g, S1 §2); 141 g is the figure of
    #: the Aramith Tournament snooker set and is used by Mathavan et al. (2010).
    ball_mass: float = 0.141
    #: Pocket mouths between the cushion noses. The WPBSA templates are not public; rules
    #: (snooker.md, Equipment) fixes a documented approximation: corner ~86 mm, middle ~88-95 mm.
    corner_mouth: float = 0.086
    middle_mouth: float = 0.092
    #: Cushion nose height above the bed: 63.5% of the ball diameter (≈ 0.635 × 52.5 = 33.3 mm),
    #: the figure used by Mathavan et al. (2010) for a snooker cushion.
    cushion_height: float = 0.0333
    #: Gap under which two balls count as touching (rules: Touching ball, gap < 0.1 mm).
    touching_gap: float = 0.0001

    @property
    def ball_radius(self) -> float:
        return self.ball_diameter / 2.0

    @property
    def half_width(self) -> float:
        return self.width / 2.0

    @property
    def spots(self) -> dict[str, tuple[float, float]]:
        """The colour spots (S1 §1(f), rules: Equipment), in metres."""
        blue_y = self.length / 2.0
        top = self.length
        return {
            "yellow": (self.d_radius, self.baulk_y),
            "green": (-self.d_radius, self.baulk_y),
            "brown": (0.0, self.baulk_y),
            "blue": (0.0, blue_y),
            "pink": (0.0, (blue_y + top) / 2.0),
            "black": (0.0, top - self.black_from_top),
        }

    @property
    def pocket_centres(self) -> dict[str, tuple[float, float]]:
        """Where each pocket opens, at the meeting of the cushion lines (corners) or on the side
        cushion line (middles). Names: seen from the baulk end."""
        hw = self.half_width
        return {
            "bottom-left": (-hw, 0.0),
            "bottom-right": (hw, 0.0),
            "middle-left": (-hw, self.length / 2.0),
            "middle-right": (hw, self.length / 2.0),
            "top-left": (-hw, self.length),
            "top-right": (hw, self.length),
        }

    def in_d(self, x: float, y: float) -> bool:
        """Whether a ball centred at (x, y) is in the D: on or behind the baulk line and within
        the semicircle, lines included (S2 D10: "in hand" ... "within the D")."""
        bx, by = x, y - self.baulk_y
        return by <= 1e-12 and bx * bx + by * by <= self.d_radius**2 + 1e-12


STANDARD_TABLE: Final = SnookerTable()
