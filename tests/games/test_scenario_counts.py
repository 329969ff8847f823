"""The scenario figures: enough rule scenarios per game, of which enough chain several steps and
enough have their outcome simulated by the engine (tests.games.scenario_counts counts them)."""

from __future__ import annotations

import pytest

from tests.games.scenario_counts import counts

AT_LEAST = {"snooker": 220, "crokinole": 100, "novuss": 100}


@pytest.mark.parametrize("game", sorted(AT_LEAST))
def test_scenario_counts(game: str) -> None:
    c = counts(game)
    assert c["scenarios"] >= AT_LEAST[game], c
    assert c["multi_step"] >= 20, c
    assert c["engine_driven"] >= 20, c
