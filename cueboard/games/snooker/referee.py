"""The snooker referee: (position, declaration, outcome) -> (position, ruling), a pure function.

It never imports the physics: the outcome comes from ``outcome_of(events)`` or from a person
(scoreboard mode). Rules cited by seed 001's numbering (S3 R12 = Section 3, rule 12), decisions
by docs/rules/snooker.md. Non-stroke actions (choice after a foul, concede, claim, forfeit,
stalemate) are in :mod:`cueboard.games.snooker.referee_frame`; a foul without a stroke, a ball
touched while the position is discussed after a miss and balls moved by someone else (S3 R11,
R14, R15) in :mod:`cueboard.games.snooker.referee_reported`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cueboard.games.snooker import geometry
from cueboard.games.snooker.declaration import Action, Choice, SnookerDeclaration
from cueboard.games.snooker.position import (
    ReplaceState,
    SnookerInputError,
    SnookerPosition,
    is_red,
    side_of,
    value_of,
)
from cueboard.games.snooker.records import ManualFoul, SnookerOutcome
from cueboard.games.snooker.referee_fouls import StrokeContext, find_fouls, hit_ball_on_first, stroke_context
from cueboard.games.snooker.referee_frame import (
    FOUL_STATE_CLEARED,
    after_frame_end,
    apply_action,
    apply_choice,
    check_can_act,
    ruling_for,
)
from cueboard.games.snooker.referee_miss import is_miss, miss_facts
from cueboard.games.snooker.referee_reported import (
    foul_in_consultation,
    foul_without_stroke,
    moved_by_other,
    time_foul,
)
from cueboard.games.snooker.ruling import Foul, FoulReason, Respot, SnookerRuling
from cueboard.games.snooker.table import COLOURS_IN_ORDER, STANDARD_TABLE
from cueboard.records.base import Piece, PieceState

#: Where a cue ball played from hand is taken to be when no one says (scoreboard mode): on the
#: centre line, halfway into the D.
D_CENTRE = (0.0, STANDARD_TABLE.baulk_y - STANDARD_TABLE.d_radius / 2)


def apply(
    position: SnookerPosition,
    declaration: SnookerDeclaration,
    outcome: SnookerOutcome,
    rng: np.random.Generator,
) -> tuple[SnookerPosition, SnookerRuling]:
    """Judge one stroke or action. Bad input raises :class:`SnookerInputError` (a ValueError)."""
    check_can_act(position)
    if declaration.action is Action.STROKE and not outcome.stroke and not outcome.manual_fouls:
        return moved_by_other(position, declaration, outcome)
    if declaration.action is Action.STROKE and not outcome.stroke and not _time_foul(outcome):
        # S3 R14: a foul without a stroke while the choice after a miss is still to be made (no
        # choice declared) is a ball touched during the consultation, by either player; a seat not
        # to play fouling at any other time is S3 R15's business (foul_in_consultation says so).
        seat = position.to_move if outcome.striker is None else outcome.striker
        if seat != position.to_move or ("replace" in position.pending and declaration.choice is None):
            return foul_in_consultation(position, declaration, outcome, seat)
    if declaration.action is not Action.STROKE:
        if outcome != SnookerOutcome():
            raise SnookerInputError(
                f"action '{declaration.action}' takes no stroke: the outcome must be empty"
            )
        return apply_action(position, declaration, rng)
    announcements: list[str] = []
    if position.pending:
        choice = declaration.choice or Choice.PLAY
        position, choice_ruling = apply_choice(position, choice)
        announcements += choice_ruling.announcements
    elif declaration.choice is not None:
        raise SnookerInputError("there is no choice to make: no foul was committed")
    return _stroke(position, declaration, outcome, rng, announcements)


def _time_foul(outcome: SnookerOutcome) -> bool:
    """Whether the outcome is the shot clock's time foul alone (no stroke)."""
    return not outcome.stroke and tuple(outcome.manual_fouls) == (ManualFoul.TIME_FOUL,)


