"""``outcome_of``: the facts of a stroke that the snooker referee takes, from the engine's events.

See SnookerOutcome (records.py) for the meaning of each field and rules/snooker.md for why.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cueboard.engine.events import Event, EventKind
from cueboard.games.snooker.jump import jumped_over
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.games.snooker.table import STANDARD_TABLE, SnookerTable
from cueboard.records.base import Piece, PieceState, Position

#: The cue ball's piece id.
CUE_BALL = "white"
#: Two first contacts closer in time than this count as "at once" (S3 R12(c)), s.
SIMULTANEOUS = 1e-4
_MOTION = (EventKind.SLIDING, EventKind.ROLLING, EventKind.SPINNING, EventKind.STATIONARY, EventKind.BOUNCE)
#: The kinds ``outcome_of`` tests, bound once: an enum member read from its class costs ~0.15 µs
#: on Python 3.11 (the enum's descriptor), several per event otherwise.
_COLLISION, _CUSHION, _POCKETED = EventKind.COLLISION, EventKind.CUSHION, EventKind.POCKETED
_OFF_TABLE, _STATIONARY, _STRIKE = EventKind.OFF_TABLE, EventKind.STATIONARY, EventKind.STRIKE


def _pocket_name(shape: str | None) -> str:
    name = shape or "pocket"
    return name.split(":", 1)[1] if name.startswith("pocket:") else name


_new = object.__new__
_set = object.__setattr__


def _updated(p: Piece, changes: dict[str, object]) -> Piece:
    """``p.model_copy(update=changes)``, the same object field for field (its fields-set too),
    without pydantic's generic copy: the final pieces of every shot are made here."""
    q = _new(type(p))
    _set(q, "__dict__", {**p.__dict__, **changes})
    _set(q, "__pydantic_extra__", None)
    _set(q, "__pydantic_fields_set__", p.__pydantic_fields_set__ | changes.keys())
    _set(q, "__pydantic_private__", None)
    return q


def outcome_of(
    events: Sequence[Event], position: Position, *, table: SnookerTable = STANDARD_TABLE
) -> SnookerOutcome:
    """The SnookerOutcome of ``events`` played from ``position`` (the position before the stroke,
    with the cue ball where it was struck from)."""
    first: list[str] = []
    t_first = math.inf
    cue_contacts: list[str] = []
    cushions: list[tuple[str, str]] = []
    potted: list[tuple[str, str]] = []
    off: list[str] = []
    moved: dict[str, None] = {}  # an ordered set: each ball once, in the order it first moved
    last_xy: dict[str, tuple[float, float]] = {}
    flew = False
    for ev in events:
        kind = ev.kind
        a = ev.bodies[0]
        if ev.heights and not flew:
            flew = any(h.body == CUE_BALL for h in ev.heights)
        if kind is _COLLISION:
            b = ev.bodies[1]
            if a == CUE_BALL or b == CUE_BALL:
                other = b if a == CUE_BALL else a
                cue_contacts.append(other)
                if not first:
                    first.append(other)
                    t_first = ev.time
                elif ev.time - t_first <= SIMULTANEOUS and other not in first and len(first) < 2:
                    first.append(other)
            continue
        if kind is _CUSHION:
            cushions.append((a, ev.shape or ""))
        elif kind is _POCKETED:
            potted.append((a, _pocket_name(ev.shape)))
        elif kind is _OFF_TABLE:
            off.append(a)
        elif kind is _STATIONARY:
            if ev.x is not None and ev.y is not None:
                last_xy[a] = (ev.x, ev.y)
        elif kind is not _STRIKE and kind not in _MOTION:
            continue
        moved[a] = None
    gone_pot = {b for b, _ in potted}
    gone_off = set(off)
    final: list[Piece] = []
    for p in position.pieces:
        pid = p.id
        if pid in gone_pot:
            final.append(_updated(p, {"state": PieceState.POCKETED}))
        elif pid in gone_off:
            final.append(_updated(p, {"state": PieceState.OFF_TABLE}))
        elif pid in last_xy:
            x, y = last_xy[pid]
            final.append(_updated(p, {"x": x, "y": y}))
        else:
            final.append(p)
    touching: list[str] = []
    on = PieceState.ON_TABLE
    cue = next((p for p in final if p.id == CUE_BALL and p.state is on), None)
    if cue is not None:
        limit = table.ball_diameter + table.touching_gap
        cx, cy = cue.x, cue.y
        for p in final:
            if p.id != CUE_BALL and p.state is on and math.hypot(p.x - cx, p.y - cy) < limit:
                touching.append(p.id)
    return SnookerOutcome(
        jumped_over=jumped_over(events, position, cue=CUE_BALL, diameter=table.ball_diameter) if flew else (),
        first_contacts=tuple(first),
        cue_contacts=tuple(cue_contacts),
        cushions=tuple(cushions),
        potted=tuple(potted),
        off_table=tuple(off),
        moved=tuple(moved),  # the dict's keys, in order
        touching=tuple(touching),
        final=tuple(final),
    )
