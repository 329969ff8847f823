"""Crokinole and novuss in ``cueboard simulate POSITION STRIKE``: play the next shot of the seat
to move from a position record with the game's physics (crokinole: flick its next disc; novuss:
place its striker and strike) and report the engine's events, the outcome facts, the referee's
ruling and the position after (docs/rules/crokinole.md, docs/rules/novuss.md)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

REFEREED_GAMES = ("crokinole", "novuss")
"""The games whose ``cueboard simulate`` goes on to the referee (snooker's reports the physics)."""


def simulate_refereed(game: str, position: dict[str, Any], strike: dict[str, Any]) -> str:
    """JSON text ``{"events", "outcome", "ruling", "position_after"}`` for one shot of ``game``.

    ``position`` and ``strike`` are the game's position and strike records (crokinole:
    ``start``, ``speed`` and ``angle`` or ``velocity``, ``spin``; novuss: ``x``, ``y``, ``speed``,
    ``angle``); the declaration is the game's default one. Malformed records raise
    ``RecordError``; an illegal start or placement the game's own error naming the reason (crokinole
    ``IllegalShotError``, novuss ``IllegalPlacementError``): all ``ValueError``.
    """
    from cueboard.games.protocol import get_game
    from cueboard.records.base import parse_record

    if game not in REFEREED_GAMES:
        raise ValueError(f"simulate_refereed plays {' and '.join(REFEREED_GAMES)}, not '{game}'")
    rules = get_game(game)
    pos = parse_record(rules.records.position, position, prefix="position")
    shot = parse_record(rules.records.strike, strike, prefix="strike")
    declaration = rules.records.declaration()
    events, outcome = rules.simulate(pos, declaration, shot)
    # neither game draws lots: the referee's generator is never used
    after, ruling = rules.apply(pos, declaration, outcome, np.random.default_rng(0))
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
