"""Time-budgeted candidate evaluation: the search every AI player uses.

A game's AI proposes candidate shots (declaration + intended strike). Each candidate is played
through the physics and the referee several times with the player's execution noise, and every
result is scored by an evaluation of the position left (from the deciding seat's view). The best
mean wins. Two stages keep the cost down (the scheme of the winning computational-pool players,
Archibald et al. IJCAI 2009):

1. screening: every candidate once without noise, in the order of its prior;
2. sampling: the best ``top_k`` of them ``samples`` times each under the noise, "best" weighing
   each screening value by the candidate's own estimate of its success (:class:`Candidate`).

The work runs in worker processes (``workers`` > 1) until the ``budget_s`` runs out — seconds of
CPU spent evaluating candidates (``clock="cpu"``: the same strength whatever else the machine is
doing, what the AI players use) or of wall clock (``clock="wall"``); candidates not reached in time
are dropped. Every candidate draws its noise from its own
generator seeded from ``(seed, candidate index)``, so a candidate's score does not depend on which
worker ran it or when, and a serial search without a time budget is deterministic given the seed.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import numpy as np
from pydantic import BaseModel

from cueboard.errors import SettingsError
from cueboard.games.protocol import Game
from cueboard.records.base import Position
from cueboard.records.ruling import Call

P = TypeVar("P", bound=Position)
D = TypeVar("D", bound=BaseModel)
S = TypeVar("S", bound=BaseModel)
R = TypeVar("R", bound=BaseModel)
P_contra = TypeVar("P_contra", bound=Position, contravariant=True)
D_contra = TypeVar("D_contra", bound=BaseModel, contravariant=True)


@dataclass(frozen=True)
class Candidate(Generic[D, S]):
    """One shot idea: what to declare, the intended strike, a label and a prior (higher first).

    ``success`` is the AI's own estimate of the chance that the shot comes off under its noise,
    and ``fail`` the value it expects when it does not: the noisy stage samples the candidates
    with the best ``success × screen + (1 - success) × fail`` (the noiseless screen alone would
    rank a hard pot that leaves good position above an easy one). ``meta`` is the game's own data
    about the idea (what its variations need), opaque to the search; candidates of one ``family``
    (a shot and its variations) fill at most ``PER_FAMILY`` of the sampled places.
    ``explanation`` is the idea as a catalogue message (``ai.<game>.*`` keys of
    ``cueboard/app/i18n/*.json``), so a player can read the AI's intention in their own language.
    """

    declaration: D
    strike: S
    label: str
    prior: float = 0.0
    success: float = 1.0
    fail: float = 0.0
    meta: tuple[object, ...] = ()
    family: str = ""
    explanation: Call | None = None


@dataclass(frozen=True)
class Scored(Generic[D, S]):
    """A candidate with its evaluation: the screening value and the noisy samples' values."""

    candidate: Candidate[D, S]
    screen: float
    values: tuple[float, ...] = ()

    @property
    def mean(self) -> float:
        """Mean of the noisy samples (the screening value when none was drawn)."""
        return float(np.mean(self.values)) if self.values else self.screen


class ShotModel(Protocol[P_contra, D_contra, S]):
    """What the search needs of a game's AI, typed by the game's position, declaration and strike
    records: picklable (it travels to worker processes)."""

    def perturb(self, position: P_contra, strike: S, rng: np.random.Generator) -> S:
        """The strike actually played in ``position`` when ``strike`` is intended (execution
        noise); always a legal strike."""
        ...

    def outcome_value(self, position: P_contra, declaration: D_contra, strike: S, seat: int) -> float:
        """Play the strike through physics and referee; the value of the result for ``seat``."""
        ...


#: Candidates whose variations the search screens when the game offers variations.
REFINE = 3
#: Most candidates of one family sampled: without the cap a shot and its variations, all
#: screening alike, can fill the noisy stage, which then compares nothing else.
PER_FAMILY = 3

#: The value of a candidate the physics or the referee refuses (an illegal start or placement, a
#: shot the engine cannot finish): far below any real result, so it is never chosen.
REFUSED_VALUE = -1000.0


def play_through(
    game: Game[P, S, D, Any, R], position: P, declaration: D, strike: S
) -> tuple[P, R] | None:
    """The position after ``strike`` and the ruling, through the game's physics and referee;
    ``None`` when either refuses the input. Lots are drawn from a fresh generator seeded 0, so a
    candidate's value never depends on what was evaluated before it."""
    try:
        _, outcome = game.simulate(position, declaration, strike)
        return game.apply(position, declaration, outcome, np.random.default_rng(0))
    except (ValueError, RuntimeError):
        return None


def _run(model: ShotModel[P, D, S], position: P, cand: Candidate[D, S], seat: int, n: int, seed: int,
         idx: int) -> tuple[int, float, tuple[float, ...], float]:
    """Screen (n == 0) or sample (n > 0) one candidate; returns (index, screen, values, CPU
    seconds this process spent on it)."""
    cpu0 = time.process_time()
    if n == 0:
        screen = model.outcome_value(position, cand.declaration, cand.strike, seat)
        return idx, screen, (), time.process_time() - cpu0
    rng = np.random.default_rng([seed, idx])
    vals = tuple(
        model.outcome_value(position, cand.declaration, model.perturb(position, cand.strike, rng), seat)
        for _ in range(n)
    )
    return idx, 0.0, vals, time.process_time() - cpu0


class Budget:
    """What a search has spent: CPU seconds summed over the candidates evaluated (whichever
    process ran them), or wall-clock seconds since it started."""

    def __init__(self, clock: str):
        if clock not in ("cpu", "wall"):
            raise SettingsError(f"clock must be 'cpu' or 'wall', not {clock!r}")
        self.clock = clock
        self.start = time.perf_counter()
        self.cpu = 0.0

    def spent(self) -> float:
        return self.cpu if self.clock == "cpu" else time.perf_counter() - self.start


_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0


def _pool(workers: int) -> ProcessPoolExecutor:
    global _POOL, _POOL_SIZE
    if _POOL is None or workers != _POOL_SIZE:
        if _POOL is not None:
            _POOL.shutdown(cancel_futures=True)
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        _POOL = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
        _POOL_SIZE = workers
    return _POOL


@atexit.register
def shutdown_pool() -> None:
    """Stop the worker processes (also called at interpreter exit)."""
    global _POOL
    if _POOL is not None:
        _POOL.shutdown(cancel_futures=True)
        _POOL = None


def default_workers() -> int:
    """Worker processes for the search: ``CUEBOARD_AI_WORKERS`` or 1 (serial)."""
    raw = os.environ.get("CUEBOARD_AI_WORKERS", "1")
    try:
        n = int(raw)
    except ValueError:
        raise SettingsError(f"CUEBOARD_AI_WORKERS must be an integer, got {raw!r}") from None
    if n < 1:
        raise SettingsError(f"CUEBOARD_AI_WORKERS must be >= 1, got {n}")
    return n


def _stage(model: ShotModel[P, D, S], position: P, cands: Sequence[Candidate[D, S]], seat: int, n: int,
           seed: int, idxs: Sequence[int], budget: Budget, limit: float | None, workers: int
           ) -> dict[int, tuple[float, tuple[float, ...]]]:
    """Evaluate the candidates ``idxs`` until the budget has spent ``limit`` seconds (at least
    one is always evaluated)."""
    out: dict[int, tuple[float, tuple[float, ...]]] = {}
    if workers <= 1:
        for i in idxs:
            if limit is not None and out and budget.spent() > limit:
                break
            _, s, v, cpu = _run(model, position, cands[i], seat, n, seed, i)
            budget.cpu += cpu
            out[i] = (s, v)
        return out
    pool = _pool(workers)
    pending: set[Future[tuple[int, float, tuple[float, ...], float]]] = {
        pool.submit(_run, model, position, cands[i], seat, n, seed, i) for i in idxs
    }
    while pending:
        timeout = None
        if limit is not None and out:
            if budget.spent() > limit:
                break
            if budget.clock == "wall":
                timeout = max(0.0, limit - budget.spent())
        done, pending = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
        for f in done:
            i, s, v, cpu = f.result()
            budget.cpu += cpu
            out[i] = (s, v)
    for f in pending:
        f.cancel()
    return out


def search(
    model: ShotModel[P, D, S],
    position: P,
    candidates: Sequence[Candidate[D, S]],
    seat: int,
    rng: np.random.Generator,
    *,
    samples: int = 8,
    top_k: int = 6,
    budget_s: float | None = None,
    clock: str = "wall",
    workers: int = 1,
    vary: Callable[[P, Candidate[D, S]], Sequence[Candidate[D, S]]] | None = None,
) -> list[Scored[D, S]]:
    """Evaluate ``candidates`` for ``seat``; the scored ones, best mean first.

    ``vary`` (optional) gives variations of a candidate (a little more or less speed or spin):
    the variations of the ``REFINE`` best screened candidates are screened too, a local search
    around the best ideas before the noisy stage. At least one candidate is always evaluated
    fully, whatever the budget. ``budget_s`` counts seconds of ``clock`` (module docstring).
    ``samples`` = 0 skips the noisy stage (a noiseless player).
    Raises ValueError when there is no candidate.
    """
    if not candidates:
        raise SettingsError("search needs at least one candidate")
    if samples < 0 or top_k < 1:
        raise SettingsError(f"samples must be >= 0 and top_k >= 1 (got {samples}, {top_k})")
    seed = int(rng.integers(0, 2**63 - 1))
    budget = Budget(clock)
    order = sorted(range(len(candidates)), key=lambda i: -candidates[i].prior)
    d1 = None if budget_s is None else 0.35 * budget_s
    screened = _stage(model, position, candidates, seat, 0, seed, order, budget, d1, workers)

    def expected(i: int) -> float:
        c = candidates[i]
        return c.success * screened[i][0] + (1.0 - c.success) * c.fail

    if vary is not None:
        tops = sorted(screened, key=lambda i: (-expected(i), i))[:REFINE]
        extra = [v for i in tops for v in vary(position, candidates[i])]
        if extra:
            candidates = [*candidates, *extra]
            d_vary = None if budget_s is None else 0.5 * budget_s
            new = range(len(candidates) - len(extra), len(candidates))
            screened.update(_stage(model, position, candidates, seat, 0, seed, new, budget, d_vary, workers))
    ranked = sorted(screened, key=lambda i: (-screened[i][0], i))
    if samples == 0:
        return [Scored(candidates[i], screened[i][0]) for i in ranked]

    best: list[int] = []
    taken: dict[str, int] = {}
    for i in sorted(screened, key=lambda i: (-expected(i), i)):
        fam = candidates[i].family
        if fam and taken.get(fam, 0) >= PER_FAMILY:
            continue
        taken[fam] = taken.get(fam, 0) + 1
        best.append(i)
        if len(best) == top_k:
            break
    d2 = budget_s
    sampled = _stage(model, position, candidates, seat, samples, seed, best, budget, d2, workers)
    scored = [Scored(candidates[i], screened[i][0], sampled[i][1]) for i in best if i in sampled]
    scored.sort(key=lambda s: -s.mean)
    rest = [Scored(candidates[i], screened[i][0]) for i in ranked if i not in sampled]
    return scored + rest
