"""Every scenario file: a position, a declaration and an outcome with the expected ruling, each
citing its rule (seed 001 numbering, rules/snooker.md). See harness.py for the format."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cueboard.games.snooker.referee import apply
from tests.games.scenario_files import check_catalogue
from tests.games.snooker.harness import (
    actual_value,
    build_declaration,
    build_outcome,
    build_position,
    load_scenarios,
    steps_of,
)

SCENARIOS = load_scenarios()


def test_enough_scenarios_each_citing_a_rule() -> None:
    check_catalogue(SCENARIOS, at_least=120, name_key="id")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s["id"] for s in SCENARIOS])
def test_scenario(scenario: dict[str, Any]) -> None:
    position = build_position(scenario["position"])
    rng = np.random.default_rng(scenario.get("seed", 0))
    for n, step in enumerate(steps_of(scenario)):
        declaration = build_declaration(step.get("declaration"))
        outcome = build_outcome(step.get("outcome", {}), position)
        expect = dict(step.get("expect", {}))
        if "error" in expect:
            with pytest.raises(ValueError, match=expect["error"]):
                apply(position, declaration, outcome, rng)
            continue
        position, ruling = apply(position, declaration, outcome, rng)
        for field, want in expect.items():
            got = actual_value(field, ruling, position)
            if field == "announce":
                for text in want:
                    assert any(text in a for a in got), f"step {n}: no announcement '{text}' in {got}"
                continue
            assert got == want, f"{scenario['id']} step {n}: {field} = {got!r}, expected {want!r}"
