"""The snooker physics API: fast path agrees with the recorded path; the event cap is an error."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.engine.world import EventLimitError
from cueboard.games.snooker.physics import play_fast, prepare, simulate_shot
from cueboard.games.snooker.rack import rack
from cueboard.games.snooker.records import SnookerStrike
from cueboard.records.base import Position

POS = Position(game="snooker", pieces=rack(white=(0.1, 0.6)))


@pytest.mark.parametrize(
    "strike",
    [
        SnookerStrike(speed=8.0, angle=91.2, side=0.1),
        SnookerStrike(speed=2.0, angle=60.0, top=-0.3),
        SnookerStrike(speed=4.0, angle=100.0, side=-0.3, elevation=10.0),
    ],
)
def test_fast_path_agrees_with_simulate_shot(strike: SnookerStrike) -> None:
    setup = prepare(POS)
    fast = play_fast(setup, strike)
    _, outcome = simulate_shot(POS, strike)
    ids = setup.ids
    assert tuple(ids[i] for i in fast.first_contacts) == outcome.first_contacts
    names = setup.shapes.cap_names
    assert tuple((ids[b], names[p].removeprefix("pocket:")) for b, p in fast.potted) == outcome.potted
    final = {p.id: p for p in outcome.final}
    for k, i in enumerate(ids):
        if final[i].on_table:
            assert (fast.final[k, 0], fast.final[k, 1]) == (final[i].x, final[i].y)
        else:
            assert np.isnan(fast.final[k]).all()


def test_event_cap_is_a_clear_error() -> None:
    setup = prepare(POS, max_events=10)
    with pytest.raises(EventLimitError, match="more than 10 events"):
        play_fast(setup, SnookerStrike(speed=8.0, angle=91.2))


def test_no_cue_ball_is_refused() -> None:
    from cueboard.games.snooker.physics import PositionError

    with pytest.raises(PositionError, match="cue ball"):
        prepare(Position(game="snooker", pieces=rack()))
