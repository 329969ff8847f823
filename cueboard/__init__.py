"""cueboard: snooker, crokinole and novuss from their official rules.

An event-driven physics engine moves the pieces, one referee per game turns what happened into a
ruling, AI players search over shots with the engine, and a web app lets people play.

The public API (docs/api.md), after python-chess and pooltool: every game through one interface.

>>> import cueboard
>>> game = cueboard.get_game("crokinole")
>>> position = game.new_position({"players": 2}, first=0)
>>> game.to_move(position), game.turn(position).action
(0, 'strike')

Names are imported on first use (PEP 562), so ``import cueboard`` stays light and never loads
the physics engine by itself.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING

try:
    __version__ = version("cueboard")
except PackageNotFoundError:  # pragma: no cover - running from a source tree without install
    __version__ = "0.0.0"

if TYPE_CHECKING:
    from cueboard.ai.agent import Agent, Decision
    from cueboard.ai.registry import make_agent
    from cueboard.engine.events import Event, EventKind
    from cueboard.errors import (
        CueboardError,
        CueboardInputError,
        MoveError,
        PositionError,
        RecordError,
        SettingsError,
        StrikeError,
        UnknownGameError,
    )
    from cueboard.games import GAME_NAMES
    from cueboard.games.protocol import (
        Capability,
        ChanceOutcome,
        Game,
        GameOutcome,
        IllegalChoiceError,
        IllegalPlacementError,
        PlacementArea,
        StrikeParameter,
        Termination,
        Turn,
        get_game,
    )
    from cueboard.games.replay import replay
    from cueboard.records.base import Piece, PieceState, Position
    from cueboard.records.match import MatchRecord, ShotEntry, read_match, write_match
    from cueboard.records.ruling import Call, Ruling
    from cueboard.registry import game_names

#: Public name -> the module that defines it.
_EXPORTS = {
    "Agent": "cueboard.ai.agent",
    "Decision": "cueboard.ai.agent",
    "make_agent": "cueboard.ai.registry",
    "Event": "cueboard.engine.events",
    "EventKind": "cueboard.engine.events",
    "CueboardError": "cueboard.errors",
    "CueboardInputError": "cueboard.errors",
    "MoveError": "cueboard.errors",
    "PositionError": "cueboard.errors",
    "RecordError": "cueboard.errors",
    "SettingsError": "cueboard.errors",
    "StrikeError": "cueboard.errors",
    "GAME_NAMES": "cueboard.games",
    "ChanceOutcome": "cueboard.games.protocol",
    "Game": "cueboard.games.protocol",
    "GameOutcome": "cueboard.games.protocol",
    "IllegalChoiceError": "cueboard.games.protocol",
    "IllegalPlacementError": "cueboard.games.protocol",
    "PlacementArea": "cueboard.games.protocol",
    "StrikeParameter": "cueboard.games.protocol",
    "Termination": "cueboard.games.protocol",
    "Turn": "cueboard.games.protocol",
    "UnknownGameError": "cueboard.errors",
    "Capability": "cueboard.games.protocol",
    "game_names": "cueboard.registry",
    "get_game": "cueboard.games.protocol",
    "replay": "cueboard.games.replay",
    "Piece": "cueboard.records.base",
    "PieceState": "cueboard.records.base",
    "Position": "cueboard.records.base",
    "MatchRecord": "cueboard.records.match",
    "ShotEntry": "cueboard.records.match",
    "read_match": "cueboard.records.match",
    "write_match": "cueboard.records.match",
    "Call": "cueboard.records.ruling",
    "Ruling": "cueboard.records.ruling",
}


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cueboard' has no attribute '{name}'")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "GAME_NAMES",
    "Agent",
    "Call",
    "Capability",
    "ChanceOutcome",
    "CueboardError",
    "CueboardInputError",
    "Decision",
    "Event",
    "EventKind",
    "Game",
    "GameOutcome",
    "IllegalChoiceError",
    "IllegalPlacementError",
    "MatchRecord",
    "MoveError",
    "Piece",
    "PieceState",
    "PlacementArea",
    "Position",
    "PositionError",
    "RecordError",
    "Ruling",
    "SettingsError",
    "ShotEntry",
    "StrikeError",
    "StrikeParameter",
    "Termination",
    "Turn",
    "UnknownGameError",
    "__version__",
    "game_names",
    "get_game",
    "make_agent",
    "read_match",
    "replay",
    "write_match",
]
