"""The step profile of the RL benchmark (``python -m benchmarks.bench_rl --profile GAME``): its
parts add up to the step, and a disc game's stroke spends time in the compiled event loop."""

from __future__ import annotations

import pytest

from benchmarks.bench_rl import profile


@pytest.mark.parametrize("game", ["novuss", "snooker"])
def test_the_parts_of_a_step_add_up(game: str) -> None:
    stages = {s.name: s for s in profile(game, 0.3)}
    step = stages["step"]
    assert step.us > 0 and step.share == 100.0
    parts = ["decode", "simulate", "referee", "environment and loop (masks, rewards, action)"]
    assert sum(stages[p].share for p in parts) == pytest.approx(100.0, abs=1e-6)
    loop, around = stages["  of which the event loop"], stages["  of which Python around it"]
    assert loop.share > 0.0 and around.share > 0.0
    assert loop.share + around.share == pytest.approx(stages["simulate"].share, abs=1e-6)
    assert all(s.share >= 0.0 for s in stages.values())
