"""``python -m benchmarks`` (``make bench``): run every registered benchmark and print its figures.

Registering a benchmark
-----------------------
Write a module ``benchmarks/<name>.py`` exposing ``run() -> list[Figure]`` (see
:mod:`benchmarks.core`) and add its module name to :data:`BENCHMARKS` below, one line each. That is
the whole contract:

- ``run()`` measures and returns :class:`~benchmarks.core.Figure` objects with dotted names
  prefixed by the benchmark's area (``snooker.``, ``crokinole.``, ``app.``, ``ai.``...);
- when something it needs is missing it raises :class:`~benchmarks.core.BenchmarkUnavailableError` with
  the reason; an ``ImportError`` while importing the module counts as a skip too;
- any other exception is reported as a failure of that benchmark, the others still run, and the
  harness exits with status 1.

Output: a table of all figures (with the goal and whether it is met) and, for each figure, a line
``bench: <name> <value> <unit>`` that scripts can grep. ``python -m benchmarks NAME...`` runs only
the benchmarks whose module name contains one of the NAMEs; ``--list`` lists them; ``--json PATH``
also writes the figures as JSON; ``--quick`` (or ``CUEBOARD_BENCH_QUICK=1``) runs each benchmark's
quick mode — a few iterations of everything it measures, so that a change that breaks a benchmark
fails at once (tests/benchmarks/test_quick.py runs every one so in ``make test``); its figures are
printed but not judged.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import os
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from benchmarks.core import QUICK_ENV, BenchmarkUnavailableError, Figure, format_value, quick

#: The registered benchmark modules, run in this order. Add yours on its own line.
BENCHMARKS: list[str] = [
    "benchmarks.snooker_physics",
    "benchmarks.snooker_cushion",
    "benchmarks.app_server",
    "benchmarks.app_live",
    "benchmarks.app_service",
    "benchmarks.app_load",
    "benchmarks.bench_discs",
    "benchmarks.bench_ai",
    "benchmarks.snooker_referee",
    "benchmarks.cli_records",
    "benchmarks.bench_rl",
    "benchmarks.rl_learn",
    "benchmarks.bench_scale",
    "benchmarks.robust_strokes",
    "benchmarks.snooker_ai_noise",
    "benchmarks.scorer_entry",
]


def run_benchmark(module_name: str, console: Console) -> tuple[str, list[Figure]]:
    """Import and run one benchmark module: ("ok" | "skipped" | "failed", its figures)."""
    start = time.perf_counter()
    try:
        module = importlib.import_module(module_name)
        figures = list(module.run())
    except BenchmarkUnavailableError as skip:
        console.print(f"bench: {module_name} skipped: {skip}")
        return "skipped", []
    except ImportError as err:
        console.print(f"bench: {module_name} skipped: cannot import {err.name or ''} ({err})")
        return "skipped", []
    except Exception:
        console.print(f"bench: {module_name} FAILED", style="bold red")
        console.print(traceback.format_exc(), markup=False, highlight=False)
        return "failed", []
    console.print(f"[dim]{module_name}: {len(figures)} figures in {time.perf_counter() - start:.1f} s[/dim]")
    return "ok", figures


def figures_table(figures: Sequence[Figure]) -> Table:
    table = Table(title="cueboard benchmarks")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("unit")
    table.add_column("goal")
    table.add_column("met", justify="center")
    table.add_column("note")
    marks = {True: "[green]yes[/green]", False: "[red]no[/red]", None: ""}
    for f in figures:
        table.add_row(f.name, format_value(f.value), f.unit, f.goal, marks[f.met], f.note)
    return table


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument(
        "names", nargs="*", help="run only the benchmarks whose module name contains one of these"
    )
    parser.add_argument("--list", action="store_true", help="list the registered benchmarks and exit")
    parser.add_argument("--json", metavar="PATH", help="also write the figures to PATH as a JSON list")
    parser.add_argument("--quick", action="store_true",
                        help=f"a few iterations each, figures not judged (also {QUICK_ENV}=1)")
    args = parser.parse_args(argv)
    if args.quick:
        os.environ[QUICK_ENV] = "1"
    console = Console(highlight=False)
    if not console.is_terminal:  # piped or logged: do not squeeze the table into 80 columns
        console = Console(highlight=False, width=150)
    if args.list:
        for name in BENCHMARKS:
            console.print(name)
        return 0
    selected = [m for m in BENCHMARKS if not args.names or any(n in m for n in args.names)]
    if not selected:
        console.print(f"no registered benchmark matches {args.names}; registered: {', '.join(BENCHMARKS)}")
        return 2
    all_figures: list[Figure] = []
    failed = False
    for module_name in selected:
        status, figures = run_benchmark(module_name, console)
        failed |= status == "failed"
        all_figures.extend(figures)
    if quick():  # a few iterations: the figures say nothing about the goals
        all_figures = [dataclasses.replace(f, met=None, note=f"quick mode; {f.note}") for f in all_figures]
    if all_figures:
        console.print(figures_table(all_figures))
    for f in all_figures:
        console.print(f.bench_line(), markup=False)
    if args.json:
        Path(args.json).write_text(json.dumps([dataclasses.asdict(f) for f in all_figures], indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
