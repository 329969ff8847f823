"""The cushion tops and the rail behind them, for balls in the air (the ball model's "rail").

A ball in the air whose lowest point passes over a cushion's nose (``ball.flies_over``) has not
yet left the table: it is over the cushion's top and the wooden rail behind it, and it leaves the
table only when it comes down beyond the rail's outer edge or comes to rest on it. WPBSA S2
"Forced off the Table": a ball is forced off the table if it comes to rest other than on the bed
of the table or in a pocket; a referee's commentary on the rules (seed 001, the Ukrainian text
with its commentary) says it in the case: a ball that stops on the cushion rail is off the table,
because it stopped somewhere other than on the playing surface.

The model (``par`` columns below, set by :func:`set_rail`; a table without them keeps the older
rule, a ball over a nose is off the table at once):
- the cushion tops and the rail are one horizontal surface at the height of the cushion nose,
  between the cushion lines (the playing area's rectangle, ``x0 <= x <= x1``, ``y0 <= y <= y1``)
  and the rail's outer edge, ``width`` outside them; the cushion's profile between its nose and
  its top is not modelled (its top is taken at the nose's height);
- a ball lands on it, bounces, slides and rolls on it by the bed's laws (the cushion's top is
  covered by the bed's cloth; the wooden rail's own friction and restitution are not modelled);
- it leaves the surface back over the bed when its centre comes a radius inside a cushion line
  (where it clears the nose, it drops to the bed beside the cushion), and off the table when its
  centre passes the rail's outer edge (it falls to the floor), or when it comes to rest on it;
- only the straight cushions (segments flagged ``SRAIL``) have a top and rail behind them: a
  ball over a pocket's jaw is off the table at once, as before, and over a pocket's fall circle
  it drops into the pocket (the pocket's cut into the rail is not modelled beyond its fall).

The edges are event times of the ball's own segment (``TE``, the first crossing of a closed-form
path over a line: roots.first_fall), with ``AUX0`` saying which edge it is (``EDGE_OUT``,
``EDGE_IN``), so the event-driven scheme stays exact.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from cueboard.engine.jit import internal
from cueboard.engine.layout import AUX0, AX, AY, DIST_TOL, IAUX, PX, PY, RAD, T0, TE, VX, VY
from cueboard.engine.roots import first_fall
from cueboard.errors import SettingsError

# ---- parameter columns of the ball model's row in ``par`` (after ball.py's own) ---------------
RAIL_X0: Final = 11  # the cushion lines: the playing area's rectangle
RAIL_X1: Final = 12
RAIL_Y0: Final = 13
RAIL_Y1: Final = 14
RAIL_W: Final = 15  # the rail's outer edge, this far outside the cushion lines (0: no rail)
RAIL_H: Final = 16  # the cushion tops' and the rail's height above the bed

#: ``AUX0`` of a ball over the rail: what its ``TE`` is (0: its own transition).
EDGE_OUT: Final = 1.0  # its centre passes the rail's outer edge: off the table
EDGE_IN: Final = 2.0  # its centre comes a radius inside a cushion line: back over the bed


def set_rail(
    par: np.ndarray, x0: float, x1: float, y0: float, y1: float, width: float, height: float
) -> None:
    """Give the ball model's row of ``par`` a rail (module doc): the cushion lines' rectangle,
    the rail's width outside it and its height above the bed, metres."""
    if not (x1 > x0 and y1 > y0):
        raise SettingsError(f"the rail's rectangle is empty: x {x0}..{x1}, y {y0}..{y1}")
    if not width > 0.0 or not height >= 0.0:
        raise SettingsError(f"the rail needs a width > 0 and a height >= 0, not {width} and {height}")
    row = par[0]
    row[RAIL_X0], row[RAIL_X1], row[RAIL_Y0], row[RAIL_Y1] = x0, x1, y0, y1
    row[RAIL_W] = width
    row[RAIL_H] = height


@internal
def ground(ibody: np.ndarray, i: int, p: np.ndarray) -> float:
    """The height of the surface under ball ``i``: the rail's over a rail, else the bed's (0)."""
    return p[RAIL_H] if ibody[IAUX, i] != 0 else 0.0


@internal
def _crossing(c0: float, c1: float, c2: float, hi: float) -> float:
    """First time in (0, hi] at which ``c0 + c1 τ + c2 τ²`` crosses from above ``DIST_TOL`` to
    zero or below (inf if none): a centre passing a line, not one touching it."""
    tau, _ = first_fall(c0, c1, c2, 0.0, 0.0, 0.0, hi, DIST_TOL, 0.0, 1.0)
    return tau


@internal
def _edge_time(body: np.ndarray, i: int, p: np.ndarray, hi: float) -> tuple[float, float]:
    """When ball ``i`` over the rail next reaches an edge of it within ``hi`` of its ``T0``, and
    which (``EDGE_OUT`` / ``EDGE_IN``); ``(inf, 0)`` if neither."""
    px, py = body[PX, i], body[PY, i]
    vx, vy = body[VX, i], body[VY, i]
    hx, hy = 0.5 * body[AX, i], 0.5 * body[AY, i]
    w = p[RAIL_W]
    r = body[RAD, i]
    # outer edge: the first of the four lines the centre passes outwards
    out = min(
        min(_crossing(px - p[RAIL_X0] + w, vx, hx, hi), _crossing(p[RAIL_X1] + w - px, -vx, -hx, hi)),
        min(_crossing(py - p[RAIL_Y0] + w, vy, hy, hi), _crossing(p[RAIL_Y1] + w - py, -vy, -hy, hi)),
    )
    # back over the bed: every one of the four lines a radius inside the cushion lines that the
    # centre is not inside of now is passed inwards, and the others still hold then
    lo = (px - p[RAIL_X0] - r, p[RAIL_X1] - r - px, py - p[RAIL_Y0] - r, p[RAIL_Y1] - r - py)
    c1 = (vx, -vx, vy, -vy)
    c2 = (hx, -hx, hy, -hy)
    back = 0.0
    outside = False
    for k in range(4):
        if lo[k] < DIST_TOL:
            outside = True
            back = max(back, _crossing(-lo[k], -c1[k], -c2[k], hi))
    if outside and back < np.inf:
        for k in range(4):
            if lo[k] + back * (c1[k] + back * c2[k]) < -DIST_TOL:
                back = np.inf
    if back < out:
        return back, EDGE_IN
    if out < np.inf:
        return out, EDGE_OUT
    return np.inf, 0.0


@internal
def cap_at_edge(body: np.ndarray, i: int, p: np.ndarray) -> None:
    """End ball ``i``'s segment (just set by ``start_segment``, over the rail) at the rail's edge
    if it reaches one first: ``TE`` becomes that time and ``AUX0`` says which edge."""
    body[AUX0, i] = 0.0
    hi = body[TE, i] - body[T0, i]
    if not hi > 0.0:
        return
    tau, edge = _edge_time(body, i, p, min(hi, 1.0e3))
    if tau <= hi:
        body[TE, i] = body[T0, i] + tau
        body[AUX0, i] = edge
