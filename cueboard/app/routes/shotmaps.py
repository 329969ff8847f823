"""Shot maps' endpoints (the replay's overlay): start a map of a snooker match's position, and
follow it until the map is there (cueboard/app/shotmap_api.py computes them, with a token per
request and caps per client and in all)."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request

from cueboard.analysis.shotmap import SHOTMAP_GAME, ShotMapSpec, grid
from cueboard.app.online.guard import bearer
from cueboard.app.problems import errors
from cueboard.app.routes.common import client, store
from cueboard.app.routes.models import ShotMapJob, ShotMapStarted
from cueboard.app.shotmap_api import MAX_WEB_SHOTS, ShotMapIn, ShotMapJobs
from cueboard.errors import CueboardInputError
from cueboard.store import Store

router = APIRouter(prefix="/api/shotmaps", tags=["shot maps"])
Db = Annotated[Store, Depends(store)]


def jobs(request: Request) -> ShotMapJobs:
    """The app's shot maps."""
    out: ShotMapJobs = request.app.state.shotmaps
    return out


Jobs = Annotated[ShotMapJobs, Depends(jobs)]
#: A job's id: the digest of its map's spec (hex).
JobId = Annotated[str, Path(pattern=r"^[0-9a-f]{1,64}$", description="a shot map's id (hex digits)")]


def _position(db: Store, match_id: str, shot: int | None) -> dict[str, Any]:
    row = db.get_match(match_id)
    if row.game != SHOTMAP_GAME:
        raise CueboardInputError(f"shot maps are for {SHOTMAP_GAME} matches; this one is {row.game}")
    if shot is None:
        position: dict[str, Any] = row.position
        return position
    after: dict[str, Any] = db.shot(match_id, shot).entry["position_after"]
    return after


@router.post("", status_code=202, summary="Start a shot map of a snooker match's position (with its token)",
             response_model=ShotMapStarted, response_model_exclude_unset=True, responses=errors(404, 429))
def start_shotmap(body: ShotMapIn, request: Request, db: Db, maps: Jobs) -> dict[str, Any]:
    position = _position(db, body.match_id, body.shot)
    spec = ShotMapSpec(json.dumps(position), body.target, body.level, body.step, body.trials, body.seed)
    xs, ys = grid(spec.step)
    if len(xs) * len(ys) * spec.trials > MAX_WEB_SHOTS:
        raise CueboardInputError(
            f"{len(xs) * len(ys)} cells x {spec.trials} trials is more than the web app's "
            f"{MAX_WEB_SHOTS} strokes: take a larger step or fewer trials (or use `cueboard shotmap`)"
        )
    job_id, token = maps.start(spec, body.shot, client(request))
    return {**maps.json(job_id, maps.get(job_id, [token])), "token": token}


@router.get("/{job_id}", summary="A shot map (token): its place in the queue, rows done, the map once done",
            response_model=ShotMapJob, response_model_exclude_unset=True, responses=errors(401, 403))
def get_shotmap(job_id: JobId, request: Request, maps: Jobs) -> dict[str, Any]:
    token = bearer(request)
    return maps.json(job_id, maps.get(job_id, [token] if token else []))
