"""Where the referee's replay of a shot differs from what a match record holds.

Used by each game's replay (``cueboard referee RECORD``): the ruling and the position after the
shot are compared field by field as JSON, and every difference is named by its dotted path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import BaseModel

from cueboard.records.match import ShotEntry

R = TypeVar("R", bound=BaseModel)
P = TypeVar("P", bound=BaseModel)


@dataclass(frozen=True)
class ReplayStep(Generic[R, P]):
    """One shot replayed: the referee's ruling and position, and where they differ from the
    record (``differences`` names the fields, as :func:`shot_differences` does; empty when they
    agree)."""

    index: int
    player: int
    ruling: R
    position: P
    differences: tuple[str, ...]


def differences(prefix: str, mine: object, recorded: object) -> list[str]:
    """The fields where ``mine`` (the referee's) and ``recorded`` differ, each as
    ``"prefix.field: recorded X, referee Y"``; dictionaries are compared key by key (sorted)."""
    if mine == recorded:
        return []
    if isinstance(mine, dict) and isinstance(recorded, dict):
        out: list[str] = []
        for key in sorted(set(mine) | set(recorded)):
            out += differences(f"{prefix}.{key}", mine.get(key), recorded.get(key))
        return out
    return [f"{prefix}: recorded {recorded!r}, referee {mine!r}"]


def shot_differences(shot: ShotEntry, ruling: BaseModel, position_after: BaseModel) -> list[str]:
    """Where the referee's ``ruling`` and ``position_after`` differ from those recorded for
    ``shot`` (fields under ``ruling.`` and ``position_after.``; empty when they agree). A field a
    ruling gained after the record was written (its ``later_fields``, absent from the record) is
    not compared."""
    mine = ruling.model_dump(mode="json")
    recorded = shot.ruling.model_dump(mode="json")
    for name in getattr(shot.ruling, "later_fields", ()):
        if name not in shot.ruling.model_fields_set:  # written before the ruling carried it
            mine.pop(name, None)
            recorded.pop(name, None)
    found = differences("ruling", mine, recorded)
    found += differences(
        "position_after",
        position_after.model_dump(mode="json"),
        shot.position_after.model_dump(mode="json"),
    )
    return found
