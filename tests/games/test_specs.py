"""Table and board specifications against the figures of the rules (docs/rules/*.md, WPBSA, NCA and
LNF texts)."""

import math

import pytest

from cueboard.games.crokinole.board import STANDARD_BOARD as CROK
from cueboard.games.novuss.board import STANDARD_BOARD as NOV
from cueboard.games.snooker.table import BALL_VALUES
from cueboard.games.snooker.table import STANDARD_TABLE as T


def test_snooker_d_and_baulk() -> None:
    # rules/snooker.md Equipment: baulk line y = 737, D radius 292 (mm).
    assert T.baulk_y == pytest.approx(0.737)
    assert T.d_radius == pytest.approx(0.292)
    assert T.in_d(0.0, 0.737)
    assert T.in_d(0.292, 0.737)
    assert not T.in_d(0.0, 0.738)
    assert not T.in_d(0.2, 0.737 - 0.25)


def test_snooker_spots() -> None:
    # rules/snooker.md Equipment: black 324 from the top cushion (y = 3245), pink midway between
    # blue and the top cushion (y = 2676.75), blue centre (y = 1784.5), green left, yellow right.
    s = T.spots
    assert s["black"] == pytest.approx((0.0, 3.245))
    assert s["pink"] == pytest.approx((0.0, 2.67675))
    assert s["blue"] == pytest.approx((0.0, 1.7845))
    assert s["brown"] == pytest.approx((0.0, 0.737))
    assert s["green"] == pytest.approx((-0.292, 0.737))
    assert s["yellow"] == pytest.approx((0.292, 0.737))


def test_snooker_table_and_balls() -> None:
    assert (T.length, T.width) == pytest.approx((3.569, 1.778))
    assert T.ball_diameter == pytest.approx(0.0525)
    assert [BALL_VALUES[c] for c in ("red", "yellow", "green", "brown", "blue", "pink", "black")] == [
        1, 2, 3, 4, 5, 6, 7
    ]
    assert len(T.pocket_centres) == 6


def test_crokinole_board() -> None:
    # rules/crokinole.md Board: surface 26 in, shooting line 12 in, 5/10 line 8 in, 15-line 4 in.
    assert 2 * CROK.surface_radius == pytest.approx(0.6604)
    assert CROK.shooting_radius == pytest.approx(0.3048)
    assert CROK.ten_radius == pytest.approx(0.2032)
    assert CROK.fifteen_radius == pytest.approx(0.1016)
    assert 2 * CROK.hole_radius == pytest.approx(0.034925)
    assert 2 * CROK.disc_radius == pytest.approx(0.03175)
    pegs = CROK.peg_positions
    assert len(pegs) == 8
    for x, y in pegs:
        assert math.hypot(x, y) == pytest.approx(0.1016)
        # 22.5° away from the nearest quadrant line (45° + k·90°).
        a = math.degrees(math.atan2(y, x)) % 90
        assert min(abs(a - 45), abs(a - 45)) == pytest.approx(22.5)


def test_crokinole_quadrants() -> None:
    assert CROK.in_quadrant(0, 0.0, -0.3)
    assert not CROK.in_quadrant(0, 0.0, 0.3)
    assert CROK.in_quadrant(2, 0.0, 0.3)
    assert CROK.in_quadrant(1, -0.3, 0.0)  # clockwise: seat 1 on the left


def test_novuss_board() -> None:
    # rules/novuss.md Board: 1000 mm square, edge zone 130 mm, central circle 250 mm,
    # pockets 100 mm diameter, 15 mm from the rails.
    assert NOV.size == pytest.approx(1.0)
    assert NOV.edge_zone == pytest.approx(0.130)
    assert 2 * NOV.centre_radius == pytest.approx(0.250)
    assert 2 * NOV.pocket_radius == pytest.approx(0.100)
    cx, _cy = NOV.pocket_centres["top-right"]
    assert NOV.half - (cx + NOV.pocket_radius) == pytest.approx(0.015)
    assert NOV.striker_mass == pytest.approx(4 * NOV.disc_mass)
