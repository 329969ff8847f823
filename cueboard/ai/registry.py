"""Players by name: ``ai:pro``, ``ai:club``... as the CLI and the web app write them."""

from __future__ import annotations

import importlib

from cueboard.ai.agent import Agent, AgentError
from cueboard.ai.noise import LEVELS, check_level
from cueboard.ai.players import GameAI, SearchAgent, SearchSettings
from cueboard.games import GAME_NAMES


def game_ai(game: str, level: str) -> GameAI:
    """The AI knowledge of ``game`` at ``level`` (ValueError for an unknown game or level)."""
    if game not in GAME_NAMES:
        raise AgentError(f"unknown game '{game}' (choose one of: {', '.join(GAME_NAMES)})")
    check_level(level)
    module = importlib.import_module(f"cueboard.ai.{game}")
    ai: GameAI = module.make_ai(level)
    return ai


def make_agent(game: str, spec: str, settings: SearchSettings | None = None) -> Agent:
    """The player named by ``spec``: ``ai:<level>`` with level one of beginner, amateur, club, pro,
    perfect (no execution noise). AgentError (a ValueError) for anything else."""
    kind, _, level = spec.partition(":")
    if kind != "ai" or not level:
        raise AgentError(
            f"unknown player '{spec}' (write ai:<level>, level one of: {', '.join(LEVELS)})"
        )
    return SearchAgent(game_ai(game, level), settings or SearchSettings(), name=spec)
