"""Per-game adapters of the web app (see :mod:`cueboard.app.games.base`)."""

from __future__ import annotations

import importlib

from cueboard.app.games.base import ChoiceError, GameAdapter, Message, PlacementError, Setting
from cueboard.games import GAME_NAMES

__all__ = ["ChoiceError", "GameAdapter", "Message", "PlacementError", "Setting", "adapter", "available_games"]

_CLASSES = {
    "snooker": ("cueboard.app.games.snooker", "SnookerAdapter"),
    "crokinole": ("cueboard.app.games.crokinole", "CrokinoleAdapter"),
    "novuss": ("cueboard.app.games.novuss", "NovussAdapter"),
}
_CACHE: dict[str, GameAdapter] = {}


def adapter(game: str) -> GameAdapter:
    """The adapter of ``game`` (ValueError naming the games the app can play otherwise)."""
    if game not in _CACHE:
        if game not in GAME_NAMES or game not in _CLASSES:
            raise ValueError(f"unknown game '{game}' (choose one of: {', '.join(GAME_NAMES)})")
        module, cls = _CLASSES[game]
        _CACHE[game] = getattr(importlib.import_module(module), cls)()
    return _CACHE[game]


def available_games() -> list[str]:
    """The games whose rules, physics and adapter are installed (a game still being written is
    left out of the lobby rather than offered half-working)."""
    out = []
    for game in GAME_NAMES:
        try:
            a = adapter(game)
            g = a.game
            g.new_position(a.rules_settings(2, {}), seed=0)
        except (ImportError, AttributeError, ValueError):
            continue
        if not _has_physics(game):
            continue
        out.append(game)
    return out


def _has_physics(game: str) -> bool:
    try:
        importlib.import_module(f"cueboard.games.{game}.physics")
    except ImportError:
        return False
    return True
