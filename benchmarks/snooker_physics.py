"""Snooker physics: cueboard's engine against pooltool 0.6 on the same shots.

The shots are :func:`benchmarks.snooker_shots.shot_set`: a break-off, a full-pack break and 100
typical shots from a broken rack. Figures (``snooker.<engine>.<what>``); ``cueboard`` is
``simulate_shot`` (event records and the referee's outcome, what a played shot costs),
``cueboard_raw`` the search's fast path ``play_raw`` on a position prepared once (event arrays):

- ``per_event``: time per engine event over the 100 typical shots (total time / total events);
  goal for cueboard ≤ 20 µs (50× pooltool's ~1 ms).
- ``typical_shot``: mean time of one typical shot, goal < 2 ms; ``typical_events``: mean events.
- ``break_off`` / ``pack_break``: time of those shots, with their event counts.
- ``cold_start``: a fresh interpreter with an empty numba cache (``NUMBA_CACHE_DIR`` a new
  temporary folder) importing the engine and simulating the break-off, goal < 10 s;
  ``cold_start_cpu``: that process's CPU time (its wall time on an idle machine: the start-up
  is one thread); ``warm_start``: the same with the cache that run left.
- ``memory_per_event``: bytes held by the recorded events of all shots (tracemalloc) per event,
  goal < 1 KiB.
- ``snooker.pooltool.cold_start``: pooltool's runner started the same way (empty numba cache,
  import, break-off).
- ``snooker.ratio.*`` (``snooker.ratio_raw.*`` for the fast path): pooltool's time over
  cueboard's, measured interleaved shot by shot over 5 rounds (:mod:`benchmarks.
  snooker_interleaved`: per event, per shot, per break, with the spread of the rounds), and
  ``snooker.ratio.cold_start`` (CPU time of the two cold starts).

``CUEBOARD_BENCH_COLD=0`` skips the two cold starts (about a minute); ``CUEBOARD_BENCH_PEERS=0``
skips pooltool (see :mod:`benchmarks.pooltool_peer`).

Timing: each shot is run once untimed (numba compilation, caches), then ``REPEATS`` times; the
fastest run counts. Only the simulation call is timed, never building its inputs. The engines'
events are not the same list (each records its own collisions, cushion contacts and motion
transitions), so the per-shot ratio is what a user sees and the per-event ratio is the engines'
cost per unit of work.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import pooltool_peer, snooker_interleaved
from benchmarks.core import BenchmarkUnavailableError, Figure, quick
from benchmarks.snooker_shots import Shot, cueboard_inputs, shot_set, shot_set_json

REPEATS = 3
GOAL_PER_EVENT_US = 20.0
GOAL_TYPICAL_SHOT_MS = 2.0
GOAL_COLD_START_S = 10.0
GOAL_WARM_START_S = 1.5
GOAL_BYTES_PER_EVENT = 1024.0
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class ShotTime:
    """One shot as an engine ran it."""

    name: str
    kind: str
    events: int
    seconds: float


def _engine() -> Any:
    try:
        from cueboard.games.snooker import physics
    except ImportError as err:
        raise BenchmarkUnavailableError(
            f"cueboard's snooker engine is not importable ({err}): cueboard.games.snooker.physics is needed"
        ) from None
    return physics


def _simulator() -> Callable[[Any, Any], tuple[Sequence[Any], Any]]:
    simulate: Callable[[Any, Any], tuple[Sequence[Any], Any]] = _engine().simulate_shot
    return simulate


def _best_of(repeats: int, call: Callable[..., object], *args: Any) -> float:
    """The fastest of ``repeats`` calls ``call(*args)``, seconds."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        call(*args)
        best = min(best, time.perf_counter() - t0)
    return best


def time_cueboard(shots: Sequence[Shot], repeats: int = REPEATS) -> tuple[list[ShotTime], list[ShotTime]]:
    """Warm per-shot times of cueboard's two paths: ``simulate_shot`` (event records and the
    outcome) and the search's fast path ``play_raw`` on a position prepared once (event arrays
    only). Both count the events ``simulate_shot`` records."""
    physics = _engine()
    records, raw = [], []
    for shot in shots:
        position, strike = cueboard_inputs(shot)
        events, _ = physics.simulate_shot(position, strike)
        setup = physics.prepare(position)
        args = (setup, strike.speed, strike.angle, strike.side, strike.top, strike.elevation)
        physics.play_raw(*args)
        name, kind, n = shot["name"], shot["kind"], len(events)
        records.append(ShotTime(name, kind, n, _best_of(repeats, physics.simulate_shot, position, strike)))
        raw.append(ShotTime(name, kind, n, _best_of(repeats, physics.play_raw, *args)))
    return records, raw


