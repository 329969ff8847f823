"""Balls in the air, by properties and against the model's own closed-form predictions
(engine/models/rail.py): total energy — kinetic, rotational and potential ``m g z`` — never rises;
no ball passes through another in the air; the same stroke gives the same events; a ball driven
into a cushion leaves the table over it exactly when ballistics puts its lowest point above the
cushion nose as it reaches the cushion, and never from the bed."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cueboard.engine.events import BodyHeight, BodyMotion, Event
from cueboard.games.snooker.physics import play_raw, prepare, simulate_shot
from cueboard.games.snooker.physics_params import STANDARD_PHYSICS as PH
from cueboard.games.snooker.rack import rack
from cueboard.games.snooker.records import SnookerStrike
from cueboard.games.snooker.table import STANDARD_TABLE as T
from cueboard.records.base import Piece, Position

R = T.ball_radius
M = T.ball_mass
INERTIA = 0.4 * M * R * R
RACK = Position(game="snooker", pieces=rack(white=(0.1, 0.6)))
LOOSE = Position(
    game="snooker",
    pieces=(
        Piece(id="white", kind="ball", colour="white", x=0.0, y=0.6),
        *(
            Piece(id=f"red{k + 1}", kind="ball", colour="red", x=x, y=y)
            for k, (x, y) in enumerate(
                [(0.0, 0.9), (0.05, 1.1), (-0.2, 1.0), (0.3, 1.3), (0.0, 1.5), (-0.4, 1.6), (0.2, 0.75)]
            )
        ),
    ),
)


class _State:
    """Each ball's latest closed form (motion and height) from the event records."""

    def __init__(self, position: Position) -> None:
        self.last: dict[str, tuple[float, BodyMotion | None, BodyHeight | None, tuple[float, float]]] = {
            p.id: (0.0, None, None, (p.x, p.y)) for p in position.pieces if p.on_table
        }

    def update(self, e: Event) -> None:
        heights = {h.body: h for h in e.heights}
        for m in e.motion:
            self.last[m.body] = (e.time, m, heights.get(m.body), (m.x, m.y))

    def at(self, body: str, t: float) -> tuple[float, float, float, float]:
        """(x, y, z of the centre above the bed, total mechanical energy) at ``t``."""
        t0, m, h, (x0, y0) = self.last[body]
        if m is None:
            return x0, y0, R, M * PH.g * R
        if m.state == "removed":
            return math.nan, math.nan, math.nan, 0.0
        tau = t - t0
        x = m.x + tau * (m.vx + 0.5 * m.ax * tau)
        y = m.y + tau * (m.vy + 0.5 * m.ay * tau)
        vx, vy = m.vx + m.ax * tau, m.vy + m.ay * tau
        wx, wy = m.wx + m.awx * tau, m.wy + m.awy * tau
        wz = m.wz + m.awz * tau
        if m.awz and (wz > 0.0) != (m.wz > 0.0):
            wz = 0.0
        z, vz = 0.0, 0.0
        if h is not None:
            z, vz = h.z + tau * (h.vz + 0.5 * h.az * tau), h.vz + h.az * tau
        energy = 0.5 * M * (vx * vx + vy * vy + vz * vz) + 0.5 * INERTIA * (wx * wx + wy * wy + wz * wz)
        return x, y, z + R, energy + M * PH.g * (z + R)


def _check(position: Position, strike: SnookerStrike) -> tuple[Event, ...]:
    events, _ = simulate_shot(position, strike)
    state = _State(position)
    ids = list(state.last)
    energy = math.inf
    for e, nxt in itertools.pairwise((*events, None)):
        state.update(e)
        if nxt is not None and nxt.time == e.time:
            continue  # a cluster resolved at one instant: its events carry its final motions
        total = sum(state.at(b, e.time)[3] for b in ids)
        assert total <= energy + 1e-9, (e, total, energy)
        energy = total
        # no ball passes through another: sample the flights between this instant and the next
        if any(h for h in state.last.values() if h[2] is not None) and nxt is not None:
            for t in np.linspace(e.time, nxt.time, 40).tolist():
                pts = [state.at(b, t)[:3] for b in ids]
                for p, q in itertools.combinations(pts, 2):
                    if not math.isnan(p[0]) and not math.isnan(q[0]):
                        assert math.dist(p, q) >= 2 * R - 1e-6, (t, p, q)
    return events


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.floats(1.0, 8.0),
    st.floats(60.0, 120.0),
    st.floats(-0.3, 0.3),
    st.floats(-0.3, 0.3),
    st.floats(10.0, 60.0),
)
def test_jumped_strokes_lose_energy_and_never_pass_through_a_ball(
    speed: float, angle: float, side: float, top: float, elevation: float
) -> None:
    strike = SnookerStrike(speed=speed, angle=angle, side=side, top=top, elevation=elevation)
    _check(LOOSE, strike)


