"""Stand-ins for the AI's search that a spawned AI worker imports by name (tests/app is on the
workers' ``sys.path``, inherited from the test process): a search that never answers."""

from __future__ import annotations

import time
from typing import Any


def hang(game: str, level: str, budget_s: float, position: dict[str, Any], seed: list[int]) -> dict[str, Any]:
    """A search stuck for an hour (a deadlocked or runaway search)."""
    time.sleep(3600)
    raise AssertionError("a hung search was not stopped")
