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


@pytest.mark.parametrize(
    ("raw", "words"),
    [("0", "must be > 0, got 0"), ("-3", "must be > 0"), ("2.5", "must be a whole number, got '2.5'"),
     ("many", "must be a whole number")],
)
def test_the_learning_runs_steps_must_be_a_whole_number_above_0(
    monkeypatch: pytest.MonkeyPatch, raw: str, words: str
) -> None:
    from benchmarks.rl_learn import _steps

    monkeypatch.setenv("CUEBOARD_BENCH_LEARN_STEPS", raw)
    with pytest.raises(ValueError, match="CUEBOARD_BENCH_LEARN_STEPS " + words):
        _steps()
    monkeypatch.setenv("CUEBOARD_BENCH_LEARN_STEPS", "1200")
    assert _steps() == 1200


def test_the_benchmarks_seconds_must_be_a_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUEBOARD_BENCH_RL_SECONDS", "soon")
    with pytest.raises(ValueError, match="CUEBOARD_BENCH_RL_SECONDS must be a number, got 'soon'"):
        _seconds()
    monkeypatch.setenv("CUEBOARD_BENCH_RL_SECONDS", "1.5")
    assert _seconds() == 1.5
