"""The crokinole player (``cueboard.ai.crokinole``'s entry point for the registry): the level's
knowledge for :class:`cueboard.ai.players.SearchAgent` — its shot ideas and evaluation
(:mod:`cueboard.ai.crokinole`), its look-ahead at the next shooter's replies
(:mod:`cueboard.ai.crokinole_reply`) — and the round statistics of a match between agents."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from cueboard.ai.agent import Decision
from cueboard.ai.crokinole import CrokinoleModel, candidates
from cueboard.ai.crokinole_levels import DECISIONS, CrokinoleDecisions
from cueboard.ai.crokinole_reply import judge_by_replies
from cueboard.ai.noise import check_level, check_noise_scale
from cueboard.ai.search import Candidate, Scored
from cueboard.games.crokinole import CrokinoleDeclaration, CrokinolePosition, CrokinoleStrike

if TYPE_CHECKING:
    from cueboard.ai.match import FrameResult
    from cueboard.ai.stats import SideStats


@dataclass
class CrokinoleAI:
    """Crokinole knowledge for :class:`cueboard.ai.players.SearchAgent`."""

    level: str
    noise_scale: float = 1.0

    def __post_init__(self) -> None:
        check_level(self.level)

    def model(self) -> CrokinoleModel:
        return CrokinoleModel(self.level, self.noise_scale)

    @property
    def decisions(self) -> CrokinoleDecisions:
        """How the level chooses (:data:`cueboard.ai.crokinole_levels.DECISIONS`)."""
        return DECISIONS[self.level]

    def search_caps(self) -> tuple[int, int]:
        """Most noisy samples per candidate and candidates sampled (the level's decisions)."""
        return self.decisions.samples, self.decisions.top_k

    def perturb(
        self, position: CrokinolePosition, strike: CrokinoleStrike, rng: np.random.Generator
    ) -> CrokinoleStrike:
        return self.model().perturb(position, strike, rng)

    def forced(self, position: CrokinolePosition, rng: np.random.Generator) -> Decision | None:
        return None  # never concedes: every round can be won back

    def judge(
        self, position: CrokinolePosition, scored: list[Scored], budget_s: float | None
    ) -> list[Scored]:
        """The search's best few shots judged again by the next shooter's best reply, for a level
        whose decisions ask for it (``replies``, ``reply_discs``; :mod:`cueboard.ai.crokinole_reply`)."""
        d = self.decisions
        if d.replies == 0 or (d.reply_discs is not None and sum(position.discs_left) > d.reply_discs):
            return scored
        return judge_by_replies(self.model(), position, scored, position.to_move, self.decisions.replies,
                                budget_s)

    def candidates(
        self, position: CrokinolePosition
    ) -> list[Candidate[CrokinoleDeclaration, CrokinoleStrike]]:
        return candidates(position, self.decisions)


def make_ai(level: str, noise_scale: float = 1.0) -> CrokinoleAI:
    """The crokinole AI of ``level``, its execution noise times ``noise_scale`` (ValueError for an
    unknown level or a scale that is not a finite number >= 0)."""
    return CrokinoleAI(check_level(level), check_noise_scale(noise_scale))


def frame_stats(fr: FrameResult, out: tuple[SideStats, SideStats]) -> None:
    """Add one round's shots, open-20 attempts and successes, 20s, fouls to each side's counters
    (:func:`cueboard.ai.stats.collect`)."""
    from cueboard.ai.match import side_of

    for entry, intent in zip(fr.shots, fr.intents, strict=True):
        r = entry.ruling
        side = side_of(entry.position_after, entry.player)
        st = out[side]
        st.shots += 1
        outcome = entry.outcome
        holed = getattr(r, "twenties", ())
        if intent.startswith("open 20"):
            st.counts["open20_attempts"] += 1
            if getattr(outcome, "shot_disc", None) in holed:
                st.counts["open20_made"] += 1
        st.counts["twenties"] += sum(1 for d in holed if d.startswith(f"s{entry.player}-"))
        if getattr(r, "foul", None) is not None:
            st.counts["fouls"] += 1
