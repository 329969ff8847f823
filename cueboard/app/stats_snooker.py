"""Snooker statistics per player, from a match record (a match kept in the scorer or played in
the app): the figures a real scorekeeper publishes.

- **Pot success**: of the strokes that tried to pot, the share that potted a ball (overall, per
  colour aimed at, and for long pots). A stroke pots when the referee scores a ball for it
  (``ruling.scored``, WPBSA rules S3 R4); a foul pots nothing.
- **Long pots**: the cue ball and the ball aimed at at least half the table's length apart
  (3569 mm / 2, WPBSA S1 §1) before the stroke.
- **Safeties**: strokes played to leave the opponent nothing; one succeeds when the opponent's
  next stroke scores nothing.
- **Breaks**: every break of :data:`LISTED_BREAK` points or more (the figure league scorecards
  list), the counts of 50+ and 100+ and the highest (a break: the points of one visit, S2 D3).
- **Fouls by kind**: the referee's reasons (:class:`FoulReason`), and the points they gave away.

What a stroke was *meant* to be is the scorer's mark (``marks``: ``{"shot": "pot" | "safety",
"long": bool}`` per shot). Without a mark — a match played in the app — a stroke that scores is
a pot attempt, a stroke that pots nothing and leaves the incoming player snookered on every ball
on (the referee's geometry, S3 R10's test) is a safety, and any other stroke that pots nothing is
a missed pot; long pots are measured on the table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from cueboard.errors import RecordError
from cueboard.games.snooker import (
    COLOURS_IN_ORDER,
    GAME,
    STANDARD_TABLE,
    SnookerOutcome,
    SnookerPosition,
    SnookerRuling,
    colour_of,
    is_snookered,
    layout_of,
    new_position,
    next_frame,
)
from cueboard.records.match import MatchRecord

#: Breaks of this many points or more are listed one by one.
LISTED_BREAK = 25
#: A long pot: cue ball and object ball at least this far apart, metres (half the table's length).
LONG_POT = STANDARD_TABLE.length / 2
#: The colours a pot is counted under, in the order of the table's values.
BALL_GROUPS = ("red", *COLOURS_IN_ORDER)

Mark = Mapping[str, Any]


def _rate(made: int, tried: int) -> float | None:
    return round(made / tried, 4) if tried else None


def _tally() -> dict[str, int]:
    return {"attempts": 0, "pots": 0}


def _player_blank() -> dict[str, Any]:
    return {
        "strokes": 0, "points": 0, "balls_potted": 0,
        "pot": _tally(), "per_colour": {c: _tally() for c in BALL_GROUPS}, "long_pot": _tally(),
        "safety": {"attempts": 0, "successful": 0},
        "breaks": [], "highest_break": 0, "breaks_50": 0, "breaks_100": 0,
        "fouls": {}, "foul_points_given": 0,
    }


def _positions_before(record: MatchRecord) -> list[SnookerPosition]:
    """The position before each shot: the start, then each shot's position after (a new frame
    racked after a finished one, as the scorer's "next frame" does)."""
    before = new_position(record.header.settings, seed=record.header.seed)
    out = []
    for shot in record.shots:
        if before.frame_over and not before.match_over:
            before = next_frame(before)
        out.append(before)
        after = shot.position_after
        assert isinstance(after, SnookerPosition)
        before = after
    return out


def _target(before: SnookerPosition, ruling: SnookerRuling, outcome: SnookerOutcome,
            nominated: str | None) -> str | None:
    """The ball a stroke aimed at: the first ball scored, else the nominated colour, else the
    first ball hit, else the ball on (None when the ball on is "a colour" and nothing says which)."""
    if ruling.scored:
        return ruling.scored[0]
    if nominated:
        return nominated
    if outcome.first_contacts:
        return outcome.first_contacts[0]
    if before.ball_on == "red":
        reds = before.reds_on_table()
        return reds[0] if reds else None
    return None if before.ball_on == "colour" else before.ball_on


def _is_long(before: SnookerPosition, target: str | None) -> bool:
    """Whether the cue ball and ``target`` lay at least :data:`LONG_POT` apart (False when either
    is off the table or the record has no coordinates)."""
    if target is None or not before.rules.geometry:
        return False
    balls = before.balls()
    cue, ball = balls.get("white"), balls.get(target)
    if before.in_hand or cue is None or ball is None:
        return False
    return math.hypot(cue.x - ball.x, cue.y - ball.y) >= LONG_POT


