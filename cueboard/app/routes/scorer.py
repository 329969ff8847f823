"""Scorer mode's endpoints (docs/app.md#scorer-mode): a real match kept by hand, each entry refereed
by the game's keeper (cueboard/app/scorer.py: the same referee as ``cueboard score <game>``).

**Who may write.** Creating a match hands its creator the match's *owner token* — once, in the
answer (``owner_token``) and in an HttpOnly cookie ``cbs_<id>`` (path ``/api/scorer``,
SameSite=Strict) — and only its SHA-256 hash is stored, as online play's seat tokens are
(cueboard/app/online/seats.py). Every write (an entry, an undo, the deletion) must present it, as
``Authorization: Bearer <token>`` or in the cookie: 401 without a token, 403 with another one.
Reading needs no token: the answer's ``share_path`` (``/#/scorer/<id>``) is the read-only link to
give to anyone who wants to follow the score. The list (``GET /api/scorer``) holds the matches
whose token the request presents.

**Team fixtures** (``/api/scorer/fixtures``, cueboard/app/scorer_fixture.py): a fixture has an
owner token as a match has (its cookie ``cbs_<fixture id>``); each frame added to it is a
one-frame scorer match owned by the same token (its cookie set too), so the frame's entries are
written as any match's. The fixture's view, statistics and exports need no token.
"""

from __future__ import annotations

import hmac
import json
import secrets
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from cueboard.app.online.guard import COOKIE_MAX_AGE, AccessError, bearer
from cueboard.app.online.seats import digest, new_secret
from cueboard.app.problems import errors
from cueboard.app.routes.common import MatchId, store
from cueboard.app.routes.models import RECORD, Out, ScorerCreated, ScorerSummary, ScorerView
from cueboard.app.scorer import (
    KEEPERS,
    EntryIn,
    ScorerIn,
    new_header,
    normal,
    referee,
    save,
    scorer_games,
    view_json,
)
from cueboard.app.scorer_fixture import (
    FixtureIn,
    FrameIn,
    fixture_csv,
    fixture_export,
    fixture_header,
    fixture_stats,
    fixture_view,
    frame_header,
)
from cueboard.app.service import MatchStateError
from cueboard.errors import MoveError
from cueboard.store import Store
from cueboard.store.scorer import (
    FixtureRow,
    ScorerChangedError,
    ScorerRow,
    add_fixture,
    add_fixture_frame,
    add_scorer,
    delete_fixture,
    delete_scorer,
    fixture_frames,
    get_fixture,
    get_scorer,
    list_fixtures,
    list_scorers,
)

router = APIRouter(tags=["scorer"])
PREFIX = "/api/scorer"
Db = Annotated[Store, Depends(store)]
#: The prefix of a scorer match's owner cookie (``cbs_<id>``).
COOKIE_PREFIX = "cbs_"


def _cookie_tokens(request: Request, match_id: str) -> list[str]:
    return [t for t in request.cookies.get(COOKIE_PREFIX + match_id, "").split(".") if t]


def _all_tokens(request: Request) -> list[str]:
    token = bearer(request)
    out = [token] if token else []
    for name, value in request.cookies.items():
        if name.startswith(COOKIE_PREFIX):
            out.extend(t for t in value.split(".") if t)
    return out


def _tokens(request: Request, match_id: str) -> list[str]:
    """The tokens the request presents for match or fixture ``match_id``: bearer, cookie."""
    token = bearer(request)
    return [*([token] if token else []), *_cookie_tokens(request, match_id)]


def _is_owner(row: ScorerRow | FixtureRow, tokens: list[str]) -> bool:
    if row.owner_hash is None:  # stored before owners existed: open to anyone
        return True
    return any(hmac.compare_digest(digest(t), row.owner_hash) for t in tokens)


def _check_owner(row: ScorerRow | FixtureRow, tokens: list[str], what: str) -> None:
    """401 without a token, 403 with a token that is not ``row``'s owner token."""
    if _is_owner(row, tokens):
        return
    if not tokens:
        raise AccessError(401, "error.invalid", f"writing to a {what} needs its owner token "
                          f"(Authorization: Bearer <token>, or the {what}'s cookie)")
    raise AccessError(403, "error.invalid", f"the token sent is not this {what}'s owner token: "
                      "its share link only reads")


