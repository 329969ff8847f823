"""What a benchmark module returns: figures, and how it says it cannot run.

A benchmark module exposes ``run() -> list[Figure]``. When something it needs is missing (an
optional package, a peer that cannot be installed, a part of cueboard not built yet) it raises
:class:`BenchmarkUnavailableError` with the reason, and the harness prints a skip line instead of failing.
In quick mode (:func:`quick`) it runs a few iterations of everything it measures.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

#: Set to 1 for the quick mode: each benchmark runs a few iterations so that a change that breaks
#: it fails fast (tests/benchmarks/test_quick.py); its figures are printed but not judged.
QUICK_ENV = "CUEBOARD_BENCH_QUICK"


def quick() -> bool:
    """Whether the benchmarks run in quick mode (:data:`QUICK_ENV`)."""
    return os.environ.get(QUICK_ENV, "") not in ("", "0", "no", "false")


class BenchmarkUnavailableError(Exception):
    """A benchmark cannot run here; the message says why (what is missing, how to get it)."""


@dataclass(frozen=True)
class Figure:
    """One measured figure.

    - ``name``: dotted, stable, unique across benchmarks (``snooker.cueboard.per_event``); the
      harness prints it as ``bench: <name> <value> <unit>`` for scripts to grep.
    - ``value`` / ``unit``: the number and its unit (``us``, ``ms``, ``s``, ``B``, ``x``, ``events``).
    - ``goal``: the target, in words (``<= 20 us``), when there is one.
    - ``met``: whether the goal is met (``None`` when there is no goal or it cannot be judged).
    - ``note``: a short explanation shown in the table.
    """

    name: str
    value: float
    unit: str
    goal: str = ""
    met: bool | None = None
    note: str = ""

    def bench_line(self) -> str:
        return f"bench: {self.name} {format_value(self.value)} {self.unit}"


def format_value(value: float) -> str:
    """A figure's value with about four significant digits, no exponent for everyday sizes."""
    if value == 0 or 1e-3 <= abs(value) < 1e7:
        return f"{value:.4g}" if abs(value) < 1e4 else f"{value:.0f}"
    return f"{value:.4e}"


@contextmanager
def throwaway_postgresql(figure: str) -> Iterator[str | None]:
    """A database URL on a throwaway PostgreSQL cluster (tests/store/pgcluster.py), stopped on
    exit; None, with a skip line naming ``figure``, where PostgreSQL is not installed."""
    repo = str(Path(__file__).resolve().parents[1])
    sys.path.insert(0, repo)
    try:
        from tests.store.pgcluster import Cluster, find_initdb
    finally:
        sys.path.remove(repo)
    initdb = find_initdb()
    if initdb is None:
        print(f"bench: {figure} skipped: PostgreSQL is not installed (scripts/ensure-postgres.sh)")
        yield None
        return
    cluster = Cluster(initdb).start()
    try:
        yield cluster.new_database()
    finally:
        cluster.stop()
