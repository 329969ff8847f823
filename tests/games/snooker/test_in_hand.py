"""The in-hand questions (S2 D16 snookered, S3 R14 clear path / full ball from the D) decided
exactly (cueboard/games/snooker/in_hand.py) against a brute-force search over a fine grid of the D,
on random positions built to throw shadows across the D.

What is asserted, for every position:
- a grid place that is clear with a margin (its paths stay clear when the balls are 1 µm larger)
  proves an answer, and the exact search must find one too (grid places clear only within 1 µm of
  grazing are the stated tolerance: the exact search counts windows under 1 nm as shut);
- every place the exact search returns is in the D, touches no ball and is clear by the pointwise
  test, so an exact "yes" where the grid says "no" is a window the grid stepped over, not an error.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from cueboard.games.snooker import geometry as g
from cueboard.games.snooker import in_hand
from cueboard.games.snooker.table import STANDARD_TABLE as T

R = T.ball_radius
GRID = 0.004  # metres between the brute-force places (the referee used 0.01 before)


def random_layout(rng: np.random.Generator) -> tuple[dict[str, tuple[float, float]], list[str]]:
    """1-2 balls on up the table behind a ragged row of balls (random gaps, random tilt) that
    throws shadows across the D, and 0-4 balls in or by the D."""
    balls: list[tuple[float, float]] = []

    def free(p: tuple[float, float]) -> bool:
        return all(np.hypot(p[0] - q[0], p[1] - q[1]) >= 2 * R + 1e-4 for q in balls)

    layout: dict[str, tuple[float, float]] = {}
    on: list[str] = []
    while len(on) < int(rng.integers(1, 3)):
        p = (float(rng.uniform(-0.6, 0.6)), float(rng.uniform(1.8, 3.3)))
        if free(p):
            balls.append(p)
            on.append(f"red{len(on) + 1}")
            layout[on[-1]] = p
    y0, tilt, x = float(rng.uniform(0.95, 1.5)), float(rng.uniform(-0.15, 0.15)), -0.55
    while x < 0.55:
        p = (x, y0 + tilt * x + float(rng.normal(0.0, 0.01)))
        if rng.random() > 0.15 and free(p):
            balls.append(p)
            layout[f"row{len(layout)}"] = p
        x += 2 * R + float(rng.exponential(0.004))
    for i in range(int(rng.integers(0, 5))):
        p = (float(rng.uniform(-0.3, 0.3)), float(rng.uniform(0.45, 0.8)))
        if free(p):
            balls.append(p)
            layout[f"d{i}"] = p
    return layout, on


def grid_witness(layout: dict[str, tuple[float, float]], on: list[str], offsets: tuple[float, ...],
                 need_all: bool) -> np.ndarray | None:
    """A grid place of the D clear with a 1 µm margin, or None."""
    places = g.d_points(layout, T, step=GRID)
    fat = replace(T, ball_diameter=T.ball_diameter + 2e-6)
    for first in range(0, places.shape[0], 500):
        chunk = places[first:first + 500]
        clear = chunk[g.clear_at(chunk, on, layout, offsets, need_all)]
        margin = g.clear_at(clear, on, layout, offsets, need_all, fat)
        if margin.any():
            return clear[margin][0]
    return None


def check_place(place: tuple[float, float], layout: dict[str, tuple[float, float]], on: list[str],
                offsets: tuple[float, ...], need_all: bool) -> None:
    balls = np.array([v for k, v in layout.items() if k != "white"])
    p = np.array([place])
    assert in_hand.placeable(p, balls, T)[0], f"returned place {place} is not placeable"
    assert g.clear_at(p, on, layout, offsets, need_all)[0], f"returned place {place} is not clear"


QUESTIONS = {
    "snookered (both edges, S2 D16)": (g._edges(T), True),
    "full ball (S3 R14)": (g._full_offsets(T), True),
    "clear path (S3 R14(c))": (g._any_offsets(T), False),
}


@pytest.mark.parametrize(("question", "count"), [(q, {"c": 20, "f": 40}.get(q[0], 60)) for q in QUESTIONS])
def test_exact_search_agrees_with_a_fine_grid(question: str, count: int) -> None:
    offsets, need_all = QUESTIONS[question]
    rng = np.random.default_rng(1414)
    seen = {"both yes": 0, "both no": 0, "exact only": 0}
    for _ in range(count):
        layout, on = random_layout(rng)
        exact = g.clear_place_in_hand(on, layout, offsets, need_all)
        grid = grid_witness(layout, on, offsets, need_all)
        if grid is not None:
                assert exact is not None, f"{question}: grid place {grid} clear, exact found none: {layout}"
        if exact is not None:
            check_place(exact, layout, on, offsets, need_all)
        key = "both yes" if exact is not None and grid is not None else (
            "both no" if exact is None else "exact only")
        seen[key] += 1
    # the positions are built so that both answers occur
    print(question, seen)
    assert seen["both yes"] >= count // 10 and seen["both no"] >= count // 10, seen


def test_a_ball_hidden_from_every_place_of_the_d() -> None:
    # S2 D16: a wall of balls across the table above the D hides the red from the whole D.
    layout = {f"b{i}": (-0.6 + i * 2 * R * 1.001, 1.2) for i in range(24)}
    layout["red1"] = (0.0, 2.5)
    assert g.is_snookered(None, ["red1"], layout)
    assert not g.clear_path(None, ["red1"], layout)
    del layout["b11"]  # a gap of one ball: the red's middle is seen through it, not its edges
    assert g.is_snookered(None, ["red1"], layout)
    assert g.clear_path(None, ["red1"], layout)


def test_no_place_in_the_d() -> None:
    # every place of the D touches a ball: nothing can be hit from hand (and it is snookered)
    layout = {f"b{i}_{j}": (-0.32 + i * 0.05, 0.42 + j * 0.05) for i in range(14) for j in range(8)}
    layout["red1"] = (0.0, 2.5)
    assert in_hand.edge_places(np.array(list(layout.values())), T).shape[0] == 0
    assert g.is_snookered(None, ["red1"], layout)
    assert not g.clear_path(None, ["red1"], layout)
