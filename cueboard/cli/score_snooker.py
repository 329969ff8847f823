"""``cueboard score snooker``: a snooker scoreboard in the terminal, refereed by the rules
(docs/rules/snooker.md#scoreboard-mode).

Type one report per line (``help`` lists the words), e.g. ``pot red``, ``nom black pot black``,
``hit pink`` (a foul with a red on), ``putback``, ``nothing miss``, ``concede``, ``next``. The
scoreboard is redrawn after each stroke. Works with piped input::

    printf 'pot red\\nnom black pot black\\nsafe\\n' | cueboard score snooker --names Ann,Bo

``--save FILE.jsonl`` keeps the match as a record that ``cueboard referee`` replays.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from cueboard.cli._common import output_file, writing
from cueboard.cli.main import console
from cueboard.cli.score import score_app
from cueboard.games.snooker import REPORT_HELP, Scoreboard, SnookerRuling, parse_report


def _board(board: Scoreboard) -> Table:
    s = board.summary()
    n = len(s["players"])
    table = Table(title=f"Snooker — frame {s['frame']} — {s['match']}")
    table.add_column("")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("break", justify="right")
    table.add_column("frames", justify="right")
    table.add_column("high", justify="right")
    for seat in range(n):
        side = seat % 2
        mark = "▶" if seat == s["striker"] and not s["frame_over"] else ""
        table.add_row(
            mark,
            s["players"][seat],
            str(s["scores"][side]),
            str(s["break"]) if mark else "",
            str(s["frames"][side]),
            str(s["highest_break"][side]),
        )
    return table


def _status(board: Scoreboard) -> str:
    s = board.summary()
    sides = [" & ".join(s["players"][i :: 2]) for i in (0, 1)]
    if s["match_over"]:
        who = "drawn" if s["match_winner"] is None else f"won by {sides[s['match_winner']]}"
        return f"[bold]match over, {who}[/bold]"
    if s["frame_over"]:
        return "[bold]frame over[/bold] — type 'next' for the next frame"
    parts = [f"ball on: {s['ball_on']}", f"reds: {s['reds']}", f"remaining: {s['points_remaining']}"]
    need = [f"{sides[i]} needs {k} snooker(s)" for i, k in enumerate(s["snookers_required"]) if k]
    if s["choices"]:
        parts.append("choices: " + " / ".join(s["choices"]))
    if s["free_ball"]:
        parts.append("free ball")
    if s["touching"]:
        parts.append("touching: " + ", ".join(s["touching"]))
    return " | ".join(parts + need)


def _ruling_line(r: SnookerRuling) -> str:
    if r.action != "stroke":
        return "; ".join(r.announcements) or r.action
    if r.foul:
        text = f"[red]foul[/red] ({r.foul_reason}), {r.penalty} to side {r.penalty_to}"
        if r.miss:
            text = f"[red]foul and a miss[/red] ({r.foul_reason}), {r.penalty} to side {r.penalty_to}"
    elif r.points:
        text = f"[green]{r.points} point(s)[/green] ({', '.join(r.scored)}), break {r.break_points}"
    else:
        text = "no score"
    rest = [a for a in r.announcements if not a.startswith("foul")]
    return text + (" — " + "; ".join(rest) if rest else "")


def _act(board: Scoreboard, line: str) -> str | None:
    """Apply one report; returns a text to print, or None to stop."""
    report = parse_report(line)
    action = report.pop("action", None)
    if action == "quit":
        return None
    if action == "help":
        return REPORT_HELP
    if action == "undo":
        board.undo()
        return "undone"
    if action == "next":
        board.next_frame()
        return "next frame"
    if action == "choose":
        return _ruling_line(board.choose(report["choice"]))
    if action in ("concede", "claim", "stalemate"):
        return _ruling_line(getattr(board, action)())
    if action == "forfeit":
        return _ruling_line(board.forfeit(report["value"]))
    if action == "player":
        return _ruling_line(board.choose_player(report["value"]))
    return _ruling_line(board.stroke(**report))


@score_app.command("snooker")
def score_snooker(
    names: str = typer.Option("Player 1,Player 2", help="2 or 4 names, comma separated (4: A1,B1,A2,B2)"),
    best_of: int = typer.Option(1, min=1, max=99, help="frames of the match (best of N)"),
    reds: int = typer.Option(15, help="15, 10 or 6 reds"),
    miss: str = typer.Option("professional", help="miss rule: professional, amateur or off"),
    aggregate: int | None = typer.Option(None, min=1, max=99, help="aggregate-points match over N frames"),
    seed: int = typer.Option(0, help="seed of the lots drawn for a re-spotted black"),
    save: Path | None = typer.Option(None, help="write the match record here (.json or .jsonl)"),
) -> None:
    """Keep the score of a real snooker match: one report per line, the referee rules."""
    from cueboard.records.match import write_match

    output_file(console, "cueboard score", save)  # refused before the game is typed in
    players = [n.strip() for n in names.split(",") if n.strip()]
    settings = {"reds": reds, "miss": miss, "best_of": best_of, "aggregate_frames": aggregate}
    try:
        board = Scoreboard(settings=settings, players=players, seed=seed)
    except ValueError as err:
        console.print(f"[red]{err}[/red]")
        raise typer.Exit(2) from None
    console.print("Type 'help' for the words of a report.")
    console.print(_board(board))
    console.print(_status(board))
    while True:
        try:
            line = console.input("> ")
        except EOFError:
            break
        if not line.strip():
            continue
        try:
            text = _act(board, line)
        except ValueError as err:
            console.print(f"[red]{err}[/red]")
            continue
        if text is None:
            break
        console.print(text)
        console.print(_board(board))
        console.print(_status(board))
    if save is not None:
        with writing(console, "cueboard score", save):
            write_match(save, board.match_record())
        console.print(f"match record written to {save}")
