"""Match records: a header and, per shot, the declaration, strike, outcome, ruling and the position
after it (docs/records.md#match-record).

Two forms hold the same data:
- readable JSON: ``{"header": {...}, "shots": [{...}, ...]}``;
- JSON Lines, for streams: the header on the first line, one shot per following line, so that a
  match can be appended to as it is played without rewriting what was saved.

Each shot's parts are validated with the game's own models (see :mod:`cueboard.records.registry`);
a malformed record is refused with a :class:`RecordError` naming the shot and the field.
"""

from __future__ import annotations

import json
import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, ValidationError, ValidationInfo, field_validator

from cueboard.engine.events import Event
from cueboard.records.base import (
    RECORD_VERSION,
    Position,
    Record,
    RecordError,
    parse_record,
    validation_to_record_error,
)
from cueboard.records.compat import (
    RECORD_MINOR,
    NewerRecordWarning,
    check_format,
    installed_version,
    validate_lenient,
)
from cueboard.records.reading import MAX_MATCH_BYTES, NotJSONError, loads_json, read_text
from cueboard.records.registry import record_types

#: The most points a handicap start may give (the header's ``handicap``): a frame's score is at
#: most three digits on a scorecard.
MAX_START = 999


class PlayerInfo(Record):
    """A player of the match, by seat (0..3)."""

    seat: int = Field(ge=0, le=3)
    name: str = Field(min_length=1, max_length=64)
    kind: Literal["human", "ai", "scripted"] = "human"
    level: str | None = None  # AI level, e.g. "pro"


class Incident(Record):
    """Something that happened in a match besides the shots that stand (format 1.2):

    - ``takeback``: the stroke of seat ``player`` that was shot ``at`` was taken back, with the
      opponents' leave (``by``: the seat that accepted, when known) — the position, scores and
      turn went back to before it, so the record's shot ``at``, if any, is the one played
      instead, and a replay of the shots gives the position after the takeback;
    - ``claim``: after ``at`` shots, seat ``by`` claimed the match against seat ``player``, away
      from the table for longer than the away limit: ``player``'s side lost the match
      (docs/app.md#playing-a-friend; in snooker a match awarded, WPBSA Section 4 Rules 2-3);
    - ``result`` (format 1.3): shot ``at`` is a frame entered by a scorer as its result alone, its
      strokes not kept: the ruling's scores are the scorecard's (handicap starts included) and
      seat ``player``, behind, conceded the frame at that score (WPBSA Section 4 Rule 6).

    In a JSON Lines record each incident may also be a line of its own, ``{"incident": {...}}``,
    written before the shot numbered ``at`` (:meth:`MatchRecord.to_jsonl`, :func:`append_incident`).
    """

    kind: Literal["takeback", "claim", "result"]
    at: int = Field(ge=0)
    player: int = Field(ge=0, le=3)
    by: int | None = Field(default=None, ge=0, le=3)
    time: datetime | None = None


class MatchHeader(Record):
    """What a match is: game, rules variant and settings, players, when, by which cueboard —
    and, for a match written whole once played, its :class:`Incident` s (``incidents``, in the
    order they happened; left out when there is none); since format 1.3 a ``handicap``: each
    side's start, the points it has when every frame begins (amateur leagues' handicap starts,
    up to 70 in snooker; they count in the frame's score), left out when there is none."""

    version: int = Field(default=RECORD_VERSION, strict=True)
    minor: int = Field(default=RECORD_MINOR, strict=True, ge=0)
    game: str
    variant: str = "standard"
    settings: dict[str, Any] = Field(default_factory=dict)
    players: tuple[PlayerInfo, ...] = Field(min_length=2, max_length=4)
    date: datetime = Field(default_factory=lambda: datetime.now(UTC))
    cueboard_version: str = Field(default_factory=installed_version)
    seed: int = 0
    incidents: tuple[Incident, ...] = Field(default=(), exclude_if=lambda v: not v)
    handicap: tuple[Annotated[int, Field(ge=0, le=MAX_START)], ...] | None = Field(
        default=None, min_length=2, max_length=4, exclude_if=lambda v: v is None)

    @field_validator("version")
    @classmethod
    def _known_version(cls, v: int) -> int:
        if v < 1 or v > RECORD_VERSION:
            raise RecordError(
                f"record version {v} is not supported (this cueboard reads 1..{RECORD_VERSION})")
        return v

    @field_validator("handicap")
    @classmethod
    def _a_start_per_side(cls, v: tuple[int, ...] | None, info: ValidationInfo) -> tuple[int, ...] | None:
        players = info.data.get("players", ())
        if v is not None and len(v) > len(players):
            raise RecordError(f"one start per side, not {len(v)} starts for {len(players)} players")
        return v


