"""A stand-in physics for the app's API tests: the struck piece slides in a straight line with a
constant deceleration of 1 m/s² and stops (at a cushion / rail / the board's edge at the latest),
touching nothing. It makes the tests of the app independent of the engine's numbers while keeping
the games' real referees: a snooker stroke touching no ball is the foul "hit nothing" (S3 R12),
which opens the choices after a foul.

``install(monkeypatch)`` puts it in place of ``cueboard.games.<game>.physics`` for one test.
"""

from __future__ import annotations

import math
import types
from typing import Any

import pytest

from cueboard.engine.events import Event, EventKind
from cueboard.records.base import Piece, PieceState

DECELERATION = 1.0


def slide(x: float, y: float, vx: float, vy: float, limit: Any) -> tuple[list[Event], str, float, float]:
    """Events of a lone slide from (x, y) at (vx, vy); ``limit(x, y)`` says whether a point is on
    the surface. Returns events, and the rest point."""
    v = math.hypot(vx, vy)
    T = v / DECELERATION
    ux, uy = vx / v, vy / v
    d = v * v / (2 * DECELERATION)
    # Stop early where the surface ends (bisection on the distance).
    if not limit(x + ux * d, y + uy * d):
        lo, hi = 0.0, d
        for _ in range(40):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if limit(x + ux * mid, y + uy * mid) else (lo, mid)
        d = lo
        T = (v - math.sqrt(max(v * v - 2 * DECELERATION * d, 0.0))) / DECELERATION
    ex, ey = x + ux * d, y + uy * d
    return [], "", ex, ey + 0 * T


def _events(pid: str, x: float, y: float, ex: float, ey: float, v: float) -> list[Event]:
    d = math.hypot(ex - x, ey - y)
    T = (v - math.sqrt(max(v * v - 2 * DECELERATION * d, 0.0))) / DECELERATION
    return [
        Event(time=0.0, kind=EventKind.STRIKE, bodies=(pid,), x=x, y=y),
        Event(time=max(T, 1e-3), kind=EventKind.STATIONARY, bodies=(pid,), x=ex, y=ey),
    ]


def _snooker_module() -> types.ModuleType:
    from cueboard.games.snooker.records import SnookerOutcome
    from cueboard.games.snooker.table import STANDARD_TABLE as T

    def simulate_shot(position: Any, strike: Any) -> tuple[list[Event], SnookerOutcome]:
        white = position.piece("white")
        x, y = strike.place_cue_ball if strike.place_cue_ball is not None else (white.x, white.y)
        a = math.radians(strike.angle)
        vx, vy = strike.speed * math.cos(a), strike.speed * math.sin(a)
        r = T.ball_radius

        def on(px: float, py: float) -> bool:
            return abs(px) <= T.half_width - r and r <= py <= T.length - r

        _, _, ex, ey = slide(x, y, vx, vy, on)
        final = tuple(
            p.model_copy(update={"x": ex, "y": ey, "state": PieceState.ON_TABLE}) if p.id == "white" else p
            for p in position.pieces
        )
        outcome = SnookerOutcome(moved=("white",), final=final)
        return _events("white", x, y, ex, ey, strike.speed), outcome

    mod = types.ModuleType("cueboard.games.snooker.physics")
    mod.simulate_shot = simulate_shot  # type: ignore[attr-defined]
    return mod


def _crokinole_module() -> types.ModuleType:
    from cueboard.games.crokinole.board import STANDARD_BOARD as B
    from cueboard.games.crokinole.records import SIDE_COLOURS

    def simulate_flick(on_table: Any, disc: str, start: Any, velocity: Any, spin: float, *, owner: int
                       ) -> tuple[list[Event], tuple[Piece, ...]]:
        x, y = start

        def on(px: float, py: float) -> bool:
            return math.hypot(px, py) <= B.surface_radius - B.disc_radius

        _, _, ex, ey = slide(x, y, velocity[0], velocity[1], on)
        side = (owner // 2) % 2 if owner in (0, 2) else owner % 2
        new = Piece(id=disc, kind="disc", owner=owner, colour=SIDE_COLOURS[side], x=ex, y=ey)
        return _events(disc, x, y, ex, ey, math.hypot(*velocity)), (*tuple(on_table), new)

    mod = types.ModuleType("cueboard.games.crokinole.physics")
    mod.simulate_flick = simulate_flick  # type: ignore[attr-defined]
    return mod


def _novuss_module() -> types.ModuleType:
    from cueboard.games.novuss.board import STANDARD_BOARD as B

    def simulate_stroke(on_table: Any, sid: str, velocity: Any) -> tuple[list[Event], tuple[Piece, ...]]:
        striker = next(p for p in on_table if p.id == sid)

        def on(px: float, py: float) -> bool:
            return max(abs(px), abs(py)) <= B.half - B.striker_radius

        _, _, ex, ey = slide(striker.x, striker.y, velocity[0], velocity[1], on)
        final = tuple(p.model_copy(update={"x": ex, "y": ey}) if p.id == sid else p for p in on_table)
        return _events(sid, striker.x, striker.y, ex, ey, math.hypot(*velocity)), final

    mod = types.ModuleType("cueboard.games.novuss.physics")
    mod.simulate_stroke = simulate_stroke  # type: ignore[attr-defined]
    return mod


def install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Use the stand-in physics for every game during one test."""
    import sys

    for name, make in (("snooker", _snooker_module), ("crokinole", _crokinole_module),
                       ("novuss", _novuss_module)):
        monkeypatch.setitem(sys.modules, f"cueboard.games.{name}.physics", make())
