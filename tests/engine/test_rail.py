"""The cushion tops and the rail (balls in the air meet the cushion top / rail;
engine/models/rail.py): a ball in the air that clears a cushion's nose lands on the cushion top
and rail at the nose's height where ballistics says, leaves the table when its centre passes the
rail's outer edge, is off the table when it comes to rest on the rail (WPBSA S2, "Forced off the
Table": it came to rest other than on the bed or in a pocket), and drops back to the bed beside
the cushion when it rolls back over the nose. Expected values are computed here from the
ballistic and rolling closed forms and the landing law's equations, not by the engine."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cueboard.engine.events import Event
from cueboard.engine.layout import IAUX, PY, PZ, STATE, STATIONARY, VY, WX
from cueboard.engine.loop import run_balls
from cueboard.engine.models import rail
from cueboard.engine.world import run, to_events
from cueboard.games.snooker.physics import prepare, simulate_shot
from cueboard.games.snooker.physics_params import STANDARD_PHYSICS as PH
from cueboard.games.snooker.records import SnookerStrike
from cueboard.games.snooker.table import STANDARD_TABLE as T
from cueboard.records.base import Piece, Position
from tests.engine.test_airborne_properties import _check

L = T.length
R = T.ball_radius
H = T.cushion_height
W = PH.rail_width
G = PH.g
E = PH.bed_restitution


def _alone(y: float) -> Position:
    return Position(game="snooker", pieces=(Piece(id="white", kind="ball", colour="white", x=0.0, y=y),))


def _landing_time(vz0: float) -> float:
    """When a ball leaving the bed at ``vz0`` comes down to the nose's height: the later root of
    vz0 t - g t² / 2 = H."""
    return (vz0 + math.sqrt(vz0 * vz0 - 2.0 * G * H)) / G


def test_a_jumped_ball_lands_on_the_rail_where_ballistics_says_then_leaves_over_its_edge() -> None:
    """3 m/s at 45°, 0.3 m from the top cushion: over the nose (its lowest point 55 mm up there),
    down onto the cushion top at y0 + vh t, t the later root of z(t) = H (±1e-9: the engine's
    landing is that root); the bounce there follows the landing law (restitution e_bed, friction
    μs capped at the impulse that stops the slip), and the ball leaves the table in the air when
    its centre passes the rail's outer edge, at y = L + W."""
    y0 = L - 0.3
    v, el = 3.0, math.radians(45.0)
    events, outcome = simulate_shot(_alone(y0), SnookerStrike(speed=v, angle=90.0, elevation=45.0))
    vz0, vh = E * v * math.sin(el), v * math.cos(el)
    t_nose = (L - R - y0) / vh
    assert vz0 * t_nose - 0.5 * G * t_nose**2 > H  # clears the nose: the test's premise
    t1 = _landing_time(vz0)
    y1 = y0 + vh * t1
    assert L < y1 < L + W  # lands on the rail: the test's premise
    landing = next(e for e in events if e.kind == "bounce")
    assert landing.shape == "cushion:top"
    assert landing.time == pytest.approx(t1, abs=1e-9)
    assert landing.y == pytest.approx(y1, abs=1e-9)
    m, r = T.ball_mass, T.ball_radius
    vz_in = math.sqrt(vz0 * vz0 - 2.0 * G * H)
    jt = min(PH.mu_slide * (1.0 + E) * m * vz_in, vh / (1.0 / m + r * r / (0.4 * m * r * r)))
    vh2 = vh - jt / m
    (h,) = landing.heights
    assert h.z == pytest.approx(H, abs=1e-12) and h.vz == pytest.approx(E * vz_in, rel=1e-12)
    assert landing.motion[0].vy == pytest.approx(vh2, rel=1e-12)
    off = events[-1]
    assert off.kind == "off_table" and off.shape == "cushion:top"
    assert off.y == pytest.approx(L + W, abs=1e-9)
    assert off.time == pytest.approx(t1 + (L + W - y1) / vh2, abs=1e-9)
    assert outcome.off_table == ("white",)


