"""Games refereed in ``cueboard simulate POSITION STRIKE`` (crokinole, novuss, and any game whose
physics traces no bare set of pieces): play the next shot of the seat
to move from a position record with the game's physics (crokinole: flick its next disc; novuss:
place its striker and strike) and report the engine's events, the outcome facts, the referee's
ruling and the position after (docs/rules/crokinole.md, docs/rules/novuss.md)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np


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

    rules = get_game(game)
    pos = parse_record(rules.records.position, position, prefix="position")
    shot = parse_record(rules.records.strike, strike, prefix="strike")
    declaration = rules.records.declaration()
    events, outcome = rules.simulate(pos, declaration, shot)
    # a game that draws lots draws them with a fixed seed, so the command's output is reproducible
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
