"""Where a disc lies on the board, and what it scores (rules/crokinole.md: Board, Scoring).

Lines are circles of zero width; a disc *touches* a line when its edge reaches the line's centre
(rules: Board). A disc touching a scoring line counts the lower value (seed 003 "Ghi điểm":
"Nếu đĩa đang chạm vào một đường điểm, nó sẽ được tính là giá trị thấp hơn"). Comparisons allow
:data:`LINE_TOLERANCE` in favour of touching, so that a disc placed exactly on a line (as a person
or a test would place it) touches it despite rounding.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from cueboard.games.crokinole.board import STANDARD_BOARD, CrokinoleBoard
from cueboard.games.crokinole.records import ZoneCount
from cueboard.records.base import Piece, PieceState

#: A nanometre: far below any physical meaning, far above float rounding at board scale.
LINE_TOLERANCE = 1e-9


def distance(x: float, y: float) -> float:
    """Distance of a point from the centre of the board."""
    return math.hypot(x, y)


def touches_circle(x: float, y: float, radius: float, board: CrokinoleBoard = STANDARD_BOARD) -> bool:
    """Whether a disc centred at (x, y) touches the line circle of ``radius``."""
    d = distance(x, y)
    r = board.disc_radius
    return d - r <= radius + LINE_TOLERANCE and d + r >= radius - LINE_TOLERANCE


def zone_value(x: float, y: float, board: CrokinoleBoard = STANDARD_BOARD) -> int:
    """The value of a disc on the board centred at (x, y): 15, 10 or 5; 0 when it touches or lies
    outside the shooting line (such a disc is removed after the shot, rules: Valid shots).

    A disc counts a zone only when it lies wholly inside that zone's outer line; touching the
    line gives the lower value. A disc over (leaning into) the 20-hole is in the 15-zone: it
    scores 15 (rules: Valid shots, "A leaning disc scores 15").
    """
    outer = distance(x, y) + board.disc_radius
    if outer < board.fifteen_radius - LINE_TOLERANCE:
        return 15
    if outer < board.ten_radius - LINE_TOLERANCE:
        return 10
    if outer < board.shooting_radius - LINE_TOLERANCE:
        return 5
    return 0


def on_or_outside_shooting_line(x: float, y: float, board: CrokinoleBoard = STANDARD_BOARD) -> bool:
    """Whether a disc touches or lies outside the shooting line (removed after every shot)."""
    return distance(x, y) + board.disc_radius >= board.shooting_radius - LINE_TOLERANCE


def in_or_touching_fifteen(x: float, y: float, board: CrokinoleBoard = STANDARD_BOARD) -> bool:
    """Whether a disc lies in the 15-zone or touches the 15-line (an open shot may stay)."""
    return distance(x, y) - board.disc_radius <= board.fifteen_radius + LINE_TOLERANCE


def is_leaner(x: float, y: float, board: CrokinoleBoard = STANDARD_BOARD) -> bool:
    """Whether a disc on the board lies partly over the 20-hole (it leans into it and stays)."""
    return distance(x, y) < board.hole_radius + board.disc_radius - LINE_TOLERANCE


def tally(
    pieces: Iterable[Piece],
    side_of_seat: dict[int, int],
    twenties: tuple[int, int],
    board: CrokinoleBoard = STANDARD_BOARD,
) -> tuple[ZoneCount, ZoneCount]:
    """Each side's count at the end of a round: the 20s shot into the hole, and the discs on the
    board by the zone they score in (rules: Scoring and game).

    ``side_of_seat`` maps a disc's owner seat to its side. Discs touching the shooting line score
    nothing (they would have been removed).
    """
    counts = [[twenties[0], 0, 0, 0], [twenties[1], 0, 0, 0]]
    slot = {15: 1, 10: 2, 5: 3}
    for p in pieces:
        if p.state is not PieceState.ON_TABLE or p.owner is None:
            continue
        value = zone_value(p.x, p.y, board)
        if value:
            counts[side_of_seat[p.owner]][slot[value]] += 1
    return (
        ZoneCount(twenties=counts[0][0], fifteens=counts[0][1], tens=counts[0][2], fives=counts[0][3]),
        ZoneCount(twenties=counts[1][0], fifteens=counts[1][1], tens=counts[1][2], fives=counts[1][3]),
    )
