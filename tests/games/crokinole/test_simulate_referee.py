"""One flick end to end — start check, disc physics, outcome_of, referee — for shots whose ruling
does not hang on the exact friction value (rules/crokinole.md Valid shots)."""

from __future__ import annotations

import pytest

from cueboard.games.crokinole import GAME, new_position
from cueboard.games.crokinole.errors import IllegalShotError
from cueboard.games.crokinole.records import CrokinoleDeclaration, CrokinolePosition, CrokinoleStrike
from cueboard.records.base import Piece

START = (0.0, -0.3048)  # seat 0, centred on the shooting line
NO = CrokinoleDeclaration()


def with_opponent(x: float, y: float) -> CrokinolePosition:
    p = new_position(starter=0)
    disc = Piece(id="s2-01", kind="disc", owner=2, x=x, y=y)
    return p.model_copy(update={"pieces": (disc,), "discs_left": (12, 0, 11, 0)})


def test_soft_open_shot_outside_the_15_is_removed() -> None:
    p = new_position(starter=0)
    _events, outcome = GAME.simulate(p, NO, CrokinoleStrike(start=START, speed=0.3, angle=90.0))
    assert outcome.shot_disc == "s0-01" and outcome.chain == ()
    after, ruling = GAME.apply(p, NO, outcome, rng=None)  # type: ignore[arg-type]
    assert ruling.foul_kind is not None and ruling.foul_kind.value == "open_shot_outside_15"
    assert after.piece("s0-01").state.value == "in_ditch"
    assert after.to_move == 2


def test_head_on_hit_is_a_valid_shot() -> None:
    p = with_opponent(0.0, -0.15)
    events, outcome = GAME.simulate(p, NO, CrokinoleStrike(start=START, speed=1.5, angle=90.0))
    assert outcome.touched[0] == "s2-01" and outcome.opponent_hit
    assert any(e.kind.value == "collision" for e in events)
    _, ruling = GAME.apply(p, NO, outcome, rng=None)  # type: ignore[arg-type]
    assert ruling.foul_kind is None


def test_shot_that_misses_is_removed() -> None:
    p = with_opponent(0.15, 0.05)
    _, outcome = GAME.simulate(p, NO, CrokinoleStrike(start=START, speed=0.5, angle=90.0))
    assert not outcome.opponent_hit
    after, ruling = GAME.apply(p, NO, outcome, rng=None)  # type: ignore[arg-type]
    assert ruling.foul_kind is not None and ruling.foul_kind.value == "missed_opponent"
    assert after.piece("s0-01").state.value == "in_ditch"
    assert after.piece("s2-01").on_table


def test_simulation_is_deterministic_and_checks_the_start() -> None:
    p = with_opponent(0.02, -0.1)
    strike = CrokinoleStrike(start=(0.01, -0.3), speed=1.2, angle=88.0, spin=20.0)
    assert GAME.simulate(p, NO, strike) == GAME.simulate(p, NO, strike)
    with pytest.raises(IllegalShotError, match="outside_quadrant"):
        GAME.simulate(p, NO, CrokinoleStrike(start=(0.0, 0.3048), speed=1.0, angle=270.0))
