"""Snooker statistics of a kept match and of a match played on the table, against hand-counted
figures (pot success, long pots, safeties, breaks of 25 or more, fouls by kind)."""

from __future__ import annotations

from typing import Any

import pytest

from cueboard.app.stats import match_stats, stats_csv
from cueboard.app.stats_snooker import snooker_stats
from cueboard.games.snooker import Scoreboard
from cueboard.games.snooker.declaration import SnookerDeclaration
from cueboard.games.snooker.match import new_position
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.games.snooker.ruling import SnookerRuling
from cueboard.records.base import PieceState
from cueboard.records.match import MatchHeader, MatchRecord, PlayerInfo, ShotEntry


class Kept:
    """A scorer's session: the board and each stroke's mark."""

    def __init__(self, **settings: Any) -> None:
        self.board = Scoreboard(players=("Ann", "Bob"), settings=settings)
        self.marks: list[dict[str, Any] | None] = []

    def stroke(self, mark: dict[str, Any] | None = None, **report: Any) -> None:
        self.board.stroke(**report)
        self.marks.append(mark)

    def choose(self, choice: str) -> None:
        self.board.choose(choice)
        self.marks.append(None)

    def stats(self) -> list[dict[str, Any]]:
        return snooker_stats(self.board.match_record(), self.marks)["players"]


def _frame() -> Kept:
    """Ann: red-black four times and a red (a break of 33, WPBSA S3 R1 values), then misses a long
    pink; Bob plays a safety; Ann hits the pink first with a red on (a foul of 6, S3 R12) and Bob,
    asked to play on, pots a red."""
    kept = Kept(reds=6)
    for _ in range(4):
        kept.stroke(potted=["red"])
        kept.stroke(nominated="black", potted=["black"])
    kept.stroke(potted=["red"])
    kept.stroke({"shot": "pot", "long": True}, nominated="pink")
    kept.stroke({"shot": "safety"})
    kept.stroke(first="pink")
    kept.choose("play")
    kept.stroke(potted=["red"])
    return kept


def test_a_kept_frame_counted_by_hand() -> None:
    ann, bob = _frame().stats()
    assert (ann["name"], bob["name"]) == ("Ann", "Bob")
    # 9 pots and the missed pink: 10 attempts; the foul stroke is no attempt
    assert ann["pot"] == {"attempts": 10, "pots": 9, "success": 0.9}
    assert ann["per_colour"]["red"] == {"attempts": 5, "pots": 5, "success": 1.0}
    assert ann["per_colour"]["black"] == {"attempts": 4, "pots": 4, "success": 1.0}
    assert ann["per_colour"]["pink"] == {"attempts": 1, "pots": 0, "success": 0.0}
    assert ann["per_colour"]["blue"] == {"attempts": 0, "pots": 0, "success": None}
    assert ann["long_pot"] == {"attempts": 1, "pots": 0, "success": 0.0}
    assert ann["breaks"] == [33] and ann["highest_break"] == 33
    assert (ann["breaks_50"], ann["breaks_100"]) == (0, 0)
    assert ann["fouls"] == {"first_contact_not_on": 1} and ann["foul_points_given"] == 6
    assert ann["balls_potted"] == 9 and ann["points"] == 33 and ann["strokes"] == 11
    # Bob's safety left Ann to foul: a successful safety; his red is a break of 1, not listed
    assert bob["safety"] == {"attempts": 1, "successful": 1, "success": 1.0}
    assert bob["pot"] == {"attempts": 1, "pots": 1, "success": 1.0}
    assert bob["breaks"] == [] and bob["highest_break"] == 1 and bob["fouls"] == {}


def test_breaks_listed_from_25_and_counted_over_50_and_100() -> None:
    """15 reds: Ann 13 reds each with the black (104) and a missed red; Bob the last 2 reds with
    the black (16) and a missed yellow."""
    kept = Kept()
    for _ in range(13):
        kept.stroke(potted=["red"])
        kept.stroke(nominated="black", potted=["black"])
    kept.stroke()  # a missed red: the break of 104 ends
    for _ in range(2):
        kept.stroke(potted=["red"])
        kept.stroke(nominated="black", potted=["black"])
    kept.stroke()  # Bob misses the yellow: 16 points, below 25: not listed
    ann, bob = kept.stats()
    assert ann["breaks"] == [104] and (ann["breaks_50"], ann["breaks_100"]) == (1, 1)
    assert bob["breaks"] == [] and bob["highest_break"] == 16


