"""The API's answers as pydantic models: each route's ``response_model``, so that the OpenAPI
schema at /openapi.json says what every answer holds. A game's own records (positions, rulings,
strikes, declarations, the turn, the scoreboard, a table's geometry) are JSON objects whose fields
the game's record models define (docs/records.md); they stay free-form objects here.

Every model lets a field it does not name through (``extra="allow"``): the answer keeps what the
service adds, and the schema says so (``additionalProperties``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

#: A game's record (a position, a ruling, the turn, the scoreboard...): a JSON object.
Record = dict[str, Any]
#: The answer of a record download: a match record (docs/records.md#match-record).
RECORD: dict[int | str, dict[str, Any]] = {200: {
    "description": "the match record: its header and shots (docs/records.md)",
    "content": {"application/json": {"schema": {"type": "object", "required": ["header", "shots"],
                                                "properties": {"header": {"type": "object"},
                                                               "shots": {"type": "array"}}}}}}}
#: The answer of a live table: a stream of Server-Sent Events (docs/app.md#the-live-protocol).
EVENTS: dict[int | str, dict[str, Any]] = {200: {
    "description": "Server-Sent Events: the match's moves, its seats, the shot clock",
    "content": {"text/event-stream": {"schema": {"type": "string"}}}}}


class Out(BaseModel):
    """An answer's object."""

    model_config = ConfigDict(extra="allow")


# --- games, health --------------------------------------------------------------------------------
class GameInfo(Out):
    name: str
    players: list[int] = Field(description="the player counts the game is played by")
    settings: list[Record] = Field(description="the lobby's settings: name, kind, default, options, min, max")
    ai_levels: list[str]
    placement: str | None = Field(description="what the player to move may place (cue ball, striker...)")
    capabilities: list[str] = Field(
        description="what the game has beyond the core: frames, nominations, chance, concession, time_out, "
                    "paths (cueboard.games.protocol.Capability)")


class DatabaseHealth(Out):
    writable: bool
    checked_at: str


class Health(Out):
    ok: bool
    version: str
    games: list[str]
    warm: bool = Field(description="the physics' kernels are compiled or loaded")
    database: DatabaseHealth


# --- matches ------------------------------------------------------------------------------------
class Clock(Out):
    """The shot clock of a match (docs/app.md#the-shot-clock)."""

    seconds: int
    version: int
    deadline: str | None
    now: str


class MatchView(Out):
    """A match as the page shows it."""

    id: str
    game: str
    status: Literal["playing", "finished"]
    version: int = Field(description="moves stored: send it as X-Match-Version with the next act")
    header: Record
    position: Record
    turn: Record
    scoreboard: Record
    state: Record
    shots: int
    updated_at: str | None
    clock: Clock | None = None


class SeatToken(Out):
    seat: int
    token: str


class Invitation(Out):
    seat: int
    code: str
    path: str
    url: str
    qr: str = Field(description="the link's QR code, an SVG data URI")


class Issued(Out):
    """The creator's secrets, answered once: the host token, the kept seats' tokens, the
    invitations to send."""

    host_token: str
    seats: list[SeatToken]
    invitations: list[Invitation]
    watch_path: str
    watch_qr: str


class MatchCreated(MatchView):
    online: Issued


class MatchSummary(Out):
    """A match of the lobby's lists, with the caller's role in it."""

    id: str
    game: str
    status: Literal["playing", "finished"]
    version: int
    players: list[Record]
    scoreboard: Record
    winner: int | None
    updated_at: str | None
    role: Literal["host", "seat", "public", "open"]


class Call(Out):
    """A referee's call: a message key of the catalogues and its parameters."""

    key: str
    params: Record


class PlayedShot(Out):
    number: int
    kind: Literal["shot", "choice", "time", "claim"]
    seat: int
    announcements: list[Call]
    declaration: Record
    ruling: Record
    tracks: Record | None
    position_before: Record
    simulate_ms: float
    ai: Record | None = Field(default=None, description="an AI's move: its intent, explanation, think_ms")


class Move(Out):
    """A move stored: the shot (or choice) and the match after it."""

    shot: PlayedShot
    match: MatchView


class Legal(Out):
    legal: bool


class ShotSummary(Out):
    number: int
    frame: int
    seat: int
    kind: Literal["shot", "choice", "time", "claim"]
    strike: Record | None
    declaration: Record | None
    announcements: list[Call]
    ruling: Record


class ShotReplay(ShotSummary):
    position_before: Record
    position_after: Record
    scoreboard_after: Record
    tracks: Record | None


# --- online play --------------------------------------------------------------------------------
class You(Out):
    host: bool
    seats: list[int]
    open: bool


class Seat(Out):
    seat: int
    name: str
    claimed: bool
    invited: bool
    present: bool


class Seats(Out):
    you: You
    seats: list[Seat]
    public: bool


class InvitationState(Out):
    seat: int
    name: str
    open: bool


class Joined(Out):
    seat: int
    token: str


class Published(Out):
    public: bool


# --- scorer mode --------------------------------------------------------------------------------
class ScorerEntry(Out):
    number: int
    seat: int
    declaration: Record
    ruling: Record
    announcements: list[Call]


class ScorerView(Out):
    """A scorer match: the referee's summary, the scoreboard, the last entries."""

    id: str
    status: Literal["playing", "finished"]
    header: Record
    entries: int
    summary: Record
    scoreboard: Record
    recent: list[ScorerEntry]
    can_undo: bool
    next_frame: bool
    owner: bool = Field(description="the request holds the owner token: it may write")
    share_path: str = Field(description="the read-only link to the match")


class ScorerCreated(ScorerView):
    owner_token: str = Field(description="answered once: send it as a bearer token with every write")


class ScorerSummary(Out):
    id: str
    status: Literal["playing", "finished"]
    players: list[str]
    scores: list[int]
    frames: list[int]
    updated_at: str | None


# --- shot maps ----------------------------------------------------------------------------------
class ShotMapJob(Out):
    id: str
    status: Literal["queued", "running", "done", "failed"]
    done: int
    total: int
    shot: int | None
    queue_position: int = Field(description="maps before this one in the queue (0: running or finished)")
    error: str | None = None
    map: Record | None = None


class ShotMapStarted(ShotMapJob):
    token: str = Field(description="answered once: read the job with it (Authorization: Bearer)")
