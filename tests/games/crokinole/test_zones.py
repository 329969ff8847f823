"""Zone scoring (rules/crokinole.md Board and Scoring: a disc touching a line counts the lower
value; lines have zero width; leaners score 15). Radii in inches, disc radius 0.625 in."""

from __future__ import annotations

import math

import pytest

from cueboard.games.crokinole.board import INCH
from cueboard.games.crokinole.zones import (
    in_or_touching_fifteen,
    is_leaner,
    on_or_outside_shooting_line,
    tally,
    touches_circle,
    zone_value,
)
from cueboard.records.base import Piece, PieceState


def at(r_in: float, deg: float = 270.0) -> tuple[float, float]:
    a = math.radians(deg)
    return (r_in * INCH * math.cos(a), r_in * INCH * math.sin(a))


@pytest.mark.parametrize(
    ("r", "value"),
    [
        (0.0, 15), (0.9, 15), (3.0, 15), (3.37, 15),  # wholly inside the 15-line (edge < 4 in)
        (3.375, 10), (4.0, 10), (4.625, 10), (7.3, 10),  # touching the 15-line counts 10
        (7.375, 5), (8.0, 5), (8.625, 5), (11.3, 5),  # touching the 10-line counts 5
        (11.375, 0), (12.0, 0), (12.5, 0),  # touching / outside the shooting line
    ],
)
def test_zone_value(r: float, value: int) -> None:
    for deg in (0.0, 37.0, 90.0, 270.0):
        assert zone_value(*at(r, deg)) == value


def test_touching_a_line_needs_the_edge_to_reach_it() -> None:
    fifteen = 4 * INCH
    assert touches_circle(*at(3.375), fifteen)
    assert touches_circle(*at(4.625), fifteen)
    assert not touches_circle(*at(3.3), fifteen)
    assert not touches_circle(*at(4.7), fifteen)


def test_open_shot_may_stay_in_or_touching_the_fifteen() -> None:
    assert in_or_touching_fifteen(*at(0.0))
    assert in_or_touching_fifteen(*at(4.625))
    assert not in_or_touching_fifteen(*at(4.7))


def test_shooting_line() -> None:
    assert on_or_outside_shooting_line(*at(11.375))
    assert on_or_outside_shooting_line(*at(12.6))
    assert not on_or_outside_shooting_line(*at(11.3))


def test_leaner_is_a_disc_partly_over_the_hole() -> None:
    # hole radius 0.6875 in + disc radius 0.625 in = 1.3125 in
    assert is_leaner(*at(0.5))
    assert is_leaner(*at(1.3))
    assert not is_leaner(*at(1.32))


def test_tally_counts_by_side_and_zone() -> None:
    def disc(i: str, owner: int, r: float, state: PieceState = PieceState.ON_TABLE) -> Piece:
        x, y = at(r, 45.0 * len(i))
        return Piece(id=i, kind="disc", owner=owner, x=x, y=y, state=state)

    pieces = [
        disc("a", 0, 2.0), disc("bb", 0, 4.0), disc("ccc", 0, 10.0),
        disc("dddd", 0, 0, PieceState.IN_HOLE),
        disc("e", 2, 6.0), disc("ff", 2, 8.0), disc("ggg", 2, 0.9),
        disc("hhhh", 2, 12.0, PieceState.IN_DITCH),
    ]
    a, b = tally(pieces, {0: 0, 2: 1}, (1, 2))
    # the in-hole disc is counted by the twenties counter, not from the pieces
    assert (a.twenties, a.fifteens, a.tens, a.fives, a.total) == (1, 1, 1, 1, 50)
    assert (b.twenties, b.fifteens, b.tens, b.fives, b.total) == (2, 1, 1, 1, 70)
