"""Every event record carries the full motion of the bodies it changed: from
those alone a consumer evaluates each body's closed form between its events and lands where the
engine put it next — no engine needed."""

from __future__ import annotations

from cueboard.engine.events import BodyMotion, Event
from cueboard.games.snooker.physics import simulate_shot
from cueboard.games.snooker.rack import rack
from cueboard.games.snooker.records import SnookerStrike
from cueboard.records.base import Piece, Position

STATES = {"sliding", "rolling", "spinning", "stationary", "removed"}


def _break() -> tuple[Event, ...]:
    white = Piece(id="white", kind="ball", colour="white", x=0.15, y=0.65)
    position = Position(game="snooker", pieces=(*rack(15), white))
    events, _ = simulate_shot(position, SnookerStrike(speed=6.0, angle=94.0, side=0.2, top=-0.3))
    return events


def _at(m: BodyMotion, tau: float) -> tuple[float, float, float, float]:
    return (
        m.x + tau * (m.vx + 0.5 * m.ax * tau),
        m.y + tau * (m.vy + 0.5 * m.ay * tau),
        m.vx + m.ax * tau,
        m.vy + m.ay * tau,
    )


def test_each_event_names_the_motion_of_each_of_its_bodies() -> None:
    events = _break()
    assert events[0].kind == "strike" and events[0].motion[0].body == "white"
    assert events[0].motion[0].state == "sliding"  # a screw shot leaves the tip sliding
    for e in events:
        assert tuple(m.body for m in e.motion) == e.bodies
        assert all(m.state in STATES for m in e.motion)
        if e.kind in ("pocketed", "stationary"):
            assert (e.motion[0].vx, e.motion[0].vy) == (0.0, 0.0)


def test_closed_forms_from_the_records_reach_the_next_event() -> None:
    """From each body's motion at one event, its closed form at the time of its next event gives
    that event's position (to 1 µm: the engine only moves touching balls apart by its 0.1 µm
    contact tolerance), and across a pure state change (slide -> roll -> rest) the velocity too."""
    events = _break()
    last: dict[str, tuple[float, BodyMotion]] = {}
    checked = 0
    for e in events:
        for m in e.motion:
            if m.body in last and e.kind != "pocketed":
                t0, prev = last[m.body]
                x, y, vx, vy = _at(prev, e.time - t0)
                assert abs(x - m.x) < 1e-6 and abs(y - m.y) < 1e-6, (e, prev)
                if e.kind in ("rolling", "spinning") and prev.state == "sliding":
                    assert abs(vx - m.vx) < 1e-6 and abs(vy - m.vy) < 1e-6
                checked += 1
            last[m.body] = (e.time, m)
    assert checked > 50


def test_motion_survives_a_json_round_trip() -> None:
    for e in _break()[:30]:
        back = Event.model_validate_json(e.model_dump_json())
        assert back == e and back.motion == e.motion
