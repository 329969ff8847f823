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
from cueboard.games.snooker.scoreboard import Scoreboard, parse_report
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
        if "report" in step:
            position, ruling = run_report(position, step["report"], expect)
            check_expectations(scenario["id"], n, expect, ruling, position, None)
            continue
        if "error" in expect:
            with pytest.raises(ValueError, match=expect["error"]):
                declaration = build_declaration(step.get("declaration"))
                outcome = _outcome(step, position, declaration)
                apply(position, declaration, outcome, rng)
            continue
        declaration = build_declaration(step.get("declaration"))
        outcome = _outcome(step, position, declaration)
        position, ruling = apply(position, declaration, outcome, rng)
        check_expectations(scenario["id"], n, expect, ruling, position, outcome)


def check_expectations(
    name: str,
    n: int,
    expect: dict[str, Any],
    ruling: Any,
    position: SnookerPosition,
    outcome: SnookerOutcome | None,
) -> None:
    """Every expected field of step ``n`` against the ruling and the position after it."""
    for field, want in expect.items():
        if field.startswith("outcome."):
            assert outcome is not None, f"{name} step {n}: a report step has no outcome to check"
            got = outcome_value(field, outcome)
        else:
            got = actual_value(field, ruling, position)
        if field == "announce":
            for text in want:
                assert any(text in a for a in got), f"step {n}: no announcement '{text}' in {got}"
            continue
        assert matches(field, got, want), f"{name} step {n}: {field} = {got!r}, expected {want!r}"


def run_report(
    position: SnookerPosition, line: str, expect: dict[str, Any]
) -> tuple[SnookerPosition, Any]:
    """A step in scorer mode: one line of ``cueboard score snooker``'s words (:func:`parse_report`)
    given to a :class:`Scoreboard` holding ``position`` (whose rules must have ``geometry`` off,
    as the scoreboard's have). ``expect`` may hold ``error``: the line is refused with it."""
    assert not position.rules.geometry, "a report step needs a position in scorer mode (geometry off)"
    board = Scoreboard(players=tuple(f"seat {i}" for i in range(position.rules.players)))
    board.position = position

    def report() -> Any:
        parsed = parse_report(line)
        if parsed.get("action") == "choose":
            return board.choose(parsed["choice"])
        assert "action" not in parsed, f"report step '{line}': only strokes and choices are scenario steps"
        return board.stroke(**parsed)

    if "error" in expect:
        with pytest.raises(ValueError, match=expect.pop("error")):
            report()
        return position, None
    ruling = report()
    return board.position, ruling


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
