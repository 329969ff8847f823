"""Playing frames between agents: the loop the match CLI, the benchmarks and the tests share.

One *frame* is the unit a match is counted in: a snooker frame, a crokinole round (a one-round
tournament game), a novuss game. Every shot goes through the game's physics and referee exactly
as a person's would (DESIGN.md: declaration + strike -> simulate -> apply).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from pydantic import BaseModel

from cueboard.ai.agent import Agent, AgentError
from cueboard.errors import CueboardInputError
from cueboard.games.protocol import Game
from cueboard.records.base import Position
from cueboard.records.match import ShotEntry


class MatchError(CueboardInputError):
    """A match that cannot be played as asked (bad settings, a frame that does not end)."""


def side_of(position: BaseModel, seat: int) -> int:
    """The side (0 or 1) ``seat`` plays for in ``position``'s game."""
    game = getattr(position, "game", "")
    if game == "crokinole":
        return int(position.side(seat))  # type: ignore[attr-defined]
    if game == "novuss":
        from cueboard.games.novuss.records import side_of as novuss_side

        return novuss_side(seat, position.players)  # type: ignore[attr-defined]
    return seat % 2


def frame_settings(game: str, frame: int) -> dict[str, Any]:
    """The rules settings of the ``frame``-th frame of a two-player match (who starts alternates)."""
    if game == "snooker":
        return {"first_breaker": frame % 2}
    if game == "crokinole":
        return {"variant": "tournament", "rounds": 1, "players": 2}
    if game == "novuss":
        return {}
    raise MatchError(f"unknown game '{game}'")


def new_frame(game: Game, frame: int, seed: int) -> Position:
    """The start position of the ``frame``-th frame; the first player alternates by frame."""
    if game.name == "crokinole":
        from cueboard.games.crokinole.game import new_position

        return new_position(frame_settings("crokinole", frame), starter=2 * (frame % 2))
    pos = game.new_position(frame_settings(game.name, frame), seed=seed)
    if game.name == "novuss" and frame % 2 == 1:
        pos = pos.model_copy(update={"to_move": 2})
    return pos


def empty_outcome(game: Game, position: Position) -> BaseModel:
    """The outcome that goes with a non-stroke declaration (a concession, a choice)."""
    if game.name == "snooker":
        return game.records.outcome()
    raise AgentError(f"{game.name}: every decision needs a strike")


@dataclass
class FrameResult:
    """One frame played: the shots, the final position, the winning side (None: drawn), the
    wall-clock decision times by side."""

    shots: list[ShotEntry]
    final: Position
    winner: int | None
    decision_times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    #: Each shot's intent as the agent described it ("pot red3 into top-left", "open 20", ...).
    intents: list[str] = field(default_factory=list)


def winner_of(game: Game, position: Position) -> int | None:
    """The side that won a finished frame."""
    name = game.name
    if name == "snooker":
        return position.frame_winner  # type: ignore[attr-defined]
    if name == "crokinole":
        from cueboard.games.crokinole.referee import winner

        return winner(position)  # type: ignore[arg-type]
    return position.winner  # type: ignore[attr-defined]


def frame_over(game: Game, position: Position) -> bool:
    """Whether the frame has ended (a snooker frame ends before the match does)."""
    if game.name == "snooker":
        return bool(position.frame_over) or game.is_over(position)  # type: ignore[attr-defined]
    return game.is_over(position)


def play_frame(
    game: Game,
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
    intents: list[str] = []
    pos = position
    for index in range(max_shots):
        if frame_over(game, pos):
            break
        seat = pos.to_move
        side = side_of(pos, seat)
        t0 = time.perf_counter()
        decision = agents[side].decide(game, pos, rng)
        times[side].append(time.perf_counter() - t0)
        if decision.strike is None:
            outcome = empty_outcome(game, pos)
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
        if not frame_over(game, pos):
            raise MatchError(f"the frame did not end within {max_shots} shots")
    return FrameResult(shots, pos, winner_of(game, pos), times, intents)
