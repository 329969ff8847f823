"""From the engine's events to the facts of a shot (docs/api.md, "The flow of one shot":
events -> outcome_of -> facts).

The chain of contacts (rules/crokinole.md, Valid shots: the shot must hit an opponent disc
"directly or via pegs, other discs, or by driving one of the shooter's own discs into it"; seed
003: "bằng cách gõ một đĩa của game bắn súng vào một trong những đĩa của đối phương"): the shot
disc starts the chain; walking the disc-disc collisions in time order, a disc that touches a
disc already in the chain joins it. A collision between two discs that are both outside the
chain (impossible when only the shot set discs moving) adds nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from cueboard.engine.events import Event, EventKind
from cueboard.games.crokinole.board import STANDARD_BOARD, CrokinoleBoard
from cueboard.games.crokinole.errors import OutcomeError
from cueboard.games.crokinole.records import CrokinoleOutcome, CrokinolePosition
from cueboard.games.crokinole.zones import is_leaner
from cueboard.records.base import Piece, PieceState


def _dedupe(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ids))


def outcome_of(
    events: Iterable[Event],
    final_pieces: Iterable[Piece],
    shooter: int,
    shot_disc_id: str,
    position_before: CrokinolePosition,
    board: CrokinoleBoard = STANDARD_BOARD,
) -> CrokinoleOutcome:
    """The facts of a shot: contacts and the chain they form, opponent hit, pegs, discs holed,
    ditched and returned, leaners and the final discs."""
    final = tuple(final_pieces)
    by_id = {p.id: p for p in final}
    if shot_disc_id not in by_id:
        raise OutcomeError(f"the final pieces do not include the shot disc '{shot_disc_id}'")
    discs = set(by_id)
    ordered = sorted(events, key=lambda e: e.time)
    touched: list[str] = []
    chain: list[str] = []
    in_chain = {shot_disc_id}
    pegs: list[tuple[str, str]] = []
    holed: list[str] = []
    ditched: list[str] = []
    for e in ordered:
        if e.kind is EventKind.COLLISION and len(e.bodies) == 2:
            a, b = e.bodies
            if a not in discs or b not in discs:
                continue
            if shot_disc_id in (a, b):
                touched.append(b if a == shot_disc_id else a)
            if a in in_chain and b not in in_chain:
                in_chain.add(b)
                chain.append(b)
            elif b in in_chain and a not in in_chain:
                in_chain.add(a)
                chain.append(a)
        elif e.kind is EventKind.CUSHION and e.shape is not None and e.shape.startswith("peg:"):
            pegs.append((e.bodies[0], e.shape))
        elif e.kind is EventKind.HOLED:
            holed.append(e.bodies[0])
        elif e.kind in (EventKind.DITCHED, EventKind.OFF_TABLE):
            ditched.append(e.bodies[0])
    # The final states are the last word: a disc in play that the engine left in the hole or
    # the ditch is holed / ditched even if no event said so (discs already off stay out of it).
    in_play = {p.id for p in position_before.on_table()} | {shot_disc_id}
    holed += [p.id for p in final if p.state is PieceState.IN_HOLE and p.id in in_play]
    ditched += [
        p.id for p in final if p.state in (PieceState.IN_DITCH, PieceState.OFF_TABLE) and p.id in in_play
    ]
    returned = [d for d in _dedupe(ditched) if by_id[d].state is PieceState.ON_TABLE]
    ditched = [d for d in ditched if d not in returned]
    shooter_side = position_before.side(shooter)
    owners = [by_id[d].owner for d in chain]
    opponent_hit = any(o is not None and position_before.side(o) != shooter_side for o in owners)
    leaners = tuple(
        p.id for p in final if p.state is PieceState.ON_TABLE and is_leaner(p.x, p.y, board)
    )
    return CrokinoleOutcome(
        shooter=shooter,
        shot_disc=shot_disc_id,
        touched=_dedupe(touched),
        chain=tuple(chain),
        opponent_hit=opponent_hit,
        pegs=tuple(pegs),
        holed=_dedupe(holed),
        ditched=_dedupe(ditched),
        returned=tuple(returned),
        leaners=leaners,
        final=final,
    )
