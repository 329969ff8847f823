"""What only a referee at the table sees, reported in the outcome (docs/rules/snooker.md,
"Reported facts"): a foul committed without a stroke (S3 R11, R14), a ball touched by either
player while the position is discussed after a miss (S3 R14, the WPBSA's paragraph on consulting
about balls moved after a miss) and balls moved by a non-striker, an outside agency or the
referee (S3 R15). A ball falling into a pocket by itself (S3 R9) is judged with the stroke, in
:mod:`cueboard.games.snooker.referee`."""

from __future__ import annotations

from typing import Any

from cueboard.games.snooker.declaration import SnookerDeclaration
from cueboard.games.snooker.position import SnookerInputError, SnookerPosition, side_of
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.games.snooker.referee_fouls import find_fouls, stroke_context
from cueboard.games.snooker.referee_frame import ruling_for
from cueboard.games.snooker.ruling import SnookerRuling

#: Said after a foul without a stroke during a sequence of misses whose warning was given (S3 R14).
WARNING_STAYS = "the warning stays in force: a third failure to hit the ball on will lose the frame"


def foul_without_stroke(
    position: SnookerPosition,
    after: SnookerPosition,
    striker: int,
    snookered: bool,
    announcements: list[str],
    extra: dict[str, Any],
    *,
    replace_open: bool = False,
    touching: tuple[str, ...] | None = None,
) -> tuple[SnookerPosition, SnookerRuling]:
    """A foul with no stroke (S3 R11: the turn ends at once; S3 R14: no miss without a stroke):
    the incoming player may play or put the offender in, and a count of misses with its warning
    stays in force for the offender's next attempt from a replaced position.

    ``replace_open``: the foul came from a position replaced after a miss where a straight path
    to a ball on was clear (S3 R14, the WPBSA's paragraph on a foul before the stroke after the
    cue ball was replaced): the incoming player may then also have the position before the missed
    stroke restored and the offender play again from there, and a warning about losing the frame
    stays in force. ``after`` is the position with the penalty added; ``snookered``: a free ball
    for the incoming player (S3 R10); ``touching``: the balls the cue ball rests against, when
    the foul placed it (from hand, S2 D9), else those of ``position``."""
    keep = position.replaced
    after = after.model_copy(
        update={
            "pending": ("play", "put_back", "replace") if keep and replace_open else ("play", "put_back"),
            "free_ball": snookered,
            "misses": position.misses if keep else 0,
            "miss_full_ball": position.miss_full_ball if keep else False,
            "warned": position.warned if keep else False,
            "before": position.before if keep else None,
            "replaced": keep,
            "touching": position.touching if touching is None else touching,
        }
    )
    if snookered:
        announcements.append("free ball")
    if keep and after.warned:
        announcements.append(WARNING_STAYS)
    extra.update(miss=False, miss_count=0)
    return after, ruling_for(after, striker, announcements, **extra)


def foul_in_consultation(
    position: SnookerPosition, declaration: SnookerDeclaration, outcome: SnookerOutcome, seat: int
) -> tuple[SnookerPosition, SnookerRuling]:
    """A ball touched by either player while the position is discussed after a foul and a miss
    (the choice to replace still open): S3 R14 (WPBSA: "if either player touches any ball in play
    during such consultation, he shall be penalised as if he were the striker, without affecting
    the order of play; the ball touched shall be replaced by the referee"). The penalty is that of
    a foul by the striker (the ball on, or the ball concerned if higher, at least 4) and goes to
    the other side; the balls stay as they were (the referee puts the touched ball back, so a
    reported ``final`` is not taken); the same seat is to choose, with the same choices, free ball
    and count of misses. Outside such a consultation a ball moved by the player not at the table
    goes back without penalty (S3 R15): that is reported as ``moved_by_other``."""
    if "replace" not in position.pending:
        raise SnookerInputError(
            f"a foul without a stroke by seat {seat}, who is not to play: a non-striker is penalised "
            "only for touching a ball while the position is discussed after a miss (S3 R14); a ball "
            "he moves otherwise goes back without penalty (S3 R15): report it as moved_by_other"
        )
    if declaration.choice is not None or declaration.free_ball or declaration.nominated:
        raise SnookerInputError(
            "a ball touched while the position is discussed after a miss (S3 R14) takes no choice "
            "or nomination: the choice is still to be made"
        )
    if seat >= position.rules.players:
        raise SnookerInputError(f"seat {seat} is not a seat of {position.rules.players} players")
    as_striker = outcome.model_copy(update={"striker": None})
    ctx = stroke_context(position, SnookerDeclaration(), as_striker, None)
    fouls = find_fouls(position, ctx, as_striker)
    worst = max(fouls, key=lambda f: f.penalty)
    to = 1 - side_of(seat)
    scores = list(position.scores)
    scores[to] += worst.penalty
    new = position.model_copy(update={"scores": (scores[0], scores[1])})
    said = [
        f"foul by seat {seat} while the position is discussed after a miss: penalised as if he were "
        "the striker, the order of play unchanged, the ball touched replaced (S3 R14)"
    ]
    if new.warned:
        said.append(WARNING_STAYS)
    return new, ruling_for(
        new,
        seat,
        said,
        foul=True,
        fouls=tuple(fouls),
        foul_reason=worst.reason,
        penalty=worst.penalty,
        penalty_to=to,
        miss=False,
        miss_count=position.misses,
    )


def time_foul(
    position: SnookerPosition,
    after: SnookerPosition,
    striker: int,
    announcements: list[str],
    extra: dict[str, Any],
) -> tuple[SnookerPosition, SnookerRuling]:
    """The shot clock ran out (World Snooker Shoot-Out rules, not the WPBSA's): five points to
    the opponent (``after`` holds them), and the incoming player plays — the Shoot-Out gives no
    option of asking the offender to play again, and no free ball. (Its ball in hand anywhere on
    the table is not given: the balls stay where they lie.)"""
    after = after.model_copy(
        update={"pending": (), "free_ball": False, "misses": 0, "miss_full_ball": False,
                "warned": False, "before": None, "replaced": False, "touching": position.touching}
    )
    extra.update(miss=False, miss_count=0)
    return after, ruling_for(after, striker, announcements, **extra)


def moved_by_other(
    position: SnookerPosition, declaration: SnookerDeclaration, outcome: SnookerOutcome
) -> tuple[SnookerPosition, SnookerRuling]:
    """S3 R15: balls moved by a non-striker, an outside agency or the referee between strokes go
    back without penalty (where ``final`` places them, else where they were); nothing else
    changes, the same seat is to play (or to choose)."""
    if declaration.choice is not None or declaration.nominated is not None or declaration.free_ball:
        raise SnookerInputError("balls moved by someone else (S3 R15) take no choice or nomination")
    if outcome.striker is not None:
        raise SnookerInputError("balls moved by someone else (S3 R15) have no striker")
    balls = position.balls()
    placed = {p.id: p for p in outcome.final}
    for ball in outcome.moved_by_other:
        if ball not in position.on_table_ids():
            raise SnookerInputError(f"'{ball}' moved by someone else (S3 R15) is not on the table")
        balls[ball] = placed.get(ball, balls[ball])
    new = position.model_copy(update={"pieces": tuple(balls.values())})
    moved = ", ".join(outcome.moved_by_other)
    said = [f"moved by another, replaced without penalty: {moved} (S3 R15)"]
    return new, ruling_for(new, position.to_move, said, action="replace_moved")
