"""The Game interface's additions for fixed-size spaces: ``piece_ids``, ``choice_names``,
``nominates`` and ``placement_point`` (every unit point maps into the area's shape)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

import cueboard

GRID = list(itertools.product(np.linspace(-1, 1, 11), repeat=2))


@pytest.mark.parametrize("players", [2, 4])
def test_crokinole_placement_points_are_legal_on_an_empty_board(players: int) -> None:
    # Any u, v gives a disc touching the shooting line (12 in from the centre), at least half in
    # the seat's quadrant (rules: "Shot"); the board is empty, so nothing else can forbid it.
    game = cueboard.get_game("crokinole")
    for seat in game.seats(game.new_position({"players": players})):
        position = game.new_position({"players": players}, first=seat)
        for u, v in GRID:
            x, y = game.placement_point(position, u, v)
            game.check_placement(position, x, y)
            assert abs(math.hypot(x, y) - 12 * 0.0254) < 1.25 * 0.0254 / 2


def test_crokinole_placement_u_runs_along_the_line_and_v_across_it() -> None:
    game = cueboard.get_game("crokinole")
    position = game.new_position({"players": 2}, first=0)
    # seat 0 sits at -y: u = 0 is straight in front of it, on the line
    x, y = game.placement_point(position, 0.0, 0.0)
    assert x == pytest.approx(0.0, abs=1e-12) and y == pytest.approx(-0.3048)
    # u = ±1: 45° either side (the quadrant's edges)
    x, y = game.placement_point(position, 1.0, 0.0)
    assert math.degrees(math.atan2(y, x)) == pytest.approx(-45.0, abs=1e-6)
    inner = math.hypot(*game.placement_point(position, 0.0, -1.0))
    outer = math.hypot(*game.placement_point(position, 0.0, 1.0))
    assert inner < 0.3048 < outer


def test_snooker_placement_points_lie_in_the_d() -> None:
    # The D: a semicircle of radius 292 mm behind the baulk line (y = 0.737 m), S2 D10. Points
    # where a baulk colour stands are refused for overlap, never for lying outside the D.
    game = cueboard.get_game("snooker")
    position = game.new_position()
    reasons = set()
    for u, v in GRID:
        x, y = game.placement_point(position, u, v)
        assert y <= 0.737 and math.hypot(x, y - 0.737) <= 0.292
        try:
            game.check_placement(position, x, y)
        except cueboard.IllegalPlacementError as err:
            reasons.add(err.reason)
    assert reasons == {"overlaps"}
    assert game.placement_point(position, -1.0, -1.0) == pytest.approx((-0.292, 0.737))
    assert game.placement_point(position, 0.0, 1.0) == pytest.approx((0.0, 0.737 - 0.292))


def test_novuss_placement_points_stay_in_the_edge_zone() -> None:
    # The striker wholly inside the seat's edge zone (rules/novuss.md: Set-up and turns): the only
    # refusals left are the pockets' openings and the opponent's discs set up in that zone.
    game = cueboard.get_game("novuss")
    for players in (2, 4):
        for seat in game.seats(game.new_position({"players": players})):
            position = game.new_position({"players": players}, first=seat)
            reasons = set()
            for u, v in GRID:
                try:
                    game.check_placement(position, *game.placement_point(position, u, v))
                except cueboard.IllegalPlacementError as err:
                    reasons.add(err.reason)
            assert reasons <= {"pocket", "touches_disc"}, (players, seat, reasons)


def test_piece_ids_cover_every_piece_that_can_appear() -> None:
    crokinole = cueboard.get_game("crokinole")
    position = crokinole.new_position({"players": 2})
    ids = crokinole.piece_ids(position)
    assert len(ids) == 24 and ids[0] == "s0-01" and ids[-1] == "s2-12"  # 12 discs each (seed 003)
    assert crokinole.legal_placements(position).piece in ids
    assert len(crokinole.piece_ids(crokinole.new_position({"players": 4}))) == 24  # 6 each
    snooker = cueboard.get_game("snooker")
    assert snooker.piece_ids(snooker.new_position())[:2] == ("white", "red1")
    assert len(snooker.piece_ids(snooker.new_position({"reds": 6}))) == 6 + 6 + 1
    assert snooker.choice_names == ("play", "put_back", "replace") and snooker.nominates
    novuss = cueboard.get_game("novuss")
    assert "striker0" in novuss.piece_ids(novuss.new_position()) and not novuss.nominates


def test_snooker_free_ball_nominations_leave_out_the_ball_on() -> None:
    # S3 R10: after a foul that leaves the incoming player snookered, any ball may be nominated
    # as the ball on, except the ball on itself: with reds on, no red (the referee refuses one).
    game = cueboard.get_game("snooker")
    position = game.new_position({"reds": 6}).model_copy(update={"in_hand": False, "free_ball": True})
    offered = game.turn(position).free_ball
    assert offered == ("yellow", "green", "brown", "blue", "pink", "black")
    # the lowest colour on once the reds are gone: every other colour may be the free ball
    colours = [p for p in position.pieces if not p.id.startswith("red")]
    last = position.model_copy(update={"pieces": colours, "ball_on": "yellow"})
    assert game.turn(last).free_ball == ("green", "brown", "blue", "pink", "black")
    with pytest.raises(cueboard.IllegalChoiceError):
        game.declaration(position, free_ball="red1")


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_crokinole_outermost_placement_points_stay_on_the_playing_surface(seat: int) -> None:
    # v = +1 puts the disc as far out as the line allows: its edge must stay inside the playing
    # surface (radius 13 in), or the physics refuses the flick as hanging over the ditch
    game = cueboard.get_game("crokinole")
    position = game.new_position({"players": 4}, first=seat)
    for u in np.linspace(-1, 1, 41):
        x, y = game.placement_point(position, float(u), 1.0)
        assert math.hypot(x, y) + 1.25 * 0.0254 / 2 < 13 * 0.0254
    strike = game.make_strike(position, {"speed": 0.5}, placement=game.placement_point(position, 0.37, 1.0))
    game.simulate(position, game.declaration(position), strike)  # no DiscInputError
