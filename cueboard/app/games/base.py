"""What the web app needs from a game beyond the :class:`~cueboard.games.protocol.Game` interface:
the geometry to draw, the lobby's options, the scoreboard, the stroke's start for the animation
tracks, and the warm-up stroke. Everything about the rules — whose turn, what they may do, the
placement checks, the choices, the referee's calls, the end of a frame or match — comes from the
game itself (:func:`turn_json` turns its :class:`~cueboard.games.protocol.Turn` into the page's
JSON).

Texts are never built here: every message is a catalogue key with parameters
(cueboard/app/i18n/*.json), so the page and the server speak the player's language.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from cueboard.errors import CueboardInputError
from cueboard.games.protocol import AnyGame, IllegalChoiceError, IllegalPlacementError, get_game
from cueboard.records.base import Position, RecordError
from cueboard.records.match import MatchRecord
from cueboard.records.ruling import Call

if TYPE_CHECKING:
    from cueboard.app.scorer_games import Keeper

PAGES = Path(__file__).parents[1] / "static" / "js" / "games"
"""The built-in games' page modules, a folder per game (and ``generic`` for a game without its own)."""

Message = Call
"""A text for the player: a catalogue key and its parameters (the games' :class:`Call`)."""

PlacementError = IllegalPlacementError
"""A piece placed where the rules forbid (the games' :class:`IllegalPlacementError`)."""

ChoiceError = IllegalChoiceError
"""A choice or declaration the rules do not offer now (the games' :class:`IllegalChoiceError`)."""


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


