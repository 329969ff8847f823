"""Crokinole's input errors: each a ``ValueError`` whose message names what is wrong."""

from __future__ import annotations

from typing import ClassVar

from cueboard.errors import MoveError


class CrokinoleError(MoveError):
    """Malformed or illegal crokinole input."""


class IllegalShotError(CrokinoleError):
    """A strike that may not be played from this position (rules: Players and discs, "Shot").

    ``reason`` is a stable code: ``game_over``, ``no_discs_left``, ``not_touching_shooting_line``,
    ``off_playing_surface``, ``outside_quadrant``, ``overlaps_disc``.
    """

    code: ClassVar[str] = "illegal-shot"

    def __init__(self, reason: str, message: str):
        self.reason = reason
        super().__init__(f"illegal shot ({reason}): {message}")


class OutcomeError(CrokinoleError):
    """An outcome that does not fit the position it is applied to (wrong shooter, unknown disc,
    a round tally with more discs than a side has...)."""

    code: ClassVar[str] = "inconsistent-outcome"