def _owned(request: Request, match_id: MatchId, db: Db) -> ScorerRow:
    """The match, if the request presents its owner token (404 for an unknown match first)."""
    row = get_scorer(db, match_id)
    _check_owner(row, _tokens(request, match_id), "scorer match")
    return row


Owned = Annotated[ScorerRow, Depends(_owned)]


def _set_owner_cookie(request: Request, response: Response, match_id: str, token: str) -> None:
    secure = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(COOKIE_PREFIX + match_id, token, max_age=COOKIE_MAX_AGE, path="/api/scorer",
                        httponly=True, samesite="strict", secure=secure)


@router.post(PREFIX, status_code=201, summary="Create a scorer match (a real match kept by hand)",
             response_model=ScorerCreated, response_model_exclude_unset=True)
def create(body: ScorerIn, request: Request, response: Response, db: Db) -> dict[str, Any]:
    seed = secrets.randbelow(2**31) if body.seed is None else body.seed
    header = new_header(body, seed)
    board = referee(header, [])
    match_id, token = secrets.token_hex(6), new_secret()
    add_scorer(db, match_id, header, digest(token))
    KEEPERS.keep(match_id, header, [], board)
    _set_owner_cookie(request, response, match_id, token)
    return {**view_json(match_id, header, [], board, "playing", owner=True), "owner_token": token}


class ScorerGame(BaseModel):
    """A game the scorer keeps: its name, the player counts the scorer's form offers, and whether
    it may be kept as a team fixture of single frames."""

    name: str
    players: list[int]
    fixtures: bool = False


@router.get("/api/scorer-games",
            summary="The games the scorer keeps (each game's app adapter names its keeper)",
            response_model=list[ScorerGame])
def games() -> list[dict[str, Any]]:
    return scorer_games()


@router.get(PREFIX, summary="The scorer matches whose owner token the request presents, newest first",
            response_model=list[ScorerSummary], response_model_exclude_unset=True)
def listing(request: Request, db: Db) -> list[dict[str, Any]]:
    out = []
    for row in list_scorers(db, {digest(t) for t in _all_tokens(request)}):
        with KEEPERS.reading(row.id, row.header, row.entries) as board:
            scores, frames = board.listing()
        item = {"id": row.id, "status": row.status, "players": row.header["players"],
                "scores": scores, "frames": frames,
                "updated_at": row.updated_at.isoformat() if row.updated_at else None}
        if "fixture" in row.header:  # a team fixture's frame: the fixture it belongs to
            item["fixture"] = row.header["fixture"]
        out.append(item)
    return out


# --- team fixtures (cueboard/app/scorer_fixture.py) ----------------------------------------------
FIXTURES = PREFIX + "/fixtures"


class FixtureFrame(Out):
    """One frame of a fixture: its scorer match, the pair, the scores, the breaks of 25+."""

    number: int
    id: str = Field(description="the frame's scorer match (/api/scorer/{id})")
    status: Literal["playing", "finished"]
    players: list[str] = Field(description="the home team's player, then the away team's")
    handicap: list[int]
    scores: list[int]
    breaks: list[list[int]] = Field(description="each player's breaks of 25 or more, in order")
    by_result: bool = Field(description="entered as its result alone (no breaks known)")
    winner: int | None = Field(description="0: the home team's player, 1: the away team's; None while on")
    team_score: list[int] = Field(description="frames won by each team after this frame")


class FixtureView(Out):
    """A team fixture: its frames, the team score in frames won, the result."""

    id: str
    game: str
    teams: list[str]
    frames_of: int = Field(description="the frames the fixture has")
    repeat_players: bool
    settings: dict[str, Any]
    frames: list[FixtureFrame]
    score: list[int] = Field(description="frames won by each team")
    over: bool
    winner: int | None = Field(description="the team that won (None: not over, or a draw)")
    draw: bool
    owner: bool = Field(description="the request holds the owner token: it may write")
    share_path: str = Field(description="the read-only link to the fixture's page")


