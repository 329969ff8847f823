"""The shot clock's time foul (cueboard/app/online/clock.py): not a WPBSA rule but the World
Snooker Shoot-Out's — "Failure to commence a stroke within the allotted time will result in a time
foul": five points to the opponent, and the incoming player plays (no option of asking the
offender to play again, no free ball)."""

from __future__ import annotations

import numpy as np

from cueboard.games.snooker import GAME, ManualFoul, SnookerDeclaration, SnookerOutcome

TIME = SnookerOutcome(stroke=False, manual_fouls=(ManualFoul.TIME_FOUL,))



def test_time_foul_is_five_points_and_the_opponent_plays_without_a_choice() -> None:
    position = GAME.new_position({}, seed=3)
    after, ruling = GAME.apply(position, SnookerDeclaration(), TIME, np.random.default_rng(0))
    assert ruling.foul and ruling.penalty == 5 and ruling.penalty_to == 1
    assert [f.reason for f in ruling.fouls] == ["time_foul"]
    assert after.scores == (0, 5) and after.to_move == 1
    assert after.pending == () and ruling.choices == () and not ruling.free_ball
    # whatever the ball on is worth: five, not the WPBSA's minimum of four
    assert ruling.ball_on == "red"


def test_time_foul_while_choosing_after_a_foul_plays_on_and_fouls() -> None:
    position = GAME.new_position({}, seed=3)
    fouled, _ = GAME.apply(position, SnookerDeclaration(), SnookerOutcome(
        stroke=False, manual_fouls=(ManualFoul.FEET_OFF_FLOOR,)), np.random.default_rng(0))
    assert fouled.pending == ("play", "put_back") and fouled.to_move == 1
    after, ruling = GAME.apply(fouled, SnookerDeclaration(), TIME, np.random.default_rng(1))
    assert ruling.penalty == 5 and ruling.penalty_to == 0
    assert fouled.scores == (0, 4)  # the first foul: the value of the ball on, at least four
    assert after.scores == (5, 4) and after.to_move == 0 and after.pending == ()
