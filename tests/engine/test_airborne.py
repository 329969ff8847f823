"""Balls in the air: a cue ball struck with an elevated cue leaves the bed at
``e_bed · v · sin(elevation)`` and flies ballistically; each landing is one impulse with the
bed (restitution ``e_bed``, Coulomb friction ``μs`` capped at the impulse that stops the slip).
Expected values are computed here from the closed-form ballistic equations and the impact
law's equations, not by the engine (docs/physics.md, "Balls in the air")."""

from __future__ import annotations

import itertools
import math

import pytest

from cueboard.engine.events import Event
from cueboard.games.snooker.physics import simulate_shot
from cueboard.games.snooker.physics_params import STANDARD_PHYSICS as PH
from cueboard.games.snooker.records import SnookerStrike
from cueboard.games.snooker.table import STANDARD_TABLE as T
from cueboard.records.base import Piece, Position

WHITE = Piece(id="white", kind="ball", colour="white", x=0.0, y=0.7)
ALONE = Position(game="snooker", pieces=(WHITE,))


def _bounces(events: tuple[Event, ...]) -> list[Event]:
    return [e for e in events if e.kind == "bounce"]


def test_cue_ball_struck_at_45_degrees_lands_where_ballistics_says() -> None:
    """v = 3 m/s at 45°: up at vz = e v sin 45°, across at vh = v cos 45°; it lands after
    t = 2 vz / g at y0 + vh t (±1 mm; the engine agrees to rounding)."""
    v, el = 3.0, math.radians(45.0)
    events, _ = simulate_shot(ALONE, SnookerStrike(speed=v, angle=90.0, elevation=45.0))
    vz = PH.bed_restitution * v * math.sin(el)
    vh = v * math.cos(el)
    t1 = 2.0 * vz / PH.g
    first = _bounces(events)[0]
    assert first.time == pytest.approx(t1, abs=1e-9)
    assert abs(first.y - (WHITE.y + vh * t1)) < 1e-3
    assert abs(first.x - WHITE.x) < 1e-9
    assert abs(first.y - (WHITE.y + vh * t1)) < 1e-9  # exact: the landing is a quadratic's root
    # The landing: the slip (vh, no spin) meets friction μs P with P = (1 + e) m vz, capped at
    # the impulse vh / (1/m + R²/I) that stops it; the ball rebounds at e vz.
    m, r = T.ball_mass, T.ball_radius
    p = (1.0 + PH.bed_restitution) * m * vz
    jt = min(PH.mu_slide * p, vh / (1.0 / m + r * r / (0.4 * m * r * r)))
    vh2 = vh - jt / m
    vz2 = PH.bed_restitution * vz
    (h,) = first.heights
    assert h.vz == pytest.approx(vz2, rel=1e-12) and h.z == 0.0 and h.az == -PH.g
    assert first.motion[0].vy == pytest.approx(vh2, rel=1e-12)
    second = _bounces(events)[1]
    assert abs(second.y - (first.y + vh2 * 2.0 * vz2 / PH.g)) < 1e-3


def test_bounces_shrink_by_the_restitution_and_end_on_the_bed() -> None:
    """Each rebound leaves at e times the landing speed; once under V_HOP the ball goes on
    across the bed (rolling or sliding) and the shot ends at rest on the table."""
    events, outcome = simulate_shot(ALONE, SnookerStrike(speed=4.0, angle=60.0, elevation=50.0))
    bounces = _bounces(events)
    assert 3 <= len(bounces) <= 10
    speeds = [b.heights[0].vz for b in bounces if b.heights]
    for a, b in itertools.pairwise(speeds):
        assert b == pytest.approx(PH.bed_restitution * a, rel=1e-9)
    assert not bounces[-1].heights and bounces[-1].motion[0].state in ("sliding", "rolling")
    assert events[-1].kind == "stationary" and outcome.off_table == ()
    # in flight between two bounces the ball is airborne and moves in a straight line
    for a in bounces[:-1]:
        assert a.motion[0].state == "airborne"
        assert (a.motion[0].ax, a.motion[0].ay) == (0.0, 0.0)


def test_a_nearly_level_cue_leaves_the_ball_on_the_bed() -> None:
    """At 1° the rebound e v sin 1° is under V_HOP (0.05 m/s, a 0.13 mm hop): no flight."""
    events, _ = simulate_shot(ALONE, SnookerStrike(speed=2.0, angle=90.0, elevation=1.0))
    assert not _bounces(events)
    assert all(not e.heights for e in events)
    assert events[0].motion[0].state == "sliding"


def test_elevation_is_validated_at_the_boundary() -> None:
    with pytest.raises(ValueError, match="elevation"):
        SnookerStrike(speed=2.0, angle=90.0, elevation=95.0)
    with pytest.raises(ValueError, match="elevation"):
        SnookerStrike(speed=2.0, angle=90.0, elevation=-5.0)
