"""The balls at the start of a frame (S3 R2; rules/snooker.md, Equipment)."""

from __future__ import annotations

import itertools
import math

import pytest

from cueboard.games.snooker.rack import rack
from cueboard.games.snooker.table import STANDARD_TABLE as T

D = T.ball_diameter


@pytest.mark.parametrize("reds", [15, 10, 6])
def test_reds_form_a_tight_triangle_behind_the_pink(reds: int) -> None:
    pieces = rack(reds)
    red = [p for p in pieces if p.colour == "red"]
    assert len(red) == reds
    apex = red[0]
    pink = next(p for p in pieces if p.id == "pink")
    # apex on the centre line, as near the pink as possible without touching: 0.1 mm < gap <= 1 mm
    assert apex.x == 0.0
    gap = math.dist((apex.x, apex.y), (pink.x, pink.y)) - D
    assert T.touching_gap < gap <= 0.001
    # tight: every red touches its neighbours (3·r(r-1)/2 contacts for r rows), none overlap
    dists = [math.dist((a.x, a.y), (b.x, b.y)) for a, b in itertools.combinations(red, 2)]
    assert min(dists) == pytest.approx(D, abs=1e-12)
    rows = round((math.sqrt(8 * reds + 1) - 1) / 2)
    assert sum(1 for d in dists if abs(d - D) < 1e-9) == 3 * rows * (rows - 1) // 2
    # base parallel to the top cushion: the last row shares one y, and is the widest
    top_y = max(p.y for p in red)
    assert sum(1 for p in red if p.y == pytest.approx(top_y)) == rows
    black = next(p for p in pieces if p.id == "black")
    assert top_y + D < black.y


def test_colours_on_their_spots_and_white_in_hand() -> None:
    pieces = {p.id: p for p in rack()}
    for colour, (x, y) in T.spots.items():
        assert (pieces[colour].x, pieces[colour].y) == (x, y)
    assert "white" not in pieces
    assert {p.id for p in rack(white=(0.0, 0.6))} >= {"white"}


def test_reds_count_must_make_a_triangle() -> None:
    with pytest.raises(ValueError, match="7 reds"):
        rack(7)
