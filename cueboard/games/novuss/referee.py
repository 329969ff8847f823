"""The novuss referee: position + stroke facts -> position after + ruling (rules/novuss.md, seed 004).

A pure state machine: it never imports the physics. It works from the facts of
:class:`NovussOutcome` (found by ``outcome_of`` or reported by a person) and the position's
bookkeeping (which discs are on the table or pocketed, the penalty debt). When the outcome carries
the final pieces the referee also computes where returned discs go; otherwise it says so in words.

Decisions where the seed is silent (docs/rules/novuss.md lists them all):
- A rebound stroke may touch own dark discs; the dark-disc restriction is enforced through penalty
  cases 4 (direct strokes) and 6 (only dark discs left).
- Case 4 puts back the dark discs the striker itself hit; discs moved on by them stay where they end.
- Discs pocketed on a stroke with a penalty stay pocketed; the penalty disc is then one of the
  side's pocketed discs (the lowest-numbered).
- The penalty debt is paid as soon as a disc of the indebted side drops, whoever struck: that disc
  comes back as the penalty disc. A player who pays debt with a disc he pocketed strikes again.
- A side wins when all its discs are pocketed and it owes no debt; if a stroke pockets the last
  discs of both sides, the striking side wins.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np

from cueboard.errors import MoveError
from cueboard.games.novuss.board import STANDARD_BOARD, NovussBoard
from cueboard.games.novuss.geometry import (
    RAILS,
    centre_or_circle_point,
    lies_at,
    nearest_free_point,
    penalty_spot,
)
from cueboard.games.novuss.records import (
    FirstContact,
    NovussDeclaration,
    NovussOutcome,
    NovussPosition,
    NovussRuling,
    Placement,
    StrokeKind,
    next_seat,
    side_of,
)
from cueboard.records.base import Piece, PieceState

PENALTY_REASONS = {
    1: "case 1: on a direct stroke the striker touched none of the player's own discs",
    2: "case 2: the striker first touched an opponent's disc (or an own and an opponent's disc at once)",
    3: "case 3: the striker was pocketed or flew over the rail",
    4: "case 4: a direct stroke hit an own dark disc (it is put back where it was)",
    5: "case 5: a direct stroke knocked an opponent's disc off the table",
    6: "case 6: only dark discs left, and the rebound stroke did not touch the opposite rail",
}


class IllegalStrokeError(MoveError):
    """The stroke cannot be ruled on: the game is over, or the facts contradict the position."""

    code: ClassVar[str] = "illegal-stroke"


def _number(pid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in pid if ch.isdigit())
    return (int(digits) if digits else 0, pid)


def penalty_cases(outcome: NovussOutcome, had_opponent_off: bool) -> tuple[int, ...]:
    """The penalty-disc cases 1-6 (rules/novuss.md "Penalty disc") that the facts show."""
    direct = outcome.stroke is StrokeKind.DIRECT
    cases = []
    if direct and not outcome.own_touched:
        cases.append(1)
    if outcome.first_contact in (FirstContact.OPPONENT, FirstContact.OWN_AND_OPPONENT) and outcome.had_light:
        cases.append(2)
    if outcome.striker_pocketed or outcome.striker_off_table:
        cases.append(3)
    if direct and outcome.dark_hit:
        cases.append(4)
    if direct and had_opponent_off:
        cases.append(5)
    if not outcome.had_light and outcome.stroke is StrokeKind.REBOUND and not outcome.opposite_rail:
        cases.append(6)
    return tuple(cases)


def _check(position: NovussPosition, outcome: NovussOutcome, side: int) -> None:
    if position.winner is not None:
        raise IllegalStrokeError(f"the game is over: side {position.winner} has won")
    on_table = {p.id for p in position.discs_on_table()}
    pocketed = [pid for pid, _ in outcome.pocketed]
    for pid in (*pocketed, *outcome.off_table, *outcome.dark_hit):
        if pid not in on_table:
            raise IllegalStrokeError(f"disc '{pid}' was not on the table before the stroke")
    both = set(pocketed) & set(outcome.off_table)
    if len(set(pocketed)) != len(pocketed) or both:
        raise IllegalStrokeError(
            f"a disc cannot drop twice or both drop and fly off: {sorted(both) or pocketed}"
        )
    for pid in outcome.dark_hit:
        if position.piece(pid).owner != side:
            raise IllegalStrokeError(f"dark_hit names '{pid}', which is not the striking side's disc")


class _Pieces:
    """The pieces while a stroke is ruled on, and the referee's placements: with coordinates when
    the outcome carries the final pieces, in words otherwise (scoreboard mode)."""

    def __init__(self, position: NovussPosition, outcome: NovussOutcome, board: NovussBoard):
        self.board = board
        self.known = bool(outcome.final)
        self.by_id: dict[str, Piece] = {p.id: p for p in position.pieces}
        if self.known:
            for p in outcome.final:
                mine = self.by_id.get(p.id)
                if mine is not None and mine.kind == "disc" and mine.on_table and not lies_at(mine, p.x, p.y):
                    self.by_id[p.id] = mine.model_copy(update={"x": p.x, "y": p.y})
        for pid, _ in outcome.pocketed:
            self.set_state(pid, PieceState.POCKETED)
        for pid in outcome.off_table:
            self.set_state(pid, PieceState.OFF_TABLE)
        for pid, p in self.by_id.items():  # the strikers are taken off the table
            if p.kind == "striker":
                self.by_id[pid] = p.model_copy(update={"state": PieceState.OFF_TABLE, "x": 0.0, "y": 0.0})

    def set_state(self, pid: str, state: PieceState) -> None:
        self.by_id[pid] = self.by_id[pid].model_copy(update={"state": state})

    def on_table(self) -> list[Piece]:
        return [p for p in self.by_id.values() if p.on_table]

    def in_pockets(self, side: int) -> list[str]:
        """The side's pocketed discs, lowest number first."""
        ids = (p.id for p in self.by_id.values() if p.kind == "disc" and p.owner == side and not p.on_table)
        return sorted(ids, key=_number)

    def place(self, pid: str, xy: tuple[float, float] | None, where: str) -> Placement:
        if xy is None:
            self.set_state(pid, PieceState.ON_TABLE)
            return Placement(disc=pid, where=where)
        x, y = xy
        self.by_id[pid] = self.by_id[pid].model_copy(update={"state": PieceState.ON_TABLE, "x": x, "y": y})
        return Placement(disc=pid, where=where, x=x, y=y)

    def put_back(self, old: Piece) -> Placement:
        """Case 4: back where it was (the nearest free point if that place is now taken)."""
        self.set_state(old.id, PieceState.OFF_TABLE)
        xy = (old.x, old.y)
        if self.known:
            xy = nearest_free_point(old.x, old.y, self.board.disc_radius, self.on_table(), self.board)
        return self.place(old.id, xy, "back where it was (case 4)")

    def to_centre(self, pid: str) -> Placement:
        """A disc from over the rail: the centre, or a free point on the central circle's edge."""
        if self.known:
            xy, where = centre_or_circle_point(self.on_table(), self.board)
            return self.place(pid, xy, where)
        return self.place(
            pid, None, "the centre of the board; if occupied, a free point on the central circle's edge"
        )

    def penalty(self, pid: str, side: int, seat: int) -> Placement:
        """A penalty disc (or a debt paid) of ``side`` for the player at ``seat``."""
        if self.known:
            xy, where = penalty_spot(seat, side, self.on_table(), self.board)
            return self.place(pid, xy, where)
        far = RAILS[(seat + 2) % 4]
        where = (
            f"the middle line of the {far} edge zone, against the rail; if taken, next to it on the side "
            "where fewer of the side's discs lie"
        )
        return self.place(pid, None, where)


