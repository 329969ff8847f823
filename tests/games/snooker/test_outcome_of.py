"""``outcome_of``: the referee's facts from engine events (rules/snooker.md; records.SnookerOutcome)."""

from __future__ import annotations

from cueboard.engine.events import Event, EventKind
from cueboard.games.snooker.outcome import outcome_of
from cueboard.games.snooker.table import STANDARD_TABLE as T
from cueboard.records.base import Piece, PieceState, Position


def ball(i: str, x: float, y: float, colour: str = "red") -> Piece:
    return Piece(id=i, kind="ball", colour=colour, x=x, y=y)


POS = Position(
    game="snooker",
    pieces=(
        ball("white", 0.0, 0.6, "white"),
        ball("red1", 0.0, 2.0),
        ball("red2", 0.06, 2.0),
        ball("red3", 0.5, 3.0),
        ball("black", 0.0, 3.245, "black"),
    ),
)


def ev(
    t: float, kind: EventKind, *bodies: str, shape: str | None = None, xy: tuple[float, float] | None = None
) -> Event:
    x, y = xy if xy else (None, None)
    return Event(time=t, kind=kind, bodies=bodies, shape=shape, x=x, y=y)


def test_two_balls_at_once_pot_and_touching() -> None:
    d = T.ball_diameter
    events = [
        ev(0.0, EventKind.STRIKE, "white", xy=(0.0, 0.6)),
        ev(0.50, EventKind.COLLISION, "white", "red1"),
        ev(0.50005, EventKind.COLLISION, "red2", "white"),  # within 0.1 ms: "at once" (S3 R12(c))
        ev(0.9, EventKind.CUSHION, "red1", shape="cushion:top"),
        ev(1.1, EventKind.POCKETED, "red1", shape="pocket:top-left"),
        ev(1.5, EventKind.COLLISION, "white", "red3"),
        ev(2.0, EventKind.STATIONARY, "white", xy=(0.5, 3.0 - d - 0.00005)),
        ev(2.1, EventKind.STATIONARY, "red3", xy=(0.5, 3.0)),
        ev(2.2, EventKind.STATIONARY, "red2", xy=(0.3, 2.2)),
    ]
    out = outcome_of(events, POS)
    assert out.first_contacts == ("red1", "red2")
    assert out.cue_contacts == ("red1", "red2", "red3")
    assert out.cushions == (("red1", "cushion:top"),)
    assert out.potted == (("red1", "top-left"),)
    assert out.touching == ("red3",)  # gap 0.05 mm < 0.1 mm (rules: touching ball)
    assert set(out.moved) == {"white", "red1", "red2", "red3"}
    final = {p.id: p for p in out.final}
    assert final["red1"].state is PieceState.POCKETED
    assert (final["red2"].x, final["red2"].y) == (0.3, 2.2)
    assert (final["black"].x, final["black"].y) == (0.0, 3.245)


def test_cue_ball_hits_nothing() -> None:
    events = [
        ev(0.0, EventKind.STRIKE, "white"),
        ev(1.0, EventKind.CUSHION, "white", shape="cushion:top"),
        ev(3.0, EventKind.STATIONARY, "white", xy=(0.0, 1.0)),
    ]
    out = outcome_of(events, POS)
    assert out.first_contacts == () and out.cue_contacts == () and out.touching == ()
    assert out.moved == ("white",)


def test_second_contact_later_is_not_first() -> None:
    events = [
        ev(0.0, EventKind.STRIKE, "white"),
        ev(0.5, EventKind.COLLISION, "white", "red1"),
        ev(0.51, EventKind.COLLISION, "white", "red2"),
    ]
    assert outcome_of(events, POS).first_contacts == ("red1",)
