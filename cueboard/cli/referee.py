"""``cueboard referee RECORD``: replay a match record through the game's referee, print every
ruling and the score, and flag any shot whose recorded ruling differs from the referee's.

Generic over games: the record's ``header.game`` picks a replay function. A game plugs in by
providing ``cueboard/cli/referee_<game>.py`` that calls :func:`register_replayer` with a
function ``(record, console) -> int`` (the exit status: 0 when every recorded ruling agrees);
without one, :func:`generic_replay` replays through the game's
:class:`cueboard.games.protocol.Game` (:func:`cueboard.games.replay.replay`) and prints each
ruling as JSON. A malformed record is
refused with the error of :func:`cueboard.records.stream.open_match` (one line, exit status 2),
naming the shot and field; the whole file is checked before anything is replayed, and a JSON
Lines record is replayed one shot at a time from the file (memory: one shot's).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console

from cueboard.cli._common import import_game_module, refuse
from cueboard.cli.main import app, console
from cueboard.records.base import RecordError
from cueboard.records.match import MatchRecord

Replayer = Callable[[MatchRecord, Console], int]
_REPLAYERS: dict[str, Replayer] = {}


DIFFERS = "  [red](differs from the record)[/red]"
"""Added to the line of a replayed shot whose recorded ruling or position the referee disputes."""


def report_differences(out: Console, differences: tuple[str, ...]) -> int:
    """Print each difference of a replayed shot (indented, in red); the exit status it implies:
    1 when there are any, else 0."""
    for d in differences:
        out.print(f"    [red]{d}[/red]")
    return 1 if differences else 0


def register_replayer(game: str, replay: Replayer) -> None:
    """Make ``replay`` the replay function of ``game``."""
    _REPLAYERS[game] = replay


def replayer(game: str) -> Replayer:
    """The replay function of ``game``: its registered one, else :func:`generic_replay`."""
    if game not in _REPLAYERS:
        import_game_module("referee", game)
    return _REPLAYERS.get(game, generic_replay)


def generic_replay(record: MatchRecord, out: Console) -> int:
    """Replay through the game's :class:`~cueboard.games.protocol.Game` interface
    (:func:`cueboard.games.replay.replay`, the replay every game's own replayer uses), each ruling
    as JSON; 1 when a recorded ruling or position differs."""
    from cueboard.games.replay import replay

    status = 0
    for step in replay(record):
        flag = DIFFERS if step.differences else ""
        out.print(f"shot {step.index}: {step.ruling.model_dump_json()}{flag}")
        status |= report_differences(out, step.differences)
    return status


@app.command()
def referee(record: Path = typer.Argument(..., help="a match record (.json or .jsonl)")) -> None:
    """Replay a match record: every ruling and the score, checked against what was recorded."""
    from cueboard.records.stream import open_match

    try:
        match = open_match(record)
        status = replayer(match.header.game)(match, console)
    except RecordError as err:
        refuse(console, "malformed record", err)
    except ValueError as err:
        refuse(console, "the referee refuses the record", err)
    raise typer.Exit(status)
