"""The agent protocol: whoever decides a shot — a person in the web app, a scripted player in a
test, or an AI — sees a position and returns a :class:`Decision`.

A decision is the game's declaration (snooker: nominated ball, free ball, the choice after a
foul, a claim or concession; crokinole / novuss: usually nothing to declare) and, when a stroke is
played, the game's strike. Both are the game's own record models (``record_types(game)``), so the
referee validates them exactly as it validates a person's input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel

from cueboard.errors import SettingsError
from cueboard.games.protocol import AnyGame
from cueboard.records.base import Position
from cueboard.records.ruling import Call


class AgentError(SettingsError):
    """An agent cannot decide (a scripted agent ran out of decisions, an unknown player spec...)."""

    code: ClassVar[str] = "invalid-agent"


@dataclass(frozen=True)
class Decision:
    """What a player decided for the position in front of them.

    - ``declaration``: the game's declaration record.
    - ``strike``: the game's strike record, or ``None`` when the declaration alone settles the
      turn (a concession, a claim, asking the offender to play again).
    - ``intent``: a short human-readable description ("pot red7 into top-left, screw back").
    - ``expected``: the agent's own estimate of the value of the decision (evaluation units of its
      game), ``None`` for players that do not estimate.
    - ``intended``: for an AI with execution noise, the strike it aimed for; ``strike`` is then the
      strike its hand actually produced (the noise drawn from the ``rng`` given to ``decide``).
    - ``explanation``: the intention as a catalogue message (``ai.<game>.*`` keys of
      ``cueboard/app/i18n/*.json``: the ball and pocket, the safety's object ball, the choice), so
      the app shows it in the player's language; ``None`` for players that do not explain.
    """

    declaration: BaseModel
    strike: BaseModel | None = None
    intent: str = ""
    expected: float | None = None
    intended: BaseModel | None = None
    explanation: Call | None = None


@runtime_checkable
class Agent(Protocol):
    """Anything that decides shots."""

    name: str

    def decide(self, game: AnyGame, position: Position, rng: np.random.Generator) -> Decision:
        """The decision for ``position`` (``position.to_move`` is the deciding seat)."""
        ...


@dataclass
class ScriptedAgent:
    """Plays a fixed list of decisions in order (tests, replays, tutorials).

    ``decisions`` may also hold callables ``(game, position) -> Decision`` for decisions that
    depend on the position (for example "aim at wherever the cue ball lies").
    """

    decisions: Iterable[Decision | Callable[[AnyGame, Position], Decision]]
    name: str = "scripted"
    _it: Iterator[Decision | Callable[[AnyGame, Position], Decision]] | None = field(
        default=None, init=False, repr=False
    )

    def decide(self, game: AnyGame, position: Position, rng: np.random.Generator) -> Decision:
        if self._it is None:
            self._it = iter(self.decisions)
        try:
            nxt = next(self._it)
        except StopIteration:
            raise AgentError(f"scripted agent '{self.name}' has no decision left") from None
        return nxt(game, position) if callable(nxt) else nxt