def _free_ball(position: SnookerPosition, declaration: SnookerDeclaration) -> str | None:
    """The nominated free ball, checked (S3 R10)."""
    fb = declaration.free_ball
    if fb is None:
        return None
    if not position.free_ball:
        raise SnookerInputError(f"free ball '{fb}' nominated, but no free ball was awarded")
    if fb not in position.on_table_ids():
        raise SnookerInputError(f"free ball '{fb}' is not on the table")
    if fb == position.ball_on or (position.ball_on == "red" and is_red(fb)):
        raise SnookerInputError(f"free ball '{fb}' is itself the ball on")
    return fb


def _after_pieces(position: SnookerPosition, outcome: SnookerOutcome) -> dict[str, Piece]:
    """The balls after the stroke: the cue ball placed (from hand), the reported final state,
    potted / off-table balls removed. A cue ball played from hand to an unknown place is taken to
    be at :data:`D_CENTRE`. Without a stroke, a cue ball in hand stays in hand unless the outcome
    says where it was placed and let go (``cue_ball_placed``, in the D): it is then in play where
    it lies (S2 D9)."""
    balls = position.balls()
    on_table = set(position.on_table_ids()) | {"white"}
    placed = position.in_hand and (outcome.stroke or outcome.cue_ball_placed is not None)
    if placed:
        x, y = outcome.cue_ball_placed or D_CENTRE
        if not outcome.stroke and not STANDARD_TABLE.in_d(x, y):
            raise SnookerInputError(
                f"cue ball placed at ({x:.3f}, {y:.3f}) m without a stroke: a cue ball in hand is "
                "placed in the D (S3 R5)"
            )
        balls["white"] = balls["white"].model_copy(update={"x": x, "y": y, "state": PieceState.ON_TABLE})
    for piece in outcome.final:
        if piece.id not in balls:
            raise SnookerInputError(f"final position names unknown ball '{piece.id}'")
        if piece.id == "white" and position.in_hand and not placed:
            continue  # no stroke and still held: the cue ball stays in hand (S2 D9)
        balls[piece.id] = piece
    gone = {b for b, _ in outcome.potted} | set(outcome.off_table)
    for ball in outcome.moved_by_other:
        if ball not in on_table or ball in gone:
            raise SnookerInputError(
                f"'{ball}' moved by someone else (S3 R15) must be a ball on the table, not potted or off"
            )
    for ball in outcome.fell:
        if ball not in on_table or ball == "white" or ball in gone:
            raise SnookerInputError(f"'{ball}' fell into a pocket (S3 R9), but it was not on the table")
        # S3 R9: a ball that fell by itself is put back where it stood
        balls[ball] = position.piece(ball)
    for ball, _pocket in outcome.potted:
        if ball not in on_table:
            raise SnookerInputError(f"'{ball}' potted, but it was not on the table")
        balls[ball] = balls[ball].model_copy(update={"state": PieceState.POCKETED})
    for ball in outcome.off_table:
        if ball not in on_table:
            raise SnookerInputError(f"'{ball}' left the table, but it was not on it")
        balls[ball] = balls[ball].model_copy(update={"state": PieceState.OFF_TABLE})
    return balls


def _score(ctx: StrokeContext, potted: list[str]) -> tuple[int, list[str]]:
    """Points of a fair stroke (S3 R3, R10): reds 1 each, the colour on its value; a free ball
    scores as the ball on; free ball and ball on both potted: only the ball on scores, except
    with reds on, where each ball scores 1."""
    fb = ctx.free_ball
    if ctx.ball_on == "red":
        scored = [b for b in potted if is_red(b) or b == fb]
        return len(scored), scored
    target = ctx.nominated if ctx.ball_on == "colour" else ctx.ball_on
    if target in potted:
        return value_of(target), [target]
    if fb is not None and fb in potted:
        return value_of(ctx.ball_on), [fb]
    return 0, []


