"""``cueboard simulate POSITION STRIKE``: play one snooker stroke with the physics engine.

Reads a position (JSON: any position record; only its ``pieces`` are used) and a strike
(JSON: a ``SnookerStrike``), writes ``{"events": [...], "outcome": {...}}`` as JSON to ``--out``
or standard output, and with ``--svg FILE`` a drawing of the balls' paths on the table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from cueboard.cli._common import output_file, refuse, writing
from cueboard.cli.main import app, console
from cueboard.errors import UnknownGameError
from cueboard.records.base import RecordError


def _read_json(path: Path, what: str) -> dict[str, Any]:
    """A position or strike file: one JSON object, read under the limits of
    :mod:`cueboard.records.reading` (size, UTF-8, nesting, number sizes)."""
    from cueboard.records.reading import read_json_object

    return read_json_object(path, what)


@app.command()
def simulate(
    position: Path = typer.Argument(..., help="position JSON (its pieces are used)"),
    strike: Path = typer.Argument(..., help="strike JSON (speed, angle, ...)"),
    out: Path | None = typer.Option(None, "--out", "-o", help="write the events and outcome here"),
    svg: Path | None = typer.Option(None, "--svg", help="also draw the paths as SVG into this file"),
) -> None:
    """Play STRIKE on POSITION (snooker; crokinole / novuss from a crokinole / novuss position
    record) and print the engine's events and the outcome."""
    from cueboard.engine.world import EventLimitError
    from cueboard.games.protocol import Capability, TracingGame, get_game, supports
    from cueboard.records.base import RECORD_VERSION, Position, parse_record

    output_file(console, "cueboard simulate", out)
    output_file(console, "cueboard simulate", svg)
    try:
        pos_data = _read_json(position, "position")
        game = pos_data.get("game", "snooker")
        try:
            rules = get_game(str(game)[:40])
        except UnknownGameError as err:
            raise RecordError(str(err), field="position.game") from None
        if not supports(rules, Capability.PATHS):
            _simulate_refereed(rules.name, pos_data, _read_json(strike, "strike"), out, svg)
            return
        tracing: TracingGame[Any, Any, Any, Any, Any] = rules  # type: ignore[assignment]
        pos = parse_record(
            Position,
            {
                "version": pos_data.get("version", RECORD_VERSION),
                "game": rules.name,
                "pieces": pos_data.get("pieces", []),
            },
            prefix="position",
        )
        stroke = parse_record(rules.records.strike, _read_json(strike, "strike"), prefix="strike")
        events, outcome, paths = tracing.trace(pos, stroke)
    except (RecordError, EventLimitError, ValueError) as err:
        refuse(console, "error", err)
    text = json.dumps(
        {
            "events": [e.model_dump(mode="json") for e in events],
            "outcome": outcome.model_dump(mode="json"),
        },
        indent=2,
    )
    _emit(text, out, f"{len(events)} events, outcome written to {out}")
    if svg is not None:
        # the drawing goes to FILE and its note to standard error: standard output holds only
        # the JSON, so that it can be piped to a JSON reader
        with writing(console, "cueboard simulate", svg):
            svg.write_text(tracing.paths_svg(outcome, paths), encoding="utf-8")
        Console(stderr=True).print(f"paths drawn in {svg}")


def _emit(text: str, out: Path | None, done: str) -> None:
    """``text`` to standard output, or into ``out`` with the line ``done`` on the console."""
    if out is None:
        typer.echo(text)
    else:
        with writing(console, "cueboard simulate", out):
            out.write_text(text + "\n")
        console.print(done)


def _simulate_refereed(
    game: str, position: dict[str, Any], strike: dict[str, Any], out: Path | None, svg: Path | None
) -> None:
    """A game whose physics traces no bare set of pieces (crokinole, novuss): POSITION is a full
    position record of the game, STRIKE its strike; the next shot of the seat to move is played,
    and the JSON adds the referee's ``ruling`` and the ``position_after``
    (:mod:`cueboard.cli.simulate_refereed`)."""
    from cueboard.cli.simulate_refereed import simulate_refereed

    if svg is not None:
        console.print(f"[red]error:[/red] --svg: {game}'s physics draws no paths (snooker's does)")
        raise typer.Exit(2)
    try:
        text = simulate_refereed(game, position, strike)
    except ValueError as err:
        refuse(console, "error", err)
    _emit(text, out, f"{game} shot simulated, written to {out}")
