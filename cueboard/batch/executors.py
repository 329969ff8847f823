"""Where a batch's tasks run: in this process, in local worker processes, or on a Ray cluster.

Every executor runs a task function ``fn(task) -> dict`` (a module-level function: it is pickled
by reference and imported by the workers) over tasks and yields ``(task, result)`` as each one
finishes, in whatever order they finish. Seeds travel inside the tasks (:mod:`.tasks`), so the
results are the same whichever executor ran them.

- ``serial``: one after the other in this process (the reference);
- ``processes``: ``workers`` local processes; the task of a worker that dies is rerun, at most
  ``max_retries`` times (:mod:`.processes`);
- ``ray``: chunks of tasks in Ray actors (one per CPU) on a cluster or a local Ray, rerun by
  Ray when their actor dies (:mod:`.ray_executor`; Ray is the optional extra
  ``cueboard[cluster]``, imported only when that executor is made).
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from typing import Any, Protocol

from cueboard.batch.processes import ProcessExecutor
from cueboard.batch.tasks import BatchError, BatchInputError, Task, TaskFn

#: The executors by name, as ``--executor`` takes them.
EXECUTORS = ("serial", "processes", "ray")


class Executor(Protocol):
    """Runs task functions over tasks (see the module docstring)."""

    name: str
    workers: int

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Generator[tuple[Task, dict[str, Any]], None, None]:
        """Yield ``(task, fn(task))`` for every task as it finishes."""
        ...

    def close(self) -> None:
        """Release the workers."""
        ...


def failed(task: Task, err: BaseException) -> BatchError:
    """The error that stops a batch whose task ``task`` raised ``err``."""
    return BatchError(f"task {task.key} failed: {type(err).__name__}: {err}")


class SerialExecutor:
    """Runs every task in this process, in order."""

    name = "serial"
    workers = 1

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Generator[tuple[Task, dict[str, Any]], None, None]:
        for task in tasks:
            try:
                result = fn(task)
            except (KeyboardInterrupt, BatchError):
                raise
            except Exception as err:
                raise failed(task, err) from err
            yield task, result

    def close(self) -> None:
        return None


def make_executor(name: str, workers: int = 2, address: str | None = None) -> Executor:
    """The executor ``name`` (one of :data:`EXECUTORS`) with ``workers`` workers; ``address`` is
    the Ray cluster's (only for ``ray``). BatchInputError naming what is wrong otherwise."""
    if name not in EXECUTORS:
        raise BatchInputError(f"unknown executor '{name}' (choose one of: {', '.join(EXECUTORS)})")
    if address is not None and name != "ray":
        raise BatchInputError(f"--ray-address is for the ray executor, not '{name}'")
    if name == "serial":
        return SerialExecutor()
    if name == "processes":
        return ProcessExecutor(workers)
    from cueboard.batch.ray_executor import RayExecutor

    return RayExecutor(workers, address)


__all__ = ["EXECUTORS", "Executor", "ProcessExecutor", "SerialExecutor", "failed", "make_executor"]
