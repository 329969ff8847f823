"""``cueboard score novuss``: referee a real novuss game kept by hand (docs/rules/novuss.md#scoreboard).

After each stroke, type what it did in one line of words, e.g. ``pot=1`` (an own disc dropped),
``rebound own opposite pot=2``, ``opp`` (the striker first touched an opponent's disc), ``none``
(it touched nothing), ``striker-pot``. ``help`` lists the words, ``undo`` takes a stroke back,
``state`` shows the game; an empty line, ``q`` or the end of the input stops. Works with piped
input::

    printf 'pot=1\\nown\\nnone\\n' | cueboard score novuss --names Ann,Bo

``--save FILE.jsonl`` keeps the game as a match record that ``cueboard referee`` can check.
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
    from cueboard.games.novuss import NovussRuling, Scoreboard


def _show_ruling(ruling: NovussRuling, board: Scoreboard) -> None:
    who = board.name(ruling.seat)
    if ruling.own_pocketed:
        console.print(f"  {who} pocketed {len(ruling.own_pocketed)} own disc(s)")
    if ruling.opponent_pocketed:
        console.print(
            f"  {len(ruling.opponent_pocketed)} opponent's disc(s) pocketed: they stay in the pocket"
        )
    if ruling.penalty:
        for reason in ruling.penalty_reasons:
            console.print(f"  [red]penalty[/red] {reason}")
        if ruling.penalty_disc is not None:
            console.print(
                f"  [red]put one of {who}'s pocketed discs on the table[/red]: {ruling.penalty_disc.where}"
            )
        if ruling.debt_added:
            console.print(
                f"  [red]all of {who}'s discs are on the table: the penalty is recorded as a debt[/red]"
            )
    for placed in ruling.debt_paid:
        console.print(f"  [yellow]debt paid[/yellow]: the disc comes back to {placed.where}")
    for placed in ruling.returned:
        console.print(f"  [yellow]a disc goes back[/yellow] to {placed.where}")
    if ruling.winner is not None:
        console.print(f"[bold green]side {ruling.winner} wins[/bold green]")
        return
    if ruling.turn_lost:
        reasons = ", ".join(r for r in ruling.turn_reasons if r != "penalty disc")
        console.print(f"  turn over ({reasons or 'penalty'}): {board.name(ruling.next_seat or 0)} strikes")
    else:
        console.print(f"  [green]{who} strikes again[/green]")


def _show_state(board: Scoreboard) -> None:
    state = board.state()
    table = Table(title=f"novuss after {state['strokes']} stroke(s)")
    for col in ("side", "players", "on the table", "pocketed", "debt"):
        table.add_column(col)
    for s in state["sides"]:
        table.add_row(
            str(s["side"]), ", ".join(s["players"]), str(s["on_table"]), str(s["pocketed"]), str(s["debt"])
        )
    console.print(table)
    if state["winner"] is None:
        console.print(f"to strike: [bold]{state['to_move_name']}[/bold] (seat {state['to_move']})")


@score_app.command("novuss")
def score_novuss(
    players: int = typer.Option(2, "--players", help="2, or 4 (two teams, partners opposite)"),
    names: str | None = typer.Option(None, "--names", help="player names in seat order, comma separated"),
    save: Path | None = typer.Option(None, "--save", help="write the game as a match record (.json/.jsonl)"),
) -> None:
    """Referee a real novuss game: report each stroke, get the ruling and the game state."""
    from cueboard.games.novuss import REPORT_WORDS, ReportError, Scoreboard, parse_report
    from cueboard.records.match import write_match

    output_file(console, "cueboard score", save)  # refused before the game is typed in
    try:
        board = Scoreboard(players=players, names=[n.strip() for n in names.split(",")] if names else ())
    except ValueError as err:
        console.print(f"[red]{err}[/red]")
        raise typer.Exit(2) from None
    console.print(
        "novuss scoreboard: one line per stroke (e.g. 'pot=1', 'rebound own opposite pot=2', 'none');"
    )
    console.print("'help' lists the words, 'undo' takes a stroke back, 'q' stops.")
    _show_state(board)
    while not board.over:
        try:
            line = console.input(f"{board.name(board.position.to_move)}> ").strip()
        except EOFError:
            break
        if line in ("", "q", "quit"):
            break
        if line == "help":
            for word, meaning in REPORT_WORDS.items():
                console.print(f"  [bold]{word}[/bold]: {meaning}")
            continue
        if line == "state":
            _show_state(board)
            continue
        if line == "undo":
            undone = board.undo()
            console.print("nothing to undo" if undone is None else f"undone: {undone.summary}")
            continue
        try:
            ruling = board.record(parse_report(line))
        except ValueError as err:
            kind = "report" if isinstance(err, ReportError) else "refused"
            console.print(f"[red]{kind}: {err}[/red]")
            continue
        _show_ruling(ruling, board)
        _show_state(board)
    if save is not None:
        with writing(console, "cueboard score", save):
            write_match(save, board.match_record())
        console.print(f"saved {len(board.entries)} stroke(s) to {save}")
