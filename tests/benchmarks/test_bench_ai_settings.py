"""The AI benchmark's settings from the environment (benchmarks/bench_ai.py)."""

from __future__ import annotations

import pytest

from benchmarks import bench_ai


def test_noise_scales_parse_and_reject_bad_factors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CUEBOARD_BENCH_NOISE_SCALES", raising=False)
    assert bench_ai._noise_scales() == []
    monkeypatch.setenv("CUEBOARD_BENCH_NOISE_SCALES", "0.5, 0.25")
    assert bench_ai._noise_scales() == [0.5, 0.25]
    for bad in ("half", "-1", "inf", "nan"):
        monkeypatch.setenv("CUEBOARD_BENCH_NOISE_SCALES", bad)
        with pytest.raises(ValueError, match="CUEBOARD_BENCH_NOISE_SCALES"):
            bench_ai._noise_scales()


def test_levels_may_be_empty_and_scaled_players_are_built(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CUEBOARD_BENCH_LEVELS", "")
    assert bench_ai._levels() == []
    agent = bench_ai._agent("snooker", "pro@0.5")
    assert agent.name == "ai:pro@0.5"
    assert agent.ai.noise_scale == 0.5  # type: ignore[attr-defined]
