"""Scoreboard mode (rules/crokinole.md Scoring and game; seed 003 "Ghi điểm" and "Chiến thắng")
and replaying a kept game from its match record."""

from __future__ import annotations

import pytest

from cueboard.games.crokinole.errors import CrokinoleError
from cueboard.games.crokinole.scoreboard import Scoreboard, zone_count
from cueboard.games.replay import replay
from cueboard.records import loads_match


def test_seed_game_to_100() -> None:
    board = Scoreboard(names=["Ann", "Bo"])
    r1 = board.enter_round([1, 3, 2, 0], [0, 2, 4, 1])  # 85 against 75
    assert (r1.totals, r1.points, r1.scores_after) == ((85, 75), (10, 0), (10, 0))
    assert board.position.round_starter == 2  # the player to the left starts round 2
    r2 = board.enter_round({"fifteens": 1}, {"twenties": 2, "tens": 3})  # 15 against 70
    assert (r2.points, r2.scores_after) == ((0, 55), (10, 55))
    assert not board.over
    board.enter_round([0, 0, 0, 0], [2, 1, 0, 0])  # 0 against 55: Bo 110
    assert board.over and board.winner == 1
    assert board.side_name(1) == "Bo"
    with pytest.raises(CrokinoleError, match="game is over"):
        board.enter_round([0, 0, 0, 0], [0, 0, 0, 0])


def test_tournament_partnerships() -> None:
    board = Scoreboard({"variant": "tournament", "players": 4}, starter=1, names=["A", "B", "C", "D"])
    assert board.side_name(0) == "A & C" and board.side_name(1) == "B & D"
    results = [board.enter_round(a, b) for a, b in [
        ([0, 2, 0, 0], [0, 1, 1, 0]),  # 30-25: 2-0
        ([0, 1, 0, 0], [0, 1, 0, 0]),  # tie: 1-1
        ([0, 0, 0, 1], [1, 0, 0, 0]),  # 5-20: 0-2
        ([0, 0, 1, 0], [0, 0, 0, 2]),  # 10-10: 1-1
    ]]
    assert [r.points for r in results] == [(2, 0), (1, 1), (0, 2), (1, 1)]
    assert [r.starter for r in results] == [1, 2, 3, 0]
    assert board.over and board.winner is None and board.position.scores == (4, 4)


def test_bad_counts_are_refused() -> None:
    board = Scoreboard()
    with pytest.raises(CrokinoleError, match="has only 12"):
        board.enter_round([0, 13, 0, 0], [0, 0, 0, 0])
    with pytest.raises(CrokinoleError, match="four numbers"):
        zone_count([1, 2, 3])
    with pytest.raises(CrokinoleError, match="not a count"):
        zone_count([1, -2, 3, 0])
    with pytest.raises(CrokinoleError, match="names"):
        Scoreboard(names=["only one"])
    assert board.position.round == 1  # nothing was scored


def test_kept_game_replays_without_differences() -> None:
    board = Scoreboard(starter=2)
    board.enter_round([0, 1, 0, 0], [0, 0, 1, 0])
    board.enter_round([1, 0, 0, 0], [0, 0, 0, 0])
    record = loads_match(board.match_record().to_jsonl())
    steps = replay(record)
    assert [s.differences for s in steps] == [(), ()]
    assert steps[-1].position.scores == (25, 0)


def test_replay_reports_a_wrong_ruling() -> None:
    board = Scoreboard()
    board.enter_round([0, 1, 0, 0], [0, 0, 1, 0])
    data = board.match_record().to_json()
    tampered = data.replace('"points": [\n            5,', '"points": [\n            50,', 1)
    assert tampered != data
    steps = replay(loads_match(tampered))
    assert steps[0].differences == ("ruling.round_result.points: recorded [50, 0], referee [5, 0]",)


def test_undo_takes_back_the_last_round() -> None:
    board = Scoreboard()
    board.enter_round([0, 1, 0, 0], [0, 0, 1, 0])
    board.enter_round([0, 0, 0, 0], [1, 0, 0, 0])
    assert board.position.scores == (5, 20)
    assert board.undo().points == (0, 20)
    assert board.position.scores == (5, 0) and board.position.round == 2 and len(board.entries) == 1
    board.undo()
    assert board.position == board.start
    with pytest.raises(CrokinoleError, match="no round"):
        board.undo()
