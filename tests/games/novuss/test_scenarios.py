"""The novuss referee against scenarios with known answers (scenarios/*.json, each citing its rule)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from cueboard.games.novuss.records import NovussDeclaration, NovussPosition, NovussRuling
from cueboard.games.novuss.referee import IllegalStrokeError, apply
from cueboard.records.base import PieceState
from tests.games.scenario_files import check_catalogue

from .scenario_io import build_position, is_engine_driven, load_scenarios, step_outcome, steps_of

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
    check_catalogue(SCENARIOS, at_least=100, name_key="name")


HAND = [sc for sc in SCENARIOS if not is_engine_driven(sc)]
ENGINE = [sc for sc in SCENARIOS if is_engine_driven(sc)]


@pytest.mark.parametrize("sc", HAND, ids=[sc["name"] for sc in HAND])
def test_scenario(sc: dict[str, Any]) -> None:
    run_scenario(sc)


@pytest.mark.parametrize("sc", ENGINE, ids=[sc["name"] for sc in ENGINE])
def test_engine_scenario(sc: dict[str, Any]) -> None:
    """Strokes simulated by the disc physics: the facts found and the ruling."""
    run_scenario(sc)


def test_enough_multi_step_and_engine_driven() -> None:
    assert sum(1 for sc in SCENARIOS if len(steps_of(sc)) > 1) >= 20
    assert len(ENGINE) >= 20


def run_scenario(sc: dict[str, Any]) -> None:
    """Play each step from the position the previous one left, checking its expectations."""
    position = build_position(sc["position"])
    for n, step in enumerate(steps_of(sc)):
        expect = step["expect"]
        if "error" in expect:
            with pytest.raises((IllegalStrokeError, ValueError), match=expect["error"]):
                apply(position, NovussDeclaration(), step_outcome(position, step))
            return
        outcome = step_outcome(position, step)
        where = f"{sc['name']} step {n}"
        for field, value in expect.get("outcome", {}).items():
            actual = outcome.model_dump(mode="json")[field]
            assert _same(actual, value), f"{where}: outcome.{field}: {actual!r} != {value!r}"
        after, ruling = apply(position, NovussDeclaration(), outcome)
        check_ruling(expect, after, ruling, where)
        position = after


def check_ruling(expect: dict[str, Any], after: NovussPosition, ruling: NovussRuling, where: str) -> None:
    data = ruling.model_dump(mode="json")
    for field, value in expect.items():
        if field in ("after", "outcome"):
            continue
        assert _same(data[field], value), f"{where}: ruling.{field}: {data[field]!r} != {value!r}"
    want = expect.get("after", {})
    if "to_move" in want:
        assert after.to_move == want["to_move"], where
    if "pocketed" in want:
        assert list(after.pocketed) == want["pocketed"], where
    if "debt" in want:
        assert list(after.debt) == want["debt"], where
    if "winner" in want:
        assert after.winner == want["winner"], where
    states = {p.id: p.state for p in after.pieces}
    for pid in want.get("on_table", ()):
        assert states[pid] is PieceState.ON_TABLE, f"{where}: {pid} should be on the table"
    for pid in want.get("in_pockets", ()):
        assert states[pid] is PieceState.POCKETED, f"{where}: {pid} should be in a pocket"
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
                    f"{where}: {pid} overlaps {other.id}"
                )
