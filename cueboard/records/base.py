"""The building blocks shared by every record format (docs/records.md).

Every record is a pydantic model: immutable, strict about unknown fields, and serialised to
readable JSON. Readers turn pydantic's validation errors into :class:`RecordError`, a
``ValueError`` that names the field (and the shot, in a match record) that is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from cueboard.errors import RecordError, SettingsError

#: Version of the record formats. A reader refuses a record written by a newer version.
RECORD_VERSION = 1


class Record(BaseModel):
    """Base of every record: frozen, no unknown fields, finite numbers only."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class PieceState(StrEnum):
    """Where a piece is."""

    ON_TABLE = "on_table"
    POCKETED = "pocketed"  # snooker / novuss pocket
    IN_HOLE = "in_hole"  # crokinole 20-hole
    IN_DITCH = "in_ditch"  # crokinole ditch
    OFF_TABLE = "off_table"  # left the playing surface (jumped a cushion / rail)


class Piece(Record):
    """One ball, disc or striker.

    ``x``/``y`` are metres in the game's table frame (docs/records.md); they are meaningful
    only when ``state`` is ``on_table``.
    """

    id: str = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_\-]+$")
    kind: str = Field(min_length=1, max_length=16)
    colour: str | None = None
    owner: int | None = Field(default=None, ge=0, le=3)
    x: float = 0.0
    y: float = 0.0
    state: PieceState = PieceState.ON_TABLE

    @property
    def on_table(self) -> bool:
        return self.state is PieceState.ON_TABLE


class Position(Record):
    """Base of every game's position: the pieces, whose turn it is, and the game state.

    Each game subclasses it with a literal ``game`` and its own typed state fields.
    """

    version: int = RECORD_VERSION
    game: str
    pieces: tuple[Piece, ...]
    to_move: int = Field(default=0, ge=0, le=3)

    @field_validator("version")
    @classmethod
    def _known_version(cls, v: int) -> int:
        if v < 1 or v > RECORD_VERSION:
            raise RecordError(
                f"record version {v} is not supported (this cueboard reads 1..{RECORD_VERSION})")
        return v

    @field_validator("pieces")
    @classmethod
    def _unique_ids(cls, pieces: tuple[Piece, ...]) -> tuple[Piece, ...]:
        seen: set[str] = set()
        for p in pieces:
            if p.id in seen:
                raise RecordError(f"piece id '{p.id}' appears twice")
            seen.add(p.id)
        return pieces

    def piece(self, piece_id: str) -> Piece:
        """The piece with this id (KeyError if absent)."""
        for p in self.pieces:
            if p.id == piece_id:
                return p
        raise KeyError(piece_id)

    def on_table(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.state is PieceState.ON_TABLE)


M = TypeVar("M", bound=BaseModel)


def _field_path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out


def validation_to_record_error(
    err: ValidationError, *, shot: int | None = None, prefix: str = ""
) -> RecordError:
    """The first error of a pydantic ValidationError as a RecordError naming the field."""
    first = err.errors()[0]
    path = _field_path(tuple(first["loc"]))
    if prefix:
        path = f"{prefix}.{path}" if path else prefix
    return RecordError(first["msg"], field=path or None, shot=shot)


def parse_record(
    model: type[M], data: str | bytes | dict[str, Any], *, shot: int | None = None, prefix: str = ""
) -> M:
    """Validate JSON text or a decoded mapping as ``model``; bad input raises RecordError."""
    try:
        if isinstance(data, (str, bytes)):
            return model.model_validate_json(data)
        return model.model_validate(data)
    except ValidationError as err:
        raise validation_to_record_error(err, shot=shot, prefix=prefix) from None


def parse_settings(model: type[M], settings: Mapping[str, Any] | None) -> M:
    """A game's rules settings validated as ``model`` (no settings: its defaults); a setting that
    is unknown, of the wrong type or out of range raises SettingsError naming it."""
    try:
        return model.model_validate(dict(settings) if isinstance(settings, Mapping) else settings or {})
    except ValidationError as err:
        first = err.errors()[0]
        path = _field_path(tuple(first["loc"]))
        where = f"setting '{path}'" if path else "settings"
        raise SettingsError(f"{where}: {first['msg']}") from None


def dump_record(record: BaseModel, *, indent: int | None = 2) -> str:
    """Readable JSON for a record (``indent=None`` gives one line, for JSON Lines)."""
    return record.model_dump_json(indent=indent)
