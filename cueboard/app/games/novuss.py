"""Novuss in the web app: the board to draw, the scoreboard (discs left, debt), the striker's
placement in the edge zone (the game's own check, with a reason code) and the referee's calls, read
from the novuss records (cueboard.games.novuss)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, cast

from pydantic import BaseModel

from cueboard.app.games.base import GameAdapter, spec_json
from cueboard.games.novuss import (
    STANDARD_BOARD,
    NovussPosition,
    NovussStrike,
    seats_in_play,
    side_of,
    striker_id,
)
from cueboard.records.base import Position


class NovussAdapter(GameAdapter):
    name = "novuss"
    placement_kind = "edge_zone"

    def rules_settings(self, players: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"players": players}

    def spec(self) -> dict[str, Any]:
        b = STANDARD_BOARD
        return spec_json(b, {"half": b.half, "pocket_centres": b.pocket_centres,
                             "edge_zone_line": b.edge_zone_line(0)})

    def scoreboard(self, position: Position) -> dict[str, Any]:
        p = cast(NovussPosition, position)
        seats = seats_in_play(p.players)
        sides = []
        for side in (0, 1):
            sides.append({
                "seats": [s for s in seats if side_of(s, p.players) == side],
                "score": p.pocketed[side],
                "extra": [
                    {"key": "score.discs_left", "value": len(p.discs_on_table(side))},
                    {"key": "score.debt", "value": p.debt[side]},
                ],
            })
        return {"sides": sides, "striker_side": p.side_to_move, "rows": [], "score_key": "score.pocketed"}

    def warm_strike(self, position: Position) -> BaseModel:
        """The striker in the middle of the seat's edge zone, 0.1 m off its centre line, played
        gently straight ahead (seat directions: board.py's frame, 0 bottom, 1 left, 2 top, 3 right)."""
        b = STANDARD_BOARD
        u = b.half - b.edge_zone / 2
        seat = position.to_move
        x, y, angle = ((0.1, -u, 90.0), (-u, 0.1, 0.0), (0.1, u, -90.0), (u, 0.1, 180.0))[seat]
        return NovussStrike(x=x, y=y, speed=0.8, angle=angle)

    def strike_velocity(self, position: Position, strike: BaseModel) -> dict[str, tuple[float, float]]:
        s = cast(NovussStrike, strike)
        a = math.radians(s.angle)
        return {striker_id(position.to_move): (s.speed * math.cos(a), s.speed * math.sin(a))}
