"""The AI's searches, out of the server's threads: a bounded set of worker processes, each with a
memory cap and each search with a time cap (docs/service.md#the-ai-in-worker-processes).

An AI turn asks :meth:`AIWork.decide` for the decision of the player to move: the position and
the player's level go to a worker process as JSON, the decision (declaration, strike, intent,
explanation) comes back as JSON, and the server referees and stores it like any stroke.

- **Bounded**: ``slots`` worker processes, one search each at a time. A turn asked for while every
  slot is busy is refused at once (:class:`AIBusyError`, 503) rather than queued without bound.
- **Memory**: each worker runs under ``RLIMIT_AS`` = ``memory_mb`` (address space: the search's
  numpy arrays and the physics' compiled kernels included); a search that passes it fails with
  MemoryError in its worker and the turn is refused (503), the server's own memory untouched.
- **Time**: a search that has not answered ``timeout_s`` after it started is abandoned, its
  worker process terminated and replaced, and the turn refused (:class:`AITimeoutError`, 503).
  The AI's own budget (``--ai-budget``) is far below it: the cap only stops a runaway.

``slots=0`` runs the searches in the calling thread, uncapped (the tests' stand-in physics is
patched into this process only).
"""

from __future__ import annotations

import multiprocessing
import threading
from multiprocessing.pool import Pool
from typing import Any

from cueboard.errors import CueboardError

#: The agents of this process, by (game, level, budget): made once, reused for every search.
_AGENTS: dict[tuple[str, str, float], Any] = {}


class AIWorkError(CueboardError, RuntimeError):
    """An AI turn the workers could not answer (503): nothing is stored."""


class AIBusyError(AIWorkError):
    """Every AI worker is busy: the turn is refused, to be asked for again."""


class AITimeoutError(AIWorkError):
    """The AI's search passed its time cap: abandoned, its worker replaced."""


class AIFailedError(AIWorkError):
    """The AI's search failed in its worker (over its memory cap, or any error raised there)."""


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


def _limit_memory(memory_mb: int) -> None:
    import resource

    cap = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


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


class _Slot:
    """One worker process (a one-process pool: terminated and replaced as a whole)."""

    def __init__(self, memory_mb: int):
        self.memory_mb = memory_mb
        self.lock = threading.Lock()
        self.pool: Pool | None = None

    def get(self) -> Pool:
        if self.pool is None:
            ctx = multiprocessing.get_context("spawn")  # never fork a threaded server
            self.pool = ctx.Pool(1, initializer=_limit_memory, initargs=(self.memory_mb,))
        return self.pool

    def replace(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None


class AIWork:
    """The AI's worker processes (see the module docstring)."""

    def __init__(self, slots: int, *, memory_mb: int = 2048, timeout_s: float = 60.0):
        if slots < 0 or memory_mb < 256 or timeout_s <= 0:
            raise ValueError(f"AI workers: slots >= 0, memory_mb >= 256, timeout_s > 0 "
                             f"(not {slots}, {memory_mb}, {timeout_s})")
        self.slots = [_Slot(memory_mb) for _ in range(slots)]
        self.memory_mb = memory_mb
        self.timeout_s = timeout_s

    def decide(self, game: str, level: str, budget_s: float, position: dict[str, Any],
               seed: list[int]) -> dict[str, Any]:
        if not self.slots:
            return decide_json(game, level, budget_s, position, seed)
        slot = next((s for s in self.slots if s.lock.acquire(blocking=False)), None)
        if slot is None:
            raise AIBusyError(f"all {len(self.slots)} AI workers are busy: ask again in a moment")
        try:
            job = slot.get().apply_async(decide_json, (game, level, budget_s, position, seed))
            try:
                out: dict[str, Any] = job.get(timeout=self.timeout_s)
            except multiprocessing.TimeoutError:
                slot.replace()
                raise AITimeoutError(f"the AI's search passed its cap of {self.timeout_s:g} s and was "
                                     "stopped") from None
            except MemoryError:
                raise AIFailedError(f"the AI's search passed its memory cap of {self.memory_mb} MB") from None
            except Exception as err:  # raised in the worker (a cap hit while importing, a bug)
                text = " ".join(str(err).split())[:200]
                raise AIFailedError(f"the AI's search failed in its worker ({type(err).__name__}: {text})") \
                    from None
            return out
        finally:
            slot.lock.release()

    def warm(self, games: list[str]) -> list[int]:
        """Start every worker and load its physics kernels; their process ids."""
        pids = []
        for slot in self.slots:
            with slot.lock:
                pids.append(slot.get().apply(_warm, (games,)))
        return pids

    def close(self) -> None:
        for slot in self.slots:
            with slot.lock:
                slot.replace()


__all__ = ["AIBusyError", "AIFailedError", "AITimeoutError", "AIWork", "AIWorkError", "decide_json"]
