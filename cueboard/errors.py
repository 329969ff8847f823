"""The root of every error cueboard raises on purpose.

``except cueboard.CueboardError`` catches them all. Errors about input — a malformed record, an
illegal placement, a strike outside its bounds, an unknown game or level, a request that does not
fit the match's state — are :class:`CueboardInputError`, which is also a ``ValueError`` (so code
written against the standard library's convention keeps working). The few errors about a
computation that could not finish (the engine's event limit) are ``RuntimeError`` subclasses.

This module imports nothing from cueboard: every layer, the engine included, may use it.
"""

from __future__ import annotations


class CueboardError(Exception):
    """Base of every cueboard error."""


class CueboardInputError(CueboardError, ValueError):
    """Input that cueboard refuses: the message names what is wrong and where."""


__all__ = ["CueboardError", "CueboardInputError"]
