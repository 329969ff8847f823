"""Snooker speed against pooltool 0.6, interleaved shot by shot (issue 18, item 5).

Timing two engines one after the other, once, lets the load of a shared machine fall on one of
them: the per-event ratio of the sequential benchmark ranged 41-116× over 10 runs. Here both
engines run in the same minutes: pooltool's runner stays up as a server (``pooltool_peer.
ShotServer``: shot set built and warmed once) and for each of ``ROUNDS`` rounds, for each shot,
cueboard plays it (``simulate_shot``, then the fast path ``play_raw``) and pooltool plays it
right after. Both use the Mathavan 2010 cushion model (cueboard's default; pooltool's
``Mathavan2010Linear`` / ``Circular`` at its default step), so both do the same physics.

Figures (``snooker.ratio`` for ``simulate_shot``, ``snooker.ratio_raw`` for ``play_raw``):
- ``per_event_median``: per round, pooltool's time per event over cueboard's (total time /
  total events of the typical shots, each engine counting its own events); the median of the
  rounds, with their range in the note. ``per_event``: the same from each shot's best round.
- ``per_shot_geomean``: geometric mean over the typical shots of the ratio of their best
  times (range: the geometric mean of each round).
- ``break_off`` / ``pack_break``: ratio of the best times (range over rounds).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from benchmarks import pooltool_peer
from benchmarks.core import BenchmarkUnavailableError, Figure
from benchmarks.snooker_shots import Shot, shot_set_json

ROUNDS = 5
GOAL_RATIO = 60.0
GOAL_RATIO_RAW = 150.0
TYPICAL = ("pot", "positional")


@dataclass(frozen=True)
class Interleaved:
    """Seconds per round and shot (``[round][shot]``) and events per shot, of each engine."""

    kinds: tuple[str, ...]
    records: list[list[float]]
    raw: list[list[float]]
    peer: list[list[float]]
    events: list[int]
    peer_events: list[int]


def measure(shots: Sequence[Shot], rounds: int = ROUNDS) -> Interleaved:
    """Play the shot set ``rounds`` times, cueboard and pooltool alternating shot by shot."""
    from benchmarks.snooker_physics import cueboard_inputs
    from cueboard.games.snooker import physics

    inputs: list[tuple[Any, Any, tuple[Any, ...]]] = []
    events: list[int] = []
    for shot in shots:
        position, strike = cueboard_inputs(shot)
        evs, _ = physics.simulate_shot(position, strike)  # compiles / loads the kernel
        setup = physics.prepare(position)
        args = (setup, strike.speed, strike.angle, strike.side, strike.top, strike.elevation)
        physics.play_raw(*args)
        inputs.append((position, strike, args))
        events.append(len(evs))
    records = [[0.0] * len(shots) for _ in range(rounds)]
    raw = [[0.0] * len(shots) for _ in range(rounds)]
    peer = [[0.0] * len(shots) for _ in range(rounds)]
    peer_events = [0] * len(shots)
    with pooltool_peer.ShotServer(shot_set_json(list(shots)), cushion="mathavan") as server:
        for r in range(rounds):
            for k, (position, strike, args) in enumerate(inputs):
                t0 = time.perf_counter()
                physics.simulate_shot(position, strike)
                records[r][k] = time.perf_counter() - t0
                t0 = time.perf_counter()
                physics.play_raw(*args)
                raw[r][k] = time.perf_counter() - t0
                peer[r][k], peer_events[k] = server.time_shot(k)
    return Interleaved(tuple(s["kind"] for s in shots), records, raw, peer, events, peer_events)


def _per_event(times: Sequence[float], events: Sequence[int], typical: Sequence[int]) -> float:
    return sum(times[k] for k in typical) / max(1, sum(events[k] for k in typical))


def _geomean(values: Sequence[float]) -> float:
    return math.exp(statistics.fmean(math.log(v) for v in values))


def _range(values: Sequence[float]) -> str:
    return f"rounds {min(values):.3g}-{max(values):.3g}"


def ratios(m: Interleaved, mine: list[list[float]], suffix: str, goal: float) -> list[Figure]:
    """The ratio figures of one cueboard path (``mine``: records or raw) against pooltool."""
    typical = [k for k, kind in enumerate(m.kinds) if kind in TYPICAL]
    n = len(m.kinds)
    best = [min(r[k] for r in mine) for k in range(n)]
    peer_best = [min(r[k] for r in m.peer) for k in range(n)]
    per_round = [
        _per_event(p, m.peer_events, typical) / _per_event(c, m.events, typical)
        for p, c in zip(m.peer, mine, strict=True)
    ]
    median = statistics.median(per_round)
    best_ratio = _per_event(peer_best, m.peer_events, typical) / _per_event(best, m.events, typical)
    shot_round = [_geomean([p[k] / c[k] for k in typical]) for p, c in zip(m.peer, mine, strict=True)]
    what = "play_raw" if suffix else "simulate_shot"
    p = f"snooker.ratio{suffix}."
    figures = [
        Figure(
            p + "per_event_median",
            median,
            "x",
            goal=f">= {goal:g}x",
            met=median >= goal,
            note=f"pooltool / cueboard {what} per event, median of {len(mine)} interleaved "
            f"{_range(per_round)}",
        ),
        Figure(p + "per_event", best_ratio, "x", note="per event, each shot's best round"),
        Figure(
            p + "per_shot_geomean",
            _geomean([peer_best[k] / best[k] for k in typical]),
            "x",
            note=f"geometric mean of per-shot best-time ratios, {_range(shot_round)}",
        ),
    ]
    for kind in ("break_off", "pack_break"):
        for k in [k for k, x in enumerate(m.kinds) if x == kind]:
            spread = [pr[k] / c[k] for pr, c in zip(m.peer, mine, strict=True)]
            figures.append(
                Figure(p + kind, peer_best[k] / best[k], "x", note=f"best times, {_range(spread)}")
            )
    return figures


def figures(shots: Sequence[Shot], rounds: int = ROUNDS) -> list[Figure]:
    """The interleaved ratio figures (skips when pooltool is unavailable)."""
    if not pooltool_peer.peers_enabled():
        raise BenchmarkUnavailableError("CUEBOARD_BENCH_PEERS=0")
    try:
        m = measure(shots, rounds)
    except pooltool_peer.PeerUnavailableError as err:
        raise BenchmarkUnavailableError(str(err)) from None
    typical = [k for k, kind in enumerate(m.kinds) if kind in TYPICAL]
    peer_best = [min(r[k] for r in m.peer) for k in range(len(m.kinds))]
    out = [
        Figure(
            "snooker.pooltool.per_event",
            1e6 * _per_event(peer_best, m.peer_events, typical),
            "us",
            note="pooltool 0.6 with its Mathavan 2010 cushions, best of the interleaved rounds",
        )
    ]
    out += ratios(m, m.records, "", GOAL_RATIO)
    out += ratios(m, m.raw, "_raw", GOAL_RATIO_RAW)
    return out
