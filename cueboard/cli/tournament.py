"""``cueboard tournament GAME --players ai:pro ai:club --frames N --executor serial|processes|ray``:
a round robin of AI players as a batch of seeded frames, on this machine or a Ray cluster, with
match records, a results table and a resumable results file (docs/scale.md)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cueboard.cli._common import output_dir, refuse, refuse_write, writing
from cueboard.cli.main import app, console


@app.command()
def tournament(
    game: str = typer.Argument(..., help="snooker, crokinole or novuss"),
    more: list[str] = typer.Argument(None, metavar="PLAYERS", show_default=False,
                                     help="more players: --players ai:pro ai:club ai:amateur"),
    players: list[str] = typer.Option(
        None, "--players", show_default=False,
        help="players (default ai:pro ai:club): ai:LEVEL or ai:LEVEL@FACTOR, space- or comma-separated "
        "or repeated; every pair plays",
    ),
    frames: int = typer.Option(10, "--frames", help="frames / rounds / games per pairing"),
    seed: int = typer.Option(0, "--seed", help="the tournament's seed (each frame's seed derives from it)"),
    executor: str = typer.Option("processes", "--executor", help="serial, processes or ray"),
    workers: int = typer.Option(2, "--workers", help="worker processes (processes) or local Ray CPUs (ray)"),
    ray_address: str = typer.Option(
        None, "--ray-address", help="the Ray cluster (auto, ray://head:10001...); default: a local Ray"
    ),
    out: Path = typer.Option(Path("tournament"), "--out", help="folder of the results, records and summary"),
    samples: int = typer.Option(10, "--samples", help="noisy samples per candidate shot (the AI's effort)"),
    top_k: int = typer.Option(8, "--top-k", help="candidate shots sampled per decision"),
    max_shots: int = typer.Option(600, "--max-shots", help="shots after which a frame counts as not ending"),
    date: str = typer.Option(
        None, "--date", help="the date in every record's header, ISO 8601 (default: now; give one "
        "to make two runs' records byte-identical)",
    ),
    budget: float = typer.Option(
        None, "--budget", help="CPU seconds of search per decision, as the AI benchmark gives "
        "(default none: frames depend only on the seed; with a budget, on the machine's speed too)",
    ),
) -> None:
    """Play a round robin of AI players (resumable: run the same command again to finish)."""
    from cueboard.analysis.tournament import summary, summary_json
    from cueboard.batch import BatchError, make_executor
    from cueboard.batch.selfplay import TournamentSpec, open_tournament, run_tournament, tournament_tasks
    from cueboard.batch.store import ResultStore

    output_dir(console, "cueboard tournament", out)
    given = [*(players or []), *(more or [])] or ["ai:pro", "ai:club"]
    names = tuple(p.strip() for item in given for p in item.split(",") if p.strip())
    try:
        spec = TournamentSpec(
            game=game, players=names, frames=frames, seed=seed,
            date=date or datetime.now(UTC).replace(microsecond=0).isoformat(),
            samples=samples, top_k=top_k, max_shots=max_shots, budget_s=budget,
        )
        ex = make_executor(executor, workers, ray_address)
        spec = open_tournament(spec, out)
        total = len(tournament_tasks(spec))
        done = len(ResultStore(out / "results.jsonl"))
    except ValueError as err:
        refuse(console, "tournament", err)
    except OSError as err:
        refuse_write(console, "cueboard tournament", err)
    try:
        with Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), console=console,
        ) as progress:
            label = f"{game} on {ex.name} ({ex.workers} workers)"
            bar = progress.add_task(label, total=total, completed=done)
            spec, results = run_tournament(
                spec, ex, out, on_result=lambda task, result: progress.advance(bar)
            )
    except BatchError as err:
        console.print(f"[red]tournament:[/red] {escape(str(err))}", soft_wrap=True)
        raise typer.Exit(1) from None
    except OSError as err:
        refuse_write(console, "cueboard tournament", err)
    except KeyboardInterrupt:
        kept = len(ResultStore(out / "results.jsonl"))
        console.print(f"interrupted: {kept} of {total} frames kept in {out}/; run the same command to finish")
        raise typer.Exit(130) from None
    finally:
        ex.close()
    data = summary(spec, results)
    with writing(console, "cueboard tournament", out / "summary.json"):
        (out / "summary.json").write_text(summary_json(data), encoding="utf-8")
    table = Table(title=f"{game}: {spec.frames} per pairing, seed {spec.seed}; records in {out}/records/")
    for col in ("player", "games", "won", "drawn", "lost", "score", "95% interval", "Elo"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for row in data["players"]:
        table.add_row(
            row["player"], str(row["games"]), str(row["wins"]), str(row["draws"]), str(row["losses"]),
            f"{row['score']:.1%}", f"{row['low']:.1%} - {row['high']:.1%}", f"{row['elo']:+.0f}",
        )
    console.print(table)
    for row in data["aborted"]:
        line = f"[yellow]aborted[/yellow] {row['frame']}: {escape(row['reason'])} (left out of the figures)"
        console.print(line, soft_wrap=True)
    if len(data["pairings"]) > 1:
        pairs = Table(title="pairings (score of the first player)")
        for col in ("pairing", "games", "score", "95% interval"):
            pairs.add_column(col, justify="left" if col == "pairing" else "right")
        for row in data["pairings"]:
            pairs.add_row(
                f"{row['a']} v {row['b']}", str(row["games"]), f"{row['score']:.1%}",
                f"{row['low']:.1%} - {row['high']:.1%}",
            )
        console.print(pairs)
