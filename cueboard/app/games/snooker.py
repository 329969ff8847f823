"""Snooker in the web app: the table to draw, the lobby's settings, the scoreboard (break, points
remaining, snookers required), the choices after a foul, the D placement and the referee's calls,
all read from the snooker records (cueboard.games.snooker: position, declaration, ruling)."""

from __future__ import annotations

import math
from typing import Any, cast

from pydantic import BaseModel

from cueboard.app.games.base import ChoiceError, GameAdapter, Message, PlacementError, Setting, spec_json
from cueboard.games.snooker.declaration import Action, Choice, SnookerDeclaration
from cueboard.games.snooker.position import SnookerPosition, colour_of, side_of
from cueboard.games.snooker.records import SnookerStrike
from cueboard.games.snooker.ruling import SnookerRuling
from cueboard.games.snooker.table import COLOURS_IN_ORDER, STANDARD_TABLE
from cueboard.records.base import Position


class SnookerAdapter(GameAdapter):
    name = "snooker"
    player_counts = (2, 4)
    placement_kind = "d"

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
        striker = side_of(p.to_move)
        sides = []
        for side in (0, 1):
            sides.append({
                "seats": [s for s in range(p.rules.players) if side_of(s) == side],
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

    def turn(self, position: Position) -> dict[str, Any]:
        p = cast(SnookerPosition, position)
        if self.over(p):
            return {"seat": p.to_move, "action": "over", "choices": [], "placement": None}
        if p.pending:
            return {
                "seat": p.to_move, "action": "choose", "choices": list(p.pending), "placement": None,
                "free_ball": p.free_ball,
            }
        nominate: list[str] = []
        if p.ball_on == "colour":
            nominate = list(p.colours_on_table())
        free: list[str] = []
        if p.free_ball:
            free = [b for b in p.on_table_ids() if b != p.ball_on]
        return {
            "seat": p.to_move,
            "action": "strike",
            "choices": [],
            "placement": {"kind": "d", "required": True} if p.in_hand else None,
            "cue": "white",
            "nominate": nominate,
            "free_ball": free,
        }

    def check_placement(self, position: Position, x: float, y: float) -> None:
        """The cue ball in hand goes in the D (S2 D10, S3 R11(e)) without touching a ball."""
        p = cast(SnookerPosition, position)
        t = STANDARD_TABLE
        if not p.in_hand:
            raise PlacementError("not_in_hand", "the cue ball is not in hand: it is played where it lies")
        if not t.in_d(x, y):
            raise PlacementError("outside_d", f"({x:.3f}, {y:.3f}) m is outside the D")
        for b in p.on_table():
            if b.id != "white" and math.hypot(b.x - x, b.y - y) < t.ball_diameter - 1e-9:
                raise PlacementError("overlaps", f"the cue ball would overlap the {b.id}", {"ball": b.id})

    def validate_strike(self, position: Position, strike: BaseModel) -> None:
        p = cast(SnookerPosition, position)
        s = cast(SnookerStrike, strike)
        if p.in_hand:
            if s.place_cue_ball is None:
                raise PlacementError("required", "the cue ball is in hand: place it in the D")
            self.check_placement(p, *s.place_cue_ball)
        elif s.place_cue_ball is not None:
            raise PlacementError("not_in_hand", "the cue ball is not in hand: leave place_cue_ball empty")

    def warm_strike(self, position: Position) -> BaseModel:
        """The cue ball placed in the D beside the brown and played gently up the table."""
        t = STANDARD_TABLE
        return SnookerStrike(speed=0.8, angle=90.0, place_cue_ball=(t.d_radius / 2, t.baulk_y - 0.1))

    def choice_declaration(self, position: Position, choice: str) -> BaseModel:
        p = cast(SnookerPosition, position)
        if choice not in p.pending:
            offered = ", ".join(p.pending) or "none"
            raise ChoiceError(f"the choice '{choice}' is not open now (open: {offered})")
        return SnookerDeclaration(action=Action.CHOOSE, choice=Choice(choice))

    def strike_velocity(self, position: Position, strike: BaseModel) -> dict[str, tuple[float, float]]:
        s = cast(SnookerStrike, strike)
        if s.elevation or s.side or s.top:
            return {}  # swerve and spin-induced slip: the start velocity alone does not fix the path
        a = math.radians(s.angle)
        return {"white": (s.speed * math.cos(a), s.speed * math.sin(a))}

    def start_positions(self, position: Position, strike: BaseModel) -> dict[str, tuple[float, float]]:
        out = super().start_positions(position, strike)
        s = cast(SnookerStrike, strike)
        if s.place_cue_ball is not None:
            out["white"] = s.place_cue_ball
        return out

    def announcements(self, ruling: BaseModel, before: Position, after: Position) -> list[Message]:
        r = cast(SnookerRuling, ruling)
        out: list[Message] = []
        if r.action == "choose":
            return [Message("ref.choice_made", {"seat": r.striker})]
        if r.foul:
            reason = r.foul_reason.value if r.foul_reason else "foul"
            out.append(Message("ref.snooker.foul", {"penalty": r.penalty, "reason_key": f"foul.{reason}"}))
            if r.miss:
                out.append(Message("ref.snooker.miss"))
            if r.warning:
                out.append(Message("ref.snooker.warning"))
        elif r.points:
            out.append(Message("ref.snooker.points", {"points": r.points, "break": r.break_points}))
        else:
            out.append(Message("ref.snooker.no_score"))
        for spot in r.respots:
            out.append(Message("ref.snooker.respot", {"ball_key": f"ball.{colour_of(spot.ball)}"}))
        if r.free_ball:
            out.append(Message("ref.snooker.free_ball"))
        if r.touching:
            out.append(Message("ref.snooker.touching", {"ball_key": f"ball.{colour_of(r.touching[0])}"}))
        if r.black_respotted:
            out.append(Message("ref.snooker.black_respotted"))
        if r.frame_over:
            out.append(Message("ref.snooker.frame_over", {"side": r.frame_winner}))
        if r.match_over:
            out.append(Message("ref.match_over", {"side": r.match_winner}))
        return out

    def over(self, position: Position) -> bool:
        p = cast(SnookerPosition, position)
        return p.match_over or (p.frame_over and p.rules.best_of == 1 and p.rules.aggregate_frames is None)

    def next_frame(self, position: Position) -> Position | None:
        """The next frame of a best-of-N match, break-off alternating (S3 R3, ``match.next_frame``)."""
        from cueboard.games.snooker.match import next_frame

        p = cast(SnookerPosition, position)
        if p.frame_over and not self.over(p):
            return next_frame(p)
        return None

    def winner(self, position: Position) -> int | None:
        p = cast(SnookerPosition, position)
        if p.match_winner is not None:
            return p.match_winner
        return p.frame_winner

    def frame_number(self, position: Position) -> int:
        return cast(SnookerPosition, position).frame_number
