"""``cueboard schema [KIND]``: the JSON Schema of a record kind (docs/records.md), or the kinds."""

from __future__ import annotations

import sys

import typer

from cueboard.cli._common import refuse
from cueboard.cli.main import app, console


@app.command()
def schema(
    kind: str = typer.Argument(
        None,
        help="a record kind: match-header, event, <game>.position, .strike, .declaration, "
        ".outcome, .ruling, .match (none: list the kinds)",
    ),
) -> None:
    """Print the JSON Schema (draft 2020-12) of a record KIND, as shipped with cueboard; with no
    KIND, list the kinds."""
    from cueboard.errors import RecordError
    from cueboard.records.schema import kinds, shipped

    if kind is None:
        for name in kinds():
            sys.stdout.write(name + "\n")
        return
    try:
        text = shipped(kind) if kind in kinds() else None
    except RecordError as err:
        refuse(console, "error", err)
    if text is None:
        refuse(console, "error", RecordError(f"no record kind {kind!r} (kinds: {', '.join(kinds())})"))
    sys.stdout.write(text)