def test_a_break_ends_with_its_frame() -> None:
    """Ann 8 (red, black), Bob concedes; next frame Bob misses, Ann 8 again: two breaks of 8."""
    kept = Kept(reds=6, best_of=3)
    kept.stroke(potted=["red"])
    kept.stroke(nominated="black", potted=["black"])
    kept.board.concede()
    kept.marks.append(None)
    kept.board.next_frame()
    kept.stroke()
    kept.stroke(potted=["red"])
    kept.stroke(nominated="black", potted=["black"])
    ann, _ = kept.stats()
    assert ann["highest_break"] == 8 and ann["pot"]["pots"] == 4


def test_csv_names_nested_figures() -> None:
    lines = stats_csv(match_stats(_frame().board.match_record(), _frame().marks)).split("\r\n")
    assert "snooker,0,Ann,pot.success,0.9" in lines
    assert "snooker,0,Ann,per_colour.black.pots,4" in lines
    assert "snooker,0,Ann,breaks,33" in lines
    assert "snooker,1,Bob,safety.success,1.0" in lines
    assert "snooker,0,Ann,per_colour.blue.success," in lines


def test_marks_must_match_the_shots() -> None:
    kept = _frame()
    with pytest.raises(ValueError, match="one mark"):
        snooker_stats(kept.board.match_record(), kept.marks[:-1])


def _placed(white: tuple[float, float], red: tuple[float, float], black: tuple[float, float] | None):
    """The full rack's position with one red left at ``red``, the cue ball at ``white`` (not in
    hand) and, if given, the black moved to ``black``; Bob to play the red."""
    start = new_position({})
    pieces = []
    for p in start.pieces:
        if p.id == "white":
            p = p.model_copy(update={"x": white[0], "y": white[1], "state": PieceState.ON_TABLE})
        elif p.id == "red1":
            p = p.model_copy(update={"x": red[0], "y": red[1]})
        elif p.id.startswith("red"):
            p = p.model_copy(update={"state": PieceState.POCKETED})
        elif p.id == "black" and black is not None:
            p = p.model_copy(update={"x": black[0], "y": black[1]})
        pieces.append(p)
    return start.model_copy(update={"pieces": tuple(pieces), "in_hand": False, "to_move": 1})


def _played(after_first):
    """Ann's stroke that pots nothing, leaving ``after_first``; Bob pots the red."""
    header = MatchHeader(game="snooker", settings=new_position({}).rules.model_dump(mode="json"),
                         players=(PlayerInfo(seat=0, name="Ann"), PlayerInfo(seat=1, name="Bob")))
    shots = [
        ShotEntry(index=0, player=0, declaration=SnookerDeclaration(),
                  outcome=SnookerOutcome(first_contacts=("red2",)),
                  ruling=SnookerRuling(striker=0, next_player=1), position_after=after_first),
        ShotEntry(index=1, player=1, declaration=SnookerDeclaration(),
                  outcome=SnookerOutcome(first_contacts=("red1",), potted=(("red1", "pocket"),)),
                  ruling=SnookerRuling(striker=1, points=1, scored=("red1",), break_points=1),
                  position_after=after_first),
    ]
    return MatchRecord(header=header, shots=shots)


def test_a_played_match_measures_long_pots_and_judges_safeties_on_the_table() -> None:
    """Cue ball and red 2.3 m apart: more than half the 3.569 m table (a long pot). Open: Ann's
    stroke was a missed pot; with the black midway on the line, Bob is snookered: a safety."""
    open_table = _placed((0.5, 0.3), (0.5, 2.6), None)
    ann, bob = snooker_stats(_played(open_table))["players"]
    assert bob["long_pot"] == {"attempts": 1, "pots": 1, "success": 1.0}
    assert ann["pot"] == {"attempts": 1, "pots": 0, "success": 0.0} and ann["safety"]["attempts"] == 0
    near = _placed((0.5, 1.6), (0.5, 2.6), None)
    assert snooker_stats(_played(near))["players"][1]["long_pot"]["attempts"] == 0
    snookered = _placed((0.5, 0.3), (0.5, 2.6), (0.5, 1.45))
    ann, bob = snooker_stats(_played(snookered))["players"]
    assert ann["safety"] == {"attempts": 1, "successful": 0, "success": 0.0}
    assert ann["pot"]["attempts"] == 0
