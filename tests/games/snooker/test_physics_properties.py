"""Property tests of the snooker physics over thousands of random shots (hypothesis).

- no two balls overlap at any event beyond 2 µm (the engine's contact tolerance is 0.1 µm; in a
  cluster of balls pressed together slowly, each correction can shift a ball into its neighbour by
  that much, and the worst of ~10 000 random shots reached 1.2 µm);
- no ball leaves the bed except through a pocket, or in the air over a cushion onto its top and
  the rail (at the cushion's height, inside the rail's outer edge) and off the table from there;
- kinetic energy never rises at an event (between events friction only takes it away);
- the same input gives the same events, bit for bit.
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cueboard.engine.layout import EV_CAPTURE, EV_OFF
from cueboard.engine.loop import EF_DE, EF_GAP, EF_XA, EF_YA, EF_ZA
from cueboard.engine.world import RawEvents
from cueboard.games.snooker.physics import ShotSetup, play_raw, prepare
from cueboard.games.snooker.physics_params import STANDARD_PHYSICS
from cueboard.games.snooker.rack import rack
from cueboard.games.snooker.table import STANDARD_TABLE
from cueboard.records.base import Piece, Position

T = STANDARD_TABLE
R = T.ball_radius
OVERLAP = 2e-6
ENERGY = 1e-12


def on_bed(x: float, y: float) -> bool:
    inside = abs(x) <= T.half_width - R + 1e-6 and R - 1e-6 <= y <= T.length - R + 1e-6
    return inside or any(math.hypot(x - px, y - py) < 0.1 for px, py in T.pocket_centres.values())


def over_rail(x: float, y: float) -> bool:
    """Inside the rail's outer edge (engine/models/rail.py): the cushion tops and the rail."""
    w = STANDARD_PHYSICS.rail_width + 1e-6
    return abs(x) <= T.half_width + w and -w <= y <= T.length + w


@cache
def broken_rack() -> ShotSetup:
    """The balls as a full-pack break left them, the white placed back in the D."""
    setup = prepare(Position(game="snooker", pieces=rack(white=(0.1, 0.6))))
    _raw, body, ibody = play_raw(setup, 9.0, 90.9, side=0.1)
    pieces = []
    for k, p in enumerate(setup.pieces):
        if ibody[0, k] != 4 and p.id != "white":
            pieces.append(p.model_copy(update={"x": float(body[0, k]), "y": float(body[1, k])}))
    pieces.append(Piece(id="white", kind="ball", colour="white", x=-0.15, y=0.65))
    return prepare(Position(game="snooker", pieces=tuple(pieces)))


def check_shot(raw: RawEvents, body: np.ndarray, ibody: np.ndarray) -> None:
    assert raw.n > 0
    assert float(np.min(raw.ev_f[:, EF_GAP])) >= -OVERLAP
    assert float(np.max(raw.ev_f[:, EF_DE])) <= ENERGY
    for k in range(raw.n):
        x, y = raw.ev_f[k, EF_XA], raw.ev_f[k, EF_YA]
        up = raw.ev_i[k, 0] == EV_OFF or raw.ev_f[k, EF_ZA] >= T.cushion_height - 1e-9
        assert on_bed(x, y) or (up and over_rail(x, y)), f"event {k} at ({x}, {y}) is off the bed"
    captured = {int(raw.ev_i[k, 1]) for k in range(raw.n) if raw.ev_i[k, 0] in (EV_CAPTURE, EV_OFF)}
    for i in range(body.shape[1]):
        if i in captured:
            assert ibody[0, i] == 4
        else:
            assert on_bed(body[0, i], body[1, i]), f"ball {i} ended off the bed"


strikes = st.tuples(
    st.floats(0.3, 10.0),
    st.floats(0.0, 360.0),
    st.floats(-0.45, 0.45),
    st.floats(-0.45, 0.45),
    st.sampled_from([0.0, 0.0, 5.0, 20.0]),
)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strikes)
def test_random_shots_from_a_broken_rack(s: tuple[float, float, float, float, float]) -> None:
    setup = broken_rack()
    speed, angle, side, top, elevation = s
    raw, body, ibody = play_raw(setup, speed, angle, side, top, elevation, check=True)
    check_shot(raw, body, ibody)
    # where the balls came to rest is a position the next stroke can be played from
    after = [
        p.model_copy(update={"x": float(body[0, k]), "y": float(body[1, k])})
        for k, p in enumerate(setup.pieces)
        if ibody[0, k] != 4
    ]
    if all(p.id != "white" for p in after):  # potted: back in hand, placed on a free spot
        spot = next(
            (x, 0.5)
            for x in np.linspace(-0.8, 0.8, 33)
            if all(math.hypot(x - p.x, 0.5 - p.y) >= 2 * R for p in after)
        )
        after.append(Piece(id="white", kind="ball", colour="white", x=float(spot[0]), y=spot[1]))
    prepare(Position(game="snooker", pieces=tuple(after)))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.floats(-0.8, 0.8), st.floats(0.1, 3.45)), min_size=2, max_size=12),
    strikes,
)
def test_random_positions(
    spots: list[tuple[float, float]], s: tuple[float, float, float, float, float]
) -> None:
    pieces: list[Piece] = []
    for x, y in spots:
        if all(math.hypot(x - p.x, y - p.y) >= 2 * R for p in pieces):
            pieces.append(Piece(id=f"b{len(pieces)}", kind="ball", colour="red", x=x, y=y))
    pieces[0] = pieces[0].model_copy(update={"id": "white", "colour": "white"})
    setup = prepare(Position(game="snooker", pieces=tuple(pieces)))
    raw, body, ibody = play_raw(setup, *s, check=True)
    check_shot(raw, body, ibody)


@settings(max_examples=100, deadline=None)
@given(strikes)
def test_same_input_same_events_bit_for_bit(s: tuple[float, float, float, float, float]) -> None:
    setup = broken_rack()
    a, body_a, _ = play_raw(setup, *s)
    b, body_b, _ = play_raw(setup, *s)
    assert a.n == b.n
    assert np.array_equal(a.ev_i, b.ev_i)
    assert a.ev_f[:, :6].tobytes() == b.ev_f[:, :6].tobytes()
    assert body_a.tobytes() == body_b.tobytes()
