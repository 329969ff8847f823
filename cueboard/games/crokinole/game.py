"""The crokinole :class:`cueboard.games.protocol.Game`: new positions, the physics (imported
lazily, only when a shot is simulated), the referee and the end of the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pydantic import BaseModel

from cueboard.engine.events import Event
from cueboard.games.common import RecordCheck
from cueboard.games.crokinole.errors import CrokinoleError
from cueboard.games.crokinole.records import (
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
    CrokinoleRuling,
    CrokinoleSettings,
    CrokinoleStrike,
)
from cueboard.games.crokinole.referee import apply, full_hands, is_over
from cueboard.records.base import Position, parse_record
from cueboard.records.registry import GameRecordTypes

RECORD_TYPES = GameRecordTypes(
    game="crokinole",
    position=CrokinolePosition,
    strike=CrokinoleStrike,
    declaration=CrokinoleDeclaration,
    outcome=CrokinoleOutcome,
    ruling=CrokinoleRuling,
)


def new_position(
    settings: Mapping[str, Any] | CrokinoleSettings | None = None,
    *,
    seed: int = 0,
    starter: int | None = None,
) -> CrokinolePosition:
    """The start of a game. The first shooter is drawn at random from the seats in play with a
    generator seeded by ``seed`` (seed 003 "Thiết lập": "Chọn trình phát bắt đầu ngẫu nhiên"),
    unless ``starter`` names the seat."""
    if isinstance(settings, CrokinoleSettings):
        s = settings
    else:
        s = parse_record(CrokinoleSettings, dict(settings or {}), prefix="settings")
    if starter is None:
        starter = int(np.random.default_rng(seed).choice(s.seats))
    elif starter not in s.seats:
        raise CrokinoleError(f"starter: seat {starter} is not in play with {s.players} players {s.seats}")
    return CrokinolePosition(
        pieces=(), settings=s, to_move=starter, round_starter=starter,
        discs_left=full_hands(s.seats, s.discs),
    )


_as = RecordCheck("crokinole", CrokinoleError)


class CrokinoleGame:
    """Crokinole for :func:`cueboard.games.protocol.get_game`."""

    name = "crokinole"
    records = RECORD_TYPES

    def new_position(self, settings: Mapping[str, Any] | None = None, *, seed: int = 0) -> Position:
        return new_position(settings, seed=seed)

    def simulate(
        self, position: Position, declaration: BaseModel, strike: BaseModel
    ) -> tuple[tuple[Event, ...], BaseModel]:
        """Flick the next disc with the physics engine: the events and the outcome facts."""
        from cueboard.games.crokinole.simulate import simulate_strike

        pos: CrokinolePosition = _as(CrokinolePosition, position, "position")
        _as(CrokinoleDeclaration, declaration, "declaration")
        return simulate_strike(pos, _as(CrokinoleStrike, strike, "strike"))

    def apply(
        self, position: Position, declaration: BaseModel, outcome: BaseModel, rng: np.random.Generator
    ) -> tuple[Position, BaseModel]:
        """The referee (no chance is involved: ``rng`` is unused)."""
        return apply(
            _as(CrokinolePosition, position, "position"),
            _as(CrokinoleDeclaration, declaration, "declaration"),
            _as(CrokinoleOutcome, outcome, "outcome"),
        )

    def is_over(self, position: Position) -> bool:
        return is_over(_as(CrokinolePosition, position, "position"))


GAME = CrokinoleGame()
