"""The position screen (cueboard/engine/placement.py) against snooker's exact position checks:
it passes only positions the exact checks accept, and it passes the ordinary ones."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.engine.placement import placement_clear
from cueboard.engine.world import Shapes
from cueboard.games.snooker import physics
from cueboard.games.snooker.cushions import table_shapes
from cueboard.games.snooker.physics_params import STANDARD_PHYSICS
from cueboard.games.snooker.table import STANDARD_TABLE

T = STANDARD_TABLE
R = T.ball_radius
CAP = np.array([[0.0, 0.0, 0.05]])


def _clear(xy: list[tuple[float, float]], cap: np.ndarray = CAP, limit: float = 0.05) -> bool:
    centres = np.array(xy, dtype=np.float64).reshape(-1, 2)
    return bool(placement_clear(centres, -1.0, 1.0, -1.0, 1.0, cap, limit))


def test_a_clear_position_passes() -> None:
    assert _clear([(0.5, 0.5), (-0.5, 0.5), (0.5, -0.5)])


@pytest.mark.parametrize(
    "xy",
    [
        [(1.0, 0.5)],  # on the rectangle's edge
        [(0.3, 1.2)],  # outside it
        [(0.03, 0.03)],  # inside the capture circle (0.042 m from its centre, radius 0.05)
        [(0.05, 0.0)],  # on the circle
        [(0.5, 0.5), (0.5, 0.549)],  # a pair 0.049 m apart, limit 0.05
        [(0.5, 0.5), (0.5, 0.55)],  # exactly at the limit: left to the exact check
    ],
)
def test_anything_at_or_past_a_limit_is_left_to_the_exact_check(xy: list[tuple[float, float]]) -> None:
    assert not _clear(xy)


def test_the_screen_never_passes_what_the_exact_checks_refuse() -> None:
    """Random snooker positions, many near a cushion, a pocket or another ball: wherever the
    screen says clear, the exact checks (``_check_position`` past its screen) raise nothing."""
    shapes = table_shapes(T, STANDARD_PHYSICS)
    rng = np.random.default_rng(18)
    passed = refused = 0
    for _ in range(3000):
        n = int(rng.integers(2, 8))
        xy = np.column_stack([rng.uniform(-T.half_width, T.half_width, n), rng.uniform(0.0, T.length, n)])
        near = rng.integers(0, 3)
        if near == 1:  # a second ball just touching the first, within a micron either way
            angle = rng.uniform(0, 2 * np.pi)
            d = 2 * R + rng.uniform(-2e-6, 2e-6)
            xy[1] = xy[0] + d * np.array([np.cos(angle), np.sin(angle)])
        elif near == 2:  # the first ball against the side cushion, within a micron
            xy[0, 0] = T.half_width - R + rng.uniform(-2e-7, 2e-7)
        ids = tuple(f"b{k}" for k in range(n))
        screen = physics._screen_clear(xy, T, shapes)
        try:
            _exact(xy, ids, shapes)
        except physics.PositionError:
            refused += 1
            assert not screen, f"screen passed a position the exact check refuses: {xy.tolist()}"
        else:
            passed += screen
    assert refused > 300 and passed > 300  # both kinds were drawn


def _exact(xy: np.ndarray, ids: tuple[str, ...], shapes: Shapes) -> None:
    """``_check_position`` with its screen turned off (the checks it runs when the screen fails)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(physics, "_screen_clear", lambda *args: False)
        physics._check_position(xy, ids, T, shapes)
