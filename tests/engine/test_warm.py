"""``python -m cueboard.engine.warm`` (run by ``make run``'s install step) compiles or loads the
three kernels and leaves them ready: a shot right after it compiles nothing."""

from __future__ import annotations

from cueboard.engine import planar, warm
from cueboard.engine.loop import run_balls


def test_warm_leaves_the_three_kernels_compiled() -> None:
    kernels = (planar.run_balls, run_balls, planar.run_discs)
    assert warm.warm() >= 0.0
    assert all(k.signatures for k in kernels)
    before = [len(k.signatures) for k in kernels]
    warm.warm()  # the same argument types: no new compilation
    assert [len(k.signatures) for k in kernels] == before
