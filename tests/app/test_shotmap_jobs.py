"""Shot-map jobs in the web app: a token per request to read a job, a queue with each job's
position, and caps on the maps queued or running per client address and in all (429 with
Retry-After beyond). The maps' computation is held by an event here, so that the queue's state
is known at every step."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cueboard.app import shotmap_api
from cueboard.app.server import create_app
from cueboard.app.shotmap_api import ShotMapJobs

PLAYERS = [{"name": "A"}, {"name": "B"}]


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Every map's computation waits for the event, then finishes with an empty map."""
    go = threading.Event()

    def compute(job: Any) -> None:
        go.wait(30)
        with job.lock:
            job.result, job.status = {"xs": [], "ys": [], "p": []}, "done"

    monkeypatch.setattr(ShotMapJobs, "_compute", staticmethod(compute))
    yield go
    go.set()


def _until(client: TestClient, job: dict[str, Any], status: str) -> dict[str, Any]:
    for _ in range(200):
        got: dict[str, Any] = client.get(f"/api/shotmaps/{job['id']}",
                                         headers={"Authorization": f"Bearer {job['token']}"}).json()
        if got["status"] == status:
            return got
        time.sleep(0.02)
    raise AssertionError(f"job {job['id']} never reached {status}")


def test_the_queue_the_caps_and_the_tokens(db_url: str, held: threading.Event) -> None:
    app = create_app(db_url)
    app.state.shotmaps = ShotMapJobs(running=1, per_client=2, active=3)
    with TestClient(app) as ann, TestClient(app, client=("192.0.2.7", 4000)) as bo:
        mid = ann.post("/api/matches", json={"game": "snooker", "players": PLAYERS}).json()["id"]

        def start(c: TestClient, seed: int) -> Any:
            return c.post("/api/shotmaps", json={"match_id": mid, "target": "red1", "step": 0.5, "trials": 1,
                                                 "seed": seed})

        first = start(ann, 1).json()
        assert first["token"] and _until(ann, first, "running")["queue_position"] == 0
        second = start(ann, 2)
        assert second.status_code == 202 and second.json()["status"] == "queued"
        assert second.json()["queue_position"] == 1
        # Ann has 2 maps queued or running, her most
        third = start(ann, 3)
        assert third.status_code == 429 and third.json()["code"] == "rate-limited", third.text
        assert third.headers["retry-after"] == str(int(shotmap_api.RETRY_AFTER_S))
        # asking again for a map already there joins it, whatever the caps: a new token
        joined = start(ann, 1).json()
        assert joined["id"] == first["id"] and joined["token"] != first["token"]
        # Bo's first map waits behind Ann's two; then the server holds its most (3)
        bos = start(bo, 4).json()
        assert bos["status"] == "queued" and bos["queue_position"] == 2
        busy = start(bo, 5)
        assert busy.status_code == 429 and "its most" in busy.json()["detail"]
        # a job is read only with a token handed out for it
        assert ann.get(f"/api/shotmaps/{first['id']}").status_code == 401
        r = ann.get(f"/api/shotmaps/{first['id']}", headers={"Authorization": f"Bearer {bos['token']}"})
        assert r.status_code == 403 and r.json()["code"] == "access-denied"
        assert ann.get("/api/shotmaps/0123456789ab", headers={"Authorization": "Bearer x"}).status_code == 404
        held.set()  # the maps are computed, one at a time, in their order
        for c, job in ((ann, first), (ann, second.json()), (bo, bos)):
            assert _until(c, job, "done")["queue_position"] == 0
        assert start(ann, 3).status_code == 202  # room again
