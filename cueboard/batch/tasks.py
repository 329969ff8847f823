"""A task: one independent piece of a batch (a frame, a row of a shot map), with its own seed.

A task's seed comes from the batch seed and the task's key alone (:func:`task_seed`, through
NumPy's ``SeedSequence``, whose derived streams are independent: O'Neill, "PCG", 2014; NumPy's
"Parallel random number generation" guide), so a task draws the same numbers whichever worker runs
it, in whatever order, on however many workers: the results do not depend on the executor.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from cueboard.errors import CueboardError, SettingsError

#: A task key: letters, digits and ``._-/`` (it names the task's files), 1-200 characters.
KEY_PATTERN = re.compile(r"[A-Za-z0-9._/-]{1,200}")
#: Largest batch seed (seeds are unsigned 64-bit integers).
MAX_SEED = 2**64 - 1


class BatchInputError(SettingsError):
    """A batch asked for with bad settings (an unknown executor, a bad key, a seed out of range)."""

    code: ClassVar[str] = "invalid-batch"


class BatchError(CueboardError, RuntimeError):
    """A batch that could not finish: a task failed, or its worker was lost more often than retried."""

    code: ClassVar[str] = "batch-failed"


def check_seed(seed: int) -> int:
    """``seed`` if it is an integer in 0..2**64-1; BatchInputError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise BatchInputError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
    return seed


def check_key(key: str) -> str:
    """``key`` if it is a valid task key (see :data:`KEY_PATTERN`, no ``..`` part)."""
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key) or ".." in key.split("/"):
        raise BatchInputError(
            f"bad task key {key!r} (1-200 characters of letters, digits and ._-/, no '..' part)"
        )
    return key


def task_seed(batch_seed: int, key: str) -> int:
    """The seed of the task ``key`` in the batch seeded ``batch_seed``: a 64-bit integer from
    ``SeedSequence([batch_seed, sha256(key)[:8]])``; the same on every machine and Python run
    (unlike ``hash()``)."""
    check_seed(batch_seed)
    digest = int.from_bytes(hashlib.sha256(check_key(key).encode()).digest()[:8], "little")
    state = np.random.SeedSequence([batch_seed, digest]).generate_state(1, dtype=np.uint64)
    return int(state[0])


#: A task function: a module-level function (workers import it by name) from a task to its
#: result, a dict of plain JSON values.
TaskFn = Callable[["Task"], dict[str, Any]]


@dataclass(frozen=True)
class Task:
    """One task: its ``key`` (unique in the batch), its ``payload`` (JSON values: what the task
    function needs) and its ``seed`` (:func:`task_seed`)."""

    key: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0

    def __post_init__(self) -> None:
        check_key(self.key)
        check_seed(self.seed)
        try:
            json.dumps(self.payload, allow_nan=False)
        except (TypeError, ValueError) as err:
            raise BatchInputError(f"task {self.key}: the payload is not plain JSON ({err})") from None

    @classmethod
    def seeded(cls, batch_seed: int, key: str, payload: Mapping[str, Any]) -> Task:
        """The task ``key`` with its seed derived from ``batch_seed``."""
        return cls(key, dict(payload), task_seed(batch_seed, key))