def bytes_per_event(shots: Sequence[Shot]) -> float:
    """Memory held by the recorded events of every shot (tracemalloc), per event."""
    simulate = _simulator()
    inputs = [cueboard_inputs(s) for s in shots]
    simulate(*inputs[0])  # compile / load before measuring
    kept: list[Sequence[Any]] = []
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for position, strike in inputs:
            events, _ = simulate(position, strike)
            kept.append(events)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return held / max(1, sum(len(e) for e in kept))


_START_SCRIPT = """
import json, sys
from benchmarks.snooker_physics import _simulator
from benchmarks.snooker_shots import cueboard_inputs
from benchmarks.snooker_shots import break_off
events, _ = _simulator()(*cueboard_inputs(break_off()))
print(json.dumps({"events": len(events)}))
"""


def start_time(cache_dir: str) -> tuple[float, float]:
    """Wall and CPU seconds for a fresh interpreter to import the engine and simulate the
    break-off, with ``NUMBA_CACHE_DIR=cache_dir`` (empty: a cold start). The start-up is one
    thread, so its CPU time is close to its wall time on an idle machine."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache_dir, "PYTHONDONTWRITEBYTECODE": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", _START_SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    elapsed = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError("start-up run failed: " + proc.stderr.strip()[-2000:])
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def _summary(engine: str, times: Sequence[ShotTime]) -> tuple[dict[str, float], list[Figure]]:
    typical = [t for t in times if t.kind in ("pot", "positional")]
    by_kind = {t.kind: t for t in times}
    total_s = sum(t.seconds for t in typical)
    total_events = sum(t.events for t in typical)
    s = {
        "per_event_us": 1e6 * total_s / max(1, total_events),
        "typical_shot_ms": 1e3 * total_s / max(1, len(typical)),
        "typical_median_ms": 1e3 * statistics.median(t.seconds for t in typical),
        "typical_events": total_events / max(1, len(typical)),
        "break_off_ms": 1e3 * by_kind["break_off"].seconds,
        "break_off_events": by_kind["break_off"].events,
        "pack_break_ms": 1e3 * by_kind["pack_break"].seconds,
        "pack_break_events": by_kind["pack_break"].events,
    }
    mine = engine.startswith("cueboard")
    p = f"snooker.{engine}."
    figures = [
        Figure(
            p + "per_event",
            s["per_event_us"],
            "us",
            goal=f"<= {GOAL_PER_EVENT_US:g} us" if mine else "",
            met=s["per_event_us"] <= GOAL_PER_EVENT_US if mine else None,
            note="100 typical shots: total time / total events",
        ),
        Figure(
            p + "typical_shot",
            s["typical_shot_ms"],
            "ms",
            goal=f"< {GOAL_TYPICAL_SHOT_MS:g} ms" if mine else "",
            met=s["typical_shot_ms"] < GOAL_TYPICAL_SHOT_MS if mine else None,
            note=f"mean of 100 (median {s['typical_median_ms']:.3g} ms)",
        ),
        Figure(p + "typical_events", s["typical_events"], "events", note="mean events per typical shot"),
        Figure(p + "break_off", s["break_off_ms"], "ms", note=f"{s['break_off_events']:.0f} events"),
        Figure(p + "pack_break", s["pack_break_ms"], "ms", note=f"{s['pack_break_events']:.0f} events"),
    ]
    return s, figures


def _pooltool_cold(shots_json: str) -> list[Figure]:
    """pooltool's cold start (empty numba cache, import, break-off) and its CPU time."""
    if not pooltool_peer.peers_enabled() or not _cold_enabled():
        return []
    try:
        wall, cpu = pooltool_peer.cold_start(shots_json)
    except pooltool_peer.PeerUnavailableError as err:
        print(f"bench: snooker.pooltool.cold_start skipped: {err}")
        return []
    note = "pooltool 0.6: empty numba cache, import, break-off"
    return [
        Figure("snooker.pooltool.cold_start", wall, "s", note=note),
        Figure("snooker.pooltool.cold_start_cpu", cpu, "s", note="CPU time of that start-up"),
    ]


