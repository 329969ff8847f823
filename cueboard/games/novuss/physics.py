"""Novuss on the event-driven engine: one stroke (docs/physics.md#discs).

The board (:mod:`.board`) becomes shapes: four rails (``rail:bottom|left|top|right``), straight
walls along the edges of the 1 m playing surface with the rails' restitution and friction, and
four round pockets, openings named as in ``board.pocket_centres`` whose catch rule is in
:mod:`cueboard.engine.models.disc_capture` (a piece crossing near a pocket's centre at a moderate
speed drops, one clipping its edge at speed passes over). Pieces are rings (κ = (1 + (r/R)²)/2,
friction of an annular contact patch: ``disc.RING``) following the disc model
(:mod:`cueboard.engine.models.disc`) with the parameters of :mod:`.physics_params`. Pieces never
fly over a rail in this planar model (the reason is on ``NovussPhysics.flies_over_rails``), so
``off_table`` is not produced.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from cueboard.engine.disc_shot import OVERLAP_TOL, DiscBody, DiscInputError, DiscResult, disc_par, run_discs
from cueboard.engine.events import Event, EventKind
from cueboard.engine.models.disc import CAP_OPENING, RING
from cueboard.engine.models.disc_capture import catch_time
from cueboard.engine.world import ShapeBuilder, Shapes
from cueboard.games.novuss.board import STANDARD_BOARD, NovussBoard
from cueboard.games.novuss.geometry import lies_at
from cueboard.games.novuss.physics_params import STANDARD_PHYSICS, NovussPhysics
from cueboard.records.base import Piece, PieceState

_STATE_OF = {EventKind.POCKETED: PieceState.POCKETED, EventKind.OFF_TABLE: PieceState.OFF_TABLE}


@lru_cache(maxsize=8)
def board_shapes(board: NovussBoard = STANDARD_BOARD, phys: NovussPhysics = STANDARD_PHYSICS) -> Shapes:
    """The board's fixed shapes: the four rails and the four pockets."""
    h = board.half
    sb = ShapeBuilder()
    rails = {
        "bottom": ((-h, -h), (h, -h)),
        "left": ((-h, -h), (-h, h)),
        "top": ((-h, h), (h, h)),
        "right": ((h, -h), (h, h)),
    }
    for name, (p1, p2) in rails.items():
        sb.segment(f"rail:{name}", p1, p2, toward=(0.0, 0.0), e=phys.e_rail, mu=phys.mu_rail)
    for k, (name, centre) in enumerate(board.pocket_centres.items()):
        sb.capture(name, centre, board.pocket_radius, event=EventKind.POCKETED, kind=CAP_OPENING + k)
    return sb.build()


@lru_cache(maxsize=8)
def board_par(board: NovussBoard = STANDARD_BOARD, phys: NovussPhysics = STANDARD_PHYSICS) -> np.ndarray:
    """The engine's parameter array for novuss pieces."""
    openings = [(c[0], c[1], board.pocket_radius) for c in board.pocket_centres.values()]
    return disc_par(mu=phys.mu_board, g=phys.g, e=phys.e_piece, mu_c=phys.mu_piece, openings=openings)


@lru_cache(maxsize=16)
def _piece_numbers(
    board: NovussBoard, phys: NovussPhysics, striker: bool
) -> tuple[float, float, float, float]:
    """A striker's or a disc's radius, mass, κ and catch time (the same for every stroke)."""
    depth_disc, depth_striker = phys.catch_depths()
    if striker:
        r, hole, m, depth = board.striker_radius, board.striker_hole_radius, board.striker_mass, depth_striker
    else:
        r, hole, m, depth = board.disc_radius, board.disc_hole_radius, board.disc_mass, depth_disc
    return r, m, phys.moment_factor(r, hole), catch_time(depth, phys.g)


def _body(
    p: Piece, board: NovussBoard, numbers: tuple[float, float, float, float], velocity: tuple[float, float]
) -> DiscBody:
    """The engine's body for piece ``p``; ``numbers``: its kind's ``_piece_numbers``."""
    r, m, kappa, catch = numbers
    h = board.half - r
    if abs(p.x) > h + OVERLAP_TOL or abs(p.y) > h + OVERLAP_TOL:
        raise DiscInputError(f"piece '{p.id}' at ({p.x}, {p.y}) is not on the playing surface")
    return DiscBody(
        p.id, p.x, p.y, r, m, kappa, catch, vx=float(velocity[0]), vy=float(velocity[1]), friction_table=RING
    )


def run_stroke(
    pieces: tuple[Piece, ...],
    striker_id: str,
    velocity: tuple[float, float],
    *,
    board: NovussBoard = STANDARD_BOARD,
    physics: NovussPhysics = STANDARD_PHYSICS,
    check: bool = False,
) -> DiscResult:
    """:func:`simulate_stroke`'s engine run itself (``check``: energy and gap checks, for tests)."""
    if not all(math.isfinite(v) for v in velocity):
        raise DiscInputError(f"stroke velocity must be finite, got {velocity}")
    on = [p for p in pieces if p.on_table]
    if not any(p.id == striker_id for p in on):
        raise DiscInputError(f"striker '{striker_id}' is not on the table")
    # each kind's numbers looked up once a stroke (a lookup hashes the board and the physics)
    disc, striker = _piece_numbers(board, physics, False), _piece_numbers(board, physics, True)
    still = (0.0, 0.0)
    bodies = [
        _body(p, board, striker if p.kind == "striker" else disc, velocity if p.id == striker_id else still)
        for p in on
    ]
    return run_discs(bodies, board_shapes(board, physics), board_par(board, physics), check=check)


def simulate_stroke(
    pieces: tuple[Piece, ...],
    striker_id: str,
    velocity: tuple[float, float],
    *,
    board: NovussBoard = STANDARD_BOARD,
    physics: NovussPhysics = STANDARD_PHYSICS,
) -> tuple[tuple[Event, ...], tuple[Piece, ...]]:
    """Strike ``striker_id`` (already placed, on the table in ``pieces``) with ``velocity`` (m/s).

    Returns the engine's events (``collision``, ``cushion`` on ``rail:<bottom|left|top|right>``,
    ``pocketed`` with the pocket's name, motion-state changes) and the pieces after the stroke,
    in the same order: ``on_table`` where they came to rest or ``pocketed``; pieces not on the
    table are returned unchanged. Raises :class:`DiscInputError` (a ValueError) for a missing
    striker, a piece off the surface, overlapping pieces or non-finite numbers.
    """
    result = run_stroke(pieces, striker_id, velocity, board=board, physics=physics)
    out: list[Piece] = []
    for p in pieces:
        if not p.on_table:
            out.append(p)
            continue
        x, y, cap = result.final[p.id]
        if cap is None:
            out.append(p if lies_at(p, x, y) else p.model_copy(update={"x": x, "y": y}))
        else:
            out.append(p.model_copy(update={"state": _STATE_OF[cap]}))
    return result.events, tuple(out)
