"""The geometric questions of the snooker rules, against positions with known answers
(S2 D16 snookered, S2 D17 spot occupied, S3 R7 respotting, S3 R8 touching, S3 R14 full ball /
clear path / impossible to hit). Millimetres in the set-ups, metres in the calls."""

from __future__ import annotations

import pytest

from cueboard.games.snooker import geometry as g

MM = 0.001


def lay(**balls: tuple[float, float]) -> dict[str, tuple[float, float]]:
    return {k: (x * MM, y * MM) for k, (x, y) in balls.items()}


def at(x: float, y: float) -> tuple[float, float]:
    return (x * MM, y * MM)


def test_straight_line_open() -> None:
    layout = lay(white=(0, 1000), red1=(0, 2000))
    assert not g.is_snookered(at(0, 1000), ["red1"], layout)
    assert g.full_ball_visible(at(0, 1000), ["red1"], layout)
    assert g.clear_path(at(0, 1000), ["red1"], layout)


def test_ball_dead_in_line_snookers() -> None:
    # S2 D16: the pink halfway on the line hides the whole red.
    layout = lay(white=(0, 1000), red1=(0, 2000), pink=(0, 1500))
    assert g.is_snookered(at(0, 1000), ["red1"], layout)
    assert not g.clear_path(at(0, 1000), ["red1"], layout)
    assert g.snooker_test(at(0, 1000), ["red1"], layout).effective == "pink"


def test_one_edge_hidden_is_snookered_but_part_visible() -> None:
    # S2 D16: both extreme edges must be hittable. A ball 40 mm off the line at halfway hides the
    # right edge (path ~26 mm right there) and the full-ball line (40 < 52.5) but not the left edge
    # (path ~26 mm left: 66 mm away).
    layout = lay(white=(0, 1000), red1=(0, 2000), blue=(40, 1500))
    assert g.is_snookered(at(0, 1000), ["red1"], layout)
    assert g.clear_path(at(0, 1000), ["red1"], layout)
    assert not g.full_ball_visible(at(0, 1000), ["red1"], layout)


def test_other_balls_on_never_snooker() -> None:
    # S2 D16: a red between the cue ball and another red does not snooker (reds on).
    layout = lay(white=(0, 1000), red1=(0, 2000), red2=(0, 1500))
    assert not g.is_snookered(at(0, 1000), ["red1", "red2"], layout)


def test_snookered_needs_every_ball_on() -> None:
    layout = lay(white=(0, 1000), red1=(0, 2000), pink=(0, 1500), red2=(600, 1800))
    assert not g.is_snookered(at(0, 1000), ["red1", "red2"], layout)


def test_cushion_does_not_snooker() -> None:
    # S2 D16: the cue ball frozen to the side cushion with a clear line is not snookered.
    layout = lay(white=(862.75, 1000), red1=(600, 2000))
    assert not g.is_snookered(at(862.75, 1000), ["red1"], layout)


def test_nearest_obstruction_is_effective() -> None:
    # S2 D16(a): snookered by two balls in line, the nearer one is the effective snookering ball.
    layout = lay(white=(0, 1000), red1=(0, 2500), blue=(0, 1300), pink=(0, 2000))
    assert g.snooker_test(at(0, 1000), ["red1"], layout).effective == "blue"


def test_different_snookering_balls_no_effective() -> None:
    # S2 D16: reds snookered by different balls: no effective snookering ball.
    layout = lay(white=(0, 1000), red1=(0, 2000), pink=(0, 1500), red2=(-600, 1000), blue=(-300, 1000))
    test = g.snooker_test(at(0, 1000), ["red1", "red2"], layout)
    assert test.snookered and test.effective is None


def test_in_hand_snookered_only_from_whole_d() -> None:
    # S2 D16: in hand, snookered only if snookered from every point of the D.
    corner = lay(blue=(-862.75, 3542.75), pink=(-810.15, 3542.75), black=(-862.75, 3490.15))
    assert g.is_snookered(None, ["blue"], corner)
    open_ = lay(blue=(0, 2000), pink=(0, 1500))
    assert not g.is_snookered(None, ["blue"], open_)  # from the side of the D the blue is seen


