"""The snooker AI: the decisions that need no search (claim, concede, the choice after a foul) and
the shot model the search plays candidates with.

- Claim (S2 D1(b)): only the black left, a lead over 7, and no good pot at the black.
- Concede (S2 D1(a)): when the side needs three or more snookers, or needs any with only the pink
  and black left — when a professional would shake hands.
- After a foul (S3 R11(h), R13, R14): play on when the position offers a pot worth taking
  (continuation ≥ PLAY_ON); otherwise, after a miss, have the balls replaced (the offender must
  escape again, and may foul again); otherwise ask the offender to play again. Beginners and
  amateurs always play on.
- Free ball (S3 R10): the search adds pots of a nominated free ball to the pots of the ball on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Final

import numpy as np

from cueboard.ai import explain
from cueboard.ai.agent import Decision
from cueboard.ai.noise import (
    CUE_NOISE,
    TOURNAMENT_CUE_NOISE,
    CueNoise,
    check_level,
    check_noise_scale,
    study_noise,
)
from cueboard.ai.search import REFUSED_VALUE, Candidate, play_through
from cueboard.ai.snooker.evaluate import BREAK_ON, balls_on, best_pots, continuation, evaluate
from cueboard.ai.snooker.hand import execute
from cueboard.ai.snooker.shots import candidates, variations
from cueboard.errors import SettingsError
from cueboard.games.snooker import (
    GAME,
    Action,
    Choice,
    SnookerDeclaration,
    SnookerPosition,
    SnookerStrike,
    side_of,
    value_of,
)

#: Continuation (points) above which the incoming player plays on after a foul.
PLAY_ON: Final = 2.0


#: Weaker players go for a pot whenever one is on at all, and play safe only when none is: a pot
#: at least this likely (by the player's own estimate) keeps safeties out of the search.
#: Professionals weigh every pot against a safety (None). Without this the weaker levels, who
#: see every pot as hard, would play safe nearly every stroke: hundreds of strokes a frame.
POT_FIRST: Final[dict[str, float | None]] = {
    "beginner": 0.05, "amateur": 0.15, "club": 0.3, "pro": None, "perfect": None,
}

#: A professional does not take on a pot that his own estimate gives less than this while a
#: safety is on: the noisy samples of the search rate a 25 % pot by ten draws, and the luckiest of
#: eight candidates' means wins. Set with the pro's noise (``cueboard.ai.noise.PRO_CUE_NOISE``);
#: the screening runs and the 50-frame calibration run are in docs/ai-calibration.md.
POT_FLOOR: Final[dict[str, float | None]] = {
    "beginner": None, "amateur": None, "club": None, "pro": 0.3, "perfect": None,
}

#: The noise studies' own decision settings (docs/ai-calibration.md, "Stronger at the
#: tournament noise"): a study plays its level's decisions except for these. The pot floor that
#: replaces the level's, and how many noisy plays through the fast physics check each safety for
#: fouls (:func:`cueboard.ai.snooker.safety.foul_share`; 0: not checked).
STUDY_POT_FLOOR: Final[dict[str, float | None]] = {"tournament": 0.65}
STUDY_FOUL_CHECKS: Final[dict[str, int]] = {"tournament": 24}
#: Whether the study's evaluation counts only the pots its floor lets it take on (the position a
#: stroke leaves is worth its pots at least that likely, to either player: the rest are safeties).
STUDY_EVAL_FLOOR: Final[dict[str, bool]] = {}


#: How far an unintended side offset turns the object ball's line, as an equivalent error of the
#: stroke direction: about 0.36° per millimetre of side at the usual pot distances, measured
#: through the physics (squirt and spin-induced throw; Alciatore TP A.31 for the squirt model).
SIDE_DEG_PER_MM: Final = 0.36


@cache
def noise_sigma(noise: CueNoise) -> float:
    """The direction σ an evaluation assumes for a player with ``noise``: its direction error
    combined with the error its tip noise causes through squirt, and never below half the
    tournament noise's direction error, 0.0625° (a noiseless player still prefers easy pots to
    hard ones)."""
    eff = math.hypot(noise.direction_deg, SIDE_DEG_PER_MM * noise.tip * 1000.0)
    return max(eff, TOURNAMENT_CUE_NOISE.direction_deg / 2)


def eval_sigma(level: str, noise_scale: float = 1.0) -> float:
    """:func:`noise_sigma` of the level's noise times ``noise_scale``."""
    return noise_sigma(CUE_NOISE[level].scaled(noise_scale))


