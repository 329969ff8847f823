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

import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from cueboard.analysis.shotmap import ShotMapSpec, compute_shotmap, shotmap_tasks
from cueboard.app.text import SafeText
from cueboard.batch import SerialExecutor
from cueboard.store import StoreError

#: Most strokes (cells x trials) one web map may play.
MAX_WEB_SHOTS = 20_000
#: Jobs kept (the oldest finished ones are dropped first).
MAX_JOBS = 32


class ShotMapIn(BaseModel):
    """A shot map of a match's snooker position: the ball to pot, the level whose noise is
    played (``pro``, ``club@0.5``...), the grid step (metres), noisy trials per cell, the seed."""

    match_id: SafeText = Field(min_length=1, max_length=64)
    shot: int | None = Field(default=None, ge=0)
    target: SafeText = Field(min_length=1, max_length=16)
    level: SafeText = Field(default="pro", min_length=1, max_length=32)
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
