"""The snooker physics parameter set: every value with its source (docs/physics.md).

One instance per table; ``STANDARD_PHYSICS`` is the WPBSA table with a championship cloth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

import numpy as np

from cueboard.engine.layout import MODEL_BALL, N_MODELS, N_PAR
from cueboard.engine.models import ball, mathavan
from cueboard.errors import SettingsError


@dataclass(frozen=True)
class SnookerPhysics:
    """Physical parameters of balls, cloth, cushions, pockets and cue."""

    #: Standard gravity, m/s².
    g: float = 9.81
    #: Ball-cloth sliding friction: 0.2 (Marlow, "The Physics of Pocket Billiards", 1995; Mathavan
    #: et al. 2010 use 0.212 for a snooker cloth).
    mu_slide: float = 0.212
    #: Rolling resistance: a fast snooker cloth, about 0.01 (Alciatore TP 4.2 / pooltool's default;
    #: a ball rolling at 1 m/s runs ~5 m).
    mu_roll: float = 0.01
    #: Spinning friction: ω_z decays at 5 μ g / 2R; 0.0044 gives ≈ 4 rad/s², a ball spun in place at
    #: 30 rad/s stops in ~7 s (estimate, Alciatore "Illustrated Principles", spin decay).
    mu_spin: float = 0.0044
    #: Ball-ball restitution: 0.92-0.98 measured for phenolic balls (Alciatore, TP A-5); 0.95.
    e_ball: float = 0.95
    #: Ball-ball friction μ(v) = a + b exp(-c v), v the slip speed (Alciatore, TP A-14).
    throw_a: float = 9.951e-3
    throw_b: float = 0.108
    throw_c: float = 1.088
    #: The ball-cushion law: ``"mathavan"`` (Mathavan, Jackson & Parkin 2010: friction at the
    #: cushion and on the bed through compression and restitution; the default) or ``"han"``
    #: (Han 2005: one impulse at the cushion nose). docs/physics.md compares them.
    cushion_law: Literal["mathavan", "han"] = "mathavan"
    #: Impulse steps of a Mathavan impact integrated at run time (a ball arriving sliding, or
    #: cushion parameters other than the stored table's): error ~7°/steps in the rebound angle.
    cushion_steps: int = mathavan.N_ENGINE
    #: Ball-cushion restitution and friction (Mathavan et al. 2010, snooker cushion at ~1 m/s).
    e_cushion: float = 0.98
    mu_cushion: float = 0.14
    #: Radius of the rounded knuckle that ends each cushion at a pocket, m: a documented
    #: approximation (the WPBSA templates are not public; rules/snooker.md, Equipment).
    corner_jaw_radius: float = 0.015
    middle_jaw_radius: float = 0.012
    #: Length of the straight jaw faces running into each pocket, m.
    jaw_length: float = 0.08
    #: Radius of the fall circle of a pocket: a ball whose centre passes over it drops, m.
    fall_radius: float = 0.045
    #: How far the fall circle's near edge lies behind the corner point / middle cushion line, m.
    corner_fall_setback: float = 0.0
    middle_fall_setback: float = 0.015
    #: Effective mass of the cue tip end, kg, for squirt (Alciatore TP A-31: end mass 5-15 g for
    #: a cue; snooker cues with solid ash shafts lie at the heavy end).
    cue_end_mass: float = 0.012
    #: Ball-bed restitution (a ball landing on the cloth-covered slate; the cue's downward push
    #: on an elevated stroke): 0.5 (Alciatore, "Pool and billiards physical properties",
    #: billiards.colostate.edu, ball-table coefficient of restitution ≈ 0.5).
    bed_restitution: float = 0.5
    #: From the cushion nose to the rail's outer edge (cushion top and wooden rail), m: where a
    #: ball in the air that clears a cushion lands on the rail or falls to the floor
    #: (engine/models/rail.py). The WPBSA gives the playing area and the height of the cushion
    #: rail above the floor, not its width: 0.125 m is an assumed width, that of a full-size
    #: table about 3.82 × 2.03 m overall. 0 removes the rail (a ball over a nose is off at once).
    rail_width: float = 0.125
    #: Hard cap on events per shot.
    max_events: int = 5000

    def __post_init__(self) -> None:
        if self.cushion_law not in ("mathavan", "han"):
            raise SettingsError(f"cushion_law must be 'mathavan' or 'han', not {self.cushion_law!r}")
        if not 0.0 <= self.bed_restitution <= 1.0:
            raise SettingsError(f"bed_restitution must be between 0 and 1, not {self.bed_restitution}")
        if not 0.0 <= self.rail_width <= 1.0:
            raise SettingsError(f"rail_width must be between 0 and 1 m, not {self.rail_width}")
        if not 1 <= self.cushion_steps <= 1_000_000:
            raise SettingsError(f"cushion_steps must be between 1 and 1000000, not {self.cushion_steps}")

    def param_array(self) -> np.ndarray:
        """The engine's parameter array (one row per model; only the ball row is used here)."""
        par = np.zeros((N_MODELS, N_PAR), dtype=np.float64)
        row = par[MODEL_BALL]
        row[ball.G] = self.g
        row[ball.MU_S] = self.mu_slide
        row[ball.MU_R] = self.mu_roll
        row[ball.MU_SP] = self.mu_spin
        row[ball.E_BB] = self.e_ball
        row[ball.MU_BB_A] = self.throw_a
        row[ball.MU_BB_B] = self.throw_b
        row[ball.MU_BB_C] = self.throw_c
        row[ball.CUSHION_LAW] = ball.CUSHION_MATHAVAN if self.cushion_law == "mathavan" else ball.CUSHION_HAN
        row[ball.CUSHION_STEPS] = self.cushion_steps
        row[ball.E_BED] = self.bed_restitution
        return par


STANDARD_PHYSICS: Final = SnookerPhysics()
