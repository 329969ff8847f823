"""Frames and matches: the opening position, the next frame, the stalemate re-rack, a match
awarded (S3 R2, R4, R16, R17; S4 R3).

Break-off alternates frame by frame (S3 R3): with two players seat ``first_breaker + k`` breaks
frame ``k``; with four the rotation A1, B1, A2, B2 is kept and the side breaking alternates, the
breaker of frame ``k`` being seat ``(first_breaker + k) % 4``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cueboard.errors import MoveError
from cueboard.games.snooker.position import (
    SnookerPosition,
    SnookerRules,
    ball_ids,
    make_ball,
)
from cueboard.games.snooker.ruling import FrameEnd
from cueboard.records.base import Piece, PieceState, parse_settings


def rack_pieces(reds: int) -> tuple[Piece, ...]:
    """The balls of a new frame (S3 R2) from :func:`cueboard.games.snooker.rack.rack`; the white is
    in hand (off the table until placed in the D)."""
    from cueboard.games.snooker.rack import rack

    placed: Any = rack(reds=reds)
    coords: dict[str, tuple[float, float]] = {}
    if isinstance(placed, Mapping):
        coords = {str(k): (float(v[0]), float(v[1])) for k, v in placed.items()}
    else:
        for p in placed:
            coords[p.id] = (float(p.x), float(p.y))
    pieces = []
    for ball in ball_ids(reds):
        if ball == "white":
            x, y = coords.get("white", (0.0, 0.6))
            pieces.append(make_ball("white", x, y, PieceState.OFF_TABLE))
        else:
            x, y = coords[ball]
            pieces.append(make_ball(ball, x, y))
    return tuple(pieces)


def new_position(settings: Mapping[str, Any] | None = None, *, seed: int = 0) -> SnookerPosition:
    """The opening position of a match with these rules settings (see :class:`SnookerRules`)."""
    rules = parse_settings(SnookerRules, settings)
    return SnookerPosition(
        pieces=rack_pieces(rules.reds),
        rules=rules,
        to_move=rules.first_breaker,
        breaker=rules.first_breaker,
    )


def restart_frame(position: SnookerPosition) -> SnookerPosition:
    """S3 R16: the frame restarts, scores annulled, the same player breaking, the same order."""
    fresh = SnookerPosition(
        pieces=rack_pieces(position.rules.reds),
        rules=position.rules,
        to_move=position.breaker,
        breaker=position.breaker,
    )
    return fresh.model_copy(
        update={
            "frames_won": position.frames_won,
            "aggregate": position.aggregate,
            "frame_number": position.frame_number,
            "highest_break": position.highest_break,
            "centuries": position.centuries,
        }
    )


def next_frame(position: SnookerPosition) -> SnookerPosition:
    """The opening position of the next frame, the break-off passing to the next seat."""
    if not position.frame_over:
        raise MoveError("the frame is not over")
    if position.match_over:
        raise MoveError("the match is over")
    breaker = (position.breaker + 1) % position.rules.players
    fresh = restart_frame(position.model_copy(update={"breaker": breaker}))
    return fresh.model_copy(update={"frame_number": position.frame_number + 1})


#: The points of each unplayed frame an aggregate match awards (S4 R3: the remaining frames are
#: forfeited 147-0, the highest break the balls of a frame allow).
FORFEITED_FRAME_POINTS = 147


def award_match(position: SnookerPosition, side: int) -> SnookerPosition:
    """The match awarded to ``side`` (0 or 1) at ``position``, by WPBSA Section 4 Rule 3: the
    offender loses the frame in progress, forfeiting all points scored in it while the
    non-offender receives the value of the balls remaining (8 a red, the colours as if spotted:
    :meth:`SnookerPosition.balls_left_value`), and besides loses the unplayed frames needed to
    complete the match — in a best-of-N match the winner's frames become the frames required to
    win, ``N // 2 + 1`` (best of 7 at 1-1: 4-1); in an aggregate match each remaining frame is
    forfeited 147-0. A frame already over (between frames) is not played again: only the
    frames after it are awarded."""
    if side not in (0, 1):
        raise MoveError(f"a match is awarded to side 0 or 1, not {side!r}")
    if position.match_over:
        raise MoveError("the match is over")
    rules = position.rules
    off = 1 - side
    scores = list(position.scores)
    frames = list(position.frames_won)
    aggregate = list(position.aggregate)
    update: dict[str, Any] = {}
    if not position.frame_over:
        scores[side] += position.balls_left_value()
        scores[off] = 0
        frames[side] += 1
        aggregate = [aggregate[0] + scores[0], aggregate[1] + scores[1]]
        update = {"scores": (scores[0], scores[1]), "frame_over": True, "frame_winner": side,
                  "frame_end": FrameEnd.FORFEIT.value, "pending": (), "free_ball": False}
    if rules.aggregate_frames is not None:
        unplayed = max(0, rules.aggregate_frames - position.frame_number - 1)
        aggregate[side] += FORFEITED_FRAME_POINTS * unplayed
    else:
        frames[side] = max(frames[side], rules.best_of // 2 + 1)
    return position.model_copy(update={
        **update,
        "frames_won": (frames[0], frames[1]),
        "aggregate": (aggregate[0], aggregate[1]),
        "match_over": True,
        "match_winner": side,
    })


def match_score(position: SnookerPosition) -> str:
    """A one-line match score, e.g. ``frames 2-1`` or ``aggregate 187-140``."""
    if position.rules.aggregate_frames is not None:
        a = position.aggregate
        live = (0, 0) if position.frame_over else position.scores
        return f"aggregate {a[0] + live[0]}-{a[1] + live[1]}"
    return f"frames {position.frames_won[0]}-{position.frames_won[1]}"