def test_a_ball_that_clears_the_rail_is_off_where_it_passes_the_outer_edge() -> None:
    """4 m/s at 30°, 0.3 m from the top cushion: still 49 mm up at the rail's outer edge, so it
    touches neither the cushion nor the rail and leaves at t = (L + W - y0) / vh."""
    y0 = L - 0.3
    v, el = 4.0, math.radians(30.0)
    events, outcome = simulate_shot(_alone(y0), SnookerStrike(speed=v, angle=90.0, elevation=30.0))
    vz0, vh = E * v * math.sin(el), v * math.cos(el)
    t_edge = (L + W - y0) / vh
    assert vz0 * t_edge - 0.5 * G * t_edge**2 > H  # the premise: above the rail all the way
    assert [e.kind for e in events] == ["strike", "off_table"]
    assert events[-1].time == pytest.approx(t_edge, abs=1e-9)
    assert events[-1].y == pytest.approx(L + W, abs=1e-9)
    assert outcome.off_table == ("white",)


def test_without_a_rail_the_same_ball_is_off_as_it_passes_the_nose() -> None:
    """``rail_width=0`` keeps the rule of the model without the rail: a ball in the air over a
    cushion nose is off the table at once (at the nose, centre a radius inside the line)."""
    y0 = L - 0.3
    v, el = 3.0, math.radians(45.0)
    flat = replace(PH, rail_width=0.0)
    events, outcome = simulate_shot(
        _alone(y0), SnookerStrike(speed=v, angle=90.0, elevation=45.0), physics=flat
    )
    vh = v * math.cos(el)
    assert events[-1].kind == "off_table" and not any(e.kind == "bounce" for e in events)
    assert events[-1].time == pytest.approx((L - R - y0) / vh, abs=1e-9)
    assert outcome.off_table == ("white",)


def test_a_ball_that_comes_to_rest_on_the_rail_is_off_the_table() -> None:
    """2.4 m/s at 88° from 40 mm off the top cushion: up almost straight, down onto the cushion
    top, and it rolls to rest on it: forced off the table (WPBSA S2: at rest other than on the
    bed or in a pocket), where the rolling closed form stops it, v² / (2 μr g) on."""
    events, outcome = simulate_shot(_alone(L - 0.04), SnookerStrike(speed=2.4, angle=90.0, elevation=88.0))
    off = events[-1]
    assert off.kind == "off_table" and off.shape == "cushion:top" and off.y is not None
    assert L < off.y < L + W
    rolling = [e for e in events if e.motion and e.motion[0].state == "rolling"][-1]
    assert rolling.y is not None
    (h,) = rolling.heights
    assert h.z == pytest.approx(H, abs=1e-12) and h.vz == 0.0  # rolling on the cushion's top
    m = rolling.motion[0]
    v = math.hypot(m.vx, m.vy)
    assert off.y == pytest.approx(rolling.y + (m.vy / v) * v * v / (2.0 * PH.mu_roll * G), abs=1e-9)
    assert off.time == pytest.approx(rolling.time + v / (PH.mu_roll * G), abs=1e-9)
    assert outcome.off_table == ("white",)  # the referee rules it (referee_fouls: cue ball off)


def test_a_ball_rolling_back_over_the_nose_drops_to_the_bed_beside_the_cushion() -> None:
    """A ball rolling on the top cushion's top towards the table at 0.5 m/s, 10 mm behind the
    nose: it leaves the cushion's top when its centre is a radius inside the cushion line (the
    rolling closed form: y0 + v t + μr g t² / 2 = L - R), falls from the nose's height for
    √(2H / g), lands on the bed there (clear of the cushion) and comes to rest on the table."""
    events, body, ibody, c = _on_the_top(L + 0.01, -0.5)
    a = PH.mu_roll * G
    t_drop = (0.5 - math.sqrt(0.25 - 2.0 * a * (0.01 + R))) / a
    drop = events[0]
    assert drop.kind == "airborne"
    assert drop.time == pytest.approx(t_drop, abs=1e-9)
    assert drop.y == pytest.approx(L - R, abs=1e-9)
    (h,) = drop.heights
    assert h.z == H and h.vz == 0.0 and h.az == -G
    landing = events[1]
    v_drop = 0.5 - a * t_drop
    t_fall = math.sqrt(2.0 * H / G)
    assert landing.kind == "bounce" and landing.shape == "bed"
    assert landing.time == pytest.approx(t_drop + t_fall, abs=1e-9)
    assert landing.y == pytest.approx(L - R - v_drop * t_fall, abs=1e-9)
    last = events[-1]
    assert last.kind == "stationary" and last.y is not None and last.y < L - R
    assert np.isfinite(body[PY, c]) and body[PZ, c] == 0.0 and ibody[IAUX, c] == 0