class FixtureCreated(FixtureView):
    owner_token: str = Field(description="answered once: send it as a bearer token with every write")


class FixtureSummary(Out):
    id: str
    teams: list[str]
    score: list[int]
    frames: int
    frames_of: int
    over: bool


def _fixture_owned(request: Request, fixture_id: MatchId, db: Db) -> FixtureRow:
    """The fixture, if the request presents its owner token (404 for an unknown one first)."""
    row = get_fixture(db, fixture_id)
    _check_owner(row, _tokens(request, fixture_id), "fixture")
    return row


OwnedFixture = Annotated[FixtureRow, Depends(_fixture_owned)]


def _fixture(db: Store, fixture: FixtureRow, *, owner: bool) -> dict[str, Any]:
    return fixture_view(fixture, fixture_frames(db, fixture), owner=owner)


@router.post(FIXTURES, status_code=201, summary="Create a team fixture (N single frames between two teams)",
             response_model=FixtureCreated, response_model_exclude_unset=True)
def create_fixture(body: FixtureIn, request: Request, response: Response, db: Db) -> dict[str, Any]:
    header = fixture_header(body)
    fixture_id, token = secrets.token_hex(6), new_secret()
    add_fixture(db, fixture_id, header, digest(token))
    _set_owner_cookie(request, response, fixture_id, token)
    return {**_fixture(db, get_fixture(db, fixture_id), owner=True), "owner_token": token}


@router.api_route(FIXTURES, methods=["DELETE"], include_in_schema=False)
def no_fixtures_delete() -> None:
    """A DELETE of the fixtures' collection: 405 (not a scorer match's id, ``/api/scorer/{id}``)."""
    raise StarletteHTTPException(405, "the fixtures are deleted one by one: DELETE /api/scorer/fixtures/{id}")


@router.get(FIXTURES, summary="The fixtures whose owner token the request presents, newest first",
            response_model=list[FixtureSummary])
def list_fixture(request: Request, db: Db) -> list[dict[str, Any]]:
    out = []
    for row in list_fixtures(db, {digest(t) for t in _all_tokens(request)}):
        v = _fixture(db, row, owner=True)
        out.append({"id": row.id, "teams": v["teams"], "score": v["score"], "frames": len(v["frames"]),
                    "frames_of": v["frames_of"], "over": v["over"]})
    return out


@router.get(FIXTURES + "/{fixture_id}", response_model=FixtureView,
            summary="A team fixture: its frames and the team score (no token needed)")
def view_fixture(fixture_id: MatchId, request: Request, db: Db) -> dict[str, Any]:
    row = get_fixture(db, fixture_id)
    return _fixture(db, row, owner=_is_owner(row, _tokens(request, fixture_id)))


@router.post(FIXTURES + "/{fixture_id}/frames", status_code=201,
             summary="Add the fixture's next frame (owner): a one-frame scorer match between its pair",
             response_model=ScorerView, response_model_exclude_unset=True, responses=errors(401, 403, 409))
def add_frame(fixture_id: MatchId, body: FrameIn, row: OwnedFixture, request: Request, response: Response,
              db: Db) -> dict[str, Any]:
    header = frame_header(row, fixture_frames(db, row), body, secrets.randbelow(2**31))
    board = referee(header, [])
    match_id = secrets.token_hex(6)
    try:
        add_fixture_frame(db, fixture_id, len(row.frames), match_id, header)
    except ScorerChangedError as err:
        raise MatchStateError(str(err)) from None
    KEEPERS.keep(match_id, header, [], board)
    for token in _tokens(request, fixture_id)[:1]:  # the frame's cookie: the fixture's token
        _set_owner_cookie(request, response, match_id, token)
    return view_json(match_id, header, [], board, "playing", owner=True)


@router.get(FIXTURES + "/{fixture_id}/stats",
            summary="Each player's statistics over the fixture's frames (the scorer's, summed)")
def fixture_statistics(fixture_id: MatchId, db: Db) -> dict[str, Any]:
    row = get_fixture(db, fixture_id)
    return fixture_stats(row, fixture_frames(db, row))


