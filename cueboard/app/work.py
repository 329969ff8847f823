"""The AI's searches, out of the server's threads: a supervised set of worker processes, each
with a memory cap, each turn with a deadline (docs/service.md#the-ai-in-worker-processes).

An AI turn asks :meth:`AIWork.decide` for the decision of the player to move: the position and
the player's level go to a worker process as JSON, the decision (declaration, strike, intent,
explanation) comes back as JSON, and the server referees and stores it like any stroke.

- **Bounded**: ``slots`` worker processes, one search each at a time. A turn asked for while every
  slot is busy is refused at once (:class:`AIBusyError`, 503) rather than queued without bound.
- **Memory**: each worker runs under ``RLIMIT_AS`` = ``memory_mb`` (address space: the search's
  numpy arrays and the physics' compiled kernels included); a search that passes it fails with
  MemoryError in its worker and the turn is refused (503), the server's own memory untouched.
- **Supervised** (as uvicorn's and gunicorn's supervisors treat their workers): the parent waits
  on the worker's pipe *and* on its process sentinel, so a worker that dies mid-turn (``kill -9``,
  the kernel's OOM killer) is seen at once, and one that has not answered by the turn's deadline
  is killed. Either way the worker is replaced by a fresh process and the turn is asked of it
  once more; a second failure answers :class:`AIUnavailableError` ("the computer could not move —
  retry", 503), never a hang.
- **Deadline**: :meth:`AIWork.deadline_s` — ``DEADLINE_FACTOR`` × the AI's budget plus
  ``DEADLINE_GRACE_S``, at most ``timeout_s``; a fresh worker (its first search loads the physics'
  kernels) gets ``cold_start_s`` more.
- **Shutdown**: :meth:`AIWork.close` kills every worker without waiting for the searches in flight
  (they answer :class:`AIWorkError` at once) and reaps each within ``STOP_WAIT_S``.

``slots=0`` runs the searches in the calling thread, uncapped (the tests' stand-in physics is
patched into this process only).
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from typing import Any, ClassVar

from cueboard.errors import CueboardError, SettingsError

#: The agents of this process, by (game, level, budget): made once, reused for every search.
_AGENTS: dict[tuple[str, str, float], Any] = {}
#: A turn's deadline: this many times the AI's budget, plus the grace below (seconds).
DEADLINE_FACTOR = 4.0
DEADLINE_GRACE_S = 5.0
#: Seconds a killed worker is waited for before the next one starts (SIGKILL: it cannot refuse).
STOP_WAIT_S = 2.0


class AIWorkError(CueboardError, RuntimeError):
    """An AI turn the workers could not answer (503): nothing is stored."""

    code: ClassVar[str] = "ai-unavailable"


class AIBusyError(AIWorkError):
    """Every AI worker is busy: the turn is refused, to be asked for again."""

    code: ClassVar[str] = "ai-busy"


class AIUnavailableError(AIWorkError):
    """The AI's worker died or passed the turn's deadline twice (a fresh worker the second time):
    the computer could not move; asking again may succeed."""


#: The old name of a turn that passed its deadline (it is now retried once first).
AITimeoutError = AIUnavailableError


class AIFailedError(AIWorkError):
    """The AI's search failed in its worker (over its memory cap, or any error raised there)."""

    code: ClassVar[str] = "ai-failed"


def decide_json(game: str, level: str, budget_s: float, position: dict[str, Any],
                seed: list[int]) -> dict[str, Any]:
    """The AI's decision for ``position`` (the game's Position JSON) as JSON: ``declaration``,
    ``strike`` (None for a choice), ``intent``, ``explanation`` (a catalogue message or None)."""
    import numpy as np

    from cueboard.ai.players import SearchSettings
    from cueboard.ai.registry import make_agent
    from cueboard.app.games import adapter
    from cueboard.records.base import parse_record
    from cueboard.records.registry import record_types

    key = (game, level, budget_s)
    if key not in _AGENTS:
        _AGENTS[key] = make_agent(game, f"ai:{level}", SearchSettings(budget_s=budget_s))
    parsed = parse_record(record_types(game).position, position)
    d = _AGENTS[key].decide(adapter(game).game, parsed, np.random.default_rng(seed))
    return {
        "declaration": d.declaration.model_dump(mode="json"),
        "strike": None if d.strike is None else d.strike.model_dump(mode="json"),
        "intent": d.intent,
        "explanation": None if d.explanation is None else d.explanation.to_json(),
    }


