"""Where things are on the novuss board: light and dark discs, placement points, the set-up.

Every function here is pure geometry over pieces (board frame of ``board.py``). Per seat, two
coordinates are used: the *depth* ``u``, the distance from the centre line towards the seat's own
rail (``u = 0.5`` at the rail), and the *lateral* coordinate ``v`` along that rail (``x`` for seats
0 and 2, ``y`` for seats 1 and 3; the zone's middle line is ``v = 0``).

"The line shows through the hole" (rules/novuss.md "Light and dark discs"): a disc's hole is the
circle of radius ``hole`` (``NovussBoard.disc_hole_radius``) about its centre; a line is the strip
``line_width`` wide centred on the nominal line (130 mm from the rail; the circle of radius 125 mm).
The line shows through the hole when the hole and the strip overlap with positive area, i.e. when
the distance from the disc's centre to the line's centre is less than ``hole + line_width / 2``.
A disc is *in* a zone when its centre lies on the zone's side of the line; so a disc is dark in an
edge zone when ``u - hole >= line + line_width / 2`` and dark in the central circle when
``|c| + hole <= R - line_width / 2``: the whole hole lies inside the zone, clear of the line.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from cueboard.errors import PositionError
from cueboard.games.novuss.board import STANDARD_BOARD, NovussBoard
from cueboard.games.novuss.records import SIDE_COLOURS, SIDE_PREFIXES, seats_in_play, side_of, striker_id
from cueboard.records.base import Piece, PieceState

#: Rail names by seat (the rail behind the player at that seat); engine shapes are ``rail:<name>``.
RAILS: tuple[str, str, str, str] = ("bottom", "left", "top", "right")
#: Step of the search for a free point on the central circle's edge, degrees.
CIRCLE_STEP_DEG = 2.0
#: Two pieces closer than the sum of their radii plus this gap are taken to touch, metres.
TOUCH_GAP = 1e-6


def lies_at(piece: Piece, x: float, y: float) -> bool:
    """Whether ``piece``'s centre is exactly ``(x, y)``, the signs of zeros included: a piece a
    stroke left where it was is kept as it is, not copied to the same place (a copy costs ~5 µs,
    and most of a stroke's twenty-odd pieces never move)."""
    return (
        piece.x == x
        and piece.y == y
        and math.copysign(1.0, piece.x) == math.copysign(1.0, x)
        and math.copysign(1.0, piece.y) == math.copysign(1.0, y)
    )


def depth(seat: int, x: float, y: float) -> float:
    """Distance from the board's centre line towards ``seat``'s rail."""
    return (-y, -x, y, x)[seat]


def lateral(seat: int, x: float, y: float) -> float:
    """Coordinate along ``seat``'s rail, measured from the zone's middle line."""
    return x if seat in (0, 2) else y


def point(seat: int, u: float, v: float) -> tuple[float, float]:
    """The board point at depth ``u`` and lateral ``v`` for ``seat`` (inverse of depth/lateral)."""
    return ((v, -u), (-u, v), (v, u), (u, v))[seat]


def opposite_rail(seat: int) -> str:
    return RAILS[(seat + 2) % 4]


def line_shows_in_zone(seat: int, x: float, y: float, board: NovussBoard = STANDARD_BOARD) -> bool:
    """Whether ``seat``'s edge-zone line shows through the hole of a disc centred at (x, y)."""
    line = board.edge_zone_line(seat)
    return abs(depth(seat, x, y) - line) < board.disc_hole_radius + board.line_width / 2


def line_shows_in_circle(x: float, y: float, board: NovussBoard = STANDARD_BOARD) -> bool:
    """Whether the central circle's line shows through the hole of a disc centred at (x, y)."""
    return abs(math.hypot(x, y) - board.centre_radius) < board.disc_hole_radius + board.line_width / 2


def in_own_zone_dark(seat: int, x: float, y: float, board: NovussBoard = STANDARD_BOARD) -> bool:
    """A disc at (x, y) lies in ``seat``'s own edge zone with the line not showing through its hole."""
    line = board.edge_zone_line(seat)
    return depth(seat, x, y) - board.disc_hole_radius >= line + board.line_width / 2


def in_circle_dark(x: float, y: float, board: NovussBoard = STANDARD_BOARD) -> bool:
    """A disc at (x, y) lies in the central circle with the line not showing through its hole."""
    return math.hypot(x, y) + board.disc_hole_radius <= board.centre_radius - board.line_width / 2


def is_dark(seat: int, x: float, y: float, board: NovussBoard = STANDARD_BOARD) -> bool:
    """A disc at (x, y) is dark for the player at ``seat``: in the central circle or in his own edge
    zone, the line not showing through its hole (seed 004; rules/novuss.md)."""
    return in_circle_dark(x, y, board) or in_own_zone_dark(seat, x, y, board)


def in_zone(seat: int, x: float, y: float, board: NovussBoard = STANDARD_BOARD) -> bool:
    """A point lies inside ``seat``'s edge zone (beyond the zone line's centre)."""
    return depth(seat, x, y) > board.edge_zone_line(seat)


def radius_of(piece: Piece, board: NovussBoard = STANDARD_BOARD) -> float:
    return board.striker_radius if piece.kind == "striker" else board.disc_radius


def is_free(
    x: float, y: float, radius: float, pieces: Iterable[Piece], board: NovussBoard = STANDARD_BOARD
) -> bool:
    """A piece of ``radius`` at (x, y) overlaps no piece on the table (touching is allowed) and lies
    on the playing surface, clear of the pockets' openings."""
    if abs(x) + radius > board.half + 1e-12 or abs(y) + radius > board.half + 1e-12:
        return False
    for cx, cy in board.pocket_centres.values():
        if math.hypot(x - cx, y - cy) < board.pocket_radius + radius:
            return False
    for p in pieces:
        if p.on_table and math.hypot(x - p.x, y - p.y) < radius + radius_of(p, board) - 1e-12:
            return False
    return True


def nearest_free_point(
    x: float, y: float, radius: float, pieces: Iterable[Piece], board: NovussBoard = STANDARD_BOARD
) -> tuple[float, float]:
    """The free point nearest to (x, y), searched on rings 1 mm apart (at most 0.5 mm off the best)."""
    pieces = tuple(pieces)
    if is_free(x, y, radius, pieces, board):
        return (x, y)
    for k in range(1, int(2 * board.size / 0.001)):
        ring = k * 0.001
        n = max(8, int(2 * math.pi * ring / 0.0005))
        for k in range(n):
            a = 2 * math.pi * k / n
            px, py = x + ring * math.cos(a), y + ring * math.sin(a)
            if is_free(px, py, radius, pieces, board):
                return (px, py)
    raise PositionError("no free point on the board")


def centre_or_circle_point(
    pieces: Iterable[Piece], board: NovussBoard = STANDARD_BOARD, *, toward: tuple[float, float] | None = None
) -> tuple[tuple[float, float], str]:
    """Where a disc that flew over a rail goes (penalty case 5; loss of turn): the centre of the
    board, or if occupied a free point on the central circle's edge (the disc's centre on the
    line), the free point nearest the direction ``toward`` (default +x). Returns the point and the
    words for it."""
    pieces = tuple(pieces)
    r = board.disc_radius
    if is_free(0.0, 0.0, r, pieces, board):
        return (0.0, 0.0), "the centre of the board"
    start = math.atan2(toward[1], toward[0]) if toward is not None and toward != (0.0, 0.0) else 0.0
    steps = round(180.0 / CIRCLE_STEP_DEG)
    for k in range(steps + 1):
        for sign in (1, -1) if k else (1,):
            a = start + sign * math.radians(k * CIRCLE_STEP_DEG)
            px, py = board.centre_radius * math.cos(a), board.centre_radius * math.sin(a)
            if is_free(px, py, r, pieces, board):
                return (px, py), "a free point on the edge of the central circle"
    return nearest_free_point(0.0, 0.0, r, pieces, board), "the free point nearest the centre"


def _blocked_intervals(
    seat: int, u: float, radius: float, pieces: Iterable[Piece], board: NovussBoard
) -> list[tuple[float, float]]:
    """Lateral intervals along depth ``u`` where a piece of ``radius`` would overlap a piece."""
    out = []
    for p in pieces:
        if not p.on_table:
            continue
        d = radius + radius_of(p, board)
        du = depth(seat, p.x, p.y) - u
        if abs(du) < d:
            half = math.sqrt(d * d - du * du)
            pv = lateral(seat, p.x, p.y)
            out.append((pv - half, pv + half))
    return out


def _slide(start: float, direction: int, intervals: list[tuple[float, float]]) -> float:
    """The first lateral coordinate from ``start`` in ``direction`` outside every open interval."""
    v = start
    moved = True
    while moved:
        moved = False
        for lo, hi in intervals:
            if lo + 1e-12 < v < hi - 1e-12:
                v = hi if direction > 0 else lo
                moved = True
    return v


def penalty_spot(
    seat: int, side: int, pieces: Iterable[Piece], board: NovussBoard = STANDARD_BOARD
) -> tuple[tuple[float, float], str]:
    """Where the penalty disc of the player at ``seat`` (of ``side``) goes (rules: Penalty disc):
    on the middle line of the edge zone opposite him (where his discs started), against the rail; if
    that place is taken, next to it along the rail on the side of the middle line where fewer of
    the side's discs lie (a tie: the side where the free place is nearer, then the +x / +y side).
    Returns the point and the words for it."""
    pieces = tuple(pieces)
    far = (seat + 2) % 4
    r = board.disc_radius
    u = board.half - r
    where = f"the middle line of the {RAILS[far]} edge zone, against the rail"
    x, y = point(far, u, 0.0)
    if is_free(x, y, r, pieces, board):
        return (x, y), where
    own = [lateral(far, p.x, p.y) for p in pieces if p.on_table and p.kind == "disc" and p.owner == side]
    fewer_plus = sum(1 for v in own if v > 0) - sum(1 for v in own if v < 0)
    intervals = _blocked_intervals(far, u, r, pieces, board)
    # next to the disc(s) in the way: touching, exactly (no rounding: the physics refuses overlaps)
    plus = _slide(0.0, 1, intervals)
    minus = _slide(0.0, -1, intervals)
    order: list[float]
    order = [plus, minus] if fewer_plus < 0 or (fewer_plus == 0 and plus <= -minus) else [minus, plus]
    for v in order:
        px, py = point(far, u, v)
        if is_free(px, py, r, pieces, board):
            word = ("right" if v > 0 else "left") if far in (0, 2) else "top" if v > 0 else "bottom"
            return (px, py), f"next to {where}, towards the {word} rail"
    return nearest_free_point(x, y, r, pieces, board), f"the free point nearest {where}"


def check_striker_placement(
    seat: int, x: float, y: float, pieces: Iterable[Piece], board: NovussBoard = STANDARD_BOARD
) -> str | None:
    """Why the striker may not be placed at (x, y) for ``seat``, or None when it may (rules: Set-up
    and turns): inside the seat's own edge zone without crossing its line (the striker's edge no
    nearer the centre than the line's inner edge), wholly on the surface, clear of the pockets'
    openings, and not touching a disc."""
    R = board.striker_radius
    if abs(x) + R > board.half + 1e-12 or abs(y) + R > board.half + 1e-12:
        return f"the striker at ({x:.4f}, {y:.4f}) would overlap a rail"
    line_inner = board.edge_zone_line(seat) - board.line_width / 2
    if depth(seat, x, y) - R < line_inner - 1e-12:
        return (
            f"the striker at ({x:.4f}, {y:.4f}) crosses the line of the {RAILS[seat]} edge zone "
            f"(its edge must stay within {board.edge_zone + board.line_width / 2:.4f} m of the rail)"
        )
    for name, (cx, cy) in board.pocket_centres.items():
        if math.hypot(x - cx, y - cy) < board.pocket_radius + R:
            return f"the striker at ({x:.4f}, {y:.4f}) overlaps the {name} pocket"
    for p in pieces:
        if p.on_table and p.kind == "disc":
            gap = math.hypot(x - p.x, y - p.y) - R - board.disc_radius
            if gap <= TOUCH_GAP:
                return f"the striker at ({x:.4f}, {y:.4f}) touches disc '{p.id}'"
    return None


def initial_pieces(players: int = 2, board: NovussBoard = STANDARD_BOARD) -> tuple[Piece, ...]:
    """The set-up (rules: Set-up and turns): each player's discs against the rail of the edge zone
    opposite him, in a touching row split evenly by that zone's middle line — 8 discs (4 + 4) for
    two players; with four players a side's 8 discs are shared by the two partners, 4 (2 + 2)
    opposite each of them. Strikers are off the table."""
    r = board.disc_radius
    seats = seats_in_play(players)
    per_seat = board.discs_per_side // (1 if players == 2 else 2)
    pieces: list[Piece] = []
    numbers = [0, 0]
    for seat in seats:
        side = side_of(seat, players)
        far = (seat + 2) % 4
        half = per_seat // 2
        for k in range(-half, half):
            v = (2 * k + 1) * r
            x, y = point(far, board.half - r, v)
            numbers[side] += 1
            pieces.append(
                Piece(
                    id=f"{SIDE_PREFIXES[side]}{numbers[side]}",
                    kind="disc",
                    colour=SIDE_COLOURS[side],
                    owner=side,
                    x=round(x, 6),
                    y=round(y, 6),
                )
            )
    for seat in seats:
        pieces.append(
            Piece(
                id=striker_id(seat), kind="striker", owner=side_of(seat, players), state=PieceState.OFF_TABLE
            )
        )
    return tuple(pieces)
