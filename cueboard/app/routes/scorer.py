"""Scorer mode's endpoints (docs/app.md#scorer-mode): a real snooker match kept by hand, each entry
refereed by :class:`cueboard.games.snooker.Scoreboard` (cueboard/app/scorer.py)."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import PlainTextResponse

from cueboard.app.routes.common import store
from cueboard.app.scorer import EntryIn, ScorerIn, apply, normal, referee, save, view_json
from cueboard.games.snooker import SnookerInputError
from cueboard.store import Store
from cueboard.store.scorer import add_scorer, delete_scorer, get_scorer, list_scorers

router = APIRouter(prefix="/api/scorer", tags=["scorer"])
Db = Annotated[Store, Depends(store)]


@router.post("", status_code=201, summary="Create a scorer match (a real snooker match kept by hand)")
def create(body: ScorerIn, db: Db) -> dict[str, Any]:
    seed = secrets.randbelow(2**31) if body.seed is None else body.seed
    names = [n.strip() for n in body.players]
    for i, n in enumerate(names):
        if not n or len(n) > 64:
            raise SnookerInputError(f"player {i + 1}'s name must have 1 to 64 characters")
    header = {"game": "snooker", "players": names, "seed": seed,
              "settings": {"best_of": body.best_of, "reds": body.reds, "miss": body.miss}}
    board = referee(header, [])
    match_id = secrets.token_hex(6)
    add_scorer(db, match_id, header)
    return view_json(match_id, header, [], board, "playing")


@router.get("", summary="Scorer matches, newest first")
def listing(db: Db) -> list[dict[str, Any]]:
    out = []
    for row in list_scorers(db):
        s = referee(row.header, row.entries).summary()
        out.append({"id": row.id, "status": row.status, "players": row.header["players"],
                    "scores": s["scores"], "frames": s["frames"],
                    "updated_at": row.updated_at.isoformat() if row.updated_at else None})
    return out


@router.get("/{match_id}", summary="A scorer match: the scoreboard and the last calls")
def view(match_id: str, db: Db) -> dict[str, Any]:
    row = get_scorer(db, match_id)
    return view_json(row.id, row.header, row.entries, referee(row.header, row.entries), row.status)


@router.post("/{match_id}/entries",
             summary="Report an entry (validated and refereed; a refused one is a 422 and changes nothing)")
def post_entry(match_id: str, body: EntryIn, db: Db) -> dict[str, Any]:
    row = get_scorer(db, match_id)
    board = referee(row.header, row.entries)
    entry = normal(body)
    if board.position.match_over:
        raise SnookerInputError("the match is over: nothing more to report (undo to correct it)")
    apply(board, entry)
    entries = [*row.entries, entry]
    status = "finished" if board.position.match_over else "playing"
    save(db, match_id, entries, len(row.entries), status)
    return view_json(match_id, row.header, entries, board, status)


@router.post("/{match_id}/undo", summary="Take back the last entry")
def undo(match_id: str, db: Db) -> dict[str, Any]:
    row = get_scorer(db, match_id)
    if not row.entries:
        raise SnookerInputError("nothing to undo")
    entries = row.entries[:-1]
    board = referee(row.header, entries)
    status = "finished" if board.position.match_over else "playing"
    save(db, match_id, entries, len(row.entries), status)
    return view_json(match_id, row.header, entries, board, status)


@router.get("/{match_id}/record", summary="The match record (JSON, docs/records.md)")
def record(match_id: str, db: Db) -> PlainTextResponse:
    row = get_scorer(db, match_id)
    return PlainTextResponse(referee(row.header, row.entries).match_record().to_json(),
                             media_type="application/json")


@router.delete("/{match_id}", status_code=204, summary="Delete a scorer match")
def delete(match_id: str, db: Db) -> None:
    delete_scorer(db, match_id)
