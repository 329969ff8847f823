"""cueboard's own games. Each package ``cueboard.games.<name>`` exposes ``GAME``, an object that
follows :class:`cueboard.games.protocol.Game`, registered as an entry point of the
``cueboard.games`` group (:mod:`cueboard.registry`, where every user of a game finds it)."""

from __future__ import annotations


def __getattr__(name: str) -> tuple[str, ...]:
    """``GAME_NAMES``: the installed games' names (:func:`cueboard.registry.game_names`)."""
    if name == "GAME_NAMES":
        from cueboard.registry import game_names

        return game_names()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
