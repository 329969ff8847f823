"""The root of every error cueboard raises on purpose, and the stable code of each.

``except cueboard.CueboardError`` catches them all. Errors about input — a malformed record, an
illegal placement, a strike outside its bounds, an unknown game or level, a request that does not
fit the match's state — are :class:`CueboardInputError`, which is also a ``ValueError`` (so code
written against the standard library's convention keeps working, as python-chess's
``IllegalMoveError`` and its siblings are ``ValueError`` s). The few errors about a computation
that could not finish (the engine's event limit, a store that cannot be reached, an AI worker
lost) are ``RuntimeError`` subclasses.

Every error class carries ``code``, a stable kebab-case slug that names the kind of problem (the
web app answers it as the RFC 9457 problem type ``/problems/<code>``). A class either declares its
own code or shares its parent's; :data:`CODES` lists every code with its title, and a code, once
published, is never reused for another problem. The families of input errors live here; the
modules of the package subclass them for their own errors (a record's reader raises
:class:`RecordError`, snooker's referee a :class:`MoveError`, and so on).

This module imports nothing from cueboard: every layer, the engine included, may use it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import ClassVar, Final

#: Every code an error of cueboard carries, with its title (a short summary of that kind of
#: problem, the same for every occurrence: RFC 9457's ``title``).
CODES: Final = MappingProxyType({
    "cueboard-error": "An error cueboard raised on purpose",
    "invalid-input": "The input is refused",
    "unknown-game": "No installed game has that name",
    "invalid-settings": "A setting is not valid",
    "invalid-record": "A record is malformed",
    "not-json": "The text is not JSON",
    "invalid-cmn": "The file does not follow Crokinole Match Notation",
    "invalid-strike": "The strike is outside its bounds",
    "invalid-position": "The position cannot be played",
    "invalid-discs": "The discs of a shot are malformed",
    "invalid-shape": "A table or board shape is malformed",
    "illegal-placement": "The rules forbid this placement",
    "illegal-choice": "This choice is not open",
    "illegal-move": "The rules do not allow this move here",
    "illegal-shot": "This crokinole shot may not be played",
    "illegal-stroke": "This novuss stroke cannot be ruled on",
    "inconsistent-outcome": "The outcome does not fit the position",
    "inconsistent-report": "The stroke report does not fit the position",
    "unreadable-report": "The scoreboard line cannot be understood",
    "unknown-level": "No AI level has that name",
    "unknown-language": "No message catalogue for that language",
    "invalid-agent": "The player cannot decide",
    "invalid-batch": "The batch's settings are not valid",
    "match-state": "Not now: the match's state does not allow it",
    "not-found": "Not found",
    "stale-version": "The match has moved on",
    "scorer-changed": "The scorer's entries changed meanwhile",
    "body-too-large": "The request body is too large",
    "body-timeout": "The request body stopped arriving",
    "rate-limited": "Too many requests",
    "online-refused": "Online play's rules refuse the request",
    "access-denied": "The credentials do not allow this",
    "invitation-unavailable": "The invitation is unknown or taken",
    "clock-expired": "The shot clock ran out",
    "event-limit": "The shot needed more events than the engine's cap",
    "store-unavailable": "The store is unavailable",
    "ai-unavailable": "The AI cannot play now",
    "ai-busy": "Every AI worker is busy",
    "ai-failed": "The AI's search failed",
    "batch-failed": "The batch could not finish",
})


def all_codes() -> tuple[str, ...]:
    """Every code an error of cueboard carries (the keys of :data:`CODES`), in a stable order."""
    return tuple(CODES)


class CueboardError(Exception):
    """Base of every cueboard error; ``code`` names its kind (one of :data:`CODES`)."""

    code: ClassVar[str] = "cueboard-error"


class CueboardInputError(CueboardError, ValueError):
    """Input that cueboard refuses: the message names what is wrong and where."""

    code: ClassVar[str] = "invalid-input"


class UnknownGameError(CueboardInputError):
    """No installed game has that name (the message lists the games that are installed)."""

    code: ClassVar[str] = "unknown-game"


class SettingsError(CueboardInputError):
    """A setting out of its range or unknown: a game's rules settings, physics parameters, the
    settings of a match, an AI level's search or a batch."""

    code: ClassVar[str] = "invalid-settings"


class RecordError(CueboardInputError):
    """A record (position, strike, outcome, match file...) is malformed.

    The message names where: the shot number in a match record, and the field path.
    """

    code: ClassVar[str] = "invalid-record"

    def __init__(self, message: str, *, field: str | None = None, shot: int | None = None):
        self.field = field
        self.shot = shot
        where = []
        if shot is not None:
            where.append(f"shot {shot}")
        if field:
            where.append(f"field '{field}'")
        prefix = "".join(w + ": " for w in where)
        super().__init__(prefix + message)


class StrikeError(CueboardInputError):
    """A strike outside its bounds (a speed over the maximum, a tip offset off the ball) or given
    in two ways at once."""

    code: ClassVar[str] = "invalid-strike"


class PositionError(CueboardInputError):
    """The position cannot be played: a piece off the bed, two pieces overlapping, a piece the
    game needs missing, no free place left to put a piece."""

    code: ClassVar[str] = "invalid-position"


class PlacementError(CueboardInputError):
    """A piece placed where the rules forbid (the cue ball outside the D, WPBSA S3 R5; a
    crokinole disc off its shooting line; a novuss striker outside its zone)."""

    code: ClassVar[str] = "illegal-placement"


class ChoiceError(CueboardInputError):
    """A choice or nomination the rules do not offer in this position (after a snooker foul,
    WPBSA S3 R10: play, put back or replace)."""

    code: ClassVar[str] = "illegal-choice"


class MoveError(CueboardInputError):
    """A move — a declaration, a reported outcome, a stroke — the rules do not allow in this
    position, or one that contradicts it (a ball potted that was not on the table)."""

    code: ClassVar[str] = "illegal-move"


class MatchStateError(CueboardInputError):
    """The request does not fit the match's state now (it is over, it is the AI's turn...)."""

    code: ClassVar[str] = "match-state"


__all__ = [
    "CODES",
    "ChoiceError",
    "CueboardError",
    "CueboardInputError",
    "MatchStateError",
    "MoveError",
    "PlacementError",
    "PositionError",
    "RecordError",
    "SettingsError",
    "StrikeError",
    "UnknownGameError",
    "all_codes",
]
