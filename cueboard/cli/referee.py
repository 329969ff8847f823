"""``cueboard referee RECORD``: replay a match record through the game's referee, print every
ruling and the score, and flag any shot whose recorded ruling differs from the referee's.

Generic over games: the record's ``header.game`` picks a replay function. A game plugs in by
naming, in the ``cueboard.referee`` entry-point group, a module (cueboard's own are
``cueboard/cli/referee_<game>.py``) that calls :func:`register_replayer` when loaded, with a
function ``(record, console) -> int`` (the exit status: 0 when every recorded ruling agrees);
without one, :func:`generic_replay` replays through the game's
:class:`cueboard.games.protocol.Game` (:func:`cueboard.games.replay.replay`) and prints each
ruling as JSON. A malformed record is
refused with the error of :func:`cueboard.records.stream.open_match` (one line, exit status 2),
naming the shot and field; the whole file is checked before anything is replayed, and a JSON
Lines record is replayed one shot at a time from the file (memory: one shot's).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from cueboard.cli._common import refuse
from cueboard.cli.main import app, console
from cueboard.records.base import RecordError
from cueboard.records.match import MatchRecord

Replayer = Callable[[MatchRecord, Console], int]
_REPLAYERS: dict[str, Replayer] = {}
#: The games whose replay applies a scorer's league formats (a header's ``handicap``, ``result``
#: incidents, docs/records.md#match-record); another game's record with them is refused.
_LEAGUE_FORMATS: set[str] = set()


DIFFERS = "  [red](differs from the record)[/red]"
"""Added to the line of a replayed shot whose recorded ruling or position the referee disputes."""


def report_differences(out: Console, differences: tuple[str, ...]) -> int:
    """Print each difference of a replayed shot (indented, in red); the exit status it implies:
    1 when there are any, else 0."""
    for d in differences:
        out.print(f"    [red]{d}[/red]")
    return 1 if differences else 0


def register_replayer(game: str, replay: Replayer, *, league_formats: bool = False) -> None:
    """Make ``replay`` the replay function of ``game`` (``league_formats``: it applies a handicap
    start and frames entered as their result)."""
    _REPLAYERS[game] = replay
    if league_formats:
        _LEAGUE_FORMATS.add(game)


def check_league_formats(record: MatchRecord) -> None:
    """A RecordError (a ValueError) when ``record`` carries league formats its game's replay
    does not apply."""
    game = record.header.game
    if game in _LEAGUE_FORMATS:
        return
    results = [str(i.at) for i in record.header.incidents if i.kind == "result"]
    formats = (["a handicap start"] if record.header.handicap is not None else []) + (
        [f"frames entered as their result (shots {', '.join(results)})"] if results else [])
    if formats:
        raise RecordError(f"this {game} record has {' and '.join(formats)}, which the {game} "
                         "referee does not apply")


def replayer(game: str) -> Replayer:
    """The replay function of ``game``: its registered one, else :func:`generic_replay`."""
    if game not in _REPLAYERS:
        from cueboard.registry import REFEREE, extension

        extension(REFEREE, game)
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
def referee(
    record: Path = typer.Argument(..., help="a match record (.json or .jsonl)"),
    physics: bool = typer.Option(True, "--physics/--no-physics",
                                 help="Also play every recorded strike again and check that it gives the "
                                      "recorded outcome (--no-physics: the rulings alone, faster)."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON verdict instead of the replay."),
) -> None:
    """Replay a match record: every ruling and the score, checked against what was recorded, and
    every strike played again by the physics (the first shot whose recorded outcome its strike does
    not give is named; exit status 1)."""
    from cueboard.cli.referee_strikes import check_strikes
    from cueboard.records.stream import open_match

    out = Console(file=io.StringIO()) if as_json else console
    try:
        match = open_match(record)
        replay = replayer(match.header.game)
        check_league_formats(match)
        rulings = status = replay(match, out)
        played, mismatch = check_strikes(match) if physics else (0, None)
    except RecordError as err:
        refuse(console, "malformed record", err)
    except ValueError as err:
        refuse(console, "the referee refuses the record", err)
    if mismatch is not None:
        out.print(f"[red]physics: {escape(str(mismatch))}[/red]", soft_wrap=True)
        status = 1
    elif physics and played == 0 and len(match.shots):
        out.print("physics: no strike recorded (entries reported by hand): nothing to play again")
    elif physics:
        out.print(f"physics: every strike gives its recorded outcome ({played} played again)")
    if as_json:
        verdict = {
            "record": str(record), "game": match.header.game, "ok": status == 0,
            "rulings": "agree" if rulings == 0 else "differ",
            "physics": "skipped" if not physics else {
                "strikes": played,
                "first_mismatch": None if mismatch is None else {"shot": mismatch.shot,
                                                                 "difference": mismatch.difference},
            },
        }
        typer.echo(json.dumps(verdict))
    raise typer.Exit(status)

