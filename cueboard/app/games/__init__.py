"""The web app's presentation of each game (see :mod:`cueboard.app.games.base`), found through
the game registry (:mod:`cueboard.registry`): a game's ``cueboard.app`` entry point names its
adapter; a game without one gets the generic :class:`GameAdapter`."""

from __future__ import annotations

from cueboard.app.games.base import ChoiceError, GameAdapter, Message, PlacementError, Setting
from cueboard.registry import APP, extension, game_names

__all__ = ["ChoiceError", "GameAdapter", "Message", "PlacementError", "Setting", "adapter", "available_games"]

_CACHE: dict[str, GameAdapter] = {}


def adapter(game: str) -> GameAdapter:
    """The adapter of ``game`` (:class:`cueboard.errors.UnknownGameError` naming the installed
    games otherwise)."""
    if game not in _CACHE:
        cls = extension(APP, game) or GameAdapter
        _CACHE[game] = cls(game)
    return _CACHE[game]


def available_games() -> list[str]:
    """The installed games that set up a position with the lobby's defaults (a game that fails to
    is left out of the lobby rather than offered half-working)."""
    out = []
    for game in game_names():
        try:
            a = adapter(game)
            a.game.new_position(a.rules_settings(min(a.player_counts), {}), seed=0)
        except (ImportError, AttributeError, ValueError):
            continue
        out.append(game)
    return out
