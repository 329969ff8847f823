"""End of frame and the non-stroke actions of the snooker referee.

- the choice after a foul (S3 R11(h), R13, R14): play, put the offender in (irrevocable; a free
  ball is then void), replace after a miss (with the warning of S3 R14 on the second miss);
- end of frame (S2 D1, S3 R4): the last black, the re-spotted black on a tie with lots drawn from
  the seeded generator, claim (only the black left, lead over 7), concession (during one's own
  turn; in an aggregate match the opponent gets the value of the balls left, S4 R6), forfeit
  (S4 R2-3: offender's points lost, opponent gets the value of the balls left: 8 a red and the
  colours as if spotted, without the 7 of a colour owed that "points remaining" counts),
  award after the third miss (S3 R14);
- stalemate (S3 R16): the frame restarts, same player breaking;
- four-handed (S3 R17): on a re-spotted black the side to play chooses its player.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import numpy as np

from cueboard.games.snooker.declaration import Action, Choice, SnookerDeclaration
from cueboard.games.snooker.position import SnookerInputError, SnookerPosition, side_of
from cueboard.games.snooker.ruling import FrameEnd, Respot, SnookerRuling
from cueboard.records.base import PieceState

MISS_STATE_CLEARED: MappingProxyType[str, Any] = MappingProxyType(
    {"pending": (), "misses": 0, "miss_full_ball": False, "warned": False, "before": None, "replaced": False}
)
"""The position fields that a foul and a miss leave behind (open choices, the count of misses
and the positions to replace, S3 R14), as they are once the incoming player's choice is made."""

FOUL_STATE_CLEARED: MappingProxyType[str, Any] = MappingProxyType(
    {**MISS_STATE_CLEARED, "offender": None, "free_ball": False}
)
""":data:`MISS_STATE_CLEARED` with no offender and no free ball (after a fair stroke; on the
re-spotted black, S3 R4)."""


def ruling_for(
    position: SnookerPosition, striker: int, announcements: list[str], **extra: Any
) -> SnookerRuling:
    """The ruling reporting ``position`` (the position after the stroke or action)."""
    over = position.frame_over
    return SnookerRuling(
        striker=striker,
        next_player=None if over else position.to_move,
        choices=() if over else position.pending,
        ball_on=None if over else position.ball_on,
        touching=position.announced_touching(),
        free_ball=position.free_ball,
        scores=position.scores,
        break_points=position.break_points,
        points_remaining=position.points_remaining(),
        frame_over=over,
        frame_winner=position.frame_winner,
        frame_end=FrameEnd(position.frame_end) if position.frame_end else None,
        match_over=position.match_over,
        match_winner=position.match_winner,
        warning=position.warned and "warning" in " ".join(announcements),
        announcements=tuple(announcements),
        **extra,
    )


def check_can_act(position: SnookerPosition) -> None:
    if position.match_over:
        raise SnookerInputError("the match is over")
    if position.frame_over:
        raise SnookerInputError(
            "the frame is over: start the next frame (cueboard.games.snooker.match.next_frame)"
        )


