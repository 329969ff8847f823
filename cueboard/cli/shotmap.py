"""``cueboard shotmap``: the pot probability of a snooker ball for every place of the cue ball,
computed as a batch (serial, processes or a Ray cluster) and drawn as a PNG heat map
(cueboard/analysis/shotmap.py, docs/scale.md)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from cueboard.cli._common import output_file, refuse, refuse_write, writing
from cueboard.cli.main import app, console
from cueboard.errors import SettingsError


@app.command()
def shotmap(
    target: str = typer.Option("black", "--target", help="the ball to pot (red1..red15 or a colour)"),
    position: Path = typer.Option(
        None, "--position", help="a snooker position JSON (default: only TARGET, on its spot)"
    ),
    level: str = typer.Option("pro", "--level", help="the player: LEVEL or LEVEL@FACTOR (noise x FACTOR)"),
    step: float = typer.Option(0.05, "--step", help="grid step in metres (0.01 to 0.5)"),
    trials: int = typer.Option(20, "--trials", help="noisy trials per cell"),
    seed: int = typer.Option(0, "--seed", help="the map's seed"),
    executor: str = typer.Option("processes", "--executor", help="serial, processes or ray"),
    workers: int = typer.Option(2, "--workers", help="worker processes (processes) or local Ray CPUs (ray)"),
    ray_address: str = typer.Option(None, "--ray-address", help="the Ray cluster; default: a local Ray"),
    out: Path = typer.Option(Path("shotmap.png"), "--out", help="the PNG (.json, .tasks.jsonl beside it)"),
) -> None:
    """Draw the chance that LEVEL pots TARGET from every cue-ball place (resumable)."""
    from cueboard.analysis.plot import draw_shotmap
    from cueboard.analysis.shotmap import ShotMapSpec, compute_shotmap, lone_ball, shotmap_tasks
    from cueboard.batch import BatchError, ResultStore, make_executor
    from cueboard.games.snooker import SnookerPosition
    from cueboard.records.base import parse_record
    from cueboard.records.reading import read_json_object

    output_file(console, "cueboard shotmap", out)
    try:
        if out.suffix.lower() != ".png":
            raise SettingsError(f"--out must name a .png file, got '{out}'")
        if position is None:
            pos = lone_ball(target)
        else:
            pos = parse_record(SnookerPosition, read_json_object(position, "position"), prefix="position")
        spec = ShotMapSpec(pos.model_dump_json(), target, level, step, trials, seed)
        ex = make_executor(executor, workers, ray_address)
        total = len(shotmap_tasks(spec))
        store = out.with_suffix(".tasks.jsonl")
        prefix = spec.digest() + "/"
        done = sum(1 for key in ResultStore(store) if key.startswith(prefix)) if store.exists() else 0
    except ValueError as err:
        refuse(console, "shotmap", err)
    except OSError as err:
        refuse_write(console, "cueboard shotmap", err)
    try:
        with Progress(
            TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), console=console,
        ) as progress:
            bar = progress.add_task(f"rows on {ex.name} ({ex.workers} workers)", total=total, completed=done)
            m = compute_shotmap(spec, ex, store, on_result=lambda task, result: progress.advance(bar))
    except BatchError as err:
        console.print(f"[red]shotmap:[/red] {escape(str(err))}", soft_wrap=True)
        raise typer.Exit(1) from None
    except OSError as err:
        refuse_write(console, "cueboard shotmap", err)
    except KeyboardInterrupt:
        console.print("interrupted: the rows done are kept; run the same command to finish")
        raise typer.Exit(130) from None
    finally:
        ex.close()
    with writing(console, "cueboard shotmap", out):
        out.with_suffix(".json").write_text(json.dumps(m.to_json(), indent=None) + "\n", encoding="utf-8")
        draw_shotmap(m, out)
    seen = m.p[~np.isnan(m.p)]
    console.print(
        f"{out}: {seen.size} cue-ball places, potted from {int((seen > 0).sum())}; "
        f"best {seen.max():.0%}, mean {seen.mean():.0%} ({trials} trials each)"
    )
