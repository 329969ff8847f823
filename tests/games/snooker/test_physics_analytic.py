"""Ball physics against analytic results (Leckie & Greenspan 2005; Alciatore, TP A-4, A-5, B-?).

Each test plays bodies through the real event loop and compares with a closed-form answer.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from cueboard.engine.layout import EV_COLLISION, EV_STATE, MODEL_BALL, ROLLING, STATIONARY
from cueboard.engine.loop import EF_T, EF_XA, EF_XB, EF_YA, EF_YB
from cueboard.engine.world import RawEvents, ShapeBuilder, Shapes, new_bodies, place_body, run
from cueboard.games.snooker.cushions import table_shapes
from cueboard.games.snooker.physics import prepare, simulate_shot
from cueboard.games.snooker.physics_params import STANDARD_PHYSICS, SnookerPhysics
from cueboard.games.snooker.records import SnookerStrike
from cueboard.games.snooker.table import STANDARD_TABLE
from cueboard.records.base import Piece, Position

T = STANDARD_TABLE
R = T.ball_radius
M = T.ball_mass
INERTIA = 0.4 * M * R * R
G = STANDARD_PHYSICS.g
NO_SHAPES = ShapeBuilder().build()
#: Ideal balls for the textbook rules: perfectly elastic, frictionless ball-ball contact.
IDEAL = dataclasses.replace(STANDARD_PHYSICS, e_ball=1.0, throw_a=0.0, throw_b=0.0)


def play(
    specs: list[tuple[tuple[float, float], tuple[float, float], tuple[float, float, float]]],
    physics: SnookerPhysics = STANDARD_PHYSICS,
    shapes: Shapes = NO_SHAPES,
) -> tuple[RawEvents, np.ndarray]:
    body, ibody = new_bodies(len(specs))
    for k, (p, v, w) in enumerate(specs):
        place_body(
            body, ibody, k, x=p[0], y=p[1], radius=R, mass=M, inertia=INERTIA, model=MODEL_BALL, v=v, w=w
        )
    raw = run(body, ibody, shapes, physics.param_array(), check=True)
    return raw, body


def first(raw: RawEvents, kind: int, body: int, new_state: int | None = None, after: float = -1.0) -> int:
    for k in range(raw.n):
        same = raw.ev_i[k, 0] == kind and raw.ev_i[k, 1] == body and raw.ev_f[k, EF_T] > after
        if same and (new_state is None or raw.ev_i[k, 2] == new_state):
            return k
    raise AssertionError("event not found")


def rolling(v: float, angle: float = 90.0) -> tuple[tuple[float, float], tuple[float, float, float]]:
    a = math.radians(angle)
    vx, vy = v * math.cos(a), v * math.sin(a)
    return (vx, vy), (-vy / R, vx / R, 0.0)


@pytest.mark.parametrize("v", [0.5, 1.0, 2.5])
def test_slide_to_roll_centre_ball(v: float) -> None:
    """A centre-ball hit slides to natural roll at 5/7 v, at t = 2v/(7μg), after 12v²/(49μg)."""
    mu = STANDARD_PHYSICS.mu_slide
    raw, body = play([((0.0, 0.0), (0.0, v), (0.0, 0.0, 0.0))])
    k = first(raw, EV_STATE, 0, ROLLING)
    assert raw.ev_f[k, EF_T] == pytest.approx(2 * v / (7 * mu * G), rel=1e-12)
    assert raw.ev_f[k, EF_YA] == pytest.approx(12 * v * v / (49 * mu * G), rel=1e-12)
    # then it rolls at 5/7 v to rest: the rolling distance gives the speed at the transition
    roll = body[1, 0] - raw.ev_f[k, EF_YA]
    assert math.sqrt(2 * STANDARD_PHYSICS.mu_roll * G * roll) == pytest.approx(5 * v / 7, rel=1e-9)


@pytest.mark.parametrize("v", [0.3, 1.0, 2.0])
def test_rolling_stopping_distance(v: float) -> None:
    """A rolling ball stops after v² / (2 μr g), at t = v / (μr g)."""
    mu_r = STANDARD_PHYSICS.mu_roll
    vel, w = rolling(v, 0.0)
    raw, body = play([((0.0, 0.0), vel, w)])
    k = first(raw, EV_STATE, 0, STATIONARY)
    assert body[0, 0] == pytest.approx(v * v / (2 * mu_r * G), rel=1e-12)
    assert raw.ev_f[k, EF_T] == pytest.approx(v / (mu_r * G), rel=1e-12)


def cut_shot(
    theta_deg: float, cue_v: tuple[float, float], cue_w: tuple[float, float, float], physics: SnookerPhysics
) -> tuple[RawEvents, np.ndarray]:
    """Cue ball at the origin moving up +y, object ball cut at ``theta`` (1 mm gap on the line)."""
    b = 2 * R * math.sin(math.radians(theta_deg))
    y = math.sqrt((2 * R) ** 2 - b * b) + 0.001
    return play([((0.0, 0.0), cue_v, cue_w), ((-b, y), (0.0, 0.0), (0.0, 0.0, 0.0))], physics)


def direction(p: tuple[float, float], q: tuple[float, float]) -> float:
    return math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))


@pytest.mark.parametrize("theta", [15.0, 30.0, 45.0, 60.0])
@pytest.mark.parametrize("e", [1.0, 0.95])
def test_stun_rule_with_restitution(theta: float, e: float) -> None:
    """A stun (no spin at contact) cut: the balls part at 90° (Alciatore TP A-4), less
    atan((1-e)/2 · cot θ) for restitution e < 1 (the cue ball keeps (1-e)/2 of the normal speed)."""
    physics = dataclasses.replace(IDEAL, e_ball=e)
    raw, _ = cut_shot(theta, (0.0, 2.0), (0.0, 0.0, 0.0), physics)
    c = first(raw, EV_COLLISION, 0)
    hit = (raw.ev_f[c, EF_XA], raw.ev_f[c, EF_YA])
    obj = (raw.ev_f[c, EF_XB], raw.ev_f[c, EF_YB])
    cue_next = first(raw, EV_STATE, 0, ROLLING, after=raw.ev_f[c, EF_T])
    obj_next = first(raw, EV_STATE, 1, ROLLING)
    a_cue = direction(hit, (raw.ev_f[cue_next, EF_XA], raw.ev_f[cue_next, EF_YA]))
    a_obj = direction(obj, (raw.ev_f[obj_next, EF_XA], raw.ev_f[obj_next, EF_YA]))
    t = math.radians(theta)
    expected = 90.0 - math.degrees(math.atan((1 - e) / 2 / math.tan(t)))
    assert abs(a_cue - a_obj) == pytest.approx(expected, abs=0.05)  # spin gained in the 1 mm gap


@pytest.mark.parametrize(("fraction", "expected"), [(0.5, 33.7), (0.75, 27.6)])
@pytest.mark.parametrize("physics", [IDEAL, STANDARD_PHYSICS], ids=["ideal", "standard"])
def test_thirty_degree_rule(fraction: float, expected: float, physics: SnookerPhysics) -> None:
    """A rolling cue ball leaves a half-ball hit at 33.7° and a three-quarter-ball hit at 27.6° from
    its line once it rolls again (Alciatore TP A-4, the 30° rule), within 1°."""
    theta = math.degrees(math.asin(1.0 - fraction))
    v, w = rolling(1.5)
    raw, body = cut_shot(theta, v, w, physics)
    c = first(raw, EV_COLLISION, 0)
    k = first(raw, EV_STATE, 0, ROLLING, after=raw.ev_f[c, EF_T])
    start = (raw.ev_f[k, EF_XA], raw.ev_f[k, EF_YA])
    final = (body[0, 0], body[1, 0])
    deflection = abs(90.0 - direction(start, final))
    assert deflection == pytest.approx(expected, abs=1.0)


def pot(start: tuple[float, float], target: tuple[float, float], speed: float = 1.5) -> tuple:
    """Roll a lone ball from ``start`` towards ``target`` on the standard table."""
    pos = Position(
        game="snooker", pieces=(Piece(id="white", kind="ball", colour="white", x=start[0], y=start[1]),)
    )
    angle = direction(start, target)
    return simulate_shot(pos, SnookerStrike(speed=speed, angle=angle, top=0.4))


@pytest.mark.parametrize("pocket", ["bottom-left", "top-right", "middle-left", "middle-right"])
def test_ball_into_the_middle_of_a_pocket_drops(pocket: str) -> None:
    cx, cy = T.pocket_centres[pocket]
    start = (cx * 0.6, cy * 0.8 + T.length * 0.1) if "middle" not in pocket else (0.0, cy)
    _, outcome = pot(start, (cx, cy))
    assert outcome.potted == (("white", pocket),)


def test_ball_at_the_knuckle_does_not_drop() -> None:
    """Straight down at the end of the bottom cushion, where the knuckle of the corner jaw begins:
    it bounces off the jaw and stays on the table."""
    shapes = table_shapes(T, STANDARD_PHYSICS)
    k = shapes.arc_names.index("jaw:bottom-left:a")
    kx = shapes.arc[k, 0]
    _events, outcome = pot((kx - 0.004, 0.5), (kx - 0.004, 0.0), speed=1.0)
    assert outcome.potted == ()
    assert ("white", "jaw:bottom-left:a") in outcome.cushions
    (white,) = outcome.final
    assert white.on_table and white.y > R


def test_middle_pocket_knuckle_rejects() -> None:
    half = T.middle_mouth / 2 + STANDARD_PHYSICS.middle_jaw_radius
    y = T.length / 2 + half  # aimed at the upper knuckle's centre line
    _, outcome = pot((0.0, y), (-1.0, y), speed=1.0)
    assert outcome.potted == ()
    assert any(shape.startswith("jaw:middle-left") for _, shape in outcome.cushions)


def test_cushion_rebound_is_slower_and_leaves_the_table_alone() -> None:
    """A rolling ball sent square at a cushion comes back slower (e = 0.98 at the nose height, and
    friction at the cushion and the bed, give an effective horizontal restitution well below 1)
    and stays on the bed."""
    v = 1.0
    vel, w = rolling(v, 90.0)
    _raw, body = play([((0.0, T.length - 0.3), vel, w)], shapes=table_shapes(T, STANDARD_PHYSICS))
    assert body[1, 0] < T.length - R
    assert T.length - 0.3 - body[1, 0] > 0.0  # it came back past its start


def test_simulate_shot_is_deterministic_and_reports_setup() -> None:
    from cueboard.games.snooker.rack import rack

    pos = Position(game="snooker", pieces=rack(white=(0.0, 1.0)))  # between brown and blue
    strike = SnookerStrike(speed=7.0, angle=90.0, top=-0.1)  # straight up the centre line
    a = simulate_shot(pos, strike)
    b = simulate_shot(pos, strike)
    assert a == b
    assert a[1].first_contacts == ("blue",)
    assert a[0][0].kind == "strike" and set(a[0][1].bodies) == {"white", "blue"}
    assert prepare(pos).cue == len(pos.pieces) - 1


def test_ball_that_catches_the_jaws_rattles_out() -> None:
    """2° off the line into a corner pocket from 0.7 m: the ball strikes one jaw, then the other,
    and comes back out — capture is by the pocket's geometry, not by a point test. (With the
    Mathavan cushion law a ball 2.5° off comes back off the first jaw wide enough to miss the
    second and hit the bottom cushion; Han's narrower rebound rattled at 2.5°.)"""
    start = (-T.half_width + 0.5, 0.5)
    aim = direction(start, (-T.half_width, 0.0)) - 2.0
    pos = Position(
        game="snooker", pieces=(Piece(id="white", kind="ball", colour="white", x=start[0], y=start[1]),)
    )
    _, outcome = simulate_shot(pos, SnookerStrike(speed=1.5, angle=aim, top=0.4))
    jaws = [shape for _, shape in outcome.cushions if shape.startswith("jaw:bottom-left")]
    assert {"jaw:bottom-left:a", "jaw:bottom-left:b"} <= set(jaws)
    assert outcome.potted == ()
    assert outcome.final[0].on_table


