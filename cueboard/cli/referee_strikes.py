"""The physics check of ``cueboard referee``: each recorded strike of a simulated match is played
again by the game's physics from the recorded position before it, and the outcome it gives is
compared with the recorded one, so that a record whose strike was edited after the fact (a speed,
an angle, a spin) is refused even when every ruling still follows from its recorded outcomes.

Scoreboard entries (``cueboard score``, the scorer's records) have no strike: they are skipped and
keep the referee's checks alone. The simulation is deterministic, so a number of the outcome
agrees to :data:`TOLERANCE` (1 µm, 1e-6 m/s) or the strike does not give it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cueboard.games.protocol import AnyGame, get_game, next_frame
from cueboard.games.replay import start_of
from cueboard.records.match import MatchRecord

#: How far a number of a re-simulated outcome may be from the recorded one (absolute, or relative
#: for larger numbers): rounding in the record's JSON, never a different stroke.
TOLERANCE = 1e-6


@dataclass(frozen=True)
class StrikeMismatch:
    """The first shot whose recorded outcome its strike does not give."""

    shot: int
    difference: str

    def __str__(self) -> str:
        return f"shot {self.shot}: the strike does not give the recorded outcome ({self.difference})"


def _first_difference(recorded: Any, simulated: Any, path: str) -> str | None:
    """Where two JSON values first differ beyond :data:`TOLERANCE` (None: they agree)."""
    if isinstance(recorded, bool) or isinstance(simulated, bool):
        return None if recorded == simulated else f"{path}: recorded {recorded}, the strike gives {simulated}"
    if isinstance(recorded, int | float) and isinstance(simulated, int | float):
        if math.isclose(recorded, simulated, rel_tol=TOLERANCE, abs_tol=TOLERANCE):
            return None
        return f"{path}: recorded {recorded:.6g}, the strike gives {simulated:.6g}"
    if isinstance(recorded, dict) and isinstance(simulated, dict):
        for key in sorted(set(recorded) | set(simulated)):
            found = _first_difference(recorded.get(key), simulated.get(key), f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(simulated, list):
        if len(recorded) != len(simulated):
            return f"{path}: recorded {len(recorded)} items, the strike gives {len(simulated)}"
        for k, (a, b) in enumerate(zip(recorded, simulated, strict=True)):
            found = _first_difference(a, b, f"{path}[{k}]")
            if found:
                return found
        return None
    return None if recorded == simulated else f"{path}: recorded {recorded!r}, the strike gives {simulated!r}"


def check_strikes(record: MatchRecord, game: AnyGame | None = None) -> tuple[int, StrikeMismatch | None]:
    """Play every strike of ``record`` again: (the number of strikes played, the first mismatch
    or None)."""
    game = game or get_game(record.header.game)
    played = 0
    position = start_of(game, record) if record.shots else None
    for shot in record.shots:
        assert position is not None
        following = next_frame(game, position)
        if following is not None:
            position = following
        if shot.strike is not None:
            played += 1
            try:
                _events, outcome = game.simulate(position, shot.declaration, shot.strike)
            except ValueError as err:
                why = f"it cannot be played from the position before it: {err}"
                return played, StrikeMismatch(shot.index, why)
            found = _first_difference(shot.outcome.model_dump(mode="json"), outcome.model_dump(mode="json"),
                                      "outcome")
            if found:
                return played, StrikeMismatch(shot.index, found)
        position = shot.position_after
    return played, None


__all__ = ["TOLERANCE", "StrikeMismatch", "check_strikes"]
