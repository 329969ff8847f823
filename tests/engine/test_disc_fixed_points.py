"""The disc model's known fixed points (models/disc.py ``P_FIXED``) and its memo of pieces'
integrals (``MEMO_ROW0``): a shot whose parameter row carries ε₀ for its bodies, or whose memo
rows hold the integrals of earlier shots, plays bit for bit as one that computes everything
afresh; ``disc_shot.with_fixed_points`` fills the slots with κ exactly as the kernel computes it."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.engine import planar
from cueboard.engine.disc_shot import disc_par, with_fixed_points
from cueboard.engine.layout import INERTIA, MASS, MODEL_DISC, N_EV_I, N_PAR, RAD
from cueboard.engine.loop import N_EV_F
from cueboard.engine.models.disc import (
    CATCH_TIME_FIELD,
    FIXED_POINT_SLOTS,
    FRICTION_TABLE_FIELD,
    MEMO_ROW0,
    MEMO_ROWS,
    NO_MEMO,
    P_FIXED,
    RING,
    SOLID,
    fixed_point,
    slide_piece,
)
from cueboard.engine.world import ShapeBuilder, Shapes, new_bodies, place_body

PAR = disc_par(mu=0.1, g=9.81, e=0.85, mu_c=0.2, openings=[(0.3, 0.3, 0.04)])


def _shapes() -> Shapes:
    sb = ShapeBuilder()
    h = 0.5
    for name, p1, p2 in (
        ("bottom", (-h, -h), (h, -h)),
        ("left", (-h, -h), (-h, h)),
        ("top", (-h, h), (h, h)),
        ("right", (h, -h), (h, h)),
    ):
        sb.segment(name, p1, p2, toward=(0.0, 0.0), e=0.7, mu=0.2)
    return sb.build()


def _bodies(spin: float) -> tuple[np.ndarray, np.ndarray]:
    """A spinning striker (ring) sent into two ring discs and a solid one."""
    specs = [
        (-0.3, -0.3, 0.021, 0.028, 0.53, 2.0, 1.5, spin, RING),
        (0.0, 0.0, 0.0165, 0.007, 0.54, 0.0, 0.0, 0.0, RING),
        (0.1, 0.05, 0.0165, 0.007, 0.54, 0.0, 0.0, 0.0, RING),
        (0.2, -0.1, 0.015, 0.005, 0.5, 0.0, 0.0, 0.0, SOLID),
    ]
    body, ibody = new_bodies(len(specs))
    for i, (x, y, r, m, kappa, vx, vy, w, table) in enumerate(specs):
        place_body(
            body,
            ibody,
            i,
            x=x,
            y=y,
            radius=r,
            mass=m,
            inertia=kappa * m * r * r,
            model=MODEL_DISC,
            v=(vx, vy),
            w=(0.0, 0.0, w),
        )
        body[CATCH_TIME_FIELD, i] = 0.05
        ibody[FRICTION_TABLE_FIELD, i] = table
    return body, ibody


def test_slots_hold_the_bodies_first_fixed_points_with_the_kernels_kappa() -> None:
    body, ibody = _bodies(40.0)
    par = with_fixed_points(PAR, body, ibody)
    kappa = body[INERTIA] / (body[MASS] * body[RAD] * body[RAD])
    row = par[MODEL_DISC]
    # three distinct (table, κ) pairs in body order; two slots: the striker's and the discs'
    assert FIXED_POINT_SLOTS == 2
    assert P_FIXED + 3 * FIXED_POINT_SLOTS <= N_PAR  # within the model's row
    assert tuple(row[P_FIXED : P_FIXED + 3]) == (RING, kappa[0], fixed_point(kappa[0], RING))
    assert tuple(row[P_FIXED + 3 : P_FIXED + 6]) == (RING, kappa[1], fixed_point(kappa[1], RING))
    # the copy only: the parameter array a game keeps is not written to
    assert not PAR[MODEL_DISC, P_FIXED:].any()
    assert np.array_equal(
        np.delete(par[:MEMO_ROW0], np.s_[P_FIXED : P_FIXED + 6], axis=1),
        np.delete(PAR, np.s_[P_FIXED : P_FIXED + 6], axis=1),
    )
    # then the memo rows, empty until the kernel plays a shot with them
    assert par.shape == (MEMO_ROW0 + MEMO_ROWS, PAR.shape[1])


def _play(spin: float, par: np.ndarray) -> tuple[int, bytes, bytes, bytes, bytes]:
    """One shot on the disc kernel: the event count and every array it wrote, as bytes."""
    shapes = _shapes()
    body, ibody = _bodies(spin)
    ev_i = np.zeros((20_000, N_EV_I), dtype=np.int64)
    ev_f = np.zeros((20_000, N_EV_F))
    n = planar.run_discs(body, ibody, shapes.seg, shapes.arc, shapes.cap, par, ev_i, ev_f, False)
    return n, ev_i[:n].tobytes(), ev_f[:n].tobytes(), body.tobytes(), ibody.tobytes()


@pytest.mark.parametrize("spin", [0.0, 40.0, -120.0])
def test_a_shot_with_known_fixed_points_is_bit_identical(spin: float) -> None:
    bisected = _play(spin, PAR)
    assert bisected[0] > 20  # many pieces of the friction law, each one needing ε₀
    assert _play(spin, with_fixed_points(PAR, *_bodies(spin))) == bisected


def test_slide_piece_given_its_fixed_point_is_the_same_piece() -> None:
    for table, kappa in ((SOLID, 0.5), (RING, 0.53)):
        eps0 = fixed_point(kappa, table)
        for v, w in ((1.2, 30.0), (0.3, 80.0), (2.0, 5.0), (0.4, 0.4 / (0.02 * eps0))):
            assert slide_piece(v, w, 0.02, 0.1, 9.81, kappa, table, eps0, NO_MEMO) == slide_piece(
                v, w, 0.02, 0.1, 9.81, kappa, table, 0.0, NO_MEMO
            )


def test_a_slot_is_read_only_for_its_exact_kappa_and_table() -> None:
    """Slots holding a wrong ε₀ under the striker's κ with the other table, and under a κ one
    unit in the last place away, change nothing: the kernel bisects as without them."""
    body, _ = _bodies(40.0)
    kappa = float(body[INERTIA, 0] / (body[MASS, 0] * body[RAD, 0] * body[RAD, 0]))
    par = PAR.copy()
    par[MODEL_DISC, P_FIXED : P_FIXED + 3] = (SOLID, kappa, 0.9)
    par[MODEL_DISC, P_FIXED + 3 : P_FIXED + 6] = (RING, np.nextafter(kappa, 1.0), 0.9)
    assert _play(40.0, par) == _play(40.0, PAR)
    # and the same wrong ε₀ under the striker's own key does change the shot: the slot is read
    par[MODEL_DISC, P_FIXED : P_FIXED + 3] = (RING, kappa, 0.9)
    assert _play(40.0, par) != _play(40.0, PAR)


def test_a_shot_replayed_with_a_full_memo_is_bit_identical() -> None:
    """The memo rows filled by a first play (and by other shots) give the second play the very
    numbers it would integrate: the same events, the same final state."""
    par = with_fixed_points(PAR, *_bodies(40.0)).copy()
    par[MEMO_ROW0:] = 0.0
    afresh = _play(40.0, PAR)
    first = _play(40.0, par)
    filled = int((par[MEMO_ROW0:, 0] != 0.0).sum())
    assert filled > 10  # the pieces' integrals are in the memo now
    for spin in (-120.0, 0.0, 40.0):
        _play(spin, par)
    assert _play(40.0, par) == first == afresh


def test_a_wrong_memo_row_is_not_read_for_another_table_or_kappa() -> None:
    """A row is read only when ε, κ, the table and the kind of piece are exactly the piece's: a
    row holding the same ε under the other table, with nonsense integrals, changes nothing."""
    par = with_fixed_points(PAR, *_bodies(40.0)).copy()
    par[MEMO_ROW0:] = 0.0
    _play(40.0, par)
    rows = np.flatnonzero(par[MEMO_ROW0:, 0] != 0.0) + MEMO_ROW0
    right = par[rows].copy()
    par[rows, 2] = 1.0 - right[:, 2]  # the other table
    par[rows, 4:6] = 123.0
    assert _play(40.0, par) == _play(40.0, PAR)
    par[rows] = right  # (the play above wrote its own rows over them)
    par[rows, 4:6] = 123.0  # the right keys, nonsense integrals: read, so the shot changes
    assert _play(40.0, par) != _play(40.0, PAR)