def _stroke(
    position: SnookerPosition,
    declaration: SnookerDeclaration,
    outcome: SnookerOutcome,
    rng: np.random.Generator,
    announcements: list[str],
) -> tuple[SnookerPosition, SnookerRuling]:
    if (
        position.ball_on != "colour"
        and declaration.nominated is not None
        and (declaration.nominated != position.ball_on)
    ):
        raise SnookerInputError(f"'{declaration.nominated}' nominated, but the ball on is {position.ball_on}")
    striker = position.to_move if outcome.striker is None else outcome.striker
    side = side_of(striker)
    fb = _free_ball(position, declaration)
    if fb is not None:
        announcements.append(f"free ball: {fb}")
    ctx = stroke_context(position, declaration, outcome, fb)
    balls = _after_pieces(position, outcome)
    potted = [b for b, _ in outcome.potted if b != "white"] + [b for b in outcome.off_table if b != "white"]
    fouls = find_fouls(position, ctx, outcome)
    only_black_before = position.ball_on == "black" and position.on_table_ids() == ("black",)
    points, scored = (0, []) if fouls else _score(ctx, [b for b, _ in outcome.potted])
    if not fouls and fb is not None and points == 0 and outcome.stroke:
        fouls += _free_ball_snooker(position, balls, fb, outcome)
    if outcome.fell:
        announcements.append("ball fell into a pocket by itself: " + ", ".join(outcome.fell) + " (S3 R9)")
        if outcome.fell_involved or outcome.fell_caused_foul:
            if fouls and not outcome.fell_caused_foul:
                # S3 R9(b): the penalty, all balls replaced, the usual choice after a foul
                return _foul(
                    position,
                    ctx,
                    outcome,
                    position.balls(),
                    fouls,
                    only_black_before,
                    rng,
                    announcements,
                    striker=striker,
                    replaced_all=True,
                )
            announcements.append("all balls replaced, the striker plays again (S3 R9)")
            return position, ruling_for(position, striker, announcements)
    if fouls:
        return _foul(
            position, ctx, outcome, balls, fouls, only_black_before, rng, announcements, striker=striker
        )
    # --- a fair stroke --------------------------------------------------------------------
    # Colours potted fairly are respotted (the colour after a red, a free ball), save the ball on
    # of the final sequence, which stays off (S3 R3(c)-(e), R10).
    respots = _respot(balls, [b for b in potted if b in COLOURS_IN_ORDER and b != ctx.ball_on])
    scores = list(position.scores)
    scores[side] += points
    reds_left = any(is_red(b) and p.state is PieceState.ON_TABLE for b, p in balls.items())
    if points:
        brk = position.break_points + points
        if ctx.ball_on == "red":
            ball_on = "colour"
        elif ctx.ball_on == "colour":
            ball_on = "red" if reds_left else "yellow"
        elif ctx.ball_on in scored:
            ball_on = _next_colour(ctx.ball_on)  # S3 R3(e): the colours in order
        else:
            ball_on = ctx.ball_on  # the free ball scored in its place (S3 R10)
        to_move = striker
    else:
        brk = 0
        ball_on = _visit_ball_on(balls, position)
        to_move = position.next_seat(striker)
    hb = list(position.highest_break)
    cent = list(position.centuries)
    if points:
        hb[side] = max(hb[side], brk)
        if position.break_points < 100 <= brk:
            cent[side] += 1
    in_hand = False
    new = position.model_copy(
        update={
            "pieces": tuple(balls.values()),
            "scores": (scores[0], scores[1]),
            "ball_on": ball_on,
            "in_hand": in_hand,
            "break_points": brk,
            "to_move": to_move,
            **FOUL_STATE_CLEARED,
            "highest_break": (hb[0], hb[1]),
            "centuries": (cent[0], cent[1]),
        }
    )
    frame_ends = (only_black_before or position.respotted_black) and points > 0
    if ball_on == "black" and new.on_table_ids() == ():
        frame_ends = True
    new = new.model_copy(update={"touching": _touching(new, outcome)})
    extra: dict[str, Any] = {"points": points, "scored": tuple(scored), "respots": respots}
    if new.announced_touching():
        announcements.append("touching ball: " + ", ".join(new.announced_touching()))
    if frame_ends:
        return after_frame_end(position, new, striker, rng, announcements, extra)
    return new, ruling_for(new, striker, announcements, **extra)


