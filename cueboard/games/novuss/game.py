"""The novuss :class:`~cueboard.games.protocol.Game`: set-up, stroke, referee, end of the game."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
from pydantic import BaseModel

from cueboard.engine.events import Event
from cueboard.games.common import RecordCheck
from cueboard.games.novuss.board import STANDARD_BOARD
from cueboard.games.novuss.geometry import check_striker_placement, initial_pieces
from cueboard.games.novuss.records import (
    NovussDeclaration,
    NovussOutcome,
    NovussPosition,
    NovussStrike,
    striker_id,
)
from cueboard.games.novuss.referee import apply as referee_apply
from cueboard.records.base import PieceState, Position
from cueboard.records.registry import GameRecordTypes, record_types


class IllegalPlacementError(ValueError):
    """The striker may not be placed there (rules/novuss.md "Set-up and turns"); says why."""


_as = RecordCheck("novuss")


def place_striker(position: NovussPosition, strike: NovussStrike) -> NovussPosition:
    """The position with the striking seat's striker placed for ``strike`` (refused with
    :class:`IllegalPlacementError` naming the reason when the placement breaks the rules)."""
    if position.winner is not None:
        raise IllegalPlacementError(f"the game is over: side {position.winner} has won")
    seat = position.to_move
    reason = check_striker_placement(seat, strike.x, strike.y, position.pieces, STANDARD_BOARD)
    if reason is not None:
        raise IllegalPlacementError(reason)
    sid = striker_id(seat)
    pieces = tuple(
        p.model_copy(update={"x": strike.x, "y": strike.y, "state": PieceState.ON_TABLE})
        if p.id == sid
        else p
        for p in position.pieces
    )
    return position.model_copy(update={"pieces": pieces})


class NovussGame:
    """Novuss (seed 004, rules/novuss.md). Settings: ``players`` 2 (default) or 4."""

    name = "novuss"

    records: GameRecordTypes = record_types("novuss")

    def new_position(self, settings: Mapping[str, Any] | None = None, *, seed: int = 0) -> NovussPosition:
        """The set-up; seat 0 strikes first (who breaks is decided off the board)."""
        settings = dict(settings or {})
        players = settings.pop("players", 2)
        if settings:
            raise ValueError(f"unknown novuss setting(s): {', '.join(sorted(settings))} (known: players)")
        if players not in (2, 4):
            raise ValueError(f"novuss is played by 2 or 4 players, not {players!r}")
        return NovussPosition(pieces=initial_pieces(players), players=players)

    def simulate(
        self, position: Position, declaration: BaseModel, strike: BaseModel
    ) -> tuple[tuple[Event, ...], NovussOutcome]:
        """Place the striker, play the stroke with the disc physics, and find the facts."""
        from cueboard.games.novuss.outcome import outcome_of
        from cueboard.games.novuss.physics import simulate_stroke

        pos = _as(NovussPosition, position, "position")
        _as(NovussDeclaration, declaration, "declaration")
        stk = _as(NovussStrike, strike, "strike")
        placed = place_striker(pos, stk)
        sid = striker_id(pos.to_move)
        a = math.radians(stk.angle)
        velocity = (stk.speed * math.cos(a), stk.speed * math.sin(a))
        on_table = tuple(p for p in placed.pieces if p.on_table)
        events, final = simulate_stroke(on_table, sid, velocity)
        outcome = outcome_of(events, final, pos, sid)
        return tuple(events), outcome

    def apply(
        self,
        position: Position,
        declaration: BaseModel,
        outcome: BaseModel,
        rng: np.random.Generator,
    ) -> tuple[NovussPosition, BaseModel]:
        """The referee (deterministic: ``rng`` is not used, novuss draws no lots)."""
        pos = _as(NovussPosition, position, "position")
        return referee_apply(pos, _as(NovussOutcome, outcome, "outcome"))

    def is_over(self, position: Position) -> bool:
        return _as(NovussPosition, position, "position").winner is not None


GAME = NovussGame()
