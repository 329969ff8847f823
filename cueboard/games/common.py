"""Small pieces the three games' :class:`cueboard.games.protocol.Game` objects share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class RecordCheck:
    """Checks that a record handed to a game through the protocol is of the game's own type:
    ``check(SnookerPosition, position, "position")`` returns ``position`` typed as a
    ``SnookerPosition``, or raises ``error`` saying what was expected and what came."""

    game: str
    error: type[Exception] = TypeError

    def __call__(self, model: type[M], value: BaseModel, what: str) -> M:
        if not isinstance(value, model):
            raise self.error(f"{self.game} expects a {model.__name__} as {what}, not {type(value).__name__}")
        return value