def _next_colour(colour: str) -> str:
    i = COLOURS_IN_ORDER.index(colour)
    return COLOURS_IN_ORDER[min(i + 1, len(COLOURS_IN_ORDER) - 1)]


def _visit_ball_on(balls: dict[str, Piece], position: SnookerPosition) -> str:
    """The ball on at the start of a visit: a red while reds remain, else the lowest colour left
    (S3 R3)."""
    on = [b for b, p in balls.items() if p.state is PieceState.ON_TABLE and b != "white"]
    if any(is_red(b) for b in on):
        return "red"
    for c in COLOURS_IN_ORDER:
        if c in on:
            return c
    return "black"


def _respot(balls: dict[str, Piece], colours: list[str]) -> tuple[Respot, ...]:
    """Put colours back (S3 R7) and return where they went."""
    if not colours:
        return ()
    for c in colours:
        balls[c] = balls[c].model_copy(update={"state": PieceState.POCKETED})
    layout = geometry.layout_of(balls.values())
    out = []
    for colour, x, y, own in geometry.respot(colours, layout):
        balls[colour] = balls[colour].model_copy(update={"x": x, "y": y, "state": PieceState.ON_TABLE})
        out.append(Respot(ball=colour, x=x, y=y, own_spot=own))
    return tuple(out)


def _touching(position: SnookerPosition, outcome: SnookerOutcome) -> tuple[str, ...]:
    """Every ball the cue ball rests against (S3 R8): reported, or found from the coordinates."""
    if position.in_hand:
        return ()
    reported = set(outcome.touching)
    if position.rules.geometry:
        reported |= set(geometry.touching_balls(geometry.layout_of(position.pieces)))
    return tuple(sorted(reported & set(position.on_table_ids())))


def _free_ball_snooker(
    position: SnookerPosition, balls: dict[str, Piece], fb: str, outcome: SnookerOutcome
) -> list[Foul]:
    """S3 R10: a foul if the free ball then snookers all the balls on (unless only pink and black
    remain). Checked when nothing was scored, from where the cue ball came to rest."""
    remaining = {b for b, p in balls.items() if p.state is PieceState.ON_TABLE and b != "white"}
    if remaining <= {"pink", "black"} or not position.rules.geometry:
        return []
    if balls[fb].state is not PieceState.ON_TABLE or balls["white"].state is not PieceState.ON_TABLE:
        return []
    on = [b for b in remaining if is_red(b)] if position.ball_on == "red" else [position.ball_on]
    layout = geometry.layout_of(balls.values())
    cue = layout.get("white")
    test = geometry.snooker_test(cue, on, layout)
    if test.snookered and test.effective == fb:
        return [
            Foul(reason=FoulReason.FREE_BALL_SNOOKER, ball=fb, penalty=max(4, value_of(position.ball_on)))
        ]
    return []


