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

from cueboard.games.novuss.board import STANDARD_BOARD, NovussBoard
from cueboard.games.novuss.geometry import RAILS, centre_or_circle_point, nearest_free_point, penalty_spot
from cueboard.games.novuss.records import (
    FirstContact,
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


class IllegalStrokeError(ValueError):
    """The stroke cannot be ruled on: the game is over, or the facts contradict the position."""


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


def apply(
    position: NovussPosition, outcome: NovussOutcome, board: NovussBoard = STANDARD_BOARD
) -> tuple[NovussPosition, NovussRuling]:
    """Rule on one stroke by the player at ``position.to_move``."""
    seat = position.to_move
    players = position.players
    side = side_of(seat, players)
    opp = 1 - side
    _check(position, outcome, side)
    known = bool(outcome.final)
    pieces: dict[str, Piece] = {p.id: p for p in position.pieces}
    if known:
        for p in outcome.final:
            if p.id in pieces and pieces[p.id].kind == "disc" and pieces[p.id].on_table:
                pieces[p.id] = pieces[p.id].model_copy(update={"x": p.x, "y": p.y})
    for pid, _ in outcome.pocketed:
        pieces[pid] = pieces[pid].model_copy(update={"state": PieceState.POCKETED})
    for pid in outcome.off_table:
        pieces[pid] = pieces[pid].model_copy(update={"state": PieceState.OFF_TABLE})
    for pid, p in pieces.items():
        if p.kind == "striker":
            pieces[pid] = p.model_copy(update={"state": PieceState.OFF_TABLE, "x": 0.0, "y": 0.0})

    had_opponent_off = any(position.piece(pid).owner == opp for pid in outcome.off_table)
    cases = penalty_cases(outcome, had_opponent_off)
    penalty = bool(cases)
    returned: list[Placement] = []

    def place(pid: str, xy: tuple[float, float] | None, where: str) -> Placement:
        if xy is None:
            pieces[pid] = pieces[pid].model_copy(update={"state": PieceState.ON_TABLE})
            return Placement(disc=pid, where=where)
        x, y = round(xy[0], 6), round(xy[1], 6)
        pieces[pid] = pieces[pid].model_copy(update={"state": PieceState.ON_TABLE, "x": x, "y": y})
        return Placement(disc=pid, where=where, x=x, y=y)

    def table() -> list[Piece]:
        return [p for p in pieces.values() if p.on_table]

    # Case 4: the dark discs the striker hit go back where they were.
    put_back = set(outcome.dark_hit) if 4 in cases else set()
    for pid in sorted(put_back, key=_number):
        old = position.piece(pid)
        pieces[pid] = pieces[pid].model_copy(update={"state": PieceState.OFF_TABLE})
        xy = nearest_free_point(old.x, old.y, board.disc_radius, table(), board) if known else (old.x, old.y)
        returned.append(place(pid, xy, "back where it was (case 4)"))
    # Discs over the rail: the centre, or a free point on the central circle's edge.
    for pid in outcome.off_table:
        if pid in put_back:
            continue
        if known:
            xy, where = centre_or_circle_point(table(), board)
            returned.append(place(pid, xy, where))
        else:
            returned.append(
                place(
                    pid,
                    None,
                    "the centre of the board; if occupied, a free point on the central circle's edge",
                )
            )

    def penalty_place(pid: str, debtor: int, debtor_seat: int) -> Placement:
        if known:
            xy, where = penalty_spot(debtor_seat, debtor, table(), board)
            return place(pid, xy, where)
        far = RAILS[(debtor_seat + 2) % 4]
        where = (
            f"the middle line of the {far} edge zone, against the rail; if taken, next to it on "
            "the side where fewer of the side's discs lie"
        )
        return place(pid, None, where)

    def seat_of(debtor: int) -> int:
        if debtor == side:
            return seat
        s = seat
        while True:
            s = next_seat(s, players)
            if side_of(s, players) == debtor:
                return s

    dropped = {
        s: [pid for pid, _ in outcome.pocketed if pieces[pid].owner == s and pid not in put_back]
        for s in (0, 1)
    }
    debt = list(position.debt)
    debt_paid: list[Placement] = []
    for debtor in (side, opp):
        while debt[debtor] > 0 and dropped[debtor]:
            pid = dropped[debtor].pop()
            debt[debtor] -= 1
            debt_paid.append(penalty_place(pid, debtor, seat_of(debtor)))
    penalty_disc: Placement | None = None
    debt_added = 0
    if penalty:
        in_pockets = sorted(
            (
                p.id
                for p in pieces.values()
                if p.kind == "disc" and p.owner == side and p.state is PieceState.POCKETED
            ),
            key=_number,
        )
        if in_pockets:
            penalty_disc = penalty_place(in_pockets[0], side, seat)
        else:
            debt[side] += 1
            debt_added = 1

    own_dropped = tuple(
        pid for pid, _ in outcome.pocketed if position.piece(pid).owner == side and pid not in put_back
    )
    opp_dropped = tuple(pid for pid, _ in outcome.pocketed if position.piece(pid).owner == opp)
    reasons: list[str] = []
    if penalty:
        reasons.append("penalty disc")
    if not own_dropped:
        reasons.append("no own disc pocketed")
    elif opp_dropped:
        reasons.append("an opponent's disc was pocketed together with an own one")
    if outcome.stroke is StrokeKind.DIRECT and not outcome.had_dark and outcome.striker_in_own_zone:
        reasons.append(
            "on a direct stroke with no dark discs the striker came back into the player's edge zone"
        )
    if outcome.off_table:
        reasons.append("a disc flew over the rail")
    turn_lost = bool(reasons)

    final_pieces = tuple(pieces[p.id] for p in position.pieces)
    counts = [
        sum(1 for p in final_pieces if p.kind == "disc" and p.owner == s and p.state is PieceState.POCKETED)
        for s in (0, 1)
    ]
    n = board.discs_per_side
    winner: int | None = None
    for s in (side, opp):
        if counts[s] == n and debt[s] == 0:
            winner = s
            break
    nxt = seat if not turn_lost else next_seat(seat, players)
    after = NovussPosition(
        pieces=final_pieces,
        to_move=nxt,
        players=players,
        pocketed=(counts[0], counts[1]),
        debt=(debt[0], debt[1]),
        winner=winner,
        positions_known=position.positions_known and known,
    )
    ruling = NovussRuling(
        seat=seat,
        side=side,
        stroke=outcome.stroke,
        own_pocketed=own_dropped,
        opponent_pocketed=opp_dropped,
        penalty=penalty,
        penalty_cases=cases,
        penalty_reasons=tuple(PENALTY_REASONS[c] for c in cases),
        penalty_disc=penalty_disc,
        debt_added=debt_added,
        debt_paid=tuple(debt_paid),
        debt=(debt[0], debt[1]),
        returned=tuple(returned),
        turn_lost=turn_lost,
        turn_reasons=tuple(reasons),
        next_seat=None if winner is not None else nxt,
        winner=winner,
        summary=_summary(seat, side, own_dropped, opp_dropped, cases, debt_added, turn_lost, winner),
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
