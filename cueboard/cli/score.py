"""``cueboard score GAME``: keep the score of a real game by hand (scoreboard mode).

``score_app`` is a typer group mounted on the main app as ``score``. Each game's command lives in
its own module, ``cueboard/cli/score_<game>.py``, which imports ``score_app`` from here and adds
its command with ``@score_app.command("<game>")``; :func:`_register_games` imports those modules
for every installed game (:func:`cueboard.registry.game_names`; a game without such a module has no
``score`` command). The commands read one report per line, so they work interactively and with
piped input.
"""

from __future__ import annotations

import typer

from cueboard.cli._common import import_game_module
from cueboard.cli.main import app

score_app = typer.Typer(
    name="score",
    help="Keep the score of a real game: report what happened, get the referee's rulings.",
    no_args_is_help=True,
)
app.add_typer(score_app, name="score")


def _register_games() -> None:
    """Import ``cueboard.cli.score_<game>`` for every game that has one."""
    from cueboard.registry import game_names

    for game in game_names():
        import_game_module("score", game)


_register_games()
