"""``cueboard score snooker``: a snooker scoreboard in the terminal, refereed by the rules
(docs/rules/snooker.md#scoreboard-mode).

Type one report per line (``help`` lists the words), e.g. ``pot red``, ``nom black pot black``,
``hit pink`` (a foul with a red on), ``putback``, ``nothing miss``, ``concede``, ``next``. The
scoreboard is redrawn after each stroke. Works with piped input::

    printf 'pot red\\nnom black pot black\\nsafe\\n' | cueboard score snooker --names Ann,Bo

``--save FILE.jsonl`` keeps the match as a record that ``cueboard referee`` replays.

League formats as the browser scorer keeps them (cueboard/app/scorer_snooker.py): ``--handicap
30 0`` gives each player a start, the points on the board when every frame begins (counted in the
frame's score, so in who wins it, and in the total), and ``result 72 45`` enters a frame as its
result alone, starts included, before any stroke of it: the player behind concedes it at that
score (WPBSA S4 R6); level scores are refused (a frame is not drawn: the black is re-spotted,
S3 R4), as is a score below that player's start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from cueboard.app.scorer_snooker import MAX_START, SnookerKeeper
from cueboard.cli._common import output_file, writing
from cueboard.cli.main import console
from cueboard.cli.score import score_app
from cueboard.games.snooker import REPORT_HELP, SnookerInputError, SnookerRuling, parse_report

#: What ``help`` adds to the referee's words: the league formats of this command.
LEAGUE_HELP = ("result A B   the frame as its result alone (scores with the starts, before any "
               "stroke of the frame; the player behind concedes it)")


def _board(keeper: SnookerKeeper) -> Table:
    s = keeper.board.summary()
    totals = [sum(f[side] for f in (*keeper.frame_scores, s["scores"])) for side in (0, 1)]
    n = len(s["players"])
    table = Table(title=f"Snooker — frame {s['frame']} — {s['match']}")
    table.add_column("")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("break", justify="right")
    table.add_column("frames", justify="right")
    table.add_column("high", justify="right")
    table.add_column("total", justify="right")
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
            str(totals[side]),
        )
    return table


def _status(keeper: SnookerKeeper) -> str:
    s = keeper.board.summary()
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


def _entry(line: str) -> dict[str, Any] | str | None:
    """One typed line as a keeper's entry; a text to print (``help``), or None to stop (``quit``).
    ``undo`` is ``{"action": "undo"}``, done by replaying the entries before it."""
    words = line.split()
    if words[0].lower() == "result":
        if len(words) != 3 or not all(w.isdigit() for w in words[1:]):
            raise SnookerInputError(
                f"'result' takes the frame's two scores, e.g. 'result 72 45', not {line!r}")
        return {"action": "result", "totals": [int(words[1]), int(words[2])]}
    report = parse_report(line)
    action = report.pop("action", None)
    if action == "quit":
        return None
    if action == "help":
        return REPORT_HELP + "\n" + LEAGUE_HELP
    if action in ("undo", "forfeit", "stalemate"):
        return {"action": action, **report}
    return SnookerKeeper.normal({"line": line})


def _apply(keeper: SnookerKeeper, entry: dict[str, Any]) -> SnookerRuling | None:
    """Apply one entry through the keeper (the actions it keeps no entry of, forfeit and
    stalemate, straight to the board); the ruling of the board's last report, None for a new
    frame."""
    board, action = keeper.board, entry["action"]
    if action in ("forfeit", "stalemate"):
        if action == "forfeit":
            board.forfeit(entry["value"])
        else:
            board.stalemate()
        keeper.frame_entries += 1
    else:
        keeper.apply(entry)
        if action == "next_frame":
            return None
    return board.history[-1].ruling


@score_app.command("snooker")
def score_snooker(
    names: str = typer.Option("Player 1,Player 2", help="2 or 4 names, comma separated (4: A1,B1,A2,B2)"),
    best_of: int = typer.Option(1, min=1, max=99, help="frames of the match (best of N)"),
    reds: int = typer.Option(15, help="15, 10 or 6 reds"),
    miss: str = typer.Option("professional", help="miss rule: professional, amateur or off"),
    aggregate: int | None = typer.Option(None, min=1, max=99, help="aggregate-points match over N frames"),
    seed: int = typer.Option(0, help="seed of the lots drawn for a re-spotted black"),
    handicap: tuple[int, int] = typer.Option(
        (0, 0), metavar="A B",
        help=f"each player's handicap start, 0 to {MAX_START} points a frame (2 players)"),
    save: Path | None = typer.Option(None, help="write the match record here (.json or .jsonl)"),
) -> None:
    """Keep the score of a real snooker match: one report per line, the referee rules."""
    from cueboard.records.match import write_match

    output_file(console, "cueboard score", save)  # refused before the game is typed in
    players = [n.strip() for n in names.split(",") if n.strip()]
    if not all(0 <= h <= MAX_START for h in handicap) or (any(handicap) and len(players) != 2):
        console.print(f"[red]--handicap: a start of 0 to {MAX_START} points for each of 2 players, "
                      f"not {list(handicap)} for {len(players)}[/red]")
        raise typer.Exit(2)
    settings = {"reds": reds, "miss": miss, "best_of": best_of, "aggregate_frames": aggregate}
    header = {"settings": settings, "players": players, "seed": seed, "handicap": handicap}
    try:
        keeper = SnookerKeeper(header)
    except ValueError as err:
        console.print(f"[red]{err}[/red]")
        raise typer.Exit(2) from None
    entries: list[dict[str, Any]] = []
    console.print("Type 'help' for the words of a report.")
    console.print(_board(keeper))
    console.print(_status(keeper))
    while True:
        try:
            line = console.input("> ")
        except EOFError:
            break
        if not line.strip():
            continue
        try:
            entry = _entry(line)
            if entry is None:
                break
            if isinstance(entry, str):
                console.print(entry)
                continue
            if entry["action"] == "undo":
                if not entries:
                    raise SnookerInputError("nothing to undo")
                entries.pop()
                keeper = SnookerKeeper(header)  # the entries before it, replayed
                for earlier in entries:
                    _apply(keeper, earlier)
                text = "undone"
            else:
                ruling = _apply(keeper, entry)
                entries.append(entry)
                text = "next frame" if ruling is None else _ruling_line(ruling)
        except ValueError as err:
            console.print(f"[red]{err}[/red]")
            continue
        console.print(text)
        console.print(_board(keeper))
        console.print(_status(keeper))
    if save is not None:
        with writing(console, "cueboard score", save):
            write_match(save, keeper.match_record())
        console.print(f"match record written to {save}")
