"""The novuss GAME object (cueboard.games.protocol.Game): set-up, striker placement, referee."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.games.novuss import GAME
from cueboard.games.novuss.game import IllegalPlacementError, place_striker
from cueboard.games.novuss.records import NovussDeclaration, NovussOutcome, NovussStrike, StrokeKind
from cueboard.games.protocol import Game, get_game
from cueboard.records.base import RecordError, parse_record
from cueboard.records.registry import record_types


def test_game_follows_the_protocol() -> None:
    game: Game = get_game("novuss")
    assert game is GAME and game.name == "novuss"
    assert record_types("novuss").strike is NovussStrike


def test_new_position_settings() -> None:
    pos = GAME.new_position()
    assert pos.players == 2 and pos.to_move == 0 and pos.pocketed == (0, 0) and not GAME.is_over(pos)
    assert GAME.new_position({"players": 4}).players == 4
    with pytest.raises(ValueError, match="2 or 4 players"):
        GAME.new_position({"players": 3})
    with pytest.raises(ValueError, match="unknown novuss setting"):
        GAME.new_position({"speed": 1})


def test_place_striker_and_refusals() -> None:
    pos = GAME.new_position()
    placed = place_striker(pos, NovussStrike(x=0.2, y=-0.45, speed=2.0, angle=90.0))
    striker = placed.piece("striker0")
    assert striker.on_table and (striker.x, striker.y) == (0.2, -0.45)
    # rules/novuss.md Set-up and turns: inside the own edge zone, not crossing its line, no disc touched
    with pytest.raises(IllegalPlacementError, match="crosses the line of the bottom edge zone"):
        place_striker(pos, NovussStrike(x=0.2, y=-0.3, speed=2.0, angle=90.0))
    with pytest.raises(IllegalPlacementError, match="touches disc 'b4'"):
        place_striker(pos, NovussStrike(x=0.0, y=-0.45, speed=2.0, angle=90.0))


def test_strike_record_bounds() -> None:
    with pytest.raises(RecordError, match="speed"):
        parse_record(NovussStrike, {"x": 0.0, "y": -0.45, "speed": 0.0, "angle": 90.0})
    with pytest.raises(RecordError, match="x"):
        parse_record(NovussStrike, {"x": 0.7, "y": -0.45, "speed": 1.0, "angle": 90.0})


def test_position_record_checks() -> None:
    pos = GAME.new_position()
    data = pos.model_dump(mode="json")
    data["pocketed"] = [1, 0]
    with pytest.raises(RecordError, match="disagrees with the pieces"):
        parse_record(type(pos), data)
    data = pos.model_dump(mode="json")
    data["to_move"] = 1
    with pytest.raises(RecordError, match="seat 1 is not in play"):
        parse_record(type(pos), data)


def test_apply_through_the_protocol() -> None:
    pos = GAME.new_position()
    outcome = NovussOutcome(stroke=StrokeKind.DIRECT)  # touched nothing: penalty case 1, debt
    after, ruling = GAME.apply(pos, NovussDeclaration(), outcome, np.random.default_rng(0))
    assert after.debt == (1, 0) and after.to_move == 2
    assert ruling.penalty_cases == (1,)  # type: ignore[attr-defined]
