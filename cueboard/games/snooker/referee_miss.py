"""The miss rule as rules/snooker.md fixes it for software (S2 D20, S3 R14).

A foul in which the cue ball did not first hit a ball on is "foul and a miss" unless (1) either
side needed snookers before the stroke or after the penalty, (2) only the black remained, or
(3) it was impossible to hit a ball on by a straight, one- or two-cushion path. Strictness
``amateur`` calls a miss only where a straight path to some part of a ball on was clear
(S3 R14(c)); ``off`` never. After a miss from a position offering a full-ball contact, a further
failure from the replaced position is a miss whatever the score; the third loses the frame.
A person's call (``outcome.miss``) overrides all of this.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from cueboard.games.snooker import geometry
from cueboard.games.snooker.position import MissStrictness, SnookerPosition
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.games.snooker.referee_fouls import StrokeContext
from cueboard.games.snooker.table import COLOURS_IN_ORDER


@dataclass(frozen=True)
class MissFacts:
    """The facts of the miss rule for one foul stroke; geometric ones computed on demand."""

    position: SnookerPosition
    outcome: SnookerOutcome
    on: tuple[str, ...]
    candidate: bool
    snookers_needed: bool
    only_black: bool

    def _cue(self) -> tuple[float, float] | None:
        if self.position.in_hand:
            return None
        white = self.position.piece("white")
        return (white.x, white.y)

    @cached_property
    def full_ball(self) -> bool:
        if self.outcome.full_ball is not None:
            return self.outcome.full_ball
        if not self.position.rules.geometry:
            return False
        layout = geometry.layout_of(self.position.pieces)
        return geometry.full_ball_visible(self._cue(), self.on, layout)

    @cached_property
    def clear_path(self) -> bool:
        if not self.position.rules.geometry:
            return True
        layout = geometry.layout_of(self.position.pieces)
        return geometry.clear_path(self._cue(), self.on, layout)

    @cached_property
    def impossible(self) -> bool:
        if not self.position.rules.geometry:
            return False
        layout = geometry.layout_of(self.position.pieces)
        return not geometry.can_hit(self._cue(), self.on, layout)


def miss_facts(
    position: SnookerPosition,
    ctx: StrokeContext,
    outcome: SnookerOutcome,
    after: SnookerPosition,
    penalty: int,
    hit_on_first: bool,
) -> MissFacts:
    """Collect the facts before judging (``after``: the position with the penalty added)."""
    on = set(ctx.on)
    if ctx.ball_on == "colour" and ctx.nominated is None:
        on = {c for c in COLOURS_IN_ORDER if c in position.on_table_ids()}
    needed = any(position.needs_snookers(s) or after.needs_snookers(s) for s in (0, 1))
    only_black = position.on_table_ids() == ("black",)
    return MissFacts(position, outcome, tuple(sorted(on)), not hit_on_first, needed, only_black)


def is_miss(position: SnookerPosition, facts: MissFacts) -> bool:
    """Whether the foul is also a miss (see the module docstring)."""
    if not facts.candidate:
        return False
    if facts.outcome.miss is not None:
        return facts.outcome.miss
    if position.rules.miss is MissStrictness.OFF or facts.only_black:
        return False
    if position.replaced and position.miss_full_ball and position.misses >= 1:
        return True  # S3 R14: a further failure from the replaced full-ball position, whatever the score
    if facts.snookers_needed:
        return False
    if position.rules.miss is MissStrictness.AMATEUR:
        return facts.clear_path
    return not facts.impossible
