"""Snooker as a :class:`cueboard.games.protocol.Game`: records, opening position, whose turn and
what they may do (the D, the choices after a foul, nominations), physics (lazy), referee, end of
frame and match. Importing this module never imports the physics engine."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from cueboard.games.common import GameBase, RecordCheck
from cueboard.games.protocol import (
    Capability,
    ChanceOutcome,
    GameOutcome,
    IllegalChoiceError,
    IllegalPlacementError,
    PlacementArea,
    StrikeParameter,
    Termination,
    Turn,
)
from cueboard.games.snooker.declaration import Action, Choice, SnookerDeclaration
from cueboard.games.snooker.position import SnookerPosition, is_red, side_of
from cueboard.games.snooker.records import (
    MAX_SPEED,
    MAX_TIP_OFFSET,
    ManualFoul,
    SnookerOutcome,
    SnookerStrike,
)
from cueboard.games.snooker.ruling import FrameEnd, SnookerRuling
from cueboard.games.snooker.table import STANDARD_TABLE
from cueboard.records.base import Position
from cueboard.records.registry import GameRecordTypes

if TYPE_CHECKING:
    from cueboard.engine.events import Event

RECORD_TYPES = GameRecordTypes(
    game="snooker",
    position=SnookerPosition,
    strike=SnookerStrike,
    declaration=SnookerDeclaration,
    outcome=SnookerOutcome,
    ruling=SnookerRuling,
)

_as = RecordCheck("snooker")

_TERMINATION = {
    FrameEnd.LAST_BALL: Termination.LAST_BALL,
    FrameEnd.CONCEDED: Termination.CONCEDED,
    FrameEnd.CLAIMED: Termination.CLAIMED,
    FrameEnd.AWARDED_MISS: Termination.AWARDED,
    FrameEnd.FORFEIT: Termination.FORFEIT,
}

_STRIKE_BOUNDS = (
    StrikeParameter("speed", 0.01, MAX_SPEED, "m/s", "the cue ball's speed off the tip"),
    StrikeParameter("angle", -180.0, 180.0, "deg", "direction, counter-clockwise from +x (90: up the table)"),
    StrikeParameter(
        "side",
        -MAX_TIP_OFFSET,
        MAX_TIP_OFFSET,
        "R",
        "tip offset to the right (+) of centre, in ball radii (side² + top² ≤ 0.7²)",
    ),
    StrikeParameter(
        "top", -MAX_TIP_OFFSET, MAX_TIP_OFFSET, "R", "tip offset above (+) centre, in ball radii"
    ),
    StrikeParameter("elevation", 0.0, 89.0, "deg", "cue elevation above the bed"),
)


class _FixedDraw:
    """Stands in for the referee's random generator when a chance event's result is given: the
    lots for a re-spotted black (S3 R4) are ``integers(2)``."""

    def __init__(self, value: int):
        self.value = value

    def integers(self, high: int) -> int:
        if not 0 <= self.value < high:
            raise IllegalChoiceError(f"chance value {self.value} is not one of 0..{high - 1}")
        return self.value


class SnookerGame(
    GameBase[SnookerPosition, SnookerStrike, SnookerDeclaration, SnookerOutcome, SnookerRuling]
):
    """The snooker game object (``cueboard.games.snooker.GAME``). The position covers a match:
    frames follow one another through :meth:`next_frame`."""

    name = "snooker"
    records = RECORD_TYPES
    player_counts: tuple[int, ...] = (2, 4)
    choice_names: tuple[str, ...] = tuple(c.value for c in Choice)
    capabilities = frozenset({Capability.FRAMES, Capability.NOMINATIONS, Capability.CHANCE,
                              Capability.CONCESSION, Capability.TIME_OUT, Capability.PATHS})
    table = STANDARD_TABLE

    def frame_settings(self, frame: int) -> dict[str, Any]:
        """One frame; the break-off alternates frame by frame (S3 R3)."""
        return {"first_breaker": frame % 2}

    def trace(
        self, position: Position, strike: SnookerStrike
    ) -> tuple[tuple[Event, ...], SnookerOutcome, dict[str, list[tuple[float, float]]]]:
        """The stroke on ``position``'s pieces with the standard table and physics, and each
        moving ball's path (no referee: any set of balls may be traced)."""
        from cueboard.games.snooker.physics import trace_shot

        events, outcome, paths = trace_shot(position, _as(SnookerStrike, strike, "strike"))
        return tuple(events), outcome, paths

    def paths_svg(self, outcome: SnookerOutcome, paths: Mapping[str, list[tuple[float, float]]]) -> str:
        """The table, the balls where they stopped and their paths, as SVG text."""
        from cueboard.games.snooker.cushions import table_shapes
        from cueboard.games.snooker.physics_params import STANDARD_PHYSICS
        from cueboard.games.snooker.svg import render_svg

        shapes = table_shapes(STANDARD_TABLE, STANDARD_PHYSICS)
        return render_svg(STANDARD_TABLE, shapes, _as(SnookerOutcome, outcome, "outcome").final, paths)

    def concession(self, position: SnookerPosition) -> SnookerDeclaration:
        """The player to move concedes the frame (S2 D1(a), S4 R6)."""
        _as(SnookerPosition, position, "position")
        return SnookerDeclaration(action=Action.CONCEDE)

    def time_out(self, position: SnookerPosition) -> tuple[SnookerDeclaration, SnookerOutcome]:
        """A time foul of five points to the opponent, who plays on (World Snooker Shoot-Out
        rules: "Failure to commence a stroke within the allotted time will result in a time
        foul"); the WPBSA rules have no clock. A player who runs out of time while choosing
        after a foul is taken to play on and commits the time foul."""
        _as(SnookerPosition, position, "position")
        return SnookerDeclaration(), SnookerOutcome(stroke=False, manual_fouls=(ManualFoul.TIME_FOUL,))

    def new_position(
        self, settings: Mapping[str, Any] | None = None, *, seed: int = 0, first: int | None = None
    ) -> SnookerPosition:
        """The opening position of a match (settings: :class:`SnookerRules` fields; ``first``: the
        seat that breaks off, the ``first_breaker`` setting)."""
        from cueboard.games.snooker.match import new_position

        if first is not None:
            settings = {**(settings or {}), "first_breaker": first}
        return new_position(settings, seed=seed)

    def seats(self, position: SnookerPosition) -> tuple[int, ...]:
        return tuple(range(_as(SnookerPosition, position, "position").rules.players))

    def side_of(self, position: SnookerPosition, seat: int) -> int:
        """Seats 0 and 2 play for side 0, seats 1 and 3 for side 1 (S3 R17)."""
        return side_of(seat)

    def to_move(self, position: SnookerPosition) -> int | None:
        p = _as(SnookerPosition, position, "position")
        return None if p.frame_over else p.to_move

    def choices(self, position: SnookerPosition) -> tuple[str, ...]:
        """After a foul, the incoming player's options (S3 R11(h), R13, R14): ``play``,
        ``put_back``, ``replace``."""
        p = _as(SnookerPosition, position, "position")
        return () if p.frame_over else tuple(p.pending)

    def choose(self, position: SnookerPosition, choice: str) -> SnookerDeclaration:
        offered = self.choices(position)
        if choice not in offered:
            raise IllegalChoiceError(
                f"the choice '{choice}' is not open now (open: {', '.join(offered) or 'none'})"
            )
        return SnookerDeclaration(action=Action.CHOOSE, choice=Choice(choice))

    def nominations(self, position: SnookerPosition) -> tuple[str, ...]:
        """The colours on the table when the ball on is "any colour" (S2 D12, S3 R3(c))."""
        p = _as(SnookerPosition, position, "position")
        return tuple(p.colours_on_table()) if p.ball_on == "colour" and not p.frame_over else ()

    def free_balls(self, position: SnookerPosition) -> tuple[str, ...]:
        """The balls that may be nominated as a free ball (S3 R10), when one is awarded: any
        ball but the ball on (every red, when reds are on)."""
        p = _as(SnookerPosition, position, "position")
        if not p.free_ball or p.frame_over:
            return ()
        reds_on = p.ball_on == "red"
        return tuple(
            b for b in p.on_table_ids() if b not in (p.ball_on, "white") and not (reds_on and is_red(b))
        )

    def declaration(
        self, position: SnookerPosition, *, nominate: str | None = None, free_ball: str | None = None
    ) -> SnookerDeclaration:
        offered = self.nominations(position)
        if nominate is not None and nominate not in offered:
            raise IllegalChoiceError(
                f"'{nominate}' may not be nominated now (nominations: {', '.join(offered) or 'none'})"
            )
        if free_ball is not None and free_ball not in self.free_balls(position):
            raise IllegalChoiceError(f"'{free_ball}' may not be nominated as the free ball now")
        return SnookerDeclaration(nominated=nominate, free_ball=free_ball)

    def turn(self, position: SnookerPosition) -> Turn:
        t = super().turn(position)
        if t.action == "choose":
            # whether the foul left a free ball (S3 R10): the page says so beside the choices
            free = _as(SnookerPosition, position, "position").free_ball
            return Turn(seat=t.seat, action=t.action, choices=t.choices, extra={"free_ball": free})
        if t.action != "strike":
            return t
        return Turn(
            seat=t.seat,
            action=t.action,
            placement=t.placement,
            cue="white",
            nominations=t.nominations,
            free_ball=self.free_balls(position),
        )

    def legal_placements(self, position: SnookerPosition) -> PlacementArea | None:
        """The cue ball in hand is placed in the D (S2 D10, S3 R11(e))."""
        p = _as(SnookerPosition, position, "position")
        if not p.in_hand or p.frame_over:
            return None
        t = STANDARD_TABLE
        box = (-t.d_radius, t.baulk_y - t.d_radius, t.d_radius, t.baulk_y)
        return PlacementArea(kind="d", piece="white", seat=p.to_move, required=True, bounds=box)

    def check_placement(self, position: SnookerPosition, x: float, y: float) -> None:
        """The cue ball in hand goes in the D (S2 D10, S3 R11(e)) without touching a ball."""
        p = _as(SnookerPosition, position, "position")
        t = STANDARD_TABLE
        if not p.in_hand:
            raise IllegalPlacementError(
                "not_in_hand", "the cue ball is not in hand: it is played where it lies"
            )
        if not t.in_d(x, y):
            raise IllegalPlacementError("outside_d", f"({x:.3f}, {y:.3f}) m is outside the D")
        for b in p.on_table():
            if b.id != "white" and math.hypot(b.x - x, b.y - y) < t.ball_diameter - 1e-9:
                raise IllegalPlacementError(
                    "overlaps", f"the cue ball would overlap the {b.id}", {"ball": b.id}
                )

    def placement_of(self, strike: SnookerStrike) -> tuple[float, float] | None:
        return _as(SnookerStrike, strike, "strike").place_cue_ball

    def placement_point(self, position: SnookerPosition, u: float, v: float) -> tuple[float, float]:
        """The D (S2 D10): ``u`` from its left (-1) to its right (+1) end, ``v`` from the baulk
        line (-1) to the D's curve (+1) at that ``u``."""
        if self.legal_placements(position) is None:
            raise IllegalPlacementError(
                "not_in_hand", "the cue ball is not in hand: it is played where it lies"
            )
        t = STANDARD_TABLE
        x = min(max(u, -1.0), 1.0) * t.d_radius * (1 - 1e-9)
        depth = math.sqrt(max(t.d_radius**2 - x * x, 0.0)) * (1 - 1e-9)
        return (x, t.baulk_y - (min(max(v, -1.0), 1.0) + 1.0) / 2 * depth)

    def validate_strike(self, position: SnookerPosition, strike: SnookerStrike) -> None:
        p = _as(SnookerPosition, position, "position")
        s = _as(SnookerStrike, strike, "strike")
        if self.to_move(p) is None:
            raise IllegalChoiceError("the frame is over: no stroke may be played")
        if p.in_hand:
            if s.place_cue_ball is None:
                raise IllegalPlacementError("required", "the cue ball is in hand: place it in the D")
            self.check_placement(p, *s.place_cue_ball)
        elif s.place_cue_ball is not None:
            raise IllegalPlacementError(
                "not_in_hand", "the cue ball is not in hand: leave place_cue_ball empty"
            )

    def strike_bounds(self, position: SnookerPosition) -> tuple[StrikeParameter, ...]:
        return _STRIKE_BOUNDS

    strike_type = SnookerStrike

    def placement_fields(self, placement: tuple[float, float] | None) -> dict[str, Any]:
        """The cue ball's place in the D, when it is in hand (none otherwise)."""
        return {} if placement is None else {"place_cue_ball": placement}

    def simulate(
        self, position: SnookerPosition, declaration: SnookerDeclaration, strike: SnookerStrike
    ) -> tuple[tuple[Event, ...], SnookerOutcome]:
        """Play ``strike`` with the physics (imported here, never by the referee)."""
        from cueboard.games.snooker.physics import simulate_shot

        pos = _as(SnookerPosition, position, "position")
        stroke = _as(SnookerStrike, strike, "strike")
        events, outcome = simulate_shot(pos, stroke)
        if pos.in_hand and stroke.place_cue_ball is not None and outcome.cue_ball_placed is None:
            # where the cue ball was played from, for the referee's check of the D (S3 R5)
            outcome = outcome.model_copy(update={"cue_ball_placed": stroke.place_cue_ball})
        return tuple(events), outcome

    def no_stroke_outcome(self, position: SnookerPosition) -> SnookerOutcome:
        return SnookerOutcome()

    def apply(
        self,
        position: SnookerPosition,
        declaration: SnookerDeclaration,
        outcome: SnookerOutcome,
        rng: np.random.Generator,
    ) -> tuple[SnookerPosition, SnookerRuling]:
        """The referee (:func:`cueboard.games.snooker.referee.apply`)."""
        from cueboard.games.snooker.referee import apply

        return apply(
            _as(SnookerPosition, position, "position"),
            _as(SnookerDeclaration, declaration, "declaration"),
            _as(SnookerOutcome, outcome, "outcome"),
            rng,
        )

    def chance_outcomes(
        self, position: SnookerPosition, declaration: SnookerDeclaration, outcome: SnookerOutcome
    ) -> tuple[ChanceOutcome, ...]:
        """When the shot ends the frame with the scores level, the black is re-spotted and the
        lots drawn decide which side plays first from hand (S3 R4): two results, even chances."""
        _after, ruling = self.apply_chance(position, declaration, outcome, 0)
        if not ruling.black_respotted:
            return ()
        return tuple(
            ChanceOutcome(side, 0.5, f"side {side} wins the lots and plays the re-spotted black")
            for side in (0, 1)
        )

    def apply_chance(
        self, position: SnookerPosition, declaration: SnookerDeclaration, outcome: SnookerOutcome, value: int
    ) -> tuple[SnookerPosition, SnookerRuling]:
        return self.apply(position, declaration, outcome, _FixedDraw(value))  # type: ignore[arg-type]

    def is_over(self, position: SnookerPosition) -> bool:
        """Whether the frame has ended (:meth:`outcome` tells whether the match has)."""
        return bool(_as(SnookerPosition, position, "position").frame_over)

    def match_over(self, position: SnookerPosition) -> bool:
        """Whether the match has ended (a one-frame match ends with its frame)."""
        p = _as(SnookerPosition, position, "position")
        return p.match_over or (p.frame_over and p.rules.best_of == 1 and p.rules.aggregate_frames is None)

    def outcome(self, position: SnookerPosition) -> GameOutcome | None:
        p = _as(SnookerPosition, position, "position")
        if not p.frame_over:
            return None
        end = FrameEnd(p.frame_end) if p.frame_end else FrameEnd.LAST_BALL
        return GameOutcome(
            termination=_TERMINATION[end],
            winner=p.frame_winner,
            scores=p.scores,
            match_over=self.match_over(p),
        )

    def next_frame(self, position: SnookerPosition) -> SnookerPosition | None:
        """The next frame of a best-of-N match, break-off passing on (S3 R3, ``match.next_frame``)."""
        from cueboard.games.snooker.match import next_frame

        p = _as(SnookerPosition, position, "position")
        if p.frame_over and not self.match_over(p):
            return next_frame(p)
        return None

    def frame_number(self, position: SnookerPosition) -> int:
        return _as(SnookerPosition, position, "position").frame_number

    def awarded(self, position: SnookerPosition, side: int) -> SnookerPosition:
        """The match awarded to ``side`` at ``position`` (a claim against an absent player): WPBSA
        Section 4 Rule 3, ``match.award_match``."""
        from cueboard.games.snooker.match import award_match

        return award_match(_as(SnookerPosition, position, "position"), side)


GAME = SnookerGame()
