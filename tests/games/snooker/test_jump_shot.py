"""The S2 definition of a jump shot applied to event records (games/snooker/jump.py): the cue
ball passes over any part of an object ball, whether touching it or not, except (a) after it
first strikes another ball, (b) when it strikes the ball and does not land on its far side.
The events here are written by hand (a cue ball flying along +y at 2 m/s), so the answer is
known from the geometry alone."""

from __future__ import annotations

from cueboard.engine.events import BodyHeight, BodyMotion, Event, EventKind
from cueboard.games.snooker.jump import jumped_over
from cueboard.records.base import Piece, Position

D = 0.0525


def _fly(body: str, t: float, x: float, y: float, vy: float, state: str = "airborne") -> BodyMotion:
    return BodyMotion(body, state, x, y, 0.0, vy, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)


def _position(*balls: tuple[str, float, float]) -> Position:
    pieces = [Piece(id="white", kind="ball", colour="white", x=0.0, y=0.5)]
    pieces += [Piece(id=b, kind="ball", colour="red", x=x, y=y) for b, x, y in balls]
    return Position(game="snooker", pieces=tuple(pieces))


def _strike(vy: float = 2.0) -> Event:
    return Event(time=0.0, kind=EventKind.STRIKE, bodies=("white",), x=0.0, y=0.5,
                 motion=(_fly("white", 0.0, 0.0, 0.5, vy),),
                 heights=(BodyHeight("white", 0.0, 1.5, -9.81),))


def _land(t: float, y: float, vy: float = 2.0) -> Event:
    return Event(time=t, kind=EventKind.BOUNCE, bodies=("white",), shape="bed", x=0.0, y=y,
                 motion=(_fly("white", t, 0.0, y, vy, "rolling"),))


def test_a_flight_over_a_ball_is_a_jump() -> None:
    """In the air from y = 0.5 to 1.1; red1 at y = 0.8 lies under the flight, red2 beside it."""
    events = (_strike(), _land(0.3, 1.1))
    position = _position(("red1", 0.01, 0.8), ("red2", 0.2, 0.8))
    assert jumped_over(events, position, cue="white", diameter=D) == ("red1",)


def test_landing_short_of_the_ball_is_no_jump() -> None:
    events = (_strike(), _land(0.1, 0.7))
    position = _position(("red1", 0.0, 0.8))
    assert jumped_over(events, position, cue="white", diameter=D) == ()


def test_exception_a_after_first_striking_another_ball() -> None:
    """The cue ball strikes red2 first (at t = 0.05 s) and then flies over red1: no jump shot."""
    hit = Event(time=0.05, kind=EventKind.COLLISION, bodies=("white", "red2"), x=0.0, y=0.6,
                motion=(_fly("white", 0.05, 0.0, 0.6, 2.0),
                        BodyMotion("red2", "sliding", 0.06, 0.6, 1.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0)),
                heights=(BodyHeight("white", 0.04, 1.0, -9.81),))
    events = (_strike(), hit, _land(0.3, 1.1))
    position = _position(("red1", 0.0, 0.8), ("red2", 0.06, 0.6))
    assert jumped_over(events, position, cue="white", diameter=D) == ()


def test_exception_b_strikes_the_ball_and_does_not_land_beyond_it() -> None:
    """The cue ball drops onto red1 and comes back (its centre never passes red1's)."""
    hit = Event(time=0.135, kind=EventKind.COLLISION, bodies=("white", "red1"), x=0.0, y=0.77,
                motion=(_fly("white", 0.135, 0.0, 0.77, -1.0),
                        BodyMotion("red1", "stationary", 0.0, 0.8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                heights=(BodyHeight("white", 0.03, -0.5, -9.81),))
    events = (_strike(), hit, _land(0.2, 0.705, -1.0))
    position = _position(("red1", 0.0, 0.8))
    assert jumped_over(events, position, cue="white", diameter=D) == ()
