"""The stored rolling-ball table of the Mathavan 2010 cushion law (models/mathavan.py).

``mathavan_rolling.json`` holds the table for the standard snooker cushion (nose 33.3 mm above
the bed for a 52.5 mm ball, e = 0.98, cushion friction 0.14, bed friction 0.212: Mathavan et
al. 2010 and ``cueboard/games/snooker/physics_params.py``), built offline by
``python -m cueboard.engine.models.mathavan_table`` with ``TABLE_STEPS`` impulse steps per node.
The engine's kernel reads it as a compile-time constant; impacts with other parameters are
integrated at run time (``mathavan.N_ENGINE`` steps).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from cueboard.engine.models import mathavan

PATH = Path(__file__).with_name("mathavan_rolling.json")
#: The parameters of the stored table: sin θ, e, bed friction μs, cushion friction μw.
STANDARD = {"sin_theta": (0.0333 - 0.02625) / 0.02625, "e": 0.98, "mu_s": 0.212, "mu_w": 0.14}


def build(sin_theta: float, e: float, mu_s: float, mu_w: float) -> np.ndarray:
    """The table for these parameters (``mathavan.TABLE_NODES`` rows; a few seconds)."""
    r, m = 0.02625, 0.141  # the table is per unit approach speed and radius: r, m cancel
    return np.asarray(
        mathavan.build_rolling_table(
            r, m, sin_theta, e, mu_s, mu_w, mathavan.TABLE_NODES, mathavan.TABLE_STEPS
        )
    )


def load() -> tuple[np.ndarray, np.ndarray]:
    """The stored table and its parameters ``[sin θ, e, μs, μw]``."""
    doc = json.loads(PATH.read_text())
    params = np.array([doc["sin_theta"], doc["e"], doc["mu_s"], doc["mu_w"]], dtype=np.float64)
    return np.array(doc["table"], dtype=np.float64), params


def main() -> int:
    table = build(**STANDARD)
    doc = {
        "source": "Mathavan, Jackson & Parkin 2010 (Proc. IMechE C 224, 1863-1873), eq. 12-17, "
        "integrated by cueboard.engine.models.mathavan.solve",
        "steps": mathavan.TABLE_STEPS,
        "columns": "change of (vx, vy, R wx, R wy, R wz) per unit approach speed vy; "
        "node k at u = -1 + 2k/(nodes-1), q = u / (1 - |u|) = slip at I along the cushion / vy",
        **STANDARD,
        "table": [[float(f"{v:.10g}") for v in row] for row in table.tolist()],
    }
    PATH.write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    print(f"wrote {PATH} ({table.shape[0]} nodes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
