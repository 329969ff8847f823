"""The RL benchmark's loop counts steps, errors and strokes."""

from __future__ import annotations

import pytest

from benchmarks.bench_rl import _seconds, steps_per_second


def test_the_loop_steps_and_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    run = steps_per_second("crokinole", 0.2)
    assert run.rate > 0 and run.errors == 0 and run.failures == 0
    assert run.strokes == 1.0  # crokinole has no choices: every step a flick
    snooker = steps_per_second("snooker", 0.5)
    assert snooker.errors == 0 and 0.0 < snooker.strokes < 1.0  # fouls bring choices
    monkeypatch.setenv("CUEBOARD_BENCH_RL_SECONDS", "0")
    with pytest.raises(ValueError, match="must be > 0"):
        _seconds()
