"""Novuss board geometry with known answers (rules/novuss.md "Board", "Set-up and turns", "Light and
dark discs", "Penalty disc"; the hole criterion is documented in cueboard/games/novuss/geometry.py)."""

from __future__ import annotations

import itertools
import math

import pytest

from cueboard.games.novuss.board import STANDARD_BOARD as B
from cueboard.games.novuss.geometry import (
    centre_or_circle_point,
    check_striker_placement,
    depth,
    initial_pieces,
    is_dark,
    lateral,
    lies_at,
    line_shows_in_circle,
    line_shows_in_zone,
    nearest_free_point,
    opposite_rail,
    penalty_spot,
    point,
)
from cueboard.records.base import Piece


def disc(pid: str, x: float, y: float, owner: int = 0) -> Piece:
    return Piece(id=pid, kind="disc", owner=owner, x=x, y=y)


def test_depth_and_lateral_round_trip() -> None:
    for seat in range(4):
        x, y = point(seat, 0.3, 0.1)
        assert depth(seat, x, y) == pytest.approx(0.3)
        assert lateral(seat, x, y) == pytest.approx(0.1)
    assert point(0, 0.45, 0.0) == (0.0, -0.45)  # seat 0 plays from the bottom rail (board.py)
    assert point(1, 0.45, 0.0) == (-0.45, 0.0)  # seat 1 on the left (clockwise)
    assert opposite_rail(0) == "top" and opposite_rail(1) == "right"


def test_initial_set_up_two_players() -> None:
    # rules: 8 discs against the rail of the zone opposite the player, 4 each side of its middle
    # line, touching.
    pieces = initial_pieces(2)
    white = sorted((p for p in pieces if p.owner == 0 and p.kind == "disc"), key=lambda p: p.x)
    black = [p for p in pieces if p.owner == 1 and p.kind == "disc"]
    assert len(white) == 8 and len(black) == 8
    assert all(p.y == pytest.approx(0.5 - 0.0165) for p in white)  # against the top rail
    assert all(p.y == pytest.approx(-0.5 + 0.0165) for p in black)
    assert sum(p.x < 0 for p in white) == 4 and sum(p.x > 0 for p in white) == 4
    gaps = [b.x - a.x for a, b in itertools.pairwise(white)]
    assert gaps == pytest.approx([0.033] * 7)  # touching, no gaps
    assert white[3].x == pytest.approx(-0.0165) and white[4].x == pytest.approx(0.0165)
    strikers = [p for p in pieces if p.kind == "striker"]
    assert [p.id for p in strikers] == ["striker0", "striker2"]
    assert all(not p.on_table for p in strikers)


def test_initial_set_up_four_players() -> None:
    pieces = initial_pieces(4)
    side0 = [p for p in pieces if p.owner == 0 and p.kind == "disc"]
    side1 = [p for p in pieces if p.owner == 1 and p.kind == "disc"]
    assert len(side0) == 8 and len(side1) == 8
    # partners 0 and 2: 4 discs against the top rail (opposite seat 0), 4 against the bottom one.
    assert sum(p.y > 0.48 for p in side0) == 4 and sum(p.y < -0.48 for p in side0) == 4
    assert sum(p.x > 0.48 for p in side1) == 4 and sum(p.x < -0.48 for p in side1) == 4
    assert len([p for p in pieces if p.kind == "striker"]) == 4


def test_zone_line_through_the_hole() -> None:
    # line centre 0.370 from the centre, 1 mm wide; hole radius 4.5 mm: it shows while the centre
    # is nearer than 5 mm to the line's centre.
    assert line_shows_in_zone(0, 0.0, -0.370)
    assert line_shows_in_zone(0, 0.0, -0.3749)
    assert not line_shows_in_zone(0, 0.0, -0.3751)
    assert not line_shows_in_zone(0, 0.0, -0.3649)
    assert is_dark(0, 0.0, -0.375)  # hole edge exactly at the line's outer edge: dark
    assert not is_dark(0, 0.0, -0.3749)  # line shows: light
    assert not is_dark(0, 0.0, -0.372)
    assert is_dark(0, 0.3, -0.49)


