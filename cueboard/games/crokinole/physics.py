"""Crokinole on the event-driven engine: one flick (docs/physics.md#discs).

The board (:mod:`.board`) becomes shapes: the 8 pegs are convex circles (``peg:K``, K as in
``board.peg_positions``) with the rubber's restitution and friction; the 20-hole is a round
opening (``hole:20``) whose catch rule is in :mod:`cueboard.engine.models.disc_capture` (a slow
disc over it drops flat, a fast one passes, a disc whose centre stays outside it is not caught
and, when it overlaps the hole, is a leaner that stays on the board); the edge of the playing
surface is a capture circle the centre leaves (``ditch``): past it the disc has lost its support
and falls into the ditch. Discs follow the disc model (:mod:`cueboard.engine.models.disc`) with
the parameters of :mod:`.physics_params`.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from cueboard.engine.disc_shot import DiscBody, DiscInputError, DiscResult, disc_par, run_discs
from cueboard.engine.events import Event, EventKind
from cueboard.engine.models.disc import CAP_ALWAYS, CAP_OPENING
from cueboard.engine.models.disc_capture import catch_time
from cueboard.engine.world import ShapeBuilder, Shapes
from cueboard.games.crokinole.board import STANDARD_BOARD, CrokinoleBoard
from cueboard.games.crokinole.physics_params import STANDARD_PHYSICS, CrokinolePhysics
from cueboard.records.base import Piece, PieceState

_STATE_OF = {
    EventKind.HOLED: PieceState.IN_HOLE,
    EventKind.DITCHED: PieceState.IN_DITCH,
    EventKind.OFF_TABLE: PieceState.IN_DITCH,
}


@lru_cache(maxsize=8)
def board_shapes(board: CrokinoleBoard = STANDARD_BOARD, phys: CrokinolePhysics = STANDARD_PHYSICS) -> Shapes:
    """The board's fixed shapes: pegs, the 20-hole, the edge of the playing surface."""
    sb = ShapeBuilder()
    for k, (x, y) in enumerate(board.peg_positions):
        sb.arc(f"peg:{k}", (x, y), board.peg_radius, e=phys.e_peg, mu=phys.mu_peg)
    sb.capture("hole:20", (0.0, 0.0), board.hole_radius, event=EventKind.HOLED, kind=CAP_OPENING)
    sb.capture(
        "ditch", (0.0, 0.0), board.surface_radius, event=EventKind.DITCHED, leave=True, kind=CAP_ALWAYS
    )
    return sb.build()


@lru_cache(maxsize=8)
def board_par(
    board: CrokinoleBoard = STANDARD_BOARD, phys: CrokinolePhysics = STANDARD_PHYSICS
) -> np.ndarray:
    """The engine's parameter array for crokinole discs."""
    return disc_par(
        mu=phys.mu_board, g=phys.g, e=phys.e_disc, mu_c=phys.mu_disc, openings=[(0.0, 0.0, board.hole_radius)]
    )


@lru_cache(maxsize=8)
def _catch_time(board: CrokinoleBoard, physics: CrokinolePhysics) -> float:
    """A disc's catch time over the 20-hole (the same for every flick on this board)."""
    return catch_time(physics.catch_depth(board), physics.g)


