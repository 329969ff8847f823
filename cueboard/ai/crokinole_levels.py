"""How each crokinole level chooses its shot: the shot families it considers,
how far it looks ahead, and how many noisy samples it draws.

Before this, every level searched the same candidates the same way and only the execution noise
(:data:`cueboard.ai.crokinole.NOISE`) told the levels apart. Real weaker players also choose
worse: a beginner mostly shoots at the 20 or takes out the best opponent disc it sees, with no
cut to stay on the board, no hit-and-stick, no draws behind the pegs and no bank at a disc it
cannot see, and judges a shot by what it would do if played as aimed (one candidate sampled: the
noiseless screen's choice); an amateur knows the cuts, the stick and the banks but not the
guards, and plays for the score on the board rather than for what the next shooter can reach; a
club player plays the margin, not the round's expected result, and weighs fewer shots under its
noise than the pro. The open-20 calibration
(the best open 20 with each level's noise, docs/ai-calibration.md "Crokinole") is a test of the hand, not
of these choices, so it does not change. The measured effect of each setting is in docs/ai-calibration.md
("Crokinole: the ideas measured"); two settings measured for the pro and not kept
(no level uses them) are softer takeouts and the look-ahead to the next shooter's reply
(:mod:`cueboard.ai.crokinole_reply`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cueboard.errors import SettingsError

#: The open-20 speeds (a factor on the speed that stops the disc just past the hole) and labels.
OPEN20_SPEEDS: Final = ((1.0, "open 20"), (1.04, "open 20 firm"), (0.93, "open 20 soft"))


@dataclass(frozen=True)
class CrokinoleDecisions:
    """One level's way of choosing (module docstring).

    - ``open20_speeds``: how many of :data:`OPEN20_SPEEDS` it tries (the first ones);
    - ``targets``: most opponent discs it aims at, the highest-scoring first (``None``: all);
    - ``cuts``: takeouts cut to either side (to keep the shooter on the board) as well as full;
    - ``stick``: hit-and-stick shots; ``draws``: draws behind the pegs when the board is open;
    - ``start_stride``: every how-many-th legal starting point it tries (1: all of them);
    - ``exposure``: whether it discounts discs by what the next shooter can reach;
    - ``by_round``: whether, where a round's result is what scores (the tournament variant), it
      values the round's expected result rather than the margin (:mod:`cueboard.ai.crokinole_round`);
    - ``banks``: for an opponent disc no start has a clear line to (hidden behind pegs or discs;
      among the discs it looks at before ``targets`` are reached), a sweep of flicks around the
      line to it from every start it tries, for a ricochet off a peg or a disc into it
      (:data:`cueboard.ai.crokinole.BANK_OFFSETS`); without it a level with no clear line at all
      plays one firm shot at the centre;
    - ``soft_takeouts``: full takeouts also at a middle speed (the disc sent on 0.2 m past the
      target, against the usual 0.45 m), which leave the shooter nearer where the target was;
    - ``replies``: how many of its best sampled candidates it judges again by the next shooter's
      best reply (:mod:`cueboard.ai.crokinole_reply`; 0: none), when at most ``reply_discs`` discs
      are still to be shot (the shooter's included; ``None``: always);
    - ``samples``, ``top_k``: most noisy samples per candidate and candidates sampled (caps on
      :class:`cueboard.ai.players.SearchSettings`).
    """

    open20_speeds: int = 3
    targets: int | None = None
    cuts: bool = True
    stick: bool = True
    draws: bool = True
    start_stride: int = 1
    exposure: bool = True
    by_round: bool = True
    banks: bool = True
    soft_takeouts: bool = False
    replies: int = 0
    reply_discs: int | None = None
    samples: int = 10
    top_k: int = 8

    def __post_init__(self) -> None:
        if not 1 <= self.open20_speeds <= len(OPEN20_SPEEDS):
            raise SettingsError(f"open20_speeds must be 1-{len(OPEN20_SPEEDS)}, got {self.open20_speeds}")
        if self.targets is not None and self.targets < 1:
            raise SettingsError(f"targets must be >= 1 or None, got {self.targets}")
        if self.start_stride < 1 or self.samples < 1 or self.top_k < 1 or self.replies < 0:
            raise SettingsError("start_stride, samples and top_k must be >= 1, replies >= 0")


#: Everything: the pro's way (and the noiseless player's).
FULL: Final = CrokinoleDecisions()

#: Each level's way of choosing (docs/ai-calibration.md, "Crokinole: the ideas measured").
DECISIONS: Final[dict[str, CrokinoleDecisions]] = {
    "perfect": FULL,
    "pro": FULL,
    "club": CrokinoleDecisions(by_round=False, samples=6, top_k=5),
    "amateur": CrokinoleDecisions(open20_speeds=2, targets=2, draws=False, exposure=False, by_round=False,
                                  samples=5, top_k=4),
    "beginner": CrokinoleDecisions(open20_speeds=1, targets=1, cuts=False, stick=False, draws=False,
                                   start_stride=2, exposure=False, by_round=False, banks=False,
                                   samples=1, top_k=1),
}
