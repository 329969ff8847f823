"""``cueboard score GAME``: keep the score of a real game by hand (scoreboard mode).

``score_app`` is a typer group mounted on the main app as ``score``. Each game's command lives in
its own module, named by the game's entry point in the ``cueboard.score`` group (cueboard's own
are ``cueboard/cli/score_<game>.py``); the module imports ``score_app`` from here and adds its
command with ``@score_app.command("<game>")``. :func:`_register_games` loads that entry point for
every installed game (:func:`cueboard.registry.game_names`; a game without one has no ``score``
command). The commands read one report per line, so they work interactively and with
piped input.
"""

from __future__ import annotations

import typer

from cueboard.cli.main import app

score_app = typer.Typer(
    name="score",
    help="Keep the score of a real game: report what happened, get the referee's rulings.",
    no_args_is_help=True,
)
app.add_typer(score_app, name="score")


def _register_games() -> None:
    """Load the ``cueboard.score`` entry point of every game that has one (loading adds it)."""
    from cueboard.registry import SCORE, extension, game_names

    for game in game_names():
        extension(SCORE, game)


_register_games()
