"""Scoreboard mode (docs/rules/novuss.md#scoreboard): reports in words -> facts -> rulings."""

from __future__ import annotations

import pytest

from cueboard.games.novuss.records import FirstContact, StrokeKind
from cueboard.games.novuss.scoreboard import ReportError, Scoreboard, parse_report, report_to_outcome
from cueboard.records.match import loads_match


def test_parse_report_words() -> None:
    r = parse_report("rebound own opposite pot=2")
    assert r.stroke is StrokeKind.REBOUND and r.first_contact is FirstContact.OWN
    assert r.opposite_rail and r.own_pocketed == 2
    r = parse_report("none")
    assert r.first_contact is FirstContact.NONE and r.own_touched is False
    r = parse_report("opp striker-pot opp-over=1")
    assert r.first_contact is FirstContact.OPPONENT and r.striker_pocketed and r.opponent_off_table == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pot", "unknown word 'pot'"),
        ("pot=x", "needs a whole number"),
        ("dark=1 dark-pot=2", "exceeds dark_hit"),
    ],
)
def test_parse_report_refuses_bad_words(text: str, message: str) -> None:
    with pytest.raises(ReportError, match=message):
        parse_report(text)


def test_report_to_outcome_picks_discs_in_number_order() -> None:
    board = Scoreboard()
    outcome = report_to_outcome(board.position, parse_report("pot=2 opp-pot=1 over=1"))
    assert outcome.pocketed == (("w1", "pocket"), ("w2", "pocket"), ("b1", "pocket"))
    assert outcome.off_table == ("w3",)
    # the set-up is known: white discs at the top are light for seat 0, none is dark
    assert outcome.had_light and not outcome.had_dark


def test_report_with_too_many_discs_is_refused() -> None:
    board = Scoreboard()
    board.record(parse_report("pot=6"))
    with pytest.raises(ReportError, match=r"moves 3 own discs .* has 2 on the table"):
        board.record(parse_report("pot=3"))
    assert len(board.entries) == 1


def test_a_game_to_the_end_with_undo_and_a_match_record() -> None:
    # rules/novuss.md: potting lets a player strike again; a miss passes the turn; a direct stroke
    # touching nothing is penalty case 1 (debt with all 8 on the table); the debt is paid at the
    # next pocketing; all 8 pocketed wins.
    board = Scoreboard(names=["Ann", "Bo"])
    assert board.record(parse_report("pot=3")).next_seat == 0
    assert board.record(parse_report("own")).next_seat == 2
    ruling = board.record(parse_report("none"))
    assert ruling.penalty_cases == (1,) and board.position.debt == (0, 1)
    assert board.undo() == ruling and board.position.debt == (0, 0) and board.position.to_move == 2
    board.record(parse_report("none"))
    board.record(parse_report("pot=4"))
    assert board.record(parse_report("own")).next_seat == 2
    ruling = board.record(parse_report("pot=5"))
    assert len(ruling.debt_paid) == 1 and not ruling.turn_lost  # the debt is paid, he strikes again
    assert board.position.debt == (0, 0) and board.position.pocketed == (7, 4)
    board.record(parse_report("own"))
    ruling = board.record(parse_report("pot=1"))
    assert ruling.winner == 0 and board.over and board.position.pocketed == (8, 4)
    assert board.state()["winner"] == 0 and board.state()["sides"][0]["players"] == ["Ann"]
    record = loads_match(board.match_record().to_json())
    assert record.header.game == "novuss" and len(record.shots) == 8
    assert record.shots[-1].ruling.winner == 0  # type: ignore[attr-defined]


def test_four_player_names() -> None:
    board = Scoreboard(players=4, names=["A", "B", "C", "D"])
    board.record(parse_report("own"))
    assert board.state()["to_move_name"] == "B"
    with pytest.raises(ValueError, match="4 player names needed"):
        Scoreboard(players=4, names=["A", "B"])