@dataclass(frozen=True)
class SnookerModel:
    """The picklable shot model of one level: simulate, referee, evaluate. ``noise_scale``
    multiplies the level's execution noise (1: the level as defined in :mod:`cueboard.ai.noise`);
    ``study`` names a noise study instead (:func:`cueboard.ai.noise.study_noise`; ``noise_scale``
    is then :func:`cueboard.ai.noise.study_factor`, and the evaluation's σ follows the study's
    noise)."""

    level: str
    noise_scale: float = 1.0
    study: str = ""

    @cached_property
    def noise(self) -> CueNoise:
        """The level's noise times ``noise_scale``, or the study's (once: :meth:`perturb` runs for
        every sample)."""
        if self.study:
            return study_noise(self.level, self.study)
        return CUE_NOISE[self.level].scaled(self.noise_scale)

    def perturb(
        self, position: SnookerPosition, strike: SnookerStrike, rng: np.random.Generator
    ) -> SnookerStrike:
        return execute(position, strike, self.noise, rng)

    def outcome_value(
        self, position: SnookerPosition, declaration: SnookerDeclaration, strike: SnookerStrike, seat: int
    ) -> float:
        from cueboard.games.snooker import GAME

        played = play_through(GAME, position, declaration, strike)
        if played is None:
            return REFUSED_VALUE  # an input the referee refuses: never chosen
        after = played[0]
        floor = STUDY_POT_FLOOR.get(self.study) if STUDY_EVAL_FLOOR.get(self.study) else None
        return evaluate(position, after, seat, noise_sigma(self.noise), floor)


@dataclass
class SnookerAI:
    """Snooker knowledge for :class:`cueboard.ai.players.SearchAgent`: the decisions of ``level``
    with its noise times ``noise_scale``, or with a noise study's (:class:`SnookerModel`).

    ``execution``, when set, is the noise of the strokes the player actually plays, in place of
    the level's own: the decisions stay the level's (its candidates, its evaluation's σ, the
    noisy samples of its search, all drawn with the level's noise), and only the chosen stroke is
    played with ``execution``. This is how a level is measured at a fixed noise model, e.g. the
    computational-pool tournament noise (:data:`cueboard.ai.noise.TOURNAMENT_CUE_NOISE`;
    ``benchmarks/snooker_ai_noise.py``)."""

    level: str
    noise_scale: float = 1.0
    study: str = ""
    execution: CueNoise | None = None

    @property
    def sigma(self) -> float:
        """The direction σ this player's evaluation assumes (:func:`noise_sigma` of its noise)."""
        return noise_sigma(self.model().noise)

    def model(self) -> SnookerModel:
        return SnookerModel(self.level, self.noise_scale, self.study)

    def perturb(
        self, position: SnookerPosition, strike: SnookerStrike, rng: np.random.Generator
    ) -> SnookerStrike:
        """The stroke played for ``strike``: with ``execution`` when set, else the level's noise."""
        if self.execution is not None:
            return execute(position, strike, self.execution, rng)
        return self.model().perturb(position, strike, rng)

    def candidates(self, position: SnookerPosition) -> list[Candidate[SnookerDeclaration, SnookerStrike]]:
        floor = STUDY_POT_FLOOR.get(self.study, POT_FLOOR[self.level])
        checks = STUDY_FOUL_CHECKS.get(self.study, 0)
        noise = self.model().noise if checks else None
        return candidates(position, self.sigma, POT_FIRST[self.level], floor, noise, checks)

    def forced(self, position: SnookerPosition, rng: np.random.Generator) -> Decision | None:
        # the weaker levels always play on after a foul: only club players and better use the
        # choices (replace after a miss, put the offender back in) tactically
        return forced(position, self.sigma, tactical=self.level in ("club", "pro", "perfect"))

    def variations(
        self, position: SnookerPosition, candidate: Candidate[SnookerDeclaration, SnookerStrike]
    ) -> list[Candidate[SnookerDeclaration, SnookerStrike]]:
        """Speed and spin variations of a promising pot (the search's local refinement)."""
        return variations(position, candidate)


