"""The engine-driven scenarios: steps whose outcome the physics produces from a strike (the
``strike`` steps of tests/games/snooker/scenarios/*.json; see harness.py), checking both the
simulated facts (``outcome.*``) and the ruling."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.snooker.harness import is_engine_driven, load_scenarios
from tests.games.snooker.test_scenarios import run_scenario

ENGINE = [s for s in load_scenarios() if is_engine_driven(s)]


def test_enough_engine_driven_scenarios() -> None:
    assert len(ENGINE) >= 20


@pytest.mark.parametrize("scenario", ENGINE, ids=[s["id"] for s in ENGINE])
def test_engine_scenario(scenario: dict[str, Any]) -> None:
    run_scenario(scenario)