def _warm(games: list[str]) -> int:
    """Load the physics kernels in a worker: one unrecorded stroke per game (as the server's
    warm-up does) — its first search then does not wait for them."""
    import os

    import numpy as np

    from cueboard.app.games import adapter

    for name in games:
        a = adapter(name)
        position = a.game.new_position(a.rules_settings(a.player_counts[0], {}), seed=0)
        decl = a.game.declaration(position)
        _events, outcome = a.game.simulate(position, decl, a.warm_strike(position))
        a.game.apply(position, decl, outcome, np.random.default_rng(0))
    return os.getpid()


def _serve(conn: Connection, memory_mb: int) -> None:
    """A worker process: under its memory cap, run each ``(function, args)`` received and send
    back ``("ok", result)`` or ``("error", type name, message)``, until the pipe closes."""
    import resource

    cap = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    while True:
        try:
            fn, args = conn.recv()
        except (EOFError, OSError):
            return
        try:
            reply: tuple[Any, ...] = ("ok", fn(*args))
        except BaseException as err:  # every failure goes back to the server, named
            reply = ("error", type(err).__name__, " ".join(str(err).split())[:200])
        conn.send(reply)


class _WorkerLostError(AIUnavailableError):
    """The worker died, or passed its deadline and was killed (``hung``): the turn is retried
    once in a fresh worker before :class:`AIUnavailableError` reaches the caller."""

    def __init__(self, hung: bool):
        super().__init__("the AI's worker passed its deadline" if hung else "the AI's worker died")
        self.hung = hung


class _Worker:
    """One worker process and its pipe (spawned, never forked from the threaded server)."""

    def __init__(self, memory_mb: int):
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child, memory_mb), name="cueboard-ai",
                                   daemon=True)
        self.process.start()
        child.close()
        self.jobs = 0

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def call(self, fn: Callable[..., Any], args: tuple[Any, ...], deadline_s: float) -> tuple[Any, ...]:
        """Run ``fn(*args)`` in the worker: its reply, or :class:`_WorkerLostError` (the worker is then
        killed: replace it)."""
        try:
            self.conn.send((fn, args))
            ready = wait([self.conn, self.process.sentinel], deadline_s)
            if self.conn in ready:
                reply: tuple[Any, ...] = self.conn.recv()
                self.jobs += 1
                return reply
        except (EOFError, OSError):  # the pipe broke: the worker died under us
            self.stop()
            raise _WorkerLostError(hung=False) from None
        hung = not ready
        self.stop()
        raise _WorkerLostError(hung)

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(STOP_WAIT_S)
        self.conn.close()


class _Slot:
    """A place for one worker: ``busy`` held by the turn using it; ``worker`` replaced as a whole."""

    def __init__(self) -> None:
        self.busy = threading.Lock()
        self.worker: _Worker | None = None


