"""The referee against scenarios with known answers (tests/games/crokinole/scenarios/*.json).

Each scenario is a position, a shot's facts (or a scoreboard tally, or a concession) and the
expected ruling, written by hand from the rule it cites; a multi-step scenario chains such steps,
and a step may be a flick that the disc physics simulates (engine-driven).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from cueboard.games.crokinole.board import INCH
from cueboard.games.crokinole.errors import IllegalShotError, OutcomeError
from cueboard.games.crokinole.records import CrokinoleOutcome, CrokinolePosition, CrokinoleRuling
from cueboard.games.crokinole.referee import apply
from tests.games.scenario_files import check_catalogue

from .scenario_io import is_engine_driven, load_all, position_of, step_outcome, steps_of

ALL = load_all()
HAND = [sc for sc in ALL if not is_engine_driven(sc)]
ENGINE = [sc for sc in ALL if is_engine_driven(sc)]


def test_enough_scenarios_each_citing_a_rule() -> None:
    check_catalogue(ALL, at_least=100, name_key="name")


@pytest.mark.parametrize("sc", HAND, ids=[f"{sc['file']}:{sc['name']}" for sc in HAND])
def test_scenario(sc: dict[str, Any]) -> None:
    run_scenario(sc)


@pytest.mark.parametrize("sc", ENGINE, ids=[f"{sc['file']}:{sc['name']}" for sc in ENGINE])
def test_engine_scenario(sc: dict[str, Any]) -> None:
    """A scenario with flicks simulated by the disc physics: the facts and the ruling."""
    run_scenario(sc)


def test_enough_multi_step_and_engine_driven() -> None:
    assert sum(1 for sc in ALL if len(steps_of(sc)) > 1) >= 20
    assert len(ENGINE) >= 20


def run_scenario(sc: dict[str, Any]) -> None:
    """Play each step from the position the previous one left, checking its expectations."""
    position = position_of(sc)
    for n, step in enumerate(steps_of(sc)):
        expect = step["expect"]
        if "error" in expect:
            with pytest.raises((OutcomeError, IllegalShotError), match=expect["error"]):
                declaration, outcome = step_outcome(step, position)
                apply(position, declaration, outcome)
            return
        declaration, outcome = step_outcome(step, position)
        after, ruling = apply(position, declaration, outcome)
        CrokinolePosition.model_validate(after.model_dump())  # the position after is a valid position
        check_expect(expect, outcome, ruling, after, f"{sc['name']} step {n}")
        position = after


def check_expect(
    expect: dict[str, Any], outcome: CrokinoleOutcome, ruling: CrokinoleRuling, after: CrokinolePosition,
    where: str,
) -> None:
    if "foul" in expect:
        assert (ruling.foul_kind.value if ruling.foul_kind else None) == expect["foul"], where
    if "removals" in expect:
        assert {r.disc: r.reason.value for r in ruling.removals} == expect["removals"], where
    if "twenties" in expect:
        assert list(ruling.twenties) == expect["twenties"], where
    if "twenties_by_side" in expect:
        assert list(ruling.twenties_by_side) == expect["twenties_by_side"], where
    if "next_to_move" in expect:
        assert ruling.next_to_move == expect["next_to_move"], where
    if "game_over" in expect:
        assert ruling.game_over == expect["game_over"], where
    if "winner" in expect:
        assert ruling.winner == expect["winner"], where
    if "round_result" in expect:
        want = expect["round_result"]
        if want is None:
            assert ruling.round_result is None, where
        else:
            got = ruling.round_result
            assert got is not None, where
            dumped = got.model_dump(mode="json")
            dumped["counts"] = [
                [c["twenties"], c["fifteens"], c["tens"], c["fives"]] for c in dumped["counts"]
            ]
            for key, value in want.items():
                assert dumped[key] == value, f"{where}: round_result.{key}"
    for disc_id, state in expect.get("states", {}).items():
        assert after.piece(disc_id).state.value == state, f"{where}: {disc_id}"
    for disc_id, (lo, hi) in expect.get("r_between", {}).items():
        p = after.piece(disc_id)
        r = math.hypot(p.x, p.y) / INCH
        assert lo <= r <= hi, f"{where}: {disc_id} at r = {r:.3f} in, expected {lo}..{hi}"
    facts = outcome.model_dump(mode="json")
    for key, value in expect.get("facts", {}).items():
        got_fact = facts[key]
        if key in ("touched", "chain", "holed", "ditched", "returned", "leaners"):
            got_fact = sorted(got_fact)
        assert got_fact == value, f"{where}: facts.{key} = {got_fact!r}, expected {value!r}"
    for key, value in expect.get("after", {}).items():
        got_value = getattr(after, key)
        got_list = list(got_value) if isinstance(got_value, tuple) else got_value
        assert got_list == value, f"{where}: after.{key}"