def apply_choice(position: SnookerPosition, choice: Choice) -> tuple[SnookerPosition, SnookerRuling]:
    """The incoming player's choice after a foul."""
    if choice.value not in position.pending:
        open_ = ", ".join(position.pending) or "none"
        raise SnookerInputError(f"choice '{choice}' is not open (choices: {open_})")
    chooser = position.to_move
    reset = MISS_STATE_CLEARED
    announcements: list[str] = []
    if choice is Choice.PLAY:
        new = position.model_copy(update={**reset, "offender": None})
        announcements.append("the next player plays")
    elif choice is Choice.PUT_BACK:
        assert position.offender is not None
        # After a foul without a stroke from a replaced position (S3 R14), the count of misses
        # and the warning stay in force: the offender plays again from that position.
        keep = {} if position.replaced else reset
        new = position.model_copy(
            update={**keep, "pending": (), "to_move": position.offender, "offender": None, "free_ball": False}
        )
        announcements.append("offender to play again")
    else:
        before = position.before
        if before is None or position.offender is None:
            raise SnookerInputError("nothing to replace")
        warn = position.misses >= 2 and position.miss_full_ball
        new = position.model_copy(
            update={
                "pieces": before.pieces,
                "ball_on": before.ball_on,
                "in_hand": before.in_hand,
                "touching": before.touching,
                "to_move": position.offender,
                "offender": None,
                "pending": (),
                "free_ball": False,
                "replaced": True,
                "warned": warn or position.warned,
            }
        )
        announcements.append("balls replaced, offender to play again")
        if warn:
            announcements.append("warning: a third failure to hit the ball on will lose the frame")
    return new, ruling_for(new, chooser, announcements, action="choose")


def apply_action(
    position: SnookerPosition, declaration: SnookerDeclaration, rng: np.random.Generator
) -> tuple[SnookerPosition, SnookerRuling]:
    """A non-stroke action (see :mod:`cueboard.games.snooker.declaration`)."""
    seat = position.to_move
    side = side_of(seat)
    action = declaration.action
    if action is Action.CHOOSE:
        assert declaration.choice is not None
        return apply_choice(position, declaration.choice)
    if action is Action.CONCEDE:
        if declaration.side is not None and declaration.side != side:
            raise SnookerInputError("a player may concede only during his own turn (S4 R6)")
        return _end(
            position,
            position,
            seat,
            [f"side {side} concedes"],
            {"action": "concede", "balls_left_value": position.balls_left_value()},
            1 - side,
            FrameEnd.CONCEDED,
            add_remaining=position.rules.aggregate_frames is not None,
        )
    if action is Action.CLAIM:
        if position.on_table_ids() != ("black",) or position.ball_on != "black":
            raise SnookerInputError("the frame may be claimed only when the black alone remains (S2 D1(b))")
        if position.lead(side) <= 7:
            raise SnookerInputError(
                f"the frame may be claimed only with a lead over 7 (lead {position.lead(side)})"
            )
        return _end(
            position,
            position,
            seat,
            [f"side {side} claims the frame"],
            {"action": "claim"},
            side,
            FrameEnd.CLAIMED,
        )
    if action is Action.FORFEIT:
        assert declaration.side is not None
        off = declaration.side
        scores = list(position.scores)
        value = position.balls_left_value()
        scores[1 - off] += value
        scores[off] = 0
        lost = position.model_copy(update={"scores": (scores[0], scores[1])})
        return _end(
            position,
            lost,
            seat,
            [f"frame awarded: side {off} forfeits (S4 R3); side {1 - off} receives {value}"],
            {"action": "forfeit", "balls_left_value": value},
            1 - off,
            FrameEnd.FORFEIT,
        )
    if action is Action.STALEMATE:
        from cueboard.games.snooker.match import restart_frame

        new = restart_frame(position)
        return new, ruling_for(new, seat, ["stalemate: the frame is restarted (S3 R16)"], action="stalemate")
    # choose_player
    assert declaration.player is not None
    if not (position.respotted_black and position.rules.players == 4 and position.break_points == 0):
        raise SnookerInputError("a player is chosen only before a re-spotted black in four-handed snooker")
    if side_of(declaration.player) != side or declaration.player >= position.rules.players:
        raise SnookerInputError(f"seat {declaration.player} is not of the side to play (side {side})")
    new = position.model_copy(update={"to_move": declaration.player})
    return new, ruling_for(
        new, seat, [f"seat {declaration.player} plays the re-spotted black"], action="choose_player"
    )


