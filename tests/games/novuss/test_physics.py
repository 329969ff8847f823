"""Novuss piece physics on the engine (cueboard.games.novuss.physics): analytic results and
properties (docs/physics.md#discs)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cueboard.engine.disc_shot import DiscInputError
from cueboard.engine.events import EventKind
from cueboard.games.novuss.board import STANDARD_BOARD as B
from cueboard.games.novuss.geometry import initial_pieces
from cueboard.games.novuss.physics import run_stroke, simulate_stroke
from cueboard.games.novuss.physics_params import STANDARD_PHYSICS as P
from cueboard.records.base import Piece, PieceState

MUG = P.mu_board * P.g
#: Overlap tolerated between pieces at any event: the engine's stated bound (docs/physics.md: pieces
#: pressed together in slow clusters reach about 1 µm; 2 µm is invisible to any referee).
OVERLAP = 2e-6
RS = B.striker_radius
RD = B.disc_radius


def _striker(x: float, y: float) -> Piece:
    return Piece(id="S", kind="striker", owner=0, x=x, y=y)


def _disc(pid: str, x: float, y: float) -> Piece:
    return Piece(id=pid, kind="disc", owner=1, x=x, y=y)


def _final(pieces: tuple[Piece, ...], pid: str) -> Piece:
    return next(p for p in pieces if p.id == pid)


def test_stopping_distance() -> None:
    """No spin: the striker slides v²/(2μg)."""
    v = 1.0
    events, final = simulate_stroke((_striker(-0.3, 0.0),), "S", (v, 0.0))
    assert _final(final, "S").x == pytest.approx(-0.3 + v * v / (2 * MUG), abs=1e-12)
    assert [e.kind for e in events] == [EventKind.STATIONARY]


def test_striker_hits_a_lighter_disc_head_on() -> None:
    """Momentum conserved and restitution as set: v_s' = (m_s − e m_d) v/(m_s + m_d),
    v_d' = (1 + e) m_s v/(m_s + m_d) at contact; then each slides v²/(2μg)."""
    v0 = 0.9
    xs, xd = -0.3, 0.0
    events, final = simulate_stroke((_striker(xs, 0.0), _disc("d", xd, 0.0)), "S", (v0, 0.0))
    hit = next(e for e in events if e.kind is EventKind.COLLISION)
    assert set(hit.bodies) == {"S", "d"}
    x_contact = xd - RS - RD
    vc = math.sqrt(v0 * v0 - 2 * MUG * (x_contact - xs))
    ms, md, e = B.striker_mass, B.disc_mass, P.e_piece
    vs = (ms - e * md) * vc / (ms + md)
    vd = (1 + e) * ms * vc / (ms + md)
    assert ms * vs + md * vd == pytest.approx(ms * vc)  # the law itself
    assert _final(final, "d").x == pytest.approx(xd + vd * vd / (2 * MUG), abs=1e-9)
    assert _final(final, "S").x == pytest.approx(x_contact + vs * vs / (2 * MUG), abs=1e-9)


def test_rail_rebound_straight_and_at_an_angle() -> None:
    v0 = 1.2
    x0 = 0.2
    events, final = simulate_stroke((_striker(x0, 0.0),), "S", (v0, 0.0))
    hit = events[0]
    assert hit.kind is EventKind.CUSHION and hit.shape == "rail:right"
    x_contact = B.half - RS
    vc = math.sqrt(v0 * v0 - 2 * MUG * (x_contact - x0))
    back = (P.e_rail * vc) ** 2 / (2 * MUG)
    assert _final(final, "S").x == pytest.approx(x_contact - back, abs=1e-9)
    # at 45°: the normal speed comes back times e; friction takes tangential speed into spin
    events, _ = simulate_stroke((_striker(0.3, 0.0),), "S", (1.0, 1.0))
    assert events[0].kind is EventKind.CUSHION and events[0].shape == "rail:right"
    events, _ = simulate_stroke((_striker(0.0, 0.3),), "S", (-0.5, 1.0))
    assert events[0].shape == "rail:top"


def test_pocket_capture_at_the_centre() -> None:
    """Towards the top-right pocket's centre along the diagonal: caught."""
    cx, cy = B.pocket_centres["top-right"]
    x0 = 0.1
    events, final = simulate_stroke((_striker(x0, x0),), "S", (1.5, 1.5))
    pocketed = [e for e in events if e.kind is EventKind.POCKETED]
    assert len(pocketed) == 1 and pocketed[0].shape == "top-right"
    assert math.hypot(pocketed[0].x - cx, pocketed[0].y - cy) == pytest.approx(B.pocket_radius, abs=1e-9)
    assert _final(final, "S").state is PieceState.POCKETED


