"""``cueboard specs GAME``: print a table or board specification."""

from __future__ import annotations

import dataclasses

import typer
from rich.table import Table

from cueboard.cli.main import app, console


@app.command()
def specs(game: str = typer.Argument(..., help="snooker, crokinole or novuss")) -> None:
    """Print the table / board specification of GAME (SI units, as the rules give it)."""
    from cueboard.games.crokinole import STANDARD_BOARD as CROKINOLE
    from cueboard.games.novuss import STANDARD_BOARD as NOVUSS
    from cueboard.games.snooker import STANDARD_TABLE as SNOOKER

    spec: object
    if game == "snooker":
        spec = SNOOKER
    elif game == "crokinole":
        spec = CROKINOLE
    elif game == "novuss":
        spec = NOVUSS
    else:
        console.print(f"[red]unknown game '{game}'[/red] (choose snooker, crokinole or novuss)")
        raise typer.Exit(2)
    table = Table(title=f"{game} specification (metres, kilograms)")
    table.add_column("name")
    table.add_column("value", justify="right")
    for f in dataclasses.fields(spec):
        table.add_row(f.name, f"{getattr(spec, f.name):g}")
    console.print(table)
