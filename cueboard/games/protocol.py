"""The interface every game offers to the AI players, the web app, the CLI and the match runner.

The flow of one shot (DESIGN.md):
``simulate(position, declaration, strike) -> (events, outcome)`` then
``apply(position, declaration, outcome, rng) -> (position after, ruling)``.
The referee part (``apply``) never uses the physics: scoreboard mode builds the outcome by hand.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np
from pydantic import BaseModel

from cueboard.engine.events import Event
from cueboard.records.base import Position
from cueboard.records.registry import GameRecordTypes


class Game(Protocol):
    """One game's rules, physics and record types."""

    name: str
    records: GameRecordTypes

    def new_position(self, settings: Mapping[str, Any] | None = None, *, seed: int = 0) -> Position:
        """The position at the start of a frame / round / game with these rules settings."""
        ...

    def simulate(
        self, position: Position, declaration: BaseModel, strike: BaseModel
    ) -> tuple[tuple[Event, ...], BaseModel]:
        """Play ``strike`` with the physics engine: the events and the outcome facts."""
        ...

    def apply(
        self,
        position: Position,
        declaration: BaseModel,
        outcome: BaseModel,
        rng: np.random.Generator,
    ) -> tuple[Position, BaseModel]:
        """The referee: the position after the shot and the ruling."""
        ...

    def is_over(self, position: Position) -> bool:
        """Whether the frame / game has ended."""
        ...


def get_game(name: str) -> Game:
    """The game called ``name`` (ValueError naming the known games otherwise)."""
    from cueboard.games import GAME_NAMES

    if name not in GAME_NAMES:
        raise ValueError(f"unknown game '{name}' (choose one of: {', '.join(GAME_NAMES)})")
    module = importlib.import_module(f"cueboard.games.{name}")
    game: Game = module.GAME
    return game
