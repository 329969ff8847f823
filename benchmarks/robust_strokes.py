"""Robust strokes: random strokes of every game, counting what must never happen.

For each game, ``n`` seeded random strokes (stroke ``i`` draws from ``default_rng([SEED, game, i])``
alone, so any one is replayed without the others):

- **snooker**: racks broken by a random break-off (speed 5-15 m/s from a random point of the D,
  towards the pack with some side), then a stroke in any direction at any speed up to the
  strike's maximum (15 m/s), with side and top spin anywhere on the tip's disc (radius 0.7), level
  half the time and elevated 0-89° the other half; a third of the positions are changed first:
  an object ball put touching the cue ball, the cue ball or an object ball against a cushion, or
  a ball in a pocket's jaws;
- **crokinole**: 12-24 discs scattered over the board (none on a peg), a disc flicked from the
  shooting line at any speed up to 10 m/s, aimed anywhere on the board, spin up to 100 rad/s;
- **novuss**: 12-28 discs over the board (some pairs touching), the striker in its edge zone
  struck at up to 10 m/s in any direction into the board.

Per game it reports (``bench: robust.<game>.<what>``): strokes run; ``worst_gap_nm``, the
smallest gap between two pieces at rest after a stroke (negative: an overlap); ``overlaps``,
strokes leaving a gap below -0.1 µm (:data:`OVERLAP`); ``caps``, strokes that reached the event
cap (``EventLimitError``); ``exceptions``, any other error; ``p999_ms`` and ``slowest_ms``, the
99.9th percentile and the slowest wall time of one stroke (goals: 0, 0, 0, < 50 ms, < 1 s);
``p999_cpu_ms`` and ``slowest_cpu_ms``, the same in CPU time (on a machine shared with other
work, closer to what the stroke costs than its wall time).

``python -m benchmarks.robust_strokes [N] [--game G] [--from I]`` runs ``N`` strokes per game
(default :data:`STROKES`, 10⁵) and prints the figures and every failing stroke (game, index,
what); ``make bench`` runs it through :func:`run` (``CUEBOARD_BENCH_ROBUST`` sets ``N``; the
benchmarks' quick mode plays :data:`QUICK_STROKES`).
tests/engine/test_robust_strokes.py runs a smaller count in ``make test`` and replays every
stroke that ever failed (tests/engine/data/robust_strokes.json).
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from benchmarks.core import Figure

SEED = 20261205
STROKES = 100_000
#: Strokes a game in the benchmarks' quick mode.
QUICK_STROKES = 200
#: An overlap beyond this (m) at rest is a failure (the engine's contact tolerance is 0.1 µm).
OVERLAP = 1e-7
GOAL_P999_S = 0.050
GOAL_SLOWEST_S = 1.0
GAMES = ("snooker", "crokinole", "novuss")
#: Strokes played untimed before a run (after it, in index order), so that it times no compile.
WARM_UP = 20
_GAME_NO = {g: k for k, g in enumerate(GAMES)}


@dataclass(frozen=True)
class Stroke:
    """One random stroke: its inputs as plain data (JSON), played by :data:`PLAYERS`."""

    game: str
    index: int
    describe: str
    inputs: dict[str, Any]

    def play(self) -> float:
        """Play it: the smallest gap between two pieces at rest afterwards (m)."""
        return PLAYERS[self.game](self.inputs)


@dataclass
class Failure:
    game: str
    index: int
    what: str
    describe: str


@dataclass
class Stats:
    """What a run of strokes of one game found."""

    game: str
    strokes: int = 0
    worst_gap: float = math.inf
    overlaps: int = 0
    caps: int = 0
    exceptions: int = 0
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)

    @property
    def p999(self) -> float:
        return float(np.percentile(self.times, 99.9)) if self.times else 0.0

    @property
    def slowest(self) -> float:
        return max(self.times, default=0.0)

    @property
    def p999_cpu(self) -> float:
        return float(np.percentile(self.cpu, 99.9)) if self.cpu else 0.0

    @property
    def slowest_cpu(self) -> float:
        return max(self.cpu, default=0.0)

    @property
    def failed(self) -> int:
        return self.overlaps + self.caps + self.exceptions


def rng_for(game: str, index: int) -> np.random.Generator:
    return np.random.default_rng([SEED, _GAME_NO[game], index])


# --- pieces at rest ---------------------------------------------------------------------------
def smallest_gap(xy: np.ndarray, radii: np.ndarray) -> float:
    """The smallest gap between two of the circles (centres ``xy``, ``radii``): negative when two
    overlap; +inf for fewer than two."""
    if len(xy) < 2:
        return math.inf
    d = np.hypot(np.subtract.outer(xy[:, 0], xy[:, 0]), np.subtract.outer(xy[:, 1], xy[:, 1]))
    gap = d - np.add.outer(radii, radii)
    np.fill_diagonal(gap, math.inf)
    return float(gap.min())


def _pieces_gap(pieces: Any, radius_of: Callable[[Any], float]) -> float:
    on = [p for p in pieces if p.on_table]
    xy = np.array([(p.x, p.y) for p in on], dtype=np.float64).reshape(len(on), 2)
    return smallest_gap(xy, np.array([radius_of(p) for p in on], dtype=np.float64))


# --- snooker ----------------------------------------------------------------------------------
@cache
def _snooker_broken(k: int) -> tuple[tuple[str, float, float], ...]:
    """Rack ``k`` broken by a random break-off: (id, x, y) of the balls left on the table."""
    from cueboard.games.snooker.physics import play_raw, prepare
    from cueboard.games.snooker.rack import rack
    from cueboard.games.snooker.table import STANDARD_TABLE as T
    from cueboard.records.base import Position

    rng = np.random.default_rng([SEED, 99, k])
    spots = [T.spots[c] for c in ("yellow", "green", "brown")]
    while True:  # a point of the D clear of the three baulk colours
        a = rng.uniform(math.pi, 2 * math.pi)
        rad = T.d_radius * math.sqrt(rng.uniform(0.0, 0.98))
        white = (rad * math.cos(a), T.baulk_y + rad * math.sin(a))
        if all(math.hypot(white[0] - x, white[1] - y) >= 2.01 * T.ball_radius for x, y in spots):
            break
    setup = prepare(Position(game="snooker", pieces=rack(white=white)))
    apex_y = max(p.y for p in setup.pieces if p.id.startswith("red"))
    aim = math.degrees(math.atan2(apex_y - white[1], rng.uniform(-0.12, 0.12) - white[0]))
    _raw, body, ibody = play_raw(
        setup,
        float(rng.uniform(5.0, 15.0)),
        aim,
        float(rng.uniform(-0.5, 0.5)),
        float(rng.uniform(-0.3, 0.5)),
    )
    return tuple(
        (p.id, float(body[0, i]), float(body[1, i])) for i, p in enumerate(setup.pieces) if ibody[0, i] != 4
    )


def _snooker_layout(rng: np.random.Generator) -> tuple[dict[str, tuple[float, float]], str]:
    """A broken rack, perhaps changed (touching, cushion, jaws); the cue ball always on the bed."""
    from cueboard.games.snooker.table import STANDARD_TABLE as T

    r = T.ball_radius
    balls = {b: (x, y) for b, x, y in _snooker_broken(int(rng.integers(64)))}
    kind = "broken"

    def free(b: str, x: float, y: float) -> bool:
        inside = abs(x) <= T.half_width - r + 1e-12 and r - 1e-12 <= y <= T.length - r + 1e-12
        return inside and all(math.hypot(x - u, y - v) >= 2 * r for o, (u, v) in balls.items() if o != b)

    if "white" not in balls:
        for _ in range(50):
            a, rad = rng.uniform(math.pi, 2 * math.pi), T.d_radius * math.sqrt(rng.uniform(0.01, 0.99))
            x, y = rad * math.cos(a), T.baulk_y + rad * math.sin(a)
            if free("white", x, y):
                balls["white"] = (x, y)
                break
        else:
            balls["white"] = (0.0, 0.3)
            balls = {b: p for b, p in balls.items() if b == "white" or math.hypot(p[0], p[1] - 0.3) >= 2 * r}
    change = int(rng.integers(6))
    others = [b for b in balls if b != "white"]
    if change == 0 and others:  # an object ball touching the cue ball
        b = others[int(rng.integers(len(others)))]
        wx, wy = balls["white"]
        a = rng.uniform(0, 2 * math.pi)
        x, y = wx + 2 * r * math.cos(a), wy + 2 * r * math.sin(a)
        if free(b, x, y):
            balls[b], kind = (x, y), "touching"
    elif change == 1:  # the cue ball (or an object ball) against a cushion
        b = "white" if rng.random() < 0.5 or not others else others[int(rng.integers(len(others)))]
        side = int(rng.integers(4))
        along = rng.uniform(0.15, 0.85)
        x, y = [
            (-T.half_width + r, (along * T.length)),
            (T.half_width - r, along * T.length),
            ((along - 0.5) * 2 * (T.half_width - 0.1), r),
            ((along - 0.5) * 2 * (T.half_width - 0.1), T.length - r),
        ][side]
        if free(b, x, y):
            balls[b], kind = (x, y), "cushion"
    elif change == 2:  # a ball in a pocket's jaws
        b = "white" if rng.random() < 0.5 or not others else others[int(rng.integers(len(others)))]
        name, (px, py) = list(T.pocket_centres.items())[int(rng.integers(6))]
        for _ in range(20):
            t = rng.uniform(0.02, 0.09)
            a = rng.uniform(0, 2 * math.pi)
            x, y = px + t * math.cos(a), py + t * math.sin(a)
            x = max(-T.half_width + r, min(T.half_width - r, x))
            y = max(r, min(T.length - r, y))
            if free(b, x, y):
                balls[b], kind = (x, y), f"jaws {name}"
                break
    return balls, kind


def snooker_stroke(index: int) -> Stroke:
    from cueboard.games.snooker.records import MAX_SPEED, MAX_TIP_OFFSET

    rng = rng_for("snooker", index)
    balls, kind = _snooker_layout(rng)
    speed = float(rng.uniform(0.01, MAX_SPEED))
    angle = float(rng.uniform(0.0, 360.0))
    tip = MAX_TIP_OFFSET * math.sqrt(rng.random()) * 0.999
    phi = rng.uniform(0.0, 2 * math.pi)
    side, top = float(tip * math.cos(phi)), float(tip * math.sin(phi))
    elevation = 0.0 if rng.random() < 0.5 else float(rng.uniform(0.0, 89.0))
    describe = (
        f"{kind}; speed {speed:.4f} angle {angle:.3f} side {side:.3f} top {top:.3f} elev {elevation:.2f}"
    )
    inputs = {
        "balls": {b: [x, y] for b, (x, y) in balls.items()},
        "strike": [speed, angle, side, top, elevation],
    }
    return Stroke("snooker", index, describe, inputs)


def play_snooker(inputs: dict[str, Any]) -> float:
    """Play a snooker stroke (``balls``: id -> [x, y] in m; ``strike``: speed, angle, side, top,
    elevation) with ``play_raw``: the smallest gap between two balls at rest, +inf when the
    position check refuses the layout (nothing to play)."""
    from cueboard.games.snooker.physics import PositionError, play_raw, prepare
    from cueboard.games.snooker.table import STANDARD_TABLE as T
    from cueboard.records.base import Piece, Position

    def colour(b: str) -> str:
        return "red" if b.startswith("red") else b

    balls = inputs["balls"].items()
    pieces = tuple(Piece(id=b, kind="ball", colour=colour(b), x=x, y=y) for b, (x, y) in balls)
    try:
        setup = prepare(Position(game="snooker", pieces=pieces))
    except PositionError:
        return math.inf
    _raw, body, ibody = play_raw(setup, *inputs["strike"])
    on = ibody[0] != 4
    xy = np.ascontiguousarray(body[0:2, on].T)
    return smallest_gap(xy, np.full(len(xy), T.ball_radius))


# --- crokinole --------------------------------------------------------------------------------
def crokinole_stroke(index: int) -> Stroke:
    from cueboard.games.crokinole.board import STANDARD_BOARD as B
    from cueboard.games.crokinole.records import MAX_SPEED, MAX_SPIN
    from cueboard.records.base import Piece

    rng = rng_for("crokinole", index)
    r = B.disc_radius
    pegs = B.peg_positions
    pieces: list[Piece] = []
    want = int(rng.integers(12, 25))
    tries = 0
    while len(pieces) < want and tries < 2000:
        tries += 1
        rad = (B.shooting_radius - r) * math.sqrt(rng.random())
        a = rng.uniform(0, 2 * math.pi)
        x, y = rad * math.cos(a), rad * math.sin(a)
        if pieces and rng.random() < 0.3:  # touching a disc already placed
            q = pieces[int(rng.integers(len(pieces)))]
            b = rng.uniform(0, 2 * math.pi)
            x, y = q.x + 2 * r * math.cos(b), q.y + 2 * r * math.sin(b)
        if math.hypot(x, y) > B.surface_radius - r - 1e-4 or math.hypot(x, y) < B.hole_radius + r:
            continue
        if any(math.hypot(x - px, y - py) < B.peg_radius + r + 1e-6 for px, py in pegs):
            continue
        if any(math.hypot(x - p.x, y - p.y) < 2 * r for p in pieces):
            continue
        pieces.append(Piece(id=f"d{len(pieces)}", kind="disc", owner=len(pieces) % 2, x=x, y=y))
    seat = int(rng.integers(4))
    base = B.seat_angle(seat)
    start = None
    for _ in range(50):
        a = base + rng.uniform(-0.7, 0.7)
        s = (B.shooting_radius * math.cos(a), B.shooting_radius * math.sin(a))
        if all(math.hypot(s[0] - p.x, s[1] - p.y) >= 2 * r for p in pieces):
            start = s
            break
    if start is None:
        pieces = [p for p in pieces if math.hypot(p.x, p.y) < B.shooting_radius - 3 * r]
        start = (B.shooting_radius * math.cos(base), B.shooting_radius * math.sin(base))
    tx, ty = rng.uniform(-B.shooting_radius, B.shooting_radius, 2)
    d = math.hypot(tx - start[0], ty - start[1]) or 1.0
    speed = float(rng.uniform(0.01, MAX_SPEED))
    vel = (speed * (tx - start[0]) / d, speed * (ty - start[1]) / d)
    spin = float(rng.uniform(-MAX_SPIN, MAX_SPIN))
    describe = f"{len(pieces)} discs; seat {seat} start {start} vel {vel} spin {spin:.3f}"
    inputs = {
        "discs": [[p.x, p.y, p.owner] for p in pieces],
        "start": list(start),
        "velocity": list(vel),
        "spin": spin,
        "owner": seat % 2,
    }
    return Stroke("crokinole", index, describe, inputs)


def play_crokinole(inputs: dict[str, Any]) -> float:
    """Play a crokinole flick (``discs``: [x, y, owner] in m; ``start``, ``velocity``, ``spin``,
    ``owner`` of the flicked disc) with ``simulate_flick``: the smallest gap between discs at rest."""
    from cueboard.games.crokinole.board import STANDARD_BOARD as B
    from cueboard.games.crokinole.physics import simulate_flick
    from cueboard.records.base import Piece

    pieces = tuple(
        Piece(id=f"d{k}", kind="disc", owner=int(o), x=x, y=y) for k, (x, y, o) in enumerate(inputs["discs"])
    )
    start, velocity = tuple(inputs["start"]), tuple(inputs["velocity"])
    _events, after = simulate_flick(pieces, "shot", start, velocity, inputs["spin"], owner=inputs["owner"])
    return _pieces_gap(after, lambda p: B.disc_radius)


# --- novuss -----------------------------------------------------------------------------------
def novuss_stroke(index: int) -> Stroke:
    from cueboard.games.novuss.board import STANDARD_BOARD as B
    from cueboard.games.novuss.records import MAX_SPEED
    from cueboard.records.base import Piece

    rng = rng_for("novuss", index)
    rd, rs = B.disc_radius, B.striker_radius
    lim_d = B.half - rd - 1e-4
    sx = float(rng.uniform(-B.half + rs + 0.16, B.half - rs - 0.16))
    sy = -B.half + rs + float(rng.uniform(0.0, B.edge_zone - 2 * rs))
    pieces = [Piece(id="striker0", kind="striker", owner=0, x=sx, y=sy)]
    want = int(rng.integers(12, 29))
    tries = 0
    while len(pieces) < want + 1 and tries < 3000:
        tries += 1
        x, y = float(rng.uniform(-lim_d, lim_d)), float(rng.uniform(-lim_d, lim_d))
        if len(pieces) > 1 and rng.random() < 0.3:
            q = pieces[int(rng.integers(1, len(pieces)))]
            b = rng.uniform(0, 2 * math.pi)
            x, y = q.x + 2 * rd * math.cos(b), q.y + 2 * rd * math.sin(b)
        if abs(x) > lim_d or abs(y) > lim_d:
            continue
        if any(math.hypot(x - cx, y - cy) < B.pocket_radius + rd for cx, cy in B.pocket_centres.values()):
            continue
        if any(math.hypot(x - p.x, y - p.y) < rd + (rs if p.kind == "striker" else rd) for p in pieces):
            continue
        pieces.append(Piece(id=f"d{len(pieces)}", kind="disc", owner=len(pieces) % 2, x=x, y=y))
    a = float(rng.uniform(math.radians(5), math.radians(175)))
    speed = float(rng.uniform(0.01, MAX_SPEED))
    vel = (speed * math.cos(a), speed * math.sin(a))
    describe = f"{len(pieces)} pieces; striker ({sx:.4f}, {sy:.4f}) vel {vel}"
    inputs = {"striker": [sx, sy], "discs": [[p.x, p.y, p.owner] for p in pieces[1:]], "velocity": list(vel)}
    return Stroke("novuss", index, describe, inputs)


def play_novuss(inputs: dict[str, Any]) -> float:
    """Play a novuss stroke (``striker``: [x, y]; ``discs``: [x, y, owner]; ``velocity``) with
    ``simulate_stroke``: the smallest gap between pieces at rest."""
    from cueboard.games.novuss.board import STANDARD_BOARD as B
    from cueboard.games.novuss.physics import simulate_stroke
    from cueboard.records.base import Piece

    sx, sy = inputs["striker"]
    discs = inputs["discs"]
    pieces = (
        Piece(id="striker0", kind="striker", owner=0, x=sx, y=sy),
        *(Piece(id=f"d{k}", kind="disc", owner=int(o), x=x, y=y) for k, (x, y, o) in enumerate(discs)),
    )
    _events, after = simulate_stroke(pieces, "striker0", tuple(inputs["velocity"]))
    return _pieces_gap(after, lambda p: B.striker_radius if p.kind == "striker" else B.disc_radius)


PLAYERS: dict[str, Callable[[dict[str, Any]], float]] = {
    "snooker": play_snooker,
    "crokinole": play_crokinole,
    "novuss": play_novuss,
}
MAKERS: dict[str, Callable[[int], Stroke]] = {
    "snooker": snooker_stroke,
    "crokinole": crokinole_stroke,
    "novuss": novuss_stroke,
}


def play_one(stroke: Stroke, stats: Stats) -> None:
    """Play ``stroke``, timing it (wall and CPU) and counting what went wrong into ``stats``."""
    from cueboard.engine.world import EventLimitError

    stats.strokes += 1
    what = None
    gap = math.inf
    c0 = time.process_time()
    t0 = time.perf_counter()
    try:
        gap = stroke.play()
    except EventLimitError as err:
        stats.caps += 1
        what = f"event cap: {err}"
    except Exception as err:  # counted, never hidden: every error is a failure of the run
        stats.exceptions += 1
        what = f"{type(err).__name__}: {err}"
    dt = time.perf_counter() - t0
    stats.times.append(dt)
    stats.cpu.append(time.process_time() - c0)
    if what is None:
        stats.worst_gap = min(stats.worst_gap, gap)
        if gap < -OVERLAP:
            stats.overlaps += 1
            what = f"gap {gap * 1e9:.1f} nm"
        elif dt > GOAL_SLOWEST_S:
            what = f"slow: {dt:.2f} s"
    if what is not None:
        stats.failures.append(Failure(stroke.game, stroke.index, what, stroke.describe))


def strokes(game: str, n: int, first: int = 0) -> Iterator[Stroke]:
    make = MAKERS[game]
    for i in range(first, first + n):
        yield make(i)


def run_game(game: str, n: int, first: int = 0) -> Stats:
    """``n`` strokes of ``game`` from index ``first`` (after one untimed stroke to compile)."""
    for k in range(WARM_UP):  # numba compilation (both snooker kernels: level and in the air)
        try:
            MAKERS[game](first + n + k).play()
        except Exception:  # a failure here is the timed run's to report
            continue
    stats = Stats(game)
    for stroke in strokes(game, n, first):
        play_one(stroke, stats)
    return stats


def figures(stats: Stats) -> list[Figure]:
    g = f"robust.{stats.game}"
    gap_nm = stats.worst_gap * 1e9 if math.isfinite(stats.worst_gap) else 0.0
    return [
        Figure(f"{g}.strokes", stats.strokes, "strokes", note="random strokes played"),
        Figure(f"{g}.worst_gap_nm", gap_nm, "nm", goal=">= -100 nm", met=gap_nm >= -100.0,
               note="smallest gap between two pieces at rest"),
        Figure(f"{g}.overlaps", stats.overlaps, "strokes", goal="0", met=stats.overlaps == 0),
        Figure(f"{g}.caps", stats.caps, "strokes", goal="0", met=stats.caps == 0, note="event cap reached"),
        Figure(f"{g}.exceptions", stats.exceptions, "strokes", goal="0", met=stats.exceptions == 0),
        Figure(f"{g}.p999_ms", stats.p999 * 1e3, "ms", goal="< 50 ms", met=stats.p999 < GOAL_P999_S),
        Figure(
            f"{g}.slowest_ms", stats.slowest * 1e3, "ms", goal="< 1000 ms", met=stats.slowest < GOAL_SLOWEST_S
        ),
        Figure(f"{g}.p999_cpu_ms", stats.p999_cpu * 1e3, "ms", note="CPU time, 99.9th percentile"),
        Figure(f"{g}.slowest_cpu_ms", stats.slowest_cpu * 1e3, "ms", note="CPU time of the slowest stroke"),
    ]


def run() -> list[Figure]:
    # quick mode (``python -m benchmarks --quick``, which sets CUEBOARD_BENCH_QUICK): a few strokes
    quick = os.environ.get("CUEBOARD_BENCH_QUICK", "") not in ("", "0", "no", "false")
    n = int(os.environ.get("CUEBOARD_BENCH_ROBUST", QUICK_STROKES if quick else STROKES))
    out: list[Figure] = []
    for game in GAMES:
        out += figures(run_game(game, n))
    return out


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv and argv[0].isdigit() else STROKES
    games = [argv[argv.index("--game") + 1]] if "--game" in argv else list(GAMES)
    first = int(argv[argv.index("--from") + 1]) if "--from" in argv else 0
    bad = 0
    for game in games:
        t0 = time.perf_counter()
        stats = run_game(game, n, first)
        for fig in figures(stats):
            print(fig.bench_line(), flush=True)
        print(f"robust.{game}: {time.perf_counter() - t0:.0f} s", flush=True)
        for f in stats.failures:
            print(f"FAIL {f.game} {f.index}: {f.what} ({f.describe})", flush=True)
        bad += stats.failed
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