def test_dark_only_in_the_players_own_zone() -> None:
    assert is_dark(0, 0.0, -0.45)
    assert not is_dark(2, 0.0, -0.45)  # seat 2's own zone is the top one
    assert is_dark(2, 0.0, 0.45)
    assert is_dark(1, -0.45, 0.2) and not is_dark(3, -0.45, 0.2)
    assert not is_dark(0, 0.0, 0.45)  # the opposite zone: light


def test_central_circle_through_the_hole() -> None:
    # circle radius 125 mm: dark while centre distance + 4.5 mm <= 124.5 mm.
    assert is_dark(0, 0.0, 0.0)
    assert is_dark(0, 0.12, 0.0)
    assert not is_dark(0, 0.1201, 0.0)
    assert line_shows_in_circle(0.125, 0.0)
    assert not line_shows_in_circle(0.1195, 0.0)
    assert is_dark(0, 0.12 / math.sqrt(2), 0.12 / math.sqrt(2))


def test_centre_or_circle_point() -> None:
    assert centre_or_circle_point(()) == ((0.0, 0.0), "the centre of the board")
    (x, y), where = centre_or_circle_point((disc("w1", 0.01, 0.0),))
    assert (x, y) == pytest.approx((0.125, 0.0)) and "central circle" in where
    (x, y), _ = centre_or_circle_point((disc("w1", 0.0, 0.0),), toward=(0.0, 1.0))
    assert (x, y) == pytest.approx((0.0, 0.125))


def test_penalty_spot_empty_zone_and_taken() -> None:
    (x, y), where = penalty_spot(0, 0, ())
    assert (x, y) == pytest.approx((0.0, 0.4835)) and "top edge zone" in where
    (x, y), _ = penalty_spot(1, 1, ())
    assert (x, y) == pytest.approx((0.4835, 0.0))  # seat 1 (left): the right rail
    # middle taken by an opponent's disc; two own discs on the left half: placed to the right,
    # touching it.
    pieces = (disc("b1", 0.0, 0.4835, 1), disc("w1", -0.3, 0.0), disc("w2", -0.2, 0.0))
    (x, y), where = penalty_spot(0, 0, pieces)
    assert (x, y) == pytest.approx((0.033, 0.4835)) and "right rail" in where
    assert math.hypot(x - 0.0, y - 0.4835) - 2 * B.disc_radius > -1e-12  # touching, not overlapping


def test_striker_placement() -> None:
    d = (disc("b1", 0.0, -0.45, 1),)
    assert check_striker_placement(0, 0.2, -0.45, d) is None
    # the striker's edge may reach the line's inner edge (0.3695 from the centre), not cross it
    assert check_striker_placement(0, 0.2, -0.3905, d) is None
    why = check_striker_placement(0, 0.2, -0.39, d)
    assert why is not None and "crosses the line" in why
    why = check_striker_placement(0, 0.0375, -0.45, d)
    assert why is not None and "touches disc 'b1'" in why
    assert check_striker_placement(0, 0.0376, -0.45, d) is None
    why = check_striker_placement(0, 0.43, -0.43, d)
    assert why is not None and "pocket" in why
    why = check_striker_placement(0, 0.0, -0.49, d)
    assert why is not None and "rail" in why
    assert check_striker_placement(2, 0.2, 0.45, d) is None
    assert check_striker_placement(2, 0.2, -0.45, d) is not None  # not seat 2's zone


def test_nearest_free_point() -> None:
    assert nearest_free_point(0.1, 0.1, B.disc_radius, ()) == (0.1, 0.1)
    x, y = nearest_free_point(0.0, 0.0, B.disc_radius, (disc("w1", 0.0, 0.0),))
    assert math.hypot(x, y) == pytest.approx(0.033, abs=5e-4)


def test_lies_at_is_the_exact_place_signs_of_zero_included() -> None:
    """A stroke keeps a piece that did not move as it is (``lies_at``), so a piece left at -0.0
    where it stood at 0.0 must count as moved: its record would read differently."""
    p = Piece(id="d1", kind="disc", owner=0, x=0.0, y=0.25)
    assert lies_at(p, 0.0, 0.25)
    assert not lies_at(p, -0.0, 0.25)
    assert not lies_at(p, 0.0, math.nextafter(0.25, 1.0))
    assert not lies_at(p.model_copy(update={"y": -0.0}), 0.0, 0.0)
