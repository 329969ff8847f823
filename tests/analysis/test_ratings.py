"""Tournament figures (cueboard/analysis/ratings.py): Wilson intervals against Newcombe's
published values, Elo ratings against the two-player closed form and the maximum-likelihood
conditions."""

from __future__ import annotations

import pytest

from cueboard.analysis.ratings import PRIOR_DRAWS, Game, elo, score, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    # R. G. Newcombe, "Two-sided confidence intervals for the single proportion: comparison of
    # seven methods", Statistics in Medicine 17 (1998), Table II, method 3 (Wilson score)
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_matches_newcombe(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=6e-5)


def test_score_counts_draws_as_half() -> None:
    games = [Game(0, 1, 0), Game(0, 1, None), Game(1, 0, 0), Game(0, 2, 1)]
    s = score(games, 0, 1)
    assert (s.games, s.wins, s.draws, s.losses) == (3, 1, 1, 1)
    assert s.rate == pytest.approx(0.5)
    assert score(games, 0).games == 4 and score(games, 2).wins == 1


def test_two_players_follow_the_closed_form() -> None:
    # the MLE of P(a beats b) is (wins + prior/2) / (games + prior): the Elo gap is 400 log10 of the odds
    import math

    games = [Game(0, 1, 0)] * 7 + [Game(0, 1, 1)] * 3
    a, b = elo(games, 2)
    assert a - b == pytest.approx(400 * math.log10((7 + PRIOR_DRAWS / 2) / (3 + PRIOR_DRAWS / 2)), abs=1e-6)
    assert a + b == pytest.approx(0.0, abs=1e-9)


def test_ratings_satisfy_the_likelihood_equations() -> None:
    # Bradley-Terry MLE: each player's expected points equal its points (with the prior draws)
    games = [Game(0, 1, 0)] * 5 + [Game(1, 2, 0)] * 4 + [Game(0, 2, 1)] * 2 + [Game(0, 2, 0)] * 3
    games += [Game(1, 2, None)] * 2 + [Game(3, 0, None)]
    r = elo(games, 5)
    assert r[4] == 0.0  # played nothing
    for i in range(4):
        points = expected = 0.0
        for j in range(4):
            if j == i:
                continue
            n = sum(1 for g in games if {g.a, g.b} == {i, j})
            if n == 0:
                continue
            won = sum(1.0 if (g.winner == 0) == (g.a == i) else 0.0 for g in games
                      if {g.a, g.b} == {i, j} and g.winner is not None)
            won += 0.5 * sum(1 for g in games if {g.a, g.b} == {i, j} and g.winner is None)
            points += won + PRIOR_DRAWS / 2
            expected += (n + PRIOR_DRAWS) / (1 + 10 ** ((r[j] - r[i]) / 400))
        assert points == pytest.approx(expected, abs=1e-6)
    assert r[0] > r[1] > r[2]
