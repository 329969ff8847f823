"""An SVG drawing of a snooker shot: the table's cushions, jaws and pockets, the balls where they
started and where they stopped, and each ball's path (``cueboard simulate --svg``)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cueboard.engine.world import Shapes
from cueboard.games.snooker.table import SnookerTable
from cueboard.records.base import Piece

#: Pixels per metre.
SCALE = 220.0
MARGIN = 0.12  # metres around the cushion faces
BALL_FILL = {
    "white": "#f8f8f0",
    "red": "#c0161b",
    "yellow": "#f2d21b",
    "green": "#117a3d",
    "brown": "#7a4a1e",
    "blue": "#1f4fbf",
    "pink": "#f08fb0",
    "black": "#111111",
}


def render_svg(
    table: SnookerTable,
    shapes: Shapes,
    final: Sequence[Piece],
    paths: Mapping[str, Sequence[tuple[float, float]]],
) -> str:
    """The drawing as SVG text (y up the table drawn upwards): each path from its first point
    (the ball's start, drawn dashed) to the ball at rest in ``final``."""
    hw, length = table.half_width, table.length
    width = (2 * hw + 2 * MARGIN) * SCALE
    height = (length + 2 * MARGIN) * SCALE

    def px(x: float, y: float) -> tuple[float, float]:
        return (x + hw + MARGIN) * SCALE, (length + MARGIN - y) * SCALE

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.1f} {height:.1f}">',
        f'<rect width="{width:.1f}" height="{height:.1f}" fill="#4a2c16"/>',
    ]
    x0, y0 = px(-hw, length)
    out.append(
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{2 * hw * SCALE:.1f}" height="{length * SCALE:.1f}" '
        'fill="#1d6b34"/>'
    )
    bx, by = px(-hw, table.baulk_y)
    out.append(
        f'<line x1="{bx:.1f}" y1="{by:.1f}" x2="{px(hw, 0)[0]:.1f}" y2="{by:.1f}" stroke="#d8e8d8" '
        'stroke-width="1"/>'
    )
    for row in shapes.cap:
        cx, cy = px(row[0], row[1])
        out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{row[2] * SCALE:.1f}" fill="#000"/>')
    for row in shapes.seg:
        a, b = px(row[0], row[1]), px(row[2], row[3])
        out.append(
            f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" '
            'stroke="#0c3d1c" stroke-width="3"/>'
        )
    for row in shapes.arc:
        r = row[2]
        a0, span = row[3], row[4]
        p1 = px(row[0] + r * math.cos(a0), row[1] + r * math.sin(a0))
        p2 = px(row[0] + r * math.cos(a0 + span), row[1] + r * math.sin(a0 + span))
        large = 1 if span > math.pi else 0
        out.append(
            f'<path d="M {p1[0]:.1f} {p1[1]:.1f} A {r * SCALE:.1f} {r * SCALE:.1f} 0 {large} 0 '
            f'{p2[0]:.1f} {p2[1]:.1f}" fill="none" stroke="#0c3d1c" stroke-width="3"/>'
        )
    colour = {p.id: BALL_FILL.get(p.colour or "", "#cccccc") for p in final}
    for ball_id, pts in paths.items():
        if len(pts) < 2:
            continue
        d = " ".join(f"{'M' if k == 0 else 'L'} {px(*q)[0]:.1f} {px(*q)[1]:.1f}" for k, q in enumerate(pts))
        out.append(
            f'<path d="{d}" fill="none" stroke="{colour.get(ball_id, "#ccc")}" stroke-width="1.5" '
            'stroke-opacity="0.85"/>'
        )
    r = table.ball_radius * SCALE
    for ball_id, pts in paths.items():
        cx, cy = px(*pts[0])
        out.append(
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="none" '
            f'stroke="{colour.get(ball_id, "#ccc")}" stroke-dasharray="2 2"/>'
        )
    for p in final:
        if p.on_table:
            cx, cy = px(p.x, p.y)
            out.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{colour.get(p.id, "#ccc")}" '
                'stroke="#000" stroke-width="0.5"><title>' + p.id + "</title></circle>"
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"
