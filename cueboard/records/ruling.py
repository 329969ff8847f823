"""The shape every game's ruling shares, and the referee's calls as catalogue messages.

Each game's ruling record (``SnookerRuling``, ``CrokinoleRuling``, ``NovussRuling``) keeps its own
fields — they are what the rules of that game decide — and also answers the questions every
consumer asks in the same words (:class:`Ruling`): who is to move next, the scores, whether a foul
was called, whether the frame / round / game is over and who won it, and the referee's calls.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable


@dataclass(frozen=True)
class Call:
    """One of the referee's calls: a message key of the app's catalogues
    (``cueboard/app/i18n/*.json``, e.g. ``ref.snooker.foul``) and its parameters. Texts are never
    built here, so every consumer shows the call in its own language."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


@runtime_checkable
class Ruling(Protocol):
    """What every game's ruling answers (python-chess's ``Outcome`` and OpenSpiel's ``State``
    inspired the names).

    - ``next_to_move``: the seat to play or to choose next; ``None`` when nobody is (the frame,
      round or game is over).
    - ``scores``: the two sides' scores after the stroke (snooker: the frame's points; crokinole:
      the game's points; novuss: discs pocketed); ``None`` in records written before the ruling
      carried them.
    - ``foul``: whether the referee called a foul (novuss: a penalty disc).
    - ``over``: whether this stroke or action ended the frame (snooker), the game (crokinole,
      novuss).
    - ``winner``: the side that won what ``over`` ended; ``None`` while it goes on or when drawn.
    - ``calls``: the referee's calls as catalogue messages.
    """

    @property
    def next_to_move(self) -> int | None: ...

    @property
    def scores(self) -> tuple[int, int] | None: ...

    @property
    def foul(self) -> bool: ...

    @property
    def over(self) -> bool: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def calls(self) -> tuple[Call, ...]: ...


class LaterFields:
    """Mixin for a ruling record that gained fields after records were first written:
    ``later_fields`` names them, so that a replay does not report a difference for a field an
    older record could not hold (:func:`cueboard.records.compare.shot_differences`)."""

    later_fields: ClassVar[frozenset[str]] = frozenset()


__all__ = ["Call", "LaterFields", "Ruling"]
