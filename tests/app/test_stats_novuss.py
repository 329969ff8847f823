"""Novuss statistics of a kept game, against hand-counted pucks per turn and fouls (LNF rules:
a player who drops an own disc legally strikes again; the penalty cases 1-6)."""

from __future__ import annotations

from cueboard.app.stats import match_stats, stats_csv
from cueboard.games.novuss.scoreboard import Scoreboard, parse_report


def _game() -> Scoreboard:
    """Ann drops 1, then 2, then nothing (turn 1: 3 pucks); Bob first touches Ann's disc (cases 1
    and 2, all his discs on the table: a debt); Ann drops 1 and 1 and then touches no disc (case
    1: turn 2, 2 pucks); Bob's striker drops with one of his discs (case 3, still all of his own
    on the table before: a debt again)."""
    board = Scoreboard(names=("Ann", "Bob"))
    for line in ("pot=1", "pot=2", "direct own", "opp", "pot=1", "rebound own opposite pot=1",
                 "none", "striker-pot pot=1"):
        board.record(parse_report(line))
    return board


def test_pucks_per_turn_and_fouls_counted_by_hand() -> None:
    ann, bob = match_stats(_game().match_record())["players"]
    assert (ann["name"], ann["strokes"], ann["turns"]) == ("Ann", 6, 2)
    assert ann["pucks"] == 5 and ann["pucks_per_turn"] == 2.5 and ann["most_pucks_in_turn"] == 3
    assert ann["fouls"] == 1 and ann["fouls_by_case"] == {"1": 1} and ann["debt_added"] == 0
    assert (bob["strokes"], bob["turns"], bob["pucks"], bob["pucks_per_turn"]) == (2, 2, 1, 0.5)
    assert bob["fouls"] == 2 and bob["fouls_by_case"] == {"1": 1, "2": 1, "3": 1}
    assert bob["debt_added"] == 2


def test_csv() -> None:
    lines = stats_csv(match_stats(_game().match_record())).split("\r\n")
    assert "novuss,0,Ann,pucks_per_turn,2.5" in lines
    assert "novuss,2,Bob,fouls_by_case.3,1" in lines
