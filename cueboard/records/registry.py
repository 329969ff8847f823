"""Which record types each game uses, so that generic readers (match records, the CLI, the web
app) can validate a game's positions, strikes, outcomes and rulings by name."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from cueboard.errors import UnknownGameError
from cueboard.records.base import Position, RecordError


@dataclass(frozen=True)
class GameRecordTypes:
    """The record models of one game."""

    game: str
    position: type[Position]
    strike: type[BaseModel]
    declaration: type[BaseModel]
    outcome: type[BaseModel]
    ruling: type[BaseModel]


_REGISTRY: dict[str, GameRecordTypes] = {}


def register_game_records(types: GameRecordTypes) -> None:
    """Register (or replace) the record types of a game."""
    _REGISTRY[types.game] = types


def record_types(game: str) -> GameRecordTypes:
    """The record types of ``game``: the installed game's (:mod:`cueboard.registry`, loaded on
    first use), or those registered here; a RecordError naming the installed games otherwise."""
    if game not in _REGISTRY:
        from cueboard.registry import get_game

        try:
            types = get_game(game).records
        except UnknownGameError as err:
            raise RecordError(str(err), field="game") from None
        _REGISTRY.setdefault(game, types)
    return _REGISTRY[game]
