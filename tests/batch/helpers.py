"""Task functions for the batch tests (module-level: the workers import them by name)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

from cueboard.batch import Task


def draw(task: Task) -> dict[str, Any]:
    """Three uniform numbers from the task's own seed, and the payload echoed."""
    rng = np.random.default_rng(task.seed)
    return {"x": [float(v) for v in rng.random(3)], "n": task.payload.get("n")}


def die_once(task: Task) -> dict[str, Any]:
    """Kills its own worker process the first time it runs for a key (a lost worker), then
    succeeds; every run leaves a line in ``<dir>/<key>.runs``."""
    marker = Path(task.payload["dir"]) / f"{task.key.replace('/', '_')}.runs"
    with marker.open("a") as fh:
        fh.write("run\n")
    if marker.read_text().count("run") == 1:
        os._exit(1)
    return draw(task)


def fail(task: Task) -> dict[str, Any]:
    raise ValueError(f"no result for {task.key}")


def always_die(task: Task) -> dict[str, Any]:
    """Kills its worker every time (a task that cannot be run), counting its runs."""
    marker = Path(task.payload["dir"]) / f"{task.key.replace('/', '_')}.runs"
    with marker.open("a") as fh:
        fh.write("run\n")
    os._exit(1)


def unpicklable(task: Task) -> dict[str, Any]:
    """A result that cannot travel back from a worker."""
    return {"f": lambda: None}


def fail_at_two(task: Task) -> dict[str, Any]:
    """Fails for the task of payload n == 2 only (a failure in the middle of a chunk)."""
    if task.payload.get("n") == 2:
        raise ValueError(f"no result for {task.key}")
    return draw(task)
