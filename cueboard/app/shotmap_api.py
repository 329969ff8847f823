"""Shot maps in the web app: the pot probability of a ball from every cue-ball place, for a snooker
position of a match (the replay's overlay, cueboard/app/static/js/shotmap.js).

``POST /api/shotmaps`` starts computing the map of a match's position — the table as shot
``shot`` left it (the position the replay shows), or the current one when ``shot`` is left out —
and answers at once with the job (``202``); ``GET /api/shotmaps/{id}`` tells how many rows are
done and, once finished, carries the map (``cueboard.analysis.shotmap.ShotMap.to_json``). The map
is computed by :func:`cueboard.analysis.shotmap.compute_shotmap` in one of the server's
:data:`MAX_RUNNING` shot-map threads, each map's strokes serially; the same request gives the same
map (its id is the map's digest, so asking again joins the job already there). The web grid is
coarse (5 cm or more, at most :data:`MAX_WEB_SHOTS` strokes), so a map takes seconds to a minute;
finer maps are for the CLI (``cueboard shotmap``) on a cluster.

**Tokens and caps.** Every ``POST`` answer carries a fresh ``token`` (returned once; only its
SHA-256 hash is kept, as online play's seat tokens are): ``GET`` of the job needs it (``Authorization:
Bearer``; 401 without, 403 with another). A client address may have :data:`MAX_PER_CLIENT` maps
queued or running, the server :data:`MAX_ACTIVE` in all (429 with ``Retry-After`` beyond); maps
past the :data:`MAX_RUNNING` running wait in a queue, and the answer's ``queue_position`` says
how many are before it (0: running or finished).
"""

from __future__ import annotations

import hmac
import logging
import math
import tempfile
import threading
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from cueboard.analysis.shotmap import ShotMapSpec, compute_shotmap, shotmap_tasks
from cueboard.app.guard import RateLimitedError
from cueboard.app.online.guard import AccessError
from cueboard.app.online.seats import digest, new_secret
from cueboard.app.text import SafeText
from cueboard.batch import SerialExecutor
from cueboard.errors import CueboardError, CueboardInputError
from cueboard.store import StoreError

log = logging.getLogger(__name__)

#: Most strokes (cells x trials) one web map may play.
MAX_WEB_SHOTS = 20_000
#: Jobs kept (the oldest finished ones are dropped first).
MAX_JOBS = 32
#: Maps computed at once (one thread each), maps queued or running per client address, in all.
MAX_RUNNING = 2
MAX_PER_CLIENT = 2
MAX_ACTIVE = 8
#: The seconds a refused client is told to wait (a coarse map takes about that long).
RETRY_AFTER_S = 10.0


class ShotMapIn(BaseModel):
    """A shot map of a match's snooker position: the ball to pot, the level whose noise is
    played (``pro``, ``club@0.5``...), the grid step (metres), noisy trials per cell, the seed."""

    model_config = ConfigDict(extra="forbid")

    match_id: SafeText = Field(min_length=1, max_length=64)
    shot: int | None = Field(default=None, ge=0, le=2**31 - 1)
    target: SafeText = Field(min_length=1, max_length=16)
    level: SafeText = Field(default="pro", min_length=1, max_length=32)
    step: float = Field(default=0.2, ge=0.05, le=0.5)
    trials: int = Field(default=6, ge=1, le=50)
    seed: int = Field(default=0, ge=0, le=2**31 - 1)


class ShotMapsBusyError(RateLimitedError):
    """The server computes its most shot maps already (429, with the seconds to wait)."""

    def __init__(self, active: int, retry_after_s: float):
        CueboardInputError.__init__(self, f"this server has {active} shot maps queued or running, its most: "
                                    f"try again in {math.ceil(retry_after_s)} s")
        self.retry_after_s = retry_after_s


