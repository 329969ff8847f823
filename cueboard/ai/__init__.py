"""AI players: the agent protocol, the execution-noise model, the time-budgeted shot search, and
each game's shot ideas and evaluation (docs/ai.md)."""

from cueboard.ai.agent import Agent, AgentError, Decision, ScriptedAgent
from cueboard.ai.noise import CUE_NOISE, LEVELS, CueNoise, DiscNoise
from cueboard.ai.search import Candidate, Scored, search

__all__ = [
    "CUE_NOISE",
    "LEVELS",
    "Agent",
    "AgentError",
    "Candidate",
    "CueNoise",
    "Decision",
    "DiscNoise",
    "Scored",
    "ScriptedAgent",
    "search",
]
