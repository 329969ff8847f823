"""Animation tracks: closed-form motion between events, checked against analytic trajectories."""

from __future__ import annotations

import math

import pytest

from cueboard.app.motion import build_tracks, height_at, position_at
from cueboard.engine.events import Event, EventKind


def _ev(t: float, kind: EventKind, bodies: tuple[str, ...], x: float | None = None,
        y: float | None = None) -> Event:
    return Event(time=t, kind=kind, bodies=bodies, x=x, y=y)


def test_slide_roll_stop_is_exact() -> None:
    """A ball struck at v0 = 2 m/s along +x slides (deceleration 2 m/s²) until t = 0.2 s, then rolls
    (deceleration 0.1 m/s²) to rest: the track reproduces the analytic x(t) at every time."""
    v0, a_s, t_r, a_r = 2.0, 2.0, 0.2, 0.1
    x_r = v0 * t_r - 0.5 * a_s * t_r**2
    v_r = v0 - a_s * t_r
    t_s = t_r + v_r / a_r
    x_s = x_r + v_r * (t_s - t_r) - 0.5 * a_r * (t_s - t_r) ** 2

    def exact(t: float) -> float:
        if t <= t_r:
            return v0 * t - 0.5 * a_s * t * t
        tau = min(t, t_s) - t_r
        return x_r + v_r * tau - 0.5 * a_r * tau * tau

    events = [
        _ev(0.0, EventKind.STRIKE, ("w",), 0.0, 0.0),
        _ev(t_r, EventKind.ROLLING, ("w",), x_r, 0.0),
        _ev(t_s, EventKind.STATIONARY, ("w",), x_s, 0.0),
    ]
    # Without the strike velocity the rest at the end fixes both segments.
    for vel in (None, {"w": (v0, 0.0)}):
        tracks = build_tracks({"w": (0.0, 0.0), "r": (1.0, 1.0)}, events, vel)
        assert tracks.duration == pytest.approx(t_s)
        (track,) = tracks.tracks  # the red never moves: no track
        for t in (0.0, 0.05, 0.1, 0.2, 1.0, 5.0, t_s):
            x, y = position_at(track, t)
            assert x == pytest.approx(exact(t), abs=1e-9)
            assert y == 0.0


def test_second_body_at_rest_starts_where_it_lay() -> None:
    """A resting ball hit by the cue ball starts its motion from its resting place."""
    events = [
        _ev(0.0, EventKind.STRIKE, ("w",), 0.0, 0.0),
        _ev(0.5, EventKind.COLLISION, ("w", "r"), 0.9475, 0.0),
        _ev(0.6, EventKind.STATIONARY, ("w",), 0.95, 0.0),
        _ev(1.5, EventKind.POCKETED, ("r",), 1.8, 0.0),
    ]
    tracks = {t.id: t for t in build_tracks({"w": (0.0, 0.0), "r": (1.0, 0.0)}, events).tracks}
    assert position_at(tracks["r"], 0.3) == pytest.approx((1.0, 0.0))
    assert position_at(tracks["r"], 0.5) == pytest.approx((1.0, 0.0))
    assert position_at(tracks["r"], 1.5) == pytest.approx((1.8, 0.0))
    assert tracks["r"].gone == (1.5, "pocketed")
    # Between two impacts nothing fixes the speed: constant speed through the recorded points.
    assert position_at(tracks["w"], 0.25) == pytest.approx((0.9475 / 2, 0.0))


def test_parabolic_slide_with_known_start_velocity() -> None:
    """A sliding segment with a sideways acceleration (a swerve) is a parabola: given the start
    velocity and the end point, the middle point is exact."""
    v, a = (1.0, 0.0), (0.0, 0.8)
    T = 0.5
    end = (v[0] * T, 0.5 * a[1] * T * T)
    events = [
        _ev(0.0, EventKind.STRIKE, ("w",), 0.0, 0.0),
        _ev(T, EventKind.ROLLING, ("w",), *end),
        _ev(T + 0.5, EventKind.CUSHION, ("w",), end[0] + 0.5, end[1] + 0.2),
    ]
    (track,) = build_tracks({"w": (0.0, 0.0)}, events, {"w": v}).tracks
    x, y = position_at(track, 0.25)
    assert x == pytest.approx(0.25)
    assert y == pytest.approx(0.5 * 0.8 * 0.25**2)
    assert math.isfinite(position_at(track, 0.9)[0])


