"""The balls at the start of a frame (WPBSA S3 R2 and rules/snooker.md, Equipment).

Colours on their spots; the reds in a tight equilateral triangle, base parallel to the top
cushion, apex ball on the centre line as near the pink as possible without touching it.
"""

from __future__ import annotations

import math
from typing import Final

from cueboard.errors import SettingsError
from cueboard.games.snooker.table import COLOURS_IN_ORDER, STANDARD_TABLE, SnookerTable
from cueboard.records.base import Piece

#: Gap left between the pink and the apex red, m: "as near as possible without touching"
#: (rules/snooker.md: a gap of 1 mm or less is fine; touching means a gap under 0.1 mm).
APEX_GAP: Final = 0.0005
#: Reds counts that make a triangle (15 standard; 6 and 10 are rules options).
TRIANGLE_ROWS: Final = {1: 1, 3: 2, 6: 3, 10: 4, 15: 5}


def red_triangle(reds: int = 15, table: SnookerTable = STANDARD_TABLE) -> list[tuple[float, float]]:
    """Centres of the reds, apex first, row by row from the pink towards the top cushion."""
    if reds not in TRIANGLE_ROWS:
        raise SettingsError(f"{reds} reds do not make a triangle (choose one of {sorted(TRIANGLE_ROWS)})")
    d = table.ball_diameter
    apex_y = table.spots["pink"][1] + d + APEX_GAP
    row_step = d * math.sqrt(3.0) / 2.0
    out: list[tuple[float, float]] = []
    for row in range(TRIANGLE_ROWS[reds]):
        y = apex_y + row * row_step
        for k in range(row + 1):
            out.append(((k - row / 2.0) * d, y))
    return out


def rack(
    reds: int = 15,
    *,
    white: tuple[float, float] | None = None,
    table: SnookerTable = STANDARD_TABLE,
) -> tuple[Piece, ...]:
    """The balls of a new frame: ``red1``..``redN`` (apex first), the six colours on their spots,
    and the ``white`` at ``white`` when given (otherwise it is in hand and left out)."""
    pieces = [
        Piece(id=f"red{k + 1}", kind="ball", colour="red", x=x, y=y)
        for k, (x, y) in enumerate(red_triangle(reds, table))
    ]
    spots = table.spots
    pieces += [Piece(id=c, kind="ball", colour=c, x=spots[c][0], y=spots[c][1]) for c in COLOURS_IN_ORDER]
    if white is not None:
        pieces.append(Piece(id="white", kind="ball", colour="white", x=white[0], y=white[1]))
    return tuple(pieces)
