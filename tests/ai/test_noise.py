"""The execution-noise levels (each snooker level its own triple; the computational-pool
tournament noise a named study)."""

from __future__ import annotations

import math

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
    study_noise,
)


def test_the_tournament_noise_is_a_study_of_the_pro() -> None:
    # the ICGA computational-pool tournaments' noise (Archibald, Altman & Shoham, IJCAI 2009)
    t = TOURNAMENT_CUE_NOISE
    assert (t.direction_deg, t.speed, t.tip, t.contact) == (0.125, 0.075, 0.0005, 0.0)
    # the pro (docs/ai-calibration.md): a steadier stroke and a contact-point error
    pro = CUE_NOISE["pro"]
    expected = (0.025, 0.02, 0.0001, 0.0003)
    assert (pro.direction_deg, pro.speed, pro.tip, pro.contact) == pytest.approx(expected)
    # pro@tournament plays exactly the tournament noise; its factor is 0.125° / 0.025°
    assert study_noise("pro", "tournament") == t
    assert study_factor("pro", "tournament") == pytest.approx(5.0)
    with pytest.raises(ValueError, match="defined for pro only"):
        study_factor("club", "tournament")
    with pytest.raises(ValueError, match="unknown noise study"):
        study_factor("pro", "exhibition")


def test_the_study_evaluates_with_the_study_noise() -> None:
    """The pro in the tournament study rates pots by the tournament noise's effective direction
    error, √(0.125² + (0.36 · 0.5)²) = 0.2192°, not by its own (which is under the evaluation's
    floor, half the tournament direction error: 0.0625°)."""
    from cueboard.ai.snooker import make_ai

    assert make_ai("pro", study_factor("pro", "tournament"), "tournament").sigma == pytest.approx(
        math.hypot(0.125, 0.36 * 0.5), rel=1e-9
    )
    assert make_ai("pro").sigma == 0.0625  # √(0.025² + 0.036²) = 0.044° < the floor


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
    assert eval_sigma("club", 0.5) < eval_sigma("club") and eval_sigma("pro", 0.1) == 0.0625
    assert make_ai("club", 0.5).sigma == eval_sigma("club", 0.5)
    with pytest.raises(ValueError, match="noise scale"):
        make_ai("pro", noise_scale=-1.0)
    with pytest.raises(UnknownLevelError):
        make_ai("grandmaster")


def _red_ahead(gap: float, sideways: float = 0.0):  # type: ignore[no-untyped-def]
    """The cue ball 1 m up the table's centre line, a red ``gap`` metres (centre to centre) ahead
    of it, ``sideways`` off the line."""
    from cueboard.analysis.shotmap import lone_ball, with_cue_ball
    from cueboard.games.snooker import STANDARD_TABLE, make_ball

    pos = with_cue_ball(lone_ball("red1"), 0.0, 1.0)
    pieces = tuple(make_ball("red1", sideways, 1.0 + gap) if p.id == "red1" else p for p in pos.pieces)
    assert STANDARD_TABLE.half_width > abs(sideways)
    return pos.model_copy(update={"pieces": pieces})


def test_first_ball_distance_is_the_cue_balls_travel_to_contact() -> None:
    from cueboard.ai.snooker.hand import MAX_REACH, first_ball_distance
    from cueboard.games.snooker import STANDARD_TABLE
    from cueboard.games.snooker.records import SnookerStrike

    r = STANDARD_TABLE.ball_radius
    up = SnookerStrike(speed=1.0, angle=90.0)
    # full ball: the centres meet at 2R
    assert first_ball_distance(_red_ahead(0.5), up) == pytest.approx(0.5 - 2 * r)
    # a half-ball contact (centre R off the line): the cue ball stops sqrt(3) R short of the centre
    assert first_ball_distance(_red_ahead(0.5, r), up) == pytest.approx(0.5 - math.sqrt(3) * r)
    # the line misses the ball, or points away from it
    assert first_ball_distance(_red_ahead(0.5, 2.5 * r), up) == MAX_REACH
    assert first_ball_distance(_red_ahead(0.5), SnookerStrike(speed=1.0, angle=-90.0)) == MAX_REACH


def test_the_contact_error_turns_the_stroke_by_contact_over_distance() -> None:
    """The pro's direction spread: its stroke σ combined with contact / d (CueNoise.contact),
    larger when the object ball is close; the weaker levels have no contact error."""
    from cueboard.ai.snooker import make_ai
    from cueboard.games.snooker import STANDARD_TABLE
    from cueboard.games.snooker.records import SnookerStrike

    pro = CUE_NOISE["pro"]
    assert pro.contact > 0.0 and CUE_NOISE["club"].contact == 0.0
    r = STANDARD_TABLE.ball_radius
    up = SnookerStrike(speed=1.0, angle=90.0)
    ai = make_ai("pro")
    for gap in (0.15, 1.5):
        pos, rng = _red_ahead(gap), np.random.default_rng(3)
        angles = np.array([ai.perturb(pos, up, rng).angle for _ in range(6000)])
        expected = math.hypot(pro.direction_deg, math.degrees(pro.contact / (gap - 2 * r)))
        assert angles.std() == pytest.approx(expected, rel=0.05)  # 6000 draws: σ known to ~1 %


def test_the_tournament_study_has_no_contact_error() -> None:
    """``ai:pro@tournament`` plays exactly the pool tournaments' noise (a robot aims exactly)."""
    from cueboard.ai.noise import study_noise
    from cueboard.ai.registry import game_ai

    t = study_noise("pro", "tournament")
    assert (t.direction_deg, t.speed, t.tip, t.contact) == pytest.approx((0.125, 0.075, 0.0005, 0.0))
    ai = game_ai("snooker", "pro", study_factor("pro", "tournament"), "tournament")
    assert ai.model().noise.contact == 0.0  # type: ignore[attr-defined]
    assert ai.model().noise.direction_deg == pytest.approx(0.125)  # type: ignore[attr-defined]


def test_the_bench_plays_the_tournament_study_with_its_own_noise() -> None:
    """The bench's ``ai.snooker.tournament_noise.*`` frames are played by ``ai:pro@tournament``
    with the study's noise (σ 0.125°, 0.075 m/s, 0.5 mm, no contact error), not the pro's noise
    scaled to the study's direction error (which carried a 1.5 mm contact error): the strokes it
    produces spread by the study's direction σ."""
    import numpy as np

    from benchmarks.bench_ai import _agent
    from cueboard.ai.match import new_frame
    from cueboard.ai.noise import study_noise
    from cueboard.games.protocol import get_game
    from cueboard.games.snooker import SnookerStrike

    agent = _agent("snooker", "pro@tournament")
    assert agent.ai.model().noise == study_noise("pro", "tournament")  # type: ignore[attr-defined]
    position = new_frame(get_game("snooker"), 0, 1)
    strike = SnookerStrike(angle=10.0, speed=2.0)
    rng = np.random.default_rng(7)
    angles = np.array([agent.ai.perturb(position, strike, rng).angle for _ in range(4000)])
    speeds = np.array([agent.ai.perturb(position, strike, rng).speed for _ in range(4000)])
    assert angles.std() == pytest.approx(0.125, rel=0.06)  # 4000 draws: σ known to ~1.1 %
    assert speeds.std() == pytest.approx(0.075, rel=0.06)