def forced(position: SnookerPosition, sigma_deg: float, tactical: bool = True) -> Decision | None:
    """Claim, concede or the choice after a foul, when one is due (module docstring)."""
    side = side_of(position.to_move)
    only_black = position.on_table_ids() == ("black",) and position.ball_on == "black"
    if only_black and position.lead(side) > 7 and continuation(position, sigma_deg) < PLAY_ON:
        # with the black there to pot, a player pots it (for the break); otherwise he claims
        claim = SnookerDeclaration(action=Action.CLAIM)
        return Decision(claim, None, "claim the frame", explanation=explain.snooker_claim())
    needs = position.snookers_required(side)
    pink_black = set(position.on_table_ids()) <= {"pink", "black"}
    if needs >= 3 or (needs >= 1 and pink_black):
        return Decision(
            SnookerDeclaration(action=Action.CONCEDE, side=side),
            None,
            f"concede: {needs} snooker(s) needed",
            explanation=explain.snooker_concede(needs),
        )
    offered = GAME.choices(position)
    if offered:
        value = continuation(position, sigma_deg)
        free = list(GAME.free_balls(position))
        if free:  # a free ball may be nominated: its pots count too (S3 R10)
            pots = best_pots(position, sigma_deg, targets=free)
            if pots:
                o = pots[0][0]
                value = max(value, o.probability * (value_of(balls_on(position)[0]) + BREAK_ON))
        if (value >= PLAY_ON or not tactical) and "play" in offered:
            return None  # play on: the search plays the stroke with choice=play
        if "replace" in offered:
            return Decision(
                SnookerDeclaration(action=Action.CHOOSE, choice=Choice.REPLACE),
                None,
                "replace the balls: the offender plays again",
                explanation=explain.snooker_replace(),
            )
        if "put_back" in offered:
            return Decision(
                SnookerDeclaration(action=Action.CHOOSE, choice=Choice.PUT_BACK),
                None,
                "the offender plays again",
                explanation=explain.snooker_put_back(),
            )
    return None


def make_ai(
    level: str, noise_scale: float = 1.0, study: str = "", execution: CueNoise | None = None
) -> SnookerAI:
    """The snooker AI of ``level``; ``noise_scale`` multiplies its execution noise (a research
    knob: how the level's decisions fare with a steadier or shakier cue arm); ``study`` names a
    noise study (``tournament``), whose factor ``noise_scale`` must then be; ``execution`` plays
    the level's decisions with that fixed noise instead of its own (:class:`SnookerAI`:
    ``make_ai("club", execution=TOURNAMENT_CUE_NOISE)`` is the club player's choices struck with
    the computational-pool tournament noise). ValueError for an unknown level or study, a scale
    that is not a finite number >= 0, or an ``execution`` that is not a :class:`CueNoise`."""
    if study:
        study_noise(level, study)  # the study exists for this level, else ValueError
    if execution is not None and not isinstance(execution, CueNoise):
        raise SettingsError(f"execution must be a CueNoise (direction, speed, tip σ), got {execution!r}")
    return SnookerAI(check_level(level), check_noise_scale(noise_scale), study, execution)

