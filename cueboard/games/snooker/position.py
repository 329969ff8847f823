"""The snooker position: the balls and everything the referee tracks between strokes.

What is tracked is listed in docs/rules/snooker.md ("State the referee tracks"): scores,
striker, ball(s) on, cue ball in hand, the break, the free-ball flag, the miss counter, the position
before the last stroke (for "replace"), touching balls, the re-spotted black, frame / match score
and who breaks next, plus the rules settings (:class:`SnookerRules`). Sides: seat ``s`` plays for
side ``s % 2``; with four players the fixed rotation is seats 0, 1, 2, 3 = A1, B1, A2, B2 (S3 R17).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import Field, model_validator

from cueboard.errors import MoveError, RecordError, SettingsError
from cueboard.games.snooker.table import BALL_VALUES, COLOURS_IN_ORDER
from cueboard.records.base import Piece, PieceState, Position, Record

#: Values a position's ``ball_on`` takes: ``red``, ``colour`` (any colour, nominated by the
#: striker: after a red, S3 R3(c)) or one colour of the final sequence (S3 R3(e)).
BALL_ON_VALUES = ("red", "colour", *COLOURS_IN_ORDER)
BallOn = Literal["red", "colour", "yellow", "green", "brown", "blue", "pink", "black"]
Pair = tuple[int, int]


#: The key of a position's memo of the balls on the table (``SnookerPosition._on_table``).
_ON_TABLE_MEMO = "_on_table_memo"


class SnookerInputError(MoveError):
    """A declaration or outcome that cannot apply to the position (illegal or inconsistent input)."""


class MissStrictness(StrEnum):
    """How the miss rule is called (rules/snooker.md, The miss rule)."""

    PROFESSIONAL = "professional"  # every failure to hit a ball on, save the three exceptions
    AMATEUR = "amateur"  # only when a clear straight path to a ball on existed (S3 R14(c))
    OFF = "off"  # never


class SnookerRules(Record):
    """The rules settings of a match.

    - ``reds``: 15, or 10 / 6 for the short forms (rules: Also implemented).
    - ``miss``: miss-rule strictness.
    - ``players``: 2, or 4 for four-handed snooker (S3 R17).
    - ``best_of``: frames of a best-of-N match (break-off alternates).
    - ``aggregate_frames``: when set, an aggregate-points match over this many frames (S3 R4).
    - ``geometry``: whether the referee answers the geometric questions (snookered, full ball
      visible, impossible to hit, touching) from the ball coordinates. Scoreboard mode turns it
      off: the coordinates are not known, and those calls come from the reported outcome.
    - ``first_breaker``: the seat that breaks off the first frame.
    """

    reds: Literal[6, 10, 15] = 15
    miss: MissStrictness = MissStrictness.PROFESSIONAL
    players: Literal[2, 4] = 2
    best_of: int = Field(default=1, ge=1, le=99)
    aggregate_frames: int | None = Field(default=None, ge=1, le=99)
    geometry: bool = True
    first_breaker: int = Field(default=0, ge=0, le=3)

    @model_validator(mode="after")
    def _seat_exists(self) -> SnookerRules:
        if self.first_breaker >= self.players:
            raise SettingsError(f"first_breaker {self.first_breaker} is not a seat of {self.players} players")
        return self


class ReplaceState(Record):
    """What "replace" restores after a foul and a miss (S3 R14): the balls, the ball on, the
    cue ball in hand and the touching balls as they were before the stroke."""

    pieces: tuple[Piece, ...]
    ball_on: BallOn
    in_hand: bool
    touching: tuple[str, ...] = ()


class SnookerPosition(Position):
    """A snooker position (docs/records.md#snooker). ``to_move`` is the seat to play or choose."""

    game: Literal["snooker"] = "snooker"
    rules: SnookerRules = Field(default_factory=SnookerRules)
    scores: Pair = (0, 0)
    ball_on: BallOn = "red"
    in_hand: bool = True
    #: Points of the break in progress and the seat making it.
    break_points: int = Field(default=0, ge=0)
    #: After a foul: the choices open to ``to_move`` (``play``, ``put_back``, ``replace``).
    pending: tuple[str, ...] = ()
    #: The seat that committed the last foul (who plays again on ``put_back`` / ``replace``).
    offender: int | None = Field(default=None, ge=0, le=3)
    #: A free ball is available to ``to_move`` if he plays (S3 R10).
    free_ball: bool = False
    #: Consecutive fouls and misses from the same (replaced) position, whether that position
    #: offered a full-ball contact, whether the striker has been warned (S3 R14).
    misses: int = Field(default=0, ge=0)
    miss_full_ball: bool = False
    warned: bool = False
    replaced: bool = False
    before: ReplaceState | None = None
    #: Balls the cue ball rests against that are or could be on (S3 R8), announced.
    touching: tuple[str, ...] = ()
    respotted_black: bool = False
    #: Frame state.
    frame_over: bool = False
    frame_winner: int | None = Field(default=None, ge=0, le=1)
    frame_end: str | None = None
    #: Match state: frames won, points of finished frames, frame number (0-based), the seat
    #: that broke this frame, match end.
    frames_won: Pair = (0, 0)
    aggregate: Pair = (0, 0)
    frame_number: int = Field(default=0, ge=0)
    breaker: int = Field(default=0, ge=0, le=3)
    match_over: bool = False
    match_winner: int | None = Field(default=None, ge=0, le=1)
    #: Statistics per side.
    highest_break: Pair = (0, 0)
    centuries: Pair = (0, 0)

    @model_validator(mode="after")
    def _consistent(self) -> SnookerPosition:
        if self.to_move >= self.rules.players:
            raise RecordError(f"to_move {self.to_move} is not a seat of {self.rules.players} players")
        for choice in self.pending:
            if choice not in ("play", "put_back", "replace"):
                raise RecordError(f"unknown pending choice '{choice}'")
        if "white" not in {p.id for p in self.pieces}:
            raise RecordError("the position has no white (cue) ball")
        return self

    # --- reading the position -------------------------------------------------------------
    def balls(self) -> dict[str, Piece]:
        return {p.id: p for p in self.pieces}

    def _on_table(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The object balls on the table and the reds among them, worked out once for this
        position's pieces: a ruling asks for them a dozen times. Kept in the instance's
        ``__dict__`` (not a field: never dumped, compared or validated) with the very pieces tuple
        they were found from, so that a copy with other pieces (``model_copy(update=...)``, which
        copies the ``__dict__``) finds them stale and works them out again."""
        memo = self.__dict__.get(_ON_TABLE_MEMO)
        if memo is None or memo[0] is not self.pieces:
            ids = tuple(p.id for p in self.pieces if p.state is PieceState.ON_TABLE and p.id != "white")
            memo = (self.pieces, ids, tuple(i for i in ids if is_red(i)))
            self.__dict__[_ON_TABLE_MEMO] = memo
        return memo[1], memo[2]

    def on_table_ids(self) -> tuple[str, ...]:
        return self._on_table()[0]

    def reds_on_table(self) -> tuple[str, ...]:
        return self._on_table()[1]

    def colours_on_table(self) -> tuple[str, ...]:
        ids = set(self.on_table_ids())
        return tuple(c for c in COLOURS_IN_ORDER if c in ids)

    def next_seat(self, seat: int | None = None) -> int:
        """The seat after ``seat`` (default: the striker) in the fixed rotation."""
        s = self.to_move if seat is None else seat
        return (s + 1) % self.rules.players

    def points_remaining(self) -> int:
        """Points left on the table (rules: statistics): 8 per red + 27, plus 7 while a colour is
        owed after a red; in the final sequence the colours still on the table."""
        reds = len(self.reds_on_table())
        if reds or self.ball_on in ("red", "colour"):
            return (
                reds * 8
                + (7 if self.ball_on == "colour" else 0)
                + sum(BALL_VALUES[c] for c in COLOURS_IN_ORDER)
            )
        return sum(BALL_VALUES[c] for c in self.colours_on_table())

    def balls_left_value(self) -> int:
        """The value of the balls remaining on the table as a forfeit or a concession in an
        aggregate match awards it (S4 R3(b), R6): 8 for each red, and every colour still to be
        played, a colour improperly off the table counted as if spotted. Unlike
        :meth:`points_remaining`, no 7 for a colour owed after a red: with 3 reds left just after
        a red was potted it is 3 x 8 + 27 = 51 (points remaining: 58)."""
        reds = len(self.reds_on_table())
        if reds or self.ball_on in ("red", "colour"):
            return reds * 8 + sum(BALL_VALUES[c] for c in COLOURS_IN_ORDER)
        first = BALL_VALUES[self.ball_on]
        return sum(BALL_VALUES[c] for c in COLOURS_IN_ORDER if BALL_VALUES[c] >= first)

    def announced_touching(self) -> tuple[str, ...]:
        """The touching balls the referee announces: those that are or could be on (S3 R8)."""
        if self.ball_on == "red":
            return tuple(b for b in self.touching if is_red(b))
        if self.ball_on == "colour":
            return tuple(b for b in self.touching if not is_red(b))
        return tuple(b for b in self.touching if b == self.ball_on)

    def lead(self, side: int) -> int:
        return self.scores[side] - self.scores[1 - side]

    def needs_snookers(self, side: int) -> bool:
        """Whether ``side`` trails by more than the points remaining."""
        return -self.lead(side) > self.points_remaining()

    def snookers_required(self, side: int) -> int:
        """How many snookers ``side`` needs to tie: the shortfall over the points remaining
        divided by the smallest penalty (4, or the value of the ball on in the colours)."""
        short = -self.lead(side) - self.points_remaining()
        if short <= 0:
            return 0
        per = max(4, value_of(self.ball_on)) if self.ball_on in COLOURS_IN_ORDER else 4
        return -(-short // per)


def side_of(seat: int) -> int:
    """The side a seat plays for (seats 0, 2 = side 0; 1, 3 = side 1)."""
    return seat % 2


def is_red(ball: str) -> bool:
    return ball.startswith("red")


def colour_of(ball: str) -> str:
    """``red`` for any red, the colour name otherwise (``white`` for the cue ball)."""
    return "red" if is_red(ball) else ball


def value_of(ball: str) -> int:
    """The value of a ball (S3 R1): reds 1, yellow 2 ... black 7; ``colour`` (any colour not
    nominated) counts 7, the d-list figure (rules: "The value of any colour ...")."""
    if ball == "colour":
        return 7
    return BALL_VALUES[colour_of(ball)]


def ball_ids(reds: int) -> tuple[str, ...]:
    """All ball ids of a frame: the white, ``red1``..``redN``, the colours."""
    return ("white", *(f"red{i}" for i in range(1, reds + 1)), *COLOURS_IN_ORDER)


def make_ball(ball: str, x: float = 0.0, y: float = 0.0, state: PieceState = PieceState.ON_TABLE) -> Piece:
    """One snooker ball as a piece."""
    return Piece(id=ball, kind="ball", colour=colour_of(ball), x=x, y=y, state=state)
