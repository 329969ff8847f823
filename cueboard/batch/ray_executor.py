"""The ``ray`` executor: a batch's tasks in a pool of Ray actors, on a cluster or on a local Ray.

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

**Warm actors, chunks of tasks.** The tasks run in one Ray actor per CPU (:class:`_Runner`),
kept as long as the Ray session and shared by its executors: an actor imports the package and
loads the compiled kernels once (about 2 s of CPU in a fresh process, docs/physics.md), not once
per task, and later batches find it warm. The driver sends each actor *chunks* of consecutive tasks (at most
:data:`IN_FLIGHT_PER_ACTOR` chunks queued per actor): the first chunks are one task long; then
each chunk is sized from the mean task time measured so far to last about
:data:`TARGET_CHUNK_S` (one Ray call costs the driver ~1-3 ms: docs/scale.md), but never so
long that the batch's end waits on one actor (at most a ``1/(2 × actors)`` share of what is
left). ``chunk=`` fixes the size instead. The task function is put in Ray's object store once
per batch (``ray.put``). A chunk's results are those of its tasks, each from its own seed
(:mod:`.tasks`), so how the batch is cut never changes a result (tested).

A task whose actor dies (killed, out of memory, its node lost) is rerun: Ray restarts the actor
and reruns its queued chunks, at most ``max_retries`` times (Ray's actor fault tolerance,
``max_restarts`` / ``max_task_retries``). The tasks of a rerun chunk that had finished before
the death run again; the result store records a key once (:mod:`.store`), so nothing is counted
twice. A task that raises stops the batch with its error (it is not rerun).
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cueboard.batch.processes import MAX_RETRIES
from cueboard.batch.tasks import BatchError, BatchInputError, Task, TaskFn

#: Where the workers of a cluster node keep the numba cache.
NUMBA_CACHE_DIR = "/tmp/cueboard-numba-cache"
#: Left out of the package shipped to a cluster (the driver's bytecode and compiled kernels).
EXCLUDES = ["__pycache__", "*.pyc", "*.nbi", "*.nbc"]
#: Chunks queued per actor (so an actor that finishes one finds the next waiting).
IN_FLIGHT_PER_ACTOR = 2
#: Seconds of work a chunk is sized for, from the mean task time measured so far.
TARGET_CHUNK_S = 0.5

#: One chunk's answer: ``("ok", [(result, seconds), ...])`` or ``("error", (key, message))``.
Answer = tuple[str, Any]


def run_chunk(fn: TaskFn, tasks: Sequence[Task]) -> Answer:
    """What an actor runs: ``fn`` on each task of the chunk in turn, with each task's seconds;
    the first task that raises ends the chunk with its key and error."""
    out = []
    for task in tasks:
        t0 = time.perf_counter()
        try:
            result = fn(task)
        except Exception as err:  # the task's own failure: reported, the actor lives on
            return "error", (task.key, f"{type(err).__name__}: {err}")
        out.append((result, time.perf_counter() - t0))
    return "ok", out


class _Runner:
    """A Ray actor that runs chunks of tasks (made a Ray actor class in :meth:`RayExecutor._pool`)."""

    def run(self, fn: TaskFn, tasks: Sequence[Task]) -> Answer:
        return run_chunk(fn, tasks)


def cluster_runtime_env() -> dict[str, Any]:
    """The runtime environment of the tasks sent to a cluster (see the module docstring)."""
    import cueboard

    return {
        "py_modules": [str(Path(cueboard.__file__).resolve().parent)],
        "excludes": list(EXCLUDES),
        "env_vars": {"NUMBA_CACHE_DIR": NUMBA_CACHE_DIR},
    }


def chunk_size(mean_task_s: float | None, left: int, actors: int, target_s: float = TARGET_CHUNK_S) -> int:
    """Tasks in the next chunk: 1 while no task time is known; else enough for ``target_s`` of
    work, at most ``ceil(left / (2 × actors))`` (the end of the batch stays balanced), at least 1."""
    if mean_task_s is None or left <= 0:
        return 1
    wanted = target_s / max(mean_task_s, 1e-9)
    share = math.ceil(left / (2 * max(1, actors)))
    return max(1, min(int(wanted), share))


@dataclass
class _Pool:
    """The actors of this process's Ray session (see :meth:`RayExecutor._pool`)."""

    session: str | None = None
    actors: list[Any] = field(default_factory=list)


