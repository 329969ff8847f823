"""Small pieces the three games' :class:`cueboard.games.protocol.Game` objects share."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import numpy as np
from pydantic import BaseModel

from cueboard.errors import StrikeError
from cueboard.games.protocol import (
    Capability,
    ChanceOutcome,
    GameOutcome,
    IllegalChoiceError,
    IllegalPlacementError,
    PlacementArea,
    StrikeParameter,
    Turn,
    returns_of,
)
from cueboard.records.base import Position, parse_record
from cueboard.records.registry import GameRecordTypes

M = TypeVar("M", bound=BaseModel)
P = TypeVar("P", bound=Position)
S = TypeVar("S", bound=BaseModel)
D = TypeVar("D", bound=BaseModel)
O = TypeVar("O", bound=BaseModel)  # noqa: E741
R = TypeVar("R", bound=BaseModel)


@dataclass(frozen=True)
class RecordCheck:
    """Checks that a record handed to a game through the protocol is of the game's own type:
    ``check(SnookerPosition, position, "position")`` returns ``position`` typed as a
    ``SnookerPosition``, or raises ``error`` saying what was expected and what came."""

    game: str
    error: type[Exception] = TypeError

    def __call__(self, model: type[M], value: BaseModel, what: str) -> M:
        if not isinstance(value, model):
            raise self.error(f"{self.game} expects a {model.__name__} as {what}, not {type(value).__name__}")
        return value


class GameBase(Generic[P, S, D, O, R]):
    """What the three games' :class:`~cueboard.games.protocol.Game` objects share: the turn built
    from the game's own answers, the per-seat returns, strike validation through the placement
    check, strike records built from parameter values, and no chance, no frames (a game with
    either overrides those)."""

    name: str
    records: GameRecordTypes
    player_counts: tuple[int, ...] = (2,)
    choice_names: tuple[str, ...] = ()
    capabilities: frozenset[Capability] = frozenset()
    table: Any = None

    @property
    def nominates(self) -> bool:
        """Whether a stroke may carry a nomination (:attr:`Capability.NOMINATIONS`)."""
        return Capability.NOMINATIONS in self.capabilities

    def frame_settings(self, frame: int) -> dict[str, Any]:
        """The rules settings of one unit of a match between agents: the defaults."""
        return {}

    # answered by each game
    def to_move(self, position: P) -> int | None:
        raise NotImplementedError

    def seats(self, position: P) -> tuple[int, ...]:
        raise NotImplementedError

    def side_of(self, position: P, seat: int) -> int:
        raise NotImplementedError

    def legal_placements(self, position: P) -> PlacementArea | None:
        raise NotImplementedError

    def check_placement(self, position: P, x: float, y: float) -> None:
        raise NotImplementedError

    def strike_bounds(self, position: P) -> tuple[StrikeParameter, ...]:
        raise NotImplementedError

    def outcome(self, position: P) -> GameOutcome | None:
        raise NotImplementedError

    def apply(self, position: P, declaration: D, outcome: O, rng: np.random.Generator) -> tuple[P, R]:
        raise NotImplementedError

    def placement_of(self, strike: S) -> tuple[float, float] | None:
        """Where ``strike`` places its piece (None when it places none)."""
        return None

    # shared
    def is_over(self, position: P) -> bool:
        return self.to_move(position) is None

    def piece_ids(self, position: P) -> tuple[str, ...]:
        """The position's pieces (snooker and novuss keep every piece in every position)."""
        return tuple(p.id for p in position.pieces)

    #: How far inside the placement box's edges :meth:`placement_point` keeps the piece's centre.
    placement_margin: float = 0.0

    def placement_point(self, position: P, u: float, v: float) -> tuple[float, float]:
        """The point at (u, v) in [-1, 1]² of the placement box, ``placement_margin`` inside its
        edges (a game whose area is not a box overrides it)."""
        area = self.legal_placements(position)
        if area is None:
            raise IllegalPlacementError(
                "nothing_to_place", f"no piece is placed in this {self.name} position"
            )
        x0, y0, x1, y1 = area.bounds
        m = self.placement_margin
        t, w = (min(max(u, -1.0), 1.0) + 1.0) / 2, (min(max(v, -1.0), 1.0) + 1.0) / 2
        return (x0 + m + t * (x1 - x0 - 2 * m), y0 + m + w * (y1 - y0 - 2 * m))

    def choices(self, position: P) -> tuple[str, ...]:
        return ()

    def choose(self, position: P, choice: str) -> D:
        raise IllegalChoiceError(f"{self.name} offers no choice '{choice}' here (it offers no choices)")

    def nominations(self, position: P) -> tuple[str, ...]:
        return ()

    def declaration(self, position: P, *, nominate: str | None = None, free_ball: str | None = None) -> D:
        if nominate is not None or free_ball is not None:
            raise IllegalChoiceError(f"{self.name} has nothing to nominate ('{nominate or free_ball}')")
        declaration: D = self.records.declaration()  # type: ignore[assignment]
        return declaration

    def no_stroke_outcome(self, position: P) -> O:
        raise IllegalChoiceError(f"{self.name}: every turn is a stroke")

    def turn(self, position: P) -> Turn:
        seat = self.to_move(position)
        if seat is None:
            return Turn(seat=position.to_move, action="over")
        choices = self.choices(position)
        if choices:
            return Turn(seat=seat, action="choose", choices=choices)
        placement = self.legal_placements(position)
        return Turn(
            seat=seat,
            action="strike",
            placement=placement,
            cue=self.cue(position),
            nominations=self.nominations(position),
        )

    def cue(self, position: P) -> str:
        """The piece the seat to move strikes."""
        area = self.legal_placements(position)
        return area.piece if area is not None else ""

    def validate_strike(self, position: P, strike: S) -> None:
        if self.to_move(position) is None:
            raise IllegalChoiceError(f"the {self.name} game is over: no stroke may be played")
        area = self.legal_placements(position)
        start = self.placement_of(strike)
        if start is not None:
            self.check_placement(position, *start)
        elif area is not None and area.required:
            raise IllegalPlacementError("required", "place the piece before the stroke")

    def make_strike(
        self, position: P, values: Mapping[str, float], placement: tuple[float, float] | None = None
    ) -> S:
        known = {p.name: p for p in self.strike_bounds(position)}
        unknown = sorted(set(values) - set(known))
        if unknown:
            names = ", ".join(known)
            raise StrikeError(
                f"unknown strike parameter(s) {', '.join(unknown)} for {self.name} (known: {names})"
            )
        numbers: dict[str, float] = {}
        for name, value in values.items():
            p = known[name]
            try:
                numbers[name] = float(value)
            except (TypeError, ValueError):
                raise StrikeError(f"strike {name} {value!r} is not a number") from None
            if not (p.low <= numbers[name] <= p.high):
                raise StrikeError(f"strike {name} {value!r} is outside [{p.low}, {p.high}] {p.unit}")
        data: dict[str, Any] = {**self.strike_defaults, **numbers}
        data.update(self.placement_fields(placement))
        return parse_record(self.strike_type, data, prefix="strike")

    #: The game's strike record, and the values :meth:`make_strike` starts from.
    strike_type: type[S]
    strike_defaults: Mapping[str, float] = MappingProxyType({"speed": 1.0, "angle": 90.0})

    def placement_fields(self, placement: tuple[float, float] | None) -> dict[str, Any]:
        """The strike record's fields for ``placement`` (IllegalPlacementError when the game
        needs one and none is given)."""
        if placement is None:
            raise IllegalPlacementError("required", f"a {self.name} stroke needs its piece's place")
        return {"x": placement[0], "y": placement[1]}

    def chance_outcomes(self, position: P, declaration: D, outcome: O) -> tuple[ChanceOutcome, ...]:
        return ()

    def apply_chance(self, position: P, declaration: D, outcome: O, value: int) -> tuple[P, R]:
        raise IllegalChoiceError(f"{self.name}: this decision involves no chance event")

    def returns(self, position: P) -> dict[int, float]:
        seats = self.seats(position)
        return returns_of(self.outcome(position), seats, {s: self.side_of(position, s) for s in seats})

    def next_frame(self, position: P) -> P | None:
        return None

    def frame_number(self, position: P) -> int:
        return 0


def lazy_attributes(package: str, names: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` (PEP 562) that imports ``names`` (attribute -> submodule) on first
    use: a game package exports its physics this way, so that importing the package (and its
    referee) never imports the physics engine."""

    def lazy_getattr(name: str) -> object:
        sub = names.get(name)
        if sub is None:
            raise AttributeError(f"module '{package}' has no attribute '{name}'")
        return getattr(importlib.import_module(f"{package}.{sub}"), name)

    return lazy_getattr
