"""The engine's event records (cueboard/engine/world.py ``to_events``): built without validation,
they must equal validated records, survive a JSON round trip, and stay under 1 KiB each (so that a
recorded frame's memory stays small)."""

from __future__ import annotations

import tracemalloc

from cueboard.engine.events import Event
from cueboard.games.snooker.physics import simulate_shot
from cueboard.games.snooker.rack import rack
from cueboard.games.snooker.records import SnookerStrike
from cueboard.records.base import Piece, Position


def _break() -> tuple[Event, ...]:
    white = Piece(id="white", kind="ball", colour="white", x=0.15, y=0.65)
    position = Position(game="snooker", pieces=(*rack(15), white))
    events, _ = simulate_shot(position, SnookerStrike(speed=6.0, angle=94.0, side=0.2, top=0.2))
    return events


def test_records_equal_validated_records_and_round_trip() -> None:
    events = _break()
    assert len(events) > 20
    kinds = {e.kind for e in events}
    assert {"strike", "collision", "cushion"} <= kinds
    for e in events:
        validated = Event(**e.model_dump(exclude_unset=True))
        assert validated == e
        assert validated.model_fields_set == e.model_fields_set
        assert Event.model_validate_json(e.model_dump_json()) == e


def test_a_recorded_event_holds_under_one_kib() -> None:
    _break()  # compile / load the engine first
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        events = _break()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held / len(events) < 1024
