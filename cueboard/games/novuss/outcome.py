"""From the engine's events to the facts of a novuss stroke (docs/api.md, "The flow of one shot").

Engine vocabulary used (cueboard/engine/events.py): ``collision`` between two pieces, ``cushion``
with shape ``rail:<bottom|left|top|right>``, ``pocketed`` with the pocket's name as shape, and
``off_table`` for a piece that flew over a rail. Light and dark are judged for the striking seat
on the position *before* the stroke (rules/novuss.md "Light and dark discs").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter

from cueboard.engine.events import Event, EventKind
from cueboard.games.novuss.board import STANDARD_BOARD, NovussBoard
from cueboard.games.novuss.geometry import in_zone, is_dark, opposite_rail
from cueboard.games.novuss.records import (
    DarkMove,
    FirstContact,
    MovedBy,
    NovussOutcome,
    NovussPosition,
    StrokeKind,
)
from cueboard.records.base import Piece

#: Contacts of the striker with two discs closer in time than this count as "at once" (penalty
#: case 2), seconds: at a typical 2 m/s the striker moves 2 mm in that time, less than a person
#: can tell apart.
SIMULTANEOUS_S = 1e-3


#: The key that orders events by time (attrgetter: no Python call per event).
_time = attrgetter("time")
#: The kinds the facts read, bound once (an enum member read from its class costs ~0.15 µs), and
#: the motion-state changes, which they do not read.
_COLLISION, _CUSHION = EventKind.COLLISION, EventKind.CUSHION
_POCKETED, _OFF_TABLE = EventKind.POCKETED, EventKind.OFF_TABLE
_MOTION_ONLY = frozenset({EventKind.STATIONARY, EventKind.SPINNING, EventKind.SLIDING, EventKind.ROLLING})


def _rail_name(shape: str | None) -> str | None:
    if shape and shape.startswith("rail:"):
        return shape.split(":", 1)[1]
    return None


def outcome_of(
    events: Sequence[Event],
    final_pieces: Iterable[Piece],
    position_before: NovussPosition,
    striker_id: str,
    board: NovussBoard = STANDARD_BOARD,
) -> NovussOutcome:
    """The facts of one stroke from the engine events, the pieces as they lie after it and the
    position before it (with the striker not yet placed: discs only matter)."""
    seat = position_before.to_move
    side = position_before.side_to_move
    before = {p.id: p for p in position_before.pieces if p.kind == "disc"}
    final = tuple(final_pieces)
    dark = {
        pid for pid, p in before.items() if p.on_table and p.owner == side and is_dark(seat, p.x, p.y, board)
    }

    def light(pid: str) -> bool:
        p = before.get(pid)
        return p is not None and p.on_table and not is_dark(seat, p.x, p.y, board)

    touched: list[str] = []
    touch_times: list[float] = []
    rails: list[str] = []
    first_rail_time: float | None = None
    pocketed: list[tuple[str, str]] = []
    off_table: list[str] = []
    striker_pocketed = striker_off = False
    moved_by: dict[str, str] = {}
    for ev in sorted(events, key=_time):
        kind = ev.kind
        if kind in _MOTION_ONLY:
            continue  # most of a stroke's events: a piece's motion changes, no fact in it
        if kind is _COLLISION and len(ev.bodies) == 2:
            a, b = ev.bodies
            if striker_id in ev.bodies:
                other = b if a == striker_id else a
                touched.append(other)
                touch_times.append(ev.time)
            for me, other in ((a, b), (b, a)):
                if me in dark and me not in moved_by:
                    moved_by[me] = other
        elif kind is _CUSHION and ev.bodies[0] == striker_id:
            name = _rail_name(ev.shape)
            if name is not None:
                rails.append(name)
                if first_rail_time is None:
                    first_rail_time = ev.time
        elif kind is _POCKETED:
            if ev.bodies[0] == striker_id:
                striker_pocketed = True
            else:
                pocketed.append((ev.bodies[0], ev.shape or "pocket"))
        elif kind is _OFF_TABLE:
            if ev.bodies[0] == striker_id:
                striker_off = True
            else:
                off_table.append(ev.bodies[0])

    rebound = first_rail_time is not None and (not touch_times or first_rail_time < touch_times[0])
    stroke = StrokeKind.REBOUND if rebound else StrokeKind.DIRECT
    first: list[str] = []
    if touch_times:
        for pid, t in zip(touched, touch_times, strict=True):
            if t - touch_times[0] <= SIMULTANEOUS_S and pid not in first and pid in before:
                first.append(pid)
    owners = {before[pid].owner for pid in first}
    if not first:
        first_contact = FirstContact.NONE
    elif owners == {side}:
        first_contact = FirstContact.OWN
    elif side in owners:
        first_contact = FirstContact.OWN_AND_OPPONENT
    else:
        first_contact = FirstContact.OPPONENT
    first_light = bool(first) and all(light(pid) for pid in first)
    striker_discs = tuple(dict.fromkeys(pid for pid in touched if pid in before))
    dark_hit: tuple[str, ...] = ()
    if stroke is StrokeKind.DIRECT and not first_light:
        dark_hit = tuple(pid for pid in striker_discs if pid in dark)

    def how(pid: str) -> MovedBy:
        other = moved_by[pid]
        if other == striker_id:
            return MovedBy.STRIKER
        if other in before and before[other].owner == side and light(other):
            return MovedBy.OWN_LIGHT
        return MovedBy.OTHER

    end = {p.id: p for p in final}
    striker_end = end.get(striker_id)
    in_own_zone = (
        striker_end is not None
        and striker_end.on_table
        and not (striker_pocketed or striker_off)
        and in_zone(seat, striker_end.x, striker_end.y, board)
    )
    own_on_table = [p for p in before.values() if p.on_table and p.owner == side]
    return NovussOutcome(
        stroke=stroke,
        first_contact=first_contact,
        first_contacts=tuple(first[:2]),
        first_light=first_light,
        striker_touched=striker_discs,
        own_touched=any(before[pid].owner == side for pid in striker_discs),
        rails=tuple(rails),
        opposite_rail=opposite_rail(seat) in rails,
        dark_hit=dark_hit,
        dark_moved=tuple(DarkMove(disc=pid, by=how(pid)) for pid in sorted(moved_by)),
        had_light=any(p.id not in dark for p in own_on_table),
        had_dark=any(p.id in dark for p in own_on_table),
        pocketed=tuple(pocketed),
        striker_pocketed=striker_pocketed,
        striker_off_table=striker_off,
        off_table=tuple(off_table),
        striker_in_own_zone=in_own_zone,
        final=final,
    )
