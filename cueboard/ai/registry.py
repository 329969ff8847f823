"""Players by name: ``ai:pro``, ``ai:club``... as the CLI and the web app write them."""

from __future__ import annotations

import inspect
from types import ModuleType

from cueboard.ai.agent import Agent, AgentError
from cueboard.ai.noise import LEVELS, NOISE_STUDIES, check_level, check_noise_scale, study_factor
from cueboard.ai.players import GameAI, SearchAgent, SearchSettings
from cueboard.registry import AI, extension


def _ai_module(game: str) -> ModuleType:
    """The module of ``game``'s computer players (its ``cueboard.ai`` entry point, a module with
    ``make_ai(level, noise_scale[, study])``); AgentError when the game has none."""
    module = extension(AI, game)
    if module is None:
        raise AgentError(f"{game} has no computer players (its package registers no 'cueboard.ai' entry)")
    return module


def levels_of(game: str) -> list[str]:
    """The AI levels offered for ``game``: every level, or none when the game has no AI."""
    return list(LEVELS) if extension(AI, game) is not None else []


def game_ai(game: str, level: str, noise_scale: float = 1.0, study: str = "") -> GameAI:
    """The AI knowledge of ``game`` at ``level``, its execution noise times ``noise_scale``, or
    the named noise ``study`` (snooker only; ``noise_scale`` its factor). UnknownGameError for an
    unknown game, AgentError for an unknown level or a bad scale."""
    module = _ai_module(game)
    check_level(level)
    ai: GameAI = module.make_ai(level, noise_scale, study) if study else module.make_ai(level, noise_scale)
    return ai


def parse_level(text: str) -> tuple[str, float]:
    """``pro`` -> ("pro", 1.0); ``pro@0.35`` -> ("pro", 0.35): a level, optionally with its
    execution noise scaled (a research knob: how the level's decisions fare with a steadier or
    shakier arm); ``pro@tournament`` -> ("pro", 5.0): a named noise study
    (:data:`cueboard.ai.noise.NOISE_STUDIES`), the pro's decisions with the computational-pool
    tournament noise. AgentError (a ValueError) naming what is wrong otherwise."""
    level, at, raw = text.partition("@")
    check_level(level)
    if not at:
        return level, 1.0
    if raw in NOISE_STUDIES:
        try:
            return level, study_factor(level, raw)
        except ValueError as err:
            raise AgentError(f"'{text}': {err}") from None
    try:
        return level, check_noise_scale(float(raw))
    except ValueError:
        raise AgentError(
            f"bad noise scale '{raw}' in '{text}' (write <level>@<factor>, a number >= 0, e.g. pro@0.5,"
            f" or a noise study: {', '.join(NOISE_STUDIES)})"
        ) from None


def make_agent(game: str, spec: str, settings: SearchSettings | None = None) -> Agent:
    """The player named by ``spec``: ``ai:<level>`` with level one of beginner, amateur, club, pro,
    perfect (no execution noise), optionally ``@<factor>`` to scale the level's execution noise
    (``ai:pro@0.35``), or ``@tournament`` for the snooker pro with the tournament noise
    (``ai:pro@tournament``). AgentError (a ValueError) for anything else."""
    kind, _, level = spec.partition(":")
    if kind != "ai" or not level:
        raise AgentError(
            f"unknown player '{spec}' (write ai:<level>, level one of: {', '.join(LEVELS)})"
        )
    study = level.partition("@")[2]
    if study in NOISE_STUDIES and "study" not in inspect.signature(_ai_module(game).make_ai).parameters:
        raise AgentError(f"'{spec}': the noise study '{study}' is a cue noise, for cue games only"
                         f" ({game}'s players take none)")
    name, scale = parse_level(level)
    ai = game_ai(game, name, scale, study if study in NOISE_STUDIES else "")
    return SearchAgent(ai, settings or SearchSettings(), name=spec)
