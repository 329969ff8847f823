"""Tournament figures (cueboard/analysis/ratings.py): Wilson intervals against Newcombe's
published values; openskill ratings against Weng & Lin's update written out by hand, the Elo
scale, and properties (draws, a clean sweep, the order of the games)."""

from __future__ import annotations

import math

import pytest

from cueboard.analysis.ratings import Game, elo, ratings, score, wilson


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


def _weng_lin_one_game() -> tuple[float, float]:
    """Winner's μ and σ after one decided game between two players at the prior, by Weng & Lin
    (JMLR 12, 2011), Algorithm 1, Bradley-Terry full pairing, written out by hand: c² = σ₁² +
    σ₂² + 2β², p = 1/2, Ω = σ²/c · (1 - p), Δ = γ σ²/c² · p(1 - p) with γ = σ/c, σ' = σ √(1 - Δ)."""
    mu, sigma = 25.0, 25.0 / 3  # the prior; no drift (τ = 0)
    beta = sigma / 2
    c = math.sqrt(2 * sigma**2 + 2 * beta**2)
    p = 0.5
    omega = sigma**2 / c * (1 - p)
    delta = (sigma / c) * sigma**2 / c**2 * p * (1 - p)
    return mu + omega, sigma * math.sqrt(1 - delta)


def test_one_game_follows_weng_and_lin() -> None:
    mu, sigma = _weng_lin_one_game()
    winner, loser = ratings([Game(0, 1, 1)], 2)[::-1]
    assert winner.mu == pytest.approx(mu, abs=1e-9) and winner.sigma == pytest.approx(sigma, rel=1e-3)
    assert loser.mu == pytest.approx(50.0 - mu, abs=1e-9)  # the loser loses what the winner gains
    assert winner.ordinal == pytest.approx(winner.mu - 3 * winner.sigma)
    # on Elo's scale: 200 points per β = 25/6, averaging 0
    assert winner.elo == pytest.approx(200 * (mu - 25.0) / (25.0 / 6), abs=1e-6)
    assert winner.elo + loser.elo == pytest.approx(0.0, abs=1e-9)


def test_a_beta_on_the_library_is_200_elo_points() -> None:
    # the library's predicted chance for a player β ahead (σ → 0) is Elo's at 200 points
    from openskill.models import BradleyTerryFull

    model = BradleyTerryFull()
    a, b = model.rating(mu=25.0 + model.beta, sigma=1e-9), model.rating(mu=25.0, sigma=1e-9)
    elo_200 = 1 / (1 + 10 ** (-200 / 400))  # 75.97 %; the library's: 76.02 %
    assert model.predict_win([[a], [b]])[0] == pytest.approx(elo_200, abs=1e-3)


def test_draws_and_balanced_records_rate_equal() -> None:
    a, b = elo([Game(0, 1, None)] * 6, 2)
    assert a == pytest.approx(0.0, abs=1e-9) and b == pytest.approx(0.0, abs=1e-9)
    a, b = elo([Game(0, 1, None)] * 4 + [Game(0, 1, 0), Game(0, 1, 1)] * 3, 2)
    assert abs(a - b) < 15.0  # equal records: equal up to the shuffles' spread


def test_a_player_who_wins_everything_is_top_and_finite() -> None:
    games = [Game(0, 1, 0)] * 10 + [Game(0, 2, 0)] * 10 + [Game(1, 2, 0)] * 6 + [Game(1, 2, 1)] * 4
    r = elo(games, 4)
    assert r[0] > r[1] > r[2] and math.isfinite(r[0])
    assert r[3] == 0.0  # played nothing
    assert sum(r[:3]) == pytest.approx(0.0, abs=1e-9)
    more = elo([Game(0, 1, 0)] * 10 + [Game(0, 2, 0)] * 10 + [Game(1, 2, 0)] * 9 + [Game(1, 2, 1)], 4)
    assert more[1] - more[2] > r[1] - r[2]  # more wins over the same opponent: a wider gap


def test_the_order_of_the_games_hardly_matters() -> None:
    # rated once in order, 1 beating 2 six times and then losing four times, or the other way
    # round, puts player 1 at -509 or -185 Elo; averaged over shuffles the two agree
    head = [Game(0, 1, 0)] * 10 + [Game(0, 2, 0)] * 10
    first = elo(head + [Game(1, 2, 0)] * 6 + [Game(1, 2, 1)] * 4, 3)
    last = elo(head + [Game(1, 2, 1)] * 4 + [Game(1, 2, 0)] * 6, 3)
    assert first == pytest.approx(last, abs=25.0)
    assert first[1] > first[2]


def test_bad_games_are_refused() -> None:
    with pytest.raises(ValueError, match="two different players"):
        ratings([Game(1, 1, 0)], 2)
    with pytest.raises(ValueError, match="two different players"):
        ratings([Game(0, 5, 0)], 2)
    with pytest.raises(ValueError, match="winner"):
        ratings([Game(0, 1, 2)], 2)
