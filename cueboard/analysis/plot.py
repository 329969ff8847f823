"""Shot maps as PNG heat maps with matplotlib (the optional extra ``cueboard[plot]``).

The table is drawn lying down: the baulk end on the left, the top (black) cushion on the right,
as the web app shows it. Cells where the cue ball cannot be are left blank.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from cueboard.analysis.shotmap import ShotMap
from cueboard.batch.tasks import BatchInputError
from cueboard.games.snooker import STANDARD_TABLE, layout_of

T = STANDARD_TABLE


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise BatchInputError("drawing a shot map needs matplotlib: pip install 'cueboard[plot]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def draw_shotmap(m: ShotMap, path: Path, dpi: int = 120) -> None:
    """Write the heat map of ``m`` to ``path`` (PNG)."""
    plt = _pyplot()
    from matplotlib.patches import Circle, Rectangle

    step = m.spec.step
    fig, ax = plt.subplots(figsize=(10, 5.6))
    ax.set_facecolor("#1f5f33")  # the cloth, where the cue ball cannot be
    extent = (m.ys[0] - step / 2, m.ys[-1] + step / 2, m.xs[-1] + step / 2, m.xs[0] - step / 2)
    image = ax.imshow(
        np.ma.masked_invalid(m.p.T), extent=extent, origin="upper", cmap="viridis", vmin=0.0, vmax=1.0,
        interpolation="nearest", aspect="equal",
    )
    hw = T.half_width
    ax.add_patch(Rectangle((0.0, -hw), T.length, T.width, fill=False, lw=2, color="saddlebrown"))
    for px, py in T.pocket_centres.values():
        ax.add_patch(Circle((py, px), 0.045, color="black"))
    ax.plot([T.baulk_y, T.baulk_y], [-hw, hw], color="white", lw=0.8, alpha=0.7)
    d = np.linspace(-math.pi / 2, math.pi / 2, 60)
    ax.plot(T.baulk_y - T.d_radius * np.cos(d), T.d_radius * np.sin(d), color="white", lw=0.8, alpha=0.7)
    for ball, (bx, by) in layout_of(m.spec.snooker_position().pieces).items():
        if ball == "white":
            continue
        colour = "red" if ball.startswith("red") else ball
        edge = "white" if ball == m.spec.target else "grey"
        ax.add_patch(Circle((by, bx), T.ball_radius * 1.6, facecolor=colour, edgecolor=edge, lw=1.5))
    ax.set_xlim(-0.05, T.length + 0.05)
    ax.set_ylim(-hw - 0.05, hw + 0.05)
    ax.set_xlabel("along the table from the baulk cushion (m)")
    ax.set_ylabel("across (m)")
    spec = m.spec
    ax.set_title(
        f"P(pot {spec.target}) for ai:{spec.level}, cue ball at each {spec.step * 100:g} cm cell, "
        f"{spec.trials} noisy trials per cell"
    )
    fig.colorbar(image, ax=ax, fraction=0.025, pad=0.02, label="fraction potted")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=dpi)
    plt.close(fig)
