"""The Game interface (cueboard/games/protocol.py) as a consumer sees it, for each game: whose turn,
what may be placed where, the strike's parameters, choices after a foul, the explicit chance of a
re-spotted black, the result and the returns. Expected values come from the rules (cited), not
from the code under test."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cueboard.games.protocol import (
    GameOutcome,
    IllegalChoiceError,
    IllegalPlacementError,
    Termination,
    get_game,
)
from cueboard.records.ruling import Ruling
from tests.games.snooker.harness import build_outcome, build_position

GAMES = ("snooker", "crokinole", "novuss")


@pytest.mark.parametrize("name", GAMES)
def test_opening_turn_is_a_stroke_with_a_placement_inside_its_box(name: str) -> None:
    game = get_game(name)
    position = game.new_position({"players": 2}, first=0)
    assert game.to_move(position) == 0
    turn = game.turn(position)
    assert turn.action == "strike" and turn.seat == 0 and turn.choices == ()
    area = game.legal_placements(position)
    assert area is not None and area.required and area.seat == 0
    x0, y0, x1, y1 = area.bounds
    assert x0 < x1 and y0 < y1
    assert game.outcome(position) is None
    assert set(game.returns(position).values()) == {0.0}
    assert set(game.returns(position)) == set(game.seats(position))


def test_snooker_placement_in_the_d() -> None:
    """S2 D10 / S3 R11(e): the cue ball in hand goes in the D; the centre of the baulk line is in
    it, a point on the black spot is not."""
    game = get_game("snooker")
    position = game.new_position()
    area = game.legal_placements(position)
    assert area is not None and area.kind == "d" and area.piece == "white"
    baulk_y = area.bounds[3]
    game.check_placement(position, 0.02, baulk_y - 0.05)
    with pytest.raises(IllegalPlacementError) as err:
        game.check_placement(position, 0.0, 3.24)
    assert err.value.reason == "outside_d"


def test_crokinole_placement_on_the_shooting_line() -> None:
    """Crokinole rules, "Shot": the disc touches the shooting line in the shooter's quadrant."""
    game = get_game("crokinole")
    position = game.new_position({"players": 2}, first=0)
    area = game.legal_placements(position)
    assert area is not None and area.kind == "shooting_line" and area.piece == "s0-01"
    r = 12 * 0.0254  # the shooting line's radius: 12 in (board spec)
    game.check_placement(position, 0.0, -r)  # seat 0 sits at -y
    with pytest.raises(IllegalPlacementError) as err:
        game.check_placement(position, 0.0, 0.0)
    assert err.value.reason == "not_touching_shooting_line"
    with pytest.raises(IllegalPlacementError) as err:
        game.check_placement(position, 0.0, r)  # on the line, but in the opposite quadrant
    assert err.value.reason == "outside_quadrant"


def test_novuss_placement_in_the_edge_zone() -> None:
    """Novuss: the striker is placed in the striking seat's edge zone, not over its line."""
    game = get_game("novuss")
    position = game.new_position()
    area = game.legal_placements(position)
    assert area is not None and area.kind == "edge_zone" and area.piece.startswith("striker")
    _, y0, _, y1 = area.bounds
    game.check_placement(position, 0.1, (y0 + y1) / 2)
    with pytest.raises(IllegalPlacementError) as err:
        game.check_placement(position, 0.1, 0.0)  # the middle of the board
    assert err.value.reason == "outside_zone"


@pytest.mark.parametrize("name", GAMES)
def test_make_strike_names_a_value_outside_its_bounds(name: str) -> None:
    game = get_game(name)
    position = game.new_position({"players": 2}, first=0)
    bounds = {p.name: p for p in game.strike_bounds(position)}
    assert {"speed", "angle"} <= set(bounds)
    with pytest.raises(ValueError, match="speed"):
        game.make_strike(position, {"speed": bounds["speed"].high * 2}, placement=(0.0, 0.0))
    with pytest.raises(ValueError, match="unknown strike parameter"):
        game.make_strike(position, {"power": 1.0}, placement=(0.0, 0.0))


