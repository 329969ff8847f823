"""Snooker decisions that need no physics: claim, concede, the choice after a foul, free-ball
and nomination declarations — each accepted by the referee (S2 D1, S3 R10, R11(h), R13, R14)."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.ai.snooker.evaluate import balls_on, best_pots, free_placements
from cueboard.ai.snooker.player import forced
from cueboard.ai.snooker.shots import declaration_for, pot_candidates
from cueboard.games.snooker import GAME
from cueboard.games.snooker.declaration import Action, Choice
from cueboard.games.snooker.position import SnookerPosition, ball_ids, make_ball
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.games.snooker.table import STANDARD_TABLE as T
from cueboard.records.base import PieceState

SIGMA = 0.125


def with_balls(balls: dict[str, tuple[float, float]], **update: object) -> SnookerPosition:
    """A frame position with only ``balls`` on the table (the rest pocketed)."""
    pieces = tuple(
        make_ball(b, *balls[b]) if b in balls else make_ball(b, state=PieceState.POCKETED)
        for b in ball_ids(15)
    )
    pos = SnookerPosition(pieces=pieces)
    return pos.model_copy(update={"in_hand": "white" not in balls, **update})


def test_claims_with_only_the_black_and_a_lead_over_seven() -> None:
    pos = with_balls({"white": (0.0, 1.0), "black": (0.0, 3.245)}, ball_on="black", scores=(60, 52))
    d = forced(pos, SIGMA)
    assert d is not None and d.declaration.action is Action.CLAIM  # type: ignore[attr-defined]
    _, ruling = GAME.apply(pos, d.declaration, SnookerOutcome(), np.random.default_rng(0))
    assert ruling.frame_over and ruling.frame_winner == 0  # type: ignore[attr-defined]
    # lead of exactly 7: no claim (S2 D1(b): the lead must exceed 7)
    assert forced(pos.model_copy(update={"scores": (59, 52)}), SIGMA) is None


def test_concedes_when_needing_snookers_on_pink_and_black() -> None:
    pos = with_balls(
        {"white": (0.0, 1.0), "pink": (0.0, 2.677), "black": (0.0, 3.245)}, ball_on="pink", scores=(20, 60)
    )
    d = forced(pos, SIGMA)
    assert d is not None and d.declaration.action is Action.CONCEDE  # type: ignore[attr-defined]
    _, ruling = GAME.apply(pos, d.declaration, SnookerOutcome(), np.random.default_rng(0))
    assert ruling.frame_over and ruling.frame_winner == 1  # type: ignore[attr-defined]
    # a deficit the balls left can cover: play on
    assert forced(pos.model_copy(update={"scores": (50, 60)}), SIGMA) is None


def test_after_a_foul_plays_on_with_an_easy_pot_else_puts_the_offender_in() -> None:
    easy = with_balls(
        {"white": (0.0, 2.9), "black": (0.25, 3.245), "red1": (-0.5, 3.3), "red2": (-0.6, 3.0)},
        ball_on="red", pending=("play", "put_back"), offender=0, to_move=1,
    )
    assert forced(easy, SIGMA) is None  # a red hangs over the top-left pocket: play on
    decl = declaration_for(easy, "red1")
    assert decl.choice is Choice.PLAY
    hard = with_balls(
        {"white": (0.0, 0.2), "red1": (0.0, 3.0), "black": (0.0, 1.5)},
        ball_on="red", pending=("play", "put_back"), offender=0, to_move=1,
    )
    d = forced(hard, SIGMA)
    assert d is not None and d.declaration.choice is Choice.PUT_BACK  # type: ignore[attr-defined]
    after, _ = GAME.apply(hard, d.declaration, SnookerOutcome(), np.random.default_rng(0))
    assert after.to_move == 0  # type: ignore[attr-defined]


def test_nominates_the_colour_it_pots() -> None:
    pytest.importorskip("cueboard.games.snooker.physics")  # speeds are calibrated on the physics
    pos = with_balls({"white": (0.0, 2.4), "pink": (-0.55, 3.2), "black": (0.0, 3.245)}, ball_on="colour")
    cands = pot_candidates(pos, SIGMA)
    assert cands
    for c in cands:
        target = c.label.split()[1]
        assert c.declaration.nominated == target  # type: ignore[attr-defined]


def test_free_ball_pots_nominate_a_ball_that_is_not_on() -> None:
    pytest.importorskip("cueboard.games.snooker.physics")
    # snookered on the only red behind the blue; the green hangs over a pocket
    pos = with_balls(
        {"white": (0.0, 1.2), "blue": (0.0, 1.78), "red1": (0.0, 2.2), "green": (-0.8, 3.45)},
        ball_on="red", free_ball=True, to_move=1,
    )
    frees = [c for c in pot_candidates(pos, SIGMA) if c.declaration.free_ball]  # type: ignore[attr-defined]
    assert frees and all(c.declaration.free_ball not in balls_on(pos) for c in frees)  # type: ignore[attr-defined]


def test_in_hand_pots_are_played_from_free_points_of_the_d() -> None:
    pos = with_balls({"red1": (0.3, 1.5), "brown": (0.0, T.baulk_y)}, ball_on="red")
    pots = best_pots(pos, SIGMA)
    assert pots
    for _, cue in pots:
        assert T.in_d(*cue)
        assert cue in free_placements(pos)
    assert (0.0, T.baulk_y - 1e-6) not in free_placements(pos)  # the brown is there


def test_a_pro_offers_no_pot_under_its_floor_when_a_safety_is_on() -> None:
    """POT_FLOOR: the long red (3 m from the cue ball, 1.2 m from
    the bottom-left pocket) is offered without a floor, not with one, while the short red to the
    top-right pocket stays, and so do the safeties."""
    from cueboard.ai.snooker import make_ai
    from cueboard.ai.snooker.player import POT_FLOOR
    from cueboard.ai.snooker.shots import candidates

    pos = with_balls({"white": (0.3, 2.9), "red1": (0.6, 3.25), "red2": (-0.4, 1.2)})
    for floor in (POT_FLOOR["pro"], 0.5):
        assert floor is not None
        free = candidates(pos, 0.22)
        floored = candidates(pos, 0.22, None, floor)
        pots = [c for c in free if c.label.startswith("pot")]
        assert any(c.success < floor for c in pots if "red2" in c.label)
        assert any(c.success >= floor for c in pots if "red1" in c.label)
        kept = [c for c in floored if c.label.startswith("pot")]
        assert kept and all(c.success >= floor for c in kept)
        assert {c.label for c in kept} == {c.label for c in pots if c.success >= floor}
        assert any(c.label.startswith("safety") for c in floored)
    # the levels: a club player (no floor) takes the long red on; the pro offers no pot under its
    # floor by its own estimate, and in the noise study (σ 0.22°, as above) not the long red
    assert any("red2" in c.label for c in make_ai("club").candidates(pos))
    floor = POT_FLOOR["pro"]
    assert floor is not None
    for ai in (make_ai("pro"), make_ai("pro", 5.0, "tournament")):
        pots = [c for c in ai.candidates(pos) if c.label.startswith("pot")]
        assert pots and all(c.success >= floor for c in pots)
    study = make_ai("pro", 5.0, "tournament").candidates(pos)
    assert not any("red2" in c.label for c in study) and any("red1" in c.label for c in study)


def test_a_floored_evaluation_counts_only_the_pots_its_player_takes_on() -> None:
    """``continuation(..., floor)``: a player who plays safe rather than take on a pot under his
    floor is left a safety's 0 by a position whose only pots are under it."""
    from cueboard.ai.snooker.evaluate import continuation, pot_value

    # the black 0.5 m in front of the cue ball, 1 m from the top pockets: a pot worth taking on
    pos = with_balls({"white": (0.5, 2.3), "black": (0.2, 2.6)}, ball_on="black")
    pots = best_pots(pos, 0.22)
    best = max(pot_value(o) for o, _ in pots)
    p = max(o.probability for o, _ in pots if pot_value(o) == best)
    assert best > 0.0 and 0.0 < p < 1.0
    assert continuation(pos, 0.22) == pytest.approx(best)
    assert continuation(pos, 0.22, p - 0.01) == pytest.approx(best)
    assert continuation(pos, 0.22, p + 0.01) == 0.0