_SHARED = _Pool()


def _stop(ray: Any, actors: list[Any]) -> None:
    for actor in actors:
        try:
            ray.kill(actor, no_restart=True)
        except Exception:  # already gone with its node or its Ray session: nothing to stop
            continue


class RayExecutor:
    """Runs tasks in Ray actors: on the cluster at ``address`` (one actor per CPU of the
    cluster), or on a local Ray of ``workers`` CPUs when ``address`` is None (``workers``
    actors); ``chunk`` fixes the tasks per chunk (None: sized as the module docstring says).
    Ray is connected on the first batch (or by :meth:`connect`); :meth:`close` stops the actors
    and disconnects, unless Ray was connected before (then Ray and the actors are left as they
    were: the executors of one Ray session share its actors, :meth:`_pool`)."""

    name = "ray"

    def __init__(
        self,
        workers: int,
        address: str | None = None,
        max_retries: int = MAX_RETRIES,
        chunk: int | None = None,
    ) -> None:
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
        if chunk is not None and chunk < 1:
            raise BatchInputError(f"chunk must be >= 1 task, got {chunk}")
        if address is not None and not address.strip():
            raise BatchInputError("--ray-address is empty (give auto, ray://HOST:10001 or HOST:6379)")
        self._ray = ray
        self.workers = workers
        self.address = address
        self.max_retries = max_retries
        self.chunk = chunk
        self._started = False
        #: Ray calls (chunks) sent in the last batch.
        self.calls = 0

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

    def _pool(self) -> list[Any]:
        """The actors: one per CPU of the cluster (of a local Ray: ``workers``, at most its
        CPUs), started on the first batch and shared by every executor of this Ray session (an
        actor holds its CPU while it lives: a second pool would wait for CPUs forever)."""
        ray = self._ray
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = min(self.workers, cpus) if self.address is None else cpus
        session = ray.get_runtime_context().get_job_id()
        if _SHARED.session != session or len(_SHARED.actors) != size:
            _stop(ray, _SHARED.actors)
            retries = self.max_retries
            cls = ray.remote(num_cpus=1, max_restarts=retries, max_task_retries=retries)(_Runner)
            _SHARED.session, _SHARED.actors = session, [cls.remote() for _ in range(size)]
        return _SHARED.actors

    def _stop_actors(self) -> None:
        _stop(self._ray, _SHARED.actors)
        _SHARED.session, _SHARED.actors = None, []

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Generator[tuple[Task, dict[str, Any]], None, None]:
        ray = self._ray
        queue = list(tasks)
        if not queue:
            return
        self.connect()
        actors = self._pool()
        fn_ref = ray.put(fn)
        queue.reverse()
        load = [0] * len(actors)
        pending: dict[Any, tuple[int, list[Task]]] = {}
        done_s, done_n = 0.0, 0
        self.calls = 0
        clean = False
        try:
            while queue or pending:
                for depth in range(1, IN_FLIGHT_PER_ACTOR + 1):  # round robin: every actor busy first
                    for i, actor in enumerate(actors):
                        if not queue or load[i] >= depth:
                            continue
                        mean = done_s / done_n if done_n else None
                        k = self.chunk or chunk_size(mean, len(queue), len(actors))
                        chunk = [queue.pop() for _ in range(min(k, len(queue)))]
                        pending[actor.run.remote(fn_ref, chunk)] = (i, chunk)
                        load[i] += 1
                        self.calls += 1
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    i, chunk = pending.pop(ref)
                    load[i] -= 1
                    try:
                        status, value = ray.get(ref)
                    except ray.exceptions.RayError as err:
                        raise BatchError(
                            f"task {chunk[0].key}: its worker was lost and it was retried "
                            f"{self.max_retries} times ({type(err).__name__})"
                        ) from None
                    if status == "error":
                        key, message = value
                        raise BatchError(f"task {key} failed: {message}")
                    for task, (result, seconds) in zip(chunk, value, strict=True):
                        done_s += seconds
                        done_n += 1
                        yield task, result
            clean = True
        finally:
            if not clean:  # interrupted or failed: what is queued on the actors is dropped with them
                self._stop_actors()

    def close(self) -> None:
        """Stop the actors and disconnect, if this executor connected Ray (otherwise the Ray
        session and its actors stay, for the executors that share them)."""
        if self._started and self._ray.is_initialized():
            self._stop_actors()
            self._ray.shutdown()
        self._started = False
