"""Run a batch: the tasks the store lacks, on an executor, each result recorded once.

:func:`run_tasks` is the resumable form (results in a :class:`~cueboard.batch.store.ResultStore`
file: ``cueboard tournament``, ``cueboard shotmap``); :func:`collect` keeps the results in memory
only (a benchmark or a study that runs its batch in one go). Both return the results in the order
of the tasks, never in the order they finished, so whatever is computed from them is the same
whichever executor ran them. A benchmark plays its frames through them like this::

    from cueboard.batch import Task, collect, make_executor

    def play(task: Task) -> dict:          # module level: the workers import it by name
        ...                                # draw only from np.random.default_rng(task.seed)
        return {"winner": 0, "shots": 31}

    tasks = [Task.seeded(seed, f"{level}/frame{k:03d}", {"level": level, "frame": k})
             for level in levels for k in range(frames)]
    executor = make_executor("processes", workers=2)   # or "ray", address=...
    try:
        results = collect(play, tasks, executor)       # {key: result}, in the tasks' order
    finally:
        executor.close()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import closing
from typing import Any

from cueboard.batch.executors import Executor
from cueboard.batch.store import ResultStore
from cueboard.batch.tasks import BatchInputError, Task, TaskFn

Callback = Callable[[Task, dict[str, Any]], None]


def _check_keys(tasks: Sequence[Task]) -> list[str]:
    keys = [t.key for t in tasks]
    seen: set[str] = set()
    for k in keys:
        if k in seen:
            raise BatchInputError(f"task key '{k}' appears twice in the batch")
        seen.add(k)
    return keys


def run_tasks(
    fn: TaskFn,
    tasks: Sequence[Task],
    executor: Executor,
    store: ResultStore,
    on_result: Callback | None = None,
    prepare: Callable[[Task, dict[str, Any]], dict[str, Any]] | None = None,
) -> dict[str, dict[str, Any]]:
    """Run ``fn`` on every task of ``tasks`` not yet in ``store`` and record each result there
    as it arrives; the results of all ``tasks`` by key, in the order of ``tasks``.

    ``prepare(task, result)``, when given, runs first and returns what is recorded (e.g. it
    writes a record file the result carries and keeps only the figures): a result is recorded
    only once what it needs is saved. ``on_result`` is called after it is recorded. Interrupted
    (Ctrl-C, a failed task), the results recorded so far stay in the store, the workers are
    stopped, and a re-run does only the rest."""
    keys = _check_keys(tasks)
    todo = [t for t in tasks if t.key not in store]
    with closing(executor.run(fn, todo)) as finished:
        for task, result in finished:
            if task.key in store:
                continue
            kept = result if prepare is None else prepare(task, result)
            store.add(task.key, kept)
            if on_result is not None:
                on_result(task, kept)
    if todo:
        store.put_in_order(keys)
    return {k: store[k] for k in keys}


def collect(
    fn: TaskFn, tasks: Sequence[Task], executor: Executor, on_result: Callback | None = None
) -> dict[str, dict[str, Any]]:
    """Run ``fn`` on every task on ``executor``: the results by key, in the order of ``tasks``
    (one per task, however often a task was retried). Nothing is kept when interrupted."""
    keys = _check_keys(tasks)
    results: dict[str, dict[str, Any]] = {}
    with closing(executor.run(fn, list(tasks))) as finished:
        for task, result in finished:
            if task.key in results:
                continue
            results[task.key] = result
            if on_result is not None:
                on_result(task, result)
    return {k: results[k] for k in keys}