def _on_the_top(y: float, vy: float) -> tuple[tuple[Event, ...], np.ndarray, np.ndarray, int]:
    """Play a ball put rolling on the top cushion's top at ``y`` with speed ``vy``."""
    setup = prepare(_alone(L - 0.1))
    body, ibody = setup.body0.copy(), setup.ibody0.copy()
    c = setup.cue
    body[PY, c] = y
    body[PZ, c] = H
    body[VY, c] = vy
    body[WX, c] = -vy / R  # rolling: v + ω × (-R ẑ) = 0
    ibody[IAUX, c] = setup.shapes.seg_names.index("cushion:top") + 1
    raw = run(body, ibody, setup.shapes, setup.par, kernel=run_balls)
    return to_events(raw, setup.ids, setup.shapes), body, ibody, c


def test_a_ball_at_rest_over_the_nose_tips_back_to_the_bed_beside_the_cushion() -> None:
    """The model's flat top reaches a radius inside the cushion line; a ball that stops there
    (its centre over the table side of the nose, 15 mm inside the line, rolling out at 1 cm/s)
    would tip back over the nose: it is put on the bed touching the cushion (centre a radius
    inside the line), still on the table; one 15 mm beyond the line stays on the top: off."""
    events, body, ibody, c = _on_the_top(L - 0.015, 0.01)
    assert events[-1].kind == "stationary"
    assert events[-1].y == pytest.approx(L - R, abs=1e-12)
    assert body[PZ, c] == 0.0 and ibody[IAUX, c] == 0 and ibody[STATE, c] == STATIONARY
    events, _, _, _ = _on_the_top(L + 0.015, 0.01)
    assert events[-1].kind == "off_table" and events[-1].shape == "cushion:top"
    assert events[-1].y == pytest.approx(L + 0.015 + 0.01**2 / (2.0 * PH.mu_roll * G), abs=1e-9)


def test_rail_geometry_is_validated() -> None:
    """A rail with an empty rectangle or no width is refused with a message naming it."""
    par = np.zeros((2, 24))
    with pytest.raises(ValueError, match="rectangle is empty"):
        rail.set_rail(par, 1.0, 0.0, 0.0, 1.0, 0.1, 0.03)
    with pytest.raises(ValueError, match="width > 0"):
        rail.set_rail(par, 0.0, 1.0, 0.0, 1.0, 0.0, 0.03)
    with pytest.raises(ValueError, match="rail_width"):
        replace(PH, rail_width=-0.1)


def _events_of(events: tuple[Event, ...], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def test_a_ball_whose_flight_never_reaches_the_nose_meets_the_cushion_and_stays_on() -> None:
    """1.6 m/s at 80°, 40 mm from the top cushion: its lowest point rises to (e v sin θ)² / 2g
    = 32 mm, under the 33.3 mm nose, so it cannot pass over it: it meets the cushion and stays
    on the table."""
    vz0 = E * 1.6 * math.sin(math.radians(80.0))
    assert vz0 * vz0 / (2.0 * G) < H  # the premise
    events, outcome = simulate_shot(_alone(L - 0.04), SnookerStrike(speed=1.6, angle=90.0, elevation=80.0))
    assert outcome.off_table == ()
    assert _events_of(events, "cushion") and events[-1].kind == "stationary"


NEAR_TOP = (
    Piece(id="red1", kind="ball", colour="red", x=0.12, y=L - R - 0.002),
    Piece(id="red2", kind="ball", colour="red", x=-0.2, y=L - 0.12),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.floats(0.03, 0.3),
    st.floats(0.8, 5.0),
    st.floats(60.0, 120.0),
    st.floats(-0.3, 0.3),
    st.floats(20.0, 85.0),
)
def test_strokes_over_the_top_cushion_lose_energy_and_never_pass_through_a_ball(
    gap: float, speed: float, angle: float, top: float, elevation: float
) -> None:
    """Jumped strokes from near the top cushion, among a ball against it and one near it: over
    the cushion's top and the rail too, the total energy (kinetic, rotational, m g z) never rises
    between instants and no two balls come closer than a diameter (tests/engine/
    test_airborne_properties.py's check, sampled from the event records' closed forms)."""
    white = Piece(id="white", kind="ball", colour="white", x=0.0, y=L - R - gap)
    position = Position(game="snooker", pieces=(white, *NEAR_TOP))
    _check(position, SnookerStrike(speed=speed, angle=angle, top=top, elevation=elevation))
