"""Statistics and exports of a match (cueboard/app/stats.py): a scorer match's and an app
match's figures per player as JSON or CSV, a kept crokinole game as Crokinole Match Notation, and
a CMN file read for its statistics. Reading needs no token (as the match views)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Response

from cueboard.app.cmn import CmnBatch, cmn_stats, read_cmn, to_cmn, write_cmn
from cueboard.app.games import adapter
from cueboard.app.routes.common import MatchId, service, store
from cueboard.app.scorer import KEEPERS
from cueboard.app.scorer_games import CrokinoleKeeper
from cueboard.app.service import MatchService
from cueboard.app.stats import match_stats, stats_csv
from cueboard.errors import CueboardInputError
from cueboard.records.match import MatchRecord, loads_match
from cueboard.store import Store
from cueboard.store.scorer import get_scorer

router = APIRouter(tags=["statistics"])
Db = Annotated[Store, Depends(store)]
Service = Annotated[MatchService, Depends(service)]


class NoSuchExportError(CueboardInputError):
    """The match's game has no export in that format (its app adapter's ``exports``)."""


def _csv(stats: dict[str, Any], name: str) -> Response:
    return Response(stats_csv(stats), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}.csv"'})


@router.get("/api/scorer/{match_id}/stats", summary="A scorer match's statistics per player (JSON)")
def scorer_stats(match_id: MatchId, db: Db) -> dict[str, Any]:
    row = get_scorer(db, match_id)
    with KEEPERS.reading(row.id, row.header, row.entries) as board:
        return board.stats()


@router.get("/api/scorer/{match_id}/stats.csv", summary="A scorer match's statistics per player (CSV)",
            response_class=Response)
def scorer_stats_csv(match_id: MatchId, db: Db) -> Response:
    row = get_scorer(db, match_id)
    with KEEPERS.reading(row.id, row.header, row.entries) as board:
        return _csv(board.stats(), f"scorer-{match_id}-stats")


@router.get("/api/scorer/{match_id}/cmn", summary="A kept crokinole game as Crokinole Match Notation 1.0")
def scorer_cmn(match_id: MatchId, db: Db) -> dict[str, Any]:
    row = get_scorer(db, match_id)
    with KEEPERS.reading(row.id, row.header, row.entries) as keeper:
        if "cmn" not in adapter(keeper.game).exports or not isinstance(keeper, CrokinoleKeeper):
            raise NoSuchExportError(f"a {keeper.game} match has no Crokinole Match Notation export")
        return write_cmn(to_cmn(keeper.match_record(), match_id=match_id, rounds=keeper.rounds,
                                first_to=keeper.first_to))


@router.post("/api/cmn/stats", summary="Read a Crokinole Match Notation file: each match's statistics")
def cmn_file_stats(doc: Annotated[dict[str, Any], Body()]) -> dict[str, Any]:
    parsed = read_cmn(doc)
    entries = parsed.matches if isinstance(parsed, CmnBatch) else [parsed]
    return {"matches": [{"id": e.id, "stats": cmn_stats(e.match)} for e in entries]}


def _record(svc: MatchService, match_id: str) -> MatchRecord:
    return loads_match("".join(svc.record_chunks(match_id)))


@router.get("/api/matches/{match_id}/stats", summary="An app match's statistics per player (JSON)")
def match_stats_json(match_id: MatchId, svc: Service) -> dict[str, Any]:
    return match_stats(_record(svc, match_id))


@router.get("/api/matches/{match_id}/stats.csv", summary="An app match's statistics per player (CSV)",
            response_class=Response)
def match_stats_csv(match_id: MatchId, svc: Service) -> Response:
    return _csv(match_stats(_record(svc, match_id)), f"match-{match_id}-stats")