@router.get(FIXTURES + "/{fixture_id}/export.json",
            summary="The fixture as JSON: teams, result, frames (players, scores, breaks of 25+), "
                    "each player's statistics")
def fixture_json(fixture_id: MatchId, db: Db) -> Response:
    row = get_fixture(db, fixture_id)
    frames = fixture_frames(db, row)
    doc = fixture_export(fixture_view(row, frames, owner=False), fixture_stats(row, frames))
    return Response(json.dumps(doc, ensure_ascii=False, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="fixture-{fixture_id}.json"'})


@router.get(FIXTURES + "/{fixture_id}/export.csv", response_class=Response,
            summary="The fixture as a league scorecard (CSV): a row per frame, then the result")
def fixture_scorecard(fixture_id: MatchId, db: Db) -> Response:
    row = get_fixture(db, fixture_id)
    return Response(fixture_csv(fixture_view(row, fixture_frames(db, row), owner=False)),
                    media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="fixture-{fixture_id}.csv"'})


@router.delete(FIXTURES + "/{fixture_id}", status_code=204,
               summary="Delete a fixture and its frames (owner)", responses=errors(401, 403))
def remove_fixture(fixture_id: MatchId, _row: OwnedFixture, db: Db) -> None:
    for match_id in delete_fixture(db, fixture_id):
        KEEPERS.forget(match_id)


@router.get(PREFIX + "/{match_id}",
            summary="A scorer match: the scoreboard and the last calls (no token needed)",
            response_model=ScorerView, response_model_exclude_unset=True)
def view(match_id: MatchId, request: Request, db: Db) -> dict[str, Any]:
    row = get_scorer(db, match_id)
    owner = _is_owner(row, _tokens(request, match_id))
    with KEEPERS.reading(row.id, row.header, row.entries) as board:
        return view_json(row.id, row.header, row.entries, board, row.status, owner=owner)


@router.post(PREFIX + "/{match_id}/entries",
             summary="Report an entry (owner): refereed; a refused one is a 422 and changes nothing",
             response_model=ScorerView, response_model_exclude_unset=True, responses=errors(401, 403, 409))
def post_entry(match_id: MatchId, body: EntryIn, row: Owned, db: Db) -> dict[str, Any]:
    entry = normal(body, row.header)
    board = KEEPERS.take(match_id, row.header, row.entries)  # this request's alone until kept again
    if board.finished:
        KEEPERS.keep(match_id, row.header, row.entries, board)
        raise MoveError("the match is over: nothing more to report (undo to correct it)")
    board.apply(entry)  # a refused entry raises: the keeper, maybe half-changed, is not kept
    entries = [*row.entries, entry]
    status = "finished" if board.finished else "playing"
    save(db, match_id, entries, len(row.entries), status)
    KEEPERS.keep(match_id, row.header, entries, board)
    return view_json(match_id, row.header, entries, board, status, owner=True)


@router.post(PREFIX + "/{match_id}/undo", summary="Take back the last entry (owner)",
             response_model=ScorerView, response_model_exclude_unset=True, responses=errors(401, 403, 409))
def undo(match_id: MatchId, row: Owned, db: Db) -> dict[str, Any]:
    if not row.entries:
        raise MoveError("nothing to undo")
    entries = row.entries[:-1]
    KEEPERS.forget(match_id)
    board = referee(row.header, entries)
    status = "finished" if board.finished else "playing"
    save(db, match_id, entries, len(row.entries), status)
    KEEPERS.keep(match_id, row.header, entries, board)
    return view_json(match_id, row.header, entries, board, status, owner=True)


@router.get(PREFIX + "/{match_id}/record", summary="The match record (JSON, docs/records.md)",
            responses=RECORD)
def record(match_id: MatchId, db: Db) -> Response:
    row = get_scorer(db, match_id)
    with KEEPERS.reading(row.id, row.header, row.entries) as board:
        return Response(board.match_record().to_json(), media_type="application/json")


@router.delete(PREFIX + "/{match_id}", status_code=204, summary="Delete a scorer match (owner)",
               responses=errors(401, 403))
def delete(match_id: MatchId, _row: Owned, db: Db) -> None:
    KEEPERS.forget(match_id)
    delete_scorer(db, match_id)
