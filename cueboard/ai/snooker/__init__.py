"""The snooker AI: aim geometry, shot ideas, evaluation, and the player (docs/ai.md)."""

from cueboard.ai.snooker.player import SnookerAI, make_ai

__all__ = ["SnookerAI", "make_ai"]
