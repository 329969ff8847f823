"""Crokinole in ``cueboard simulate POSITION STRIKE``: flick the next disc of the seat to move
from a crokinole position record and report the engine's events, the outcome facts, the
referee's ruling and the position after (docs/rules/crokinole.md)."""

from __future__ import annotations

import json
from typing import Any


def simulate_crokinole(position: dict[str, Any], strike: dict[str, Any]) -> str:
    """JSON text ``{"events", "outcome", "ruling", "position_after"}`` for one flick.

    ``position`` is a ``CrokinolePosition`` record, ``strike`` a ``CrokinoleStrike``; malformed
    records raise ``RecordError``, an illegal start or outcome a ``CrokinoleError`` (both
    ``ValueError``).
    """
    from cueboard.games.crokinole.records import CrokinoleDeclaration, CrokinolePosition, CrokinoleStrike
    from cueboard.games.crokinole.referee import apply
    from cueboard.games.crokinole.simulate import simulate_strike
    from cueboard.records.base import parse_record

    pos = parse_record(CrokinolePosition, position, prefix="position")
    flick = parse_record(CrokinoleStrike, strike, prefix="strike")
    events, outcome = simulate_strike(pos, flick)
    after, ruling = apply(pos, CrokinoleDeclaration(), outcome)
    return json.dumps(
        {
            "events": [e.model_dump(mode="json") for e in events],
            "outcome": outcome.model_dump(mode="json"),
            "ruling": ruling.model_dump(mode="json"),
            "position_after": after.model_dump(mode="json"),
        },
        indent=2,
        ensure_ascii=False,
    )

