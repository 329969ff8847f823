"""Replay a match record through its game's referee (``cueboard referee RECORD``), for every game
through the :class:`~cueboard.games.protocol.Game` interface.

Each recorded shot is refereed again from the position before it, and the referee's ruling and
position after are compared with the record's (:func:`cueboard.records.compare.shot_differences`);
a shot played by a seat that was not to move is flagged too. The next shot starts from the
*recorded* position, so that one disagreement is reported once. A chance event in the referee's
decision (the lots for a re-spotted black) takes the result the record shows, when one of its
results gives the recorded position.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from pydantic import BaseModel

from cueboard.games.protocol import AnyGame, chance, get_game, next_frame
from cueboard.records import compare
from cueboard.records.base import Position, RecordError
from cueboard.records.match import MatchRecord, ShotEntry

ReplayStep = compare.ReplayStep[Any, Any]
"""One shot replayed (:class:`cueboard.records.compare.ReplayStep`)."""


def start_of(game: AnyGame, record: MatchRecord) -> Position:
    """The position the record starts from: the header's settings and seed, the first shot's
    player to move first."""
    first = record.shots[0].player if record.shots else None
    return game.new_position(record.header.settings, seed=record.header.seed, first=first)


def referee_shot(
    game: AnyGame, position: Position, shot: ShotEntry, rng: np.random.Generator
) -> tuple[Position, BaseModel]:
    """The referee's decision on ``shot`` from ``position``; a chance event takes the result that
    gives the recorded position after the shot (else it is drawn from ``rng``)."""
    lots = chance(game)
    outcomes = () if lots is None else lots.chance_outcomes(position, shot.declaration, shot.outcome)
    for drawn in outcomes:
        assert lots is not None
        after, ruling = lots.apply_chance(position, shot.declaration, shot.outcome, drawn.value)
        if after == shot.position_after:
            return after, ruling
    after, ruling = game.apply(position, shot.declaration, shot.outcome, rng)
    return after, ruling


def referee_step(game: AnyGame, position: Position, shot: ShotEntry, rng: np.random.Generator,
                 found: tuple[str, ...] = ()) -> ReplayStep:
    """``shot`` refereed from ``position``: the referee's ruling and position, and where the
    record differs from them (after the differences ``found`` before the shot); a shot the rules
    refuse is a :class:`RecordError` naming it."""
    differences = list(found)
    to_move = game.to_move(position)
    if shot.player != to_move:
        differences.append(f"player: recorded seat {shot.player}, referee seat {to_move} to play")
    try:
        after, ruling = referee_shot(game, position, shot, rng)
    except ValueError as err:
        raise RecordError(str(err), shot=shot.index) from None
    differences += compare.shot_differences(shot, ruling, after)
    return compare.ReplayStep(shot.index, shot.player, ruling, after, tuple(differences))


def claimed(game: AnyGame, record: MatchRecord, position: Position) -> Position:
    """The position a match ends at when the record holds a claim (an absent player's side lost
    the match): a game that awards a claimed match (a method ``awarded(position, side)``; snooker's
    is WPBSA Section 4 Rule 3, the frame in progress and the frames needed to complete the match)
    awards it from ``position`` — the next frame's break-off when a frame is over, where the claim
    was made; any other game's position stands as it was."""
    claims = [i for i in record.header.incidents if i.kind == "claim"]
    award = getattr(game, "awarded", None)
    if not claims or award is None:
        return position
    claim = claims[-1]
    following = next_frame(game, position)
    if following is not None:
        position = following
    if claim.by is not None:
        side = game.side_of(position, claim.by)
    else:
        side = 1 - game.side_of(position, claim.player)
    try:
        result: Position = award(position, side)
    except ValueError as err:
        raise RecordError(f"the claim after {claim.at} shots cannot be awarded: {err}",
                          field="header.incidents") from None
    return result


def replay(record: MatchRecord, game: AnyGame | None = None) -> list[ReplayStep]:
    """Referee every shot of ``record`` again (RecordError naming the shot when the referee
    refuses one)."""
    game = game or get_game(record.header.game)
    if record.header.game != game.name:
        raise RecordError(f"this is a {record.header.game} record, not {game.name}", field="header.game")
    if not record.shots:
        return []
    position = start_of(game, record)
    rng = np.random.default_rng(record.header.seed)
    steps: list[ReplayStep] = []
    for shot in record.shots:
        following = next_frame(game, position)
        if following is not None:
            position = following
        steps.append(referee_step(game, position, shot, rng))
        recorded = shot.position_after
        if not isinstance(recorded, Position):
            raise RecordError("not a position", field="position_after", shot=shot.index)
        position = recorded
    return steps
