"""Replay a novuss match record through the referee and compare each recorded ruling and position
with the referee's (``cueboard referee RECORD``).

The record's header holds the rules settings (``players``); the game starts from the set-up and
the first shot's player is the first to strike.
"""

from __future__ import annotations

from cueboard.games.novuss.game import GAME
from cueboard.games.novuss.records import NovussOutcome, NovussPosition, NovussRuling
from cueboard.games.novuss.referee import IllegalStrokeError, apply
from cueboard.records import compare
from cueboard.records.match import MatchRecord

ReplayStep = compare.ReplayStep[NovussRuling, NovussPosition]
"""One stroke replayed (:class:`cueboard.records.compare.ReplayStep`)."""


def replay(record: MatchRecord) -> list[ReplayStep]:
    """Referee every stroke of ``record`` again, from the set-up."""
    if record.header.game != "novuss":
        raise IllegalStrokeError(f"this is a {record.header.game} record, not novuss")
    if not record.shots:
        return []
    start = GAME.new_position(record.header.settings)
    position = NovussPosition.model_validate({**start.model_dump(), "to_move": record.shots[0].player})
    steps: list[ReplayStep] = []
    for shot in record.shots:
        outcome = shot.outcome
        if not isinstance(outcome, NovussOutcome):
            raise IllegalStrokeError(f"shot {shot.index}: the outcome is not a novuss outcome")
        differences: list[str] = []
        if shot.player != position.to_move:
            differences.append(
                f"player: recorded seat {shot.player}, referee seat {position.to_move} to strike"
            )
        try:
            after, ruling = apply(position, outcome)
        except IllegalStrokeError as err:
            raise IllegalStrokeError(f"shot {shot.index}: {err}") from None
        differences += compare.shot_differences(shot, ruling, after)
        steps.append(ReplayStep(shot.index, shot.player, ruling, after, tuple(differences)))
        # Go on from the recorded position, so that one disagreement is reported once.
        recorded = shot.position_after
        position = recorded if isinstance(recorded, NovussPosition) else after
    return steps
