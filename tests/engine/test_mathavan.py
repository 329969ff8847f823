"""The Mathavan et al. 2010 cushion law (cueboard/engine/models/mathavan.py).

Reference values: ``data/mathavan_pooltool.json`` holds rebounds computed by pooltool 0.6.0's
independent implementation of the same paper (``mathavan_2010.model.solve`` at a fine impulse
step; the file names the call), under the conditions of the paper's rebound figures (V0 = 1 m/s,
topspin k = -1..2, side k = -2..2 on a rolling ball; the paper's ball and cushion: h = 7R/5) and
on a grid for cueboard's snooker cushion. No pooltool is needed to run these tests.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cueboard.engine.models import mathavan, mathavan_table

DOC = json.loads((Path(__file__).parent / "data" / "mathavan_pooltool.json").read_text())


def _sin_t(params: dict[str, float]) -> float:
    return (params["h"] - params["R"]) / params["R"]


def _solve(params: dict[str, float], inp: list[float], n: int) -> tuple[float, ...]:
    p = params
    return tuple(mathavan.solve(*inp, p["R"], p["M"], _sin_t(p), p["e"], p["mu_s"], p["mu_w"], n))


def _angle(out: tuple[float, ...] | list[float]) -> float:
    """Rebound angle from the cushion line, degrees (the paper's convention)."""
    return math.degrees(math.atan2(-out[1], out[0]))


def _speed(out: tuple[float, ...] | list[float]) -> float:
    return math.hypot(out[0], out[1])


def _errors(params: dict[str, float], rows: list[dict], n: int) -> tuple[float, float]:
    da = ds = 0.0
    for row in rows:
        mine = _solve(params, row["in"], n)
        da = max(da, abs((_angle(mine) - _angle(row["out"]) + 180.0) % 360.0 - 180.0))
        ds = max(ds, abs(_speed(mine) / _speed(row["out"]) - 1.0))
    return da, ds


@pytest.mark.parametrize("grid", ["paper", "snooker"])
def test_converged_solution_matches_pooltools_implementation(grid: str) -> None:
    """The paper's equations integrated finely here and in pooltool agree to 0.005° / 0.01 %:
    two independent readings of eq. 12-17 give the same rebound curves."""
    part = DOC[grid]
    da, ds = _errors(part["params"], part["rows"], 20000)
    assert da < 0.005 and ds < 1e-4


@pytest.mark.parametrize("grid", ["paper", "snooker"])
def test_engine_step_count_is_within_the_stated_error(grid: str) -> None:
    """The engine integrates sliding balls with N_ENGINE = 200 steps: rebound angle within 0.05°,
    speed within 0.1 % of the reference (the goal set for it: 0.3°, 1 %)."""
    part = DOC[grid]
    da, ds = _errors(part["params"], part["rows"], mathavan.N_ENGINE)
    assert da < 0.05 and ds < 1e-3


def test_paper_figure_trends() -> None:
    """What the paper's rebound figures show, on its own conditions (V0 = 1 m/s, rolling ball):
    the rebound is slower than the approach; running side (k > 0: the spin moves the cushion
    contact point back against the travel, so it slips less) comes off nearer the cushion line
    and faster, check side (k < 0) further from it."""
    part = DOC["paper"]
    p = part["params"]
    for a in (20.0, 40.0, 60.0):
        al = math.radians(a)
        angles, speeds = [], []
        for k in (-1.0, 0.0, 1.0):
            w_t, w_s = 1.0 / p["R"], k / p["R"]
            inp = [math.cos(al), math.sin(al), -w_t * math.sin(al), w_t * math.cos(al), w_s]
            out = _solve(p, inp, 20000)
            assert _speed(out) < 1.0
            angles.append(_angle(out))
            speeds.append(_speed(out))
        assert angles[0] > angles[1] > angles[2]
        assert speeds[2] > speeds[1]


def test_frictionless_impact_is_the_restitution_law() -> None:
    """With no friction at either contact only the tilted normal impulse acts: the approach
    comes back at exactly e times its speed and nothing else changes."""
    out = mathavan.solve(0.4, 1.3, -20.0, 15.0, 7.0, 0.02625, 0.141, 0.27, 0.9, 0.0, 0.0, 50)
    assert out[0] == pytest.approx(0.4, abs=1e-12)
    assert out[1] == pytest.approx(-0.9 * 1.3, rel=1e-9)
    assert out[2:] == pytest.approx((-20.0, 15.0, 7.0), abs=1e-9)


def test_a_ball_moving_away_is_left_alone() -> None:
    assert mathavan.solve(0.3, -0.5, 1.0, 2.0, 3.0, 0.02625, 0.141, 0.27, 0.98, 0.2, 0.14, 200) == (
        0.3,
        -0.5,
        1.0,
        2.0,
        3.0,
    )


def test_rebound_scales_with_the_speed() -> None:
    """Every increment is proportional to the velocities, so the model is homogeneous: twice
    the speed and spin gives exactly twice every output (the rebound angle does not depend on
    speed; pooltool's default fixed step makes its angle drift with speed instead)."""
    inp = np.array([0.7, 0.4, -15.0, 27.0, 12.0])
    a = np.array(mathavan.solve(*inp, 0.02625, 0.141, 0.27, 0.98, 0.212, 0.14, 400))
    b = np.array(mathavan.solve(*(3.0 * inp), 0.02625, 0.141, 0.27, 0.98, 0.212, 0.14, 400))
    assert b == pytest.approx(3.0 * a, rel=1e-9, abs=1e-9)


def test_stored_table_is_the_standard_cushion_and_interpolates_within_its_error() -> None:
    """The stored rolling-ball table: built for the standard snooker cushion, and read back by
    interpolation within 0.002° / 0.002 % of the 20 000-step solution for rolling balls of any
    incidence and side (random sample)."""
    table, params = mathavan_table.load()
    std = mathavan_table.STANDARD
    assert params.tolist() == [std["sin_theta"], std["e"], std["mu_s"], std["mu_w"]]
    assert table.shape == (mathavan.TABLE_NODES, 5)
    r, m = 0.02625, 0.141
    rng = np.random.default_rng(7)
    worst_a = worst_s = 0.0
    for _ in range(300):
        v = rng.uniform(0.1, 4.0)
        al = rng.uniform(0.01, math.pi / 2)
        side = rng.uniform(-3.0, 3.0)
        vx, vy = v * math.cos(al), v * math.sin(al)
        inp = (vx, vy, -vy / r, vx / r, side * v / r)
        ref = mathavan.solve(*inp, r, m, std["sin_theta"], std["e"], std["mu_s"], std["mu_w"], 20000)
        got = mathavan.rolling_lookup(table, *inp, r, std["sin_theta"])
        worst_a = max(worst_a, abs((_angle(got) - _angle(ref) + 180.0) % 360.0 - 180.0))
        worst_s = max(worst_s, abs(_speed(got) / _speed(ref) - 1.0))
    assert worst_a < 0.002 and worst_s < 2e-5


def _energy(out: tuple[float, ...], r: float, m: float) -> float:
    inertia = 0.4 * m * r * r
    return 0.5 * m * (out[0] ** 2 + out[1] ** 2) + 0.5 * inertia * (out[2] ** 2 + out[3] ** 2 + out[4] ** 2)


@settings(max_examples=150, deadline=None)
@given(
    vx=st.floats(-3.0, 3.0),
    vy=st.floats(0.01, 3.0),
    w=st.tuples(st.floats(-150.0, 150.0), st.floats(-150.0, 150.0), st.floats(-150.0, 150.0)),
    e=st.floats(0.5, 1.0),
    mu_s=st.floats(0.0, 0.4),
    mu_w=st.floats(0.0, 0.4),
)
def test_energy_never_rises_and_the_ball_leaves(
    vx: float, vy: float, w: tuple[float, float, float], e: float, mu_s: float, mu_w: float
) -> None:
    r, m = 0.02625, 0.141
    inp = (vx, vy, *w)
    out = mathavan.solve(*inp, r, m, 0.27, e, mu_s, mu_w, mathavan.N_ENGINE)
    assert _energy(out, r, m) <= _energy(inp, r, m) * (1.0 + 1e-9)
    assert out[1] < 0.0  # moving away from the cushion
    again = mathavan.solve(*inp, r, m, 0.27, e, mu_s, mu_w, mathavan.N_ENGINE)
    assert again == out  # deterministic, bit for bit


def _engine_rebound(law: str, v: tuple[float, float], w: tuple[float, float, float]) -> np.ndarray:
    """The engine's cushion law for a ball against the top cushion (normal -y towards the ball)."""
    from cueboard.engine.layout import RAD, VX, VY, WX, WY, WZ
    from cueboard.engine.models import ball
    from cueboard.engine.world import new_bodies, place_bodies
    from cueboard.games.snooker.physics_params import SnookerPhysics
    from cueboard.games.snooker.table import STANDARD_TABLE as T

    ph = SnookerPhysics(cushion_law=law)  # type: ignore[arg-type]
    body, ibody = new_bodies(1)
    r, m = T.ball_radius, T.ball_mass
    place_bodies(body, ibody, np.array([[0.0, 1.0]]), radius=r, mass=m, inertia=0.4 * m * r * r, model=0)
    body[VX, 0], body[VY, 0] = v
    body[WX, 0], body[WY, 0], body[WZ, 0] = w
    assert body[RAD, 0] == r
    par = ph.param_array()
    ball.collide_ball_wall(body, ibody, 0, 0.0, -1.0, ph.e_cushion, ph.mu_cushion, T.cushion_height, par)
    return np.array([body[VX, 0], body[VY, 0], body[WX, 0], body[WY, 0], body[WZ, 0]])


def test_engine_law_is_the_paper_model_in_the_cushion_frame() -> None:
    """The engine turns the ball into the paper's frame and back: a ball rolling up the table
    into the top cushion at 30° from it, with side, rebounds as the table says, and a sliding
    (stunned) one as the integration says; the Han 2005 law, still selectable, differs."""
    std = mathavan_table.STANDARD
    r = 0.02625
    al = math.radians(30.0)
    vx, vy = 1.2 * math.cos(al), 1.2 * math.sin(al)
    # world frame: +y into the top cushion; the paper's X = (-ny, nx) = (1, 0), Y = (0, 1)
    rolling_w = (-vy / r, vx / r, 20.0)
    got = _engine_rebound("mathavan", (vx, vy), rolling_w)
    table, _ = mathavan_table.load()
    want = mathavan.rolling_lookup(table, vx, vy, *rolling_w, r, std["sin_theta"])
    assert got == pytest.approx(np.array(want), rel=1e-12, abs=1e-12)
    ref = mathavan.solve(vx, vy, *rolling_w, r, 0.141, std["sin_theta"], 0.98, 0.212, 0.14, 20000)
    assert _angle(tuple(got)) == pytest.approx(_angle(ref), abs=0.002)
    stun = _engine_rebound("mathavan", (vx, vy), (0.0, 0.0, 0.0))
    want_stun = mathavan.solve(
        vx, vy, 0.0, 0.0, 0.0, r, 0.141, std["sin_theta"], 0.98, 0.212, 0.14, mathavan.N_ENGINE
    )
    assert stun == pytest.approx(np.array(want_stun), rel=1e-12, abs=1e-12)
    han = _engine_rebound("han", (vx, vy), rolling_w)
    assert han[1] < 0.0 and abs(_angle(tuple(han)) - _angle(tuple(got))) > 0.5


def test_cushion_law_setting_is_validated() -> None:
    from cueboard.games.snooker.physics_params import SnookerPhysics

    with pytest.raises(ValueError, match="cushion_law"):
        SnookerPhysics(cushion_law="stronge")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="cushion_steps"):
        SnookerPhysics(cushion_steps=0)