def _seat_of(side: int, seat: int, players: int) -> int:
    """The seat that places a disc for ``side``: the striker's own, else that side's next seat."""
    s = seat
    while side_of(s, players) != side:
        s = next_seat(s, players)
    return s


def _turn_reasons(
    outcome: NovussOutcome, penalty: bool, own: tuple[str, ...], opp: tuple[str, ...]
) -> list[str]:
    """Why the player does not strike again (rules/novuss.md "Loss of turn without penalty")."""
    reasons: list[str] = []
    if penalty:
        reasons.append("penalty disc")
    if not own:
        reasons.append("no own disc pocketed")
    elif opp:
        reasons.append("an opponent's disc was pocketed together with an own one")
    if outcome.stroke is StrokeKind.DIRECT and not outcome.had_dark and outcome.striker_in_own_zone:
        reasons.append(
            "on a direct stroke with no dark discs the striker came back into the player's edge zone"
        )
    if outcome.off_table:
        reasons.append("a disc flew over the rail")
    return reasons


def apply(
    position: NovussPosition,
    declaration: NovussDeclaration,
    outcome: NovussOutcome,
    rng: np.random.Generator | None = None,
    *,
    board: NovussBoard = STANDARD_BOARD,
) -> tuple[NovussPosition, NovussRuling]:
    """Rule on one stroke by the player at ``position.to_move``. The signature is every
    referee's (``apply(position, declaration, outcome, rng)``); novuss declares nothing and
    draws no lots, so ``declaration`` and ``rng`` are not used."""
    seat, players = position.to_move, position.players
    side = side_of(seat, players)
    opp = 1 - side
    _check(position, outcome, side)
    table = _Pieces(position, outcome, board)
    owner = {p.id: p.owner for p in position.discs()}
    cases = penalty_cases(outcome, any(owner[pid] == opp for pid in outcome.off_table))

    # Case 4 first: the dark discs the striker hit go back where they were; then discs from over
    # the rail go to the centre or the central circle's edge.
    put_back = set(outcome.dark_hit) if 4 in cases else set()
    returned = [table.put_back(position.piece(pid)) for pid in sorted(put_back, key=_number)]
    returned += [table.to_centre(pid) for pid in outcome.off_table if pid not in put_back]
    own_dropped = tuple(pid for pid, _ in outcome.pocketed if owner[pid] == side and pid not in put_back)
    opp_dropped = tuple(pid for pid, _ in outcome.pocketed if owner[pid] == opp)

    # A debt is paid by the discs of the indebted side that dropped, the last first.
    debt = list(position.debt)
    debt_paid: list[Placement] = []
    for debtor, dropped in ((side, list(own_dropped)), (opp, list(opp_dropped))):
        while debt[debtor] > 0 and dropped:
            debt[debtor] -= 1
            debt_paid.append(table.penalty(dropped.pop(), debtor, _seat_of(debtor, seat, players)))
    # One penalty however many cases: a pocketed disc back on the table, or a debt.
    penalty_disc: Placement | None = None
    debt_added = 0
    if cases:
        in_pockets = table.in_pockets(side)
        if in_pockets:
            penalty_disc = table.penalty(in_pockets[0], side, seat)
        else:
            debt[side] += 1
            debt_added = 1

    reasons = _turn_reasons(outcome, bool(cases), own_dropped, opp_dropped)
    final_pieces = tuple(table.by_id[p.id] for p in position.pieces)
    counts = (len(table.in_pockets(0)), len(table.in_pockets(1)))
    winner = next((s for s in (side, opp) if counts[s] == board.discs_per_side and debt[s] == 0), None)
    nxt = next_seat(seat, players) if reasons else seat
    after = NovussPosition(
        pieces=final_pieces,
        to_move=nxt,
        players=players,
        pocketed=counts,
        debt=(debt[0], debt[1]),
        winner=winner,
        positions_known=position.positions_known and table.known,
    )
    ruling = NovussRuling(
        seat=seat,
        side=side,
        stroke=outcome.stroke,
        own_pocketed=own_dropped,
        opponent_pocketed=opp_dropped,
        penalty=bool(cases),
        penalty_cases=cases,
        penalty_reasons=tuple(PENALTY_REASONS[c] for c in cases),
        penalty_disc=penalty_disc,
        debt_added=debt_added,
        debt_paid=tuple(debt_paid),
        debt=(debt[0], debt[1]),
        returned=tuple(returned),
        turn_lost=bool(reasons),
        turn_reasons=tuple(reasons),
        next_seat=None if winner is not None else nxt,
        winner=winner,
        scores=counts,
        summary=_summary(seat, side, own_dropped, opp_dropped, cases, debt_added, bool(reasons), winner),
    )
    return after, ruling


def _summary(
    seat: int,
    side: int,
    own: tuple[str, ...],
    opp: tuple[str, ...],
    cases: tuple[int, ...],
    debt_added: int,
    turn_lost: bool,
    winner: int | None,
) -> str:
    parts = [f"seat {seat} (side {side})"]
    parts.append(f"pocketed {', '.join(own)}" if own else "pocketed no own disc")
    if opp:
        parts.append(f"and the opponent's {', '.join(opp)}")
    if cases:
        parts.append(
            "penalty (case " + ", ".join(map(str, cases)) + ")" + (", recorded as debt" if debt_added else "")
        )
    if winner is not None:
        parts.append(f"side {winner} wins")
    else:
        parts.append("loses the turn" if turn_lost else "strikes again")
    return "; ".join(parts)
