"""The snooker AI: aim geometry, shot ideas, evaluation, and the player (docs/ai.md)."""

from cueboard.ai.snooker.player import SnookerAI, make_ai
from cueboard.ai.snooker.stats import frame_stats

__all__ = ["SnookerAI", "frame_stats", "make_ai"]
