"""Novuss in the web app: the board to draw, the scoreboard (discs pocketed and left, debt), the
warm-up stroke and the striker's start velocity; the rules (turns, the edge zone, the calls) come
from the game (cueboard.games.novuss.GAME)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from pydantic import BaseModel

from cueboard.app.games.base import PAGES, GameAdapter, spec_json
from cueboard.games.novuss import STANDARD_BOARD, NovussPosition, NovussStrike
from cueboard.records.base import Position
from cueboard.records.match import MatchRecord

if TYPE_CHECKING:
    from cueboard.app.scorer_games import Keeper


class NovussAdapter(GameAdapter):
    name = "novuss"
    page_dir = PAGES / "novuss"

    def rules_settings(self, players: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        return {"players": players}

    def spec(self) -> dict[str, Any]:
        b = STANDARD_BOARD
        return spec_json(b, {"half": b.half, "pocket_centres": b.pocket_centres,
                             "edge_zone_line": b.edge_zone_line(0)})

    def scoreboard(self, position: Position) -> dict[str, Any]:
        p = cast(NovussPosition, position)
        game = self.game
        sides = []
        for side in (0, 1):
            sides.append({
                "seats": [s for s in game.seats(p) if game.side_of(p, s) == side],
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

    def cue_velocity(self, strike: BaseModel) -> tuple[float, float] | None:
        s = cast(NovussStrike, strike)
        a = math.radians(s.angle)
        return (s.speed * math.cos(a), s.speed * math.sin(a))

    def figures(
        self, record: MatchRecord, marks: Sequence[Mapping[str, Any] | None] | None
    ) -> dict[str, Any]:
        """:func:`cueboard.app.stats_novuss.novuss_stats`."""
        from cueboard.app.stats_novuss import novuss_stats

        return novuss_stats(record)

    def scorer_keeper(self) -> type[Keeper]:
        """:class:`cueboard.app.scorer_games.NovussKeeper`."""
        from cueboard.app.scorer_games import NovussKeeper

        return NovussKeeper
