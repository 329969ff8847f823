"""Shot maps in the web app: the pot probability of a ball from every cue-ball place, for a snooker
position of a match (the replay's overlay, cueboard/app/static/js/shotmap.js).

``POST /api/shotmaps`` starts computing the map of a match's position — the table as shot
``shot`` left it (the position the replay shows), or the current one when ``shot`` is left out —
and answers at once with the job (``202``); ``GET /api/shotmaps/{id}`` tells how many rows are
done and, once finished, carries the map (``cueboard.analysis.shotmap.ShotMap.to_json``). The map
is computed by :func:`cueboard.analysis.shotmap.compute_shotmap` in a background thread of the
server, serially; the same request gives the same map (its id is the map's digest, so asking
again joins the job already there). The web grid is coarse (5 cm or more, at most
:data:`MAX_WEB_SHOTS` strokes), so a map takes seconds to a minute; finer maps are for the CLI
(``cueboard shotmap``) on a cluster.
"""

from __future__ import annotations

import json
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cueboard.analysis.shotmap import ShotMapSpec, compute_shotmap, grid, shotmap_tasks
from cueboard.batch import SerialExecutor
from cueboard.errors import CueboardInputError
from cueboard.store import StoreError

router = APIRouter()
#: Most strokes (cells x trials) one web map may play.
MAX_WEB_SHOTS = 20_000
#: Jobs kept (the oldest finished ones are dropped first).
MAX_JOBS = 32


class ShotMapIn(BaseModel):
    """A shot map of a match's snooker position: the ball to pot, the level whose noise is
    played (``pro``, ``club@0.5``...), the grid step (metres), noisy trials per cell, the seed."""

    match_id: str = Field(min_length=1, max_length=64)
    shot: int | None = Field(default=None, ge=0)
    target: str = Field(min_length=1, max_length=16)
    level: str = Field(default="pro", min_length=1, max_length=32)
    step: float = Field(default=0.2, ge=0.05, le=0.5)
    trials: int = Field(default=6, ge=1, le=50)
    seed: int = Field(default=0, ge=0, le=2**31 - 1)


@dataclass
class _Job:
    spec: ShotMapSpec
    total: int
    shot: int | None
    done: int = 0
    status: str = "running"
    error: str | None = None
    result: dict[str, Any] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def json(self, job_id: str) -> dict[str, Any]:
        with self.lock:
            out: dict[str, Any] = {"id": job_id, "status": self.status, "done": self.done,
                                   "total": self.total, "shot": self.shot}
            if self.error is not None:
                out["error"] = self.error
            if self.result is not None:
                out["map"] = self.result
            return out


class ShotMapJobs:
    """The shot maps of one server (in memory: a restart forgets them)."""

    def __init__(self) -> None:
        self._jobs: dict[str, _Job] = {}
        self._guard = threading.Lock()

    def start(self, spec: ShotMapSpec, shot: int | None) -> tuple[str, _Job]:
        job_id = spec.digest()
        with self._guard:
            job = self._jobs.get(job_id)
            if job is not None and job.status != "failed":
                return job_id, job
            finished = [k for k, j in self._jobs.items() if j.status != "running"]
            while len(self._jobs) >= MAX_JOBS and finished:
                del self._jobs[finished.pop(0)]
            job = self._jobs[job_id] = _Job(spec, len(shotmap_tasks(spec)), shot)
        threading.Thread(target=self._compute, args=(job,), name=f"shotmap-{job_id}", daemon=True).start()
        return job_id, job

    def get(self, job_id: str) -> _Job:
        with self._guard:
            job = self._jobs.get(job_id)
        if job is None:
            raise StoreError(f"no shot map '{job_id}'")
        return job

    @staticmethod
    def _compute(job: _Job) -> None:
        def advance(*_: object) -> None:
            with job.lock:
                job.done += 1

        try:
            with tempfile.TemporaryDirectory(prefix="cueboard-shotmap-") as tmp:
                m = compute_shotmap(job.spec, SerialExecutor(), Path(tmp) / "rows.jsonl", on_result=advance)
            with job.lock:
                job.result, job.status = m.to_json(), "done"
        except Exception as err:  # reported to the page through GET; the server lives on
            with job.lock:
                job.error, job.status = f"{type(err).__name__}: {err}", "failed"


_STATE_GUARD = threading.Lock()


def _jobs(request: Request) -> ShotMapJobs:
    """The app's shot maps (made on first use: the router needs nothing from ``create_app``)."""
    state = request.app.state
    with _STATE_GUARD:
        if not hasattr(state, "shotmaps"):
            state.shotmaps = ShotMapJobs()
    jobs: ShotMapJobs = state.shotmaps
    return jobs


def _position(request: Request, match_id: str, shot: int | None) -> dict[str, Any]:
    store = request.app.state.service.store
    row = store.get_match(match_id)
    if row.game != "snooker":
        raise CueboardInputError(f"shot maps are for snooker matches; this one is {row.game}")
    if shot is None:
        position: dict[str, Any] = row.position
        return position
    after: dict[str, Any] = store.shot(match_id, shot).entry["position_after"]
    return after


@router.post("/api/shotmaps", status_code=202, summary="Start a shot map of a snooker match's position")
def start_shotmap(request: Request, body: ShotMapIn) -> dict[str, Any]:
    position = _position(request, body.match_id, body.shot)
    spec = ShotMapSpec(json.dumps(position), body.target, body.level, body.step, body.trials, body.seed)
    xs, ys = grid(spec.step)
    if len(xs) * len(ys) * spec.trials > MAX_WEB_SHOTS:
        raise CueboardInputError(
            f"{len(xs) * len(ys)} cells x {spec.trials} trials is more than the web app's "
            f"{MAX_WEB_SHOTS} strokes: take a larger step or fewer trials (or use `cueboard shotmap`)"
        )
    job_id, job = _jobs(request).start(spec, body.shot)
    return job.json(job_id)


@router.get("/api/shotmaps/{job_id}", summary="A shot map: rows done, and the map once finished")
def get_shotmap(request: Request, job_id: str) -> dict[str, Any]:
    return _jobs(request).get(job_id).json(job_id)
