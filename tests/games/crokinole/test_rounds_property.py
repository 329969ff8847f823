"""Properties of whole rounds refereed from random shot facts (no physics): scores are never
negative and never fall, a round ends exactly when its last disc has been shot, discs are
conserved, nothing is left on or outside the shooting line, and the 20s counted match the
discs in the hole (rules/crokinole.md Valid shots, Scoring and game)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cueboard.games.crokinole import new_position
from cueboard.games.crokinole.board import INCH
from cueboard.games.crokinole.records import (
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
)
from cueboard.games.crokinole.referee import apply, is_over
from cueboard.games.crokinole.shot import next_disc_id
from cueboard.games.crokinole.zones import on_or_outside_shooting_line
from cueboard.records.base import Piece, PieceState


def landing(rng: np.random.Generator, piece_id: str, owner: int) -> Piece:
    r = rng.uniform(0.0, 13.6)
    a = rng.uniform(0.0, 2 * math.pi)
    state = PieceState.ON_TABLE
    if r < 0.05:
        state = PieceState.IN_HOLE
    elif r > 13.0:
        state = PieceState.IN_DITCH
    x, y = r * INCH * math.cos(a), r * INCH * math.sin(a)
    return Piece(id=piece_id, kind="disc", owner=owner, x=x, y=y, state=state)


def random_outcome(rng: np.random.Generator, position: CrokinolePosition) -> CrokinoleOutcome:
    seat = position.to_move
    shot = next_disc_id(position)
    on_board = list(position.on_table())
    chain = [p for p in on_board if rng.random() < 0.3]
    final = [landing(rng, shot, seat)] + [landing(rng, p.id, p.owner or 0) for p in chain]
    side = position.side(seat)
    return CrokinoleOutcome(
        shooter=seat,
        shot_disc=shot,
        chain=tuple(p.id for p in chain),
        opponent_hit=any(position.side_of_disc(p) != side for p in chain),
        holed=tuple(p.id for p in final if p.state is PieceState.IN_HOLE),
        ditched=tuple(p.id for p in final if p.state is PieceState.IN_DITCH),
        final=tuple(final),
    )


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([2, 4]),
    variant=st.sampled_from(["seed", "tournament"]),
    discs=st.integers(1, 4),
    fifteen_rule=st.booleans(),
)
def test_random_rounds(seed: int, players: int, variant: str, discs: int, fifteen_rule: bool) -> None:
    rng = np.random.default_rng(seed)
    position = new_position(
        {"players": players, "variant": variant, "discs_per_player": discs, "fifteen_rule": fifteen_rule,
         "target": 60, "rounds": 3},
        seed=seed,
    )
    total = len(position.settings.seats) * discs
    for _ in range(400):
        if is_over(position):
            break
        last = sum(position.discs_left) == 1
        before_scores = position.scores
        after, ruling = apply(position, CrokinoleDeclaration(), random_outcome(rng, position))
        CrokinolePosition.model_validate(after.model_dump())  # still a valid position
        assert min(after.scores) >= 0
        assert after.scores[0] >= before_scores[0] and after.scores[1] >= before_scores[1]
        assert (ruling.round_result is not None) == last
        if ruling.round_result is None:
            assert len(after.pieces) + sum(after.discs_left) == total
            for p in after.on_table():
                assert not on_or_outside_shooting_line(p.x, p.y)
            holes = [0, 0]
            for p in after.pieces:
                if p.state is PieceState.IN_HOLE:
                    holes[after.side_of_disc(p)] += 1
            assert tuple(holes) == after.twenties == ruling.twenties_by_side
        else:
            rr = ruling.round_result
            assert min(rr.points) >= 0
            assert all(c.discs <= total // 2 for c in rr.counts)
            assert rr.scores_after == after.scores
            if not ruling.game_over:
                assert after.pieces == () and sum(after.discs_left) == total
                assert after.round_starter == position.settings.next_seat(position.round_starter)
        position = after
    assert is_over(position)
