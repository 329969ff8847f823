"""The ``processes`` executor: tasks in local worker processes, a lost worker's task rerun.

A worker is a process with a pipe to the driver; it runs one task at a time. The driver waits on
every busy worker's pipe and on its process sentinel (``multiprocessing.connection.wait``), so
it knows which task a dead worker (killed, out of memory, ``os._exit``) was running: that task —
and only that one — goes back to the front of the queue and a fresh worker takes its place. A
task whose worker is lost more than ``max_retries`` times stops the batch (the task itself kills
its worker). The standard library's pools cannot tell this: a dead worker breaks a
``ProcessPoolExecutor`` and fails every queued future with it, and ``multiprocessing.Pool`` waits
for the lost task forever.

Workers ignore Ctrl-C (SIGINT reaches the whole process group): the driver decides, stops them
and keeps what finished (:func:`cueboard.batch.run.run_tasks`).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections import Counter, deque
from collections.abc import Generator, Iterable
from multiprocessing.connection import Connection, wait
from multiprocessing.context import BaseContext
from multiprocessing.process import BaseProcess
from typing import Any

from cueboard.batch.tasks import BatchError, BatchInputError, Task, TaskFn

#: Times a task is rerun after its worker was lost.
MAX_RETRIES = 3


def _serve(conn: Connection) -> None:
    """A worker's loop: run ``fn(task)`` for each ``(fn, task)`` received and send back
    ``("ok", result)`` or ``("error", "Type: message")``; stop on ``None`` or a closed pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        fn, task = job
        try:
            reply: tuple[str, Any] = ("ok", fn(task))
        except Exception as err:  # the task's own failure: reported, the worker lives on
            reply = ("error", f"{type(err).__name__}: {err}")
        try:
            conn.send(reply)
        except Exception as err:  # a result pickle refuses (PicklingError, TypeError...)
            conn.send(("error", f"the result could not be sent back ({type(err).__name__}: {err})"))


class _Worker:
    """One worker process and the driver's end of its pipe."""

    def __init__(self, ctx: BaseContext) -> None:
        self.conn, child = ctx.Pipe()
        self.process: BaseProcess = ctx.Process(target=_serve, args=(child,), daemon=True)  # type: ignore[attr-defined]
        self.process.start()
        child.close()
        self.task: Task | None = None

    def stop(self, force: bool) -> None:
        if not force:
            try:
                self.conn.send(None)
            except OSError:
                force = True
        if force and self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


class ProcessExecutor:
    """Runs tasks in ``workers`` local processes (forked on POSIX: the workers start with the
    modules and compiled kernels the parent has loaded); see the module docstring."""

    name = "processes"

    def __init__(self, workers: int, max_retries: int = MAX_RETRIES) -> None:
        if workers < 1:
            raise BatchInputError(f"workers must be >= 1, got {workers}")
        if max_retries < 0:
            raise BatchInputError(f"max_retries must be >= 0, got {max_retries}")
        self.workers = workers
        self.max_retries = max_retries

    def run(self, fn: TaskFn, tasks: Iterable[Task]) -> Generator[tuple[Task, dict[str, Any]], None, None]:
        queue = deque(tasks)
        if not queue:
            return
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        lost: Counter[str] = Counter()
        pool = [_Worker(ctx) for _ in range(min(self.workers, len(queue)))]
        clean = False
        try:
            while True:
                for w in pool:
                    if w.task is None and queue:
                        w.task = queue.popleft()
                        w.conn.send((fn, w.task))
                busy = [w for w in pool if w.task is not None]
                if not busy:
                    break
                ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
                for i, w in enumerate(pool):
                    task = w.task
                    if task is None or (w.conn not in ready and w.process.sentinel not in ready):
                        continue
                    reply = None
                    if w.conn.poll():
                        try:
                            reply = w.conn.recv()
                        except (EOFError, OSError):
                            reply = None
                    if reply is None:  # the worker died with the task
                        lost[task.key] += 1
                        if lost[task.key] > self.max_retries:
                            raise BatchError(
                                f"task {task.key}: its worker process was lost {lost[task.key]} times"
                            )
                        w.stop(force=True)
                        pool[i] = _Worker(ctx)
                        queue.appendleft(task)
                        continue
                    w.task = None
                    status, value = reply
                    if status == "error":
                        raise BatchError(f"task {task.key} failed: {value}")
                    yield task, value
            clean = True
        finally:
            for w in pool:
                w.stop(force=not clean)

    def close(self) -> None:
        return None
