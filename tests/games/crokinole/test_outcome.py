"""outcome_of: the facts of a shot from hand-written engine events (rules/crokinole.md Valid
shots: a hit "directly or via pegs, other discs, or by driving one of the shooter's own discs
into it"; leaners; discs leaving and coming back)."""

from __future__ import annotations

import math

import pytest

from cueboard.engine.events import Event, EventKind
from cueboard.games.crokinole import new_position
from cueboard.games.crokinole.board import INCH
from cueboard.games.crokinole.errors import OutcomeError
from cueboard.games.crokinole.outcome import outcome_of
from cueboard.records.base import Piece, PieceState


def disc(i: str, owner: int, r: float, deg: float, state: PieceState = PieceState.ON_TABLE) -> Piece:
    a = math.radians(deg)
    x, y = r * INCH * math.cos(a), r * INCH * math.sin(a)
    return Piece(id=i, kind="disc", owner=owner, x=x, y=y, state=state)


def hit(t: float, a: str, b: str) -> Event:
    return Event(time=t, kind=EventKind.COLLISION, bodies=(a, b))


BOARD = (disc("s0-01", 0, 5.0, 90), disc("s2-01", 2, 7.0, 90), disc("s2-02", 2, 3.0, 0))
POSITION = new_position(starter=0).model_copy(update={"pieces": BOARD, "discs_left": (11, 0, 10, 0)})


def test_driving_an_own_disc_into_an_opponent_is_a_hit() -> None:
    events = [
        Event(time=0.0, kind=EventKind.STRIKE, bodies=("s0-02",)),
        hit(0.2, "s0-02", "s0-01"),
        hit(0.3, "s2-01", "s0-01"),  # order of bodies does not matter
    ]
    final = (*BOARD, disc("s0-02", 0, 4.0, 90))
    o = outcome_of(events, final, 0, "s0-02", POSITION)
    assert o.touched == ("s0-01",)
    assert o.chain == ("s0-01", "s2-01")
    assert o.opponent_hit


def test_touching_only_own_discs_is_no_hit() -> None:
    events = [hit(0.2, "s0-02", "s0-01")]
    o = outcome_of(events, (*BOARD, disc("s0-02", 0, 4.0, 90)), 0, "s0-02", POSITION)
    assert o.chain == ("s0-01",)
    assert not o.opponent_hit


def test_events_are_read_in_time_order() -> None:
    # s0-01 touched s2-01 before the shot reached s0-01: not part of the chain then.
    events = [hit(0.5, "s0-02", "s0-01"), hit(0.1, "s0-01", "s2-01")]
    o = outcome_of(events, (*BOARD, disc("s0-02", 0, 4.0, 90)), 0, "s0-02", POSITION)
    assert o.chain == ("s0-01",)
    assert not o.opponent_hit


def test_pegs_holes_ditch_returns_and_leaners() -> None:
    events = [
        Event(time=0.1, kind=EventKind.CUSHION, bodies=("s0-02",), shape="peg:3"),
        hit(0.2, "s0-02", "s2-02"),
        Event(time=0.3, kind=EventKind.DITCHED, bodies=("s2-02",)),
        hit(0.35, "s0-02", "s2-01"),
        Event(time=0.4, kind=EventKind.DITCHED, bodies=("s2-01",)),
        Event(time=0.6, kind=EventKind.HOLED, bodies=("s0-01",), shape="hole:20"),
    ]
    final = (
        disc("s0-01", 0, 0.0, 0, PieceState.IN_HOLE),
        disc("s2-01", 2, 10.0, 95),  # left the surface and came back
        disc("s2-02", 2, 13.5, 0, PieceState.IN_DITCH),
        disc("s0-02", 0, 1.0, 200),  # partly over the hole
    )
    o = outcome_of(events, final, 0, "s0-02", POSITION)
    assert o.pegs == (("s0-02", "peg:3"),)
    assert o.opponent_hit
    assert o.holed == ("s0-01",)
    assert o.ditched == ("s2-02",)
    assert o.returned == ("s2-01",)
    assert o.leaners == ("s0-02",)


def test_shot_disc_must_be_in_the_final_pieces() -> None:
    with pytest.raises(OutcomeError, match="shot disc"):
        outcome_of([], BOARD, 0, "s0-02", POSITION)


def test_discs_already_off_the_board_are_not_holed_or_ditched_again() -> None:
    gone = (disc("s0-01", 0, 0.0, 0, PieceState.IN_HOLE), disc("s2-01", 2, 13.5, 90, PieceState.IN_DITCH))
    before = new_position(starter=0).model_copy(update={"pieces": gone, "discs_left": (11, 0, 11, 0)})
    o = outcome_of([], (*gone, disc("s0-02", 0, 2.0, 270)), 0, "s0-02", before)
    assert o.holed == () and o.ditched == ()