class ShotEntry(Record):
    """One shot (or one scoreboard entry) of a match, with its parts validated per game."""

    index: int = Field(ge=0)
    player: int = Field(ge=0, le=3)
    declaration: BaseModel
    strike: BaseModel | None = None  # None for a scoreboard entry (a real shot reported by hand)
    outcome: BaseModel
    ruling: BaseModel
    position_after: Position
    events: tuple[Event, ...] | None = None

    def to_json_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "player": self.player,
            "declaration": self.declaration.model_dump(mode="json"),
            "strike": None if self.strike is None else self.strike.model_dump(mode="json"),
            "outcome": self.outcome.model_dump(mode="json"),
            "ruling": self.ruling.model_dump(mode="json"),
            "position_after": self.position_after.model_dump(mode="json"),
        }
        if self.events is not None:
            out["events"] = [e.model_dump(mode="json") for e in self.events]
        return out


class MatchRecord(BaseModel):
    """A whole match: header and shots."""

    header: MatchHeader
    shots: list[ShotEntry] = Field(default_factory=list)

    def to_json(self, indent: int | None = 2) -> str:
        data = {
            "header": self.header.model_dump(mode="json"),
            "shots": [s.to_json_dict() for s in self.shots],
        }
        return json.dumps(data, indent=indent, ensure_ascii=False)

    def to_jsonl(self) -> str:
        """The JSON Lines form: the header (without its incidents), then each shot a line, each
        incident a line ``{"incident": {...}}`` before the shot numbered its ``at`` (after the
        shots that stood when it happened; the order of the incidents is kept), so that a match
        appended to as it is played writes them as they happen (:func:`append_incident`)."""
        lines = [self.header.model_copy(update={"incidents": ()}).model_dump_json()]
        pending = list(self.header.incidents)
        for n, shot in enumerate(self.shots):
            while pending and pending[0].at <= n:
                lines.append(incident_line(pending.pop(0)))
            lines.append(json.dumps(shot.to_json_dict(), ensure_ascii=False))
        lines += [incident_line(i) for i in pending]
        return "\n".join(lines) + "\n"


def incident_line(incident: Incident) -> str:
    """An incident as a line of a JSON Lines record."""
    return json.dumps({"incident": incident.model_dump(mode="json")}, ensure_ascii=False)


def is_incident_line(data: Any) -> bool:
    """Whether a decoded line of a JSON Lines record is an incident (``{"incident": {...}}``)."""
    return isinstance(data, dict) and set(data) == {"incident"}


def parse_incident(data: Any, *, line: int, dropped: list[str] | None = None) -> Incident:
    """Validate the incident of a decoded incident line (``line``: its 1-based number, for the
    error; with ``dropped``, leniently as :func:`parse_shot`)."""
    where = f"line {line}.incident"
    if dropped is not None:
        return validate_lenient(Incident, data["incident"], dropped, prefix=where)
    return parse_record(Incident, data["incident"], prefix=where)


def with_scorer_formats(record: MatchRecord, handicap: tuple[int, ...], results: list[int]) -> MatchRecord:
    """``record`` with a scorer's league formats in its header: each side's ``handicap`` start
    (left out when every start is 0) and a ``result`` :class:`Incident` for each shot of
    ``results`` (their indexes), frames entered as their result alone, conceded by the shot's
    player (the side behind)."""
    update: dict[str, Any] = {"incidents": (*record.header.incidents, *(
        Incident(kind="result", at=i, player=record.shots[i].player) for i in results))}
    if any(handicap):
        update["handicap"] = tuple(handicap)
    header = MatchHeader.model_validate({**record.header.model_dump(), **update})
    return MatchRecord.model_construct(header=header, shots=record.shots)


def parse_shot(game: str, data: Any, *, shot: int, dropped: list[str] | None = None) -> ShotEntry:
    """Validate one shot's JSON mapping with ``game``'s models. With ``dropped`` (a record of a
    newer MINOR format, :mod:`cueboard.records.compat`), unknown fields are dropped and their
    paths appended to it instead of refused."""
    if not isinstance(data, dict):
        raise RecordError("a shot must be a JSON object", shot=shot)
    types = record_types(game)
    allowed = {
        "index", "player", "declaration", "strike", "outcome", "ruling", "position_after", "events",
    }
    for key in list(data):
        if key not in allowed:
            if dropped is None:
                raise RecordError("unknown field", field=str(key), shot=shot)
            del data[key]
            dropped.append(f"shots[{shot}].{key}")

    def parse(model: type[BaseModel], value: Any, prefix: str) -> Any:
        if dropped is None:
            return parse_record(model, value, shot=index, prefix=prefix)
        return validate_lenient(model, value, dropped, shot=index, prefix=f"shots[{shot}].{prefix}")

    for key in ("index", "player", "declaration", "outcome", "ruling", "position_after"):
        if key not in data:
            raise RecordError("field required", field=key, shot=shot)
    index = data["index"]
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise RecordError("must be a non-negative integer", field="index", shot=shot)
    parts: dict[str, Any] = {"index": index, "player": data["player"]}
    models: dict[str, type[BaseModel]] = {
        "declaration": types.declaration,
        "outcome": types.outcome,
        "ruling": types.ruling,
        "position_after": types.position,
    }
    for key, model in models.items():
        parts[key] = parse(model, data[key], key)
    strike = data.get("strike")
    parts["strike"] = None if strike is None else parse(types.strike, strike, "strike")
    events = data.get("events")
    if events is not None:
        if not isinstance(events, list):
            raise RecordError("must be a list", field="events", shot=index)
        parts["events"] = tuple(parse(Event, e, f"events[{i}]") for i, e in enumerate(events))
    try:
        return ShotEntry(**parts)
    except ValidationError as err:
        raise validation_to_record_error(err, shot=index) from None


