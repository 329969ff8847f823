"""The execution-noise model: what a player of a given level actually plays when they intend a
strike. Independent Gaussian errors on each control, drawn from a seeded numpy Generator.

Snooker: each level has its own triple (direction °, cue-ball speed m/s, tip offset mm), chosen so
that the level's self-play pot success lies in the band of real players of that standard
(beginner 20-35 %, amateur 40-55 %, club 60-75 %, professional 88-95 %). How the
triples were found, and what they measure, is in docs/ai-calibration.md. In short: pot
success depends on the *effective* direction error, the stroke's direction σ combined with what
the tip's σ does through squirt and throw (about 0.36° per millimetre of side,
``cueboard.ai.snooker.player.SIDE_DEG_PER_MM``); the earlier levels (pro at the tournament
noise, each weaker level with twice the direction error and 1.5 times the speed and tip errors)
measured 19.9 / 39.6 / 61.3 / 77.2 % over 50 frames each, and the pro with its noise scaled
89.9 % (×0.5) and 93.2 % (×0.35). Interpolating pot success in log σ between those measured
points gives the factor that puts each level in the middle of its band; each level keeps its
earlier proportions of direction, speed and tip error, times that factor.
The amateur was made steadier afterwards: at 0.4° / 0.14 m/s / 0.9 mm it measured
39.6 % over 50 frames on the Mathavan cushions, under its band; 0.85 of that (0.34° / 0.12 m/s /
0.75 mm) measured 42.2 % (40.4-44.1) over 50 frames (docs/ai-calibration.md, "To 50 frames").
The professional was set apart afterwards (:data:`PRO_CUE_NOISE`): a stroke steadier than the
pool robots' and a contact-point error (``CueNoise.contact``), because his long pots, mostly long
through the object ball with the cue ball close, are missed through the contact, not the stroke
(docs/ai-calibration.md, "The pro's noise split between stroke and contact").

The noise of the ICGA computational-pool tournaments (Greenspan 2005; Archibald, Altman & Shoham,
"Analysis of a winning computational billiards player", IJCAI 2009) — σ 0.125° on the stroke
direction, 0.075 m/s on the cue-ball speed and 0.5 mm on each tip-offset coordinate — was the
earlier 'pro'. On a snooker table's narrower pockets it makes a strong club player (77 % pot
success, no centuries). It stays as a named study, :data:`TOURNAMENT_CUE_NOISE`, played as
``ai:pro@tournament`` (:data:`NOISE_STUDIES`).

Crokinole and novuss are flicked / struck at ~0.3–3 m/s over short distances; their levels are
set per game in each game's AI module (``DiscNoise``), where the reasoning is given.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar, Final

import numpy as np

from cueboard.errors import SettingsError


class UnknownLevelError(SettingsError):
    """An AI level name that does not exist."""

    code: ClassVar[str] = "unknown-level"


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
        raise SettingsError(f"noise scale must be a finite number >= 0, got {factor!r}")
    return float(factor)


@dataclass(frozen=True)
class CueNoise:
    """Standard deviations of a cue player's errors (snooker).

    - ``direction_deg``: stroke direction, degrees.
    - ``speed``: cue-ball speed, m/s.
    - ``tip``: each tip-offset coordinate (side, top), metres on the ball's face.
    - ``contact``: where the cue ball meets the first ball it is aimed at, sideways, metres: the
      player's misjudgement of the contact point (the ghost ball), independent of how far the cue
      ball travels. As a direction error it is ``contact / d`` radians for a cue ball that travels
      ``d`` to that ball, so it dominates when the cue ball is close to the object ball and the
      object ball far from the pocket, where the stroke's own error barely counts (module
      docstring). 0 unless a level sets it.
    """

    direction_deg: float
    speed: float
    tip: float
    contact: float = 0.0

    def __post_init__(self) -> None:
        for name in ("direction_deg", "speed", "tip", "contact"):
            v = getattr(self, name)
            if not (math.isfinite(v) and v >= 0.0):
                raise SettingsError(f"noise {name} must be a finite number >= 0, got {v!r}")

    @property
    def is_zero(self) -> bool:
        return self.direction_deg == 0.0 and self.speed == 0.0 and self.tip == 0.0 and self.contact == 0.0

    def scaled(self, factor: float) -> CueNoise:
        """The same player with every σ multiplied by ``factor`` (a study of how strength depends
        on execution: ValueError unless ``factor`` is finite and >= 0)."""
        check_noise_scale(factor)
        return CueNoise(
            self.direction_deg * factor, self.speed * factor, self.tip * factor, self.contact * factor
        )


#: The computational-pool tournament noise (see the module docstring): a named study.
TOURNAMENT_CUE_NOISE: Final = CueNoise(direction_deg=0.125, speed=0.075, tip=0.0005)

#: The professional's contact-point error (σ, metres; :class:`CueNoise`). Set together with the
#: pro's stroke errors (:data:`PRO_CUE_NOISE`) and its pot floor
#: (``cueboard.ai.snooker.player.POT_FLOOR``): the calibration run is in
#: docs/ai-calibration.md ("The pro recalibrated"). The weaker levels have none: beside their stroke errors
#: it is small.
PRO_CONTACT: Final = 0.0003

#: The professional: a steadier stroke than the pool robots' (direction, speed and tip σ below the
#: tournament noise's) and the contact-point error, so that his misses come from judging the
#: contact, which grows with the object ball's distance from the pocket, more than from the
#: cue's line, which grows with the cue ball's distance from the object ball times it. The
#: bands: pot success 88-95 %, long pots 55-75 %, a century in 15-40 % of frames. Measured over 50
#: self-play frames (seed 100, at 0956e5d): 92.6 % (1409/1522), long 72.9 % (175/240), a century in
#: 9 of 50 frames (18 %); docs/ai-calibration.md, "The pro's contact error set between them".
PRO_CUE_NOISE: Final = CueNoise(
    direction_deg=0.025, speed=0.02, tip=0.0001, contact=PRO_CONTACT
)

#: Each snooker level's σ (direction °, speed m/s, tip m, contact m). Calibration: docs/ai-calibration.md
#: (the amateur's: 0.85 of its earlier 0.4° / 0.14 m/s / 0.9 mm).
CUE_NOISE: Final[dict[str, CueNoise]] = {
    "perfect": CueNoise(0.0, 0.0, 0.0),
    "pro": PRO_CUE_NOISE,
    "club": CueNoise(direction_deg=0.2, speed=0.09, tip=0.0006),
    "amateur": CueNoise(direction_deg=0.34, speed=0.12, tip=0.00075),
    "beginner": CueNoise(direction_deg=0.8, speed=0.2, tip=0.00135),
}

#: Named noise studies, ``<level>@<name>``: the noise the level's decisions are played with.
#: Only the professional's is defined: ``pro@tournament`` plays the pro's decisions with exactly
#: the tournament noise (σ 0.125°, 0.075 m/s, 0.5 mm, no contact error: a robot aims exactly), the
#: hardest noise the AI is studied at (and a pot floor and safety checks of its own:
#: :data:`cueboard.ai.snooker.player.STUDY_POT_FLOOR`, ``STUDY_FOUL_CHECKS``).
NOISE_STUDIES: Final[dict[str, dict[str, CueNoise]]] = {
    "tournament": {"pro": TOURNAMENT_CUE_NOISE},
}


def study_noise(level: str, study: str) -> CueNoise:
    """The noise ``level`` plays with in the named ``study`` (``pro@tournament``: σ 0.125°,
    0.075 m/s, 0.5 mm, no contact error); ValueError naming the studies and the levels they are
    defined for otherwise."""
    noises = NOISE_STUDIES.get(study)
    if noises is None:
        raise SettingsError(f"unknown noise study '{study}' (choose one of: {', '.join(NOISE_STUDIES)})")
    if level not in noises:
        raise SettingsError(
            f"the noise study '{study}' is defined for {', '.join(noises)} only, not '{level}'"
            f" (write {next(iter(noises))}@{study})"
        )
    return noises[level]


def study_factor(level: str, study: str) -> float:
    """How much larger the named ``study``'s stroke-direction σ is than ``level``'s own (the
    ``noise_scale`` a study's player carries, for display: the study's noise itself is
    :func:`study_noise`, whose σ are not all one multiple of the level's); ValueError as
    :func:`study_noise`."""
    return study_noise(level, study).direction_deg / CUE_NOISE[level].direction_deg


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
                raise SettingsError(f"noise {name} must be a finite number >= 0, got {v!r}")

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
