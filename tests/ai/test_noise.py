"""The execution-noise levels (issue 7: 'pro' = computational-pool tournament noise)."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.ai.noise import CUE_NOISE, LEVELS, CueNoise, DiscNoise, UnknownLevelError, check_level, gaussian


def test_pro_is_the_tournament_noise() -> None:
    pro = CUE_NOISE["pro"]
    assert (pro.direction_deg, pro.speed, pro.tip) == (0.125, 0.075, 0.0005)


def test_levels_get_noisier_towards_beginner() -> None:
    order = ["perfect", "pro", "club", "amateur", "beginner"]
    dirs = [CUE_NOISE[lv].direction_deg for lv in order]
    assert dirs == [0.0, 0.125, 0.25, 0.5, 1.0]
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