def _cold_enabled() -> bool:
    """The cold starts (a new interpreter compiling everything): off with CUEBOARD_BENCH_COLD=0 and
    in quick mode."""
    return not quick() and os.environ.get("CUEBOARD_BENCH_COLD", "1") not in ("0", "no", "false", "")


def _cueboard(shots: Sequence[Shot]) -> tuple[dict[str, float], dict[str, float], list[Figure]]:
    records, raw = time_cueboard(shots, repeats=1 if quick() else REPEATS)
    summary, figures = _summary("cueboard", records)
    raw_summary, raw_figures = _summary("cueboard_raw", raw)
    figures += raw_figures
    per_event_bytes = bytes_per_event(shots)
    figures.append(
        Figure(
            "snooker.cueboard.memory_per_event",
            per_event_bytes,
            "B",
            goal=f"< {GOAL_BYTES_PER_EVENT:g} B",
            met=per_event_bytes < GOAL_BYTES_PER_EVENT,
            note="recorded events (Event records) of all shots, tracemalloc",
        )
    )
    if not _cold_enabled():
        print("bench: snooker.cueboard.cold_start skipped: CUEBOARD_BENCH_COLD=0")
        return summary, raw_summary, figures
    with tempfile.TemporaryDirectory(prefix="cueboard-numba-") as cache:
        cold, cold_cpu = start_time(cache)
        warm, _ = start_time(cache)
    figures.append(
        Figure(
            "snooker.cueboard.cold_start",
            cold,
            "s",
            goal=f"< {GOAL_COLD_START_S:g} s",
            met=cold < GOAL_COLD_START_S,
            note="new interpreter, empty numba cache: import + break-off (wall time)",
        )
    )
    figures.append(
        Figure(
            "snooker.cueboard.cold_start_cpu",
            cold_cpu,
            "s",
            note="CPU time of that start-up: its wall time on an idle machine",
        )
    )
    figures.append(
        Figure(
            "snooker.cueboard.warm_start",
            warm,
            "s",
            goal=f"< {GOAL_WARM_START_S:g} s",
            met=warm < GOAL_WARM_START_S,
            note="the same with the cache filled (what `make run` leaves: it warms the cache at install)",
        )
    )
    figures.append(
        Figure(
            "snooker.cold_start",
            cold,
            "s",
            goal=f"< {GOAL_COLD_START_S:g} s",
            met=cold < GOAL_COLD_START_S,
            note=f"= snooker.cueboard.cold_start (CPU {cold_cpu:.1f} s; wall time follows the load)",
        )
    )
    summary["cold_start_cpu_s"] = cold_cpu
    return summary, raw_summary, figures


def run() -> list[Figure]:
    shots = shot_set()
    if quick():  # a few shots once each, no cold start, no peer
        shots = shots[:4]
    figures: list[Figure] = []
    mine: dict[str, float] | None = None
    try:
        mine, _, cueboard_figures = _cueboard(shots)
    except BenchmarkUnavailableError as err:
        print(f"bench: snooker.cueboard skipped: {err}")
        cueboard_figures = []
    figures.extend(cueboard_figures)
    peer_cold = _pooltool_cold(shot_set_json(shots))
    figures.extend(peer_cold)
    if mine is not None and "cold_start_cpu_s" in mine and peer_cold:
        ratio = peer_cold[1].value / mine["cold_start_cpu_s"]
        note = "start with empty caches, CPU time"
        figures.append(Figure("snooker.ratio.cold_start", ratio, "x", note=note))
    if mine is not None:
        try:
            figures.extend(snooker_interleaved.figures(shots))
        except BenchmarkUnavailableError as err:
            print(f"bench: snooker.ratio skipped: {err}")
    if not figures:
        raise BenchmarkUnavailableError("neither cueboard's snooker engine nor pooltool could run")
    return figures


if __name__ == "__main__":
    for f in run():
        print(f.bench_line())
