"""What the web app needs from a game beyond the :class:`~cueboard.games.protocol.Game` protocol:
the geometry to draw, the lobby's options, the scoreboard, what the player to move must do (strike,
place, choose), the referee's calls as message keys, and placement checks with a reason code.

Each game's adapter derives these from the game's own records and functions; nothing here changes
a game's rules. Texts are never built here: every message is a catalogue key with parameters
(cueboard/app/i18n/*.json), so the page and the server speak the player's language.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from cueboard.games.protocol import Game, get_game
from cueboard.records.base import Position


@dataclass(frozen=True)
class Message:
    """A text for the player: a catalogue key and its parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


class PlacementError(ValueError):
    """A piece placed where the rules forbid (cue ball outside the D...): ``reason`` is the message
    key's last part, ``message`` an English explanation."""

    def __init__(self, reason: str, message: str, params: Mapping[str, Any] | None = None):
        self.reason = reason
        self.params = dict(params or {})
        super().__init__(f"illegal placement ({reason}): {message}")


class ChoiceError(ValueError):
    """A choice or declaration the rules do not offer now."""


@dataclass(frozen=True)
class Setting:
    """One lobby setting: ``kind`` is ``choice`` (``options``), ``int`` (``min``..``max``) or ``bool``."""

    name: str
    kind: str
    default: Any
    options: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def spec_json(spec: object, extra: Mapping[str, Any]) -> dict[str, Any]:
    """A dataclass spec (table / board) as JSON: its fields plus derived figures."""
    assert dataclasses.is_dataclass(spec) and not isinstance(spec, type)
    out: dict[str, Any] = dataclasses.asdict(spec)
    out.update(extra)
    return out


class GameAdapter(ABC):
    """Base adapter: the parts every game shares. Subclasses fill in the game-specific parts."""

    name: str = ""
    #: Player counts the game allows.
    player_counts: tuple[int, ...] = (2,)
    #: What the player places before a stroke ("d", "edge_zone", "shooting_line").
    placement_kind: str = ""

    @property
    def game(self) -> Game:
        return get_game(self.name)

    # --- lobby ---------------------------------------------------------------------------------
    def settings(self) -> list[Setting]:
        return []

    def rules_settings(self, players: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The settings mapping for ``game.new_position`` from the lobby's choices."""
        return {**settings, "players": players}

    def seats(self, players: int) -> tuple[int, ...]:
        """The seats the players sit at, in the order the lobby lists them."""
        return tuple(range(players))

    # --- the view ------------------------------------------------------------------------------
    @abstractmethod
    def spec(self) -> dict[str, Any]:
        """The table / board geometry the page draws (the spec dataclass and derived figures)."""

    @abstractmethod
    def scoreboard(self, position: Position) -> dict[str, Any]:
        """``{"sides": [{"seats": [...], "score": n, "extra": [{"key", "value"}]}], "rows": [...]}``."""

    @abstractmethod
    def turn(self, position: Position) -> dict[str, Any]:
        """What ``position.to_move`` must do: ``{"seat", "action": "strike" | "choose" | "over",
        "choices": [...], "placement": {...} | None, ...}``."""

    @abstractmethod
    def check_placement(self, position: Position, x: float, y: float) -> None:
        """Raise :class:`PlacementError` unless the piece to place may go at (x, y)."""

    @abstractmethod
    def announcements(self, ruling: BaseModel, before: Position, after: Position) -> list[Message]:
        """The referee's calls for a ruling, as catalogue messages."""

    def validate_strike(self, position: Position, strike: BaseModel) -> None:
        """Raise :class:`PlacementError` (or another ValueError) when the strike may not be played
        from ``position``, before any physics runs."""
        placement = self.turn(position).get("placement")
        start = self.placement_of(strike)
        if start is not None:
            self.check_placement(position, *start)
        elif placement and placement.get("required"):
            raise PlacementError("required", "place the piece before the stroke")

    def placement_of(self, strike: BaseModel) -> tuple[float, float] | None:
        """Where the strike places its piece, if it does."""
        return None

    @abstractmethod
    def warm_strike(self, position: Position) -> BaseModel:
        """A gentle legal stroke from the opening ``position`` (its piece placed in the seat's own
        area, aimed at the centre): the server plays it once per game at start-up, unrecorded, so
        that the physics' compiled kernels are loaded before the first real shot."""

    def choice_declaration(self, position: Position, choice: str) -> BaseModel:
        """The declaration that makes ``choice`` (a button of :meth:`turn`) without a stroke."""
        raise ChoiceError(f"{self.name} offers no choice '{choice}' here")

    def strike_velocity(self, position: Position, strike: BaseModel) -> dict[str, tuple[float, float]]:
        """Initial velocity of the struck piece (for the animation tracks); empty when unknown."""
        return {}

    def start_positions(self, position: Position, strike: BaseModel) -> dict[str, tuple[float, float]]:
        """Where the pieces are when the stroke starts (a placed piece at its placement)."""
        return {p.id: (p.x, p.y) for p in position.on_table()}

    def over(self, position: Position) -> bool:
        """Whether the whole match is over."""
        return self.game.is_over(position)

    def next_frame(self, position: Position) -> Position | None:
        """The opening position of the next frame when ``position`` ends a frame but not the match
        (games whose protocol ``is_over`` ends a frame); None otherwise."""
        return None

    def winner(self, position: Position) -> int | None:
        """The winning side of a finished match (None for a draw or while it is played)."""
        return None

    def frame_number(self, position: Position) -> int:
        return 0
