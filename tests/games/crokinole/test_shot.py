"""The shot at the boundary (rules/crokinole.md Players and discs, "Shot"; seed 003 "Cách chơi":
on the starting line with at least 50 percent of the disc in the shooter's quadrant)."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from cueboard.games.crokinole import new_position
from cueboard.games.crokinole.board import INCH
from cueboard.games.crokinole.errors import IllegalShotError
from cueboard.games.crokinole.records import MAX_SPEED, CrokinoleStrike
from cueboard.games.crokinole.shot import check_start, next_disc_id
from cueboard.records.base import Piece


def at(r_in: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return (r_in * INCH * math.cos(a), r_in * INCH * math.sin(a))


def reason(position: object, start: tuple[float, float]) -> str | None:
    try:
        check_start(position, start)  # type: ignore[arg-type]
    except IllegalShotError as err:
        assert isinstance(err, ValueError)
        return err.reason
    return None


def test_legal_starts_touch_the_line_in_the_quadrant() -> None:
    p = new_position(starter=0)
    assert reason(p, at(12.0, 270)) is None  # centred on the line, seat 0 quadrant (bottom)
    assert reason(p, at(11.4, 270)) is None  # inner edge: disc touches the line from inside
    assert reason(p, at(12.3, 250)) is None  # outside edge, still on the surface
    assert reason(p, at(12.0, 225)) is None  # on the quadrant line: exactly half inside


def test_start_not_touching_the_line() -> None:
    p = new_position(starter=0)
    assert reason(p, at(11.3, 270)) == "not_touching_shooting_line"
    assert reason(p, at(5.0, 270)) == "not_touching_shooting_line"


def test_start_hanging_over_the_ditch() -> None:
    p = new_position(starter=0)
    assert reason(p, at(12.5, 270)) == "off_playing_surface"  # 12.5 + 0.625 > 13 in


def test_start_outside_the_quadrant() -> None:
    p = new_position(starter=0)
    assert reason(p, at(12.0, 90)) == "outside_quadrant"  # seat 2's side
    assert reason(p, at(12.0, 224)) == "outside_quadrant"  # more than half in seat 1's quadrant
    q = new_position({"players": 4}, starter=1)
    assert reason(q, at(12.0, 180)) is None  # seat 1 sits on the left (clockwise)
    assert reason(q, at(12.0, 0)) == "outside_quadrant"


def test_start_on_another_disc() -> None:
    x, y = at(11.0, 270)
    p = new_position(starter=0).model_copy(
        update={"pieces": (Piece(id="s2-01", kind="disc", owner=2, x=x, y=y),), "discs_left": (12, 0, 11, 0)}
    )
    assert reason(p, at(11.5, 270)) == "overlaps_disc"
    assert reason(p, at(12.0, 240)) is None


def test_no_disc_left_or_game_over() -> None:
    p = new_position({"discs_per_player": 1}, starter=0)
    empty = p.model_copy(update={"discs_left": (0, 0, 1, 0)})
    assert reason(empty, at(12.0, 270)) == "no_discs_left"
    over = p.model_copy(update={"scores": (100, 0)})
    assert reason(over, at(12.0, 270)) == "game_over"


def test_error_message_names_the_reason() -> None:
    with pytest.raises(IllegalShotError, match="not_touching_shooting_line"):
        check_start(new_position(starter=0), at(3.0, 270))


def test_next_disc_id_counts_the_players_discs() -> None:
    p = new_position(starter=2)
    assert next_disc_id(p) == "s2-01"
    assert next_disc_id(p.model_copy(update={"discs_left": (12, 0, 9, 0)})) == "s2-04"


def test_strike_validation() -> None:
    s = CrokinoleStrike(start=(0.0, -0.3), speed=2.0, angle=90.0, spin=5.0)
    assert s.velocity_vector() == pytest.approx((0.0, 2.0))
    assert CrokinoleStrike(start=(0.0, -0.3), velocity=(0.3, 0.4)).velocity_vector() == (0.3, 0.4)
    bad = [
        {"start": (0.0, -0.3)},  # no direction
        {"start": (0.0, -0.3), "speed": 2.0},  # speed without angle
        {"start": (0.0, -0.3), "speed": 2.0, "angle": 90.0, "velocity": (0.0, 2.0)},
        {"start": (0.0, -0.3), "speed": MAX_SPEED + 1, "angle": 90.0},
        {"start": (0.0, -0.3), "velocity": (MAX_SPEED, 1.0)},
        {"start": (0.0, -0.3), "velocity": (0.0, 0.0)},
        {"start": (0.0, -0.3), "speed": 2.0, "angle": 90.0, "spin": 1e6},
        {"start": (float("nan"), -0.3), "speed": 2.0, "angle": 90.0},
        {"start": (0.0, -0.3), "speed": float("inf"), "angle": 90.0},
    ]
    for data in bad:
        with pytest.raises(ValidationError):
            CrokinoleStrike.model_validate(data)
