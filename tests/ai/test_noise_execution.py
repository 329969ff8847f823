"""A level's decisions struck with a fixed execution noise (``make_ai(level, execution=...)``): the
computational-pool tournament noise of Archibald, Altman & Shoham (IJCAI 2009) — Gaussian, σ
0.125° on the direction, 0.075 m/s on the speed, 0.5 mm on each tip-offset coordinate — in place
of the level's calibrated noise, the level's own choices unchanged."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cueboard.ai.noise import CUE_NOISE, TOURNAMENT_CUE_NOISE
from cueboard.ai.players import SearchAgent, SearchSettings
from cueboard.ai.snooker import make_ai
from cueboard.games.protocol import get_game
from cueboard.games.snooker import STANDARD_TABLE
from cueboard.games.snooker.records import SnookerStrike

R = STANDARD_TABLE.ball_radius
N = 2000


def _red_ahead(gap: float):  # type: ignore[no-untyped-def]
    """The cue ball 1 m up the table's centre line, a red ``gap`` metres (centre to centre) ahead:
    close enough that the pro's own contact-point error would widen the direction a lot."""
    from cueboard.analysis.shotmap import lone_ball, with_cue_ball
    from cueboard.games.snooker import make_ball

    pos = with_cue_ball(lone_ball("red1"), 0.0, 1.0)
    pieces = tuple(make_ball("red1", 0.0, 1.0 + gap) if p.id == "red1" else p for p in pos.pieces)
    return pos.model_copy(update={"pieces": pieces})


def _within(sample: np.ndarray, centre: float, sigma: float) -> None:
    """The sample's mean within 4 standard errors of ``centre`` (σ/√n) and its standard deviation
    within 4 standard errors of ``sigma`` (σ/√(2(n-1)) for a normal sample)."""
    n = len(sample)
    assert abs(sample.mean() - centre) < 4 * sigma / math.sqrt(n), (sample.mean(), centre)
    assert abs(sample.std(ddof=1) - sigma) < 4 * sigma / math.sqrt(2 * (n - 1)), (sample.std(ddof=1), sigma)


@pytest.mark.parametrize("level", ["beginner", "pro", "perfect"])
def test_the_stroke_is_struck_with_the_stated_spreads(level: str) -> None:
    """2,000 strokes of the same intention: direction σ 0.125°, speed σ 0.075 m/s, each tip
    coordinate σ 0.5 mm, all centred on the intention — whatever the level's own noise (the
    beginner's 0.8°, the pro's contact error 0.3 mm at 0.15 m, which would give ~0.18° more, the
    perfect player's none)."""
    ai = make_ai(level, execution=TOURNAMENT_CUE_NOISE)
    pos, rng = _red_ahead(0.15), np.random.default_rng(11)
    up = SnookerStrike(speed=2.0, angle=90.0, side=0.0, top=0.0)
    played = [ai.perturb(pos, up, rng) for _ in range(N)]
    _within(np.array([s.angle for s in played]), 90.0, 0.125)
    _within(np.array([s.speed for s in played]), 2.0, 0.075)
    _within(np.array([s.side * R for s in played]), 0.0, 0.0005)
    _within(np.array([s.top * R for s in played]), 0.0, 0.0005)


def test_without_execution_noise_each_level_strikes_as_before() -> None:
    """The level's own noise, in its documented order of draws (speed, direction, side, top, then
    the contact error as a direction over the distance to the first ball): the same stroke from
    the same generator as computed by hand here."""
    pos = _red_ahead(0.5)
    up = SnookerStrike(speed=2.0, angle=90.0, side=0.0, top=0.0)
    for level in ("club", "pro"):
        n = CUE_NOISE[level]
        hand = np.random.default_rng(3)
        dv, da, ds, dt = (hand.normal(0.0, s) for s in (n.speed, n.direction_deg, n.tip, n.tip))
        contact_deg = math.degrees(n.contact / (0.5 - 2 * R))
        da += hand.normal(0.0, contact_deg) if contact_deg else 0.0
        got = make_ai(level).perturb(pos, up, np.random.default_rng(3))
        assert got.speed == pytest.approx(2.0 + dv, abs=1e-12)
        assert got.angle == pytest.approx(90.0 + da, abs=1e-12)
        assert (got.side, got.top) == pytest.approx((ds / R, dt / R), abs=1e-12)


def test_the_decision_stays_the_levels_own() -> None:
    """Only the chosen stroke changes: the search's model (its noisy samples), the evaluation's σ
    and the candidates are those of the level, and a search from the same generator intends the
    same stroke; the stroke played differs."""
    club, fixed = make_ai("club"), make_ai("club", execution=TOURNAMENT_CUE_NOISE)
    assert fixed.model() == club.model() and fixed.model().noise == CUE_NOISE["club"]
    assert fixed.sigma == club.sigma
    g = get_game("snooker")
    pos = _red_ahead(0.8)
    assert [c.label for c in fixed.candidates(pos)] == [c.label for c in club.candidates(pos)]
    settings = SearchSettings(samples=2, top_k=2, budget_s=None, workers=1)
    a = SearchAgent(club, settings).decide(g, pos, np.random.default_rng(5))
    b = SearchAgent(fixed, settings).decide(g, pos, np.random.default_rng(5))
    assert a.intended == b.intended and a.declaration == b.declaration
    assert a.strike != b.strike


def test_an_execution_noise_that_is_not_a_cue_noise_is_refused() -> None:
    with pytest.raises(ValueError, match="execution must be a CueNoise"):
        make_ai("club", execution="tournament")  # type: ignore[arg-type]
