"""The novuss referee against scenarios with known answers (scenarios/*.json, each citing its rule)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from cueboard.games.novuss.referee import IllegalStrokeError, apply
from cueboard.records.base import PieceState
from tests.games.scenario_files import check_catalogue

from .scenario_io import build_outcome, build_position, load_scenarios

SCENARIOS = load_scenarios()
TOL = 1e-4


def _same(actual: Any, expected: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(_same(actual.get(k), v) for k, v in expected.items())
    if isinstance(expected, list):
        return (
            isinstance(actual, (list, tuple))
            and len(actual) == len(expected)
            and all(_same(a, e) for a, e in zip(actual, expected, strict=True))
        )
    if isinstance(expected, float) and isinstance(actual, (int, float)):
        return abs(actual - expected) <= TOL
    return bool(actual == expected)


def test_enough_scenarios_each_citing_a_rule() -> None:
    check_catalogue(SCENARIOS, at_least=60, name_key="name")


@pytest.mark.parametrize("sc", SCENARIOS, ids=[sc["name"] for sc in SCENARIOS])
def test_scenario(sc: dict[str, Any]) -> None:
    position = build_position(sc["position"])
    outcome = build_outcome(position, sc)
    expect = sc["expect"]
    if "error" in expect:
        with pytest.raises(IllegalStrokeError, match=expect["error"]):
            apply(position, outcome)
        return
    for field, value in expect.get("outcome", {}).items():
        actual = outcome.model_dump(mode="json")[field]
        assert _same(actual, value), f"outcome.{field}: {actual!r} != {value!r}"
    after, ruling = apply(position, outcome)
    data = ruling.model_dump(mode="json")
    for field, value in expect.items():
        if field in ("after", "outcome"):
            continue
        assert _same(data[field], value), f"ruling.{field}: {data[field]!r} != {value!r}"
    want = expect.get("after", {})
    if "to_move" in want:
        assert after.to_move == want["to_move"]
    if "pocketed" in want:
        assert list(after.pocketed) == want["pocketed"]
    if "debt" in want:
        assert list(after.debt) == want["debt"]
    if "winner" in want:
        assert after.winner == want["winner"]
    states = {p.id: p.state for p in after.pieces}
    for pid in want.get("on_table", ()):
        assert states[pid] is PieceState.ON_TABLE, f"{pid} should be on the table"
    for pid in want.get("in_pockets", ()):
        assert states[pid] is PieceState.POCKETED, f"{pid} should be in a pocket"
    assert all(p.state is PieceState.OFF_TABLE for p in after.pieces if p.kind == "striker")
    # a disc the referee places never overlaps another (the physics refuses overlaps over 1 nm)
    placed = [pl.disc for pl in (*ruling.returned, *ruling.debt_paid) if pl.x is not None]
    if ruling.penalty_disc is not None and ruling.penalty_disc.x is not None:
        placed.append(ruling.penalty_disc.disc)
    on_table = [p for p in after.pieces if p.on_table]
    for pid in placed:
        me = after.piece(pid)
        for other in on_table:
            if other.id != pid:
                assert math.hypot(me.x - other.x, me.y - other.y) - 0.033 > -1e-9, (
                    f"{pid} overlaps {other.id}"
                )
