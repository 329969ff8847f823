"""Playing frames between agents: the loop the match CLI, the benchmarks and the tests share.

One *frame* is the unit a match is counted in: a snooker frame, a crokinole round (a one-round
tournament game), a novuss game. Every shot goes through the game's physics and referee exactly
as a person's would (docs/api.md, "The flow of one shot": declaration + strike -> simulate -> apply).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cueboard.ai.agent import Agent
from cueboard.errors import SettingsError
from cueboard.games.protocol import AnyGame, get_game, is_over
from cueboard.records.base import Position
from cueboard.records.match import ShotEntry


class MatchError(SettingsError):
    """A match that cannot be played as asked (bad settings, a frame that does not end)."""


def side_of(position: Position, seat: int) -> int:
    """The side (0 or 1) ``seat`` plays for in ``position``'s game."""
    return get_game(position.game).side_of(position, seat)


def frame_settings(game: str, frame: int) -> dict[str, Any]:
    """The rules settings of the ``frame``-th frame of a two-player match (who starts alternates):
    the game's own :meth:`~cueboard.games.protocol.Game.frame_settings`."""
    return get_game(game).frame_settings(frame)


def new_frame(game: AnyGame, frame: int, seed: int) -> Position:
    """The start position of the ``frame``-th frame; the first player alternates by frame between
    the two players' seats (snooker: the break-off, S3 R3; crokinole and novuss: seats 0 and 2)."""
    settings = game.frame_settings(frame)
    seats = game.seats(game.new_position(settings, seed=seed))
    return game.new_position(settings, seed=seed, first=seats[frame % 2])


def two_player_seats(game: AnyGame) -> tuple[int, int]:
    """The seats of the two players of a match between agents (snooker 0 and 1; crokinole and
    novuss 0 and 2, facing each other)."""
    seats = game.seats(game.new_position(game.frame_settings(0)))
    return seats[0], seats[1]


@dataclass
class FrameResult:
    """One frame played: the shots, the final position, the winning side (None: drawn), the
    decision times by side, in wall-clock seconds and in CPU seconds of the deciding process
    (the whole decision when the search runs in that process, ``workers=1``; a loaded machine
    stretches the first, not the second)."""

    shots: list[ShotEntry]
    final: Position
    winner: int | None
    decision_times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    #: Each shot's intent as the agent described it ("pot red3 into top-left", "open 20", ...).
    intents: list[str] = field(default_factory=list)
    decision_cpu: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))


def winner_of(game: AnyGame, position: Position) -> int | None:
    """The side that won a finished frame (None: drawn or not finished)."""
    result = game.outcome(position)
    return None if result is None else result.winner


def play_frame(
    game: AnyGame,
    agents: Sequence[Agent],
    position: Position,
    rng: np.random.Generator,
    *,
    max_shots: int = 600,
    on_shot: Callable[[ShotEntry], None] | None = None,
) -> FrameResult:
    """Play from ``position`` until the frame ends; ``agents[side]`` plays for each side."""
    if len(agents) != 2:
        raise MatchError(f"a match needs two players (sides), got {len(agents)}")
    shots: list[ShotEntry] = []
    times: tuple[list[float], list[float]] = ([], [])
    cpu: tuple[list[float], list[float]] = ([], [])
    intents: list[str] = []
    pos = position
    for index in range(max_shots):
        if is_over(game, pos):
            break
        seat = pos.to_move
        side = side_of(pos, seat)
        t0, c0 = time.perf_counter(), time.process_time()
        decision = agents[side].decide(game, pos, rng)
        times[side].append(time.perf_counter() - t0)
        cpu[side].append(time.process_time() - c0)
        if decision.strike is None:
            outcome = game.no_stroke_outcome(pos)
        else:
            _, outcome = game.simulate(pos, decision.declaration, decision.strike)
        after, ruling = game.apply(pos, decision.declaration, outcome, rng)
        entry = ShotEntry(
            index=index, player=seat, declaration=decision.declaration, strike=decision.strike,
            outcome=outcome, ruling=ruling, position_after=after,
        )
        shots.append(entry)
        intents.append(decision.intent)
        if on_shot is not None:
            on_shot(entry)
        pos = after
    else:
        if not is_over(game, pos):
            raise MatchError(f"the frame did not end within {max_shots} shots")
    return FrameResult(shots, pos, winner_of(game, pos), times, intents, cpu)
