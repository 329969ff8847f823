"""Which balls are on for a stroke, and every foul of S3 R12 with its penalty (seed 001 numbering).

Penalty = max(4, value) where the value is (a) the ball on, (b) the ball on or the ball concerned,
(c) the ball on or the higher of two balls hit at once, (d) seven; of several fouls in one
stroke only the highest penalty counts (S3 R11). The value of "any colour" as the ball on is the
nominated colour's value, or 7 when nothing was nominated and no colour was hit
(docs/rules/snooker.md). A reported foul's ball concerned (``outcome.ball_concerned``) counts in
group (b); a seat other than the one due to play striking is playing out of turn (12.3); a foul
without a stroke (``outcome.stroke`` false) is only the reported foul.
"""

from __future__ import annotations

from dataclasses import dataclass

from cueboard.games.snooker.declaration import SnookerDeclaration
from cueboard.games.snooker.position import (
    SnookerInputError,
    SnookerPosition,
    is_red,
    value_of,
)
from cueboard.games.snooker.records import ManualFoul, SnookerOutcome
from cueboard.games.snooker.ruling import Foul, FoulReason
from cueboard.games.snooker.table import COLOURS_IN_ORDER, STANDARD_TABLE

#: The penalty of a time foul (World Snooker Shoot-Out rules: a shot not played within the shot
#: clock is a foul of five points).
TIME_FOUL_PENALTY = 5

_MANUAL: dict[ManualFoul, tuple[FoulReason, str]] = {
    ManualFoul.FEET_OFF_FLOOR: (FoulReason.FEET_OFF_FLOOR, "a"),
    ManualFoul.NON_STANDARD_CUE: (FoulReason.NON_STANDARD_CUE, "a"),
    ManualFoul.CONFERRING: (FoulReason.CONFERRING, "a"),
    ManualFoul.PLAYED_OUT_OF_TURN: (FoulReason.PLAYED_OUT_OF_TURN, "a"),
    ManualFoul.STRUCK_TWICE: (FoulReason.STRUCK_TWICE, "a"),
    ManualFoul.JUMP_SHOT: (FoulReason.JUMP_SHOT, "a"),
    ManualFoul.IMPROPERLY_FROM_HAND: (FoulReason.IMPROPERLY_FROM_HAND, "a"),
    ManualFoul.FREE_BALL_SNOOKER: (FoulReason.FREE_BALL_SNOOKER, "a"),
    ManualFoul.PUSH_STROKE: (FoulReason.PUSH_STROKE, "b"),
    ManualFoul.NOT_AT_REST: (FoulReason.NOT_AT_REST, "b"),
    ManualFoul.TOUCHED_BALL: (FoulReason.TOUCHED_BALL, "b"),
    ManualFoul.USED_BALL_OFF_TABLE: (FoulReason.USED_BALL_OFF_TABLE, "d"),
    ManualFoul.MEASURED: (FoulReason.MEASURED, "d"),
    ManualFoul.NO_DECLARATION: (FoulReason.NO_DECLARATION, "d"),
    ManualFoul.WRONG_CUE_BALL: (FoulReason.WRONG_CUE_BALL, "d"),
    ManualFoul.TIME_FOUL: (FoulReason.TIME_FOUL, "t"),
}


@dataclass(frozen=True)
class StrokeContext:
    """What the referee knows before judging a stroke.

    ``ball_on`` is the position's (``red``, ``colour`` or a colour); ``nominated`` the colour
    nominated or deemed nominated; ``free_ball`` the free ball in play; ``on`` every ball that may
    be hit first (reds on the table, the nominated colour, the free ball); ``deemed_hit`` a touching
    ball on, deemed hit at the moment of striking (S3 R8); ``on_value`` the ball on's value.
    """

    ball_on: str
    nominated: str | None
    free_ball: str | None
    on: frozenset[str]
    deemed_hit: str | None
    on_value: int
    first: tuple[str, ...]


def stroke_context(
    position: SnookerPosition, declaration: SnookerDeclaration, outcome: SnookerOutcome, free_ball: str | None
) -> StrokeContext:
    """Balls on and the penalty value of the ball on for this stroke (S3 R3, R10, S2 D11-D12)."""
    on_table = set(position.on_table_ids())
    first = tuple(outcome.first_contacts)
    for ball in first:
        if ball != "white" and ball not in on_table:
            raise SnookerInputError(f"first contact with '{ball}', which is not on the table")
    balls = {p.id for p in position.pieces}
    for foul, ball in outcome.ball_concerned.items():
        if ball not in balls:
            raise SnookerInputError(f"ball concerned '{ball}' of foul '{foul}' is not a ball of this frame")
    if outcome.striker is not None and outcome.striker >= position.rules.players:
        raise SnookerInputError(
            f"striker {outcome.striker} is not a seat of {position.rules.players} players"
        )
    nominated = declaration.nominated
    ball_on = position.ball_on
    on: set[str]
    if ball_on == "colour":
        if nominated is not None and nominated not in on_table:
            raise SnookerInputError(f"nominated '{nominated}' is not on the table")
        if nominated is None and len(first) == 1 and first[0] in COLOURS_IN_ORDER:
            nominated = first[0]  # deemed nomination: the colour hit first (rules: Ball on)
        on = {nominated} if nominated else set()
        on_value = value_of(nominated) if nominated else 7
    elif ball_on == "red":
        on = {b for b in on_table if is_red(b)}
        on_value = 1
        nominated = None
    else:
        on = {str(ball_on)} & on_table
        on_value = value_of(ball_on)
        nominated = None
    if free_ball is not None:
        on.add(free_ball)
    deemed = None
    for ball in position.touching:
        if ball in on and (ball_on != "colour" or ball == declaration.nominated or ball == free_ball):
            deemed = ball
            break
    return StrokeContext(ball_on, nominated, free_ball, frozenset(on), deemed, on_value, first)


