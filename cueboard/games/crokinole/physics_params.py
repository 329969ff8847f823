"""Crokinole physics parameters, in one place (docs/physics.md#discs).

Every value states its source or the reasoning behind it. Dimensions come from the NCA board
(:mod:`cueboard.games.crokinole.board`); this file holds what the board spec does not fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cueboard.errors import SettingsError
from cueboard.games.crokinole.board import STANDARD_BOARD, CrokinoleBoard


@dataclass(frozen=True)
class CrokinolePhysics:
    """Friction, restitution and capture parameters of crokinole discs."""

    #: Gravity, m/s².
    g: float = 9.81
    #: Sliding friction of a hard-maple disc on a lacquered, lightly powdered board. Iizawa's
    #: measurements of discs sliding on powdered boards (starch / flour, not pressed) gave
    #: 0.07-0.15; tournament boards are "fast" (polyurethane, carnauba wax, a pinch of
    #: anti-friction powder). 0.10 makes the classic numbers right: a disc flicked from the
    #: shooting line (0.305 m) at 0.77 m/s stops on the 20-hole, and a 2.5 m/s take-out crosses
    #: the whole 0.66 m board and more.
    mu_board: float = 0.10
    #: Normal restitution maple-on-maple. Filmed crokinole shots (fortuitouspress.com,
    #: "Crokinole Angles", 250+ shots) show a slow head-on hit stopping the shooter dead but a
    #: fast one following through, i.e. e below 1 and falling with speed; hardwood-on-hardwood
    #: impacts measure 0.8-0.9 at these speeds. One value: 0.85 (the shooter keeps 7.5 % of its
    #: speed after a head-on hit of an equal disc).
    e_disc: float = 0.85
    #: Coulomb friction between the edges of two discs (maple on maple, powdered): wood on wood
    #: is 0.25-0.5 dry; the powder lowers it: 0.2.
    mu_disc: float = 0.2
    #: Disc on a peg's rubber sleeve: rubber returns less energy than maple (e ≈ 0.6-0.75 for
    #: hard rubber bumpers) and grips more (μ ≈ 0.5 rubber on lacquered wood).
    e_peg: float = 0.7
    mu_peg: float = 0.5
    #: Disc moment of inertia factor I = κ m R² (a solid disc: 1/2).
    kappa: float = 0.5
    #: A disc whose centre is over the 20-hole falls in when, in the time its centre stays over
    #: the opening, it can fall (freely) half its thickness: its leading edge then meets the far
    #: wall below mid-height, and the wall pushes it down into the hole instead of letting the
    #: rounded edge ride up onto the rim (a step lower than a wheel's centre is climbed, one
    #: above it is not). 4.76 mm -> 31 ms: through the hole's centre a disc slower than about
    #: 1.1 m/s drops, a faster one passes. Free fall slightly overstates the drop of a disc
    #: that pivots on the near rim, so the criterion errs towards capture.
    catch_depth_fraction: float = 0.5

    def catch_depth(self, board: CrokinoleBoard = STANDARD_BOARD) -> float:
        """Drop (m) that traps a disc in the 20-hole: a fraction of its thickness, at most the
        hole's depth."""
        return min(self.catch_depth_fraction * board.disc_thickness, board.hole_depth)

    def __post_init__(self) -> None:
        for name in ("g", "mu_board", "kappa", "catch_depth_fraction"):
            if not getattr(self, name) > 0.0:
                raise SettingsError(f"crokinole physics parameter {name} must be positive")
        for name in ("e_disc", "e_peg"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise SettingsError(f"crokinole physics parameter {name} must be in [0, 1]")
        for name in ("mu_disc", "mu_peg"):
            if getattr(self, name) < 0.0:
                raise SettingsError(f"crokinole physics parameter {name} must not be negative")


STANDARD_PHYSICS: Final = CrokinolePhysics()
