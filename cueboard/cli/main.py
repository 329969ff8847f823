"""``cueboard`` — the command line entry point.

Each command lives in its own module of this package and is registered on ``app`` below.
"""

from __future__ import annotations

import typer
from rich.console import Console

from cueboard import __version__

app = typer.Typer(
    name="cueboard",
    help="Snooker, crokinole and novuss: simulate, referee, play against the AI, serve the web app.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


@app.command()
def version() -> None:
    """Print the cueboard version."""
    console.print(f"cueboard {__version__}")


def _register() -> None:
    """Import the command modules; each adds its commands to ``app``."""
    import importlib

    commands = ("specs", "serve", "match", "score", "referee", "simulate", "tournament", "shotmap", "schema")
    for name in commands:
        importlib.import_module(f"cueboard.cli.{name}")


_register()

if __name__ == "__main__":
    # Run as ``python -m cueboard.cli.main`` this file is ``__main__``, a second copy of the
    # module: the command modules registered their commands on ``cueboard.cli.main``'s app.
    from cueboard.cli.main import app as registered_app

    registered_app(prog_name="cueboard")
