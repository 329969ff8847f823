"""Crokinole Match Notation (CMN 1.0): the JSON results format of the Crokinole Open Data
Alliance (github.com/Crokinole-Open-Data-Alliance/cmn), read and written.

A CMN file holds one match (``{"cmn": "1.0", "id", "match", "event"?, "source"?}``) or a batch
(``{"cmn": "1.0", "batch": true, "matches": [{"id", "match"}, ...]}``). A CMN *game* is one round
of play with 2 points at stake (a round in cueboard's words): its ``winner`` (0, 1 or null for a
tie), and optionally the side that shot first (``hammer``), the raw totals before cancellation
(``scores``) and the 20s (``twenties``).

Reading keeps every field, the ones CMN leaves to applications too (the spec: "Consumers must
ignore fields they don't recognize"), so a file read and written back is the same JSON. Checks
are the spec's: the version, a ``date`` in UTC ending in ``Z``, two teams of 1 (singles) or 2
(doubles) players, a ``gameFormat`` with its ``count`` or ``target``, two-element ``scores`` /
``twenties``; and a round's ``winner`` must be the side with the higher raw total when the totals
are given. A file that breaks one is refused with a :class:`CmnError` naming the field.
"""

from __future__ import annotations

import json
import re
import uuid
from datetime import UTC, datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cueboard import __version__
from cueboard.app.stats_crokinole import Round, rounds_of, rounds_stats, side_names
from cueboard.errors import RecordError
from cueboard.games.crokinole import CrokinoleSettings, Variant
from cueboard.records.match import MatchRecord

CMN_VERSION = "1.0"
_UTC_DATE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z")


class CmnError(RecordError):
    """A CMN file that does not follow the format (the message names the field)."""

    code: ClassVar[str] = "invalid-cmn"


class _Open(BaseModel):
    """CMN objects carry the applications' own fields too: kept as they are."""

    model_config = ConfigDict(extra="allow")


class CmnPlayer(_Open):
    name: str = Field(min_length=1)
    cid: str | None = None


class CmnTeam(_Open):
    players: list[CmnPlayer] = Field(min_length=1, max_length=2)


class CmnGameFormat(_Open):
    type: Literal["fixed", "first_to"]
    count: int | None = Field(default=None, ge=1)
    target: int | None = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _needs_number(self) -> CmnGameFormat:
        if self.type == "fixed" and self.count is None:
            raise CmnError("a 'fixed' game format needs 'count'")
        if self.type == "first_to" and self.target is None:
            raise CmnError("a 'first_to' game format needs 'target'")
        return self


Pair = tuple[int, int]


class CmnGame(_Open):
    """One round: its winner and, where tracked, hammer, raw scores and 20s."""

    winner: Literal[0, 1] | None
    hammer: Literal[0, 1] | None = None
    scores: list[int] | None = Field(default=None, min_length=2, max_length=2)
    twenties: list[int] | None = Field(default=None, min_length=2, max_length=2)

    @field_validator("scores", "twenties")
    @classmethod
    def _counts(cls, v: list[int] | None) -> list[int] | None:
        if v is not None and min(v) < 0:
            raise CmnError("must be two whole numbers, 0 or more")
        return v

    @model_validator(mode="after")
    def _winner_agrees(self) -> CmnGame:
        if self.scores is not None:
            a, b = self.scores
            higher = None if a == b else (0 if a > b else 1)
            if higher != self.winner:
                raise CmnError(
                    f"winner {self.winner} does not agree with the raw scores {self.scores} (the higher "
                    "total wins the round, a tie has winner null)")
        return self


class CmnMatch(_Open):
    date: str
    format: Literal["singles", "doubles"]
    teams: list[CmnTeam] = Field(min_length=2, max_length=2)
    gameFormat: CmnGameFormat | None = None  # noqa: N815 - the format's own name
    games: list[CmnGame]
    winner: Literal[0, 1] | None

    @field_validator("date")
    @classmethod
    def _utc(cls, v: str) -> str:
        if not _UTC_DATE.fullmatch(v):
            raise CmnError(f"'{v}' is not an ISO 8601 UTC date-time ending in Z")
        datetime.fromisoformat(v.replace("Z", "+00:00"))
        return v

    @model_validator(mode="after")
    def _team_sizes(self) -> CmnMatch:
        size = 1 if self.format == "singles" else 2
        for i, team in enumerate(self.teams):
            if len(team.players) != size:
                raise CmnError(f"teams[{i}] has {len(team.players)} players; {self.format} has {size}")
        return self


class CmnFile(_Open):
    """A single-match CMN file."""

    cmn: str
    id: str = Field(min_length=1)
    match: CmnMatch
    event: dict[str, Any] | None = None
    source: dict[str, Any] | None = None


class CmnEntry(_Open):
    id: str = Field(min_length=1)
    match: CmnMatch


