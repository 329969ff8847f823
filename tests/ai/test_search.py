"""The candidate search: best mean wins, deterministic given the seed, budget respected."""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
import pytest
from pydantic import BaseModel

from cueboard.ai.search import Candidate, search
from cueboard.records.base import Piece, Position, Record


class Aim(Record):
    x: float


class Nothing(Record):
    pass


@dataclass(frozen=True)
class Toy:
    """Value -(x - 1)²: the best intended x is 1; noise σ on x; a shot at x ≥ 1.2 'fouls' (-5)."""

    sigma: float
    delay: float = 0.0

    def perturb(self, position: Position, strike: BaseModel, rng: np.random.Generator) -> BaseModel:
        assert isinstance(strike, Aim)
        return Aim(x=strike.x + rng.normal(0.0, self.sigma))

    def outcome_value(
        self, position: Position, declaration: BaseModel, strike: BaseModel, seat: int
    ) -> float:
        assert isinstance(strike, Aim)
        if self.delay:
            time.sleep(self.delay)
        return -5.0 if strike.x >= 1.2 else -((strike.x - 1.0) ** 2)


POS = Position(game="toy", pieces=(Piece(id="a", kind="disc"),))
CANDS = [Candidate(Nothing(), Aim(x=x), f"x={x}") for x in (0.0, 0.5, 0.9, 1.0, 1.15, 2.0)]


def test_noiseless_search_picks_exact_optimum() -> None:
    scored = search(Toy(0.0), POS, CANDS, 0, np.random.default_rng(1), samples=0)
    assert scored[0].candidate.label == "x=1.0"
    assert scored[0].screen == 0.0
    assert scored[-1].candidate.label == "x=2.0"


def test_noise_makes_the_safer_candidate_best() -> None:
    # With σ = 0.15, aiming at 1.0 fouls (x ≥ 1.2) about 9% of the time (-5 each): mean ≈ -0.47;
    # aiming at 0.9 fouls 2.3% of the time: mean ≈ -0.15. The search must prefer 0.9.
    scored = search(Toy(0.15), POS, CANDS, 0, np.random.default_rng(3), samples=400, top_k=4)
    assert scored[0].candidate.label == "x=0.9"
    assert len(scored[0].values) == 400


def test_deterministic_given_seed_serial_and_parallel() -> None:
    a = search(Toy(0.1), POS, CANDS, 0, np.random.default_rng(7), samples=20, top_k=3)
    b = search(Toy(0.1), POS, CANDS, 0, np.random.default_rng(7), samples=20, top_k=3)
    c = search(Toy(0.1), POS, CANDS, 0, np.random.default_rng(7), samples=20, top_k=3, workers=2)
    assert [s.values for s in a] == [s.values for s in b] == [s.values for s in c]
    d = search(Toy(0.1), POS, CANDS, 0, np.random.default_rng(8), samples=20, top_k=3)
    assert [s.values for s in a] != [s.values for s in d]


def test_budget_stops_the_search_but_keeps_one_candidate() -> None:
    t0 = time.perf_counter()
    scored = search(Toy(0.1, delay=0.02), POS, CANDS, 0, np.random.default_rng(0),
                    samples=50, top_k=6, budget_s=0.1)
    elapsed = time.perf_counter() - t0
    assert elapsed < 1.5  # unbounded it would take 6 × 0.02 + 6 × 50 × 0.02 = 6.1 s
    assert scored and scored[0].values  # at least one candidate sampled


@dataclass(frozen=True)
class Busy(Toy):
    """Toy whose every evaluation burns ``delay`` seconds of CPU (a busy loop, not a sleep)."""

    def outcome_value(
        self, position: Position, declaration: BaseModel, strike: BaseModel, seat: int
    ) -> float:
        end = time.process_time() + self.delay
        while time.process_time() < end:
            pass
        return Toy(self.sigma).outcome_value(position, declaration, strike, seat)


