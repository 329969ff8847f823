"""The PettingZoo Parallel environment: every seat submits an action each step, the seat to move's
is played, the others' are ignored (their seats pass, as in a turn-based game).

The observation's ``my_turn`` feature (and ``infos[agent]["to_move"]``) says which seat's action
counts. With ``action="flat"`` every action in the space is a move the game accepts
(:mod:`cueboard.rl.actions`), so a learner that samples without masks never plays an illegal one.
An episode ends for every seat at once: all are removed from :attr:`agents` after the step that
ends it (Gymnasium's termination and truncation, one value for all).
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from cueboard.rl.aec import CueboardAECEnv
from cueboard.rl.core import ActionError, Core


class CueboardParallelEnv(ParallelEnv[str, Any, Any]):
    """A cueboard game as a PettingZoo Parallel environment (build it with
    :func:`cueboard.rl.parallel_env`); ``aec`` is the AEC environment it steps."""

    metadata: dict[str, Any] = {"name": "cueboard_v0", "render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, core: Core, render_mode: str | None = None):
        self.aec = CueboardAECEnv(core, render_mode=render_mode)
        self.core = core
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": self.aec.metadata["name"]}
        self.possible_agents = list(self.aec.possible_agents)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.core.observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.core.action_space

    def _infos(self) -> dict[str, dict[str, Any]]:
        return {a: {**self.aec.infos[a], "to_move": self.aec.agent_selection} for a in self.agents}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = list(self.aec.agents)
        return {a: self.aec.observe(a) for a in self.agents}, self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the action of the seat to move (``actions`` must hold it; the others are ignored)."""
        mover = self.aec.agent_selection
        if mover not in actions:
            raise ActionError(f"{mover} is to move: its action is missing from {sorted(actions)}")
        self.aec.step(actions[mover])
        agents = self.agents
        observations = {a: self.aec.observe(a) for a in agents}
        rewards = {a: float(self.aec.rewards[a]) for a in agents}
        terminations = {a: bool(self.aec.terminations[a]) for a in agents}
        truncations = {a: bool(self.aec.truncations[a]) for a in agents}
        infos = self._infos()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()