class AIWork:
    """The AI's worker processes (see the module docstring)."""

    def __init__(self, slots: int, *, memory_mb: int = 2048, timeout_s: float = 60.0,
                 cold_start_s: float = 60.0, search: Callable[..., dict[str, Any]] = decide_json):
        if slots < 0 or memory_mb < 256 or timeout_s <= 0 or cold_start_s < 0:
            raise SettingsError(f"AI workers: slots >= 0, memory_mb >= 256, timeout_s > 0, cold_start_s >= 0 "
                                f"(not {slots}, {memory_mb}, {timeout_s}, {cold_start_s})")
        self.slots = [_Slot() for _ in range(slots)]
        self.memory_mb = memory_mb
        self.timeout_s = timeout_s
        self.cold_start_s = cold_start_s
        #: What a worker runs for a turn: :func:`decide_json` (the tests pass a module-level
        #: stand-in with its arguments; a spawned worker imports it by name).
        self.search = search
        #: Workers replaced so far (died or hung), for the logs and the tests.
        self.replaced = 0
        self._closing = False
        self._state = threading.Lock()  # guards slot.worker against close() from another thread

    def deadline_s(self, budget_s: float, *, cold: bool = False) -> float:
        """Seconds a turn with the AI budget ``budget_s`` may take before its worker is killed."""
        warm = min(self.timeout_s, DEADLINE_FACTOR * budget_s + DEADLINE_GRACE_S)
        return warm + (self.cold_start_s if cold else 0.0)

    def _worker(self, slot: _Slot) -> _Worker:
        with self._state:
            if self._closing:
                raise AIWorkError("the server is stopping: the AI cannot move now")
            if slot.worker is None:
                slot.worker = _Worker(self.memory_mb)
            return slot.worker

    def _run(self, slot: _Slot, fn: Callable[..., Any], args: tuple[Any, ...],
             deadline: Callable[[bool], float]) -> Any:
        """``fn(*args)`` in ``slot``'s worker, retried once in a fresh worker if the first died or
        hung."""
        lost: list[str] = []
        for _attempt in range(2):
            worker = self._worker(slot)
            limit = deadline(worker.jobs == 0)
            try:
                reply = worker.call(fn, args, limit)
            except _WorkerLostError as err:
                with self._state:
                    if slot.worker is worker:
                        slot.worker = None
                        self.replaced += 0 if self._closing else 1
                if self._closing:
                    raise AIWorkError("the server is stopping: the AI cannot move now") from None
                lost.append(f"passed its {limit:g} s deadline" if err.hung else "worker died")
                continue
            if reply[0] == "ok":
                return reply[1]
            _tag, name, text = reply
            if name == "MemoryError":
                raise AIFailedError(f"the AI's search passed its memory cap of {self.memory_mb} MB")
            raise AIFailedError(f"the AI's search failed in its worker ({name}: {text})")
        raise AIUnavailableError(f"the computer could not move — retry (its search {lost[0]}, then "
                                 f"{lost[1]} in a fresh worker)")

    def decide(self, game: str, level: str, budget_s: float, position: dict[str, Any],
               seed: list[int]) -> dict[str, Any]:
        if not self.slots:
            return self.search(game, level, budget_s, position, seed)
        slot = next((s for s in self.slots if s.busy.acquire(blocking=False)), None)
        if slot is None:
            raise AIBusyError(f"all {len(self.slots)} AI workers are busy: ask again in a moment")
        try:
            out: dict[str, Any] = self._run(slot, self.search, (game, level, budget_s, position, seed),
                                            lambda cold: self.deadline_s(budget_s, cold=cold))
            return out
        finally:
            slot.busy.release()

    def warm(self, games: list[str], *, limit_s: float = 600.0) -> list[int]:
        """Start every worker and load its physics kernels (each within ``limit_s``); their
        process ids."""
        pids = []
        for slot in self.slots:
            with slot.busy:
                pids.append(int(self._run(slot, _warm, (games,), lambda _cold: limit_s)))
        return pids

    def pids(self) -> list[int | None]:
        """The process id of each slot's worker (None: not started, or replaced and not yet
        started again)."""
        with self._state:
            return [None if s.worker is None else s.worker.pid for s in self.slots]

    def close(self) -> None:
        """Kill every worker at once, searches in flight included (they answer
        :class:`AIWorkError`); returns within about ``STOP_WAIT_S`` a worker."""
        t0 = time.monotonic()
        with self._state:
            self._closing = True
            workers = [s.worker for s in self.slots if s.worker is not None]
            for slot in self.slots:
                slot.worker = None
        for worker in workers:
            if worker.process.is_alive():
                worker.process.kill()
        for worker in workers:
            worker.process.join(max(0.1, STOP_WAIT_S - (time.monotonic() - t0)))


__all__ = ["AIBusyError", "AIFailedError", "AITimeoutError", "AIUnavailableError", "AIWork", "AIWorkError",
           "decide_json"]
