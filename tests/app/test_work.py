"""The AI's worker processes (cueboard/app/work.py): a search in a worker comes back as a legal
decision for the position sent (as the server's thread would decide: the search is timed, so not
bit for bit the same stroke); a second search while the only worker is busy is refused at once; a
worker killed (``kill -9``) during a turn is replaced and the turn still plays; a search that hangs
is killed at the turn's deadline, retried once in a fresh worker, then answered with "the computer
could not move — retry"; shutting down with a search in flight ends within 5 s; and a worker under
a memory cap too small for it fails the turn with a clear error — never the server."""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import ai_stand_ins
import pytest
from acting import act, version
from fastapi.testclient import TestClient

from cueboard.app.games import adapter
from cueboard.app.work import (
    DEADLINE_FACTOR,
    DEADLINE_GRACE_S,
    AIBusyError,
    AIFailedError,
    AIUnavailableError,
    AIWork,
    AIWorkError,
    decide_json,
)
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
def test_a_worker_decides_as_the_thread_does_and_a_second_turn_is_refused_while_busy() -> None:
    position = _opening("novuss")
    _legal(decide_json("novuss", "beginner", 0.2, position, [4, 0, 7]), position)
    work = AIWork(1, timeout_s=120)
    try:
        work.warm(["novuss"])
        _legal(work.decide("novuss", "beginner", 0.2, position, [4, 0, 7]), position)
        with ThreadPoolExecutor(2) as pool:
            args = ("novuss", "beginner", 1.0, position, [4, 0, 7])
            jobs = [pool.submit(work.decide, *args) for _ in range(2)]
            errors = [j.exception() for j in jobs]
        assert sum(isinstance(e, AIBusyError) for e in errors) == 1 and errors.count(None) == 1
    finally:
        work.close()


@pytest.mark.slow
def test_a_worker_killed_during_a_turn_is_replaced_and_the_turns_still_play() -> None:
    position = _opening("novuss")
    work = AIWork(1, timeout_s=120)
    try:
        (pid,) = work.warm(["novuss"])
        killer = threading.Timer(0.3, os.kill, (pid, signal.SIGKILL))
        killer.start()
        t0 = time.monotonic()
        _legal(work.decide("novuss", "beginner", 1.0, position, [4, 0, 7]), position)  # retried
        killer.join()
        assert work.replaced == 1 and work.pids()[0] not in (None, pid)
        assert time.monotonic() - t0 < work.deadline_s(1.0, cold=True)
        _legal(work.decide("novuss", "beginner", 0.2, position, [5, 0, 7]), position)  # the next turn
        assert work.replaced == 1
    finally:
        work.close()


def test_a_hanging_search_passes_its_deadline_is_retried_once_then_the_turn_is_refused() -> None:
    work = AIWork(1, timeout_s=0.5, cold_start_s=2.0, search=ai_stand_ins.hang)
    try:
        assert work.deadline_s(0.05) == 0.5 and work.deadline_s(0.05, cold=True) == 2.5
        t0 = time.monotonic()
        with pytest.raises(AIUnavailableError) as err:
            work.decide("novuss", "beginner", 0.05, {}, [1, 0, 7])
        took = time.monotonic() - t0
        assert str(err.value).startswith("the computer could not move — retry")
        assert "passed its 2.5 s deadline" in str(err.value)  # both workers were fresh: cold deadlines
        assert 5.0 <= took < 10.0, took  # two deadlines, then the answer: never a hang
        assert work.replaced == 2 and work.pids() == [None]
    finally:
        work.close()


def test_shutdown_with_a_search_in_flight_ends_within_5_s() -> None:
    work = AIWork(2, timeout_s=600, search=ai_stand_ins.hang)
    with ThreadPoolExecutor(2) as pool:
        turns = [pool.submit(work.decide, "novuss", "beginner", 1.0, {}, [n, 0, 7]) for n in range(2)]
        for _ in range(100):  # both workers started, each inside its search
            if all(work.pids()):
                break
            time.sleep(0.05)
        time.sleep(1.0)
        t0 = time.monotonic()
        work.close()
        errors = [t.exception(timeout=5) for t in turns]
        took = time.monotonic() - t0
    assert took < 5.0, took
    assert all(isinstance(e, AIWorkError) and "stopping" in str(e) for e in errors), errors
    with pytest.raises(AIWorkError, match="stopping"):
        work.decide("novuss", "beginner", 1.0, {}, [1, 0, 7])


def test_the_api_answers_a_turn_the_computer_could_not_play_with_503_and_keeps_the_match(
        client: TestClient) -> None:
    """The table shows the answer's ``detail`` ("Not now: the computer could not move — retry
    ..."), and the match is unchanged: asking again is safe."""
    service = client.app.state.service  # type: ignore[attr-defined]
    service.ai = AIWork(1, timeout_s=0.3, cold_start_s=1.0, search=ai_stand_ins.hang)
    try:
        r = client.post("/api/matches", json={"game": "novuss", "players": [
            {"name": "Hal", "kind": "ai", "level": "beginner"}, {"name": "Ann"}], "seed": 5})
        assert r.status_code == 201, r.text
        mid = r.json()["id"]
        before = version(client, mid)
        r = act(client, "POST", f"/api/matches/{mid}/ai")
        assert r.status_code == 503 and r.headers["retry-after"] == "1", r.text
        assert "the computer could not move — retry" in r.json()["detail"]
        assert version(client, mid) == before
    finally:
        service.ai.close()


@pytest.mark.slow
def test_a_worker_over_its_memory_cap_fails_the_turn() -> None:
    work = AIWork(1, memory_mb=256, timeout_s=120)
    try:
        with pytest.raises(AIFailedError, match=r"failed in its worker|memory cap"):
            work.decide("novuss", "beginner", 0.2, _opening("novuss"), [4, 0, 7])
        assert work.replaced == 0  # a failure in the search is answered, not retried
    finally:
        work.close()


def test_settings_and_the_deadline_are_checked() -> None:
    with pytest.raises(ValueError, match="memory_mb >= 256"):
        AIWork(1, memory_mb=10)
    work = AIWork(1, timeout_s=60.0, cold_start_s=30.0)
    assert work.deadline_s(1.0) == DEADLINE_FACTOR * 1.0 + DEADLINE_GRACE_S == 9.0
    assert work.deadline_s(100.0) == 60.0  # capped by --ai-timeout
    assert work.deadline_s(1.0, cold=True) == 39.0
    assert AIWork(0).decide("novuss", "beginner", 0.05, _opening("novuss"), [1, 0, 7])["strike"] is not None
