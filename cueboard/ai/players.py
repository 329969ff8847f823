"""The AI player: a game's shot ideas, searched under the player's execution noise.

:class:`SearchAgent` is game-agnostic; each game's AI (``cueboard.ai.<game>``) supplies a
:class:`GameAI`: the candidate shots for a position, the decisions that need no search (the choice
after a foul, conceding), and the picklable :class:`~cueboard.ai.search.ShotModel` that plays a
candidate through physics and referee and scores the result.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import numpy as np
from pydantic import BaseModel

from cueboard.ai.agent import Decision
from cueboard.ai.noise import check_level
from cueboard.ai.search import Candidate, ShotModel, default_workers, search
from cueboard.games.protocol import AnyGame
from cueboard.records.base import Position

P_contra = TypeVar("P_contra", bound=Position, contravariant=True)
D = TypeVar("D", bound=BaseModel)
S = TypeVar("S", bound=BaseModel)


class GameAI(Protocol[P_contra, D, S]):
    """One game's knowledge for the search. A game's AI may also offer
    ``variations(position, candidate) -> list[Candidate]``: small changes of a promising candidate that the
    search screens too (see :func:`cueboard.ai.search.search`) — and ``search_caps() -> (samples,
    top_k)``: the most noisy samples per candidate and candidates sampled that its level draws,
    whatever the :class:`SearchSettings` allow (a weaker player weighs fewer shots, less carefully) — and
    ``judge(position, scored, budget_s) -> list[Scored]``: the search's scored candidates judged
    again (a look-ahead on the best few), best first, within ``budget_s`` CPU seconds (``None``: no
    limit), what is left of the decision's budget."""

    level: str

    def model(self) -> ShotModel[P_contra, D, S]:
        """The shot model (noise of this level, evaluation) for the search."""
        ...

    def forced(self, position: P_contra, rng: np.random.Generator) -> Decision | None:
        """A decision that needs no shot search (concede, claim, ask the offender to play), or None."""
        ...

    def candidates(self, position: P_contra) -> list[Candidate[D, S]]:
        """The shot ideas worth searching for ``position`` (never empty)."""
        ...

    def perturb(self, position: P_contra, strike: S, rng: np.random.Generator) -> S:
        """The strike this level's hand actually produces in ``position`` aiming for ``strike``."""
        ...


@dataclass(frozen=True)
class SearchSettings:
    """How hard the AI thinks: noisy samples per candidate, candidates sampled, the budget per
    decision (``None``: no limit, deterministic) in seconds of ``clock`` — ``cpu`` (the default:
    CPU seconds spent evaluating candidates, so a player is as strong on a loaded machine as on
    an idle one) or ``wall`` — and worker processes."""

    samples: int = 10
    top_k: int = 8
    budget_s: float | None = 1.0
    workers: int = field(default_factory=default_workers)
    clock: str = "cpu"


@dataclass
class SearchAgent:
    """An AI player of one game and level (see the module docstring)."""

    ai: GameAI[Any, Any, Any]
    settings: SearchSettings = field(default_factory=SearchSettings)
    name: str = ""
    #: Wall-clock seconds of each decision so far (benchmarks read it).
    decision_times: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        check_level(self.ai.level)
        if not self.name:
            self.name = f"ai:{self.ai.level}"

    def decide(self, game: AnyGame, position: Position, rng: np.random.Generator) -> Decision:
        t0 = time.perf_counter()
        cpu0 = time.process_time()
        forced = self.ai.forced(position, rng)
        if forced is not None:
            self.decision_times.append(time.perf_counter() - t0)
            return forced
        cands = self.ai.candidates(position)
        s = self.settings
        samples = 0 if self.ai.level == "perfect" else s.samples
        top_k = s.top_k
        caps = getattr(self.ai, "search_caps", None)
        if caps is not None:
            max_samples, max_top_k = caps()
            samples, top_k = min(samples, max_samples), min(top_k, max_top_k)
        vary = getattr(self.ai, "variations", None)
        scored = search(
            self.ai.model(), position, cands, position.to_move, rng,
            samples=samples, top_k=top_k, budget_s=s.budget_s, clock=s.clock, workers=s.workers, vary=vary,
        )
        judge = getattr(self.ai, "judge", None)
        if judge is not None:
            left = None if s.budget_s is None else max(0.0, s.budget_s - (time.process_time() - cpu0))
            scored = judge(position, scored, left)
        best = scored[0]
        intended = best.candidate.strike
        played = self.ai.perturb(position, intended, rng)
        self.decision_times.append(time.perf_counter() - t0)
        return Decision(
            declaration=best.candidate.declaration,
            strike=played,
            intent=best.candidate.label,
            expected=best.mean,
            intended=intended,
            explanation=best.candidate.explanation,
        )
