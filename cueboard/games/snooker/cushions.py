"""The snooker table's fixed shapes: cushions, rounded pocket jaws and pocket falls.

Frame and dimensions from cueboard.games.snooker.table (WPBSA S1). Each cushion is a straight
segment between two pockets, ending in a rounded knuckle (an arc tangent to the cushion face)
that turns into a straight jaw face running into the pocket. The mouth width (table.corner_mouth,
table.middle_mouth) is the narrowest gap between the two knuckles of a pocket. A pocket captures a
ball when its centre passes over the fall circle behind the mouth, so whether a ball drops is
decided by the jaws it meets on the way (a ball can hit a jaw and rattle out), not by a point test.
Shape names: ``cushion:<side>``, ``jaw:<pocket>:<a|b>`` (knuckle arcs and jaw faces),
``pocket:<pocket>``.
"""

from __future__ import annotations

import math
from functools import lru_cache

from cueboard.engine.events import EventKind
from cueboard.engine.world import ShapeBuilder, Shapes
from cueboard.games.snooker.physics_params import SnookerPhysics
from cueboard.games.snooker.table import SnookerTable

SQ2 = math.sqrt(2.0)


def _corner(b: ShapeBuilder, name: str, sx: float, sy: float, t: SnookerTable, ph: SnookerPhysics) -> None:
    """Corner pocket at (sx·hw, 0 or L): ``sx`` = ±1 (left/right), ``sy`` = +1 bottom, -1 top."""
    hw, length = t.half_width, t.length
    cx, cy = sx * hw, (0.0 if sy > 0 else length)
    rk = ph.corner_jaw_radius
    c = (t.corner_mouth + 2.0 * rk) / SQ2 - rk  # distance of each cushion end from the corner
    kw = dict(e=ph.e_cushion, mu=ph.mu_cushion, h=t.cushion_height)
    ax, ay = sx / SQ2, -sy / SQ2  # axis of the pocket, pointing out of the table
    # knuckle on the end cushion (bottom/top): centre behind the face y = cy
    k1 = (cx - sx * c, cy - sy * rk)
    # knuckle on the side cushion: centre behind the face x = cx
    k2 = (cx + sx * rk, cy + sy * c)
    # end-cushion knuckle: from the face normal (0, sy) round to the normal facing the axis
    n_face = math.atan2(sy, 0.0)
    n_axis1 = math.atan2(sy, sx)
    _arc_between(b, f"jaw:{name}:a", k1, rk, n_face, n_axis1, kw)
    n_face2 = math.atan2(0.0, -sx)
    n_axis2 = math.atan2(-sy, -sx)
    _arc_between(b, f"jaw:{name}:b", k2, rk, n_face2, n_axis2, kw)
    for label, k, n_ang in (("a", k1, n_axis1), ("b", k2, n_axis2)):
        p1 = (k[0] + rk * math.cos(n_ang), k[1] + rk * math.sin(n_ang))
        p2 = (p1[0] + ax * ph.jaw_length, p1[1] + ay * ph.jaw_length)
        s = (p1[0] - cx) * ax + (p1[1] - cy) * ay
        b.segment(
            f"jaw:{name}:{label}", p1, p2, toward=(cx + s * ax, cy + s * ay),
            e=kw["e"], mu=kw["mu"], h=kw["h"],
        )
    d = ph.corner_fall_setback + ph.fall_radius
    b.capture(f"pocket:{name}", (cx + ax * d, cy + ay * d), ph.fall_radius, event=EventKind.POCKETED)


def _arc_between(
    b: ShapeBuilder,
    name: str,
    centre: tuple[float, float],
    r: float,
    a1: float,
    a2: float,
    kw: dict[str, float],
) -> None:
    """The shorter arc between directions ``a1`` and ``a2`` (radians)."""
    d = (a2 - a1) % (2.0 * math.pi)
    if d <= math.pi:
        b.arc(name, centre, r, start=a1, span=d, e=kw["e"], mu=kw["mu"], h=kw["h"])
    else:
        b.arc(name, centre, r, start=a2, span=2.0 * math.pi - d, e=kw["e"], mu=kw["mu"], h=kw["h"])


def _middle(b: ShapeBuilder, name: str, sx: float, t: SnookerTable, ph: SnookerPhysics) -> None:
    """Middle pocket on the side cushion x = sx·hw."""
    hw, ym = t.half_width, t.length / 2.0
    rk = ph.middle_jaw_radius
    half = t.middle_mouth / 2.0
    kw = dict(e=ph.e_cushion, mu=ph.mu_cushion, h=t.cushion_height)
    n_face = math.atan2(0.0, -sx)
    for label, sy in (("a", -1.0), ("b", 1.0)):
        k = (sx * (hw + rk), ym + sy * (half + rk))
        n_axis = math.atan2(-sy, 0.0)
        _arc_between(b, f"jaw:{name}:{label}", k, rk, n_face, n_axis, kw)
        p1 = (k[0], ym + sy * half)
        p2 = (p1[0] + sx * ph.jaw_length, p1[1])
        b.segment(f"jaw:{name}:{label}", p1, p2, toward=(p1[0], ym), e=kw["e"], mu=kw["mu"], h=kw["h"])
    d = ph.middle_fall_setback + ph.fall_radius
    b.capture(f"pocket:{name}", (sx * (hw + d), ym), ph.fall_radius, event=EventKind.POCKETED)


@lru_cache(maxsize=8)
def table_shapes(t: SnookerTable, ph: SnookerPhysics) -> Shapes:
    """The cushions, jaws and pocket falls of table ``t`` with the physics ``ph``."""
    b = ShapeBuilder()
    hw, length = t.half_width, t.length
    kw = dict(e=ph.e_cushion, mu=ph.mu_cushion, h=t.cushion_height)
    c = (t.corner_mouth + 2.0 * ph.corner_jaw_radius) / SQ2 - ph.corner_jaw_radius
    m = t.middle_mouth / 2.0 + ph.middle_jaw_radius
    centre = (0.0, length / 2.0)
    # the six straight cushions have a top and the rail behind them (engine/models/rail.py)
    b.segment("cushion:bottom", (-hw + c, 0.0), (hw - c, 0.0), toward=centre, rail=True, **kw)
    b.segment("cushion:top", (-hw + c, length), (hw - c, length), toward=centre, rail=True, **kw)
    b.segment("cushion:left-bottom", (-hw, c), (-hw, length / 2.0 - m), toward=centre, rail=True, **kw)
    b.segment("cushion:left-top", (-hw, length / 2.0 + m), (-hw, length - c), toward=centre, rail=True, **kw)
    b.segment("cushion:right-bottom", (hw, c), (hw, length / 2.0 - m), toward=centre, rail=True, **kw)
    b.segment("cushion:right-top", (hw, length / 2.0 + m), (hw, length - c), toward=centre, rail=True, **kw)
    _corner(b, "bottom-left", -1.0, 1.0, t, ph)
    _corner(b, "bottom-right", 1.0, 1.0, t, ph)
    _corner(b, "top-left", -1.0, -1.0, t, ph)
    _corner(b, "top-right", 1.0, -1.0, t, ph)
    _middle(b, "middle-left", -1.0, t, ph)
    _middle(b, "middle-right", 1.0, t, ph)
    return b.build()
