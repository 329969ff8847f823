"""The Python side of a disc shot (engine/disc_shot.py), made faster without changing what it
answers: the filter of motion-state transitions (``_state_changes``, compiled) keeps exactly the
events that a walk through them in time order keeps, and the overlap check (a sort and sweep)
refuses exactly what a check of every pair refuses, naming the same pair."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cueboard.engine.disc_shot import OVERLAP_TOL, DiscBody, DiscInputError, _check, _state_changes
from cueboard.engine.layout import (
    EV_ARC,
    EV_CAPTURE,
    EV_COLLISION,
    EV_SEGMENT,
    EV_STATE,
    SLIDING,
    SPINNING,
    STATIONARY,
)
from cueboard.engine.loop import N_EV_F
from cueboard.engine.world import RawEvents

STATES = [STATIONARY, SPINNING, SLIDING]
#: Transitions three times as often as each other kind, as in a real shot.
KINDS = [EV_STATE, EV_STATE, EV_STATE, EV_COLLISION, EV_SEGMENT, EV_ARC, EV_CAPTURE]


def _walk(ev_i: np.ndarray, start: list[int]) -> list[bool]:
    """The reference: each event in time order; a transition is news when it changes the state
    its body was last set to (a collision or a wall contact leaves its bodies sliding)."""
    last = list(start)
    keep = []
    for kind, a, b in ev_i.tolist():
        keep.append(not (kind == EV_STATE and last[a] == b))
        if kind == EV_STATE:
            last[a] = b
        elif kind == EV_COLLISION:
            last[a] = last[b] = SLIDING
        elif kind in (EV_SEGMENT, EV_ARC):
            last[a] = SLIDING
    return keep


@st.composite
def _events(draw: st.DrawFn) -> tuple[np.ndarray, list[int]]:
    n = draw(st.integers(1, 5))
    start = draw(st.lists(st.sampled_from(STATES), min_size=n, max_size=n))
    rows = []
    for _ in range(draw(st.integers(0, 40))):
        kind = draw(st.sampled_from(KINDS))
        a = draw(st.integers(0, n - 1))
        if kind == EV_COLLISION:
            if n < 2:
                continue
            b = (a + draw(st.integers(1, n - 1))) % n
        elif kind == EV_STATE:
            b = draw(st.sampled_from(STATES))
        else:
            b = draw(st.integers(0, 3))  # a shape's index
        rows.append((kind, a, b))
    return np.array(rows, dtype=np.int64).reshape(len(rows), 3), start


@settings(max_examples=300, deadline=None)
@given(_events())
def test_the_filter_keeps_what_a_walk_in_time_order_keeps(case: tuple[np.ndarray, list[int]]) -> None:
    ev_i, start = case
    ev_f = np.arange(len(ev_i) * N_EV_F, dtype=np.float64).reshape(len(ev_i), N_EV_F)
    out = _state_changes(RawEvents(n=len(ev_i), ev_i=ev_i, ev_f=ev_f), start)
    keep = np.array(_walk(ev_i, start), dtype=bool)
    assert out.n == int(keep.sum())
    assert np.array_equal(out.ev_i, ev_i[keep])
    assert np.array_equal(out.ev_f, ev_f[keep])


def test_a_known_sequence() -> None:
    """Disc 0 sliding from the start: -> sliding (a piece of the friction law: dropped), a rail
    (kept: not a transition), -> sliding (dropped), -> stationary (kept), hit by disc 1 (kept),
    -> stationary (kept: the hit had set it sliding), disc 1 -> stationary (kept)."""
    ev_i = np.array(
        [
            (EV_STATE, 0, SLIDING),
            (EV_SEGMENT, 0, 2),
            (EV_STATE, 0, SLIDING),
            (EV_STATE, 0, STATIONARY),
            (EV_COLLISION, 1, 0),
            (EV_STATE, 0, STATIONARY),
            (EV_STATE, 1, STATIONARY),
        ],
        dtype=np.int64,
    )
    out = _state_changes(RawEvents(7, ev_i, np.zeros((7, N_EV_F))), [SLIDING, STATIONARY])
    assert out.ev_i.tolist() == ev_i[[1, 3, 4, 5, 6]].tolist()


def _brute_force_overlap(bodies: list[DiscBody]) -> str | None:
    """The reference: every pair in the bodies' order, the first overlapping one named."""
    for i, a in enumerate(bodies):
        for b in bodies[i + 1 :]:
            gap = math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius
            if gap < -OVERLAP_TOL:
                return f"discs '{a.id}' and '{b.id}' overlap by {-gap * 1000:.3f} mm"
    return None


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(-0.1, 0.1), st.floats(-0.1, 0.1), st.sampled_from([0.01, 0.016, 0.021])),
        min_size=0,
        max_size=12,
    )
)
def test_the_overlap_sweep_names_the_pair_every_pair_names(specs: list[tuple[float, float, float]]) -> None:
    """Discs dropped at random on a 0.2 m square (many overlap): the sort-and-sweep check refuses
    exactly when a check of every pair does, naming the same pair with the same overlap."""
    bodies = [DiscBody(f"d{k}", x, y, r, 0.005, 0.5, 0.05) for k, (x, y, r) in enumerate(specs)]
    expected = _brute_force_overlap(bodies)
    if expected is None:
        _check(bodies)
    else:
        with pytest.raises(DiscInputError) as err:
            _check(bodies)
        assert str(err.value) == expected


def test_a_disc_pressed_in_by_the_tolerance_is_accepted_and_beyond_it_refused() -> None:
    """Discs left pressed together within ``OVERLAP_TOL`` (10 µm) by a previous shot are played;
    20 µm is refused, the pair named in the bodies' order (``a`` first although it lies right)."""
    r = 0.0165
    _check(
        [DiscBody("a", 0.0, 0.0, r, 0.007, 0.5, 0.05), DiscBody("b", 2 * r - 5e-6, 0.0, r, 0.007, 0.5, 0.05)]
    )
    pressed = [
        DiscBody("a", 2 * r - 2e-5, 0.0, r, 0.007, 0.5, 0.05),
        DiscBody("b", 0.0, 0.0, r, 0.007, 0.5, 0.05),
    ]
    with pytest.raises(DiscInputError, match=r"^discs 'a' and 'b' overlap by 0\.020 mm$"):
        _check(pressed)
