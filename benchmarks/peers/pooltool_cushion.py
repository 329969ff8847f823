"""Rebounds of pooltool 0.6's Mathavan 2010 cushion model for a list of cases.

Run with the peer's interpreter: ``python pooltool_cushion.py CASES.json OUT.json``. CASES.json:
``{"params": {M, R, h, e, mu_s, mu_w}, "cases": [[vx, vy, wx, wy, wz], ...]}`` in the paper's
cushion frame (x along the cushion, y into it, z up). OUT.json: ``{"fine": [...], "default":
[...]}``, each case's (vx, vy, wx, wy, wz) after the impact from
``pooltool.physics.resolve.ball_cushion.mathavan_2010.model.solve`` at a fine step
(``FINE_STEPS``, ``FINE_DP``) and at pooltool's own default (``Mathavan2010Linear``: 1000, 0.001).
Imports nothing from cueboard.
"""

from __future__ import annotations

import json
import sys
from importlib import metadata

FINE_STEPS, FINE_DP = 1_000_000, 1e-6
DEFAULT_STEPS, DEFAULT_DP = 1000, 0.001


def main() -> int:
    from pooltool.physics.resolve.ball_cushion.mathavan_2010.model import solve

    doc = json.loads(open(sys.argv[1]).read())
    p = doc["params"]
    head = (p["M"], p["R"], p["h"], p["e"], p["mu_s"], p["mu_w"])
    out = {
        "version": metadata.version("pooltool-billiards"),
        "fine": [list(solve(*head, *c, FINE_STEPS, FINE_DP)) for c in doc["cases"]],
        "default": [list(solve(*head, *c, DEFAULT_STEPS, DEFAULT_DP)) for c in doc["cases"]],
    }
    with open(sys.argv[2], "w") as f:
        json.dump(out, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