def _left_snookered(after: SnookerPosition) -> bool:
    """The incoming player is snookered on every ball on (S3 R10's test), on a record with
    coordinates."""
    if not after.rules.geometry or after.frame_over or after.ball_on is None:
        return False
    layout = layout_of(after.pieces)
    if after.ball_on == "red":
        on = list(after.reds_on_table())
    elif after.ball_on == "colour":
        on = list(after.colours_on_table())
    else:
        on = [after.ball_on]
    if not on:
        return False
    return is_snookered(None if after.in_hand else layout.get("white"), on, layout)


def _close_break(row: dict[str, Any], points: int) -> None:
    if points <= 0:
        return
    row["highest_break"] = max(row["highest_break"], points)
    row["breaks_50"] += points >= 50
    row["breaks_100"] += points >= 100
    if points >= LISTED_BREAK:
        row["breaks"].append(points)


def snooker_stats(record: MatchRecord, marks: Sequence[Mark | None] | None = None) -> dict[str, Any]:
    """Per-player statistics of a snooker match record (see the module's docstring).
    ``marks`` (aligned with ``record.shots``) says what each stroke was meant to be."""
    if record.header.game != GAME.name:
        raise RecordError(f"{GAME.name} statistics need a {GAME.name} record, not {record.header.game!r}")
    if marks is not None and len(marks) != len(record.shots):
        raise RecordError(f"{len(marks)} marks for {len(record.shots)} shots: one mark (or null) a shot")
    names = {p.seat: p.name for p in record.header.players}
    rows = {seat: _player_blank() for seat in names}
    befores = _positions_before(record)
    open_break: tuple[int, int, int] | None = None  # (seat, frame, points so far)
    pending_safety: int | None = None  # the seat whose safety waits for the opponent's reply
    for i, shot in enumerate(record.shots):
        ruling, outcome, before = shot.ruling, shot.outcome, befores[i]
        assert isinstance(ruling, SnookerRuling) and isinstance(outcome, SnookerOutcome)
        after = shot.position_after
        assert isinstance(after, SnookerPosition)
        is_stroke = ruling.action == "stroke" and outcome.stroke
        scoring = is_stroke and not ruling.foul and bool(ruling.scored)
        seat = ruling.striker if ruling.foul else shot.player
        frame = before.frame_number
        if open_break is not None and (not scoring or open_break[0] != seat or open_break[1] != frame):
            _close_break(rows[open_break[0]], open_break[2])
            open_break = None
        if scoring:
            open_break = (seat, frame, ruling.break_points)
        if ruling.foul:
            for foul in ruling.fouls:
                kinds = rows[seat]["fouls"]
                kinds[foul.reason.value] = kinds.get(foul.reason.value, 0) + 1
            rows[seat]["foul_points_given"] += ruling.penalty
        if not is_stroke:
            continue
        row = rows[seat]
        if pending_safety is not None and pending_safety != seat:
            rows[pending_safety]["safety"]["successful"] += not scoring
        pending_safety = None
        row["strokes"] += 1
        row["points"] += ruling.points if not ruling.foul else 0
        row["balls_potted"] += len(ruling.scored) if scoring else 0
        mark = marks[i] if marks is not None else None
        decl = shot.declaration
        nominated = getattr(decl, "nominated", None) or getattr(decl, "free_ball", None)
        kind = (mark or {}).get("shot")
        if kind is None:
            if scoring:
                kind = "pot"
            elif ruling.foul:
                kind = None
            else:
                kind = "safety" if _left_snookered(after) else "pot"
        if kind == "safety":
            row["safety"]["attempts"] += 1
            pending_safety = seat
            continue
        if kind != "pot":
            continue
        target = _target(before, ruling, outcome, nominated)
        long = bool(mark.get("long")) if mark is not None and "long" in mark else _is_long(before, target)
        groups = [row["pot"]]
        if target is not None:
            groups.append(row["per_colour"][colour_of(target)])
        if long:
            groups.append(row["long_pot"])
        for tally in groups:
            tally["attempts"] += 1
            tally["pots"] += scoring
    if open_break is not None:
        _close_break(rows[open_break[0]], open_break[2])
    players = []
    for seat, row in rows.items():
        for tally in (row["pot"], row["long_pot"], *row["per_colour"].values()):
            tally["success"] = _rate(tally["pots"], tally["attempts"])
        row["safety"]["success"] = _rate(row["safety"]["successful"], row["safety"]["attempts"])
        players.append({"seat": seat, "name": names[seat], **row})
    return {"game": GAME.name, "players": players}
