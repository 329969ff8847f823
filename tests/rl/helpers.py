"""Actions for the tests, written in the games' own units."""

from __future__ import annotations

from typing import Any

import numpy as np

from cueboard.rl.core import Core


def action(
    core: Core, option: int = 0, place: tuple[float, float] = (0.0, 0.0), **values: float
) -> dict[str, Any]:
    """The action striking with ``values`` (speed=1.0, angle=90.0...: the strike's parameters in
    their units; those left out at the middle of their range), the piece placed at unit ``place``."""
    return {"strike": core.strike_unit(values), "place": np.array(place, np.float32), "option": option}
