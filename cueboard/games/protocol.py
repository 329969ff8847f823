"""The interface every game offers to its users: the AI players, the web app, the CLI, the match
runner, the records and the reinforcement-learning environments.

A game is a state machine over its position records, in the manner of python-chess's ``Board`` and
OpenSpiel's ``State``:

- who is to act: :meth:`Game.to_move` (a seat, or ``None`` once the frame / round / game is over),
  :meth:`Game.turn` (what the seat must do: strike, or choose first);
- what it may do: :meth:`Game.legal_placements` / :meth:`Game.check_placement` (the piece placed
  before the stroke), :meth:`Game.choices` (the options the rules give, such as the choice after a
  snooker foul), :meth:`Game.nominations`, :meth:`Game.strike_bounds` (the continuous action
  space, like pooltool's shot constraints) and :meth:`Game.make_strike`;
- one shot: ``simulate(position, declaration, strike) -> (events, outcome)`` (the physics) then
  ``apply(position, declaration, outcome, rng) -> (position after, ruling)`` (the referee, which
  never uses the physics: scoreboard mode builds the outcome by hand). The only chance in a
  referee's decision — the lots drawn for a re-spotted black (WPBSA S3 R4) — is explicit:
  :meth:`Game.chance_outcomes` lists it and :meth:`Game.apply_chance` applies one result;
- the result: :meth:`Game.outcome` (a :class:`GameOutcome` with its :class:`Termination` and
  winner, after python-chess's ``Outcome``) and :meth:`Game.returns` (per seat, as OpenSpiel).

Every ruling answers :class:`cueboard.records.ruling.Ruling` (``next_to_move``, ``scores``,
``foul``, ``over``, ``winner``, ``calls``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeVar

import numpy as np
from pydantic import BaseModel

from cueboard.engine.events import Event
from cueboard.errors import ChoiceError, PlacementError, UnknownGameError
from cueboard.records.base import Position
from cueboard.records.registry import GameRecordTypes
from cueboard.records.ruling import Ruling

P = TypeVar("P", bound=Position)
S = TypeVar("S", bound=BaseModel)
D = TypeVar("D", bound=BaseModel)
O = TypeVar("O", bound=BaseModel)  # noqa: E741
R = TypeVar("R", bound=BaseModel, covariant=True)


class IllegalPlacementError(PlacementError):
    """A piece placed where the rules forbid (the cue ball outside the D, a striker over its
    zone's line, a disc off the shooting line...). ``reason`` is a stable code (the last part of
    the app's message key ``place.<reason>``), ``params`` its parameters, the message says why in
    English."""

    def __init__(self, reason: str, message: str, params: Mapping[str, Any] | None = None):
        self.reason = reason
        self.params = dict(params or {})
        super().__init__(f"illegal placement ({reason}): {message}")


class IllegalChoiceError(ChoiceError):
    """A choice or nomination the rules do not offer in this position."""


class Termination(StrEnum):
    """How a frame (snooker), a game (crokinole, novuss) ended."""

    LAST_BALL = "last_ball"  # snooker: the last ball potted or fouled (S2 D1)
    AWARDED = "awarded"  # snooker: the frame awarded after a third miss (S3 R14)
    CONCEDED = "conceded"  # a player conceded (snooker S2 D1(a), crokinole)
    CLAIMED = "claimed"  # snooker: the frame claimed (S2 D1(b))
    FORFEIT = "forfeit"  # snooker: forfeited (S4 R2-3)
    TARGET_REACHED = "target_reached"  # crokinole: a side reached the target score
    ROUNDS_PLAYED = "rounds_played"  # crokinole tournament: every round played
    ALL_POCKETED = "all_pocketed"  # novuss: a side pocketed all its discs with no debt


@dataclass(frozen=True)
class GameOutcome:
    """The result of a finished frame / game (python-chess's ``Outcome``).

    ``winner`` is the winning side (0 or 1), ``None`` for a draw; ``scores`` the sides' scores;
    ``match_over`` is False when a snooker frame ended but the match goes on
    (:meth:`Game.next_frame` then gives the next frame's opening position).
    """

    termination: Termination
    winner: int | None
    scores: tuple[int, int]
    match_over: bool = True

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``, side 0 first."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 0 else "0-1"


@dataclass(frozen=True)
class PlacementArea:
    """The piece the seat to move must (or may) place before striking, and where.

    ``kind`` is ``d`` (snooker: the cue ball in hand in the D), ``edge_zone`` (novuss: the
    striker in the seat's edge zone) or ``shooting_line`` (crokinole: the disc on the seat's
    shooting line); ``bounds`` (x_min, y_min, x_max, y_max, metres) is a box holding every legal
    place: :meth:`Game.check_placement` has the last word.
    """

    kind: str
    piece: str
    seat: int
    required: bool
    bounds: tuple[float, float, float, float]


@dataclass(frozen=True)
class StrikeParameter:
    """One continuous parameter of a strike: its name (the strike record's field), its range and
    unit. The placement (if any) is not one of them: see :class:`PlacementArea`."""

    name: str
    low: float
    high: float
    unit: str
    doc: str = ""


@dataclass(frozen=True)
class Turn:
    """What the seat to move must do now.

    ``action`` is ``strike``, ``choose`` (pick one of ``choices`` before anything else) or
    ``over``. With a strike: ``placement`` (or None), ``cue`` (the piece struck), ``nominations``
    (balls the striker may nominate, e.g. a colour after a red in snooker; empty when none),
    ``free_ball`` (the balls that may be nominated as a free ball; empty when none is awarded).
    """

    seat: int
    action: str
    choices: tuple[str, ...] = ()
    placement: PlacementArea | None = None
    cue: str = ""
    nominations: tuple[str, ...] = ()
    free_ball: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ChanceOutcome:
    """One result of a chance event in the referee's decision, with its probability (OpenSpiel's
    chance outcomes): ``value`` is handed to :meth:`Game.apply_chance`."""

    value: int
    probability: float
    description: str


class Capability(StrEnum):
    """What a game has beyond the core (:class:`Game`), after OpenSpiel's game-type flags. A game
    lists its capabilities in ``Game.capabilities`` and implements the matching protocol below;
    users ask :func:`supports` before they use one."""

    FRAMES = "frames"  # a match of several frames / rounds: FramedGame
    NOMINATIONS = "nominations"  # a stroke may nominate a ball: NominatingGame
    CHANCE = "chance"  # the referee draws lots: ChanceGame
    CONCESSION = "concession"  # the player to move may concede: ConcedingGame
    TIME_OUT = "time_out"  # the rules say what a shot clock's time-out costs: TimedGame
    PATHS = "paths"  # the physics traces any set of pieces and draws the paths: TracingGame


class Game(Protocol[P, S, D, O, R]):
    """One game's rules, physics and record types, generic over its position, strike,
    declaration, outcome and ruling records (e.g. ``Game[SnookerPosition, SnookerStrike, ...]``):
    the core every user of a game needs. What only some games have is a :class:`Capability`.

    :class:`cueboard.games.common.GameBase` implements the conveniences derived from the core
    (``is_over``, ``returns``, ``validate_strike``, ``placement_point``...) and the empty
    defaults (no choices), so a new game writes only its own rules.
    """

    name: str
    records: GameRecordTypes
    #: Player counts the game allows.
    player_counts: tuple[int, ...]
    #: Every choice :meth:`choices` may ever offer (snooker: play, put_back, replace), in a fixed
    #: order (a fixed-size action space indexes them).
    choice_names: tuple[str, ...]
    #: What the game has beyond the core.
    capabilities: frozenset[Capability]
    #: The table / board specification (a dataclass of SI figures, as the rules give them).
    table: Any

    # --- the start -----------------------------------------------------------------------------
    def new_position(
        self, settings: Mapping[str, Any] | None = None, *, seed: int = 0, first: int | None = None
    ) -> P:
        """The position at the start of a match / game with these rules settings (a ``players``
        setting picks 2 or 4 players; an error naming what is wrong). ``first`` names the seat
        to play first (snooker: to break off); by default the game's own rule decides (crokinole
        draws it with ``seed``)."""
        ...

    def frame_settings(self, frame: int) -> dict[str, Any]:
        """The rules settings of the ``frame``-th unit of a two-player match between agents: one
        snooker frame, one crokinole round, one novuss game (the match runner, the batch
        runners)."""
        ...

    def seats(self, position: P) -> tuple[int, ...]:
        """The seats in play, in playing order."""
        ...

    def side_of(self, position: P, seat: int) -> int:
        """The side (0 or 1) ``seat`` plays for."""
        ...

    def piece_ids(self, position: P) -> tuple[str, ...]:
        """Every piece id that may appear in this match's positions, in a fixed order (a
        fixed-size observation gives each its slot)."""
        ...

    # --- whose turn, and what they may do -----------------------------------------------------
    def to_move(self, position: P) -> int | None:
        """The seat to strike or choose; ``None`` when the frame / round / game is over."""
        ...

    def turn(self, position: P) -> Turn:
        """What the seat to move must do (strike or choose), with its options."""
        ...

    def legal_placements(self, position: P) -> PlacementArea | None:
        """The piece to place before the stroke and the area it goes in; None when nothing is
        placed (a snooker cue ball not in hand)."""
        ...

    def check_placement(self, position: P, x: float, y: float) -> None:
        """Raise :class:`IllegalPlacementError` (with its reason code) unless the piece to place
        may go at (x, y)."""
        ...

    def placement_point(self, position: P, u: float, v: float) -> tuple[float, float]:
        """The place in the area of :meth:`legal_placements` at unit coordinates ``u``, ``v`` in
        [-1, 1] (a fixed-size action space's placement); :meth:`check_placement` has the last
        word."""
        ...

    def placement_of(self, strike: S) -> tuple[float, float] | None:
        """Where ``strike`` places its piece (None when it places none)."""
        ...

    def choices(self, position: P) -> tuple[str, ...]:
        """The choices the seat to move must make before striking (empty when none)."""
        ...

    def choose(self, position: P, choice: str) -> D:
        """The declaration that makes ``choice`` (one of :meth:`choices`), played without a
        stroke (:class:`IllegalChoiceError` when it is not offered); its outcome is
        :meth:`no_stroke_outcome`."""
        ...

    def strike_bounds(self, position: P) -> tuple[StrikeParameter, ...]:
        """The strike's continuous parameters and their ranges."""
        ...

    def make_strike(
        self, position: P, values: Mapping[str, float], placement: tuple[float, float] | None = None
    ) -> S:
        """The game's strike record from parameter values (:meth:`strike_bounds` names them; the
        ones left out take their defaults) and the placement; bad values raise an error naming
        them."""
        ...

    def validate_strike(self, position: P, strike: S) -> None:
        """Raise :class:`IllegalPlacementError` (or another input error) when ``strike`` may not
        be played from ``position``, before any physics runs."""
        ...

    def declaration(self, position: P) -> D:
        """The declaration that goes with a plain stroke from ``position`` (a game with
        :attr:`Capability.NOMINATIONS` takes keyword arguments too: :class:`NominatingGame`)."""
        ...

    # --- one shot ------------------------------------------------------------------------------
    def simulate(self, position: P, declaration: D, strike: S) -> tuple[tuple[Event, ...], O]:
        """Play ``strike`` with the physics engine: the events and the outcome facts."""
        ...

    def no_stroke_outcome(self, position: P) -> O:
        """The outcome that goes with a declaration played without a stroke (a choice, a
        concession)."""
        ...

    def apply(self, position: P, declaration: D, outcome: O, rng: np.random.Generator) -> tuple[P, R]:
        """The referee: the position after the shot and the ruling. ``rng`` draws the chance
        events (:class:`ChanceGame`), if any."""
        ...

    # --- the end -------------------------------------------------------------------------------
    def outcome(self, position: P) -> GameOutcome | None:
        """How the frame / game ended, None while it goes on."""
        ...

    def returns(self, position: P) -> dict[int, float]:
        """Each seat's return: +1 for the winning side's seats, -1 for the losing side's, 0 for a
        draw or while the frame / game goes on (OpenSpiel's ``returns``)."""
        ...


class FramedGame(Game[P, S, D, O, R], Protocol):
    """:attr:`Capability.FRAMES`: a match of several frames (snooker best-of-N) or rounds
    (crokinole)."""

    def next_frame(self, position: P) -> P | None:
        """The opening position of the next frame when ``position`` ends a frame and the match
        goes on; None otherwise."""
        ...

    def frame_number(self, position: P) -> int:
        """The frame (snooker) / round (crokinole) being played, from 0."""
        ...


class NominatingGame(Game[P, S, D, O, R], Protocol):
    """:attr:`Capability.NOMINATIONS`: a stroke may nominate a ball (snooker: a colour after a
    red, S2 D12; a free ball, S3 R10)."""

    def nominations(self, position: P) -> tuple[str, ...]:
        """The balls the striker may nominate with the stroke; empty when none."""
        ...

    def declaration(self, position: P, *, nominate: str | None = None, free_ball: str | None = None) -> D:
        """The stroke's declaration with its nominations (:class:`IllegalChoiceError` for one
        that is not offered)."""
        ...


class ChanceGame(Game[P, S, D, O, R], Protocol):
    """:attr:`Capability.CHANCE`: the referee's decision may draw lots (snooker: who plays first
    on a re-spotted black, S3 R4), listed explicitly as in OpenSpiel."""

    def chance_outcomes(self, position: P, declaration: D, outcome: O) -> tuple[ChanceOutcome, ...]:
        """The chance event's possible results (empty when the decision is deterministic)."""
        ...

    def apply_chance(self, position: P, declaration: D, outcome: O, value: int) -> tuple[P, R]:
        """:meth:`Game.apply` with the chance event's result fixed to ``value``."""
        ...


class ConcedingGame(Game[P, S, D, O, R], Protocol):
    """:attr:`Capability.CONCESSION`: the player to move may concede (snooker S4 R6 the frame,
    crokinole the game); refereed as a declaration with :meth:`Game.no_stroke_outcome`."""

    def concession(self, position: P) -> D:
        """The declaration of the player to move conceding."""
        ...


class TimedGame(Game[P, S, D, O, R], Protocol):
    """:attr:`Capability.TIME_OUT`: the rules say what running out of a shot clock costs (the
    snooker Shoot-Out's time foul; the house rules of crokinole and novuss)."""

    def time_out(self, position: P) -> tuple[D, O]:
        """The declaration and outcome the referee rules when the player to move ran out of
        time."""
        ...


Paths = dict[str, list[tuple[float, float]]]
"""Each moving piece's path: its points (x, y), metres, in order."""


class TracingGame(Game[P, S, D, O, R], Protocol):
    """:attr:`Capability.PATHS`: the physics plays a stroke on any set of pieces, not only on a
    position of a match, and draws the pieces' paths (``cueboard simulate --svg``)."""

    def trace(self, position: Position, strike: S) -> tuple[tuple[Event, ...], O, Paths]:
        """The events, the outcome facts and each moving piece's path (points, metres) of
        ``strike`` played on ``position``'s pieces."""
        ...

    def paths_svg(self, outcome: O, paths: Mapping[str, list[tuple[float, float]]]) -> str:
        """The table with the pieces where they stopped and their paths, as SVG text."""
        ...


AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any record types (what :func:`get_game` returns)."""


def supports(game: AnyGame, capability: Capability) -> bool:
    """Whether ``game`` declares ``capability``."""
    return capability in game.capabilities


def framed(game: AnyGame) -> FramedGame[Any, Any, Any, Any, Any] | None:
    """``game`` as a :class:`FramedGame`, or None when its matches have one frame / game."""
    return game if supports(game, Capability.FRAMES) else None  # type: ignore[return-value]


def frame_number(game: AnyGame, position: Position) -> int:
    """The frame / round being played, from 0 (always 0 for a game without frames)."""
    g = framed(game)
    return 0 if g is None else g.frame_number(position)


def next_frame(game: AnyGame, position: Position) -> Position | None:
    """The next frame's opening position, or None (always None for a game without frames)."""
    g = framed(game)
    return None if g is None else g.next_frame(position)


def concession(game: AnyGame, position: Position) -> BaseModel:
    """The declaration of the player to move conceding (:class:`IllegalChoiceError` when the
    game's rules have no concession)."""
    if not supports(game, Capability.CONCESSION):
        raise IllegalChoiceError(f"{game.name} has no concession in its rules")
    conceding: ConcedingGame[Any, Any, Any, Any, Any] = game  # type: ignore[assignment]
    return conceding.concession(position)


def time_out(game: AnyGame, position: Position) -> tuple[BaseModel, BaseModel]:
    """The declaration and outcome of a time-out (:class:`IllegalChoiceError` when the game's
    rules give none, so no shot clock is offered)."""
    if not supports(game, Capability.TIME_OUT):
        raise IllegalChoiceError(f"{game.name} has no time-out rule: its matches take no shot clock")
    timed: TimedGame[Any, Any, Any, Any, Any] = game  # type: ignore[assignment]
    return timed.time_out(position)


def chance(game: AnyGame) -> ChanceGame[Any, Any, Any, Any, Any] | None:
    """``game`` as a :class:`ChanceGame`, or None when its referee draws no lots."""
    return game if supports(game, Capability.CHANCE) else None  # type: ignore[return-value]


def nominating(game: AnyGame) -> NominatingGame[Any, Any, Any, Any, Any] | None:
    """``game`` as a :class:`NominatingGame`, or None when its strokes nominate nothing."""
    return game if supports(game, Capability.NOMINATIONS) else None  # type: ignore[return-value]


def is_over(game: AnyGame, position: Position) -> bool:
    """Whether the frame / round / game has ended (nobody is to move)."""
    return game.to_move(position) is None


def returns_of(
    outcome: GameOutcome | None, seats: tuple[int, ...], side_of: Mapping[int, int]
) -> dict[int, float]:
    """Per-seat returns from a frame / game result (+1 winners, -1 losers, 0 drawn or unfinished)."""
    if outcome is None or outcome.winner is None:
        return dict.fromkeys(seats, 0.0)
    return {s: 1.0 if side_of[s] == outcome.winner else -1.0 for s in seats}


def check_ruling(ruling: BaseModel) -> Ruling:
    """``ruling`` as a :class:`~cueboard.records.ruling.Ruling` (TypeError for a record that is
    not one of the games' rulings)."""
    if not isinstance(ruling, Ruling):
        raise TypeError(f"{type(ruling).__name__} is not a ruling")
    return ruling


def get_game(name: str) -> AnyGame:
    """The game called ``name``, from the registry (:mod:`cueboard.registry`;
    :class:`UnknownGameError` naming the installed games otherwise)."""
    from cueboard.registry import get_game as registered

    return registered(name)


__all__ = [
    "AnyGame", "Capability", "ChanceGame", "ChanceOutcome", "ConcedingGame", "FramedGame", "Game",
    "GameOutcome", "IllegalChoiceError", "IllegalPlacementError", "NominatingGame", "PlacementArea",
    "StrikeParameter", "Termination", "TimedGame", "TracingGame", "Turn", "UnknownGameError", "chance",
    "concession",
    "frame_number", "get_game", "is_over", "next_frame", "nominating", "returns_of", "supports", "time_out",
]
