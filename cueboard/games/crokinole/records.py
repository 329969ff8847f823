"""Crokinole's record types: settings, position, strike, declaration, outcome and ruling
(docs/records.md#crokinole, docs/rules/crokinole.md).

Seats and sides. Seats are the board's (``board.py``): 0 bottom, 1 left, 2 top, 3 right, play
going clockwise 0 -> 1 -> 2 -> 3. Two players sit opposite, at seats 0 and 2; four players sit
at all four seats in two partnerships, partners opposite (rules: Players and discs). A *side* is
a player (2 players: seat 0 is side 0, seat 2 is side 1) or a partnership (4 players: seats 0
and 2 are side 0, seats 1 and 3 side 1). A disc's ``owner`` is the seat of the player who shoots
it; the side it scores for follows from the seat.

Discs not yet shot are not pieces: a position holds the discs shot this round (on the board, in
the 20-hole or in the ditch) and counts the discs each player has left to shoot.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Any, ClassVar, Literal

from pydantic import ConfigDict, Field, model_validator

from cueboard.errors import RecordError, StrikeError
from cueboard.records.base import Piece, PieceState, Position, Record
from cueboard.records.ruling import Call, LaterFields

#: Fastest flick accepted, m/s. A hard "take-out" flick sends a disc across the 26 in board in
#: well under a second (about 2-4 m/s); 10 m/s leaves a wide margin and refuses nonsense.
MAX_SPEED = 10.0
#: Largest spin accepted about the vertical axis, rad/s (about 16 turns per second).
MAX_SPIN = 100.0

#: Colours of the two sides' discs.
SIDE_COLOURS = ("light", "dark")


def seats_in_play(players: int) -> tuple[int, ...]:
    """The seats used: 2 players sit opposite (0 and 2), 4 players use every seat."""
    return (0, 2) if players == 2 else (0, 1, 2, 3)


def side_of(seat: int, players: int) -> int:
    """The side (0 or 1) a seat plays for (partners sit opposite)."""
    return seat // 2 if players == 2 else seat % 2


def next_seat(seat: int, players: int) -> int:
    """The next seat clockwise among the seats in play (the player to the left)."""
    seats = seats_in_play(players)
    return seats[(seats.index(seat) + 1) % len(seats)]


class Variant(StrEnum):
    """Rules variants (rules: Scoring and game)."""

    SEED = "seed"  # seed 003: the first side to reach 100 wins
    TOURNAMENT = "tournament"  # NCA / WCC: 4 rounds, 2 points a round won, 1 each for a tie


class CrokinoleSettings(Record):
    """The rules settings of a game.

    - ``variant``: ``seed`` (game to ``target`` points) or ``tournament`` (``rounds`` rounds,
      2/1/0 points a round).
    - ``players``: 2 (singles) or 4 (partnerships).
    - ``discs_per_player``: default 12 (seed singles), 8 (tournament singles), 6 (partnerships).
    - ``fifteen_rule``: the WCC rule that an open shot (no opponent disc on the board) must end
      in the 15-zone or touching the 15-line, else it is removed (seed 003 "Chụp không có đĩa
      của đối thủ": "it is used at the World Crokinole Championship"). On by default.
    - ``target``: points to win a seed game (100). ``rounds``: rounds of a tournament game (4).
    """

    variant: Variant = Variant.SEED
    players: Literal[2, 4] = 2
    discs_per_player: int | None = Field(default=None, ge=1, le=12)
    fifteen_rule: bool = True
    target: int = Field(default=100, ge=1, le=10_000)
    rounds: int = Field(default=4, ge=1, le=100)

    @property
    def discs(self) -> int:
        """Discs each player shoots per round."""
        if self.discs_per_player is not None:
            return self.discs_per_player
        if self.players == 4:
            return 6
        return 8 if self.variant is Variant.TOURNAMENT else 12

    @property
    def seats(self) -> tuple[int, ...]:
        return seats_in_play(self.players)

    def side(self, seat: int) -> int:
        return side_of(seat, self.players)

    def next_seat(self, seat: int) -> int:
        return next_seat(seat, self.players)


class ZoneCount(Record):
    """One side's discs by scoring zone at the end of a round (rules: Scoring and game).

    ``twenties`` are discs shot into the 20-hole this round; the others are discs on the board
    counted at the lower value of any line they touch.
    """

    twenties: int = Field(default=0, ge=0, le=24)
    fifteens: int = Field(default=0, ge=0, le=24)
    tens: int = Field(default=0, ge=0, le=24)
    fives: int = Field(default=0, ge=0, le=24)

    @property
    def discs(self) -> int:
        return self.twenties + self.fifteens + self.tens + self.fives

    @property
    def total(self) -> int:
        return 20 * self.twenties + 15 * self.fifteens + 10 * self.tens + 5 * self.fives


class RoundResult(Record):
    """The end of a round: what each side counted and the points it scored.

    ``points`` is what the round adds to ``scores`` — the difference to the higher side in the
    seed game, 2/1/0 in the tournament variant; ``difference`` is the higher total minus the lower.
    """

    round: int = Field(ge=1)
    starter: int = Field(ge=0, le=3)
    counts: tuple[ZoneCount, ZoneCount]
    totals: tuple[int, int]
    difference: int = Field(ge=0)
    winner: int | None = Field(default=None, ge=0, le=1)  # side; None for a tied round
    points: tuple[int, int]
    scores_after: tuple[int, int]


class CrokinolePosition(Position):
    """A crokinole position: the discs shot this round, whose shot it is, and the game state.

    - ``settings``: the rules settings (:class:`CrokinoleSettings`).
    - ``to_move``: the seat to shoot next.
    - ``round``: the round number (1, 2, ...); ``round_starter``: the seat that shot first in it.
    - ``discs_left``: discs each seat (0..3) still has to shoot this round (0 for unused seats);
      when absent, each player's discs less the ones among ``pieces``.
    - ``twenties``: discs each side has shot into the 20-hole this round.
    - ``scores``: the game score of each side (points in the seed game, round points 2/1/0 in
      the tournament variant).
    - ``history``: the results of the rounds played.
    - ``conceded_by``: the side that conceded the game, if one did.
    """

    game: Literal["crokinole"] = "crokinole"
    settings: CrokinoleSettings = Field(default_factory=CrokinoleSettings)
    round: int = Field(default=1, ge=1)
    round_starter: int = Field(default=0, ge=0, le=3)
    discs_left: tuple[int, int, int, int] = (12, 0, 12, 0)
    twenties: tuple[int, int] = (0, 0)
    scores: tuple[int, int] = (0, 0)
    history: tuple[RoundResult, ...] = ()
    conceded_by: int | None = Field(default=None, ge=0, le=1)

    @model_validator(mode="before")
    @classmethod
    def _default_hands(cls, data: Any) -> Any:
        """Without ``discs_left``, each seat in play has its discs less those among ``pieces``."""
        if not isinstance(data, dict) or "discs_left" in data:
            return data
        raw = data.get("settings")
        if raw is None:
            settings = CrokinoleSettings()
        elif isinstance(raw, CrokinoleSettings):
            settings = raw
        else:
            try:
                settings = CrokinoleSettings.model_validate(raw)
            except ValueError:
                return data  # the field's own validation reports it
        shot = [0, 0, 0, 0]
        for p in data.get("pieces") or ():
            owner = p.owner if isinstance(p, Piece) else p.get("owner") if isinstance(p, dict) else None
            if isinstance(owner, int) and 0 <= owner <= 3:
                shot[owner] += 1
        hands = [settings.discs - shot[s] if s in settings.seats else 0 for s in range(4)]
        return {**data, "discs_left": tuple(max(0, h) for h in hands)}

    @model_validator(mode="after")
    def _consistent(self) -> CrokinolePosition:
        seats = self.settings.seats
        n = self.settings.discs
        if self.to_move not in seats:
            raise RecordError(
                f"to_move: seat {self.to_move} is not in play ({self.settings.players} players)")
        if self.round_starter not in seats:
            raise RecordError(f"round_starter: seat {self.round_starter} is not in play")
        for seat, left in enumerate(self.discs_left):
            if seat not in seats and left:
                raise RecordError(f"discs_left: seat {seat} is not in play but has {left} discs")
            if not 0 <= left <= n:
                raise RecordError(f"discs_left: seat {seat} has {left} discs (0..{n} allowed)")
        if min(self.twenties) < 0 or min(self.scores) < 0:
            raise RecordError("twenties and scores must not be negative")
        shot = {s: 0 for s in seats}
        for p in self.pieces:
            if p.owner is None or p.owner not in seats:
                raise RecordError(f"disc '{p.id}': owner must be a seat in play {seats}")
            if p.state not in (PieceState.ON_TABLE, PieceState.IN_HOLE, PieceState.IN_DITCH):
                raise RecordError(f"disc '{p.id}': state {p.state.value} is not used in crokinole")
            shot[p.owner] += 1
        for seat in seats:
            if shot[seat] + self.discs_left[seat] != n:
                raise RecordError(
                    f"seat {seat}: {shot[seat]} discs shot and {self.discs_left[seat]} left, "
                    f"but each player has {n}"
                )
        return self

    def side(self, seat: int) -> int:
        """The side a seat plays for."""
        return self.settings.side(seat)

    def side_of_disc(self, piece: Piece) -> int:
        assert piece.owner is not None
        return self.settings.side(piece.owner)

class CrokinoleStrike(Record):
    """The controls of one flick (rules: Players and discs, "Shot").

    - ``start``: the disc's centre (x, y) in metres when it is flicked; it must touch the
      shooting line with at least half of the disc in the shooter's quadrant (checked against
      the position by :func:`cueboard.games.crokinole.shot.check_start`).
    - either ``speed`` (m/s) and ``angle`` (degrees counter-clockwise from +x), or ``velocity``
      (vx, vy) in m/s;
    - ``spin``: angular velocity about the vertical axis, rad/s (counter-clockwise positive).
    """

    start: tuple[float, float]
    speed: float | None = Field(default=None, gt=0.0, le=MAX_SPEED)
    angle: float | None = Field(default=None, ge=-360.0, le=360.0)
    velocity: tuple[float, float] | None = None
    spin: float = Field(default=0.0, ge=-MAX_SPIN, le=MAX_SPIN)

    @model_validator(mode="after")
    def _one_direction(self) -> CrokinoleStrike:
        polar = self.speed is not None or self.angle is not None
        if polar and self.velocity is not None:
            raise StrikeError("give either speed and angle or velocity, not both")
        if polar and (self.speed is None or self.angle is None):
            raise StrikeError("speed and angle go together: give both")
        if not polar and self.velocity is None:
            raise StrikeError("give speed and angle, or velocity")
        if self.velocity is not None:
            v = math.hypot(*self.velocity)
            if v <= 0.0:
                raise StrikeError("velocity must not be zero")
            if v > MAX_SPEED:
                raise StrikeError(f"speed {v:.3g} m/s is above the maximum {MAX_SPEED} m/s")
        return self

    def velocity_vector(self) -> tuple[float, float]:
        """The initial velocity (vx, vy) in m/s."""
        if self.velocity is not None:
            return self.velocity
        assert self.speed is not None and self.angle is not None
        a = math.radians(self.angle)
        return (self.speed * math.cos(a), self.speed * math.sin(a))


class CrokinoleDeclaration(Record):
    """What a player says before a shot: nothing, or that their side concedes the game."""

    concede: bool = False


class CrokinoleOutcome(Record):
    """The facts of one shot that the referee takes (docs/api.md), from the physics
    (:func:`cueboard.games.crokinole.outcome.outcome_of`) or reported by a person.

    - ``shooter``: the seat that shot; ``shot_disc``: the id of the disc shot.
    - ``touched``: discs the shot disc itself touched, in order.
    - ``chain``: every disc the shot set in contact, directly or through other discs (a disc hit
      by a disc of the chain joins it), in the order they joined.
    - ``opponent_hit``: whether a disc of the other side is in the chain (rules: Valid shots).
    - ``pegs``: (disc, peg id) for every peg contact, in order.
    - ``holed``: discs that dropped flat into the 20-hole; ``ditched``: discs that left the
      playing surface; ``returned``: discs that left it and came back onto the board.
    - ``leaners``: discs left partly over the 20-hole (they stay on the board).
    - ``final``: every disc of the round as it lies after the shot, the shot disc included.
    - ``tally``: scoreboard mode only — a person's count of a whole round (discs per zone and
      20s, side 0 then side 1) instead of a shot; then ``shot_disc`` is null.

    An outcome with neither ``shot_disc`` nor ``tally`` says nothing was played: it goes with a
    concession.
    """

    shooter: int = Field(ge=0, le=3)
    shot_disc: str | None = None
    touched: tuple[str, ...] = ()
    chain: tuple[str, ...] = ()
    opponent_hit: bool = False
    pegs: tuple[tuple[str, str], ...] = ()
    holed: tuple[str, ...] = ()
    ditched: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    leaners: tuple[str, ...] = ()
    final: tuple[Piece, ...] = ()
    tally: tuple[ZoneCount, ZoneCount] | None = None

    @model_validator(mode="after")
    def _shot_or_tally(self) -> CrokinoleOutcome:
        if self.shot_disc is not None and self.tally is not None:
            raise RecordError("an outcome is either a shot (shot_disc) or a round tally (tally), not both")
        return self


class RemovalReason(StrEnum):
    """Why a disc left the board (rules/crokinole.md sections in brackets)."""

    HOLED = "holed"  # [Valid shots] in the 20-hole: taken off, counts 20
    MISSED = "missed"  # [Valid shots] the shot hit no opponent disc: the shot disc
    TOUCHED_ON_MISS = "touched_on_miss"  # [Valid shots] own side's disc touched by a missing shot
    OPEN_SHOT_OUTSIDE_15 = "open_shot_outside_15"  # [Valid shots] WCC rule
    SHOOTING_LINE = "shooting_line"  # [Valid shots] touching or outside the shooting line
    OFF_BOARD = "off_board"  # [Valid shots] left the playing surface
    RETURNED = "returned"  # [Valid shots] came back onto the board from outside


class Removal(Record):
    """One disc taken off the board by a shot, and why."""

    disc: str
    reason: RemovalReason


class Foul(StrEnum):
    """Shots the rules penalise (rules: Valid shots)."""

    MISSED_OPPONENT = "missed_opponent"  # opponent discs on the board and none was hit
    OPEN_SHOT_OUTSIDE_15 = "open_shot_outside_15"  # no opponent disc, shot ended outside the 15


class CrokinoleRuling(LaterFields, Record):
    """The referee's decision on a shot (or a scoreboard round tally). Data, never an exception.

    - ``removals``: discs taken off, with the reason (the holed ones included).
    - ``twenties``: discs that scored 20 (holed legally), ``twenties_by_side``: the round's
      20s count of each side after the shot.
    - ``foul_kind`` (written ``foul`` in records): the rule the shot broke, if any; ``foul`` is
      whether there was one.
    - ``next_to_move``: the seat to shoot next (null when the game is over).
    - ``round_result``: set when the shot ended the round.
    - ``game_over`` and ``winner`` (side; null for a drawn tournament game).
    - ``scores``: the sides' game scores after the shot (null in records written before the
      ruling carried them).
    """

    model_config = ConfigDict(
        extra="forbid", frozen=True, allow_inf_nan=False, serialize_by_alias=True, validate_by_name=True
    )
    later_fields: ClassVar[frozenset[str]] = frozenset({"scores"})

    removals: tuple[Removal, ...] = ()
    twenties: tuple[str, ...] = ()
    twenties_by_side: tuple[int, int] = (0, 0)
    foul_kind: Foul | None = Field(default=None, alias="foul")
    next_to_move: int | None = Field(default=None, ge=0, le=3)
    round_result: RoundResult | None = None
    game_over: bool = False
    winner: int | None = Field(default=None, ge=0, le=1)
    conceded_by: int | None = Field(default=None, ge=0, le=1)
    scores: tuple[int, int] | None = None

    # --- the shape every ruling shares (cueboard.records.ruling.Ruling) ---------------------------
    @property
    def foul(self) -> bool:
        """Whether the shot broke a rule (``foul_kind`` says which)."""
        return self.foul_kind is not None

    @property
    def over(self) -> bool:
        """Whether the game ended with this shot (or concession)."""
        return self.game_over

    @property
    def calls(self) -> tuple[Call, ...]:
        """The referee's calls as catalogue messages: the foul, each 20, each disc removed (the
        holed ones are the 20s), a fair shot, the end of a round with both totals, the end of the
        game."""
        out: list[Call] = []
        if self.foul_kind is not None:
            out.append(Call(f"ref.crokinole.foul.{self.foul_kind.value}"))
        for disc in self.twenties:
            out.append(Call("ref.crokinole.twenty", {"disc": disc}))
        for m in self.removals:
            if m.reason is not RemovalReason.HOLED:
                params = {"disc": m.disc, "reason_key": f"removal.{m.reason.value}"}
                out.append(Call("ref.crokinole.removed", params))
        if not out:
            out.append(Call("ref.crokinole.fair"))
        rr = self.round_result
        if rr is not None:
            out.append(Call("ref.crokinole.round_over", {
                "round": rr.round, "total0": rr.totals[0], "total1": rr.totals[1],
                "points0": rr.points[0], "points1": rr.points[1],
            }))
        if self.game_over:
            out.append(Call("ref.match_over", {"side": self.winner}))
        return tuple(out)
