"""The crokinole :class:`cueboard.games.protocol.Game`: new positions, the physics (imported
lazily, only when a shot is simulated), the referee and the end of the game."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import numpy as np

from cueboard.engine.events import Event
from cueboard.errors import SettingsError
from cueboard.games.common import GameBase, RecordCheck
from cueboard.games.crokinole.board import STANDARD_BOARD, CrokinoleBoard
from cueboard.games.crokinole.errors import CrokinoleError, IllegalShotError
from cueboard.games.crokinole.records import (
    MAX_SPEED,
    MAX_SPIN,
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
    CrokinoleRuling,
    CrokinoleSettings,
    CrokinoleStrike,
    Variant,
)
from cueboard.games.crokinole.referee import apply, full_hands, is_over, winner
from cueboard.games.crokinole.shot import check_start, next_disc_id
from cueboard.games.protocol import (
    Capability,
    GameOutcome,
    IllegalPlacementError,
    PlacementArea,
    StrikeParameter,
    Termination,
)
from cueboard.records.base import Piece, PieceState, parse_settings
from cueboard.records.registry import GameRecordTypes

RECORD_TYPES = GameRecordTypes(
    game="crokinole",
    position=CrokinolePosition,
    strike=CrokinoleStrike,
    declaration=CrokinoleDeclaration,
    outcome=CrokinoleOutcome,
    ruling=CrokinoleRuling,
)


def new_position(
    settings: Mapping[str, Any] | CrokinoleSettings | None = None,
    *,
    seed: int = 0,
    starter: int | None = None,
) -> CrokinolePosition:
    """The start of a game. The first shooter is drawn at random from the seats in play with a
    generator seeded by ``seed`` (seed 003 "Thiết lập": "Chọn trình phát bắt đầu ngẫu nhiên"),
    unless ``starter`` names the seat."""
    s = settings if isinstance(settings, CrokinoleSettings) else parse_settings(CrokinoleSettings, settings)
    if starter is None:
        starter = int(np.random.default_rng(seed).choice(s.seats))
    elif starter not in s.seats:
        raise SettingsError(f"starter: seat {starter} is not in play with {s.players} players {s.seats}")
    return CrokinolePosition(
        pieces=(),
        settings=s,
        to_move=starter,
        round_starter=starter,
        discs_left=full_hands(s.seats, s.discs),
    )


_as = RecordCheck("crokinole", CrokinoleError)

_STRIKE_BOUNDS = (
    StrikeParameter("speed", 0.01, MAX_SPEED, "m/s", "the disc's speed off the finger"),
    StrikeParameter("angle", -180.0, 180.0, "deg", "direction, counter-clockwise from +x"),
    StrikeParameter("spin", -MAX_SPIN, MAX_SPIN, "rad/s", "spin about the vertical, counter-clockwise +"),
)


@functools.lru_cache(maxsize=64)
def shooting_box(seat: int, board: CrokinoleBoard = STANDARD_BOARD) -> tuple[float, float, float, float]:
    """A box (x_min, y_min, x_max, y_max) holding every legal start of ``seat``: its quarter of
    the shooting line (±45° about the seat's direction), widened by a disc radius."""
    a = board.seat_angle(seat)
    angles = [a + math.radians(d) for d in range(-45, 46, 5)]
    xs = [board.shooting_radius * math.cos(t) for t in angles]
    ys = [board.shooting_radius * math.sin(t) for t in angles]
    r = board.disc_radius
    return (min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)


class CrokinoleGame(
    GameBase[CrokinolePosition, CrokinoleStrike, CrokinoleDeclaration, CrokinoleOutcome, CrokinoleRuling]
):
    """Crokinole for :func:`cueboard.games.protocol.get_game`: 2 players at seats 0 and 2, or 4
    (partners opposite)."""

    name = "crokinole"
    records = RECORD_TYPES
    player_counts: tuple[int, ...] = (2, 4)
    capabilities = frozenset({Capability.FRAMES, Capability.CONCESSION, Capability.TIME_OUT})
    table = STANDARD_BOARD

    def frame_settings(self, frame: int) -> dict[str, Any]:
        """One round of a tournament game between two players."""
        return {"variant": "tournament", "rounds": 1, "players": 2}

    def concession(self, position: CrokinolePosition) -> CrokinoleDeclaration:
        """The side of the player to move concedes the game."""
        _as(CrokinolePosition, position, "position")
        return CrokinoleDeclaration(concede=True)

    def time_out(self, position: CrokinolePosition) -> tuple[CrokinoleDeclaration, CrokinoleOutcome]:
        """The NCA rules have no clock: the shot is lost — the disc goes to the ditch unplayed and
        the next player shoots, as a disc shot that touched nothing would."""
        p = _as(CrokinolePosition, position, "position")
        disc = next_disc_id(p)
        lost = Piece(id=disc, kind="disc", owner=p.to_move, state=PieceState.IN_DITCH)
        return CrokinoleDeclaration(), CrokinoleOutcome(shooter=p.to_move, shot_disc=disc, ditched=(disc,),
                                                        final=(lost,))

    def new_position(
        self, settings: Mapping[str, Any] | None = None, *, seed: int = 0, first: int | None = None
    ) -> CrokinolePosition:
        """The start of a game; the first shooter is ``first``, or drawn with ``seed``."""
        return new_position(settings, seed=seed, starter=first)

    def seats(self, position: CrokinolePosition) -> tuple[int, ...]:
        return tuple(_as(CrokinolePosition, position, "position").settings.seats)

    def side_of(self, position: CrokinolePosition, seat: int) -> int:
        return _as(CrokinolePosition, position, "position").side(seat)

    def to_move(self, position: CrokinolePosition) -> int | None:
        p = _as(CrokinolePosition, position, "position")
        return None if is_over(p) else p.to_move

    def legal_placements(self, position: CrokinolePosition) -> PlacementArea | None:
        """The next disc goes on the seat's quarter of the shooting line (rules: "Shot")."""
        p = _as(CrokinolePosition, position, "position")
        if is_over(p):
            return None
        return PlacementArea(
            kind="shooting_line",
            piece=next_disc_id(p),
            seat=p.to_move,
            required=True,
            bounds=shooting_box(p.to_move),
        )

    def check_placement(self, position: CrokinolePosition, x: float, y: float) -> None:
        """The disc touches the shooting line, at least half in the shooter's quadrant, on no disc
        (rules/crokinole.md: "Shot"; :func:`check_start`)."""
        try:
            check_start(_as(CrokinolePosition, position, "position"), (x, y))
        except IllegalShotError as err:
            raise IllegalPlacementError(err.reason, str(err)) from None

    def placement_of(self, strike: CrokinoleStrike) -> tuple[float, float] | None:
        return _as(CrokinoleStrike, strike, "strike").start

    def piece_ids(self, position: CrokinolePosition) -> tuple[str, ...]:
        """Every disc of a round, shot or not (``s<seat>-<k>``, :func:`next_disc_id`), by seat."""
        s = _as(CrokinolePosition, position, "position").settings
        return tuple(f"s{seat}-{k:02d}" for seat in s.seats for k in range(1, s.discs + 1))

    def placement_point(self, position: CrokinolePosition, u: float, v: float) -> tuple[float, float]:
        """On the seat's quarter of the shooting line (rules: "Shot"): ``u`` turns the disc's
        centre from -1 (45° clockwise of the seat's direction, seen from above) to +1 (45°
        counter-clockwise), so that at least half the disc lies in the quadrant; ``v`` moves it
        across the line, up to 0.9 of a disc radius in (-1) or out (+1) without leaving the
        playing surface."""
        p = _as(CrokinolePosition, position, "position")
        if is_over(p):
            raise IllegalPlacementError("game_over", "the game is over")
        b = STANDARD_BOARD
        half = math.pi / 4 * (1 - 1e-9)
        a = b.seat_angle(p.to_move) + min(max(u, -1.0), 1.0) * half
        # inside the playing surface's edge by a hair, so that rounding never puts it over
        out = min(b.surface_radius - b.disc_radius - b.shooting_radius, 0.9 * b.disc_radius) * (1 - 1e-6)
        r = b.shooting_radius + min(max(v, -1.0), 1.0) * (0.9 * b.disc_radius if v < 0 else out)
        return (r * math.cos(a), r * math.sin(a))

    def strike_bounds(self, position: CrokinolePosition) -> tuple[StrikeParameter, ...]:
        return _STRIKE_BOUNDS

    strike_type = CrokinoleStrike
    strike_defaults: Mapping[str, float] = MappingProxyType({"speed": 1.0, "angle": 0.0})

    def placement_fields(self, placement: tuple[float, float] | None) -> dict[str, Any]:
        if placement is None:
            raise IllegalPlacementError("required", "a crokinole shot needs its disc's place on the line")
        return {"start": placement}

    def simulate(
        self, position: CrokinolePosition, declaration: CrokinoleDeclaration, strike: CrokinoleStrike
    ) -> tuple[tuple[Event, ...], CrokinoleOutcome]:
        """Flick the next disc with the physics engine: the events and the outcome facts."""
        from cueboard.games.crokinole.simulate import simulate_strike

        pos: CrokinolePosition = _as(CrokinolePosition, position, "position")
        _as(CrokinoleDeclaration, declaration, "declaration")
        return simulate_strike(pos, _as(CrokinoleStrike, strike, "strike"))

    def no_stroke_outcome(self, position: CrokinolePosition) -> CrokinoleOutcome:
        """The outcome that goes with a concession (:class:`CrokinoleDeclaration` ``concede``)."""
        return CrokinoleOutcome(shooter=_as(CrokinolePosition, position, "position").to_move)

    def apply(
        self,
        position: CrokinolePosition,
        declaration: CrokinoleDeclaration,
        outcome: CrokinoleOutcome,
        rng: np.random.Generator | None = None,
    ) -> tuple[CrokinolePosition, CrokinoleRuling]:
        """The referee (no chance is involved: ``rng`` is unused)."""
        return apply(
            _as(CrokinolePosition, position, "position"),
            _as(CrokinoleDeclaration, declaration, "declaration"),
            _as(CrokinoleOutcome, outcome, "outcome"),
        )

    def is_over(self, position: CrokinolePosition) -> bool:
        return is_over(_as(CrokinolePosition, position, "position"))

    def outcome(self, position: CrokinolePosition) -> GameOutcome | None:
        p = _as(CrokinolePosition, position, "position")
        if not is_over(p):
            return None
        if p.conceded_by is not None:
            termination = Termination.CONCEDED
        elif p.settings.variant is Variant.SEED:
            termination = Termination.TARGET_REACHED
        else:
            termination = Termination.ROUNDS_PLAYED
        return GameOutcome(termination=termination, winner=winner(p), scores=p.scores)

    def frame_number(self, position: CrokinolePosition) -> int:
        """The round being played, from 0."""
        return _as(CrokinolePosition, position, "position").round - 1


GAME = CrokinoleGame()