class GameAdapter:
    """Drawing and controls, generic: any game of the registry plays through the app with this
    adapter (its table specification, its sides' ``scores``, a default stroke to warm up);
    a game's own adapter (its ``cueboard.app`` entry point) fills in the game-specific parts."""

    name: str = ""

    #: The setting under which the game's rules keep who plays first (a rematch sets it to
    #: alternate the break), or None when the game keeps no such setting.
    first_player_setting: str | None = None

    #: The folder of the game's page modules: plain ES modules (``table.js`` draws the table and
    #: words the calls, ``scorer.js`` keeps score by hand, ...) that the page loads from
    #: ``/games/<name>/<part>.js``. None: the generic modules of ``static/js/games/generic``.
    page_dir: Path | None = None

    def __init__(self, name: str = "") -> None:
        self.name = name or type(self).name

    @property
    def game(self) -> AnyGame:
        return get_game(self.name)

    @property
    def placement_kind(self) -> str:
        """What the player places before the opening stroke (the game's
        :meth:`~cueboard.games.protocol.Game.legal_placements`: ``d``, ``shooting_line``,
        ``edge_zone``), for the lobby."""
        game = self.game
        area = game.legal_placements(game.new_position(self.rules_settings(min(game.player_counts), {})))
        return "" if area is None else area.kind

    @property
    def player_counts(self) -> tuple[int, ...]:
        return self.game.player_counts

    # --- lobby ---------------------------------------------------------------------------------
    def settings(self) -> list[Setting]:
        return []

    def rules_settings(self, players: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The settings mapping for ``game.new_position`` from the lobby's choices."""
        return {**settings, "players": players}

    def seats(self, players: int) -> tuple[int, ...]:
        """The seats the players sit at, in the order the lobby lists them."""
        return self.game.seats(self.game.new_position(self.rules_settings(players, {})))

    # --- the view ------------------------------------------------------------------------------
    def spec(self) -> dict[str, Any]:
        """The table / board geometry the page draws (the game's specification dataclass; a
        game's own adapter adds derived figures)."""
        table = self.game.table
        return spec_json(table, {}) if dataclasses.is_dataclass(table) else {}

    def scoreboard(self, position: Position) -> dict[str, Any]:
        """``{"sides": [{"seats": [...], "score": n, "extra": [{"key", "value"}]}], "rows": [...]}``
        (generic: each side's seats and the position's ``scores``)."""
        game = self.game
        scores = tuple(getattr(position, "scores", (0, 0)))
        sides = [{"seats": [s for s in game.seats(position) if game.side_of(position, s) == side],
                  "score": scores[side], "extra": []} for side in (0, 1)]
        to_move = game.to_move(position)
        striker = None if to_move is None else game.side_of(position, to_move)
        return {"sides": sides, "striker_side": striker, "rows": []}

    def awarded(self, position: Position, side: int) -> Position | None:
        """The position after the match is awarded to ``side`` without a move (an online claim
        against a player away from the table), where the game's rules give the winner more than
        the position holds — or None: the position stands as it is (generic: None)."""
        return None

    def warm_strike(self, position: Position) -> BaseModel:
        """A gentle legal stroke from the opening ``position``: the server plays it once per game
        at start-up, unrecorded, so that the physics' compiled kernels are loaded before the first
        real shot (generic: the strike's defaults from the middle of the placement area)."""
        game = self.game
        area = game.legal_placements(position)
        placement = None
        if area is not None:
            x0, y0, x1, y1 = area.bounds
            placement = ((x0 + x1) / 2, (y0 + y1) / 2)
        return game.make_strike(position, {}, placement)

    #: Whether the game's statistics read stroke marks (what each stroke was meant to be).
    reads_marks: bool = False

    #: The formats a match's statistics and results are exported in (``/stats`` JSON, ``/stats.csv``
    #: CSV, and a game's own notation, e.g. ``cmn``: Crokinole Match Notation).
    exports: tuple[str, ...] = ("json", "csv")

    def scorer_keeper(self) -> type[Keeper] | None:
        """The keeper with which the scorer keeps a real match of this game by hand
        (:class:`cueboard.app.scorer_games.Keeper`), or None: the scorer does not keep it."""
        return None

    def statistics(
        self, record: MatchRecord, marks: Sequence[Mapping[str, Any] | None] | None = None
    ) -> dict[str, Any]:
        """The players' statistics of a match record (:mod:`cueboard.app.stats`); ``marks`` say
        what each stroke was meant to be, for a game that :attr:`reads_marks`."""
        if marks is not None and not self.reads_marks:
            raise RecordError(f"stroke marks (pot or safety, long) are not read in {self.name}")
        return self.figures(record, marks)

    def figures(
        self, record: MatchRecord, marks: Sequence[Mapping[str, Any] | None] | None
    ) -> dict[str, Any]:
        """The game's own figures of :meth:`statistics` (generic: none)."""
        raise CueboardInputError(f"no statistics for the game {self.name!r}")

    def strike_velocity(self, position: Position, strike: BaseModel) -> dict[str, tuple[float, float]]:
        """Initial velocity of the struck piece (the game's :attr:`Turn.cue`), for the animation
        tracks; empty when unknown."""
        velocity = self.cue_velocity(strike)
        return {} if velocity is None else {self.game.turn(position).cue: velocity}

    def cue_velocity(self, strike: BaseModel) -> tuple[float, float] | None:
        """The struck piece's initial velocity (m/s) from the strike's fields; None when the start
        velocity alone does not fix its path."""
        return None

    def start_positions(self, position: Position, strike: BaseModel) -> dict[str, tuple[float, float]]:
        """Where the pieces are when the stroke starts (a placed piece at its placement)."""
        out = {p.id: (p.x, p.y) for p in position.on_table()}
        start = self.game.placement_of(strike)
        area = self.game.legal_placements(position)
        if start is not None and area is not None:
            out[area.piece] = start
        return out


def turn_json(game: AnyGame, position: Position) -> dict[str, Any]:
    """What the seat to move must do, as the page reads it: ``{"seat", "action": "strike" |
    "choose" | "over", "choices", "placement": {"kind", "required", "seat", "piece", "bounds"} |
    None, "cue", "nominate", "free_ball"}`` (from :meth:`Game.turn`)."""
    t = game.turn(position)
    placement = None
    if t.placement is not None:
        placement = {"kind": t.placement.kind, "required": t.placement.required, "seat": t.placement.seat,
                     "piece": t.placement.piece, "bounds": list(t.placement.bounds)}
    out: dict[str, Any] = {"seat": t.seat, "action": t.action, "choices": list(t.choices),
                           "placement": placement}
    if t.action == "strike":
        out.update({"cue": t.cue, "nominate": list(t.nominations), "free_ball": list(t.free_ball)})
    elif t.action == "choose":
        out["free_ball"] = bool(t.extra.get("free_ball", False))
    return out
