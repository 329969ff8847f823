"""Tournament figures: score rates with Wilson confidence intervals, and ratings.

- A player's *score* over games is (wins + draws / 2) / games. Its 95 % interval is Wilson's
  score interval (E. B. Wilson, "Probable inference, the law of succession, and statistical
  inference", JASA 22, 1927), which stays inside [0, 1] and is sound for small samples, unlike
  the normal approximation; draws count as half a win, as in chess result tables.
- Ratings come from the ``openskill`` library's Bradley–Terry model with full pairing (R. C.
  Weng and C.-J. Lin, "A Bayesian approximation method for online ranking", JMLR 12, 2011,
  Algorithm 1; the library's defaults μ 25, σ 25/3, β 25/6): each player's skill is a normal
  belief N(μ, σ²) updated game by game, a draw as a tie, with no drift between games (τ = 0:
  programs do not get better during a tournament). An online update weighs the last games
  most — with one pairing's games listed after another's the same results rated 185 or 509 Elo
  apart for one player — so the reported μ is the mean over 64 seeded shuffles of the games
  (:data:`ORDERS`); σ and the ordinal (μ - 3σ) are the library's after the games in their order.
- :func:`elo` puts the means on Elo's scale: the library predicts that a player β ahead wins
  Φ(β / √(2β²)) = Φ(1/√2) = 76.0 % of games (with σ → 0), and Elo's formula gives that at a
  200-point gap (1 / (1 + 10^(-200/400)) = 76.0 %), so Elo = 200 (μ - mean μ) / β; the ratings
  average 0, and a player who won every game still gets a finite rating.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from openskill.models import BradleyTerryFull

from cueboard.errors import RecordError

#: z of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Shuffles of the games whose ratings are averaged (the library rates online: the last games
#: weigh most), and the seed of the shuffles (the ratings are reproducible).
ORDERS = 64
ORDER_SEED = 20261201


@dataclass(frozen=True)
class Game:
    """One game's result: the two players (indices) and the winner (0: ``a``, 1: ``b``, None: drawn)."""

    a: int
    b: int
    winner: int | None


@dataclass(frozen=True)
class Score:
    """Games, wins, draws, losses, the score rate and its 95 % Wilson interval."""

    games: int
    wins: int
    draws: int
    losses: int
    rate: float
    low: float
    high: float


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion of ``successes`` in ``n`` trials ((0, 1) when n = 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def score(games: Iterable[Game], player: int, opponent: int | None = None) -> Score:
    """``player``'s score over ``games`` (only those against ``opponent`` when given)."""
    w = d = l_ = 0
    for g in games:
        if player not in (g.a, g.b) or (opponent is not None and opponent not in (g.a, g.b)):
            continue
        side = 0 if g.a == player else 1
        if g.winner is None:
            d += 1
        elif g.winner == side:
            w += 1
        else:
            l_ += 1
    n = w + d + l_
    points = w + d / 2
    low, high = wilson(points, n)
    return Score(n, w, d, l_, points / n if n else 0.0, low, high)


@dataclass(frozen=True)
class Rating:
    """A player's rating: openskill's mean and uncertainty, its conservative ``ordinal``
    (μ - 3σ, the library's), and ``elo``, the mean on Elo's scale (module docstring)."""

    mu: float
    sigma: float
    ordinal: float
    elo: float


def _rate_in_order(model: BradleyTerryFull, games: Sequence[Game], players: int) -> list[float]:
    """The players' μ after rating ``games`` one by one in the order given."""
    rated = [model.rating() for _ in range(players)]
    for g in games:
        ranks = [0.0, 0.0] if g.winner is None else ([0.0, 1.0] if g.winner == 0 else [1.0, 0.0])
        [[rated[g.a]], [rated[g.b]]] = model.rate([[rated[g.a]], [rated[g.b]]], ranks=ranks)
    return [r.mu for r in rated]


def ratings(games: Sequence[Game], players: int, orders: int = ORDERS) -> list[Rating]:
    """The ratings of ``players`` players (indices 0 .. players - 1) from ``games`` (module
    docstring): μ is the mean over ``orders`` seeded shuffles of the games, σ the library's
    after the games in the order given; a player who played no game keeps the prior (μ 25,
    σ 25/3) and Elo 0. ValueError for a game between a player and itself, an index out of
    range or a winner other than 0, 1 or None."""
    for g in games:
        if g.a == g.b or not (0 <= g.a < players and 0 <= g.b < players):
            raise RecordError(f"a game needs two different players among 0..{players - 1}, got {g}")
        if g.winner not in (0, 1, None):
            raise RecordError(f"a game's winner is 0, 1 or None (drawn), got {g.winner!r}")
    model = BradleyTerryFull(tau=0.0)
    rated = [model.rating() for _ in range(players)]
    for g in games:  # the given order, for σ
        ranks = [0.0, 0.0] if g.winner is None else ([0.0, 1.0] if g.winner == 0 else [1.0, 0.0])
        [[rated[g.a]], [rated[g.b]]] = model.rate([[rated[g.a]], [rated[g.b]]], ranks=ranks)
    rng = np.random.default_rng(ORDER_SEED)
    sums = [0.0] * players
    for _ in range(orders):
        shuffled = [games[i] for i in rng.permutation(len(games))]
        sums = [x + y for x, y in zip(sums, _rate_in_order(model, shuffled, players), strict=True)]
    mus = [x / orders for x in sums]
    played = [False] * players
    for g in games:
        played[g.a] = played[g.b] = True
    active = [m for m, p in zip(mus, played, strict=True) if p]
    mean = sum(active) / len(active) if active else model.mu
    return [
        Rating(m, r.sigma, m - 3 * r.sigma, 200.0 * (m - mean) / model.beta if p else 0.0)
        for m, r, p in zip(mus, rated, played, strict=True)
    ]


def elo(games: Sequence[Game], players: int) -> list[float]:
    """Ratings of ``players`` players from ``games`` on Elo's scale, averaging 0 over those who
    played (see the module docstring); 0 for a player who played no game."""
    return [r.elo for r in ratings(games, players)]
