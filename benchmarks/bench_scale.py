"""Scale-out: tasks per second serial, in local processes and on a local Ray, the
speed-up on 2 CPUs and the per-task overhead, with a control measurement of what the machine
allows at the time.

The workload is a tournament (cueboard/batch/selfplay.py): crokinole rounds, ai:pro v
ai:beginner with a light search (2 samples, top 2), about 0.3 s each; every executor plays the
same seeded rounds and must return the same results (checked). Each figure is the median of
``CUEBOARD_BENCH_SCALE_REPEATS`` runs (default 3) with its range in the note; the Ray start
(``ray.init``) is measured apart and is not in the rates (a cluster is started once).

- ``scale.<executor>.tasks_per_s``: rounds per second of wall time;
- ``scale.processes.speedup_2cpu``, ``scale.ray.speedup_2cpu``: against serial (goal for Ray >= 1.8);
- ``scale.control.speedup_2cpu``: two copies of a pure-Python loop in two processes against one
  after the other — the speed-up the 2 cores give right now (on a machine shared with other
  jobs it is below 2, and no executor can beat it);
- ``scale.<executor>.speedup_of_control``: the executor's speed-up divided by the control's of the
  same repeat (median over the repeats): how much of what the machine allowed it got;
- ``scale.<executor>.overhead_per_task``: wall time per empty task over 400 empty tasks on 2
  workers (:func:`cueboard.batch.collect`, no result file), i.e. what the executor adds to each
  task (scheduling, pickling, result transfer);
- ``scale.ray.overhead_per_call``: the same with one task per Ray call (``chunk=1``): what a Ray
  call costs; ``overhead_per_task`` is with the executor's chunks (several empty tasks per call);
- ``scale.ray.startup``: seconds of ``ray.init`` for a local Ray of 2 CPUs.

``CUEBOARD_BENCH_SCALE_TASKS`` sets the rounds per run (default 16). The notes carry the
machine's load average at the start and the end (the figures of a shared machine depend on it).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from benchmarks.core import BenchmarkUnavailableError, Figure, quick
from cueboard.batch import (
    Executor,
    ProcessExecutor,
    RayExecutor,
    ResultStore,
    SerialExecutor,
    Task,
    collect,
    run_tasks,
)
from cueboard.batch.selfplay import TournamentSpec, play_task, tournament_tasks

EMPTY_TASKS = 400


def _env(name: str, default: int) -> int:
    raw = os.environ.get(name, str(default))
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None
    if value < 1:
        raise ValueError(f"{name} must be >= 1, got {value}")
    return value


def empty(task: Task) -> dict[str, Any]:
    """A task that does nothing (the overhead measurement)."""
    return {}


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def _control() -> tuple[float, float]:
    """(one loop's seconds, the speed-up of two loops in two processes over two in a row)."""
    n = 6_000_000
    with ProcessPoolExecutor(2) as pool:
        pool.submit(_spin, 1000).result()  # the workers are up
        t0 = time.perf_counter()
        pool.submit(_spin, n).result()
        pool.submit(_spin, n).result()
        serial = time.perf_counter() - t0
        t0 = time.perf_counter()
        list(pool.map(_spin, [n, n]))
        parallel = time.perf_counter() - t0
    return serial / 2, serial / parallel


def _timed(
    executor: Executor, fn: Callable[[Task], dict[str, Any]], tasks: list[Task]
) -> tuple[float, dict[str, Any]]:
    """Seconds to run ``tasks`` as a tournament does (results in a file) and the results."""
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        results = run_tasks(fn, tasks, executor, ResultStore(Path(tmp) / "r.jsonl"))
        return time.perf_counter() - t0, results


def _overhead_ms(executor: Executor) -> float:
    empties = [Task(f"e/{k:04d}") for k in range(EMPTY_TASKS)]
    t0 = time.perf_counter()
    collect(empty, empties, executor)
    return 1000 * (time.perf_counter() - t0) / EMPTY_TASKS


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} (1 min) / {five:.1f} (5 min) on {os.cpu_count()} CPUs"


