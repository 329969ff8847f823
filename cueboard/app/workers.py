"""Several server processes on one port, each accepting its own share of the connections.

uvicorn's ``--workers`` hands one listening socket to every worker; whichever worker's event
loop wakes first accepts all the connections waiting, so a burst of keep-alive connections (a
few dozen clients opening at once) can all land on one worker while the others idle, and each
worker runs its Python on one core at a time. Here each worker binds a socket of its own to the
same address with ``SO_REUSEPORT`` (Linux 3.9+), and the kernel spreads the new connections over
the sockets by a hash of their addresses, as nginx's ``listen ... reuseport`` and gunicorn's
``--reuse-port`` do.

:func:`run_workers` supervises the workers: one that exits is started again (after a pause that
doubles while workers keep dying within seconds of their start, up to 30 s); SIGINT or SIGTERM
stops them all, each with uvicorn's graceful shutdown, and a worker still running 10 s later is
killed. As uvicorn's and gunicorn's supervisors do, SIGHUP replaces the workers one at a time (a
new one started and serving before the old one is stopped: the code on disk is loaded again
without the port going quiet), SIGTTIN adds a worker and SIGTTOU stops one (never the last).
Elsewhere than Linux, or on port 0 (each worker would get a port of its own), uvicorn's own
shared socket is used (:func:`reuse_port_possible`).
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import socket
import sys
import threading
import time
from multiprocessing.process import BaseProcess
from typing import Any

import uvicorn

log = logging.getLogger("cueboard.workers")

#: Seconds between two looks at the workers; a worker that lived less than ``QUICK_EXIT_S`` counts
#: as failing at start (its restart waits, doubling up to ``MAX_PAUSE_S``).
CHECK_S, QUICK_EXIT_S, MAX_PAUSE_S = 0.5, 5.0, 30.0
#: Seconds the workers get to stop (uvicorn's graceful shutdown is 5 s) before they are killed.
STOP_S = 10.0


def reuse_port_possible(port: int) -> bool:
    """Whether the workers can each listen on a socket of their own (Linux's load-balancing
    ``SO_REUSEPORT``; a fixed port)."""
    return sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT") and port != 0


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to (``host``, ``port``) with ``SO_REUSEPORT``, not yet listening (the
    server's ``listen`` comes with its backlog). ``OSError`` where the address is taken by a
    socket without it, or cannot be bound."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


#: Seconds a replacement worker gets to start serving before the one it replaces is stopped anyway.
READY_S = 120.0


def _worker(config: uvicorn.Config, ready: Any) -> None:
    """One worker process: its own socket, uvicorn's server on it; ``ready`` (an event) is set
    once the server has started (its app's start-up done, its socket listening)."""
    config.configure_logging()
    server = uvicorn.Server(config)

    def announce() -> None:
        while not server.started and not server.should_exit:
            time.sleep(0.05)
        if server.started:
            ready.set()

    threading.Thread(target=announce, daemon=True).start()
    server.run(sockets=[listening_socket(config.host, config.port)])


class _Slot:
    """One worker's place: its process, when it started, how long its next start waits."""

    def __init__(self, context: Any, config: uvicorn.Config):
        self.context, self.config = context, config
        self.pause = 0.0
        self.process: BaseProcess = self._start()

    def _start(self) -> BaseProcess:
        self.ready = self.context.Event()
        process: BaseProcess = self.context.Process(target=_worker, args=(self.config, self.ready))
        process.start()
        self.started = time.monotonic()
        return process

    def replace(self, stopping: threading.Event) -> None:
        """Start a new worker, wait until it serves (or exits, or ``READY_S`` passes), then stop
        the old one gracefully: the port is served throughout."""
        old = self.process
        self.process = self._start()
        deadline = time.monotonic() + READY_S
        while not self.ready.wait(CHECK_S):
            if stopping.is_set() or not self.process.is_alive() or time.monotonic() > deadline:
                break
        stop_processes([old])

    def check(self, stopping: threading.Event) -> None:
        """Start the worker again if it has exited (waiting first if it keeps exiting at once)."""
        if self.process.is_alive():
            return
        lived = time.monotonic() - self.started
        self.pause = min(MAX_PAUSE_S, max(1.0, 2 * self.pause)) if lived < QUICK_EXIT_S else 0.0
        log.warning("server worker %s exited (code %s) after %.0f s; starting another%s",
                    self.process.pid, self.process.exitcode, lived,
                    f" in {self.pause:.0f} s" if self.pause else "")
        if not stopping.wait(self.pause):
            self.process = self._start()


def stop_processes(processes: list[BaseProcess]) -> None:
    """SIGTERM to each (uvicorn's graceful shutdown), then SIGKILL to any still running after
    ``STOP_S``."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + STOP_S
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join()


def run_workers(config: uvicorn.Config, workers: int) -> None:
    """Serve ``config`` from ``workers`` processes, each on its own ``SO_REUSEPORT`` socket, until
    SIGINT or SIGTERM; SIGHUP replaces them one by one, SIGTTIN adds one, SIGTTOU stops one. The
    caller checks first that the address can be bound (:func:`listening_socket`, closed again): a
    worker that cannot bind it exits and is restarted."""
    stopping = threading.Event()
    asked: list[int] = []  # SIGHUP, SIGTTIN, SIGTTOU in the order they came

    def stop(_signum: int, _frame: Any) -> None:
        stopping.set()

    def ask(signum: int, _frame: Any) -> None:
        asked.append(signum)

    handlers = {signal.SIGINT: stop, signal.SIGTERM: stop, signal.SIGHUP: ask, signal.SIGTTIN: ask,
                signal.SIGTTOU: ask}
    previous = {sig: signal.signal(sig, handler) for sig, handler in handlers.items()}
    context = multiprocessing.get_context("spawn")
    slots = [_Slot(context, config) for _ in range(workers)]
    try:
        while not stopping.wait(CHECK_S):
            while asked and not stopping.is_set():
                signum = asked.pop(0)
                if signum == signal.SIGHUP:
                    log.warning("SIGHUP: replacing the %d server workers one at a time", len(slots))
                    for slot in slots:
                        slot.replace(stopping)
                elif signum == signal.SIGTTIN:
                    slots.append(_Slot(context, config))
                    log.warning("SIGTTIN: %d server workers", len(slots))
                elif len(slots) > 1:
                    stop_processes([slots.pop().process])
                    log.warning("SIGTTOU: %d server workers", len(slots))
            for slot in slots:
                slot.check(stopping)
    finally:
        stop_processes([slot.process for slot in slots])
        for sig, handler in previous.items():
            signal.signal(sig, handler)


__all__ = ["listening_socket", "reuse_port_possible", "run_workers"]
