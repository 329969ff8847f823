"""Helpers the CLI's command modules share."""

from __future__ import annotations

import importlib


def import_game_module(prefix: str, game: str) -> bool:
    """Import ``cueboard.cli.<prefix>_<game>`` (where a game plugs its own part of a command in);
    False when the game has no such module. An import error inside the module is raised."""
    name = f"cueboard.cli.{prefix}_{game}"
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return False
    return True
