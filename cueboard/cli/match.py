"""``cueboard match GAME --players ai:pro ai:club --frames N``: AI-vs-AI matches with a progress
bar, match records (JSON Lines, one file per frame) and statistics (docs/ai.md)."""

from __future__ import annotations

import statistics
from pathlib import Path

import numpy as np
import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cueboard import __version__
from cueboard.cli._common import output_dir, writing
from cueboard.cli.main import app, console


@app.command()
def match(
    game: str = typer.Argument(..., help="an installed game: snooker, crokinole, novuss, ..."),
    players: tuple[str, str] = typer.Option(
        ("ai:pro", "ai:club"),
        "--players",
        help="two players: ai:LEVEL, ai:LEVEL@FACTOR (noise x FACTOR) or ai:pro@tournament (snooker)",
    ),
    frames: int = typer.Option(1, "--frames", min=1, help="frames / rounds / games"),
    seed: int = typer.Option(0, "--seed", help="seed of every random draw (execution noise, lots)"),
    out: Path = typer.Option(Path("matches"), "--out", help="folder for the match records (.jsonl)"),
    budget: float = typer.Option(1.0, "--budget", min=0.01, help="CPU seconds of search per decision"),
    workers: int = typer.Option(1, "--workers", min=1, help="search worker processes"),
) -> None:
    """Play an AI-vs-AI match and print its statistics."""
    from cueboard.ai.match import frame_settings, new_frame, play_frame, two_player_seats
    from cueboard.ai.players import SearchSettings
    from cueboard.ai.registry import make_agent
    from cueboard.ai.stats import collect
    from cueboard.games.protocol import get_game
    from cueboard.records.match import MatchHeader, PlayerInfo, append_shot

    try:
        g = get_game(game)
        settings = SearchSettings(budget_s=budget, workers=workers)
        agents = [make_agent(game, p, settings) for p in players]
    except ValueError as err:
        console.print(f"[red]{err}[/red]")
        raise typer.Exit(2) from None
    output_dir(console, "cueboard match", out)
    rng = np.random.default_rng(seed)
    results = []
    infos = tuple(
        PlayerInfo(seat=seat, name=spec, kind="ai", level=spec.partition(":")[2])
        for seat, spec in zip(two_player_seats(g), players, strict=True)
    )
    won = [0, 0]
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        console=console,
    ) as progress:
        task = progress.add_task(f"{game}: {players[0]} v {players[1]}", total=frames, status="")
        for k in range(frames):
            path = out / f"{game}-seed{seed}-frame{k + 1:03d}.jsonl"
            header = MatchHeader(
                game=game,
                settings=frame_settings(game, k),
                players=infos,
                cueboard_version=__version__,
                seed=seed,
            )
            with writing(console, "cueboard match", path):
                path.write_text(header.model_dump_json() + "\n", encoding="utf-8")
            pos = new_frame(g, k, seed + k)
            count = [0]

            def on_shot(entry, path=path, k=k, count=count):  # type: ignore[no-untyped-def]
                append_shot(path, entry)
                count[0] += 1
                progress.update(task, status=f"frame {k + 1}: shot {count[0]}  ({won[0]}-{won[1]})")

            with writing(console, "cueboard match", path):  # (each shot is appended as it is played)
                fr = play_frame(g, agents, pos, rng, on_shot=on_shot)
            results.append(fr)
            if fr.winner is not None:
                won[fr.winner] += 1
            progress.update(task, advance=1, status=f"({won[0]}-{won[1]})")
    stats = collect(game, results)
    table = Table(title=f"{game}: {frames} frame(s), seed {seed}; records in {out}/")
    table.add_column("")
    for p in players:
        table.add_column(p, justify="right")
    rows: list[tuple[str, list[str]]] = [
        ("frames won", [str(s.frames_won) for s in stats]),
        ("shots", [str(s.shots) for s in stats]),
        (
            "median decision time (s)",
            [f"{statistics.median(s.decision_times):.3f}" if s.decision_times else "-" for s in stats],
        ),
    ]
    for label, num, den in (
        ("pot success", "pots", "pot_attempts"),
        ("open-20 success", "open20_made", "open20_attempts"),
    ):
        vals = [s.rate(num, den) for s in stats]
        if any(v is not None for v in vals):
            rows.append((label, ["-" if v is None else f"{v:.1%}" for v in vals]))
    for key in ("highest_break", "frames_with_century", "fouls", "twenties", "penalties", "own_pocketed"):
        if any(s.counts[key] for s in stats):
            rows.append((key.replace("_", " "), [str(s.counts[key]) for s in stats]))
    if any(s.breaks for s in stats):
        rows.append(
            ("average break", [f"{statistics.mean(s.breaks):.1f}" if s.breaks else "-" for s in stats])
        )
    for label, cells in rows:
        table.add_row(label, *cells)
    console.print(table)
