"""The planar ball kernel (cueboard/engine/planar.py): a stroke with every ball on the bed gives
bit for bit the events and final state of the full kernel (loop.run_balls), a stroke that lifts
the cue ball is played by the full kernel, and the choice reads the height fields."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.snooker_shots import cueboard_inputs, shot_set
from cueboard.engine import loop, planar
from cueboard.engine.events import EventKind
from cueboard.engine.layout import PZ, VZ
from cueboard.engine.world import new_bodies, run
from cueboard.games.snooker import physics
from cueboard.games.snooker.records import SnookerStrike


def _both(setup: physics.ShotSetup, body: np.ndarray, ibody: np.ndarray, check: bool) -> list[tuple]:
    out = []
    for kernel in (planar.run_balls, loop.run_balls):
        b, ib = body.copy(), ibody.copy()
        raw = run(b, ib, setup.shapes, setup.par, max_events=setup.max_events, check=check, kernel=kernel)
        out.append((raw.n, raw.ev_i.tobytes(), raw.ev_f.tobytes(), b.tobytes(), ib.tobytes()))
    return out


@pytest.mark.parametrize("check", [False, True])
def test_level_strokes_are_bit_identical_in_both_kernels(check: bool) -> None:
    rng = np.random.default_rng(18)
    shots = shot_set()
    for k in range(24 if not check else 6):
        position, _ = cueboard_inputs(shots[k * 4 % len(shots)])
        setup = physics.prepare(position)
        speed, angle = rng.uniform(0.3, 9.0), rng.uniform(-180.0, 180.0)
        side, top = rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)
        body, ibody = physics._struck_from(setup, speed, angle, 0.0, side, top)
        assert not planar.lifted(body)
        planar_run, full_run = _both(setup, body, ibody, check)
        assert planar_run == full_run, f"stroke {k} differs"


def test_the_kernel_is_chosen_by_the_height_fields() -> None:
    body, _ = new_bodies(3)
    assert planar.kernel_for(body) is planar.run_balls
    assert planar.start_segment_for(body) is planar.start_segment
    body[VZ, 1] = 0.2
    assert planar.kernel_for(body) is loop.run_balls
    body[VZ, 1] = 0.0
    body[PZ, 2] = 0.01
    assert planar.kernel_for(body) is loop.run_balls
    assert planar.start_segment_for(body) is not planar.start_segment


def test_an_elevated_strike_still_flies() -> None:
    """A 45° cue lifts the cue ball (docs/physics.md, "Jump off the cue"): the full kernel plays
    it, and the records show its landing bounces."""
    position, _ = cueboard_inputs(shot_set()[2])
    strike = SnookerStrike(speed=3.0, angle=-120.0, elevation=45.0)
    body, _ = physics._struck_bodies(physics.prepare(position), strike)
    assert planar.lifted(body) and planar.kernel_for(body) is loop.run_balls
    events, _ = physics.simulate_shot(position, strike)
    assert any(e.kind is EventKind.BOUNCE for e in events)
