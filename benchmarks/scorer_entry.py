"""What one scorer entry costs as a match grows: a snooker match kept by hand through the API
(``POST /api/scorer/{id}/entries``), the milliseconds of one entry at entry 1, 160 and 500 (the
median of the entries around each, wall and CPU time), on SQLite and, where the machine has
PostgreSQL (scripts/ensure-postgres.sh), on a throwaway PostgreSQL cluster. A maximum break each frame —
15 reds and 15 blacks, then the colours (147 points, 36 entries), then the next frame — in a best
of 35, so 500 entries fall in the 14th frame.

``python -m benchmarks scorer_entry``; the quick mode stops at entry 55, on SQLite alone.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Iterator
from typing import Any

from benchmarks.core import Figure, quick, throwaway_postgresql

COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")
#: The entries whose cost is reported (each the median of the entries from n - 4 to n + 5).
AT = (1, 160, 500)
WINDOW = range(-4, 6)


def entries() -> Iterator[dict[str, Any]]:
    """A maximum break, then the next frame, for ever."""
    while True:
        for _ in range(15):
            yield {"stroke": {"potted": ["red"]}, "mark": {"shot": "pot"}}
            yield {"stroke": {"nominated": "black", "potted": ["black"]}, "mark": {"shot": "pot"}}
        for colour in COLOURS:
            yield {"stroke": {"potted": [colour]}, "mark": {"shot": "pot"}}
        yield {"action": "next_frame"}


def _client(url: str) -> Any:
    from fastapi.testclient import TestClient

    from cueboard.app.server import create_app

    return TestClient(create_app(url))


def measure(count: int, url: str) -> tuple[list[float], list[float]]:
    """The wall and CPU milliseconds of each of ``count`` entries of one match in the store at
    ``url``."""
    wall, cpu = [], []
    with _client(url) as c:
        r = c.post("/api/scorer", json={"game": "snooker", "players": ["A", "B"], "best_of": 35, "seed": 1})
        if r.status_code != 201:
            raise RuntimeError(f"create: {r.status_code} {r.text[:300]}")
        mid = r.json()["id"]
        for _, entry in zip(range(count), entries(), strict=False):
            t0, c0 = time.perf_counter(), time.process_time()
            r = c.post(f"/api/scorer/{mid}/entries", json=entry)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            if r.status_code != 200:
                raise RuntimeError(f"entry {len(wall)}: {r.status_code} {r.text[:300]}")
    return wall, cpu


def _around(times: list[float], n: int) -> float:
    return statistics.median(times[max(0, n - 1 + d)] for d in WINDOW if 0 <= n - 1 + d < len(times))


def _figures(store: str, url: str, at: tuple[int, ...]) -> list[Figure]:
    wall, cpu = measure(at[-1] + WINDOW[-1], url)
    figures = []
    for n in at:
        figures.append(Figure(f"app.scorer.{store}.entry_{n}_ms", _around(wall, n), "ms",
                              note=f"wall, median of entries {max(1, n + WINDOW[0])}-{n + WINDOW[-1]}"))
        figures.append(Figure(f"app.scorer.{store}.entry_{n}_cpu_ms", _around(cpu, n), "ms",
                              note="CPU time of the whole request, in process"))
    ratio = _around(cpu, at[-1]) / _around(cpu, at[0])
    figures.append(Figure(f"app.scorer.{store}.cost_ratio_{at[-1]}_vs_1", ratio, "x", goal="<= 1.5",
                          met=ratio <= 1.5, note="CPU per entry at the last point over the first"))
    return figures


def _postgresql(at: tuple[int, ...]) -> list[Figure]:
    with throwaway_postgresql("app.scorer.postgresql") as url:
        return [] if url is None else _figures("postgresql", url, at)


def run() -> list[Figure]:
    at = (1, 50) if quick() else AT
    with tempfile.TemporaryDirectory() as tmp:
        figures = _figures("sqlite", f"sqlite:///{tmp}/scorer.sqlite3", at)
    if not quick():
        figures.extend(_postgresql(at))
    return figures


if __name__ == "__main__":
    for f in run():
        print(f.bench_line())
