"""Which record types each game uses, so that generic readers (match records, the CLI, the web
app) can validate a game's positions, strikes, outcomes and rulings by name."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from pydantic import BaseModel

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
    """The record types of ``game``; loads the game package on first use."""
    if game not in _REGISTRY:
        import importlib

        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(f"cueboard.games.{game}")
    try:
        return _REGISTRY[game]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise RecordError(f"unknown game '{game}' (known: {known})", field="game") from None