def parse_header(data: Any, dropped: list[str] | None = None) -> MatchHeader:
    """Validate a match header's decoded JSON (with ``dropped``: leniently, as
    :func:`parse_shot`)."""
    if not isinstance(data, dict):
        raise RecordError("the header must be a JSON object", field="header")
    if dropped is not None:
        return validate_lenient(MatchHeader, data, dropped, prefix="header")
    return parse_record(MatchHeader, data, prefix="header")


def _warn_dropped(header: MatchHeader, dropped: list[str]) -> None:
    if dropped:
        shown = ", ".join(dropped[:5]) + (f" and {len(dropped) - 5} more" if len(dropped) > 5 else "")
        warnings.warn(
            NewerRecordWarning(
                f"the record is of format version {header.version}.{header.minor}, newer than this "
                f"cueboard's {RECORD_VERSION}.{RECORD_MINOR}: its fields unknown here were dropped ({shown})"
            ),
            stacklevel=3,
        )


def loads_match(text: str, source: str = "the match record") -> MatchRecord:
    """Parse a match record in either form (readable JSON or JSON Lines), under the limits of
    :mod:`cueboard.records.reading` (nesting, integer size, finite numbers)."""
    stripped = text.lstrip()
    if not stripped:
        raise RecordError("the match record is empty")
    try:
        whole = loads_json(text, source)
    except NotJSONError:
        whole = None
    dropped: list[str] | None = None
    if isinstance(whole, dict) and "header" in whole:
        dropped = [] if check_format(whole["header"]) else None
        head = parse_header(whole["header"], dropped)
        raw_shots = whole.get("shots", [])
        if not isinstance(raw_shots, list):
            raise RecordError("must be a list", field="shots")
        parsed = [parse_shot(head.game, s, shot=i, dropped=dropped) for i, s in enumerate(raw_shots)]
        _warn_dropped(head, dropped or [])
        return MatchRecord(header=head, shots=parsed)
    header: MatchHeader | None = None
    shots: list[ShotEntry] = []
    incidents: list[Incident] = []
    n = 0
    for line in text.splitlines():
        if not line.strip():
            continue
        where = "the header line" if n == 0 else f"line {n + 1}"
        try:
            decoded = loads_json(line, where)
        except RecordError as err:
            raise RecordError(str(err), shot=None if n == 0 else len(shots)) from None
        if header is None:
            dropped = [] if check_format(decoded) else None
            header = parse_header(decoded, dropped)
        elif is_incident_line(decoded):
            incidents.append(parse_incident(decoded, line=n + 1, dropped=dropped))
        else:
            shots.append(parse_shot(header.game, decoded, shot=len(shots), dropped=dropped))
        n += 1
    assert header is not None  # the text has a non-blank line
    _warn_dropped(header, dropped or [])
    return MatchRecord(header=with_incidents(header, incidents), shots=shots)


def with_incidents(header: MatchHeader, incidents: list[Incident]) -> MatchHeader:
    """``header`` with the incidents of a JSON Lines record's lines after its own."""
    if not incidents:
        return header
    return header.model_copy(update={"incidents": (*header.incidents, *incidents)})


def read_match(path: str | Path) -> MatchRecord:
    """Read a match record file (``.json`` or ``.jsonl``), at most
    :data:`~cueboard.records.reading.MAX_MATCH_BYTES` of UTF-8 text."""
    p = Path(path)
    return loads_match(read_text(p, "match record", MAX_MATCH_BYTES), f"the match record {p}")


def write_match(path: str | Path, record: MatchRecord) -> None:
    """Write a match record; the form follows the suffix (``.jsonl`` for JSON Lines).

    The file is written to a temporary name and renamed, so a failure never loses what was saved.
    A path that is already something else than a file (a device such as ``/dev/stdout`` or
    ``/dev/full``, a named pipe) is written into, never replaced: renaming over it would put a
    file in the device's place (and a full device's error is then the write's).
    """
    p = Path(path)
    text = record.to_jsonl() if p.suffix == ".jsonl" else record.to_json()
    if p.exists() and not p.is_file() and not p.is_dir():
        with p.open("w", encoding="utf-8") as fh:
            fh.write(text)
        return
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(p)


def append_shot(path: str | Path, entry: ShotEntry) -> None:
    """Append one shot to a JSON Lines match record (its header must already be written)."""
    with Path(path).open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry.to_json_dict(), ensure_ascii=False) + "\n")


def append_incident(path: str | Path, incident: Incident) -> None:
    """Append one incident (a takeback, a claim, a frame entered as its result) to a JSON Lines
    match record as it happens, before the shot numbered its ``at``."""
    with Path(path).open("a", encoding="utf-8") as fh:
        fh.write(incident_line(incident) + "\n")
