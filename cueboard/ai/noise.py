"""The execution-noise model: what a player of a given level actually plays when they intend a
strike. Independent Gaussian errors on each control, drawn from a seeded numpy Generator.

Snooker ('pro'): the noise of the ICGA computational-pool tournaments (Greenspan 2005; Archibald,
Altman & Shoham, "Analysis of a winning computational billiards player", IJCAI 2009): σ 0.125° on
the stroke direction, 0.075 m/s on the cue-ball speed and 0.5 mm on each tip-offset coordinate.

The weaker levels double the direction error per level. The reasoning: for a pot the object
ball's direction error is the cue's direction error times d_cue / (2R) (the contact point moves
sideways by d_cue·δθ and the cut angle by that over the ball diameter 2R), so the miss at the
pocket is linear in δθ; doubling δθ halves the distance from which a player pots reliably.
A club player pots about half as far as a professional, an amateur a quarter, a beginner an
eighth, which matches the usual "pot success by distance" coaching tables. Speed and tip errors
grow more slowly (×1.5 per level): touch and cueing deteriorate less than aim.

Crokinole and novuss are flicked / struck at ~0.3–3 m/s over short distances; their levels are
set per game in each game's AI module (``DiscNoise``), where the reasoning is given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

import numpy as np

from cueboard.errors import CueboardInputError


class UnknownLevelError(CueboardInputError):
    """An AI level name that does not exist."""


#: Level names from weakest to strongest.
LEVELS: Final = ("beginner", "amateur", "club", "pro", "perfect")


def check_level(level: str) -> str:
    """``level`` if it names a level, else :class:`UnknownLevelError` listing the levels."""
    if level not in LEVELS:
        raise UnknownLevelError(f"unknown AI level '{level}' (choose one of: {', '.join(LEVELS)})")
    return level


def check_noise_scale(factor: float) -> float:
    """``factor`` if it can scale a player's noise (a finite number >= 0), else ValueError."""
    if not (isinstance(factor, (int, float)) and math.isfinite(factor) and factor >= 0.0):
        raise ValueError(f"noise scale must be a finite number >= 0, got {factor!r}")
    return float(factor)


@dataclass(frozen=True)
class CueNoise:
    """Standard deviations of a cue player's errors (snooker).

    - ``direction_deg``: stroke direction, degrees.
    - ``speed``: cue-ball speed, m/s.
    - ``tip``: each tip-offset coordinate (side, top), metres on the ball's face.
    """

    direction_deg: float
    speed: float
    tip: float

    def __post_init__(self) -> None:
        for name in ("direction_deg", "speed", "tip"):
            v = getattr(self, name)
            if not (math.isfinite(v) and v >= 0.0):
                raise ValueError(f"noise {name} must be a finite number >= 0, got {v!r}")

    @property
    def is_zero(self) -> bool:
        return self.direction_deg == 0.0 and self.speed == 0.0 and self.tip == 0.0

    def scaled(self, factor: float) -> CueNoise:
        """The same player with every σ multiplied by ``factor`` (a study of how strength depends
        on execution: ValueError unless ``factor`` is finite and >= 0)."""
        check_noise_scale(factor)
        return CueNoise(self.direction_deg * factor, self.speed * factor, self.tip * factor)


#: The computational-pool tournament noise (see the module docstring).
PRO_CUE_NOISE: Final = CueNoise(direction_deg=0.125, speed=0.075, tip=0.0005)

CUE_NOISE: Final[dict[str, CueNoise]] = {
    "perfect": CueNoise(0.0, 0.0, 0.0),
    "pro": PRO_CUE_NOISE,
    "club": CueNoise(0.25, 0.075 * 1.5, 0.0005 * 1.5),
    "amateur": CueNoise(0.5, 0.075 * 1.5**2, 0.0005 * 1.5**2),
    "beginner": CueNoise(1.0, 0.075 * 1.5**3, 0.0005 * 1.5**3),
}


@dataclass(frozen=True)
class DiscNoise:
    """Standard deviations of a flicking / striking player's errors (crokinole, novuss).

    - ``direction_deg``: direction of the flick or stroke, degrees.
    - ``speed_rel``: relative speed error (σ of v_actual / v_intended - 1): a flick's error grows
      with its strength, unlike a cue's.
    - ``speed``: absolute speed error floor, m/s (combined in quadrature with the relative one).
    - ``start``: starting point along the shooting line / across the edge zone, metres.
    """

    direction_deg: float
    speed_rel: float
    speed: float
    start: float

    def __post_init__(self) -> None:
        for name in ("direction_deg", "speed_rel", "speed", "start"):
            v = getattr(self, name)
            if not (math.isfinite(v) and v >= 0.0):
                raise ValueError(f"noise {name} must be a finite number >= 0, got {v!r}")

    def scaled(self, factor: float) -> DiscNoise:
        """The same player with every σ multiplied by ``factor`` (ValueError unless ``factor`` is
        finite and >= 0)."""
        check_noise_scale(factor)
        return DiscNoise(
            self.direction_deg * factor, self.speed_rel * factor, self.speed * factor, self.start * factor
        )

    def speed_sigma(self, speed: float) -> float:
        """σ of the speed actually played for an intended ``speed``."""
        return math.hypot(self.speed_rel * speed, self.speed)

    @property
    def is_zero(self) -> bool:
        return self.direction_deg == 0.0 and self.speed_rel == 0.0 and self.speed == 0.0 and self.start == 0.0


def gaussian(rng: np.random.Generator, sigma: float) -> float:
    """One N(0, σ²) draw (exactly 0 without touching ``rng`` when σ is 0, so that a noiseless
    player consumes no randomness)."""
    if sigma == 0.0:
        return 0.0
    return float(rng.normal(0.0, sigma))
