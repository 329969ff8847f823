"""The execution-noise levels (issue 19: each snooker level its own triple; the computational-pool
tournament noise a named study)."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.ai.noise import (
    CUE_NOISE,
    LEVELS,
    TOURNAMENT_CUE_NOISE,
    CueNoise,
    DiscNoise,
    UnknownLevelError,
    check_level,
    gaussian,
    study_factor,
)


def test_the_tournament_noise_is_a_study_of_the_pro() -> None:
    # the ICGA computational-pool tournaments' noise (Archibald, Altman & Shoham, IJCAI 2009)
    t = TOURNAMENT_CUE_NOISE
    assert (t.direction_deg, t.speed, t.tip) == (0.125, 0.075, 0.0005)
    # the pro plays at 0.4 of it; pro@tournament scales the pro's noise back up to it
    pro = CUE_NOISE["pro"]
    assert (pro.direction_deg, pro.speed, pro.tip) == pytest.approx((0.05, 0.03, 0.0002))
    back = pro.scaled(study_factor("pro", "tournament"))
    assert (back.direction_deg, back.speed, back.tip) == pytest.approx((0.125, 0.075, 0.0005), rel=1e-12)
    with pytest.raises(ValueError, match="defined for pro only"):
        study_factor("club", "tournament")
    with pytest.raises(ValueError, match="unknown noise study"):
        study_factor("pro", "exhibition")


def test_levels_get_noisier_towards_beginner() -> None:
    # every σ of the triple grows from pro to beginner, and perfect has none
    order = ["perfect", "pro", "club", "amateur", "beginner"]
    for what in ("direction_deg", "speed", "tip"):
        sigmas = [getattr(CUE_NOISE[lv], what) for lv in order]
        assert sigmas == sorted(sigmas) and len(set(sigmas)) == len(sigmas), what
    assert CUE_NOISE["perfect"].is_zero
    assert set(CUE_NOISE) == set(LEVELS)


def test_gaussian_statistics_and_zero_sigma_draws_nothing() -> None:
    rng = np.random.default_rng(42)
    xs = np.array([gaussian(rng, 0.3) for _ in range(20000)])
    assert abs(xs.mean()) < 0.01  # 3.5 standard errors (0.3 / sqrt(20000) = 0.0021)
    assert abs(xs.std() - 0.3) < 0.006
    a, b = np.random.default_rng(5), np.random.default_rng(5)
    assert gaussian(a, 0.0) == 0.0
    assert a.random() == b.random()  # the zero-σ draw consumed nothing


def test_bad_noise_and_level_are_value_errors() -> None:
    with pytest.raises(ValueError, match="direction_deg"):
        CueNoise(direction_deg=-1.0, speed=0.0, tip=0.0)
    with pytest.raises(ValueError, match="speed_rel"):
        DiscNoise(direction_deg=0.0, speed_rel=float("nan"), speed=0.0, start=0.0)
    with pytest.raises(UnknownLevelError, match="grandmaster"):
        check_level("grandmaster")
    assert DiscNoise(0.0, 0.03, 0.04, 0.0).speed_sigma(1.0) == pytest.approx(0.05)


def test_scaled_noise_multiplies_every_sigma_and_rejects_bad_factors() -> None:
    half = TOURNAMENT_CUE_NOISE.scaled(0.5)
    assert (half.direction_deg, half.speed, half.tip) == (0.0625, 0.0375, 0.00025)
    assert CUE_NOISE["club"].scaled(0.0).is_zero
    for bad in (-0.5, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="noise scale"):
            CUE_NOISE["pro"].scaled(bad)


def test_snooker_ai_with_scaled_noise() -> None:
    """``make_ai(level, noise_scale)``: zero scale plays the intended stroke; the evaluation's σ
    shrinks with the scale (down to its floor, half the pro's direction error)."""
    from cueboard.ai.match import new_frame
    from cueboard.ai.snooker import make_ai
    from cueboard.ai.snooker.player import eval_sigma
    from cueboard.games.protocol import get_game
    from cueboard.games.snooker.records import SnookerStrike

    strike = SnookerStrike(speed=2.0, angle=30.0, top=0.2)
    still = make_ai("pro", noise_scale=0.0)
    pos = new_frame(get_game("snooker"), 0, 0)
    assert still.perturb(pos, strike, np.random.default_rng(1)) == strike
    shaky = make_ai("pro").perturb(pos, strike, np.random.default_rng(1))
    assert shaky != strike
    assert eval_sigma("pro", 0.5) < eval_sigma("pro") and eval_sigma("pro", 0.1) == 0.0625
    assert make_ai("club", 0.5).sigma == eval_sigma("club", 0.5)
    with pytest.raises(ValueError, match="noise scale"):
        make_ai("pro", noise_scale=-1.0)
    with pytest.raises(UnknownLevelError):
        make_ai("grandmaster")
