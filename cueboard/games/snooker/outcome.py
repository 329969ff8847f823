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


def _pocket_name(shape: str | None) -> str:
    name = shape or "pocket"
    return name.split(":", 1)[1] if name.startswith("pocket:") else name


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
    moved: list[str] = []
    last_xy: dict[str, tuple[float, float]] = {}

    def mark(ball: str) -> None:
        if ball not in moved:
            moved.append(ball)

    for ev in events:
        a = ev.bodies[0]
        if ev.kind is EventKind.STRIKE:
            mark(a)
        elif ev.kind is EventKind.COLLISION:
            b = ev.bodies[1]
            if CUE_BALL in ev.bodies:
                other = b if a == CUE_BALL else a
                cue_contacts.append(other)
                if not first:
                    first.append(other)
                    t_first = ev.time
                elif ev.time - t_first <= SIMULTANEOUS and other not in first and len(first) < 2:
                    first.append(other)
        elif ev.kind is EventKind.CUSHION:
            cushions.append((a, ev.shape or ""))
            mark(a)
        elif ev.kind is EventKind.POCKETED:
            potted.append((a, _pocket_name(ev.shape)))
            mark(a)
        elif ev.kind is EventKind.OFF_TABLE:
            off.append(a)
            mark(a)
        elif ev.kind in _MOTION:
            mark(a)
            if ev.kind is EventKind.STATIONARY and ev.x is not None and ev.y is not None:
                last_xy[a] = (ev.x, ev.y)
    gone_pot = {b for b, _ in potted}
    gone_off = set(off)
    final: list[Piece] = []
    for p in position.pieces:
        if p.id in gone_pot:
            final.append(p.model_copy(update={"state": PieceState.POCKETED}))
        elif p.id in gone_off:
            final.append(p.model_copy(update={"state": PieceState.OFF_TABLE}))
        elif p.id in last_xy:
            x, y = last_xy[p.id]
            final.append(p.model_copy(update={"x": x, "y": y}))
        else:
            final.append(p)
    touching: list[str] = []
    cue = next((p for p in final if p.id == CUE_BALL and p.on_table), None)
    if cue is not None:
        limit = table.ball_diameter + table.touching_gap
        for p in final:
            if p.id != CUE_BALL and p.on_table and math.hypot(p.x - cue.x, p.y - cue.y) < limit:
                touching.append(p.id)
    flew = any(h.body == CUE_BALL for ev in events for h in ev.heights)
    return SnookerOutcome(
        jumped_over=jumped_over(events, position, cue=CUE_BALL, diameter=table.ball_diameter) if flew else (),
        first_contacts=tuple(first),
        cue_contacts=tuple(cue_contacts),
        cushions=tuple(cushions),
        potted=tuple(potted),
        off_table=tuple(off),
        moved=tuple(moved),
        touching=tuple(touching),
        final=tuple(final),
    )
