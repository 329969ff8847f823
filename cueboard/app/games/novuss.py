"""Novuss in the web app: the board to draw, the scoreboard (discs left, debt), the striker's
placement in the edge zone (the game's own check, with a reason code) and the referee's calls, read
from the novuss records (cueboard.games.novuss)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, cast

from pydantic import BaseModel

from cueboard.app.games.base import GameAdapter, Message, PlacementError, spec_json
from cueboard.games.novuss.board import STANDARD_BOARD
from cueboard.games.novuss.geometry import check_striker_placement
from cueboard.games.novuss.records import (
    NovussPosition,
    NovussRuling,
    NovussStrike,
    seats_in_play,
    side_of,
    striker_id,
)
from cueboard.records.base import Position

#: Reason codes for the game's placement refusals, by the words of its message (checked in this
#: order by :func:`check_striker_placement`).
_REASONS = (("overlap a rail", "rail"), ("crosses the line", "outside_zone"), ("pocket", "pocket"),
            ("touches disc", "touches_disc"))


class NovussAdapter(GameAdapter):
    name = "novuss"
    player_counts = (2, 4)
    placement_kind = "edge_zone"

    def rules_settings(self, players: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"players": players}

    def seats(self, players: int) -> tuple[int, ...]:
        return seats_in_play(players)

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

    def turn(self, position: Position) -> dict[str, Any]:
        p = cast(NovussPosition, position)
        if p.winner is not None:
            return {"seat": p.to_move, "action": "over", "choices": [], "placement": None}
        return {
            "seat": p.to_move,
            "action": "strike",
            "choices": [],
            "placement": {"kind": "edge_zone", "required": True, "seat": p.to_move},
            "cue": striker_id(p.to_move),
        }

    def check_placement(self, position: Position, x: float, y: float) -> None:
        """The striker inside its own edge zone, not over the line, clear of pockets and discs
        (rules/novuss.md: Set-up and turns; the game's :func:`check_striker_placement`)."""
        p = cast(NovussPosition, position)
        why = check_striker_placement(p.to_move, x, y, p.pieces, STANDARD_BOARD)
        if why is not None:
            reason = next((code for words, code in _REASONS if words in why), "illegal")
            raise PlacementError(reason, why)

    def placement_of(self, strike: BaseModel) -> tuple[float, float] | None:
        s = cast(NovussStrike, strike)
        return (s.x, s.y)

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

    def start_positions(self, position: Position, strike: BaseModel) -> dict[str, tuple[float, float]]:
        out = super().start_positions(position, strike)
        out[striker_id(position.to_move)] = self.placement_of(strike) or (0.0, 0.0)
        return out

    def announcements(self, ruling: BaseModel, before: Position, after: Position) -> list[Message]:
        r = cast(NovussRuling, ruling)
        out: list[Message] = []
        if r.penalty:
            case = r.penalty_cases[0] if r.penalty_cases else 0
            out.append(Message("ref.novuss.penalty", {"reason_key": f"novuss.penalty.{case}"}))
            if r.debt_added:
                out.append(Message("ref.novuss.debt"))
        if r.own_pocketed:
            out.append(Message("ref.novuss.own_pocketed", {"count": len(r.own_pocketed)}))
        if r.opponent_pocketed:
            out.append(Message("ref.novuss.opponent_pocketed", {"count": len(r.opponent_pocketed)}))
        if r.returned:
            out.append(Message("ref.novuss.returned", {"count": len(r.returned)}))
        if r.winner is not None:
            out.append(Message("ref.match_over", {"side": r.winner}))
        elif r.turn_lost:
            out.append(Message("ref.novuss.turn_over"))
        else:
            out.append(Message("ref.novuss.again"))
        return out

    def winner(self, position: Position) -> int | None:
        return cast(NovussPosition, position).winner
