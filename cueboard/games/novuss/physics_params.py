"""Novuss physics parameters, in one place (docs/physics.md#discs).

Every value states its source or the reasoning behind it. Dimensions and masses come from
:mod:`cueboard.games.novuss.board` (no official figures for the pieces: defaults there).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cueboard.errors import SettingsError


@dataclass(frozen=True)
class NovussPhysics:
    """Friction, restitution and capture parameters of novuss pieces."""

    #: Gravity, m/s².
    g: float = 9.81
    #: Sliding friction of a piece on the lacquered plywood board dusted with boric acid
    #: powder (as in carrom). Powdered-board disc measurements (Iizawa: 0.07-0.15 with starch
    #: or flour) and the game: a firm stroke (3 m/s) sends the striker about 4 m, across the
    #: 1 m board and back twice off the rails. 0.11.
    mu_board: float = 0.11
    #: Restitution between two pieces (hard lacquered wood / plastic rings): 0.85, as for
    #: crokinole's maple discs (the same class of hard, slightly lossy impact).
    e_piece: float = 0.85
    #: Coulomb friction between the edges of two pieces (powdered): 0.2.
    mu_piece: float = 0.2
    #: Rails: solid wood 45 mm wide without rubber; a wooden rail hit by a hard piece returns
    #: less than a piece-piece impact (the rail and frame flex): 0.6. Friction piece-rail 0.2.
    e_rail: float = 0.6
    mu_rail: float = 0.2
    #: Thickness of the pieces, m: no official figure; novuss rings are about 7 mm (discs) and
    #: 8 mm (striker) thick. They set only the pocket catch depth.
    disc_thickness: float = 0.007
    striker_thickness: float = 0.008
    #: A piece whose centre is over a pocket falls in when, in the time its centre stays over
    #: the opening, it can fall (freely) this fraction of its thickness (the argument of
    #: cueboard.games.crokinole.physics_params: the far wall then holds it below mid-height).
    #: Through the pocket's centre (100 mm) a disc slower than about 3.7 m/s drops; at the
    #: pocket's edge, where the chord is short, only a slow one does.
    catch_depth_fraction: float = 0.5
    #: Pieces flying over a rail: never in this planar model. A flat ring striking a vertical
    #: rail 25 mm high (three times its thickness) gets no upward impulse; real novuss pieces
    #: leave the board after riding up on another piece or a miscue, which a planar engine does
    #: not see. The referee's "over the rail" rules stay available to scoreboard mode.
    flies_over_rails: bool = False

    def moment_factor(self, radius: float, hole_radius: float) -> float:
        """κ = I/(m R²) of a ring with a central hole: (1 + (r/R)²)/2."""
        return 0.5 * (1.0 + (hole_radius / radius) ** 2)

    def catch_depths(self) -> tuple[float, float]:
        """(disc, striker) drop that traps a piece in a pocket, m."""
        return (
            self.catch_depth_fraction * self.disc_thickness,
            self.catch_depth_fraction * self.striker_thickness,
        )

    def __post_init__(self) -> None:
        for name in ("g", "mu_board", "disc_thickness", "striker_thickness", "catch_depth_fraction"):
            if not getattr(self, name) > 0.0:
                raise SettingsError(f"novuss physics parameter {name} must be positive")
        for name in ("e_piece", "e_rail"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise SettingsError(f"novuss physics parameter {name} must be in [0, 1]")
        for name in ("mu_piece", "mu_rail"):
            if getattr(self, name) < 0.0:
                raise SettingsError(f"novuss physics parameter {name} must not be negative")


STANDARD_PHYSICS: Final = NovussPhysics()
