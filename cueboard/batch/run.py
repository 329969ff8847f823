"""Run a batch: the tasks the store lacks, on an executor, each result recorded once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cueboard.batch.executors import Executor, TaskFn
from cueboard.batch.store import ResultStore
from cueboard.batch.tasks import BatchInputError, Task


def run_tasks(
    fn: TaskFn,
    tasks: Sequence[Task],
    executor: Executor,
    store: ResultStore,
    on_result: Callable[[Task, dict[str, Any]], None] | None = None,
    prepare: Callable[[Task, dict[str, Any]], dict[str, Any]] | None = None,
) -> dict[str, dict[str, Any]]:
    """Run ``fn`` on every task of ``tasks`` not yet in ``store`` and record each result there
    as it arrives; the results of all ``tasks`` by key, in the order of ``tasks``.

    ``prepare(task, result)``, when given, runs first and returns what is recorded (e.g. it
    writes a record file the result carries and keeps only the figures): a result is recorded
    only once what it needs is saved. ``on_result`` is called after it is recorded. Interrupted
    (Ctrl-C, a failed task), the results recorded so far stay in the store and a re-run does
    only the rest."""
    keys = [t.key for t in tasks]
    if len(set(keys)) != len(keys):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise BatchInputError(f"task key '{dup}' appears twice in the batch")
    todo = [t for t in tasks if t.key not in store]
    for task, result in executor.run(fn, todo):
        if task.key in store:
            continue
        kept = result if prepare is None else prepare(task, result)
        store.add(task.key, kept)
        if on_result is not None:
            on_result(task, kept)
    return {k: store[k] for k in keys}