def _spread(values: list[float], unit: str) -> str:
    return f"median of {len(values)}, range {min(values):.3g}-{max(values):.3g} {unit}"


def run() -> list[Figure]:
    try:
        import ray  # noqa: F401
    except ImportError:
        raise BenchmarkUnavailableError("Ray is not installed: pip install 'cueboard[cluster]'") from None
    n = _env("CUEBOARD_BENCH_SCALE_TASKS", 4 if quick() else 16)
    repeats = _env("CUEBOARD_BENCH_SCALE_REPEATS", 1 if quick() else 3)
    spec = TournamentSpec("crokinole", ("ai:pro", "ai:beginner"), n, 20, "2026-01-01T00:00:00+00:00", 2, 2)
    tasks = tournament_tasks(spec)
    load_before = _load()
    play_task(tasks[0])  # numba kernels compiled and cached before any timing

    t0 = time.perf_counter()
    ray_ex = RayExecutor(2)
    ray_ex.connect()
    startup = time.perf_counter() - t0
    executors: list[Executor] = [SerialExecutor(), ProcessExecutor(2), ray_ex]
    rates: dict[str, list[float]] = {e.name: [] for e in executors}
    overhead: dict[str, list[float]] = {e.name: [] for e in executors}
    reference: dict[str, Any] | None = None
    control: list[float] = []
    per_call: list[float] = []
    try:
        _timed(ray_ex, play_task, tasks[:4])  # both Ray actors are up and have loaded the kernels
        for _ in range(repeats):
            control.append(_control()[1])
            for ex in executors:
                wall, results = _timed(ex, play_task, tasks)
                if reference is None:
                    reference = results
                elif results != reference:
                    raise AssertionError(f"the {ex.name} executor gave other results than serial")
                rates[ex.name].append(n / wall)
                if ex.name != "serial":
                    overhead[ex.name].append(_overhead_ms(ex))
            ray_ex.chunk = 1  # one Ray call per task: what a call costs
            per_call.append(_overhead_ms(ray_ex))
            ray_ex.chunk = None
    finally:
        ray_ex.close()

    med = {k: statistics.median(v) for k, v in rates.items()}
    figures = [Figure(f"scale.{k}.tasks_per_s", med[k], "tasks/s", note=_spread(v, "tasks/s"))
               for k, v in rates.items()]
    for k in ("processes", "ray"):
        speedups = [r / s for r, s in zip(rates[k], rates["serial"], strict=True)]
        sp = statistics.median(speedups)
        goal = ">= 1.8 x" if k == "ray" else ""
        figures.append(Figure(f"scale.{k}.speedup_2cpu", sp, "x", goal, sp >= 1.8 if k == "ray" else None,
                              _spread(speedups, "x") + f"; control {statistics.median(control):.2f} x"))
        figures.append(Figure(f"scale.{k}.overhead_per_task", statistics.median(overhead[k]), "ms",
                              note=_spread(overhead[k], "ms") + f", {EMPTY_TASKS} empty tasks on 2 workers"))
        of_control = [x / c for x, c in zip(speedups, control, strict=True)]
        figures.append(Figure(f"scale.{k}.speedup_of_control", statistics.median(of_control), "x",
                              note=_spread(of_control, "x") + ": the speed-up over what the 2 cores "
                              "gave in the same repeat (1: all the machine allowed)"))
    figures.append(Figure("scale.control.speedup_2cpu", statistics.median(control), "x",
                          note=_spread(control, "x") + f": what 2 cores give now; {load_before} before, "
                          f"{_load()} after"))
    figures.append(Figure("scale.ray.overhead_per_call", statistics.median(per_call), "ms",
                          note=_spread(per_call, "ms") + f", {EMPTY_TASKS} empty tasks one per Ray call"))
    figures.append(Figure("scale.ray.startup", startup, "s", note="ray.init, a local Ray of 2 CPUs"))
    return figures
