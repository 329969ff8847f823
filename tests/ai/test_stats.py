"""Frame statistics (cueboard/ai/stats.py): which pots are long (the object ball over
1.5 m from the pocket, or the cue ball over 1.5 m from the object ball)."""

from __future__ import annotations

import pytest

from cueboard.ai.snooker.stats import LONG_POT, is_long_pot
from tests.ai.test_snooker_decisions import with_balls

# pocket centres (cueboard.games.snooker.STANDARD_TABLE): top-left (-0.889, 3.569),
# bottom-right (0.889, 0.0)


@pytest.mark.parametrize(
    ("white", "red", "pocket", "long"),
    [
        ((-0.5, 3.0), (-0.7, 3.3), "top-left", False),  # both short
        ((-0.5, 1.0), (-0.7, 3.3), "top-left", True),  # cue ball 2.3 m from the red
        ((-0.7, 3.0), (-0.7, 2.8), "bottom-right", True),  # the red 3.1 m from its pocket
        ((-0.7, 2.2), (-0.7, 2.2 + 0.3), "top-left", False),  # 1.08 m from the pocket, 0.3 m apart
    ],
)
def test_long_pots_by_either_distance(white: tuple[float, float], red: tuple[float, float], pocket: str,
                                      long: bool) -> None:
    pos = with_balls({"white": white, "red1": red}, ball_on="red")
    assert is_long_pot(pos, f"pot red1 into {pocket} (stun, x1.3)") is long
    # a variation's label names the same pot
    assert is_long_pot(pos, f"pot red1 into {pocket} (stun, x1.3) varied (x1.06 speed)") is long


def test_the_threshold_and_labels_that_are_not_pots() -> None:
    assert LONG_POT == 1.5
    # the red 1.499 m / 1.501 m from the top-left pocket's centre along its diagonal, the cue
    # ball 0.1 m behind it
    k = 0.5**0.5
    for gap, long in ((1.499, False), (1.501, True)):
        red = (-0.889 + gap * k, 3.569 - gap * k)
        white = (red[0] + 0.1 * k, red[1] - 0.1 * k)
        pos = with_balls({"white": white, "red1": red}, ball_on="red")
        assert is_long_pot(pos, "pot red1 into top-left (roll, x1)") is long
    far = with_balls({"white": (0.0, 0.5), "red1": (0.0, 2.5)}, ball_on="red")
    assert is_long_pot(far, "pot red1 into top-left (roll, x1)")
    assert not is_long_pot(far, "safety on red (middle of a 4.5° window) at 1.2 m/s")
    assert not is_long_pot(far, "pot red9 into top-left (roll, x1)")  # no such ball on the table
