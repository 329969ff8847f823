"""The one place cueboard finds its games: Python entry points.

A game is a separate concern from everything that uses it. A package — cueboard itself, or any
other installed distribution — offers a game by declaring entry points in its ``pyproject.toml``:

.. code-block:: toml

    [project.entry-points."cueboard.games"]
    mygame = "mygame.rules:GAME"            # an object that follows cueboard.games.protocol.Game

    [project.entry-points."cueboard.ai"]
    mygame = "mygame.ai"                    # optional: a module with make_ai(level, noise_scale)

    [project.entry-points."cueboard.app"]
    mygame = "mygame.web:MyGameAdapter"     # optional: the web app's presentation of the game

    [project.entry-points."cueboard.score"]
    mygame = "mygame.cli_score"             # optional: adds `cueboard score mygame` when loaded

    [project.entry-points."cueboard.referee"]
    mygame = "mygame.cli_referee"           # optional: registers its record replayer when loaded

Only ``cueboard.games`` is required: the CLI, the match runner, the batch runners, the RL
environments and the web app's JSON API all find a game here and use its
:class:`~cueboard.games.protocol.Game` interface and the capabilities it declares. The ``ai``
and ``app`` groups let a game bring its own computer players and its own table drawing; a game
without them has no AI levels and gets the app's generic presentation. The ``score`` and
``referee`` groups name modules that plug the game into the CLI's ``cueboard score`` and
``cueboard referee`` commands when they are loaded (see :mod:`cueboard.cli.score` and
:mod:`cueboard.cli.referee`); without them the game has no hand-scoring command and its records
are replayed generically.

Entry points are read once and cached; :func:`refresh` reads them again (after installing a
package into a running interpreter, or in tests). This module imports no game: entry points load
by name, so every layer — the records included — may ask the registry.
"""

from __future__ import annotations

import functools
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any

from cueboard.errors import UnknownGameError

if TYPE_CHECKING:
    from cueboard.games.protocol import AnyGame

#: The entry-point groups (``GAMES`` is the one a game must have).
GAMES = "cueboard.games"
AI = "cueboard.ai"
APP = "cueboard.app"
SCORE = "cueboard.score"
REFEREE = "cueboard.referee"

#: cueboard's own games come first, in this order (the lobby's and the CLI's order); games from
#: other packages follow in alphabetical order.
BUILT_IN = ("snooker", "crokinole", "novuss")


@functools.cache
def _group(group: str) -> dict[str, EntryPoint]:
    found: dict[str, EntryPoint] = {}
    for ep in entry_points(group=group):
        found.setdefault(ep.name, ep)  # the first distribution on sys.path wins, as for imports
    return found


@functools.cache
def _loaded(group: str, name: str) -> Any:
    return _group(group)[name].load()


def refresh() -> None:
    """Forget what was read and loaded, so the next look-up reads the entry points again."""
    _group.cache_clear()
    _loaded.cache_clear()


def game_names() -> tuple[str, ...]:
    """The names of the installed games: cueboard's own first, then the others alphabetically."""
    names = _group(GAMES)
    if not names:
        raise UnknownGameError(
            "no game is registered: cueboard's entry points are missing (install the package, "
            "e.g. `pip install -e .`, so that its 'cueboard.games' entry points exist)"
        )
    own = [n for n in BUILT_IN if n in names]
    return (*own, *sorted(n for n in names if n not in BUILT_IN))


def check_game_name(name: str) -> str:
    """``name`` when a game of that name is installed; :class:`UnknownGameError` naming the known
    games otherwise."""
    known = game_names()
    if name not in known:
        raise UnknownGameError(f"unknown game '{name}' (choose one of: {', '.join(known)})")
    return name


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (:class:`UnknownGameError` naming the known games otherwise)."""
    game: AnyGame = _loaded(GAMES, check_game_name(name))
    return game


def extension(group: str, name: str) -> Any | None:
    """What the entry point ``name`` of ``group`` (:data:`AI`, :data:`APP`, :data:`SCORE`,
    :data:`REFEREE`) loads, or None when
    the game offers none. The game itself must be installed (:class:`UnknownGameError`)."""
    check_game_name(name)
    if name not in _group(group):
        return None
    return _loaded(group, name)


__all__ = ["AI", "APP", "BUILT_IN", "GAMES", "REFEREE", "SCORE", "check_game_name", "extension",
           "game_names", "get_game", "refresh"]
