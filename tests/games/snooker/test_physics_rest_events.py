"""Where the balls come to rest: the event record and the outcome agree with the engine.

A contact slower than 2 mm/s stops crawling balls inside the impact law (docs/physics.md,
"resting contact"), without a natural transition of their own. The engine then records a
``STATIONARY`` state event at the ball's final place, as for a natural stop; the outcome takes
final positions from these events. Regressions (tests/games/snooker/data/rest_in_contact_*.json,
found by chaining random strokes): without that event the outcome kept such a ball where it had
last stopped (or where the stroke began), so the next position had two balls overlapping by
0.6 mm and the physics refused it, which stopped AI frames with an error.
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cueboard.engine.events import EventKind
from cueboard.games.snooker.physics import PositionError, play_fast, prepare, simulate_shot
from cueboard.games.snooker.physics_params import SnookerPhysics
from cueboard.games.snooker.records import SnookerStrike
from cueboard.games.snooker.table import STANDARD_TABLE
from cueboard.records.base import Piece, Position

DATA = Path(__file__).parent / "data"
CASES = sorted(DATA.glob("rest_in_contact_*.json"))  # stopped by a resting contact
T = STANDARD_TABLE
D = T.ball_diameter


def _load(path: Path) -> tuple[Position, SnookerStrike]:
    raw = json.loads(path.read_text())
    pieces = tuple(Piece(**p) for p in raw["pieces"])
    return Position(game="snooker", pieces=pieces, to_move=0), SnookerStrike(**raw["strike"])


def _check_rest(position: Position, strike: SnookerStrike) -> None:
    events, outcome = simulate_shot(position, strike)
    setup = prepare(position, place_cue_ball=strike.place_cue_ball)
    engine = play_fast(setup, strike).final
    final = {p.id: p for p in outcome.final}
    for k, ball in enumerate(setup.ids):
        if math.isnan(engine[k, 0]):
            continue
        p = final[ball]
        assert p.on_table
        # the outcome puts every ball where the engine left it
        assert math.hypot(p.x - engine[k, 0], p.y - engine[k, 1]) < 1e-12, ball
        mine = [e for e in events if ball in e.bodies]
        if ball in outcome.moved and mine:
            last = mine[-1]
            assert last.kind is EventKind.STATIONARY, (ball, last)
            assert last.x == p.x and last.y == p.y
    on = [p for p in outcome.final if p.on_table]
    for a, b in itertools.combinations(on, 2):
        assert math.hypot(a.x - b.x, a.y - b.y) > D - 2e-6, (a.id, b.id)


@pytest.mark.parametrize("path", CASES, ids=[c.stem for c in CASES])
def test_regression_positions_rest_where_the_engine_stops_them(path: Path) -> None:
    position, strike = _load(path)
    _check_rest(position, strike)
    _, outcome = simulate_shot(position, strike)
    after = Position(game="snooker", pieces=outcome.final, to_move=0)
    prepare(after)  # the next stroke starts from it (raised PositionError before the fix)


def test_regression_cases_are_present() -> None:
    assert len(CASES) == 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    speed=st.floats(0.1, 3.0),
    angle=st.floats(80.0, 100.0),
    side=st.floats(-0.49, 0.49),  # within the 0.7 R tip limit together (0.49·√2 < 0.7)
    top=st.floats(-0.49, 0.49),
)
def test_outcome_final_positions_are_the_engines(speed: float, angle: float, side: float, top: float) -> None:
    position, _ = _load(CASES[0])
    strike = SnookerStrike(speed=speed, angle=angle, side=side, top=top, place_cue_ball=(0.13, 0.72))
    _check_rest(position, strike)


def test_no_shot_changes_a_ball_at_rest_without_an_event() -> None:
    """A chain of strokes into the pack: each next position is the outcome's, and plays."""
    rng = np.random.default_rng(7)
    position, _ = _load(CASES[0])
    place: tuple[float, float] | None = (0.13, 0.72)
    for _ in range(12):
        strike = SnookerStrike(
            speed=float(rng.uniform(0.3, 2.5)),
            angle=float(rng.uniform(60, 120)),
            side=float(rng.uniform(-0.4, 0.4)),
            top=float(rng.uniform(-0.4, 0.4)),
            place_cue_ball=place,
        )
        _check_rest(position, strike)
        _, outcome = simulate_shot(position, strike)
        position = Position(game="snooker", pieces=outcome.final, to_move=0)
        white = next(p for p in position.pieces if p.id == "white")
        place = None if white.on_table else (0.13, 0.72)
        prepare(position, place_cue_ball=place)


def test_a_ball_resting_in_a_corner_mouth_level_with_the_middle_jaws_can_be_played() -> None:
    # recorded from an AI frame under the Han 2005 cushion law, which leaves red12 in the mouth
    # (under Mathavan's it drops): what is tested is that such a resting place can be played from
    position, strike = _load(DATA / "rest_in_jaws_corner.json")
    _, outcome = simulate_shot(position, strike, physics=SnookerPhysics(cushion_law="han"))
    red12 = next(p for p in outcome.final if p.id == "red12")
    assert red12.on_table and red12.x < -T.half_width and red12.y < 0.02  # in the bottom-left mouth
    prepare(Position(game="snooker", pieces=outcome.final, to_move=0))


def test_a_ball_inside_a_jaw_cushion_is_refused() -> None:
    # 10 mm behind the face of the bottom-left pocket's left jaw (from (-0.8934, 0.0564) to
    # (-0.9500, -0.0002), facing the mouth): in the rubber, clear of the fall circle
    pos = Position(
        game="snooker", pieces=(Piece(id="white", kind="ball", colour="white", x=-0.9288, y=0.0352),)
    )
    with pytest.raises(PositionError, match="not on the bed"):
        prepare(pos)
