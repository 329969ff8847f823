"""The referee against scenarios with known answers (tests/games/crokinole/scenarios/*.json).

Each scenario is a position, a shot's facts (or a scoreboard tally, or a concession) and the
expected ruling, written by hand from the rule it cites.
"""

from __future__ import annotations

from typing import Any

import pytest

from cueboard.games.crokinole.errors import OutcomeError
from cueboard.games.crokinole.records import CrokinolePosition
from cueboard.games.crokinole.referee import apply
from tests.games.scenario_files import check_catalogue

from .scenario_io import declaration_and_outcome, load_all, position_of

ALL = load_all()


def test_enough_scenarios_each_citing_a_rule() -> None:
    check_catalogue(ALL, at_least=60, name_key="name")


@pytest.mark.parametrize("sc", ALL, ids=[f"{sc['file']}:{sc['name']}" for sc in ALL])
def test_scenario(sc: dict[str, Any]) -> None:
    position = position_of(sc)
    declaration, outcome = declaration_and_outcome(sc, position)
    expect = sc["expect"]
    if "error" in expect:
        with pytest.raises(OutcomeError, match=expect["error"]):
            apply(position, declaration, outcome)
        return
    after, ruling = apply(position, declaration, outcome)
    CrokinolePosition.model_validate(after.model_dump())  # the position after is a valid position
    if "foul" in expect:
        assert (ruling.foul_kind.value if ruling.foul_kind else None) == expect["foul"]
    if "removals" in expect:
        assert {r.disc: r.reason.value for r in ruling.removals} == expect["removals"]
    if "twenties" in expect:
        assert list(ruling.twenties) == expect["twenties"]
    if "twenties_by_side" in expect:
        assert list(ruling.twenties_by_side) == expect["twenties_by_side"]
    if "next_to_move" in expect:
        assert ruling.next_to_move == expect["next_to_move"]
    if "game_over" in expect:
        assert ruling.game_over == expect["game_over"]
    if "winner" in expect:
        assert ruling.winner == expect["winner"]
    if "round_result" in expect:
        want = expect["round_result"]
        if want is None:
            assert ruling.round_result is None
        else:
            got = ruling.round_result
            assert got is not None
            dumped = got.model_dump(mode="json")
            dumped["counts"] = [
                [c["twenties"], c["fifteens"], c["tens"], c["fives"]] for c in dumped["counts"]
            ]
            for key, value in want.items():
                assert dumped[key] == value, f"round_result.{key}"
    for disc_id, state in expect.get("states", {}).items():
        assert after.piece(disc_id).state.value == state, disc_id
    for key, value in expect.get("after", {}).items():
        got_value = getattr(after, key)
        assert (list(got_value) if isinstance(got_value, tuple) else got_value) == value, f"after.{key}"
