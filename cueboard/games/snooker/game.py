"""Snooker as a :class:`cueboard.games.protocol.Game`: records, opening position, physics (lazy),
referee, end of frame. Importing this module never imports the physics engine."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from cueboard.games.common import RecordCheck
from cueboard.games.snooker.declaration import SnookerDeclaration
from cueboard.games.snooker.position import SnookerPosition
from cueboard.games.snooker.records import SnookerOutcome, SnookerStrike
from cueboard.games.snooker.ruling import SnookerRuling
from cueboard.records.base import Position
from cueboard.records.registry import GameRecordTypes

if TYPE_CHECKING:
    import numpy as np

    from cueboard.engine.events import Event

RECORD_TYPES = GameRecordTypes(
    game="snooker",
    position=SnookerPosition,
    strike=SnookerStrike,
    declaration=SnookerDeclaration,
    outcome=SnookerOutcome,
    ruling=SnookerRuling,
)


_as = RecordCheck("snooker")


class SnookerGame:
    """The snooker game object (``cueboard.games.snooker.GAME``)."""

    name = "snooker"
    records = RECORD_TYPES

    def new_position(self, settings: Mapping[str, Any] | None = None, *, seed: int = 0) -> Position:
        """The opening position of a match (settings: :class:`SnookerRules` fields)."""
        from cueboard.games.snooker.match import new_position

        return new_position(settings, seed=seed)

    def simulate(
        self, position: Position, declaration: BaseModel, strike: BaseModel
    ) -> tuple[tuple[Event, ...], BaseModel]:
        """Play ``strike`` with the physics (imported here, never by the referee)."""
        from cueboard.games.snooker.physics import simulate_shot

        pos = _as(SnookerPosition, position, "position")
        stroke = _as(SnookerStrike, strike, "strike")
        events, outcome = simulate_shot(pos, stroke)
        if pos.in_hand and stroke.place_cue_ball is not None and outcome.cue_ball_placed is None:
            # where the cue ball was played from, for the referee's check of the D (S3 R5)
            outcome = outcome.model_copy(update={"cue_ball_placed": stroke.place_cue_ball})
        return tuple(events), outcome

    def apply(
        self, position: Position, declaration: BaseModel, outcome: BaseModel, rng: np.random.Generator
    ) -> tuple[Position, BaseModel]:
        """The referee (:func:`cueboard.games.snooker.referee.apply`)."""
        from cueboard.games.snooker.referee import apply

        return apply(
            _as(SnookerPosition, position, "position"),
            _as(SnookerDeclaration, declaration, "declaration"),
            _as(SnookerOutcome, outcome, "outcome"),
            rng,
        )

    def is_over(self, position: Position) -> bool:
        """Whether the frame has ended (``match_over`` on the position tells the match)."""
        return bool(_as(SnookerPosition, position, "position").frame_over)


GAME = SnookerGame()