def test_pocket_rejects_a_fast_piece_clipping_its_edge_and_catches_a_slow_one() -> None:
    """A path 45 mm off the pocket's centre crosses a 44 mm chord: at 3 m/s the piece is over it
    for 15 ms, less than the catch time (27 ms), and rides over the edge to the rail; slowly it
    drops."""
    cx, cy = B.pocket_centres["bottom-right"]
    y = cy + 0.045
    events, _ = simulate_stroke((_disc("d", 0.0, y), _striker(-0.3, -0.3)), "d", (3.0, 0.0))
    first = next(e for e in events if e.bodies[0] == "d" and e.kind is not EventKind.SLIDING)
    assert first.kind is EventKind.CUSHION and first.shape == "rail:right"
    chord = 2 * math.sqrt(B.pocket_radius**2 - 0.045**2)
    x_entry = cx - chord / 2
    v_entry = 0.5
    v0 = math.sqrt(v_entry**2 + 2 * MUG * x_entry)
    events, final = simulate_stroke((_disc("d", 0.0, y), _striker(-0.3, -0.3)), "d", (v0, 0.0))
    assert [e.shape for e in events if e.kind is EventKind.POCKETED] == ["bottom-right"]
    assert _final(final, "d").state is PieceState.POCKETED


def test_opening_stroke_into_the_packed_row_terminates_without_overlaps() -> None:
    """The set-up's touching row against the rail (a sustained multi-contact): the jam breaker
    keeps the run short, energy never rises and no pieces overlap."""
    pieces = tuple(
        p.model_copy(update={"x": 0.0, "y": -0.43, "state": PieceState.ON_TABLE}) if p.id == "striker0" else p
        for p in initial_pieces(2)
    )
    res = run_stroke(pieces, "striker0", (0.3, 3.0), check=True)
    assert len(res.events) < 2000
    assert res.max_energy_gain <= 1e-12
    assert res.min_gap >= -OVERLAP


def test_bad_strokes_are_refused() -> None:
    with pytest.raises(DiscInputError, match="not on the table"):
        simulate_stroke((_disc("d", 0.0, 0.0),), "S", (1.0, 0.0))
    with pytest.raises(DiscInputError, match="playing surface"):
        simulate_stroke((_striker(0.49, 0.0),), "S", (1.0, 0.0))
    with pytest.raises(DiscInputError, match="finite"):
        simulate_stroke((_striker(0.0, 0.0),), "S", (math.inf, 0.0))
    with pytest.raises(DiscInputError, match="overlap"):
        simulate_stroke((_striker(0.0, 0.0), _disc("d", 0.01, 0.0)), "S", (1.0, 0.0))


def test_pieces_left_pressed_into_a_rail_by_a_pack_are_accepted() -> None:
    """A previous stroke may leave a piece within the engine's contact tolerance past a rail."""
    h = B.half - RD
    _, final = simulate_stroke((_disc("d", 0.0, h + 1e-7), _striker(0.0, 0.0)), "S", (0.1, 0.0))
    assert final[0].y == pytest.approx(h + 1e-7)


def test_pieces_off_the_table_come_back_unchanged() -> None:
    gone = Piece(id="g", kind="disc", owner=1, state=PieceState.POCKETED)
    _, final = simulate_stroke((gone, _striker(0.0, 0.0)), "S", (0.1, 0.0))
    assert final[0] == gone and final[1].id == "S"


_c = st.floats(-0.45, 0.45)


def _radius(p: Piece) -> float:
    return RS if p.kind == "striker" else RD


@st.composite
def _tables(draw: st.DrawFn) -> tuple[Piece, ...]:
    pieces = [_striker(draw(st.floats(-0.3, 0.3)), -0.42)]
    for k in range(draw(st.integers(0, 10))):
        x, y = draw(_c), draw(st.floats(-0.3, 0.45))
        if not all(math.hypot(x - p.x, y - p.y) >= RD + _radius(p) + 1e-6 for p in pieces):
            continue
        pieces.append(_disc(f"d{k}", x, y))
    return tuple(pieces)


@settings(max_examples=25, deadline=None)
@given(_tables(), st.floats(0.3, 2.8), st.floats(0.2, 4.0))
def test_no_overlaps_energy_never_rises_and_the_run_is_deterministic(
    pieces: tuple[Piece, ...], angle: float, speed: float
) -> None:
    vel = (speed * math.cos(angle), speed * math.sin(angle))
    res = run_stroke(pieces, "S", vel, check=True)
    assert res.max_energy_gain <= 1e-12
    assert res.min_gap >= -OVERLAP
    radius = {p.id: RS if p.kind == "striker" else RD for p in pieces}
    on = [(pid, x, y) for pid, (x, y, cap) in res.final.items() if cap is None]
    for i, (a, x1, y1) in enumerate(on):
        assert abs(x1) <= B.half - radius[a] + 1e-9 and abs(y1) <= B.half - radius[a] + 1e-9
        for b, x2, y2 in on[i + 1 :]:
            assert math.hypot(x1 - x2, y1 - y2) >= radius[a] + radius[b] - OVERLAP
    assert simulate_stroke(pieces, "S", vel) == simulate_stroke(pieces, "S", vel)
