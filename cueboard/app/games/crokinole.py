"""Crokinole in the web app: the board to draw, the lobby's settings, the scoreboard (round totals,
twenties, discs left), the warm-up flick and the flicked disc's start velocity; the rules (turns,
the shooting line, the calls) come from the game (cueboard.games.crokinole.GAME)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from pydantic import BaseModel

from cueboard.app.games.base import PAGES, GameAdapter, Setting, spec_json
from cueboard.games.crokinole import STANDARD_BOARD, CrokinolePosition, CrokinoleStrike, tally
from cueboard.records.base import Position
from cueboard.records.match import MatchRecord

if TYPE_CHECKING:
    from cueboard.app.scorer_games import Keeper


class CrokinoleAdapter(GameAdapter):
    name = "crokinole"
    page_dir = PAGES / "crokinole"

    #: Crokinole Match Notation besides the JSON and CSV statistics (cueboard/app/cmn.py).
    exports = ("json", "csv", "cmn")

    def settings(self) -> list[Setting]:
        return [
            Setting("variant", "choice", "seed", options=("seed", "tournament")),
            Setting("target", "int", 100, min=5, max=500),
            Setting("rounds", "int", 4, min=1, max=20),
            Setting("fifteen_rule", "bool", True),
        ]

    def rules_settings(self, players: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {**settings, "players": players}

    def spec(self) -> dict[str, Any]:
        b = STANDARD_BOARD
        return spec_json(b, {
            "peg_positions": b.peg_positions,
            "seat_angles": [b.seat_angle(s) for s in range(4)],
        })

    def warm_strike(self, position: Position) -> BaseModel:
        """A disc on the shooting line at the middle of the seat's quadrant, flicked gently at the
        centre."""
        b = STANDARD_BOARD
        a = b.seat_angle(position.to_move)
        start = (b.shooting_radius * math.cos(a), b.shooting_radius * math.sin(a))
        return CrokinoleStrike(start=start, speed=0.6, angle=math.degrees(a) + 180.0)

    def scoreboard(self, position: Position) -> dict[str, Any]:
        p = cast(CrokinolePosition, position)
        game = self.game
        seats = game.seats(p)
        side_of = {s: game.side_of(p, s) for s in seats}
        counts = tally(p.on_table(), side_of, p.twenties)
        sides = []
        for side in (0, 1):
            mine = [s for s in seats if side_of[s] == side]
            sides.append({
                "seats": mine,
                "score": p.scores[side],
                "extra": [
                    {"key": "score.round_total", "value": counts[side].total},
                    {"key": "score.twenties", "value": p.twenties[side]},
                    {"key": "score.discs_left", "value": sum(p.discs_left[s] for s in mine)},
                ],
            })
        rows: list[dict[str, Any]] = [{"key": "score.round", "value": p.round}]
        if p.settings.variant.value == "tournament":
            rows.append({"key": "score.rounds_of", "value": p.settings.rounds})
        else:
            rows.append({"key": "score.target", "value": p.settings.target})
        return {"sides": sides, "striker_side": side_of[p.to_move], "rows": rows}

    def cue_velocity(self, strike: BaseModel) -> tuple[float, float] | None:
        s = cast(CrokinoleStrike, strike)
        return None if s.spin else s.velocity_vector()

    def figures(
        self, record: MatchRecord, marks: Sequence[Mapping[str, Any] | None] | None
    ) -> dict[str, Any]:
        """:func:`cueboard.app.stats_crokinole.crokinole_stats`."""
        from cueboard.app.stats_crokinole import crokinole_stats

        return crokinole_stats(record)

    def scorer_keeper(self) -> type[Keeper]:
        """:class:`cueboard.app.scorer_games.CrokinoleKeeper`."""
        from cueboard.app.scorer_games import CrokinoleKeeper

        return CrokinoleKeeper
