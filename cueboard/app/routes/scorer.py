"""Scorer mode's endpoints (docs/app.md#scorer-mode): a real snooker match kept by hand, each entry
refereed by :class:`cueboard.games.snooker.Scoreboard` (cueboard/app/scorer.py).

**Who may write.** Creating a match hands its creator the match's *owner token* — once, in the
answer (``owner_token``) and in an HttpOnly cookie ``cbs_<id>`` (path ``/api/scorer``,
SameSite=Strict) — and only its SHA-256 hash is stored, as online play's seat tokens are
(cueboard/app/online/seats.py). Every write (an entry, an undo, the deletion) must present it, as
``Authorization: Bearer <token>`` or in the cookie: 401 without a token, 403 with another one.
Reading needs no token: the answer's ``share_path`` (``/#/scorer/<id>``) is the read-only link to
give to anyone who wants to follow the score. The list (``GET /api/scorer``) holds the matches
whose token the request presents.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response

from cueboard.app.online.guard import COOKIE_MAX_AGE, AccessError, bearer
from cueboard.app.online.seats import digest, new_secret
from cueboard.app.problems import errors
from cueboard.app.routes.common import MatchId, store
from cueboard.app.routes.models import RECORD, ScorerCreated, ScorerSummary, ScorerView
from cueboard.app.scorer import (
    EntryIn,
    ScorerIn,
    apply,
    finished,
    listing_line,
    new_header,
    normal,
    referee,
    save,
    view_json,
)
from cueboard.games.snooker import SnookerInputError
from cueboard.store import Store
from cueboard.store.scorer import ScorerRow, add_scorer, delete_scorer, get_scorer, list_scorers

router = APIRouter(prefix="/api/scorer", tags=["scorer"])
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


def _is_owner(row: ScorerRow, tokens: list[str]) -> bool:
    if row.owner_hash is None:  # stored before owners existed: open to anyone
        return True
    return any(hmac.compare_digest(digest(t), row.owner_hash) for t in tokens)


def _owned(request: Request, match_id: MatchId, db: Db) -> ScorerRow:
    """The match, if the request presents its owner token (404 for an unknown match first)."""
    row = get_scorer(db, match_id)
    token = bearer(request)
    tokens = [*([token] if token else []), *_cookie_tokens(request, match_id)]
    if _is_owner(row, tokens):
        return row
    if not tokens:
        raise AccessError(401, "error.invalid", "writing to a scorer match needs its owner token "
                          "(Authorization: Bearer <token>, or the match's cookie)")
    raise AccessError(403, "error.invalid", "the token sent is not this scorer match's owner token: "
                      "its share link only reads")


Owned = Annotated[ScorerRow, Depends(_owned)]


@router.post("", status_code=201, summary="Create a scorer match (a real snooker match kept by hand)",
             response_model=ScorerCreated, response_model_exclude_unset=True)
def create(body: ScorerIn, request: Request, response: Response, db: Db) -> dict[str, Any]:
    seed = secrets.randbelow(2**31) if body.seed is None else body.seed
    header = new_header(body, seed)
    board = referee(header, [])
    match_id, token = secrets.token_hex(6), new_secret()
    add_scorer(db, match_id, header, digest(token))
    secure = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
    response.set_cookie(COOKIE_PREFIX + match_id, token, max_age=COOKIE_MAX_AGE, path="/api/scorer",
                        httponly=True, samesite="strict", secure=secure)
    return {**view_json(match_id, header, [], board, "playing", owner=True), "owner_token": token}


@router.get("", summary="The scorer matches whose owner token the request presents, newest first",
            response_model=list[ScorerSummary], response_model_exclude_unset=True)
def listing(request: Request, db: Db) -> list[dict[str, Any]]:
    out = []
    for row in list_scorers(db, {digest(t) for t in _all_tokens(request)}):
        scores, frames = listing_line(referee(row.header, row.entries))
        out.append({"id": row.id, "status": row.status, "players": row.header["players"],
                    "scores": scores, "frames": frames,
                    "updated_at": row.updated_at.isoformat() if row.updated_at else None})
    return out


@router.get("/{match_id}", summary="A scorer match: the scoreboard and the last calls (no token needed)",
            response_model=ScorerView, response_model_exclude_unset=True)
def view(match_id: MatchId, request: Request, db: Db) -> dict[str, Any]:
    row = get_scorer(db, match_id)
    token = bearer(request)
    owner = _is_owner(row, [*([token] if token else []), *_cookie_tokens(request, match_id)])
    return view_json(row.id, row.header, row.entries, referee(row.header, row.entries), row.status,
                     owner=owner)


@router.post("/{match_id}/entries",
             summary="Report an entry (owner): refereed; a refused one is a 422 and changes nothing",
             response_model=ScorerView, response_model_exclude_unset=True, responses=errors(401, 403, 409))
def post_entry(match_id: MatchId, body: EntryIn, row: Owned, db: Db) -> dict[str, Any]:
    board = referee(row.header, row.entries)
    entry = normal(body, row.header)
    if finished(board):
        raise SnookerInputError("the match is over: nothing more to report (undo to correct it)")
    apply(board, entry)
    entries = [*row.entries, entry]
    status = "finished" if finished(board) else "playing"
    save(db, match_id, entries, len(row.entries), status)
    return view_json(match_id, row.header, entries, board, status, owner=True)


@router.post("/{match_id}/undo", summary="Take back the last entry (owner)",
             response_model=ScorerView, response_model_exclude_unset=True, responses=errors(401, 403, 409))
def undo(match_id: MatchId, row: Owned, db: Db) -> dict[str, Any]:
    if not row.entries:
        raise SnookerInputError("nothing to undo")
    entries = row.entries[:-1]
    board = referee(row.header, entries)
    status = "finished" if finished(board) else "playing"
    save(db, match_id, entries, len(row.entries), status)
    return view_json(match_id, row.header, entries, board, status, owner=True)


@router.get("/{match_id}/record", summary="The match record (JSON, docs/records.md)", responses=RECORD)
def record(match_id: MatchId, db: Db) -> Response:
    row = get_scorer(db, match_id)
    return Response(referee(row.header, row.entries).match_record().to_json(), media_type="application/json")


@router.delete("/{match_id}", status_code=204, summary="Delete a scorer match (owner)",
               responses=errors(401, 403))
def delete(match_id: MatchId, _row: Owned, db: Db) -> None:
    delete_scorer(db, match_id)