@pytest.mark.parametrize("side", [0.5, -0.5])
def test_side_spin_squirts_away_and_throws_off_the_cushion_towards_its_side(side: float) -> None:
    """Right-hand side (side > 0) squirts the ball slightly left of the aim (Alciatore TP A-31), and
    straight into the top cushion it comes back to the right: the spin's contact point slips left on
    the cushion nose, so the cushion's friction pushes the ball right (and mirrored for left)."""
    pos = Position(game="snooker", pieces=(Piece(id="white", kind="ball", colour="white", x=0.0, y=2.8),))
    events, outcome = simulate_shot(pos, SnookerStrike(speed=1.0, angle=90.0, side=side))
    hit = next(e for e in events if e.kind == "cushion")
    assert hit.shape == "cushion:top"
    assert hit.x is not None and -side * hit.x > 0.0  # squirt: away from the side used
    final = outcome.final[0]
    assert side * (final.x - hit.x) > 0.05  # thrown towards the side used, clearly


def test_positions_off_the_bed_are_refused() -> None:
    from cueboard.games.snooker.physics import PositionError

    for x, y in [(-T.half_width - 0.05, 0.1), (0.0, -0.01), (-T.half_width - 0.02, T.length / 2 + 0.05)]:
        pos = Position(game="snooker", pieces=(Piece(id="white", kind="ball", colour="white", x=x, y=y),))
        with pytest.raises(PositionError, match="not on the bed"):
            prepare(pos)
    # in the mouth of a corner pocket, on the pocket's axis: a legal resting place
    prepare(
        Position(game="snooker", pieces=(Piece(id="white", kind="ball", colour="white", x=-0.87, y=0.02),))
    )
