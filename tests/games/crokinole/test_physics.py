"""Crokinole disc physics on the engine (cueboard.games.crokinole.physics): analytic results and
properties (docs/physics.md#discs)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cueboard.engine.disc_shot import DiscInputError
from cueboard.engine.events import EventKind
from cueboard.games.crokinole.board import STANDARD_BOARD as B
from cueboard.games.crokinole.physics import run_flick, simulate_flick
from cueboard.games.crokinole.physics_params import STANDARD_PHYSICS as P
from cueboard.records.base import Piece, PieceState

MUG = P.mu_board * P.g
#: Overlap tolerated between pieces at any event: the engine's stated bound (docs/physics.md: pieces
#: pressed together in slow clusters reach about 1 µm; 2 µm is invisible to any referee).
OVERLAP = 2e-6
R = B.disc_radius


def _disc(pid: str, x: float, y: float, owner: int = 2) -> Piece:
    return Piece(id=pid, kind="disc", owner=owner, x=x, y=y)


def _final(pieces: tuple[Piece, ...], pid: str) -> Piece:
    return next(p for p in pieces if p.id == pid)


def test_a_disc_without_spin_stops_at_v2_over_2mug() -> None:
    """A chord clear of pegs, hole and ditch: the disc slides v²/(2μg) and stops."""
    v = 0.7
    events, final = simulate_flick((), "s", (-0.2, -0.2), (v, 0.0), owner=0)
    d = _final(final, "s")
    assert d.state is PieceState.ON_TABLE
    assert d.x == pytest.approx(-0.2 + v * v / (2 * MUG), abs=1e-12)
    assert d.y == pytest.approx(-0.2, abs=1e-15)
    assert [e.kind for e in events] == [EventKind.STATIONARY]
    assert events[0].time == pytest.approx(v / MUG, rel=1e-12)


def test_a_spinning_disc_slides_further_and_stops_turning_when_it_stops_sliding() -> None:
    """Farkas et al. 2003: spin lowers the sliding friction (the disc goes further than
    v²/(2μg); the issue's "travels less far" is not what this law gives) and v and ω vanish
    together: the disc never spins in place, it goes from sliding straight to rest."""
    v = 0.7
    events, final = simulate_flick((), "s", (-0.2, -0.2), (v, 0.0), spin=40.0, owner=0)
    d = _final(final, "s")
    assert d.x + 0.2 > v * v / (2 * MUG) * 1.001
    assert d.y == pytest.approx(-0.2, abs=1e-12)  # the path stays straight
    kinds = [e.kind for e in events]
    assert kinds == [EventKind.STATIONARY]
    assert EventKind.SPINNING not in kinds


def test_head_on_hit_of_equal_discs_passes_the_speed_on_by_the_restitution_law() -> None:
    """Newton's restitution between equal masses: after the hit the target has (1+e)/2 and the
    shooter (1−e)/2 of the speed at contact; each then slides v²/(2μg)."""
    v0 = 0.8
    x0, xt = -0.2, 0.0
    events, final = simulate_flick((_disc("t", xt, -0.2),), "s", (x0, -0.2), (v0, 0.0), owner=0)
    hit = next(e for e in events if e.kind is EventKind.COLLISION)
    assert set(hit.bodies) == {"s", "t"}
    x_contact = xt - 2 * R
    vc = math.sqrt(v0 * v0 - 2 * MUG * (x_contact - x0))
    assert hit.time == pytest.approx((v0 - vc) / MUG, rel=1e-9)
    e = P.e_disc
    assert _final(final, "t").state is PieceState.ON_TABLE
    assert _final(final, "t").x == pytest.approx(xt + ((1 + e) / 2 * vc) ** 2 / (2 * MUG), abs=1e-9)
    assert _final(final, "s").x == pytest.approx(x_contact + ((1 - e) / 2 * vc) ** 2 / (2 * MUG), abs=1e-9)


def test_peg_rebound() -> None:
    """Straight at peg 0 along its radius: the disc comes back with e_peg of its contact speed."""
    px, py = B.peg_positions[0]
    ux, uy = px / math.hypot(px, py), py / math.hypot(px, py)
    d0 = 0.15
    start = (px + d0 * ux, py + d0 * uy)
    v0 = 1.0
    events, final = simulate_flick((), "s", start, (-v0 * ux, -v0 * uy), owner=0)
    hit = events[0]
    assert hit.kind is EventKind.CUSHION and hit.shape == "peg:0"
    gap = d0 - R - B.peg_radius
    vc = math.sqrt(v0 * v0 - 2 * MUG * gap)
    back = (P.e_peg * vc) ** 2 / (2 * MUG)
    d = _final(final, "s")
    dist = math.hypot(d.x - px, d.y - py)
    assert dist == pytest.approx(R + B.peg_radius + back, abs=1e-9)
    assert (d.x - px) * ux + (d.y - py) * uy == pytest.approx(dist, rel=1e-9)


def _through_centre(v_entry: float) -> tuple[tuple, tuple[Piece, ...]]:
    """Flick from the shooting line straight over the 20-hole's centre, with ``v_entry`` when
    the centre reaches the hole's rim."""
    y0 = -B.shooting_radius
    v0 = math.sqrt(v_entry**2 + 2 * MUG * (B.shooting_radius - B.hole_radius))
    return simulate_flick((), "s", (0.0, y0), (0.0, v0), owner=0)


def test_a_slow_disc_over_the_hole_centre_drops_and_a_fast_one_passes() -> None:
    """Catch rule (disc_capture.py): over a diameter (34.9 mm) the disc drops when it cannot
    cross it in t = √(2·(thickness/2)/g) = 31 ms, i.e. slower than ≈ 1.1 m/s at the rim."""
    t_catch = math.sqrt(2 * P.catch_depth(B) / P.g)
    chord = 2 * B.hole_radius
    # the speed at which the chord takes exactly t_catch (decelerating at μg)
    v_star = (chord + 0.5 * MUG * t_catch**2) / t_catch
    events, final = _through_centre(0.95 * v_star)
    holed = [e for e in events if e.kind is EventKind.HOLED]
    assert len(holed) == 1 and holed[0].shape == "hole:20" and holed[0].bodies == ("s",)
    assert _final(final, "s").state is PieceState.IN_HOLE
    events, final = _through_centre(1.05 * v_star)
    assert not any(e.kind is EventKind.HOLED for e in events)
    # it passes over and goes on to the far side of the board (here into the ditch)
    assert _final(final, "s").state is PieceState.IN_DITCH
    # a disc that stops over the hole drops
    events, final = simulate_flick(
        (), "s", (0.0, -B.shooting_radius), (0.0, math.sqrt(2 * MUG * B.shooting_radius))
    )
    assert _final(final, "s").state is PieceState.IN_HOLE


def test_a_disc_stopping_partly_over_the_hole_leans_and_stays() -> None:
    """Its centre stops 18 mm from the hole's centre, outside the 17.5 mm opening while its edge
    hangs 15 mm over it: the centre of mass is supported, the disc stays (a leaner)."""
    y = 0.018
    x0 = -0.25
    events, final = simulate_flick((), "s", (x0, y), (math.sqrt(2 * MUG * -x0), 0.0), owner=0)
    d = _final(final, "s")
    assert d.state is PieceState.ON_TABLE
    assert d.x == pytest.approx(0.0, abs=1e-9)
    assert math.hypot(d.x, d.y) < B.hole_radius + R
    assert not any(e.kind in (EventKind.HOLED, EventKind.CUSHION) for e in events)


def test_a_disc_leaving_the_playing_surface_goes_to_the_ditch() -> None:
    events, final = simulate_flick((), "s", (0.0, -0.2), (2.0, 0.5), owner=0)
    ditched = [e for e in events if e.kind is EventKind.DITCHED]
    assert len(ditched) == 1 and ditched[0].shape == "ditch"
    assert math.hypot(ditched[0].x, ditched[0].y) == pytest.approx(B.surface_radius, abs=1e-9)
    assert _final(final, "s").state is PieceState.IN_DITCH


def test_shot_disc_is_added_with_its_owner_and_other_pieces_keep_their_order() -> None:
    gone = Piece(id="h", kind="disc", owner=0, state=PieceState.IN_HOLE)
    pieces = (_disc("a", 0.2, 0.2), gone)
    _, final = simulate_flick(pieces, "s", (0.0, -0.3), (0.0, 0.1), owner=3)
    assert [p.id for p in final] == ["a", "h", "s"]
    assert final[1] == gone and final[2].owner == 3


def test_bad_starts_are_refused() -> None:
    with pytest.raises(DiscInputError, match="ditch"):
        simulate_flick((), "s", (0.0, -0.32), (0.0, 1.0))
    with pytest.raises(DiscInputError, match="peg 0"):
        simulate_flick((), "s", B.peg_positions[0], (0.0, 1.0))
    with pytest.raises(DiscInputError, match="overlap"):
        simulate_flick((_disc("a", 0.0, -0.29),), "s", (0.0, -0.3), (0.0, 1.0))
    with pytest.raises(DiscInputError, match="finite"):
        simulate_flick((), "s", (0.0, -0.3), (math.nan, 1.0))


_coord = st.floats(-0.22, 0.22)


@st.composite
def _boards(draw: st.DrawFn) -> tuple[Piece, ...]:
    pieces: list[Piece] = []
    for k in range(draw(st.integers(0, 6))):
        x, y = draw(_coord), draw(_coord)
        if any(math.hypot(x - p.x, y - p.y) < 2 * R + 1e-6 for p in pieces):
            continue
        if any(math.hypot(x - px, y - py) < R + B.peg_radius for px, py in B.peg_positions):
            continue
        if math.hypot(x, y) < B.hole_radius:
            continue
        pieces.append(_disc(f"d{k}", x, y))
    return tuple(pieces)


@settings(max_examples=25, deadline=None)
@given(
    _boards(),
    st.floats(-0.6, 0.6),
    st.floats(0.2, 3.5),
    st.floats(-0.5, 0.5),
    st.floats(-60.0, 60.0),
)
def test_no_overlaps_energy_never_rises_and_the_run_is_deterministic(
    pieces: tuple[Piece, ...], start_angle: float, speed: float, aim: float, spin: float
) -> None:
    a = -math.pi / 2 + start_angle
    start = (B.shooting_radius * math.cos(a), B.shooting_radius * math.sin(a))
    if any(math.hypot(start[0] - p.x, start[1] - p.y) < 2 * R for p in pieces):
        return
    d = math.atan2(-start[1], -start[0]) + aim
    vel = (speed * math.cos(d), speed * math.sin(d))
    res = run_flick(pieces, "s", start, vel, spin, check=True)
    assert res.max_energy_gain <= 1e-12
    assert res.min_gap >= -OVERLAP
    on = [(pid, x, y) for pid, (x, y, cap) in res.final.items() if cap is None]
    for i, (_, x1, y1) in enumerate(on):
        assert math.hypot(x1, y1) <= B.surface_radius + 1e-9
        for px, py in B.peg_positions:
            assert math.hypot(x1 - px, y1 - py) >= R + B.peg_radius - OVERLAP
        for _, x2, y2 in on[i + 1 :]:
            assert math.hypot(x1 - x2, y1 - y2) >= 2 * R - OVERLAP
    again = simulate_flick(pieces, "s", start, vel, spin)
    assert again == simulate_flick(pieces, "s", start, vel, spin)


def test_a_shooter_stopping_dead_on_a_leaner_over_the_hole_drops() -> None:
    """Too fast to be caught when it crosses the rim (1.5 m/s), the shooter hits a leaner head
    on inside the opening, keeps (1 − e)/2 of its speed, stops over the hole and drops; the
    leaner is driven off."""
    leaner = _disc("L", 0.0, 0.018)
    v_entry = 1.5
    v0 = math.sqrt(v_entry**2 + 2 * MUG * (B.shooting_radius - B.hole_radius))
    events, final = simulate_flick((leaner,), "s", (0.0, -B.shooting_radius), (0.0, v0), owner=0)
    kinds = [(e.kind, e.bodies) for e in events]
    assert (EventKind.COLLISION, ("L", "s")) in kinds or (EventKind.COLLISION, ("s", "L")) in kinds
    holed = [e for e in events if e.kind is EventKind.HOLED]
    assert [e.bodies for e in holed] == [("s",)] and holed[0].shape == "hole:20"
    assert _final(final, "s").state is PieceState.IN_HOLE
    assert _final(final, "L").state is not PieceState.IN_HOLE
    assert [e.time for e in events] == sorted(e.time for e in events)
