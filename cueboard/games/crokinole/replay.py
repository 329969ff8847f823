"""Replay a crokinole match record through the referee and compare each recorded ruling and
position with the referee's (``cueboard referee RECORD``).

The record's header holds the rules settings; the first shot's player is the first shooter.
"""

from __future__ import annotations

from cueboard.games.crokinole.errors import CrokinoleError
from cueboard.games.crokinole.game import new_position
from cueboard.games.crokinole.records import (
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
    CrokinoleRuling,
)
from cueboard.games.crokinole.referee import apply
from cueboard.records import compare
from cueboard.records.match import MatchRecord

ReplayStep = compare.ReplayStep[CrokinoleRuling, CrokinolePosition]
"""One shot replayed (:class:`cueboard.records.compare.ReplayStep`)."""


def replay(record: MatchRecord) -> list[ReplayStep]:
    """Referee every shot of ``record`` again, from the start of the game."""
    if record.header.game != "crokinole":
        raise CrokinoleError(f"this is a {record.header.game} record, not crokinole")
    if not record.shots:
        return []
    position = new_position(record.header.settings, starter=record.shots[0].player)
    steps: list[ReplayStep] = []
    for shot in record.shots:
        declaration = shot.declaration
        outcome = shot.outcome
        assert isinstance(declaration, CrokinoleDeclaration) and isinstance(outcome, CrokinoleOutcome)
        try:
            after, ruling = apply(position, declaration, outcome)
        except CrokinoleError as err:
            raise CrokinoleError(f"shot {shot.index}: {err}") from None
        differences = compare.shot_differences(shot, ruling, after)
        steps.append(ReplayStep(shot.index, shot.player, ruling, after, tuple(differences)))
        # Go on from the recorded position, so that one disagreement is reported once.
        recorded = shot.position_after
        assert isinstance(recorded, CrokinolePosition)
        position = recorded
    return steps
