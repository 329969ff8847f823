"""Every scenario file: a position, a declaration and an outcome with the expected ruling, each
citing its rule (seed 001 numbering, rules/snooker.md). See harness.py for the format."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cueboard.games.snooker.declaration import SnookerDeclaration
from cueboard.games.snooker.position import SnookerPosition
from cueboard.games.snooker.records import SnookerOutcome, SnookerStrike
from cueboard.games.snooker.referee import apply
from tests.games.scenario_files import check_catalogue
from tests.games.snooker.harness import (
    actual_value,
    build_declaration,
    build_outcome,
    build_position,
    is_engine_driven,
    load_scenarios,
    matches,
    outcome_value,
    steps_of,
)

SCENARIOS = load_scenarios()


def test_enough_scenarios_each_citing_a_rule() -> None:
    check_catalogue(SCENARIOS, at_least=220, name_key="id")


#: The scenarios whose outcomes are written by hand (the engine-driven ones: test_engine_scenarios.py).
HAND = [s for s in SCENARIOS if not is_engine_driven(s)]


@pytest.mark.parametrize("scenario", HAND, ids=[s["id"] for s in HAND])
def test_scenario(scenario: dict[str, Any]) -> None:
    run_scenario(scenario)


def run_scenario(scenario: dict[str, Any]) -> None:
    """Play every step of ``scenario`` from its position, checking each step's expectations."""
    position = build_position(scenario["position"])
    rng = np.random.default_rng(scenario.get("seed", 0))
    for n, step in enumerate(steps_of(scenario)):
        expect = dict(step.get("expect", {}))
        if "error" in expect:
            with pytest.raises(ValueError, match=expect["error"]):
                declaration = build_declaration(step.get("declaration"))
                outcome = _outcome(step, position, declaration)
                apply(position, declaration, outcome, rng)
            continue
        declaration = build_declaration(step.get("declaration"))
        outcome = _outcome(step, position, declaration)
        position, ruling = apply(position, declaration, outcome, rng)
        for field, want in expect.items():
            if field.startswith("outcome."):
                got = outcome_value(field, outcome)
            else:
                got = actual_value(field, ruling, position)
            if field == "announce":
                for text in want:
                    assert any(text in a for a in got), f"step {n}: no announcement '{text}' in {got}"
                continue
            assert matches(field, got, want), (
                f"{scenario['id']} step {n}: {field} = {got!r}, expected {want!r}"
            )


def _outcome(
    step: dict[str, Any], position: SnookerPosition, declaration: SnookerDeclaration
) -> SnookerOutcome:
    """The step's outcome: written by hand, or the engine's for the step's strike."""
    if "strike" in step:
        from cueboard.games.snooker.game import GAME

        _events, outcome = GAME.simulate(position, declaration, SnookerStrike.model_validate(step["strike"]))
        assert isinstance(outcome, SnookerOutcome)
        return outcome
    return build_outcome(step.get("outcome", {}), position)
