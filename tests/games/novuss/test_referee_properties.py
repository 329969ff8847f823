"""Properties of the novuss referee over random stroke facts (rules/novuss.md): discs are conserved,
pocketed counts agree with the pieces, the penalty debt is never negative and is owed only while a
side has no disc in the pockets, and a game in which the side to move keeps pocketing ends with it
winning."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cueboard.games.novuss import GAME
from cueboard.games.novuss.records import (
    FirstContact,
    NovussDeclaration,
    NovussOutcome,
    NovussPosition,
    StrokeKind,
)
from cueboard.games.novuss.referee import apply
from cueboard.records.base import PieceState


def random_outcome(data: st.DataObject, pos: NovussPosition) -> NovussOutcome:
    side = pos.side_to_move
    own = [p.id for p in pos.discs_on_table(side)]
    opp = [p.id for p in pos.discs_on_table(1 - side)]
    on_table = own + opp
    dropped = data.draw(st.lists(st.sampled_from(on_table), unique=True, max_size=4)) if on_table else []
    rest = [pid for pid in on_table if pid not in dropped]
    off = data.draw(st.lists(st.sampled_from(rest), unique=True, max_size=2)) if rest else []
    own_left = [pid for pid in own if pid not in off]
    dark_hit = data.draw(st.lists(st.sampled_from(own_left), unique=True, max_size=2)) if own_left else []
    return NovussOutcome(
        stroke=data.draw(st.sampled_from(list(StrokeKind))),
        first_contact=data.draw(st.sampled_from(list(FirstContact))),
        own_touched=data.draw(st.booleans()),
        first_light=data.draw(st.booleans()),
        opposite_rail=data.draw(st.booleans()),
        dark_hit=tuple(dark_hit),
        had_light=data.draw(st.booleans()),
        had_dark=data.draw(st.booleans()),
        pocketed=tuple((pid, "top-left") for pid in dropped),
        striker_pocketed=data.draw(st.booleans()),
        striker_off_table=data.draw(st.booleans()),
        off_table=tuple(off),
        striker_in_own_zone=data.draw(st.booleans()),
    )


def legal_pot(pos: NovussPosition) -> NovussOutcome:
    """The side to move pockets one own light disc with a clean direct stroke."""
    pid = pos.discs_on_table(pos.side_to_move)[0].id
    return NovussOutcome(
        stroke=StrokeKind.DIRECT,
        first_contact=FirstContact.OWN,
        first_contacts=(pid,),
        first_light=True,
        striker_touched=(pid,),
        own_touched=True,
        pocketed=((pid, "top-left"),),
    )


def check_invariants(pos: NovussPosition) -> None:
    ids = sorted(p.id for p in pos.discs())
    assert len(ids) == 16
    for side in (0, 1):
        pocketed = sum(1 for p in pos.discs(side) if p.state is PieceState.POCKETED)
        assert pos.pocketed[side] == pocketed
        assert pos.debt[side] >= 0
        assert pos.debt[side] == 0 or pocketed == 0
    assert all(p.state in (PieceState.ON_TABLE, PieceState.POCKETED) for p in pos.discs())
    if pos.winner is not None:
        assert pos.pocketed[pos.winner] == 8 and pos.debt[pos.winner] == 0


@settings(max_examples=60, deadline=None)
@given(data=st.data(), players=st.sampled_from([2, 4]), strokes=st.integers(1, 25))
def test_random_strokes_keep_the_invariants_and_the_game_ends(
    data: st.DataObject, players: int, strokes: int
) -> None:
    pos = GAME.new_position({"players": players})
    before_ids = sorted(p.id for p in pos.pieces)
    for _ in range(strokes):
        if pos.winner is not None:
            break
        after, ruling = apply(pos, NovussDeclaration(), random_outcome(data, pos))
        check_invariants(after)
        assert sorted(p.id for p in after.pieces) == before_ids
        assert ruling.debt == after.debt
        assert (ruling.next_seat is None) == (after.winner is not None)
        assert len(ruling.penalty_cases) == 0 or ruling.turn_lost
        pos = after
    # the side to move now pockets its discs one by one: it strikes again each time, pays any debt,
    # and wins after at most 8 + debt strokes.
    if pos.winner is None:
        side = pos.side_to_move
        for _ in range(8 + pos.debt[side]):
            pos, ruling = apply(pos, NovussDeclaration(), legal_pot(pos))
            check_invariants(pos)
            if pos.winner is not None:
                break
            assert not ruling.turn_lost
        assert pos.winner == side
