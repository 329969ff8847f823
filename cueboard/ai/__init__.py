"""AI players: the agent protocol, the execution-noise model, the time-budgeted shot search, and
each game's shot ideas and evaluation (docs/ai.md).

Public API: :class:`Agent`, :class:`Decision`, :class:`ScriptedAgent` (agent.py);
:class:`CueNoise`, :class:`DiscNoise`, ``CUE_NOISE``, ``LEVELS`` (noise.py); :class:`Candidate`,
:func:`search` (search.py); :class:`SearchAgent`, :class:`SearchSettings` (players.py);
:func:`make_agent` (registry.py: ``ai:<level>``); :func:`cueboard.ai.match.play_frame`.
"""

from cueboard.ai.agent import Agent, AgentError, Decision, ScriptedAgent
from cueboard.ai.noise import CUE_NOISE, LEVELS, CueNoise, DiscNoise
from cueboard.ai.players import SearchAgent, SearchSettings
from cueboard.ai.registry import make_agent
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
    "SearchAgent",
    "SearchSettings",
    "make_agent",
    "search",
]
