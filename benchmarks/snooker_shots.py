"""The snooker shot set every engine is timed on: engine-neutral, deterministic.

Three groups, all on the WPBSA table of :mod:`cueboard.games.snooker.table` and in its frame
(metres, origin at the centre of the baulk cushion face, ``x`` across, ``y`` up the table):

- ``break-off``: the full position (15 reds racked, six colours on their spots); the white from
  the baulk line between the brown and the yellow plays a thin contact (10 % of the ball) on the
  right-hand red of the back row, with right-hand side, hard enough to come back to baulk;
- ``pack-break``: the white from the D driven hard (8 m/s) full into the apex red. The pink is
  left off: on its spot, touching distance below the apex, it covers the apex from every side;
- ``typical-NNN``: 100 shots from a broken rack: 1-15 reds scattered at random (not overlapping,
  clear of the cushions and the pocket mouths), each colour on its spot with probability 0.85,
  the white anywhere; 70 % are pot attempts (ghost-ball aim at a ball on a pocket, cut under
  70°), the rest positional strikes in any direction; speed uniform in 0.5-5 m/s (a pot attempt
  at least fast enough to carry the object ball to the pocket), tip offset random (half the
  shots with side, top or screw up to half a radius).

Every strike's cue direction allows for squirt (cueboard's strike model, Alciatore TP A-31) so
that the white leaves on the intended line, as a player aims; the shot keeps that direction as
``launch_angle`` so that a peer with another squirt model can send its white the same way.

A shot is a plain mapping ``{"name", "kind", "balls": [{"id", "x", "y"}], "strike": {"speed",
"angle", "elevation", "side", "top"}, "launch_angle"}``; ``strike`` follows
:class:`cueboard.games.snooker.records.SnookerStrike`. ``python -m benchmarks.snooker_shots OUT``
writes the set as JSON (the file the pooltool peer reads).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

from cueboard.games.snooker.physics_params import STANDARD_PHYSICS
from cueboard.games.snooker.rack import red_triangle
from cueboard.games.snooker.strike import squirt_angle
from cueboard.games.snooker.table import COLOURS_IN_ORDER, STANDARD_TABLE, SnookerTable

#: Seed of the typical shots' generator: change it and every figure moves.
SEED = 20261129
TYPICAL_SHOTS = 100
#: Kept clear between scattered balls and between a ball and a cushion, m.
CLEARANCE = 0.002
#: Cue-ball speeds of the typical shots, m/s.
MIN_SPEED, MAX_SPEED = 0.5, 5.0
#: Deceleration of a rolling ball on snooker cloth (rolling resistance ≈ 0.01 × g), m/s²: a pot
#: attempt is hit at least 1.5 × sqrt(2 a d) to carry over the distance d to the pocket.
ROLLING_DECELERATION = 0.01 * 9.81
#: A scattered ball keeps this far from every pocket centre, m (out of the jaws).
POCKET_CLEARANCE = 0.12

Shot = dict[str, Any]
Ball = dict[str, Any]


def rack_positions(table: SnookerTable = STANDARD_TABLE, reds: int = 15) -> list[tuple[float, float]]:
    """The reds' starting positions: cueboard's rack (:mod:`cueboard.games.snooker.rack`)."""
    return red_triangle(reds, table)


def _reds(positions: list[tuple[float, float]]) -> list[Ball]:
    return [{"id": f"red{i + 1}", "x": x, "y": y} for i, (x, y) in enumerate(positions)]


def _colours(table: SnookerTable, skip: tuple[str, ...] = ()) -> list[Ball]:
    spots = table.spots
    return [{"id": c, "x": spots[c][0], "y": spots[c][1]} for c in COLOURS_IN_ORDER if c not in skip]


def launch_deviation(side: float, table: SnookerTable = STANDARD_TABLE) -> float:
    """How far (radians, counter-clockwise) the white leaves from the cue line for a tip offset
    ``side``: the squirt of cueboard's strike model with its cue's end mass."""
    return squirt_angle(side, table.ball_mass, STANDARD_PHYSICS.cue_end_mass)


def _strike(speed: float, launch: float, side: float = 0.0, top: float = 0.0) -> dict[str, float]:
    """A level strike that sends the white in the direction ``launch`` (degrees): the cue aims off
    that line by the squirt, as a player allows for it."""
    angle = launch - math.degrees(launch_deviation(side))
    return {"speed": speed, "angle": angle % 360.0, "elevation": 0.0, "side": side, "top": top}


def break_off(table: SnookerTable = STANDARD_TABLE) -> Shot:
    """The break-off: thin on the right-hand red of the back row, with right-hand side."""
    reds = rack_positions(table)
    white = (0.16, table.baulk_y)
    target = max(reds, key=lambda p: (p[1], p[0]))  # back row, right-hand end
    dx, dy = target[0] - white[0], target[1] - white[1]
    # The white's centre passes 1.8 radii to the right of the red's: a 10 % (thin) contact.
    offset = math.asin(0.9 * 2.0 * table.ball_radius / math.hypot(dx, dy))
    launch = math.degrees(math.atan2(dy, dx) - offset)
    balls = [{"id": "white", "x": white[0], "y": white[1]}, *_reds(reds), *_colours(table)]
    return {
        "name": "break-off", "kind": "break_off", "balls": balls,
        "strike": _strike(5.5, launch, side=0.3), "launch_angle": launch % 360.0,
    }


def pack_break(table: SnookerTable = STANDARD_TABLE) -> Shot:
    """The white from the D full into the apex red at 8 m/s (the pink left off, see above)."""
    reds = rack_positions(table)
    white = (0.15, 0.65)
    apex = min(reds, key=lambda p: p[1])
    launch = math.degrees(math.atan2(apex[1] - white[1], apex[0] - white[0]))
    balls = [{"id": "white", "x": white[0], "y": white[1]}, *_reds(reds), *_colours(table, skip=("pink",))]
    return {
        "name": "pack-break", "kind": "pack_break", "balls": balls,
        "strike": _strike(8.0, launch), "launch_angle": launch % 360.0,
    }


def _free_spot(
    rng: np.random.Generator, table: SnookerTable, placed: list[tuple[float, float]]
) -> tuple[float, float]:
    r = table.ball_radius
    lo_x, hi_x = -table.half_width + r + CLEARANCE, table.half_width - r - CLEARANCE
    lo_y, hi_y = r + CLEARANCE, table.length - r - CLEARANCE
    pockets = list(table.pocket_centres.values())
    for _ in range(10_000):
        x, y = float(rng.uniform(lo_x, hi_x)), float(rng.uniform(lo_y, hi_y))
        if any(math.hypot(x - px, y - py) < POCKET_CLEARANCE for px, py in pockets):
            continue
        if all(math.hypot(x - bx, y - by) >= 2.0 * r + CLEARANCE for bx, by in placed):
            return x, y
    raise RuntimeError("could not place a ball: the table is too crowded")


def _typical_position(rng: np.random.Generator, table: SnookerTable) -> list[Ball]:
    balls: list[Ball] = []
    placed: list[tuple[float, float]] = []
    for colour in COLOURS_IN_ORDER:
        if rng.random() < 0.85:
            balls.append({"id": colour, "x": table.spots[colour][0], "y": table.spots[colour][1]})
            placed.append(table.spots[colour])
    for i in range(int(rng.integers(1, 16))):
        x, y = _free_spot(rng, table, placed)
        balls.append({"id": f"red{i + 1}", "x": x, "y": y})
        placed.append((x, y))
    wx, wy = _free_spot(rng, table, placed)
    return [{"id": "white", "x": wx, "y": wy}, *balls]


def _pot(rng: np.random.Generator, table: SnookerTable, balls: list[Ball]) -> tuple[float, float] | None:
    """A ghost-ball pot on a random object ball into a random pocket, cut under 70°: (direction in
    degrees, the white's path plus the object ball's to the pocket in metres); None when twenty
    tries found none."""
    white = balls[0]
    pockets = list(table.pocket_centres.values())
    d = 2.0 * table.ball_radius
    for _ in range(20):
        ball = balls[int(rng.integers(1, len(balls)))]
        px, py = pockets[int(rng.integers(0, len(pockets)))]
        ux, uy = px - ball["x"], py - ball["y"]
        n = math.hypot(ux, uy)
        gx, gy = ball["x"] - d * ux / n, ball["y"] - d * uy / n
        ax, ay = gx - white["x"], gy - white["y"]
        cos_cut = (ax * ux + ay * uy) / (math.hypot(ax, ay) * n)
        if cos_cut > math.cos(math.radians(70.0)):
            return math.degrees(math.atan2(ay, ax)), math.hypot(ax, ay) + n
    return None


def typical_shots(
    table: SnookerTable = STANDARD_TABLE, count: int = TYPICAL_SHOTS, seed: int = SEED
) -> list[Shot]:
    """``count`` shots from broken racks, drawn from ``numpy.random.default_rng(seed)``."""
    rng = np.random.default_rng(seed)
    shots: list[Shot] = []
    while len(shots) < count:
        balls = _typical_position(rng, table)
        pot = _pot(rng, table, balls) if rng.random() < 0.7 else None
        if pot is None:
            kind, angle, low = "positional", float(rng.uniform(0.0, 360.0)), MIN_SPEED
        else:
            kind, angle = "pot", pot[0]
            low = min(MAX_SPEED, max(MIN_SPEED, 1.5 * math.sqrt(2.0 * ROLLING_DECELERATION * pot[1])))
        speed = float(rng.uniform(low, MAX_SPEED))
        side, top = 0.0, 0.0
        if rng.random() < 0.5:
            side, top = (float(v) for v in rng.uniform(-0.5, 0.5, size=2))
        shots.append({
            "name": f"typical-{len(shots) + 1:03d}",
            "kind": kind,
            "balls": balls,
            "strike": _strike(speed, angle, side=side, top=top),
            "launch_angle": angle % 360.0,
        })
    return shots


def shot_set(table: SnookerTable = STANDARD_TABLE) -> list[Shot]:
    """The break-off, the pack break, then the typical shots."""
    return [break_off(table), pack_break(table), *typical_shots(table)]


def shot_set_json(shots: list[Shot] | None = None, table: SnookerTable = STANDARD_TABLE) -> str:
    """The shot set (default: :func:`shot_set`) with its table and cueboard's cloth, ball and
    cushion parameters, as JSON for a peer engine."""
    doc = {
        "frame": "metres; origin at the centre of the baulk cushion face; x across; y up the table",
        "table": {
            "length": table.length,
            "width": table.width,
            "ball_radius": table.ball_radius,
            "ball_mass": table.ball_mass,
            "cushion_height": table.cushion_height,
        },
        "physics": {
            "g": STANDARD_PHYSICS.g,
            "mu_slide": STANDARD_PHYSICS.mu_slide,
            "mu_roll": STANDARD_PHYSICS.mu_roll,
            "mu_spin": STANDARD_PHYSICS.mu_spin,
            "e_ball": STANDARD_PHYSICS.e_ball,
            "e_cushion": STANDARD_PHYSICS.e_cushion,
            "mu_cushion": STANDARD_PHYSICS.mu_cushion,
        },
        "cue_ball": "white",
        "shots": shot_set(table) if shots is None else shots,
    }
    return json.dumps(doc, indent=1)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m benchmarks.snooker_shots OUT.json")
    Path(sys.argv[1]).write_text(shot_set_json())


def cueboard_inputs(shot: Shot) -> tuple[Any, Any]:
    """The shot as cueboard's ``(SnookerPosition, SnookerStrike)``."""
    from cueboard.games.snooker.position import SnookerPosition, make_ball
    from cueboard.games.snooker.records import SnookerStrike

    pieces = tuple(make_ball(b["id"], b["x"], b["y"]) for b in shot["balls"])
    return SnookerPosition(pieces=pieces, in_hand=False), SnookerStrike(**shot["strike"])
