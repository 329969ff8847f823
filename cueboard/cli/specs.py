"""``cueboard specs GAME``: print a table or board specification."""

from __future__ import annotations

import dataclasses

import typer
from rich.table import Table

from cueboard.cli._common import refuse
from cueboard.cli.main import app, console


@app.command()
def specs(game: str = typer.Argument(..., help="an installed game: snooker, crokinole, novuss, ...")) -> None:
    """Print the table / board specification of GAME (SI units, as the rules give it)."""
    from cueboard.errors import UnknownGameError
    from cueboard.games.protocol import get_game

    try:
        spec = get_game(game).table
    except UnknownGameError as err:
        refuse(console, "error", err)
    if not dataclasses.is_dataclass(spec):
        refuse(console, "error", ValueError(f"{game} publishes no table specification"))
    table = Table(title=f"{game} specification (metres, kilograms)")
    table.add_column("name")
    table.add_column("value", justify="right")
    for f in dataclasses.fields(spec):
        table.add_row(f.name, f"{getattr(spec, f.name):g}")
    console.print(table)
