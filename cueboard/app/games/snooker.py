"""Snooker in the web app: the table to draw, the lobby's settings, the scoreboard (break, points
remaining, snookers required), the stroke's start for the animation; the rules (turns, the D, the
choices after a foul, the calls) come from the game (cueboard.games.snooker.GAME)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from pydantic import BaseModel

from cueboard.app.games.base import PAGES, GameAdapter, Setting, spec_json
from cueboard.games.snooker import COLOURS_IN_ORDER, STANDARD_TABLE, SnookerPosition, SnookerStrike
from cueboard.records.base import Position
from cueboard.records.match import MatchRecord

if TYPE_CHECKING:
    from cueboard.app.scorer_games import Keeper


class SnookerAdapter(GameAdapter):
    reads_marks = True
    name = "snooker"
    first_player_setting = "first_breaker"  # who breaks off the first frame; a rematch alternates it
    page_dir = PAGES / "snooker"

    def settings(self) -> list[Setting]:
        return [
            Setting("reds", "choice", 15, options=(15, 10, 6)),
            Setting("miss", "choice", "professional", options=("professional", "amateur", "off")),
            Setting("best_of", "int", 1, min=1, max=35),
        ]

    def spec(self) -> dict[str, Any]:
        t = STANDARD_TABLE
        return spec_json(t, {
            "ball_radius": t.ball_radius,
            "spots": t.spots,
            "pocket_centres": t.pocket_centres,
            "colours": list(COLOURS_IN_ORDER),
        })

    def scoreboard(self, position: Position) -> dict[str, Any]:
        p = cast(SnookerPosition, position)
        game = self.game
        striker = game.side_of(p, p.to_move)
        sides = []
        for side in (0, 1):
            sides.append({
                "seats": [s for s in game.seats(p) if game.side_of(p, s) == side],
                "score": p.scores[side],
                "extra": [
                    {"key": "score.frames", "value": p.frames_won[side]},
                    {"key": "score.highest_break", "value": p.highest_break[side]},
                    {"key": "score.snookers_required", "value": p.snookers_required(side)},
                ],
            })
        return {
            "sides": sides,
            "striker_side": striker,
            "rows": [
                {"key": "score.break", "value": p.break_points},
                {"key": "score.remaining", "value": p.points_remaining()},
                {"key": "score.ball_on", "value_key": f"ball.{p.ball_on}"},
                {"key": "score.frame", "value": p.frame_number + 1, "of": p.rules.best_of},
            ],
        }

    def awarded(self, position: Position, side: int) -> Position:
        """The match awarded (WPBSA Section 4 Rule 3): the frame in progress lost and the frames
        needed to complete the match, :func:`cueboard.games.snooker.award_match`."""
        from cueboard.games.snooker import award_match

        return award_match(cast(SnookerPosition, position), side)

    def warm_strike(self, position: Position) -> BaseModel:
        """The cue ball placed in the D beside the brown and played gently up the table."""
        t = STANDARD_TABLE
        return SnookerStrike(speed=0.8, angle=90.0, place_cue_ball=(t.d_radius / 2, t.baulk_y - 0.1))

    def cue_velocity(self, strike: BaseModel) -> tuple[float, float] | None:
        s = cast(SnookerStrike, strike)
        if s.elevation or s.side or s.top:
            return None  # swerve and spin-induced slip: the start velocity alone does not fix the path
        a = math.radians(s.angle)
        return (s.speed * math.cos(a), s.speed * math.sin(a))

    def figures(
        self, record: MatchRecord, marks: Sequence[Mapping[str, Any] | None] | None
    ) -> dict[str, Any]:
        """:func:`cueboard.app.stats_snooker.snooker_stats`."""
        from cueboard.app.stats_snooker import snooker_stats

        return snooker_stats(record, marks)

    def scorer_keeper(self) -> type[Keeper]:
        """:class:`cueboard.app.scorer_snooker.SnookerKeeper`."""
        from cueboard.app.scorer_snooker import SnookerKeeper

        return SnookerKeeper