def test_cpu_budget_counts_cpu_not_waiting() -> None:
    """With the CPU clock, a model that waits (sleeps) spends no budget: everything is evaluated;
    the wall clock with the same budget stops early."""
    slow = Toy(0.1, delay=0.01)
    cpu = search(slow, POS, CANDS, 0, np.random.default_rng(0), samples=3, top_k=2, budget_s=0.02,
                 clock="cpu")
    wall = search(slow, POS, CANDS, 0, np.random.default_rng(0), samples=3, top_k=2, budget_s=0.02,
                  clock="wall")
    assert sum(1 for s in cpu if s.values) == 2
    assert sum(len(s.values) for s in wall) < sum(len(s.values) for s in cpu)


def test_cpu_budget_stops_a_search_that_burns_cpu() -> None:
    t0 = time.process_time()
    scored = search(Busy(0.1, delay=0.01), POS, CANDS, 0, np.random.default_rng(0), samples=50, top_k=6,
                    budget_s=0.1, clock="cpu")
    spent = time.process_time() - t0
    assert spent < 1.0  # unbounded: 6 × 0.01 + 6 × 50 × 0.01 = 3.06 s of CPU
    assert scored and scored[0].values


def test_an_unknown_clock_is_refused() -> None:
    with pytest.raises(ValueError, match="clock"):
        search(Toy(0.0), POS, CANDS, 0, np.random.default_rng(0), clock="sundial")


def test_no_candidate_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one candidate"):
        search(Toy(0.0), POS, [], 0, np.random.default_rng(0))


def test_sampling_goes_to_the_likely_candidates() -> None:
    # x=1.0 screens best (0) but its own estimate says it comes off one time in five and is worth
    # -5 otherwise: expected -4; x=0.5 screens -0.25 and always comes off. With one candidate to
    # sample, the search samples x=0.5, not the one the noiseless screen ranks first.
    cands = [
        Candidate(Nothing(), Aim(x=1.0), "hard", success=0.2, fail=-5.0),
        Candidate(Nothing(), Aim(x=0.5), "sure"),
    ]
    scored = search(Toy(0.01), POS, cands, 0, np.random.default_rng(0), samples=5, top_k=1)
    assert scored[0].candidate.label == "sure" and len(scored[0].values) == 5
    assert scored[1].candidate.label == "hard" and not scored[1].values


def test_variations_refine_the_best_candidates() -> None:
    # only x = 0.5 and 2.0 are proposed; the variations of the best (0.5) step towards the optimum
    def vary(position: Position, c: Candidate) -> list[Candidate]:
        assert isinstance(c.strike, Aim)
        return [Candidate(Nothing(), Aim(x=c.strike.x + d), f"{c.label}{d:+}") for d in (-0.25, 0.25, 0.5)]

    cands = [Candidate(Nothing(), Aim(x=x), f"x={x}") for x in (0.5, 2.0)]
    scored = search(Toy(0.0), POS, cands, 0, np.random.default_rng(1), samples=0, vary=vary)
    assert scored[0].candidate.label == "x=0.5+0.5"  # x = 1.0, found by the refinement
    plain = search(Toy(0.0), POS, cands, 0, np.random.default_rng(1), samples=0)
    assert plain[0].candidate.label == "x=0.5"


def test_one_family_fills_at_most_three_sampled_places() -> None:
    # five near-identical candidates of one family screen best; the sixth (another family) must
    # still be sampled
    same = [Candidate(Nothing(), Aim(x=1.0 - k * 0.01), f"a{k}", family="a") for k in range(5)]
    other = Candidate(Nothing(), Aim(x=0.6), "b", family="b")
    scored = search(Toy(0.05), POS, [*same, other], 0, np.random.default_rng(2), samples=5, top_k=5)
    sampled = [s for s in scored if s.values]
    assert sum(s.candidate.family == "a" for s in sampled) == 3
    assert any(s.candidate.label == "b" for s in sampled)