@pytest.mark.parametrize("name", GAMES)
def test_a_stroke_through_the_interface_gives_a_ruling_of_the_common_shape(name: str) -> None:
    game = get_game(name)
    position = game.new_position({"players": 2}, first=0)
    area = game.legal_placements(position)
    assert area is not None
    if name == "snooker":
        place, angle = (0.05, area.bounds[3] - 0.05), 90.0
    elif name == "crokinole":
        place, angle = (0.0, -12 * 0.0254), 90.0
    else:
        place, angle = (0.1, (area.bounds[1] + area.bounds[3]) / 2), 90.0
    strike = game.make_strike(position, {"speed": 1.0, "angle": angle}, placement=place)
    game.validate_strike(position, strike)
    declaration = game.declaration(position)
    events, outcome = game.simulate(position, declaration, strike)
    assert events
    after, ruling = game.apply(position, declaration, outcome, np.random.default_rng(0))
    assert isinstance(ruling, Ruling)
    assert ruling.next_to_move == game.to_move(after)
    assert ruling.calls and all(c.key.startswith("ref.") for c in ruling.calls)
    assert not ruling.over and ruling.winner is None
    assert ruling.scores is not None and len(ruling.scores) == 2


def test_snooker_choices_after_a_foul() -> None:
    """S3 R11(h) / R13: after a foul the incoming player chooses to play or to put the offender
    back in; a choice that is not open is refused."""
    game = get_game("snooker")
    position = build_position({"white": [0, 1000], "in_hand": False})
    outcome = build_outcome({"first_contacts": []}, position)  # hit nothing: a foul (S3 R12.5)
    after, ruling = game.apply(position, game.declaration(position), outcome, np.random.default_rng(0))
    assert ruling.foul and ruling.next_to_move == 1
    turn = game.turn(after)
    assert turn.action == "choose" and "play" in turn.choices and "put_back" in turn.choices
    with pytest.raises(IllegalChoiceError):
        game.choose(after, "dance")
    declaration = game.choose(after, "play")
    following, _ = game.apply(after, declaration, game.no_stroke_outcome(after),
                                          np.random.default_rng(0))
    assert game.turn(following).action == "strike" and game.to_move(following) == 1


def test_snooker_the_lots_for_a_respotted_black_are_an_explicit_chance_event() -> None:
    """S3 R4: scores level after the last black: it is re-spotted and lots decide who plays first
    from hand — two results, even chances, each applied as asked."""
    game = get_game("snooker")
    position = build_position({"white": [300, 3000], "reds_left": 0, "ball_on": "black",
                               "off": ["yellow", "green", "brown", "blue", "pink"], "scores": [43, 50]})
    outcome = build_outcome({"first_contacts": ["black"], "potted": [["black", "top-left"]]}, position)
    declaration = game.declaration(position)
    chances = game.chance_outcomes(position, declaration, outcome)
    assert [c.value for c in chances] == [0, 1]
    assert math.isclose(sum(c.probability for c in chances), 1.0)
    for side in (0, 1):
        after, ruling = game.apply_chance(position, declaration, outcome, side)
        assert ruling.black_respotted and game.to_move(after) == side


def test_no_chance_in_an_ordinary_snooker_stroke() -> None:
    game = get_game("snooker")
    position = build_position({"white": [0, 1000], "in_hand": False})
    outcome = build_outcome({"first_contacts": ["red1"], "potted": [["red1", "top-left"]]}, position)
    assert game.chance_outcomes(position, game.declaration(position), outcome) == ()


def test_crokinole_concession_ends_the_game_for_the_other_side() -> None:
    """A concession ends the game; the other side wins (rules/crokinole.md)."""
    game = get_game("crokinole")
    position = game.new_position({"players": 2}, first=0)
    declaration = game.records.declaration(concede=True)
    after, ruling = game.apply(position, declaration, game.no_stroke_outcome(position))
    assert ruling.over and ruling.winner == 1 and ruling.next_to_move is None
    assert game.to_move(after) is None and game.turn(after).action == "over"
    result = game.outcome(after)
    assert result == GameOutcome(Termination.CONCEDED, winner=1, scores=(0, 0))
    assert result.result() == "0-1"
    assert game.returns(after) == {0: -1.0, 2: 1.0}


def test_snooker_nominations_only_when_the_ball_on_is_any_colour() -> None:
    """S2 D12 / S3 R3(c): after a red the striker nominates a colour."""
    game = get_game("snooker")
    position = build_position({"white": [0, 1000], "in_hand": False, "ball_on": "colour"})
    assert "black" in game.nominations(position)
    assert game.declaration(position, nominate="black").nominated == "black"
    reds = build_position({"white": [0, 1000], "in_hand": False})
    assert game.nominations(reds) == ()
    with pytest.raises(IllegalChoiceError):
        game.declaration(reds, nominate="black")