def find_fouls(position: SnookerPosition, ctx: StrokeContext, outcome: SnookerOutcome) -> list[Foul]:
    """Every foul of the stroke (S3 R12 (a)-(d), R8, R10), each with its penalty."""
    fouls: list[Foul] = []
    v = ctx.on_value

    def add(reason: FoulReason, value: int, ball: str | None = None) -> None:
        fouls.append(Foul(reason=reason, ball=ball, penalty=min(7, max(4, value))))

    for manual in outcome.manual_fouls:
        reason, group = _MANUAL[manual]
        concerned = outcome.ball_concerned.get(manual)
        if group == "d":
            add(reason, 7, concerned)
        elif group == "t":
            add(reason, TIME_FOUL_PENALTY)  # the Shoot-Out's time foul: five points, whatever is on
        elif group == "b" and concerned is not None and concerned != "white":
            add(reason, max(v, value_of(concerned)), concerned)  # S3 R12(b): the higher
        else:
            add(reason, v, concerned)
    if (
        outcome.striker is not None
        and outcome.striker != position.to_move
        and ManualFoul.PLAYED_OUT_OF_TURN not in outcome.manual_fouls
    ):
        add(FoulReason.PLAYED_OUT_OF_TURN, v)  # 12.3: a seat not due to play struck
    if not outcome.stroke:
        return fouls  # S3 R11, R14: no stroke, so no "hit nothing", no contact or pot to judge
    potted = [b for b, _ in outcome.potted]
    if "white" in potted:
        add(FoulReason.IN_OFF, v)
    if "white" in outcome.off_table:
        add(FoulReason.CUE_BALL_OFF_TABLE, v)
    if outcome.jumped_over and ManualFoul.JUMP_SHOT not in outcome.manual_fouls:
        add(FoulReason.JUMP_SHOT, v)  # S3 R12(a) 12.8, jump shot as S2 defines it
    if position.in_hand and outcome.cue_ball_placed is not None:
        x, y = outcome.cue_ball_placed
        if not STANDARD_TABLE.in_d(x, y):
            add(FoulReason.IMPROPERLY_FROM_HAND, v)
    first = ctx.first
    if ctx.deemed_hit is None:
        if not first:
            add(FoulReason.HIT_NOTHING, v)
        elif len(first) == 2:
            a, b = first
            allowed = (is_red(a) and is_red(b) and ctx.ball_on == "red") or (
                ctx.free_ball in first and (set(first) - {ctx.free_ball}) <= ctx.on
            )
            if ctx.ball_on == "colour" and ctx.nominated is None and (is_red(a) or is_red(b)):
                add(FoulReason.RED_AFTER_RED, 7, a if is_red(a) else b)
            elif not allowed:
                add(FoulReason.TWO_BALLS_AT_ONCE, max(v, value_of(a), value_of(b)))
        else:
            ball = first[0]
            ok = ball in ctx.on
            if ctx.free_ball is not None and ball != ctx.free_ball:
                ok = False  # S3 R10: the free ball must be hit first (or with the ball on)
            if ctx.ball_on == "colour" and ctx.nominated is None and is_red(ball):
                # 12.20: playing at a red after a red, no colour nominated: 7. With a colour
                # nominated, a red clipped first is the usual (b) foul (seed 001, commentary to
                # 12.20: the maximum only if the ball on was the black).
                add(FoulReason.RED_AFTER_RED, 7, ball)
            elif not ok:
                add(FoulReason.FIRST_CONTACT_NOT_ON, max(v, value_of(ball)), ball)
    for ball in potted:
        if ball != "white" and ball not in ctx.on:
            add(FoulReason.POTTED_NOT_ON, max(v, value_of(ball)), ball)
    for ball in outcome.off_table:
        if ball != "white":
            add(FoulReason.FORCED_OFF_TABLE, max(v, value_of(ball)), ball)
    for ball in position.touching:
        if ball in outcome.moved and ball not in outcome.moved_by_other:  # S3 R15: not his
            add(FoulReason.PUSH_STROKE, max(v, value_of(ball)), ball)
    return fouls


def hit_ball_on_first(ctx: StrokeContext) -> bool:
    """Whether the cue ball first hit a ball on (or one was deemed hit), for the miss rule."""
    if ctx.deemed_hit is not None:
        return True
    return bool(ctx.first) and any(b in ctx.on for b in ctx.first)
