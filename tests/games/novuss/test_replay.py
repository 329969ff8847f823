"""Replaying a novuss match record through the referee (``cueboard referee``)."""

from __future__ import annotations

import pytest

from cueboard.games.novuss import GAME
from cueboard.games.novuss.scoreboard import Scoreboard, parse_report
from cueboard.games.replay import replay
from cueboard.records.match import MatchRecord, ShotEntry, loads_match


def _game() -> MatchRecord:
    board = Scoreboard(names=["Ann", "Bo"])
    for line in ("pot=2", "own", "none", "opp striker-pot", "pot=1"):
        board.record(parse_report(line))
    record: MatchRecord = loads_match(board.match_record().to_json())
    return record


def test_a_recorded_game_agrees_with_the_referee() -> None:
    steps = replay(_game())
    assert len(steps) == 5
    assert all(step.differences == () for step in steps)
    assert steps[2].ruling.penalty_cases == (1,)  # rules/novuss.md Penalty disc 1


def test_a_changed_ruling_is_reported() -> None:
    record = _game()
    shot = record.shots[1]
    wrong = shot.ruling.model_copy(update={"turn_lost": False, "next_seat": 0})
    record.shots[1] = ShotEntry.model_construct(**{**dict(shot), "ruling": wrong})
    steps = replay(record)
    assert steps[1].differences == (
        "ruling.next_seat: recorded 0, referee 2",
        "ruling.turn_lost: recorded False, referee True",
    )
    assert steps[0].differences == () and steps[2].differences == ()


def test_not_a_novuss_record() -> None:
    record = _game()
    record.header = record.header.model_copy(update={"game": "crokinole"})
    with pytest.raises(ValueError, match="not novuss"):
        replay(record, GAME)
