"""Novuss in ``cueboard simulate POSITION STRIKE``: place the striker of the seat to move, play the
stroke with the disc physics and report the engine's events, the outcome facts, the referee's
ruling and the position after (docs/rules/novuss.md)."""

from __future__ import annotations

import json
from typing import Any


def simulate_novuss(position: dict[str, Any], strike: dict[str, Any]) -> str:
    """JSON text ``{"events", "outcome", "ruling", "position_after"}`` for one stroke.

    ``position`` is a ``NovussPosition`` record, ``strike`` a ``NovussStrike`` (``x``, ``y``,
    ``speed``, ``angle``); malformed records raise ``RecordError``, an illegal placement an
    ``IllegalPlacementError`` naming the reason (both ``ValueError``).
    """
    from cueboard.games.novuss import GAME
    from cueboard.games.novuss.records import NovussDeclaration, NovussPosition, NovussStrike
    from cueboard.games.novuss.referee import apply
    from cueboard.records.base import parse_record

    pos = parse_record(NovussPosition, position, prefix="position")
    stroke = parse_record(NovussStrike, strike, prefix="strike")
    events, outcome = GAME.simulate(pos, NovussDeclaration(), stroke)
    after, ruling = apply(pos, outcome)
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
