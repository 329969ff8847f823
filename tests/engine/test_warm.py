"""``python -m cueboard.engine.warm`` (run by ``make run``'s install step) compiles or loads both
kernels and leaves them ready: a shot right after it compiles nothing."""

from __future__ import annotations

from cueboard.engine import warm
from cueboard.engine.loop import run_balls, run_events


def test_warm_leaves_both_kernels_compiled() -> None:
    assert warm.warm() >= 0.0
    assert run_balls.signatures and run_events.signatures
    before = (len(run_balls.signatures), len(run_events.signatures))
    warm.warm()  # the same argument types: no new compilation
    assert (len(run_balls.signatures), len(run_events.signatures)) == before
