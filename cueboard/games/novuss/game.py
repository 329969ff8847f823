"""The novuss :class:`~cueboard.games.protocol.Game`: set-up, stroke, referee, end of the game."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from cueboard.engine.events import Event
from cueboard.errors import SettingsError
from cueboard.games.common import GameBase, RecordCheck
from cueboard.games.novuss.board import STANDARD_BOARD, NovussBoard
from cueboard.games.novuss.geometry import check_striker_placement, initial_pieces
from cueboard.games.novuss.records import (
    MAX_SPEED,
    NovussDeclaration,
    NovussOutcome,
    NovussPosition,
    NovussRuling,
    NovussStrike,
    seats_in_play,
    side_of,
    striker_id,
)
from cueboard.games.novuss.referee import apply as referee_apply
from cueboard.games.protocol import (
    Capability,
    GameOutcome,
    IllegalPlacementError,
    PlacementArea,
    StrikeParameter,
    Termination,
)
from cueboard.records.base import PieceState
from cueboard.records.registry import GameRecordTypes, record_types

_as = RecordCheck("novuss")


def place_striker(position: NovussPosition, strike: NovussStrike) -> NovussPosition:
    """The position with the striking seat's striker placed for ``strike`` (refused with
    :class:`IllegalPlacementError` naming the reason when the placement breaks the rules)."""
    if position.winner is not None:
        raise IllegalPlacementError("game_over", f"the game is over: side {position.winner} has won")
    seat = position.to_move
    reason = check_striker_placement(seat, strike.x, strike.y, position.pieces, STANDARD_BOARD)
    if reason is not None:
        code = next((c for words, c in _PLACEMENT_REASONS if words in reason), "illegal")
        raise IllegalPlacementError(code, reason)
    sid = striker_id(seat)
    pieces = tuple(
        p.model_copy(update={"x": strike.x, "y": strike.y, "state": PieceState.ON_TABLE})
        if p.id == sid
        else p
        for p in position.pieces
    )
    return position.model_copy(update={"pieces": pieces})


#: Reason codes for :func:`check_striker_placement`'s refusals, by the words of its message
#: (checked in this order).
_PLACEMENT_REASONS = (
    ("overlap a rail", "rail"),
    ("crosses the line", "outside_zone"),
    ("pocket", "pocket"),
    ("touches disc", "touches_disc"),
)

_STRIKE_BOUNDS = (
    StrikeParameter("speed", 0.01, MAX_SPEED, "m/s", "the striker's speed off the cue"),
    StrikeParameter(
        "angle", -180.0, 180.0, "deg", "direction, counter-clockwise from +x (90: to the top rail)"
    ),
)


def edge_zone_box(seat: int, board: NovussBoard = STANDARD_BOARD) -> tuple[float, float, float, float]:
    """The box (x_min, y_min, x_max, y_max) of ``seat``'s edge zone (seat 0 bottom, 1 left, 2 top,
    3 right: board.py's frame), between the rail and the zone's line."""
    h, line = board.half, board.edge_zone_line(seat)
    return ((-h, -h, h, -line), (-h, -h, -line, h), (-h, line, h, h), (line, -h, h, h))[seat]


class NovussGame(GameBase[NovussPosition, NovussStrike, NovussDeclaration, NovussOutcome, NovussRuling]):
    """Novuss (seed 004, rules/novuss.md). Settings: ``players`` 2 (default) or 4."""

    name = "novuss"
    records: GameRecordTypes = record_types("novuss")
    player_counts: tuple[int, ...] = (2, 4)
    capabilities = frozenset({Capability.TIME_OUT})
    table = STANDARD_BOARD

    def time_out(self, position: NovussPosition) -> tuple[NovussDeclaration, NovussOutcome]:
        """The rules have no clock: ruled as a direct stroke that touched no disc — a penalty
        disc (penalty case 1) and loss of the turn."""
        _as(NovussPosition, position, "position")
        return NovussDeclaration(), NovussOutcome.model_validate({"stroke": "direct"})
    #: The striker wholly inside its zone: its radius off the rail and the line's inner edge.
    placement_margin = STANDARD_BOARD.striker_radius + STANDARD_BOARD.line_width

    def new_position(
        self, settings: Mapping[str, Any] | None = None, *, seed: int = 0, first: int | None = None
    ) -> NovussPosition:
        """The set-up; seat ``first`` (default 0) strikes first (who breaks is decided off the
        board)."""
        settings = dict(settings or {})
        players = settings.pop("players", 2)
        if settings:
            raise SettingsError(f"unknown novuss setting(s): {', '.join(sorted(settings))} (known: players)")
        if players not in (2, 4):
            raise SettingsError(f"novuss is played by 2 or 4 players, not {players!r}")
        start = NovussPosition(pieces=initial_pieces(players), players=players)
        if first is None:
            return start
        if first not in seats_in_play(players):
            seats = seats_in_play(players)
            raise SettingsError(f"first: seat {first} is not in play with {players} players {seats}")
        return start.model_copy(update={"to_move": first})

    def seats(self, position: NovussPosition) -> tuple[int, ...]:
        return seats_in_play(_as(NovussPosition, position, "position").players)

    def side_of(self, position: NovussPosition, seat: int) -> int:
        return side_of(seat, _as(NovussPosition, position, "position").players)

    def to_move(self, position: NovussPosition) -> int | None:
        p = _as(NovussPosition, position, "position")
        return None if p.winner is not None else p.to_move

    def legal_placements(self, position: NovussPosition) -> PlacementArea | None:
        """The striker goes in the seat's edge zone (rules/novuss.md: Set-up and turns)."""
        p = _as(NovussPosition, position, "position")
        if p.winner is not None:
            return None
        return PlacementArea(
            kind="edge_zone",
            piece=striker_id(p.to_move),
            seat=p.to_move,
            required=True,
            bounds=edge_zone_box(p.to_move),
        )

    def check_placement(self, position: NovussPosition, x: float, y: float) -> None:
        """The striker inside its own edge zone, not over the line, clear of pockets and discs
        (rules/novuss.md: Set-up and turns; :func:`check_striker_placement`)."""
        p = _as(NovussPosition, position, "position")
        if p.winner is not None:
            raise IllegalPlacementError("game_over", f"the game is over: side {p.winner} has won")
        why = check_striker_placement(p.to_move, x, y, p.pieces, STANDARD_BOARD)
        if why is not None:
            reason = next((code for words, code in _PLACEMENT_REASONS if words in why), "illegal")
            raise IllegalPlacementError(reason, why)

    def placement_of(self, strike: NovussStrike) -> tuple[float, float] | None:
        s = _as(NovussStrike, strike, "strike")
        return (s.x, s.y)

    def strike_bounds(self, position: NovussPosition) -> tuple[StrikeParameter, ...]:
        return _STRIKE_BOUNDS

    strike_type = NovussStrike

    def simulate(
        self, position: NovussPosition, declaration: NovussDeclaration, strike: NovussStrike
    ) -> tuple[tuple[Event, ...], NovussOutcome]:
        """Place the striker, play the stroke with the disc physics, and find the facts."""
        from cueboard.games.novuss.outcome import outcome_of
        from cueboard.games.novuss.physics import simulate_stroke

        pos = _as(NovussPosition, position, "position")
        _as(NovussDeclaration, declaration, "declaration")
        stk = _as(NovussStrike, strike, "strike")
        placed = place_striker(pos, stk)
        sid = striker_id(pos.to_move)
        a = math.radians(stk.angle)
        velocity = (stk.speed * math.cos(a), stk.speed * math.sin(a))
        on_table = tuple(p for p in placed.pieces if p.on_table)
        events, final = simulate_stroke(on_table, sid, velocity)
        outcome = outcome_of(events, final, pos, sid)
        return tuple(events), outcome

    def apply(
        self,
        position: NovussPosition,
        declaration: NovussDeclaration,
        outcome: NovussOutcome,
        rng: np.random.Generator | None = None,
    ) -> tuple[NovussPosition, NovussRuling]:
        """The referee (deterministic: ``rng`` is not used, novuss draws no lots)."""
        return referee_apply(
            _as(NovussPosition, position, "position"),
            _as(NovussDeclaration, declaration, "declaration"),
            _as(NovussOutcome, outcome, "outcome"),
        )

    def is_over(self, position: NovussPosition) -> bool:
        return _as(NovussPosition, position, "position").winner is not None

    def outcome(self, position: NovussPosition) -> GameOutcome | None:
        p = _as(NovussPosition, position, "position")
        if p.winner is None:
            return None
        return GameOutcome(termination=Termination.ALL_POCKETED, winner=p.winner, scores=p.pocketed)


GAME = NovussGame()