def test_no_events_no_tracks() -> None:
    assert build_tracks({"w": (0.0, 0.0)}, []).tracks == []


def test_a_jumped_cue_ball_is_drawn_on_its_ballistic_ground_track() -> None:
    """A ball in the air: the app draws it at its x, y, which in flight move at the
    constant horizontal speed v cos(elevation) — mid-flight the track is where ballistics says."""
    from cueboard.games.snooker.physics import simulate_shot
    from cueboard.games.snooker.physics_params import STANDARD_PHYSICS
    from cueboard.games.snooker.records import SnookerStrike
    from cueboard.records.base import Piece, Position

    white = Piece(id="white", kind="ball", colour="white", x=0.0, y=0.7)
    events, _ = simulate_shot(Position(game="snooker", pieces=(white,)),
                              SnookerStrike(speed=3.0, angle=90.0, elevation=45.0))
    vh = 3.0 * math.cos(math.radians(45.0))
    t_land = 2.0 * STANDARD_PHYSICS.bed_restitution * 3.0 * math.sin(math.radians(45.0)) / 9.81
    (track,) = build_tracks({"white": (0.0, 0.7)}, events, {"white": (0.0, vh)}).tracks
    vz = 0.5 * t_land * 9.81
    for t in (0.25 * t_land, 0.5 * t_land, t_land):
        x, y = position_at(track, t)
        assert abs(x) < 1e-9 and y == pytest.approx(0.7 + vh * t, abs=1e-9)
        # and how high it is, for the drawing's height cue
        assert height_at(track, t) == pytest.approx(max(0.0, vz * t - 0.5 * 9.81 * t * t), abs=1e-9)
    assert height_at(track, 0.5 * t_land) > 0.05

def test_sounds_are_the_contacts_with_their_speeds() -> None:
    """The contacts a shot makes heard, in time order, with their speeds: the cue ball struck at
    2 m/s reaches the red 0.9475 m away after 0.5 s at uniform deceleration, so at 2·0.9475/0.5 − 2
    = 1.79 m/s (the red at rest: the relative speed); the red then runs 0.8 m in 1 s to the pocket
    at constant speed (nothing fixes its deceleration): 0.8 m/s. Changes of motion state
    (rolling, stationary) make no sound."""
    events = [
        _ev(1.5, EventKind.POCKETED, ("r",), 1.8, 0.0),
        _ev(0.0, EventKind.STRIKE, ("w",), 0.0, 0.0),
        _ev(0.6, EventKind.STATIONARY, ("w",), 0.95, 0.0),
        _ev(0.5, EventKind.COLLISION, ("w", "r"), 0.9475, 0.0),
    ]
    tracks = build_tracks({"w": (0.0, 0.0), "r": (1.0, 0.0)}, events, {"w": (2.0, 0.0)})
    assert [(s.kind, s.t) for s in tracks.sounds] == [("strike", 0.0), ("collision", 0.5), ("pocketed", 1.5)]
    assert [s.speed for s in tracks.sounds] == pytest.approx([2.0, 1.79, 0.8])


def test_a_cushion_sound_has_the_piece_speed_and_the_shape() -> None:
    """A ball struck at 1 m/s that slides without losing speed (the positions say so) meets a
    cushion after 0.5 s: heard at 1 m/s, the cushion named."""
    events = [
        _ev(0.0, EventKind.STRIKE, ("w",), 0.0, 0.0),
        Event(time=0.5, kind=EventKind.CUSHION, bodies=("w",), shape="cushion:top", x=0.5, y=0.0),
        _ev(1.0, EventKind.STATIONARY, ("w",), 0.75, 0.0),
    ]
    (s0, s1) = build_tracks({"w": (0.0, 0.0)}, events, {"w": (1.0, 0.0)}).sounds
    assert (s1.kind, s1.shape, s1.t) == ("cushion", "cushion:top", 0.5)
    assert s1.speed == pytest.approx(1.0)
    assert s0.speed == pytest.approx(1.0)
