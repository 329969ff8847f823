"""Batches of seeded, independent tasks run on one machine or a Ray cluster (docs/scale.md).

- :mod:`.tasks`: :class:`Task` (a stable key, a JSON payload, a seed derived from the batch seed
  and the key — never from the worker or the order) and :class:`BatchInputError`;
- :mod:`.store`: :class:`ResultStore`, the finished tasks' results as JSON Lines (a re-run skips
  them: resume after Ctrl-C or a lost machine);
- :mod:`.executors`: where tasks run — ``serial``, ``processes`` (:mod:`.processes`: local
  worker processes) or ``ray`` (:mod:`.ray_executor`: ``ray.init(address=...)``, the optional
  extra ``cueboard[cluster]``);
- :func:`run_tasks` (:mod:`.run`): runs what the store lacks and records each result once;
  :func:`collect`: the same without a file, for a benchmark that wants the results in memory;
- :mod:`.selfplay`: AI-vs-AI frames as tasks (the ``cueboard tournament`` command).
"""

from cueboard.batch.executors import EXECUTORS, Executor, SerialExecutor, make_executor
from cueboard.batch.processes import ProcessExecutor
from cueboard.batch.ray_executor import RayExecutor
from cueboard.batch.run import collect, run_tasks
from cueboard.batch.store import ResultStore
from cueboard.batch.tasks import BatchError, BatchInputError, Task, TaskFn, task_seed

__all__ = [
    "EXECUTORS",
    "BatchError",
    "BatchInputError",
    "Executor",
    "ProcessExecutor",
    "RayExecutor",
    "ResultStore",
    "SerialExecutor",
    "Task",
    "TaskFn",
    "collect",
    "make_executor",
    "run_tasks",
    "task_seed",
]
