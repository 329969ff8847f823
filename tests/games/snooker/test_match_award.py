"""A match awarded (WPBSA Section 4 Rule 3, cueboard.games.snooker.match.award_match): the offender
loses the frame in progress — his points in it forfeited, the opponent receiving the value of the
balls left, 8 a red — and besides the unplayed frames needed to complete the match (best of N:
the winner's frames become N // 2 + 1), or, in an aggregate match, each remaining frame 147-0."""

from __future__ import annotations

import pytest

from cueboard.errors import MoveError
from cueboard.games.snooker import award_match, new_position


def test_best_of_7_at_1_1_mid_frame() -> None:
    """Frame 3 of a best of 7 at 1-1, Ann (side 0) 30 points to 12 ahead with every ball still
    on the table: awarded to side 1, Ann's 30 are forfeited, side 1 gets 12 + 147 in the frame,
    and the frames read 1-4."""
    p = new_position({"best_of": 7}).model_copy(update={
        "frames_won": (1, 1), "frame_number": 2, "scores": (30, 12), "aggregate": (140, 95)})
    won = award_match(p, 1)
    assert won.frames_won == (1, 4)
    assert won.scores == (0, 12 + 147)
    assert won.aggregate == (140, 95 + 159)
    assert (won.match_over, won.match_winner, won.frame_over, won.frame_winner) == (True, 1, True, 1)
    assert won.frame_end == "forfeit"


def test_the_side_ahead_in_frames_is_awarded_the_rest() -> None:
    """Best of 5 at 2-0 to side 0: awarded to side 0, it has the 3 frames required (3-0)."""
    p = new_position({"best_of": 5}).model_copy(update={"frames_won": (2, 0), "frame_number": 2})
    assert award_match(p, 0).frames_won == (3, 0)


def test_aggregate_match_forfeits_the_remaining_frames_147_0() -> None:
    """An aggregate match over 4 frames, awarded during frame 2 (0-based 1): the frame in
    progress gives the opponent the balls left (147 at the break-off) and the two unplayed
    frames 147 each."""
    p = new_position({"aggregate_frames": 4}).model_copy(update={"frame_number": 1, "aggregate": (80, 60)})
    won = award_match(p, 0)
    assert won.aggregate == (80 + 147 + 2 * 147, 60)
    assert (won.match_over, won.match_winner) == (True, 0)


def test_a_finished_match_or_a_third_side_is_refused() -> None:
    p = new_position({"best_of": 3})
    with pytest.raises(MoveError, match="side 0 or 1, not 2"):
        award_match(p, 2)
    with pytest.raises(MoveError, match="the match is over"):
        award_match(award_match(p, 0), 1)
