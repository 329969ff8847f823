"""The shot at the boundary: where a disc may be flicked from (rules/crokinole.md: Players and
discs, "Shot"; seed 003 "Cách chơi": the disc is placed on the starting line "với ít nhất 50 phần
trăm của đĩa trong góc phần tư của mình" — at least 50 percent in the shooter's quadrant).

The checks, in order: the game is not over; the shooter has a disc left; the disc touches the
shooting line; it lies wholly on the playing surface; at least half of it is in the shooter's
quadrant; it does not overlap a disc on the board. The quadrant lines are radial, so a disc
has at least half its area in a quadrant exactly when its centre is in it (the next quadrant
line is over 8 in away at the shooting line).
"""

from __future__ import annotations

import math

from cueboard.games.crokinole.board import STANDARD_BOARD, CrokinoleBoard
from cueboard.games.crokinole.errors import IllegalShotError
from cueboard.games.crokinole.records import CrokinolePosition
from cueboard.games.crokinole.zones import LINE_TOLERANCE, touches_circle


def next_disc_id(position: CrokinolePosition, seat: int | None = None) -> str:
    """The id of the next disc ``seat`` (default: the seat to move) shoots: ``s<seat>-<k>``, k
    counting that player's discs in the round from 1."""
    s = position.to_move if seat is None else seat
    k = position.settings.discs - position.discs_left[s] + 1
    return f"s{s}-{k:02d}"


def check_start(
    position: CrokinolePosition, start: tuple[float, float], board: CrokinoleBoard = STANDARD_BOARD
) -> None:
    """Raise :class:`IllegalShotError` unless the seat to move may flick a disc from ``start``."""
    from cueboard.games.crokinole.referee import is_over

    seat = position.to_move
    x, y = start
    if is_over(position):
        raise IllegalShotError("game_over", "the game is over")
    if position.discs_left[seat] <= 0:
        raise IllegalShotError("no_discs_left", f"seat {seat} has no disc left to shoot this round")
    if not touches_circle(x, y, board.shooting_radius, board):
        d = math.hypot(x, y)
        raise IllegalShotError(
            "not_touching_shooting_line",
            f"a disc centred {d * 1000:.1f} mm from the centre does not touch the shooting line "
            f"(its centre must be {(board.shooting_radius - board.disc_radius) * 1000:.1f}.."
            f"{(board.shooting_radius + board.disc_radius) * 1000:.1f} mm out)",
        )
    if math.hypot(x, y) + board.disc_radius > board.surface_radius + LINE_TOLERANCE:
        raise IllegalShotError("off_playing_surface", "the disc would hang over the ditch")
    if not board.in_quadrant(seat, x, y):
        raise IllegalShotError(
            "outside_quadrant", f"less than half of the disc is in seat {seat}'s quadrant"
        )
    for p in position.on_table():
        gap = math.hypot(p.x - x, p.y - y) - 2 * board.disc_radius
        if gap < -LINE_TOLERANCE:
            raise IllegalShotError("overlaps_disc", f"the disc would overlap disc '{p.id}'")
