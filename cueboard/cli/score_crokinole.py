"""``cueboard score crokinole``: keep the score of a real crokinole game (docs/rules/crokinole.md
#scoreboard).

After each round, type each side's discs as four numbers — 20s, 15s, 10s, 5s (a disc touching a
line at the lower value) — e.g. ``1 3 2 0``. Works interactively and with piped input::

    printf '1 3 2 0\\n0 2 4 1\\n' | cueboard score crokinole --names Ann,Bo

``undo`` takes back the round being entered or the last one scored, ``state`` shows the game; an
empty line, ``q`` or the end of the input stops; ``--save FILE.jsonl`` keeps the game as a match
record that ``cueboard referee`` can check.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.table import Table

from cueboard.cli._common import output_file, writing
from cueboard.cli.main import console
from cueboard.cli.score import score_app

if TYPE_CHECKING:
    from cueboard.games.crokinole import RoundResult, Scoreboard


def _read_counts(prompt: str) -> list[int] | str | None:
    """Four whole numbers from one line, or the word ``undo`` / ``state``; None when the person
    stops (end of input, empty line, ``q``)."""
    while True:
        try:
            line = console.input(prompt)
        except EOFError:
            return None
        text = line.strip().lower().replace(",", " ")
        if text in ("", "q", "quit"):
            return None
        if text in ("undo", "state"):
            return text
        try:
            values = [int(v) for v in text.split()]
        except ValueError:
            values = []
        if len(values) == 4 and min(values) >= 0:
            return values
        console.print("[red]type four whole numbers: 20s 15s 10s 5s (e.g. 1 3 2 0); or undo, state, q[/red]")


@score_app.command("crokinole")
def score_crokinole(
    players: int = typer.Option(2, "--players", help="2 (singles) or 4 (partnerships)"),
    variant: str = typer.Option("seed", "--variant", help="seed (game to --target) or tournament (--rounds)"),
    target: int = typer.Option(100, "--target", min=1, help="points to win a seed game"),
    rounds: int = typer.Option(4, "--rounds", min=1, help="rounds of a tournament game"),
    discs: int | None = typer.Option(None, "--discs", min=1, max=12, help="discs per player (12 / 8 / 6)"),
    names: str | None = typer.Option(None, "--names", help="player names in seat order, comma separated"),
    starter: int = typer.Option(0, "--starter", min=0, max=3, help="seat that shoots first"),
    save: Path | None = typer.Option(None, "--save", help="write the game as a match record (.json/.jsonl)"),
) -> None:
    """Keep score of a real crokinole game: enter each round's discs per zone, get the result."""
    from cueboard.games.crokinole import CrokinoleError, Scoreboard
    from cueboard.records.match import write_match

    output_file(console, "cueboard score", save)  # refused before the game is typed in
    name_list = [n.strip() for n in names.split(",")] if names else None
    settings = {"players": players, "variant": variant, "target": target, "rounds": rounds,
                "discs_per_player": discs}
    try:
        board = Scoreboard(settings, starter=starter, names=name_list)
    except ValueError as err:
        console.print(f"[red]{err}[/red]")
        raise typer.Exit(2) from None
    s = board.settings
    goal = f"first to {s.target}" if s.variant.value == "seed" else f"{s.rounds} rounds, 2/1/0 points"
    console.print(
        f"[bold]Crokinole[/bold] — {board.side_name(0)} against {board.side_name(1)}; {goal}; "
        f"{s.discs} discs each. Enter each side's discs as: 20s 15s 10s 5s"
    )
    while not board.over:
        rnd = board.position.round
        counts: list[list[int]] = []
        stop = False
        while len(counts) < 2:
            got = _read_counts(f"Round {rnd} — {board.side_name(len(counts))}: ")
            if got is None:
                stop = True
                break
            if got == "state":
                _summary(board)
            elif got == "undo":
                if counts:
                    counts.clear()
                    console.print(f"round {rnd}: entry cleared")
                else:
                    try:
                        back = board.undo()
                        console.print(f"round {back.round} taken back")
                    except CrokinoleError as err:
                        console.print(f"[red]{err}[/red]")
                    break
            elif isinstance(got, list):
                counts.append(got)
        if stop:
            break
        if len(counts) < 2:
            continue
        try:
            result = board.enter_round(counts[0], counts[1])
        except CrokinoleError as err:
            console.print(f"[red]{err}[/red] — round {rnd} not scored, enter it again")
            continue
        _show_round(board, result)
    _summary(board)
    if save is not None:
        with writing(console, "cueboard score", save):
            write_match(save, board.match_record())
        console.print(f"saved {save}")


def _show_round(board: Scoreboard, result: RoundResult) -> None:
    table = Table(title=f"Round {result.round}")
    for col in ("side", "20s", "15s", "10s", "5s", "total", "points", "score"):
        table.add_column(col, justify="left" if col == "side" else "right")
    for side in (0, 1):
        c = result.counts[side]
        table.add_row(board.side_name(side), str(c.twenties), str(c.fifteens), str(c.tens), str(c.fives),
                      str(result.totals[side]), str(result.points[side]), str(result.scores_after[side]))
    console.print(table)


def _summary(board: Scoreboard) -> None:
    a, b = board.position.scores
    line = f"{board.side_name(0)} {a} — {b} {board.side_name(1)} after {len(board.results)} round(s)"
    if board.over:
        w = board.winner
        verdict = "a draw" if w is None else f"{board.side_name(w)} win"
        console.print(f"[bold green]Game over:[/bold green] {line}: {verdict}.")
    else:
        starter = board.seat_name(board.position.round_starter)
        console.print(f"[bold]Score:[/bold] {line}; {starter} starts round {board.position.round}.")
