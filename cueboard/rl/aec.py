"""The PettingZoo AEC environment: every seat an agent, the seat to move the agent selected.

An episode is a snooker frame, a crokinole or novuss game (or ``max_steps`` steps). Agents are
named ``seat_<n>`` after the game's seats (crokinole and novuss with 2 players: ``seat_0`` and
``seat_2``; 4 players: ``seat_0`` .. ``seat_3``, partners opposite; snooker: ``seat_0``,
``seat_1``). A seat acts again whenever the rules give it the next turn (a snooker break, a
novuss disc pocketed), so ``agent_selection`` follows the game's :meth:`Game.to_move`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cueboard.records.base import Position
from cueboard.rl.core import ActionError, Core, StepFailedError, scores_after


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class CueboardAECEnv(AECEnv[str, Any, dict[str, Any]]):
    """A cueboard game as a PettingZoo AEC environment (build it with :func:`cueboard.rl.aec_env`).

    ``position`` is the game's current position record, ``last_ruling`` the referee's last ruling;
    ``infos[agent]`` holds ``action_mask`` (for :meth:`gymnasium.spaces.Dict.sample`), and after a
    step ``ruling`` (its calls' keys), ``placement_moved``, ``outcome`` (the outcome record the
    referee ruled on, :class:`~cueboard.rl.core.Step`) and, when an illegal action was
    penalised, ``illegal``.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (pettingzoo's own attribute)
        "name": "cueboard_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, core: Core, render_mode: str | None = None):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ActionError(f"render_mode {render_mode!r}: choose ansi or None")
        self.core = core
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cueboard_{core.game.name}_v0"}
        self.possible_agents = [agent_name(s) for s in core.seats]
        self._seat = {agent_name(s): s for s in core.seats}
        self.position: Position = core.new_position(seed=0)
        self.last_ruling: Any = None
        self.scores = (0, 0)
        self.steps = 0
        self._rng = np.random.default_rng()
        self._seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.core.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.core.action_space

    def observe(self, agent: str) -> Any:
        return self.core.observe(self.position, self._seat[agent], self.scores)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` seeds the game's draws (crokinole's first shooter, snooker's
        re-spotted black) and, through ``np.random.SeedSequence``, nothing else: the physics is
        deterministic."""
        if seed is not None:
            self._seed = seed
        elif self._seed is None:
            self._seed = int(np.random.default_rng().integers(2**31))
        else:
            self._seed += 1
        self._rng = np.random.default_rng(self._seed)
        self.position = self.core.new_position(seed=self._seed)
        self.last_ruling = None
        self.scores = (0, 0)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.core.game.to_move(self.position)
        if seat is not None:
            self.agent_selection = agent_name(seat)
        elif self.agents:
            self.agent_selection = self.agents[0]
        closed = len(self.core.options)
        for a in self.agents:
            # only the seat to move has options open: the others' masks are all 0
            mask = (
                self.core.action_mask(self.position, seat)
                if a == self.agent_selection and seat is not None
                else {"strike": None, "place": None, "option": np.zeros(closed, np.int8)}
            )
            self.infos[a]["action_mask"] = mask

    def step(self, action: Any) -> None:
        """Play ``action`` for :attr:`agent_selection` (None for an agent whose episode has ended:
        it is removed, PettingZoo's convention). A move the game cannot play (the engine's event
        limit...) ends the episode as truncated, ``info["step_failed"]`` saying why."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            for a in self.agents:
                self.infos[a]["action_mask"] = self.core.action_mask(self.position, self._seat[a])
            return
        if action is None:
            raise ActionError(f"{agent} is to move: None is only for an agent whose episode has ended")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        before = self.position
        failed = False
        try:
            step = self.core.play(before, action, self._rng)
        except ActionError as err:
            if self.core.settings.on_illegal == "raise":
                raise
            self.rewards[agent] = self.core.settings.illegal_penalty
            self.infos[agent] = {"illegal": str(err)}
        except StepFailedError as err:
            failed = True
            self.infos = {a: {"step_failed": str(err)} for a in self.agents}
        else:
            new_scores = scores_after(step.ruling, self.scores)
            by_seat = self.core.rewards(before, step, self.scores, new_scores)
            self.rewards = {a: by_seat[self._seat[a]] for a in self.agents}
            self.position, self.last_ruling, self.scores = step.position, step.ruling, new_scores
            calls = tuple(c.key for c in step.ruling.calls)
            self.infos = {
                a: {
                    "ruling": calls,
                    "placement_moved": step.placement_moved,
                    "strike_moved": step.strike_moved,
                    "outcome": step.outcome,
                }
                for a in self.agents
            }
        self.steps += 1
        over = self.core.game.to_move(self.position) is None
        limit = self.core.settings.max_steps
        truncated = not over and (failed or (limit is not None and self.steps >= limit))
        self.terminations = dict.fromkeys(self.agents, over)
        self.truncations = dict.fromkeys(self.agents, truncated)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        """A one-line summary: whose turn, the scores, the last calls (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        seat = self.core.game.to_move(self.position)
        calls = ", ".join(c.key for c in self.last_ruling.calls) if self.last_ruling else ""
        who = "over" if seat is None else f"seat {seat} to move"
        return f"{self.core.game.name} step {self.steps}: {who}, scores {self.scores} {calls}".rstrip()

    def close(self) -> None:
        pass