def test_a_jump_into_the_pack_keeps_energy_falling_and_balls_apart() -> None:
    events = _check(RACK, SnookerStrike(speed=7.0, angle=90.9, elevation=35.0))
    assert any(e.heights for e in events[1:])


def test_the_same_jumped_stroke_gives_the_same_events() -> None:
    setup = prepare(RACK)
    a, _, _ = play_raw(setup, 6.0, 91.0, 0.1, 0.2, 40.0)
    b, _, _ = play_raw(setup, 6.0, 91.0, 0.1, 0.2, 40.0)
    assert a.n == b.n and np.array_equal(a.ev_i, b.ev_i)
    assert np.array_equal(a.ev_f, b.ev_f, equal_nan=True)


# ---- cushions: leaving the table ------------------------------------------------------------

#: The top cushion's line and the cushion nose height (table.py).
TOP = T.length
GAP = 0.30  # from the cue ball's surface to the top cushion line, m


def _predicted_off(speed: float, elevation: float, incidence: float) -> bool | None:
    """The model's prediction from the ballistic equations: the cue ball (a level-cue squirt-free
    centre strike) flies at ``vz = e v sin(el)``, ``vh = v cos(el)``; it reaches the cushion line
    (its centre ``R`` from it) after ``t = GAP / (vh cos(incidence))``; it leaves the table when its
    lowest point is then above the nose. None when it lands first (a bounce to follow)."""
    el = math.radians(elevation)
    vz = PH.bed_restitution * speed * math.sin(el)
    vh = speed * math.cos(el)
    t = GAP / (vh * math.cos(math.radians(incidence)))
    if vz == 0.0 or t >= 2.0 * vz / PH.g:
        return None
    return vz * t - 0.5 * PH.g * t * t > T.cushion_height


CASES = [
    (el, inc) for el in (10.0, 15.0, 20.0, 30.0, 45.0) for inc in (0.0, 30.0, 50.0)
]


@pytest.mark.parametrize(("elevation", "incidence"), CASES)
def test_a_ball_driven_into_a_cushion_at_6_m_s_leaves_the_table_when_ballistics_says(
    elevation: float, incidence: float
) -> None:
    y0 = TOP - R - GAP
    white = Piece(id="white", kind="ball", colour="white", x=0.0, y=y0)
    expected = _predicted_off(6.0, elevation, incidence)
    assert expected is not None
    events, outcome = simulate_shot(
        Position(game="snooker", pieces=(white,)),
        SnookerStrike(speed=6.0, angle=90.0 - incidence, elevation=elevation),
    )
    at_cushion = next(e for e in events if e.shape == "cushion:top")
    assert at_cushion.kind == ("off_table" if expected else "cushion")
    if expected:
        assert outcome.off_table == ("white",)
    else:  # it met the nose in the air: an impact (after which it may still ride over)
        assert at_cushion.heights and at_cushion.heights[0].z <= T.cushion_height


def test_the_cases_include_both_answers() -> None:
    answers = {_predicted_off(6.0, el, inc) for el, inc in CASES}
    assert answers == {True, False}


@pytest.mark.parametrize("incidence", [0.0, 30.0, 60.0, 80.0])
def test_a_ball_on_the_bed_driven_into_a_cushion_at_6_m_s_stays_on(incidence: float) -> None:
    """From the bed the nose (above the centre) presses the ball into the bed: no hop."""
    white = Piece(id="white", kind="ball", colour="white", x=0.0, y=TOP - R - GAP)
    events, outcome = simulate_shot(
        Position(game="snooker", pieces=(white,)), SnookerStrike(speed=6.0, angle=90.0 - incidence)
    )
    assert outcome.off_table == () and not any(e.heights for e in events)
