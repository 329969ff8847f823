"""Scoreboard mode: the referee fed by hand through the Python API and the text reports."""

from __future__ import annotations

import pytest

from cueboard.games.snooker.position import SnookerInputError
from cueboard.games.snooker.scoreboard import ReportError, Scoreboard, parse_report
from cueboard.records.match import loads_match


def test_break_and_foul_and_choice() -> None:
    board = Scoreboard(players=("Ann", "Bo"))
    r = board.stroke(potted=["red"])
    assert (r.points, board.scores, board.position.ball_on) == (1, (1, 0), "colour")
    r = board.stroke(nominated="black", potted=["black"])
    assert (r.points, board.scores, r.break_points) == (7, (8, 0), 8)
    r = board.stroke(first="pink")  # S3 R12(b): pink hit first with a red on: 6
    assert r.foul and r.penalty == 6 and board.scores == (8, 6)
    assert board.choices == ("play", "put_back", "replace")  # automatic miss (professional)
    r = board.choose("put_back")
    assert board.striker == 0 and board.choices == ()


def test_two_reds_in_one_stroke_are_distinct() -> None:
    board = Scoreboard()
    r = board.stroke(potted=["red", "red"])
    assert r.points == 2 and len(set(r.scored)) == 2
    assert board.summary()["reds"] == 13


def test_colour_on_needs_a_first_contact_or_nomination() -> None:
    board = Scoreboard()
    board.stroke(potted=["red"])
    with pytest.raises(SnookerInputError, match="which colour"):
        board.stroke()


def test_summary_and_statistics() -> None:
    board = Scoreboard(players=("Ann", "Bo"), best_of=3)
    board.stroke(potted=["red"])
    s = board.summary()
    assert s["points_remaining"] == 146  # 14 x 8 + 7 owed + 27
    assert s["match"] == "frames 0-0"
    assert s["break"] == 1 and s["highest_break"] == [1, 0]


def test_undo_restores_the_position() -> None:
    board = Scoreboard()
    board.stroke(potted=["red"])
    board.stroke(nominated="blue", potted=["blue"])
    board.undo()
    assert board.scores == (1, 0) and board.position.ball_on == "colour"
    board.undo()
    assert board.scores == (0, 0)
    with pytest.raises(SnookerInputError):
        board.undo()


def test_frames_and_break_off_alternates() -> None:
    board = Scoreboard(best_of=3)
    board.concede()  # seat 0 concedes frame 1
    assert board.position.frames_won == (0, 1)
    board.next_frame()
    assert board.striker == 1 and board.position.in_hand and board.scores == (0, 0)
    board.concede()  # seat 1 concedes frame 2
    board.next_frame()
    assert board.striker == 0
    board.concede()
    assert board.position.match_over and board.position.match_winner == 1


def test_match_record_round_trip() -> None:
    board = Scoreboard(players=("Ann", "Bo"), seed=3)
    board.stroke(potted=["red"])
    board.stroke(nothing=True)
    board.choose("play")
    record = loads_match(board.match_record().to_jsonl())
    assert [s.index for s in record.shots] == [0, 1, 2]
    assert record.shots[1].ruling.model_dump()["foul"] is True


@pytest.mark.parametrize(
    ("line", "parsed"),
    [
        ("pot red red", {"potted": ["red", "red"]}),
        ("nom black pot black", {"nominated": "black", "potted": ["black"]}),
        ("hit blue+pink", {"first": ["blue", "pink"]}),
        ("pot white", {"potted": ["white"]}),
        ("nothing miss", {"nothing": True, "miss": True}),
        ("foul feet push", {"fouls": ["feet_off_floor", "push_stroke"]}),
        ("free green pot green", {"free_ball": "green", "potted": ["green"]}),
        ("safe", {}),
        ("putback", {"action": "choose", "choice": "put_back"}),
        ("forfeit 1", {"action": "forfeit", "value": 1}),
        ("concede", {"action": "concede"}),
        (
            "nostroke foul touched:black",
            {"stroke": False, "fouls": ["touched_ball"], "concerned": {"touched_ball": "black"}},
        ),
        ("by 1 hit red", {"striker": 1, "first": ["red"]}),
        ("pot red fell brown", {"potted": ["red"], "fell": ["brown"]}),
        (
            "pot white fell red involved fellfoul",
            {"potted": ["white"], "fell": ["red"], "fell_involved": True, "fell_caused_foul": True},
        ),
        ("nostroke replaced blue", {"stroke": False, "moved_by_other": ["blue"]}),
    ],
)
def test_parse_report(line: str, parsed: dict[str, object]) -> None:
    assert parse_report(line) == parsed


@pytest.mark.parametrize(
    "line",
    [
        "",
        "pot purple",
        "foul sneeze",
        "forfeit",
        "nom red",
        "banana",
        "foul",
        "pot",
        "hit pot red",
        "by red",
        "foul touched:purple",
        "by",
        "fell",
    ],
)
def test_parse_report_refuses(line: str) -> None:
    with pytest.raises(ReportError):
        parse_report(line)


def test_reported_facts_through_the_scoreboard() -> None:
    """The words of docs/rules/snooker.md "Reported facts" reach the referee (scoreboard mode)."""
    board = Scoreboard()
    r = board.stroke(**parse_report("nostroke foul touched:black"))  # S3 R11, R12(b): 7, no miss
    assert (r.foul, r.penalty, r.miss, r.choices) == (True, 7, False, ("play", "put_back"))
    board.choose("play")
    r = board.stroke(**parse_report("by 0 hit red pot red"))  # seat 1 due, seat 0 struck: 12.3
    assert (r.foul_reason, r.striker, r.penalty_to, r.scores) == ("played_out_of_turn", 0, 1, (0, 11))
    board.choose("play")
    r = board.stroke(**parse_report("nostroke replaced pink"))  # S3 R15: no penalty, same seat
    assert (r.foul, r.scores, r.next_player) == (False, (0, 11), 1)
    r = board.forfeit(0)  # S4 R3(b): 15 x 8 + 27, one red off: 14 x 8 + 27 = 139
    assert (r.balls_left_value, r.scores) == (139, (0, 150))