class CmnBatch(_Open):
    cmn: str
    batch: Literal[True]
    matches: list[CmnEntry]
    event: dict[str, Any] | None = None
    source: dict[str, Any] | None = None


def _error(err: ValidationError) -> CmnError:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(file)"
    return CmnError(f"CMN {where}: {first['msg']}")


def read_cmn(data: str | bytes | dict[str, Any]) -> CmnFile | CmnBatch:
    """A CMN file (text or parsed JSON), checked; :class:`CmnError` names what is wrong."""
    if not isinstance(data, dict):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as err:
            raise CmnError(f"CMN is JSON: {err.msg} at line {err.lineno} column {err.colno}") from None
    if not isinstance(data, dict):
        raise CmnError("a CMN file is a JSON object")
    if data.get("cmn") != CMN_VERSION:
        raise CmnError(f"CMN cmn: version {data.get('cmn')!r} is not supported (this reads {CMN_VERSION!r})")
    try:
        if data.get("batch") is True:
            return CmnBatch.model_validate(data)
        return CmnFile.model_validate(data)
    except ValidationError as err:
        raise _error(err) from None


def write_cmn(doc: CmnFile | CmnBatch) -> dict[str, Any]:
    """The JSON of a CMN file: the fields it was read or made with, and no others."""
    return doc.model_dump(mode="json", exclude_unset=True)


def cmn_rounds(match: CmnMatch) -> list[Round]:
    """A CMN match's games as scoresheet rounds (for :func:`rounds_stats`)."""
    return [
        Round(
            winner=g.winner, starter=g.hammer,
            totals=(g.scores[0], g.scores[1]) if g.scores is not None else None,
            twenties=(g.twenties[0], g.twenties[1]) if g.twenties is not None else None,
        )
        for g in match.games
    ]


def cmn_stats(match: CmnMatch) -> dict[str, Any]:
    """Per-team statistics of a CMN match (CMN games score 2 / 1 / 0, NCA tournament play)."""
    names = [" & ".join(p.name for p in t.players) for t in match.teams]
    return rounds_stats(cmn_rounds(match), names, Variant.TOURNAMENT)


def _utc_text(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def to_cmn(record: MatchRecord, *, match_id: str | None = None, event: dict[str, Any] | None = None,
           rounds: list[Round] | None = None, first_to: int | None = None) -> CmnFile:
    """A crokinole match record as a CMN file: each round a game with its winner, hammer (the side
    that shot first), raw scores and 20s; the match winner is the side ahead on the game score
    (null when level). ``match_id`` names the record (a UUID made from it; a new UUID without).
    ``rounds``: the rounds as entered, when some were entered as results (their totals unknown);
    ``first_to``: the game was played to that many points, 2 a round won (CMN's ``first_to``
    counts rounds won: the format's own doubles example plays "first_to" 5 for eight games, the
    winner's fifth win coming in the last, when it had held 6 points of 2 / 1 / 0 since the
    fourth — so a target of N points is N / 2 rounds, rounded up)."""
    settings = CrokinoleSettings.model_validate(record.header.settings)
    players = sorted(record.header.players, key=lambda p: p.seat)
    teams: list[dict[str, Any]] = [{"players": []}, {"players": []}]
    for p in players:
        teams[settings.side(p.seat)]["players"].append({"name": p.name})
    if rounds is None:
        rounds = rounds_of(record)
    games = []
    for r in rounds:
        game: dict[str, Any] = {"winner": r.winner}
        if r.starter is not None:
            game["hammer"] = r.starter
        if r.totals is not None:
            game["scores"] = list(r.totals)
        if r.twenties is not None:
            game["twenties"] = list(r.twenties)
        games.append(game)
    score = [s["score"] for s in rounds_stats(rounds, side_names(record), settings.variant)["sides"]]
    match: dict[str, Any] = {
        "date": _utc_text(record.header.date),
        "format": "singles" if settings.players == 2 else "doubles",
        "teams": teams,
    }
    if first_to is not None:
        match["gameFormat"] = {"type": "first_to", "target": (first_to + 1) // 2}
    elif settings.variant is Variant.TOURNAMENT:
        match["gameFormat"] = {"type": "fixed", "count": settings.rounds}
    match["games"] = games
    match["winner"] = None if score[0] == score[1] else (0 if score[0] > score[1] else 1)
    ident = str(uuid.uuid5(uuid.NAMESPACE_URL, f"cueboard:{match_id}")) if match_id else str(uuid.uuid4())
    doc: dict[str, Any] = {"cmn": CMN_VERSION, "id": ident, "match": match}
    if event:
        doc["event"] = event
    doc["source"] = {"app": "cueboard", "version": __version__}
    try:
        return CmnFile.model_validate(doc)
    except ValidationError as err:  # pragma: no cover - a record the referee wrote is consistent
        raise _error(err) from None
