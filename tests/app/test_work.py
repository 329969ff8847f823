"""The AI's worker processes (cueboard/app/work.py): a search in a worker comes back as a legal
decision for the position sent (as the server's thread would decide: the search is timed, so not
bit for bit the same stroke), a second search while the only worker
is busy is refused at once, a search past its time cap is stopped and its worker replaced, and a
worker under a memory cap too small for it fails the turn with a clear error — never the server."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from cueboard.app.games import adapter
from cueboard.app.work import AIBusyError, AIFailedError, AITimeoutError, AIWork, decide_json
from cueboard.records.base import parse_record
from cueboard.records.registry import record_types


def _opening(game: str) -> dict[str, Any]:
    a = adapter(game)
    position = a.game.new_position(a.rules_settings(2, {}), seed=4)
    out: dict[str, Any] = position.model_dump(mode="json")
    return out


def _legal(decision: dict[str, Any], position: dict[str, Any]) -> None:
    types = record_types("novuss")
    parsed = parse_record(types.position, position)
    strike = parse_record(types.strike, decision["strike"])
    adapter("novuss").game.validate_strike(parsed, strike)  # raises on an illegal stroke
    assert decision["intent"] and decision["explanation"]["key"].startswith("ai.novuss.")


@pytest.mark.slow
def test_a_worker_decides_as_the_thread_does_busy_and_time_cap() -> None:
    position = _opening("novuss")
    _legal(decide_json("novuss", "beginner", 0.2, position, [4, 0, 7]), position)
    work = AIWork(1, timeout_s=120)
    try:
        (pid,) = work.warm(["novuss"])
        _legal(work.decide("novuss", "beginner", 0.2, position, [4, 0, 7]), position)
        with ThreadPoolExecutor(2) as pool:
            args = ("novuss", "beginner", 1.0, position, [4, 0, 7])
            jobs = [pool.submit(work.decide, *args) for _ in range(2)]
            errors = [j.exception() for j in jobs]
        assert sum(isinstance(e, AIBusyError) for e in errors) == 1 and errors.count(None) == 1
        work.timeout_s = 0.05  # a 1 s search against a 0.05 s cap
        with pytest.raises(AITimeoutError, match=r"cap of 0\.05 s"):
            work.decide("novuss", "beginner", 1.0, position, [4, 0, 7])
        work.timeout_s = 120
        (replacement,) = work.warm(["novuss"])
        assert replacement != pid
        _legal(work.decide("novuss", "beginner", 0.2, position, [4, 0, 7]), position)
    finally:
        work.close()


@pytest.mark.slow
def test_a_worker_over_its_memory_cap_fails_the_turn() -> None:
    work = AIWork(1, memory_mb=256, timeout_s=120)
    try:
        with pytest.raises(AIFailedError, match=r"failed in its worker|memory cap"):
            work.decide("novuss", "beginner", 0.2, _opening("novuss"), [4, 0, 7])
    finally:
        work.close()


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="memory_mb >= 256"):
        AIWork(1, memory_mb=10)
    assert AIWork(0).decide("novuss", "beginner", 0.05, _opening("novuss"), [1, 0, 7])["strike"] is not None
