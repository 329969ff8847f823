"""GAME.simulate: the striker placed, the stroke played by the disc physics, the facts found by
``outcome_of`` and ruled on (rules/novuss.md). Distances from the physics parameters: a piece
sliding with friction mu stops after v^2 / (2 mu g)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cueboard.games.novuss import GAME
from cueboard.games.novuss.game import IllegalPlacementError
from cueboard.games.novuss.physics_params import STANDARD_PHYSICS as P
from cueboard.games.novuss.records import FirstContact, NovussDeclaration, NovussStrike, StrokeKind


def test_a_short_stroke_touches_nothing_penalty_case_1() -> None:
    pos = GAME.new_position()
    speed = 1.0
    assert speed**2 / (2 * P.mu_board * P.g) < 0.9  # stops well short of the discs 0.9 m away
    _events, outcome = GAME.simulate(
        pos, NovussDeclaration(), NovussStrike(x=0.1155, y=-0.44, speed=speed, angle=90)
    )
    assert outcome.stroke is StrokeKind.DIRECT and outcome.first_contact is FirstContact.NONE
    striker = next(p for p in outcome.final if p.id == "striker0")
    assert striker.y - (-0.44) == pytest.approx(speed**2 / (2 * P.mu_board * P.g), rel=0.02)
    after, ruling = GAME.apply(pos, NovussDeclaration(), outcome, np.random.default_rng(0))
    assert ruling.penalty_cases == (1,) and after.debt == (1, 0)  # type: ignore[attr-defined]


def test_a_stroke_at_an_own_disc_is_a_direct_stroke_on_it() -> None:
    pos = GAME.new_position()
    events, outcome = GAME.simulate(
        pos, NovussDeclaration(), NovussStrike(x=0.1155, y=-0.44, speed=2.5, angle=90)
    )
    assert outcome.stroke is StrokeKind.DIRECT
    assert outcome.first_contacts == ("w8",) and outcome.own_touched and outcome.first_light
    assert (
        events
        == GAME.simulate(pos, NovussDeclaration(), NovussStrike(x=0.1155, y=-0.44, speed=2.5, angle=90))[0]
    )


def test_an_illegal_placement_is_refused_before_the_physics() -> None:
    with pytest.raises(IllegalPlacementError, match="crosses the line"):
        GAME.simulate(
            GAME.new_position(), NovussDeclaration(), NovussStrike(x=0.0, y=0.0, speed=1.0, angle=90)
        )


def test_a_pot_aimed_through_the_contact_point_drops_and_the_player_strikes_again() -> None:
    # A light own disc at (0.3, 0.3) lies on the diagonal to the top-right pocket; the striker is
    # aimed at the point where it touches the disc on that line (disc centre minus the sum of the
    # radii along the diagonal), so the disc leaves along the diagonal into the pocket.
    pos = GAME.new_position()
    data = pos.model_dump()
    for p in data["pieces"]:
        if p["id"] == "w1":
            p["x"], p["y"] = 0.3, 0.3
    pos = type(pos).model_validate(data)
    contact = 0.3 - (0.0165 + 0.021) / math.sqrt(2)
    angle = math.degrees(math.atan2(contact + 0.42, contact - 0.1))
    _events, outcome = GAME.simulate(
        pos, NovussDeclaration(), NovussStrike(x=0.1, y=-0.42, speed=1.5, angle=angle)
    )
    assert outcome.first_contacts == ("w1",) and outcome.pocketed == (("w1", "top-right"),)
    after, ruling = GAME.apply(pos, NovussDeclaration(), outcome, np.random.default_rng(0))
    assert not ruling.turn_lost and after.to_move == 0 and after.pocketed == (1, 0)  # type: ignore[attr-defined]
