"""Bit-identity check of the event loop: digests of every result of a fixed set of shots.

A speed change to the engine (loop.py, detect.py, world.py) must leave every result bit for bit
as it was. This module plays a fixed, seeded workload and hashes everything it returns:

- ``raw``: 400 ``play_raw`` strokes from 40 positions of the benchmark shot set
  (:mod:`benchmarks.snooker_shots`), 10 each: speed 0.3-9 m/s, any direction, tip offset up to
  0.6 of the radius; every second stroke elevated 5-60° (balls in the air, landings, balls
  leaving the table); each digest covers the event count, the event arrays and the final
  ``body`` / ``ibody`` arrays, as bytes (signed zeros and NaN payloads included);
- ``check``: 20 of those strokes again with ``check=True`` (the smallest-gap column);
- ``records``: ``simulate_shot`` on the 102 shots of the shot set and on 20 of them elevated to
  25°: the repr of every event record's fields and of the outcome (repr keeps ``-0.0``);
- ``discs``: a crokinole round (24 flicks) and 10 novuss strokes (:mod:`benchmarks.bench_discs`),
  through the disc kernel (``planar.run_discs``; ``loop.run_events`` before it): the raw arrays
  and final body arrays of every run.

``python -m benchmarks.engine_identity OUT.json`` writes the digests (with the commit and the
CPU they were computed on); ``--compare REF.json`` compares with a stored set and lists the
shots that differ. ``tests/engine/test_engine_identity.py`` compares with the set stored in
tests/engine/data/engine_identity.json, computed from the code before the loop's speed changes.
"""

from __future__ import annotations

import hashlib
import json
import math
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.snooker_shots import shot_set

SEED = 20261202
POSITIONS = 40
STROKES_PER_POSITION = 10
CHECKED = 20
ELEVATED_RECORDS = 20


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(len(p).to_bytes(8, "little"))
        h.update(p)
    return h.hexdigest()[:24]


def _arrays_digest(n: int, ev_i: np.ndarray, ev_f: np.ndarray, body: np.ndarray, ibody: np.ndarray) -> str:
    return _digest(
        str(n).encode(),
        np.ascontiguousarray(ev_i[:n]).tobytes(),
        np.ascontiguousarray(ev_f[:n]).tobytes(),
        np.ascontiguousarray(body).tobytes(),
        np.ascontiguousarray(ibody).tobytes(),
    )


def strokes() -> list[tuple[int, float, float, float, float, float]]:
    """The ``play_raw`` workload: (position index, speed, angle, side, top, elevation)."""
    rng = np.random.default_rng(SEED)
    out = []
    for p in range(POSITIONS):
        for s in range(STROKES_PER_POSITION):
            speed = float(rng.uniform(0.3, 9.0))
            angle = float(rng.uniform(0.0, 360.0))
            r = 0.6 * math.sqrt(float(rng.random()))
            phi = float(rng.uniform(0.0, 2.0 * math.pi))
            elevation = float(rng.uniform(5.0, 60.0)) if s % 2 else 0.0
            out.append((p, speed, angle, r * math.cos(phi), r * math.sin(phi), elevation))
    return out


def raw_digests(check_only: bool = False) -> list[str]:
    """Digests of the ``play_raw`` strokes (``check_only``: the first ``CHECKED`` with check)."""
    from benchmarks.snooker_shots import cueboard_inputs
    from cueboard.games.snooker import physics

    shots = shot_set()
    setups = [physics.prepare(cueboard_inputs(shots[p])[0]) for p in range(POSITIONS)]
    out = []
    work = strokes()[:CHECKED] if check_only else strokes()
    for p, speed, angle, side, top, elevation in work:
        raw, body, ibody = physics.play_raw(setups[p], speed, angle, side, top, elevation, check=check_only)
        out.append(_arrays_digest(raw.n, raw.ev_i, raw.ev_f, body, ibody))
    return out


def records_digests() -> list[str]:
    """Digests of ``simulate_shot`` on the shot set and on some of its shots elevated."""
    from benchmarks.snooker_shots import cueboard_inputs
    from cueboard.games.snooker import physics

    shots = shot_set()
    work = [cueboard_inputs(s) for s in shots]
    for position, strike in work[2 : 2 + ELEVATED_RECORDS]:
        work.append((position, strike.model_copy(update={"elevation": 25.0})))
    out = []
    for position, strike in work:
        events, outcome = physics.simulate_shot(position, strike)
        text = repr([e.__dict__ for e in events]) + repr(outcome.model_dump())
        out.append(_digest(text.encode()))
    return out


@contextmanager
def _recording(sink: list[str]) -> Iterator[None]:
    """Record a digest of every ``world.run`` that the disc games make."""
    from cueboard.engine import disc_shot

    real: Callable[..., Any] = disc_shot.run

    def recorded(body: np.ndarray, ibody: np.ndarray, *args: Any, **kws: Any) -> Any:
        raw = real(body, ibody, *args, **kws)
        sink.append(_arrays_digest(raw.n, raw.ev_i, raw.ev_f, body, ibody))
        return raw

    disc_shot.run = recorded
    try:
        yield
    finally:
        disc_shot.run = real


def disc_digests() -> list[str]:
    """Digests of a crokinole round and 10 novuss strokes (every engine run they make)."""
    from benchmarks.bench_discs import crokinole_round, novuss_strokes

    out: list[str] = []
    with _recording(out):
        crokinole_round()
        novuss_strokes(n=10)
    return out


def host() -> str:
    """The CPU numba compiles for (results of libm and of code generation can depend on it)."""
    import llvmlite.binding as llvm

    return str(llvm.get_host_cpu_name())


def digests() -> dict[str, list[str]]:
    """Every digest of the workload, by group (module doc)."""
    return {
        "raw": raw_digests(),
        "check": raw_digests(check_only=True),
        "records": records_digests(),
        "discs": disc_digests(),
    }


def differences(ref: dict[str, list[str]], now: dict[str, list[str]]) -> list[str]:
    """``group[index]`` of every digest that differs (or is missing) between two sets."""
    out = []
    for group in ref:
        a, b = ref[group], now.get(group, [])
        if len(a) != len(b):
            out.append(f"{group}: {len(a)} runs, now {len(b)}")
        out += [f"{group}[{k}]" for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y]
    return out


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--compare":
        ref = json.loads(Path(argv[1]).read_text())
        diff = differences(ref["digests"], digests())
        print("identical" if not diff else f"{len(diff)} differ: {diff[:20]}")
        return 1 if diff else 0
    if len(argv) != 1:
        print("usage: python -m benchmarks.engine_identity OUT.json | --compare REF.json", file=sys.stderr)
        return 2
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    doc = {"commit": commit, "cpu": host(), "digests": digests()}
    Path(argv[0]).write_text(json.dumps(doc, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
