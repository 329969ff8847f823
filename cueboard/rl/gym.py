"""The Gymnasium environment: the learner holds one seat, AI players (or any
:class:`cueboard.ai.agent.Agent`) the others.

``step(action)`` plays the learner's turn, then the other seats' turns until the learner is to
move again or the game is over; the reward is the learner's over all of them. The other seats
decide with their own generator, seeded from the environment's seed, so an episode is
reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium
import numpy as np

from cueboard.ai.agent import Agent
from cueboard.ai.players import SearchSettings
from cueboard.ai.registry import make_agent
from cueboard.records.base import Position
from cueboard.rl.core import ActionError, Core, StepFailedError, scores_after

#: New games begun when the opponents' opening cannot be played, before :meth:`reset` gives up.
RESET_ATTEMPTS = 10


class CueboardGymEnv(gymnasium.Env[Any, dict[str, Any]]):
    """A cueboard game from one seat's side (build it with :func:`cueboard.rl.gym_env`).

    ``position`` is the game's current position record; ``info`` holds ``action_mask`` (the
    options open now), ``ruling`` (the calls' keys of the rulings since the learner's last
    turn), after a step ``placement_moved`` and ``outcome`` (the outcome record of the learner's
    own turn, :class:`~cueboard.rl.core.Step`) and, when an illegal action was penalised,
    ``illegal``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's own attribute)

    def __init__(self, core: Core, opponents: Mapping[int, Agent], seat: int, render_mode: str | None = None):
        if render_mode not in (None, "ansi"):
            raise ActionError(f"render_mode {render_mode!r}: choose ansi or None")
        self.core = core
        self.seat = seat
        self.opponents = dict(opponents)
        self.render_mode = render_mode
        self.action_space = core.action_space
        self.observation_space = core.observation_space
        self.position: Position = core.new_position(seed=0)
        self.scores = (0, 0)
        self.steps = 0
        self._rng = np.random.default_rng()
        self._opponent_rng = np.random.default_rng()
        self._calls: list[str] = []

    def _obs(self) -> Any:
        return self.core.observe(self.position, self.seat, self.scores)

    def _info(self, **more: Any) -> dict[str, Any]:
        return {
            "action_mask": self.core.action_mask(self.position, self.seat),
            "ruling": tuple(self._calls),
            **more,
        }

    def _play_others(self) -> float:
        """The other seats' turns until the learner's (or the end): the learner's reward.
        :class:`StepFailedError` when the game cannot play an opponent's move."""
        reward = 0.0
        while (seat := self.core.game.to_move(self.position)) is not None and seat != self.seat:
            before = self.position
            decision = self.opponents[seat].decide(self.core.game, before, self._opponent_rng)
            step = self.core.apply(before, decision.declaration, decision.strike, self._rng)
            new_scores = scores_after(step.ruling, self.scores)
            reward += self.core.rewards(before, step, self.scores, new_scores)[self.seat]
            self.position, self.scores = step.position, new_scores
            self._calls.extend(c.key for c in step.ruling.calls)
        return reward

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """A new game; when the other seats play first, they play before the first observation.
        Should the game fail to play their opening (a limit of the simulator, :class:`StepFailedError`),
        the game is begun again from the next episode seed."""
        super().reset(seed=seed)
        episode_seed = int(self.np_random.integers(2**31))
        for attempt in range(RESET_ATTEMPTS):
            seeds = [episode_seed] if attempt == 0 else [episode_seed, 2, attempt]
            self._rng = np.random.default_rng(seeds)
            self._opponent_rng = np.random.default_rng([*seeds, 1])
            self.position = self.core.new_position(seed=episode_seed + attempt)
            self.scores = (0, 0)
            self.steps = 0
            self._calls = []
            try:
                self._play_others()
            except StepFailedError:
                continue
            return self._obs(), self._info()
        raise StepFailedError(f"the opponents' opening failed in {RESET_ATTEMPTS} new games in a row")

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner's turn, then the others' until the learner is to move again or the game is
        over. A move the game cannot play (the engine's event limit...) ends the episode as
        truncated, ``info["step_failed"]`` saying why."""
        if self.core.game.to_move(self.position) is None:
            raise ActionError("the episode is over: call reset()")
        self._calls = []
        before = self.position
        limit = self.core.settings.max_steps
        try:
            step = self.core.play(before, action, self._rng)
        except ActionError as err:
            if self.core.settings.on_illegal == "raise":
                raise
            self.steps += 1
            truncated = limit is not None and self.steps >= limit
            return (
                self._obs(),
                self.core.settings.illegal_penalty,
                False,
                truncated,
                self._info(illegal=str(err)),
            )
        except StepFailedError as err:
            self.steps += 1
            return self._obs(), 0.0, False, True, self._info(step_failed=str(err))
        new_scores = scores_after(step.ruling, self.scores)
        reward = self.core.rewards(before, step, self.scores, new_scores)[self.seat]
        self.position, self.scores = step.position, new_scores
        self._calls.extend(c.key for c in step.ruling.calls)
        self.steps += 1
        more: dict[str, Any] = {
            "placement_moved": step.placement_moved,
            "strike_moved": step.strike_moved,
            "outcome": step.outcome,
        }
        try:
            reward += self._play_others()
        except StepFailedError as err:
            return self._obs(), reward, False, True, self._info(step_failed=str(err), **more)
        terminated = self.core.game.to_move(self.position) is None
        truncated = not terminated and limit is not None and self.steps >= limit
        if self.render_mode == "ansi":
            print(self.render())
        return self._obs(), reward, terminated, truncated, self._info(**more)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.core.game.to_move(self.position)
        who = "over" if seat is None else f"seat {seat} to move"
        calls = ", ".join(self._calls)
        return f"{self.core.game.name} step {self.steps}: {who}, scores {self.scores} {calls}".rstrip()


def opponents_for(
    core: Core, seat: int, opponent: str | Agent, search: SearchSettings | None
) -> dict[int, Agent]:
    """The agents for every seat but ``seat``: ``opponent`` is a player spec (``ai:club``...,
    :func:`cueboard.ai.registry.make_agent`) or an agent, shared by the other seats (a partner
    included, with 4 players)."""
    if seat not in core.seats:
        raise ActionError(
            f"seat {seat} is not in play in {core.game.name} {core.rules} (seats: {core.seats})"
        )
    if isinstance(opponent, str):
        agent: Agent = make_agent(core.game.name, opponent, search)
    elif isinstance(opponent, Agent):
        agent = opponent
    else:
        raise ActionError(f"opponent must be a player spec such as 'ai:club' or an Agent, not {opponent!r}")
    return {s: agent for s in core.seats if s != seat}
