"""Tournament figures: score rates with Wilson confidence intervals, and Elo ratings.

- A player's *score* over games is (wins + draws / 2) / games. Its 95 % interval is Wilson's
  score interval (E. B. Wilson, "Probable inference, the law of succession, and statistical
  inference", JASA 22, 1927), which stays inside [0, 1] and is sound for small samples, unlike
  the normal approximation; draws count as half a win, as in chess result tables.
- Elo ratings are the maximum-likelihood Bradley–Terry strengths (R. A. Bradley and M. E. Terry,
  Biometrika 39, 1952), P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400)) as in Elo's system,
  found by Hunter's MM iteration (D. R. Hunter, "MM algorithms for generalized Bradley-Terry
  models", Annals of Statistics 32, 2004). One virtual draw is added to every pairing played (the
  prior of Rémi Coulom's BayesElo), so a player who won every game gets a finite rating. The
  ratings average 0.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: z of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Virtual draws added to each pairing played (the prior of the Elo fit).
PRIOR_DRAWS = 1.0


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


def elo(games: Sequence[Game], players: int, iterations: int = 10_000, tol: float = 1e-10) -> list[float]:
    """Elo ratings of ``players`` players from ``games`` (see the module docstring); 0 for a
    player who played no game."""
    wins = [[0.0] * players for _ in range(players)]  # wins[i][j]: points i took from j
    for g in games:
        if g.winner is None:
            wins[g.a][g.b] += 0.5
            wins[g.b][g.a] += 0.5
        else:
            winner, loser = (g.a, g.b) if g.winner == 0 else (g.b, g.a)
            wins[winner][loser] += 1.0
    for i in range(players):
        for j in range(players):
            if i != j and wins[i][j] + wins[j][i] > 0:
                wins[i][j] += PRIOR_DRAWS / 2
    played = [any(wins[i][j] + wins[j][i] > 0 for j in range(players)) for i in range(players)]
    gamma = [1.0] * players
    for _ in range(iterations):
        new = list(gamma)
        for i in range(players):
            if not played[i]:
                continue
            total = sum(wins[i])
            denom = sum(
                (wins[i][j] + wins[j][i]) / (gamma[i] + gamma[j]) for j in range(players) if j != i
            )
            new[i] = total / denom
        logs = [math.log(x) for x, p in zip(new, played, strict=True) if p]
        shift = math.exp(sum(logs) / len(logs)) if logs else 1.0
        new = [x / shift for x in new]
        done = max(abs(math.log(x) - math.log(y)) for x, y in zip(new, gamma, strict=True)) < tol
        gamma = new
        if done:
            break
    return [400.0 * math.log10(x) if p else 0.0 for x, p in zip(gamma, played, strict=True)]
