"""Shuffle, a toy fourth game that lives outside cueboard: two players slide a puck each turn from
the same start towards a target line; a puck resting within 0.1 m of the target scores 3, within
0.3 m scores 1. Two pucks each; the higher score wins.

The physics is a closed form, not a model of a real table: a puck slides straight with a constant
deceleration ``μ g`` (so it travels ``v² / (2 μ g)``), pucks never meet, a puck that leaves the
board's rectangle is off. It exists to show — and to test — that a game registered by entry point
alone (``cueboard.games``) plays through the CLI, the web app's API and the RL environments with
no edit to cueboard: everything it offers goes through :class:`cueboard.games.protocol.Game`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from pydantic import Field

from cueboard.engine.events import BodyMotion, Event, EventKind
from cueboard.errors import CueboardInputError
from cueboard.games.common import GameBase, RecordCheck
from cueboard.games.protocol import GameOutcome, PlacementArea, StrikeParameter, Termination
from cueboard.records.base import Piece, PieceState, Position, Record, parse_record
from cueboard.records.registry import GameRecordTypes
from cueboard.records.ruling import Call

G = 9.81


@dataclass(frozen=True)
class ShuffleTable:
    """The board, metres: the start at the origin, the target line at ``target_y``."""

    length: float = 2.0
    width: float = 0.6
    target_y: float = 1.5
    puck_radius: float = 0.03
    mu: float = 0.2


TABLE = ShuffleTable()
PUCKS_EACH = 2


class ShufflePosition(Position):
    game: str = "shuffle"
    scores: tuple[int, int] = (0, 0)
    shots: int = Field(default=0, ge=0, le=2 * PUCKS_EACH)


class ShuffleStrike(Record):
    speed: float = Field(ge=0.1, le=3.0)
    angle: float = Field(ge=60.0, le=120.0)


class ShuffleDeclaration(Record):
    pass


class ShuffleOutcome(Record):
    puck: str
    x: float
    y: float
    off: bool


class ShuffleRuling(Record):
    seat: int
    points: int
    next_seat: int | None
    scores: tuple[int, int]
    winner: int | None = None
    finished: bool = False

    @property
    def next_to_move(self) -> int | None:
        return self.next_seat

    @property
    def foul(self) -> bool:
        return False

    @property
    def over(self) -> bool:
        return self.finished

    @property
    def calls(self) -> tuple[Call, ...]:
        return (Call("ref.shuffle.points", {"points": self.points}),)


RECORDS = GameRecordTypes(game="shuffle", position=ShufflePosition, strike=ShuffleStrike,
                          declaration=ShuffleDeclaration, outcome=ShuffleOutcome, ruling=ShuffleRuling)
_as = RecordCheck("shuffle", CueboardInputError)


def points_at(x: float, y: float) -> int:
    d = abs(y - TABLE.target_y) if abs(x) <= TABLE.width / 2 else math.inf
    return 3 if d <= 0.1 else 1 if d <= 0.3 else 0


class ShuffleGame(
    GameBase[ShufflePosition, ShuffleStrike, ShuffleDeclaration, ShuffleOutcome, ShuffleRuling]
):
    name = "shuffle"
    records = RECORDS
    player_counts = (2,)
    table = TABLE
    strike_type = ShuffleStrike
    strike_defaults: Mapping[str, float] = {"speed": 1.0, "angle": 90.0}

    def new_position(self, settings: Mapping[str, Any] | None = None, *, seed: int = 0,
                     first: int | None = None) -> ShufflePosition:
        extra = set(settings or {}) - {"players"}
        if extra or (settings or {}).get("players", 2) != 2:
            raise CueboardInputError(f"shuffle takes only players=2, not {dict(settings or {})}")
        return ShufflePosition(pieces=(), to_move=first or 0)

    def seats(self, position: ShufflePosition) -> tuple[int, ...]:
        return (0, 1)

    def side_of(self, position: ShufflePosition, seat: int) -> int:
        return seat

    def piece_ids(self, position: ShufflePosition) -> tuple[str, ...]:
        return tuple(f"puck{k}" for k in range(2 * PUCKS_EACH))

    def to_move(self, position: ShufflePosition) -> int | None:
        p = _as(ShufflePosition, position, "position")
        return None if p.shots >= 2 * PUCKS_EACH else p.to_move

    def legal_placements(self, position: ShufflePosition) -> PlacementArea | None:
        return None

    def check_placement(self, position: ShufflePosition, x: float, y: float) -> None:
        raise CueboardInputError("nothing is placed in shuffle")

    def strike_bounds(self, position: ShufflePosition) -> tuple[StrikeParameter, ...]:
        return (StrikeParameter("speed", 0.1, 3.0, "m/s"), StrikeParameter("angle", 60.0, 120.0, "deg"))

    def placement_fields(self, placement: tuple[float, float] | None) -> dict[str, Any]:
        return {}

    def cue(self, position: ShufflePosition) -> str:
        return f"puck{_as(ShufflePosition, position, 'position').shots}"

    def simulate(self, position: ShufflePosition, declaration: ShuffleDeclaration,
                 strike: ShuffleStrike) -> tuple[tuple[Event, ...], ShuffleOutcome]:
        p = _as(ShufflePosition, position, "position")
        s = _as(ShuffleStrike, strike, "strike")
        self.validate_strike(p, s)
        a = TABLE.mu * G
        d = s.speed**2 / (2 * a)
        t = math.radians(s.angle)
        x, y = d * math.cos(t), d * math.sin(t)
        off = abs(x) > TABLE.width / 2 or y > TABLE.length
        puck = self.cue(p)
        vx, vy = s.speed * math.cos(t), s.speed * math.sin(t)
        ax, ay = -a * math.cos(t), -a * math.sin(t)
        start = BodyMotion(puck, "sliding", 0.0, 0.0, vx, vy, 0, 0, 0, ax, ay, 0, 0, 0)
        rest = BodyMotion(puck, "stationary", x, y, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        events = (
            Event(time=0.0, kind=EventKind.STRIKE, bodies=(puck,), x=0.0, y=0.0, motion=(start,)),
            Event(time=s.speed / a, kind=EventKind.OFF_TABLE if off else EventKind.STATIONARY,
                  bodies=(puck,), x=x, y=y, motion=(rest,)),
        )
        return events, ShuffleOutcome(puck=puck, x=x, y=y, off=off)

    def apply(self, position: ShufflePosition, declaration: ShuffleDeclaration, outcome: ShuffleOutcome,
              rng: np.random.Generator | None = None) -> tuple[ShufflePosition, ShuffleRuling]:
        p = _as(ShufflePosition, position, "position")
        o = _as(ShuffleOutcome, outcome, "outcome")
        seat = p.to_move
        points = 0 if o.off else points_at(o.x, o.y)
        scores = list(p.scores)
        scores[seat] += points
        piece = Piece(id=o.puck, kind="puck", owner=seat, x=o.x, y=o.y,
                      state=PieceState.OFF_TABLE if o.off else PieceState.ON_TABLE)
        after = ShufflePosition(pieces=(*p.pieces, piece), to_move=1 - seat, scores=(scores[0], scores[1]),
                                shots=p.shots + 1)
        finished = after.shots >= 2 * PUCKS_EACH
        winner = None if not finished or scores[0] == scores[1] else int(scores[1] > scores[0])
        return after, ShuffleRuling(seat=seat, points=points, next_seat=None if finished else 1 - seat,
                                    scores=after.scores, winner=winner, finished=finished)

    def outcome(self, position: ShufflePosition) -> GameOutcome | None:
        p = _as(ShufflePosition, position, "position")
        if p.shots < 2 * PUCKS_EACH:
            return None
        a, b = p.scores
        return GameOutcome(Termination.ROUNDS_PLAYED, None if a == b else int(b > a), p.scores)


GAME = ShuffleGame()


def read_position(data: dict[str, Any]) -> ShufflePosition:
    return parse_record(ShufflePosition, data, prefix="position")
