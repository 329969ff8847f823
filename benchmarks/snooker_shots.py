"""The snooker shot set every engine is timed on (issue 3): engine-neutral, deterministic.

Three groups, all on the WPBSA table of :mod:`cueboard.games.snooker.table` and in its frame
(metres, origin at the centre of the baulk cushion face, ``x`` across, ``y`` up the table):

- ``break-off``: the full position (15 reds racked, six colours on their spots); the white from
  the baulk line between the brown and the yellow plays a thin contact (10 % of the ball) on the
  right-hand red of the back row, with right-hand side (the aim allows for the squirt of a
  typical cue, :func:`squirt_angle`), hard enough to come back to baulk;
- ``pack-break``: the white from the D driven hard (8 m/s) full into the apex red. The pink is
  left off: on its spot, touching distance below the apex, it covers the apex from every side;
- ``typical-NNN``: 100 shots from a broken rack: 1-15 reds scattered at random (not overlapping,
  clear of the cushions and the pocket mouths), each colour on its spot with probability 0.85,
  the white anywhere; 70 % are pot attempts (ghost-ball aim at a ball on a pocket, cut under
  70°), the rest positional strikes in any direction; speed uniform in 0.5-5 m/s (a pot attempt
  at least fast enough to carry the object ball to the pocket), tip offset random (half the
  shots with side, top or screw up to half a radius).

A shot is a plain mapping ``{"name", "kind", "balls": [{"id", "x", "y"}], "strike": {"speed",
"angle", "elevation", "side", "top"}}``; ``strike`` follows
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

from cueboard.games.snooker.table import COLOURS_IN_ORDER, STANDARD_TABLE, SnookerTable

#: Seed of the typical shots' generator: change it and every figure moves.
SEED = 20261129
TYPICAL_SHOTS = 100
#: Kept clear between scattered balls and between a ball and a cushion, m.
CLEARANCE = 0.002
#: A snooker cue's effective end mass, kg (Alciatore, technical proof A-31: a few grams for a
#: typical shaft); used only to aim the break-off so that its contact is thin despite squirt.
CUE_END_MASS = 0.0057
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
    """The reds' starting positions, from cueboard's own rack when it exists.

    ``cueboard.games.snooker.rack.rack(reds)`` is the engine's definition; until it lands this
    module builds the rack of rules/snooker.md itself: a tight triangle (10 µm between reds), apex
    on the centre line 0.1 mm above the pink, base parallel to the top cushion.
    """
    try:
        from cueboard.games.snooker import rack as rack_module  # type: ignore[attr-defined]
    except ImportError:
        rack_module = None
    if rack_module is not None:
        return [(float(p.x), float(p.y)) for p in rack_module.rack(reds)]
    r = table.ball_radius
    step = 2.0 * r + 1e-5
    apex_y = table.spots["pink"][1] + 2.0 * r + 1e-4
    out: list[tuple[float, float]] = []
    row = 0
    while len(out) < reds:
        for j in range(row + 1):
            if len(out) < reds:
                out.append(((j - row / 2.0) * step, apex_y + row * step * math.sqrt(3.0) / 2.0))
        row += 1
    return out


def _reds(positions: list[tuple[float, float]]) -> list[Ball]:
    return [{"id": f"red{i + 1}", "x": x, "y": y} for i, (x, y) in enumerate(positions)]


def _colours(table: SnookerTable, skip: tuple[str, ...] = ()) -> list[Ball]:
    spots = table.spots
    return [{"id": c, "x": spots[c][0], "y": spots[c][1]} for c in COLOURS_IN_ORDER if c not in skip]


def _strike(speed: float, angle: float, side: float = 0.0, top: float = 0.0) -> dict[str, float]:
    return {"speed": speed, "angle": angle % 360.0, "elevation": 0.0, "side": side, "top": top}


def break_off(table: SnookerTable = STANDARD_TABLE) -> Shot:
    """The break-off: thin on the right-hand red of the back row, with right-hand side."""
    reds = rack_positions(table)
    white = (0.16, table.baulk_y)
    target = max(reds, key=lambda p: (p[1], p[0]))  # back row, right-hand end
    dx, dy = target[0] - white[0], target[1] - white[1]
    # The white's centre passes 1.8 radii to the right of the red's: a 10 % (thin) contact.
    offset = math.asin(0.9 * 2.0 * table.ball_radius / math.hypot(dx, dy))
    side = 0.3
    # The cue aims right of that line by the squirt angle, as a player allows for it.
    angle = math.degrees(math.atan2(dy, dx) - offset - squirt_angle(side, table.ball_mass))
    balls = [{"id": "white", "x": white[0], "y": white[1]}, *_reds(reds), *_colours(table)]
    strike = _strike(5.5, angle, side=side)
    return {"name": "break-off", "kind": "break_off", "balls": balls, "strike": strike}


def squirt_angle(side: float, ball_mass: float, end_mass: float = CUE_END_MASS) -> float:
    """The cue ball's deflection from the cue line (squirt), radians, for a tip offset ``side``
    (fraction of the radius; > 0 right-hand side, which sends the ball left, counter-clockwise).
    Alciatore, technical proof A-31: tan α = (5/2) s √(1 - s²) / (1 + m / m_e + (5/2)(1 - s²)),
    with ``m_e`` the cue's effective end mass."""
    s2 = side * side
    return math.atan(2.5 * side * math.sqrt(1.0 - s2) / (1.0 + ball_mass / end_mass + 2.5 * (1.0 - s2)))


def pack_break(table: SnookerTable = STANDARD_TABLE) -> Shot:
    """The white from the D full into the apex red at 8 m/s (the pink left off, see above)."""
    reds = rack_positions(table)
    white = (0.15, 0.65)
    apex = min(reds, key=lambda p: p[1])
    angle = math.degrees(math.atan2(apex[1] - white[1], apex[0] - white[0]))
    balls = [{"id": "white", "x": white[0], "y": white[1]}, *_reds(reds), *_colours(table, skip=("pink",))]
    return {"name": "pack-break", "kind": "pack_break", "balls": balls, "strike": _strike(8.0, angle)}


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
        })
    return shots


def shot_set(table: SnookerTable = STANDARD_TABLE) -> list[Shot]:
    """The break-off, the pack break, then the typical shots."""
    return [break_off(table), pack_break(table), *typical_shots(table)]


def shot_set_json(shots: list[Shot] | None = None, table: SnookerTable = STANDARD_TABLE) -> str:
    """The shot set (default: :func:`shot_set`) with its table, as JSON for a peer engine."""
    doc = {
        "frame": "metres; origin at the centre of the baulk cushion face; x across; y up the table",
        "table": {
            "length": table.length,
            "width": table.width,
            "ball_radius": table.ball_radius,
            "ball_mass": table.ball_mass,
            "cushion_height": table.cushion_height,
        },
        "cue_ball": "white",
        "shots": shot_set(table) if shots is None else shots,
    }
    return json.dumps(doc, indent=1)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m benchmarks.snooker_shots OUT.json")
    Path(sys.argv[1]).write_text(shot_set_json())
