"""What only a referee at the table sees, reported in the outcome (docs/rules/snooker.md,
"Reported facts"): a foul committed without a stroke (S3 R11, R14) and balls moved by a
non-striker, an outside agency or the referee (S3 R15). A ball falling into a pocket by itself
(S3 R9) is judged with the stroke, in :mod:`cueboard.games.snooker.referee`."""

from __future__ import annotations

from typing import Any

from cueboard.games.snooker.declaration import SnookerDeclaration
from cueboard.games.snooker.position import SnookerInputError, SnookerPosition
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.games.snooker.referee_frame import ruling_for
from cueboard.games.snooker.ruling import SnookerRuling


def foul_without_stroke(
    position: SnookerPosition,
    after: SnookerPosition,
    striker: int,
    snookered: bool,
    announcements: list[str],
    extra: dict[str, Any],
) -> tuple[SnookerPosition, SnookerRuling]:
    """A foul with no stroke (S3 R11: the turn ends at once; S3 R14: no miss without a stroke): the
    incoming player may play or put the offender in, and a count of misses with its warning stays
    in force for the offender's next attempt from a replaced position. ``after`` is the position
    with the penalty added; ``snookered``: a free ball for the incoming player (S3 R10)."""
    keep = position.replaced
    after = after.model_copy(
        update={
            "pending": ("play", "put_back"),
            "free_ball": snookered,
            "misses": position.misses if keep else 0,
            "miss_full_ball": position.miss_full_ball if keep else False,
            "warned": position.warned if keep else False,
            "before": position.before if keep else None,
            "replaced": keep,
            "touching": position.touching,
        }
    )
    if snookered:
        announcements.append("free ball")
    extra.update(miss=False, miss_count=0)
    return after, ruling_for(after, striker, announcements, **extra)


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