def _foul(
    position: SnookerPosition,
    ctx: StrokeContext,
    outcome: SnookerOutcome,
    balls: dict[str, Piece],
    fouls: list[Foul],
    only_black_before: bool,
    rng: np.random.Generator,
    announcements: list[str],
    *,
    striker: int,
    replaced_all: bool = False,
) -> tuple[SnookerPosition, SnookerRuling]:
    """A foul stroke (S3 R11-R14): no points, penalty to the side of ``striker`` (the seat that
    committed it, who may have played out of turn) goes to the other side, reds stay off, colours
    are respotted, the seat after the offender chooses; a miss when the miss rule says so. A foul
    without a stroke is never a miss, and a count of misses and a warning stay in force (S3 R14).
    ``replaced_all``: the balls went back to the position before the stroke (S3 R9(b)). A foul
    without a stroke from a position replaced after a miss with a clear path to a ball on also
    offers the replace (S3 R14, :func:`foul_without_stroke`)."""
    side = side_of(striker)
    worst = max(fouls, key=lambda f: f.penalty)
    penalty = worst.penalty
    scores = list(position.scores)
    scores[1 - side] += penalty
    colours = [b for b, _ in outcome.potted if b in COLOURS_IN_ORDER] + [
        b for b in outcome.off_table if b in COLOURS_IN_ORDER
    ]
    if only_black_before or position.respotted_black:
        colours = [c for c in colours if c != "black"]
    if replaced_all:
        colours = []
        announcements.append("all balls replaced (S3 R9)")
    respots = _respot(balls, colours)
    white = balls["white"]
    in_hand = white.state is not PieceState.ON_TABLE
    incoming = position.next_seat(striker)
    after = position.model_copy(
        update={
            "pieces": tuple(balls.values()),
            "scores": (scores[0], scores[1]),
            "in_hand": in_hand,
            "break_points": 0,
            "to_move": incoming,
            "offender": striker,
            "free_ball": False,
            "replaced": False,
        }
    )
    after = after.model_copy(update={"ball_on": _visit_ball_on(balls, after)})
    facts = miss_facts(position, ctx, outcome, after, penalty, hit_ball_on_first(ctx))
    miss = outcome.stroke and is_miss(position, facts)  # S3 R14: no miss without a stroke
    extra: dict[str, Any] = {
        "foul": True,
        "fouls": tuple(fouls),
        "foul_reason": worst.reason,
        "penalty": penalty,
        "penalty_to": 1 - side,
        "respots": respots,
    }
    announcements.append("foul and a miss" if miss else "foul")
    if only_black_before or position.respotted_black:
        return after_frame_end(position, after, striker, rng, announcements, extra)
    if _time_foul(outcome):
        return time_foul(position, after, striker, announcements, extra)
    if not outcome.stroke:
        snookered = _snookered_after(after, outcome)
        touching = _touching(after, outcome) if position.in_hand and not in_hand else None
        return foul_without_stroke(
            position,
            after,
            striker,
            snookered,
            announcements,
            extra,
            replace_open=position.replaced and facts.clear_path,
            touching=touching,
        )
    misses = (position.misses + 1 if position.replaced else 1) if miss else 0
    full = (position.miss_full_ball if position.replaced else facts.full_ball) if miss else False
    if miss and position.replaced and full and position.misses >= 2:
        extra.update(miss=True, miss_count=misses)
        announcements.append("frame awarded: third failure to hit the ball on (S3 R14)")
        return after_frame_end(position, after, striker, rng, announcements, extra, awarded_to=1 - side)
    pending = ("play", "put_back", "replace") if miss else ("play", "put_back")
    before = None
    if miss:
        src = position.before if position.replaced and position.before is not None else None
        before = src or ReplaceState(
            pieces=position.pieces,
            ball_on=position.ball_on,
            in_hand=position.in_hand,
            touching=position.touching,
        )
    snookered = _snookered_after(after, outcome)
    after = after.model_copy(
        update={
            "pending": pending,
            "free_ball": snookered,
            "misses": misses,
            "miss_full_ball": full,
            "warned": position.warned if miss else False,
            "before": before,
        }
    )
    after = after.model_copy(update={"touching": _touching(after, outcome)})
    if snookered:
        announcements.append("free ball")
    if after.announced_touching():
        announcements.append("touching ball: " + ", ".join(after.announced_touching()))
    extra.update(miss=miss, miss_count=misses)
    return after, ruling_for(after, striker, announcements, **extra)


def _snookered_after(after: SnookerPosition, outcome: SnookerOutcome) -> bool:
    """S3 R10: after a foul, a free ball when the incoming player is snookered on every ball on."""
    if outcome.snookered is not None:
        return outcome.snookered
    if not after.rules.geometry:
        return False
    layout = geometry.layout_of(after.pieces)
    on = list(after.reds_on_table()) if after.ball_on == "red" else [after.ball_on]
    cue = None if after.in_hand else layout.get("white")
    return geometry.is_snookered(cue, on, layout)
