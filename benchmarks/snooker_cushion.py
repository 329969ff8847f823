"""Snooker cushion law against pooltool 0.6's Mathavan 2010 implementation.

A grid of impacts on the standard snooker cushion — approach speed 0.5-4 m/s, incidence 5-85°
from the cushion line, a rolling ball with no, running and check side, a stunned (spinless)
ball, one with draw (backspin k = -1) and one with double top (k = 2) — goes through cueboard's
engine law (``models/ball.py`` ``collide_ball_wall``: the stored table for rolling balls, the
integration for the others) and through pooltool's ``mathavan_2010.model.solve``
(``peers/pooltool_cushion.py``), at a fine step and at pooltool's default step.

Figures: ``snooker.cushion.mathavan_max_angle_error`` — the largest difference of rebound angle
between cueboard and pooltool at the fine step (goal ≤ 0.3°), ``mathavan_max_speed_error``
(goal ≤ 1 %); ``pooltool_default_max_angle_error`` — pooltool's own default step against its fine
step (what pooltool's engine plays); ``han_max_angle_difference`` — how far the Han 2005 law,
still selectable, comes off from Mathavan's on the same grid.
"""

from __future__ import annotations

import json
import math
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from benchmarks import pooltool_peer
from benchmarks.core import BenchmarkUnavailableError, Figure, quick

SPEEDS = (0.5, 1.0, 2.0, 3.0, 4.0)
INCIDENCE = tuple(range(5, 90, 10))
#: (topspin k, side k): ω_T = k V / R about the horizontal axis across the path, ω_S = k V / R.
SPINS = ((1, 0), (1, 1), (1, -1), (0, 0), (-1, 0), (2, 0))
GOAL_ANGLE_DEG = 0.3
GOAL_SPEED = 0.01


def cases(r: float) -> list[list[float]]:
    out = []
    for v in SPEEDS:
        for a in INCIDENCE:
            al = math.radians(a)
            for kt, ks in SPINS:
                wt, ws = kt * v / r, ks * v / r
                out.append([v * math.cos(al), v * math.sin(al), -wt * math.sin(al), wt * math.cos(al), ws])
    return out


def engine_rebounds(law: str, grid: list[list[float]]) -> np.ndarray:
    """cueboard's law on a ball against the top cushion (normal -y: the paper's frame is the
    table's)."""
    from cueboard.engine.layout import VX, VY, WX, WY, WZ
    from cueboard.engine.models import ball
    from cueboard.engine.world import new_bodies, place_bodies
    from cueboard.games.snooker.physics_params import SnookerPhysics
    from cueboard.games.snooker.table import STANDARD_TABLE as T

    ph = SnookerPhysics(cushion_law="han" if law == "han" else "mathavan")
    par = ph.param_array()
    r, m = T.ball_radius, T.ball_mass
    out = np.empty((len(grid), 5))
    for k, c in enumerate(grid):
        body, ibody = new_bodies(1)
        place_bodies(body, ibody, np.array([[0.0, 1.0]]), radius=r, mass=m, inertia=0.4 * m * r * r, model=0)
        body[VX, 0], body[VY, 0], body[WX, 0], body[WY, 0], body[WZ, 0] = c
        ball.collide_ball_wall(body, ibody, 0, 0.0, -1.0, ph.e_cushion, ph.mu_cushion, T.cushion_height, par)
        out[k] = body[VX, 0], body[VY, 0], body[WX, 0], body[WY, 0], body[WZ, 0]
    return out


def _angles(o: np.ndarray) -> np.ndarray:
    return np.degrees(np.arctan2(-o[:, 1], o[:, 0]))


def _max_angle_diff(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.max(np.abs((_angles(a) - _angles(b) + 180.0) % 360.0 - 180.0)))


def _max_speed_diff(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.max(np.abs(np.hypot(a[:, 0], a[:, 1]) / np.hypot(b[:, 0], b[:, 1]) - 1.0)))


def pooltool_rebounds(grid: list[list[float]]) -> tuple[np.ndarray, np.ndarray, str]:
    from cueboard.games.snooker.physics_params import STANDARD_PHYSICS as PH
    from cueboard.games.snooker.table import STANDARD_TABLE as T

    python = pooltool_peer.ensure_venv()
    params = {"M": T.ball_mass, "R": T.ball_radius, "h": T.cushion_height, "e": PH.e_cushion}
    params |= {"mu_s": PH.mu_slide, "mu_w": PH.mu_cushion}
    with tempfile.TemporaryDirectory(prefix="cueboard-cushion-") as tmp:
        src, dst = Path(tmp) / "cases.json", Path(tmp) / "out.json"
        src.write_text(json.dumps({"params": params, "cases": grid}))
        script = pooltool_peer.PEERS / "pooltool_cushion.py"
        try:
            proc = subprocess.run(
                [str(python), str(script), str(src), str(dst)], capture_output=True, text=True, timeout=900
            )
        except (OSError, subprocess.TimeoutExpired) as err:
            raise pooltool_peer.PeerUnavailableError(f"pooltool_cushion.py did not run: {err}") from None
        if proc.returncode != 0 or not dst.exists():
            tail = " | ".join((proc.stderr or proc.stdout).strip().splitlines()[-3:])
            raise pooltool_peer.PeerUnavailableError("pooltool_cushion.py failed: " + tail)
        doc = json.loads(dst.read_text())
    return np.array(doc["fine"]), np.array(doc["default"]), str(doc["version"])


def run() -> list[Figure]:
    from cueboard.games.snooker.table import STANDARD_TABLE as T

    grid = cases(T.ball_radius)
    if quick():  # the engine's two laws on a few impacts, no peer
        few = grid[:: max(1, len(grid) // 8)]
        diff = _max_angle_diff(engine_rebounds("han", few), engine_rebounds("mathavan", few))
        return [Figure("snooker.cushion.han_max_angle_difference", diff, "deg",
                       note=f"quick mode: {len(few)} impacts")]
    if not pooltool_peer.peers_enabled():
        raise BenchmarkUnavailableError("CUEBOARD_BENCH_PEERS=0")
    try:
        fine, default, version = pooltool_rebounds(grid)
    except pooltool_peer.PeerUnavailableError as err:
        raise BenchmarkUnavailableError(str(err)) from None
    mine = engine_rebounds("mathavan", grid)
    han = engine_rebounds("han", grid)
    angle = _max_angle_diff(mine, fine)
    speed = _max_speed_diff(mine, fine)
    n = len(grid)
    return [
        Figure(
            "snooker.cushion.mathavan_max_angle_error",
            angle,
            "deg",
            goal=f"<= {GOAL_ANGLE_DEG:g} deg",
            met=angle <= GOAL_ANGLE_DEG,
            note=f"{n} impacts, cueboard's engine law vs pooltool {version} Mathavan 2010 at a fine step",
        ),
        Figure(
            "snooker.cushion.mathavan_max_speed_error",
            100.0 * speed,
            "%",
            goal=f"<= {100 * GOAL_SPEED:g} %",
            met=speed <= GOAL_SPEED,
            note="rebound speed, same grid",
        ),
        Figure(
            "snooker.cushion.pooltool_default_max_angle_error",
            _max_angle_diff(default, fine),
            "deg",
            note="pooltool's own default step (delta_p = 0.001) against its fine step",
        ),
        Figure(
            "snooker.cushion.han_max_angle_difference",
            _max_angle_diff(han, mine),
            "deg",
            note="Han 2005 law (selectable) against Mathavan's, same grid",
        ),
    ]
