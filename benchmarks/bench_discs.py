"""Disc physics speed: a full two-player crokinole round and 100 novuss strokes.

Figures:

- ``crokinole.round_24_shots``: time to simulate the 24 flicks of a two-player round (12 discs
  each, seats 0 and 2 alternating), each flicked from the shooting line in its quadrant towards
  the centre region with a seeded random speed and spin, the discs accumulating on the board
  (holed and ditched ones leave it). Goal < 0.5 s.
- ``crokinole.events_per_round``: engine events of that round.
- ``novuss.strokes_100``: time to simulate 100 typical strokes: each from a seeded random
  position (16 discs scattered over the board, the striker in the striker's edge zone), struck
  at 1-4 m/s towards the far half. Goal < 2 s.
- ``novuss.events_per_stroke``: mean engine events per stroke.

Each workload runs once untimed (numba compilation, caches), then ``REPEATS`` times; the fastest
run counts. Only the simulation calls are timed.
"""

from __future__ import annotations

import math
import time

import numpy as np

from benchmarks.core import Figure, quick
from cueboard.games.crokinole.board import STANDARD_BOARD as CROK
from cueboard.games.crokinole.physics import simulate_flick
from cueboard.games.novuss.board import STANDARD_BOARD as NOV
from cueboard.games.novuss.physics import simulate_stroke
from cueboard.records.base import Piece, PieceState

REPEATS = 3
SEED = 2026


def _flicks(seed: int) -> list[tuple[int, float, float, float, float, float]]:
    """(seat, start angle offset, aim x, aim y, speed factor, spin) drawn once per round."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(24):
        seat = 0 if k % 2 == 0 else 2
        out.append(
            (
                seat,
                float(rng.uniform(-0.6, 0.6)),
                float(rng.uniform(-0.12, 0.12)),
                float(rng.uniform(-0.12, 0.12)),
                float(rng.uniform(0.9, 1.6)),
                float(rng.uniform(-20.0, 20.0)),
            )
        )
    return out


def crokinole_round(seed: int = SEED) -> tuple[float, int]:
    """Seconds spent in ``simulate_flick`` for one round, and the number of events."""
    mug = 0.1 * 9.81
    pieces: tuple[Piece, ...] = ()
    elapsed = 0.0
    events = 0
    for k, (seat, off, ax, ay, factor, spin) in enumerate(_flicks(seed)):
        base = CROK.seat_angle(seat)
        for attempt in range(8):
            a = base + off * (1 - attempt / 8)
            start = (CROK.shooting_radius * math.cos(a), CROK.shooting_radius * math.sin(a))
            if all(math.hypot(start[0] - p.x, start[1] - p.y) > 2 * CROK.disc_radius for p in pieces):
                break
        dx, dy = ax - start[0], ay - start[1]
        d = math.hypot(dx, dy)
        speed = math.sqrt(2 * mug * d) * factor
        t0 = time.perf_counter()
        evs, after = simulate_flick(
            pieces, f"d{k}", start, (speed * dx / d, speed * dy / d), spin, owner=seat
        )
        elapsed += time.perf_counter() - t0
        events += len(evs)
        pieces = tuple(p for p in after if p.state is PieceState.ON_TABLE)
    return elapsed, events


def _novuss_position(rng: np.random.Generator) -> tuple[Piece, ...]:
    lim = NOV.half - NOV.disc_radius - 0.002
    sx = float(rng.uniform(-0.3, 0.3))
    pieces = [Piece(id="striker0", kind="striker", owner=0, x=sx, y=-NOV.half + NOV.edge_zone / 2)]
    k = 0
    while len(pieces) < 17:
        x, y = float(rng.uniform(-lim, lim)), float(rng.uniform(-0.3, lim))
        if any(math.hypot(x - p.x, y - p.y) < NOV.disc_radius + NOV.striker_radius + 0.001 for p in pieces):
            continue
        pieces.append(Piece(id=f"d{k}", kind="disc", owner=k % 2, x=x, y=y))
        k += 1
    return tuple(pieces)


def novuss_strokes(seed: int = SEED, n: int = 100) -> tuple[float, int]:
    """Seconds spent in ``simulate_stroke`` for ``n`` strokes, and the number of events."""
    rng = np.random.default_rng(seed)
    work = []
    for _ in range(n):
        pos = _novuss_position(rng)
        a = float(rng.uniform(math.radians(35), math.radians(145)))
        v = float(rng.uniform(1.0, 4.0))
        work.append((pos, (v * math.cos(a), v * math.sin(a))))
    elapsed = 0.0
    events = 0
    for pos, vel in work:
        t0 = time.perf_counter()
        evs, _ = simulate_stroke(pos, "striker0", vel)
        elapsed += time.perf_counter() - t0
        events += len(evs)
    return elapsed, events


def run() -> list[Figure]:
    crokinole_round()
    novuss_strokes(n=5)
    repeats = 1 if quick() else REPEATS
    crok = min(crokinole_round() for _ in range(repeats))
    nov = min(novuss_strokes(n=10 if quick() else 100) for _ in range(repeats))
    return [
        Figure(
            "crokinole.round_24_shots",
            crok[0] * 1e3,
            "ms",
            goal="< 500 ms",
            met=crok[0] < 0.5,
            note="two players, 24 flicks from the shooting line, discs accumulating",
        ),
        Figure("crokinole.events_per_round", crok[1], "events", note="engine events of that round"),
        Figure(
            "novuss.strokes_100",
            nov[0] * 1e3,
            "ms",
            goal="< 2000 ms",
            met=nov[0] < 2.0,
            note="100 strokes from random 16-disc positions, 1-4 m/s",
        ),
        Figure("novuss.events_per_stroke", nov[1] / 100, "events", note="mean engine events per stroke"),
    ]
