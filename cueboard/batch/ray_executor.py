"""The ``ray`` executor: a batch's tasks as Ray tasks, on a cluster or on a local Ray.

``ray.init(address=...)`` connects to the cluster at ``address`` (``auto`` on a cluster node,
``ray://head:10001`` through Ray Client, ``head:6379``); without an address a local Ray of
``workers`` CPUs is started. What reaches the workers (Ray's *runtime environment*, see
docs/scale.md):

- the ``cueboard`` package itself, the driver's copy (``py_modules``): a cluster's nodes need
  only cueboard's dependencies installed, and they run exactly the code the driver runs. Ray
  names the upload by a hash of its contents, so each version unpacks in its own folder;
- ``NUMBA_CACHE_DIR`` (:data:`NUMBA_CACHE_DIR`): the workers of a node share one numba cache,
  so the physics kernels are compiled once per node and package version (the cache is keyed by
  the unpacked package's path, which carries the content hash: a new version never reads old
  kernels).

A local Ray imports the package where the driver does and shares the driver's numba cache
(compiled by the driver's first task or earlier): nothing is shipped.

A task whose worker dies (killed, out of memory, its node lost) is rerun by Ray, at most
``max_retries`` times (Ray's task fault tolerance; ``retry_exceptions=False``: a task that
raises is not rerun, its error stops the batch). Ray hands back one result per task, and the
result store records a key once (:mod:`.store`), so a retried task is never counted twice.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable
from pathlib import Path
from typing import Any

from cueboard.batch.executors import failed
from cueboard.batch.processes import MAX_RETRIES
from cueboard.batch.tasks import BatchError, BatchInputError, Task, TaskFn

#: Where the workers of a cluster node keep the numba cache.
NUMBA_CACHE_DIR = "/tmp/cueboard-numba-cache"
#: Left out of the package shipped to a cluster (the driver's bytecode and compiled kernels).
EXCLUDES = ["__pycache__", "*.pyc", "*.nbi", "*.nbc"]
#: Tasks in flight per CPU of the cluster (so a worker that finishes finds the next one waiting).
IN_FLIGHT_PER_CPU = 2


def _call(fn: TaskFn, task: Task) -> dict[str, Any]:
    """What a Ray worker runs: the task function on the task."""
    return fn(task)


def cluster_runtime_env() -> dict[str, Any]:
    """The runtime environment of the tasks sent to a cluster (see the module docstring)."""
    import cueboard

    return {
        "py_modules": [str(Path(cueboard.__file__).resolve().parent)],
        "excludes": list(EXCLUDES),
        "env_vars": {"NUMBA_CACHE_DIR": NUMBA_CACHE_DIR},
    }


class RayExecutor:
    """Runs tasks as Ray tasks: on the cluster at ``address``, or on a local Ray of ``workers``
    CPUs when ``address`` is None. Ray is connected on the first batch (or by :meth:`connect`)
    and disconnected by :meth:`close`, unless it was connected before (then it is left as it was:
    a session that shares one Ray)."""

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
        if max_retries < 0:
            raise BatchInputError(f"max_retries must be >= 0, got {max_retries}")
        if address is not None and not address.strip():
            raise BatchInputError("--ray-address is empty (give auto, ray://HOST:10001 or HOST:6379)")
        self._ray = ray
        self.workers = workers
        self.address = address
        self.max_retries = max_retries
        self._started = False

    def runtime_env(self) -> dict[str, Any] | None:
        """What the workers get: on a cluster :func:`cluster_runtime_env`, locally nothing."""
        return None if self.address is None else cluster_runtime_env()

    def connect(self) -> None:
        """Connect to Ray (start the local one) unless this process already is."""
        ray = self._ray
        if ray.is_initialized():
            return
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        env = self.runtime_env()
        if env is not None:
            options["runtime_env"] = env
        if self.address is None:  # "local": a new Ray, never one a `ray start` left on this machine
            options.update(address="local", num_cpus=self.workers)
        else:
            options["address"] = self.address
        try:
            ray.init(**options)
        except (ConnectionError, ValueError) as err:
            where = f"reach the Ray cluster at {self.address}" if self.address else "start a local Ray"
            raise BatchError(f"cannot {where}: {err}") from None
        self._started = True

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Generator[tuple[Task, dict[str, Any]], None, None]:
        ray = self._ray
        queue = list(tasks)
        if not queue:
            return
        self.connect()
        remote = ray.remote(num_cpus=1, max_retries=self.max_retries, retry_exceptions=False)(_call)
        fn_ref = ray.put(fn)
        queue.reverse()
        cpus = int(ray.cluster_resources().get("CPU", 1))
        window = IN_FLIGHT_PER_CPU * max(self.workers, cpus)
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
                        cause = err.cause if getattr(err, "cause", None) is not None else err
                        raise failed(task, cause) from None
                    except ray.exceptions.RayError as err:
                        raise BatchError(
                            f"task {task.key}: its worker was lost and it was retried "
                            f"{self.max_retries} times ({type(err).__name__})"
                        ) from None
                    yield task, result
        finally:
            for ref in pending:
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # already finished or its worker gone: nothing to stop
                    continue

    def close(self) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False
