"""Where a batch's tasks run: in this process, in local worker processes, or on a Ray cluster.

Every executor runs a task function ``fn(task) -> dict`` (a module-level function: it is pickled
by reference and imported by the workers) over tasks and yields ``(task, result)`` as each one
finishes, in whatever order they finish. Seeds travel inside the tasks (:mod:`.tasks`), so the
results are the same whichever executor ran them.

- ``serial``: one after the other in this process (the reference);
- ``processes``: a :class:`concurrent.futures.ProcessPoolExecutor` of ``workers`` processes; a
  worker process that dies (killed, out of memory) breaks the pool: a fresh pool reruns the tasks
  that had not finished, each at most ``max_retries`` times;
- ``ray``: Ray tasks (``ray.init(address=...)``; a local Ray of ``workers`` CPUs when no address
  is given), retried by Ray itself when their worker dies (``max_retries``, Ray's "Task fault
  tolerance"). Ray is the optional extra ``cueboard[cluster]``, imported only here and only when
  this executor is made. On a cluster the ``cueboard`` package travels to the workers through
  Ray's runtime environment (``py_modules``) and each node keeps its numba cache in
  :data:`NUMBA_CACHE_DIR` (kernels compiled once per node, not once per worker).
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Protocol

from cueboard.batch.tasks import BatchError, BatchInputError, Task

TaskFn = Callable[[Task], dict[str, Any]]
#: The executors by name, as ``--executor`` takes them.
EXECUTORS = ("serial", "processes", "ray")
#: Times a task is rerun after its worker was lost.
MAX_RETRIES = 3
#: Where Ray workers keep the numba cache (per node).
NUMBA_CACHE_DIR = "/tmp/cueboard-numba-cache"


class Executor(Protocol):
    """Runs task functions over tasks (see the module docstring)."""

    name: str
    workers: int

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Iterator[tuple[Task, dict[str, Any]]]:
        """Yield ``(task, fn(task))`` for every task as it finishes."""
        ...

    def close(self) -> None:
        """Release the workers."""
        ...


def _failed(task: Task, err: BaseException) -> BatchError:
    return BatchError(f"task {task.key} failed: {type(err).__name__}: {err}")


class SerialExecutor:
    """Runs every task in this process, in order."""

    name = "serial"
    workers = 1

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Iterator[tuple[Task, dict[str, Any]]]:
        for task in tasks:
            try:
                result = fn(task)
            except (KeyboardInterrupt, BatchError):
                raise
            except Exception as err:
                raise _failed(task, err) from err
            yield task, result

    def close(self) -> None:
        return None


class ProcessExecutor:
    """Runs tasks in ``workers`` local processes (forked on POSIX: the workers start with the
    modules and compiled kernels the parent has loaded)."""

    name = "processes"

    def __init__(self, workers: int, max_retries: int = MAX_RETRIES) -> None:
        if workers < 1:
            raise BatchInputError(f"workers must be >= 1, got {workers}")
        self.workers = workers
        self.max_retries = max_retries

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Iterator[tuple[Task, dict[str, Any]]]:
        todo = list(tasks)
        lost: Counter[str] = Counter()
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        while todo:
            pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx)
            clean = False
            try:
                pending: dict[Future[dict[str, Any]], Task] = {pool.submit(fn, t): t for t in todo}
                todo = []
                while pending:
                    done, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in done:
                        task = pending.pop(fut)
                        try:
                            result = fut.result()
                        except BrokenProcessPool:
                            lost[task.key] += 1
                            if lost[task.key] > self.max_retries:
                                raise BatchError(
                                    f"task {task.key}: its worker process was lost {lost[task.key]} times"
                                ) from None
                            todo.append(task)
                            continue
                        except Exception as err:
                            raise _failed(task, err) from err
                        yield task, result
                clean = True
            finally:
                pool.shutdown(wait=clean, cancel_futures=True)

    def close(self) -> None:
        return None


def _call(fn: TaskFn, task: Task) -> dict[str, Any]:
    """What a Ray worker runs: the task function on the task."""
    return fn(task)


class RayExecutor:
    """Runs tasks as Ray tasks: on the cluster at ``address`` (``auto``, ``ray://host:10001``...),
    or on a local Ray of ``workers`` CPUs when ``address`` is None. Ray is connected on the first
    batch and disconnected by :meth:`close` (unless it was connected before)."""

    name = "ray"

    def __init__(self, workers: int, address: str | None = None, max_retries: int = MAX_RETRIES) -> None:
        try:
            import ray
        except ImportError:
            raise BatchInputError(
                "the ray executor needs Ray, the optional extra: pip install 'cueboard[cluster]'"
            ) from None
        if workers < 1:
            raise BatchInputError(f"workers must be >= 1, got {workers}")
        self._ray = ray
        self.workers = workers
        self.address = address
        self.max_retries = max_retries
        self._started = False

    def runtime_env(self) -> dict[str, Any]:
        """What the workers get: the numba cache directory, and on a cluster the package."""
        env: dict[str, Any] = {"env_vars": {"NUMBA_CACHE_DIR": NUMBA_CACHE_DIR}}
        if self.address is not None:
            import cueboard

            env["py_modules"] = [str(Path(cueboard.__file__).parent)]
        return env

    def _connect(self) -> None:
        ray = self._ray
        if ray.is_initialized():
            return
        options: dict[str, Any] = {
            "runtime_env": self.runtime_env(),
            "include_dashboard": False,
            "log_to_driver": False,
        }
        if self.address is None:
            options["num_cpus"] = self.workers
        else:
            options["address"] = self.address
        ray.init(**options)
        self._started = True

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Iterator[tuple[Task, dict[str, Any]]]:
        ray = self._ray
        self._connect()
        remote = ray.remote(num_cpus=1, max_retries=self.max_retries, retry_exceptions=False)(_call)
        fn_ref = ray.put(fn)
        queue = list(tasks)
        queue.reverse()
        window = 2 * max(self.workers, int(ray.cluster_resources().get("CPU", 1)))
        pending: dict[Any, Task] = {}
        try:
            while queue or pending:
                while queue and len(pending) < window:
                    task = queue.pop()
                    pending[remote.remote(fn_ref, task)] = task
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    task = pending.pop(ref)
                    try:
                        result = ray.get(ref)
                    except ray.exceptions.RayTaskError as err:
                        raise _failed(task, err.cause if err.cause is not None else err) from err
                    except ray.exceptions.RayError as err:
                        raise BatchError(
                            f"task {task.key}: lost after {self.max_retries} retries ({type(err).__name__})"
                        ) from err
                    yield task, result
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False


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
    return RayExecutor(workers, address)
