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

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeVar

import numpy as np
from pydantic import BaseModel

from cueboard.engine.events import Event
from cueboard.errors import CueboardInputError
from cueboard.records.base import Position
from cueboard.records.registry import GameRecordTypes
from cueboard.records.ruling import Ruling

P = TypeVar("P", bound=Position)
S = TypeVar("S", bound=BaseModel)
D = TypeVar("D", bound=BaseModel)
O = TypeVar("O", bound=BaseModel)  # noqa: E741
R = TypeVar("R", bound=BaseModel, covariant=True)


class IllegalPlacementError(CueboardInputError):
    """A piece placed where the rules forbid (the cue ball outside the D, a striker over its
    zone's line, a disc off the shooting line...). ``reason`` is a stable code (the last part of
    the app's message key ``place.<reason>``), ``params`` its parameters, the message says why in
    English."""

    def __init__(self, reason: str, message: str, params: Mapping[str, Any] | None = None):
        self.reason = reason
        self.params = dict(params or {})
        super().__init__(f"illegal placement ({reason}): {message}")


class IllegalChoiceError(CueboardInputError):
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


class Game(Protocol[P, S, D, O, R]):
    """One game's rules, physics and record types, generic over its position, strike,
    declaration, outcome and ruling records (e.g. ``Game[SnookerPosition, SnookerStrike, ...]``).
    """

    name: str
    records: GameRecordTypes
    #: Player counts the game allows.
    player_counts: tuple[int, ...]
    #: Every choice :meth:`choices` may ever offer (snooker: play, put_back, replace), in a fixed
    #: order (a fixed-size action space indexes them).
    choice_names: tuple[str, ...]
    #: Whether a stroke may carry a nomination (:meth:`nominations`, a free ball): snooker.
    nominates: bool

    # --- the start -----------------------------------------------------------------------------
    def new_position(
        self, settings: Mapping[str, Any] | None = None, *, seed: int = 0, first: int | None = None
    ) -> P:
        """The position at the start of a match / game with these rules settings (a ``players``
        setting picks 2 or 4 players; ValueError naming what is wrong). ``first`` names the seat
        to play first (snooker: to break off); by default the game's own rule decides (crokinole
        draws it with ``seed``)."""
        ...

    def seats(self, position: P) -> tuple[int, ...]:
        """The seats in play, in playing order."""
        ...

    def side_of(self, position: P, seat: int) -> int:
        """The side (0 or 1) ``seat`` plays for."""
        ...

    def piece_ids(self, position: P) -> tuple[str, ...]:
        """Every piece id that may appear in this match's positions, in a fixed order (a
        fixed-size observation gives each its slot): the balls, the discs and strikers, and
        crokinole's discs not yet shot."""
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
        [-1, 1] (the D: ``u`` across, ``v`` from the baulk line back; crokinole: ``u`` along the
        seat's quarter of the shooting line, ``v`` across it; novuss: the edge zone's box). Every
        (u, v) gives a place the area's shape allows; other pieces (or a novuss pocket) may still
        forbid it: :meth:`check_placement` has the last word."""
        ...

    def choices(self, position: P) -> tuple[str, ...]:
        """The choices the seat to move must make before striking (empty when none)."""
        ...

    def choose(self, position: P, choice: str) -> D:
        """The declaration that makes ``choice`` (one of :meth:`choices`), played without a
        stroke (:class:`IllegalChoiceError` when it is not offered)."""
        ...

    def nominations(self, position: P) -> tuple[str, ...]:
        """The balls the striker may nominate with the stroke (snooker: a colour when the ball on
        is "any colour", S2 D12); empty when there is nothing to nominate."""
        ...

    def declaration(self, position: P, *, nominate: str | None = None, free_ball: str | None = None) -> D:
        """The declaration that goes with a stroke from ``position``: ``nominate`` names the ball
        nominated (snooker: a colour after a red), ``free_ball`` the ball nominated as a free ball
        (snooker, S3 R10). A nomination that is not offered raises :class:`IllegalChoiceError`."""
        ...

    def placement_of(self, strike: S) -> tuple[float, float] | None:
        """Where ``strike`` places its piece (None when it places none)."""
        ...

    def strike_bounds(self, position: P) -> tuple[StrikeParameter, ...]:
        """The strike's continuous parameters and their ranges."""
        ...

    def make_strike(
        self, position: P, values: Mapping[str, float], placement: tuple[float, float] | None = None
    ) -> S:
        """The game's strike record from parameter values (:meth:`strike_bounds` names them; the
        ones left out take their defaults) and the placement; bad values raise a ValueError
        naming them."""
        ...

    def validate_strike(self, position: P, strike: S) -> None:
        """Raise :class:`IllegalPlacementError` (or another ValueError) when ``strike`` may not be
        played from ``position``, before any physics runs."""
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
        events (:meth:`chance_outcomes`), if any."""
        ...

    def chance_outcomes(self, position: P, declaration: D, outcome: O) -> tuple[ChanceOutcome, ...]:
        """The chance event the referee's decision on this shot involves, as its possible results
        (empty when the decision is deterministic)."""
        ...

    def apply_chance(self, position: P, declaration: D, outcome: O, value: int) -> tuple[P, R]:
        """:meth:`apply` with the chance event's result fixed to ``value`` (one of
        :meth:`chance_outcomes`)."""
        ...

    # --- the end -------------------------------------------------------------------------------
    def is_over(self, position: P) -> bool:
        """Whether the frame (snooker) / game (crokinole, novuss) has ended."""
        ...

    def outcome(self, position: P) -> GameOutcome | None:
        """How the frame / game ended, None while it goes on."""
        ...

    def returns(self, position: P) -> dict[int, float]:
        """Each seat's return: +1 for the winning side's seats, -1 for the losing side's, 0 for a
        draw or while the frame / game goes on (OpenSpiel's ``returns``)."""
        ...

    def next_frame(self, position: P) -> P | None:
        """The opening position of the next frame when ``position`` ends a frame and the match
        goes on (snooker best-of-N); None otherwise."""
        ...

    def frame_number(self, position: P) -> int:
        """The frame (snooker) / round (crokinole) being played, from 0."""
        ...


AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any record types (what :func:`get_game` returns)."""


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
    """The game called ``name`` (ValueError naming the known games otherwise)."""
    from cueboard.games import GAME_NAMES

    if name not in GAME_NAMES:
        raise UnknownGameError(f"unknown game '{name}' (choose one of: {', '.join(GAME_NAMES)})")
    module = importlib.import_module(f"cueboard.games.{name}")
    game: AnyGame = module.GAME
    return game


class UnknownGameError(CueboardInputError):
    """No game of that name."""
