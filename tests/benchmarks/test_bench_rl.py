"""The RL benchmark's random policy plays only legal strokes, and its loop counts steps."""

from __future__ import annotations

import math

import numpy as np
import pytest

from benchmarks.bench_rl import _seconds, legal_tip, steps_per_second
from cueboard.rl import aec_env


def test_a_tip_offset_outside_the_disc_is_scaled_onto_it() -> None:
    core = aec_env("snooker").core
    names = [p.name for p in core.bounds]
    unit = np.zeros(len(names))
    unit[names.index("side")] = unit[names.index("top")] = 1.0  # (0.7, 0.7) R: 0.99 R off centre
    values = core.strike_values(legal_tip(core, unit))
    assert math.hypot(values["side"], values["top"]) == pytest.approx(0.7, rel=1e-5)
    assert values["side"] == pytest.approx(values["top"])
    inside = np.zeros(len(names))
    assert legal_tip(core, inside) is inside
    crokinole = aec_env("crokinole").core
    assert legal_tip(crokinole, unit[:3]) is not None


def test_the_loop_steps_and_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    rate, errors, strokes = steps_per_second("crokinole", 0.2)
    assert rate > 0 and errors == 0 and strokes == 1.0  # crokinole has no choices: every step a flick
    monkeypatch.setenv("CUEBOARD_BENCH_RL_SECONDS", "0")
    with pytest.raises(ValueError, match="must be > 0"):
        _seconds()