@dataclass
class _Job:
    spec: ShotMapSpec
    total: int
    shot: int | None
    #: The client address that started it, and the digests of the tokens handed out for it.
    client: str
    holders: set[str] = field(default_factory=set)
    done: int = 0
    status: str = "queued"
    error: str | None = None
    result: dict[str, Any] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")

    def json(self, job_id: str, queue_position: int) -> dict[str, Any]:
        with self.lock:
            out: dict[str, Any] = {"id": job_id, "status": self.status, "done": self.done,
                                   "total": self.total, "shot": self.shot, "queue_position": queue_position}
            if self.error is not None:
                out["error"] = self.error
            if self.result is not None:
                out["map"] = self.result
            return out


class ShotMapJobs:
    """The shot maps of one server (in memory: a restart forgets them): a FIFO queue served by
    ``running`` threads, at most ``per_client`` active maps per client and ``active`` in all."""

    def __init__(self, *, running: int = MAX_RUNNING, per_client: int = MAX_PER_CLIENT,
                 active: int = MAX_ACTIVE) -> None:
        self.running, self.per_client, self.active = running, per_client, active
        self._jobs: dict[str, _Job] = {}
        self._queue: deque[_Job] = deque()
        self._guard = threading.Condition()
        self._threads: list[threading.Thread] = []

    def start(self, spec: ShotMapSpec, shot: int | None, client: str) -> tuple[str, str]:
        """Queue the map of ``spec`` for ``client`` (or join the job already there): returns the
        job id and a fresh token to read it with (:class:`RateLimitedError` past the caps)."""
        job_id, token = spec.digest(), new_secret()
        with self._guard:
            job = self._jobs.get(job_id)
            if job is None or job.status == "failed":
                active = [j for j in self._jobs.values() if j.active]
                if sum(j.client == client for j in active) >= self.per_client:
                    raise RateLimitedError("shot maps queued or running", RETRY_AFTER_S)
                if len(active) >= self.active:
                    raise ShotMapsBusyError(len(active), RETRY_AFTER_S)
                finished = [k for k, j in self._jobs.items() if not j.active]
                while len(self._jobs) >= MAX_JOBS and finished:
                    del self._jobs[finished.pop(0)]
                job = self._jobs[job_id] = _Job(spec, len(shotmap_tasks(spec)), shot, client)
                self._queue.append(job)
                self._start_threads()
                self._guard.notify()
            job.holders.add(digest(token))
        return job_id, token

    def get(self, job_id: str, tokens: list[str]) -> _Job:
        """The job, if one of ``tokens`` was handed out for it (StoreError, AccessError otherwise)."""
        with self._guard:
            job = self._jobs.get(job_id)
        if job is None:
            raise StoreError(f"no shot map '{job_id}'")
        if not tokens:
            raise AccessError(401, "error.invalid", "reading a shot map needs the token its POST answered "
                              "(Authorization: Bearer <token>)")
        if not any(hmac.compare_digest(digest(t), h) for t in tokens for h in job.holders):
            raise AccessError(403, "error.invalid", "the token sent is not one of this shot map's")
        return job

    def json(self, job_id: str, job: _Job) -> dict[str, Any]:
        """The job's answer, with its place in the queue (0: running or finished)."""
        with self._guard:
            position = next((n for n, j in enumerate(self._queue, start=1) if j is job), 0)
        return job.json(job_id, position)

    def _start_threads(self) -> None:
        self._threads = [t for t in self._threads if t.is_alive()]
        while len(self._threads) < self.running:
            t = threading.Thread(target=self._serve, name=f"shotmaps-{len(self._threads)}", daemon=True)
            self._threads.append(t)
            t.start()

    def _serve(self) -> None:
        while True:
            with self._guard:
                while not self._queue:
                    self._guard.wait()
                job = self._queue.popleft()
                job.status = "running"
            self._compute(job)

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
        except Exception as err:  # reported to the page through GET (a bug's cause to the log only)
            if not isinstance(err, CueboardError):
                log.exception("a shot map failed")
            with job.lock:
                job.error = str(err) if isinstance(err, CueboardError) else "the map could not be computed"
                job.status = "failed"