def _end(
    before: SnookerPosition,
    after: SnookerPosition,
    striker: int,
    announcements: list[str],
    extra: dict[str, Any],
    winner: int | None,
    how: FrameEnd,
    add_remaining: bool = False,
) -> tuple[SnookerPosition, SnookerRuling]:
    """Close the frame: winner, frames won, aggregate, match result."""
    scores = list(after.scores)
    if add_remaining and winner is not None:
        scores[winner] += before.balls_left_value()  # S4 R6: 8 a red, colours as if spotted
    frames = list(after.frames_won)
    if winner is not None:
        frames[winner] += 1
    agg = (after.aggregate[0] + scores[0], after.aggregate[1] + scores[1])
    rules = after.rules
    match_over = False
    match_winner: int | None = None
    if rules.aggregate_frames is not None:
        if after.frame_number + 1 >= rules.aggregate_frames:
            match_over = True
            match_winner = None if agg[0] == agg[1] else (0 if agg[0] > agg[1] else 1)
    else:
        need = rules.best_of // 2 + 1
        if max(frames) >= need or after.frame_number + 1 >= rules.best_of:
            match_over = True
            match_winner = None if frames[0] == frames[1] else (0 if frames[0] > frames[1] else 1)
    if winner is not None:
        announcements.append(f"frame to side {winner}")
    if match_over:
        announcements.append("match drawn" if match_winner is None else f"match to side {match_winner}")
    new = after.model_copy(
        update={
            "scores": (scores[0], scores[1]),
            "frame_over": True,
            "frame_winner": winner,
            "frame_end": how.value,
            "frames_won": (frames[0], frames[1]),
            "aggregate": agg,
            "pending": (),
            "free_ball": False,
            "match_over": match_over,
            "match_winner": match_winner,
        }
    )
    return new, ruling_for(new, striker, announcements, **extra)


def after_frame_end(
    before: SnookerPosition,
    after: SnookerPosition,
    striker: int,
    rng: np.random.Generator,
    announcements: list[str],
    extra: dict[str, Any],
    awarded_to: int | None = None,
) -> tuple[SnookerPosition, SnookerRuling]:
    """The frame ends on the last black (or is awarded); on a tie, the re-spotted black (S3 R4)."""
    if awarded_to is not None:
        return _end(before, after, striker, announcements, extra, awarded_to, FrameEnd.AWARDED_MISS)
    s0, s1 = after.scores
    if s0 != s1:
        return _end(before, after, striker, announcements, extra, 0 if s0 > s1 else 1, FrameEnd.LAST_BALL)
    rules = after.rules
    respot = rules.aggregate_frames is None or (
        after.frame_number + 1 >= rules.aggregate_frames and after.aggregate[0] == after.aggregate[1]
    )
    if not respot:
        announcements.append("frame drawn (aggregate scoring)")
        return _end(before, after, striker, announcements, extra, None, FrameEnd.LAST_BALL)
    from cueboard.games.snooker import geometry

    balls = after.balls()
    balls["black"] = balls["black"].model_copy(update={"state": PieceState.POCKETED})
    balls["white"] = balls["white"].model_copy(update={"state": PieceState.POCKETED})
    layout = geometry.layout_of(balls.values())
    ((_, x, y, own),) = geometry.respot(["black"], layout)
    balls["black"] = balls["black"].model_copy(update={"x": x, "y": y, "state": PieceState.ON_TABLE})
    lots = int(rng.integers(2))
    new = after.model_copy(
        update={
            "pieces": tuple(balls.values()),
            "ball_on": "black",
            "in_hand": True,
            "to_move": lots,
            "break_points": 0,
            **FOUL_STATE_CLEARED,
            "touching": (),
            "respotted_black": True,
        }
    )
    announcements.append(f"scores level: re-spotted black; side {lots} to play from hand (lots drawn)")
    extra = dict(extra)
    extra["respots"] = (*extra.get("respots", ()), Respot(ball="black", x=x, y=y, own_spot=own))
    return new, ruling_for(new, striker, announcements, black_respotted=True, **extra)