def _flick_bodies(
    pieces: tuple[Piece, ...],
    disc_id: str,
    start: tuple[float, float],
    velocity: tuple[float, float],
    spin: float,
    owner: int | None,
    board: CrokinoleBoard,
    physics: CrokinolePhysics,
) -> tuple[list[DiscBody], dict[str, Piece]]:
    """The engine bodies of a flick and the pieces they stand for (the shot disc placed)."""
    nums = (*start, *velocity, spin)
    if not all(math.isfinite(v) for v in nums):
        raise DiscInputError(
            f"flick numbers must be finite, got start={start}, velocity={velocity}, spin={spin}"
        )
    r = board.disc_radius
    if math.hypot(*start) > board.surface_radius - r:
        raise DiscInputError(
            f"start {start} puts the disc over the ditch (surface radius {board.surface_radius} m)"
        )
    for k, (px, py) in enumerate(board.peg_positions):
        if math.hypot(start[0] - px, start[1] - py) < r + board.peg_radius - 1e-9:
            raise DiscInputError(f"start {start} overlaps peg {k}")
    t_catch = _catch_time(board, physics)
    shot = next((p for p in pieces if p.id == disc_id), None)
    if shot is None:  # a new disc, made where it starts (the same record as one made, then moved)
        shot = Piece(
            id=disc_id,
            kind="disc",
            owner=owner,
            x=float(start[0]),
            y=float(start[1]),
            state=PieceState.ON_TABLE,
        )
    else:
        shot = shot.model_copy(
            update={"x": float(start[0]), "y": float(start[1]), "state": PieceState.ON_TABLE}
        )
    on_board = [p for p in pieces if p.on_table and p.id != disc_id]
    bodies = [DiscBody(p.id, p.x, p.y, r, board.disc_mass, physics.kappa, t_catch) for p in on_board]
    bodies.append(
        DiscBody(
            disc_id,
            shot.x,
            shot.y,
            r,
            board.disc_mass,
            physics.kappa,
            t_catch,
            vx=float(velocity[0]),
            vy=float(velocity[1]),
            spin=float(spin),
        )
    )
    return bodies, {p.id: p for p in [*on_board, shot]}


def run_flick(
    pieces: tuple[Piece, ...],
    disc_id: str,
    start: tuple[float, float],
    velocity: tuple[float, float],
    spin: float = 0.0,
    *,
    owner: int | None = None,
    board: CrokinoleBoard = STANDARD_BOARD,
    physics: CrokinolePhysics = STANDARD_PHYSICS,
    check: bool = False,
) -> DiscResult:
    """:func:`simulate_flick`'s engine run itself (``check``: energy and gap checks, for tests)."""
    bodies, _ = _flick_bodies(pieces, disc_id, start, velocity, spin, owner, board, physics)
    return run_discs(bodies, board_shapes(board, physics), board_par(board, physics), check=check)


def simulate_flick(
    pieces: tuple[Piece, ...],
    disc_id: str,
    start: tuple[float, float],
    velocity: tuple[float, float],
    spin: float = 0.0,
    *,
    owner: int | None = None,
    board: CrokinoleBoard = STANDARD_BOARD,
    physics: CrokinolePhysics = STANDARD_PHYSICS,
) -> tuple[tuple[Event, ...], tuple[Piece, ...]]:
    """Flick disc ``disc_id`` from ``start`` with ``velocity`` (m/s) and ``spin`` (rad/s,
    counter-clockwise seen from above); every other on-board piece starts at rest.

    Returns the engine's events (``collision``, ``cushion`` on ``peg:K``, ``holed`` in
    ``hole:20``, ``ditched`` in ``ditch``, motion-state changes) and the pieces after the shot:
    states ``on_table`` / ``in_hole`` / ``in_ditch`` (a leaner stays ``on_table``). The shot
    disc is added (kind ``disc``, ``owner``) if ``pieces`` does not hold it; pieces not on the
    board are returned unchanged. Raises :class:`DiscInputError` (a ValueError) for a start
    off the playing surface or overlapping a disc or a peg, or non-finite numbers.
    """
    bodies, moved = _flick_bodies(pieces, disc_id, start, velocity, spin, owner, board, physics)
    result = run_discs(bodies, board_shapes(board, physics), board_par(board, physics))
    after: dict[str, Piece] = {}
    for pid, piece in moved.items():
        x, y, cap = result.final[pid]
        if cap is None:
            after[pid] = piece.model_copy(update={"x": x, "y": y, "state": PieceState.ON_TABLE})
        else:
            after[pid] = piece.model_copy(update={"state": _STATE_OF[cap]})
    ordered = [after.get(p.id, p) for p in pieces]
    if all(p.id != disc_id for p in pieces):
        ordered.append(after[disc_id])
    return result.events, tuple(ordered)