def test_impossible_to_hit_in_corner() -> None:
    # rules/snooker.md miss exception 3: shut in the corner by two balls, no path at all.
    trapped = lay(white=(-862.75, 26.25), green=(-810.15, 26.25), brown=(-862.75, 78.85), red1=(300, 2200))
    assert not g.can_hit(at(-862.75, 26.25), ["red1"], trapped)
    # Without the brown the way up the table is still shut (the green blocks every direction
    # under 86.7 degrees, and nearly straight up no path of two cushions comes near the red).
    no_brown = {k: v for k, v in trapped.items() if k != "brown"}
    assert not g.can_hit(at(-862.75, 26.25), ["red1"], no_brown)
    # Without the green a red low on the table is reached along the bottom cushion.
    no_green = {k: v for k, v in trapped.items() if k != "green"} | lay(red1=(600, 60))
    assert g.can_hit(at(-862.75, 26.25), ["red1"], no_green)


def test_reachable_only_off_a_cushion() -> None:
    layout = lay(white=(0, 1000), red1=(0, 3000), pink=(0, 2000))
    assert not g.clear_path(at(0, 1000), ["red1"], layout)
    assert g.can_hit(at(0, 1000), ["red1"], layout)
    assert g.can_hit(at(0, 1000), ["red1"], layout, cushions=1)


def test_touching() -> None:
    # S3 R8 and rules: touching is a gap under 0.1 mm.
    layout = lay(white=(0, 1000), red1=(0, 1052.55), red2=(100, 1000), blue=(-52.7, 1000))
    assert g.touching_balls(layout) == ("red1",)


def test_spot_occupied() -> None:
    # S2 D17: occupied if a ball cannot be placed on it without touching another.
    spot = at(0, 3245)
    assert g.spot_occupied(spot, lay(red1=(0, 3245 + 52.55)))
    assert not g.spot_occupied(spot, lay(red1=(0, 3245 + 52.7)))


def _spots() -> dict[str, tuple[float, float]]:
    return lay(
        yellow=(292, 737),
        green=(-292, 737),
        brown=(0, 737),
        blue=(0, 1784.5),
        pink=(0, 2676.75),
        black=(0, 3245),
    )


def test_respot_own_spot() -> None:
    layout = {k: v for k, v in _spots().items() if k != "black"}
    assert g.respot(["black"], layout) == [("black", 0.0, 3.245, True)]


def test_respot_highest_available_spot() -> None:
    # S3 R7: own spot occupied (the white on it), the pink on its spot, the blue off the table:
    # the highest-value spot free is the blue's.
    layout = {k: v for k, v in _spots().items() if k not in ("black", "blue")}
    layout["white"] = at(0, 3245)
    [(ball, x, y, own)] = g.respot(["black"], layout)
    assert (ball, own) == ("black", False)
    assert (x, y) == pytest.approx((0.0, 1.7845))


def test_respot_highest_value_first() -> None:
    # S3 R7: two colours to spot, highest first: the black takes its own spot, then the pink,
    # whose spot holds the white, goes to the highest free spot, the blue's.
    layout = {k: v for k, v in _spots().items() if k not in ("black", "pink", "blue")}
    layout["white"] = at(0, 2676.75)
    out = g.respot(["pink", "black"], layout)
    assert [b for b, *_ in out] == ["black", "pink"]
    assert out[1][1:3] == pytest.approx((0.0, 1.7845))


def test_respot_all_spots_taken_towards_top() -> None:
    # S3 R7: every spot occupied: as near the own spot as possible towards the top cushion.
    layout = {k: v for k, v in _spots().items() if k != "yellow"}
    layout["white"] = at(292, 737)
    [(_, x, y, own)] = g.respot(["yellow"], layout)
    assert not own
    assert (x, y) == pytest.approx((0.292, 0.737 + 0.0526))


def test_respot_black_below_when_line_full() -> None:
    # S3 R7: pink and black, line up to the top cushion full: nearest below the spot.
    layout = {k: v for k, v in _spots().items() if k != "black"}
    layout["white"] = at(0, 3245)
    for i, y in enumerate((3297.7, 3350.3, 3402.9, 3455.5, 3508.1)):
        layout[f"red{i + 1}"] = at(0, y)
    [(_, x, y, _own)] = g.respot(["black"], layout)
    assert (x, y) == pytest.approx((0.0, 3.245 - 0.0526))


def test_two_cushion_path_traced() -> None:
    # The cue-ball centre from (0, 1000) along (1, 2) meets the right cushion line (x = 862.75)
    # at y = 2725.5, the top one (y = 3542.75) at x = 454.125, then runs along (-1, -2) through
    # (54.125, 2742.75), over 700 mm from the first two legs: reached with two cushions only.
    import numpy as np

    start = np.array([[0.0, 1.0]])
    direction = np.array([[1.0, 2.0]])
    target = np.array([[0.054125, 2.74275]])
    table = g.STANDARD_TABLE
    assert g._trace(start, direction, target, 2, table)[0] == 0
    assert g._trace(start, direction, target, 1, table)[0] == -1
