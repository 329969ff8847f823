"""A claim ends the match without a move (cueboard/app/online/offers.py): the live tables must
still push the end — the match's status is part of what the live hub watches — to a watcher of
the same server and to one of another server over the same database (its poll of the database,
as another worker process has it)."""

from __future__ import annotations

import time
from datetime import datetime, timedelta

import httpx
from live_client import EventReader, serve

from cueboard.app.server import create_app


def test_a_claim_reaches_the_watchers_of_every_server(db_url: str) -> None:
    near, far = create_app(db_url), create_app(db_url)
    for app in (near, far):
        app.state.online.hub.poll_s = 0.1
    with serve(near) as base, serve(far) as base2, httpx.Client(base_url=base) as host, \
            httpx.Client(base_url=base) as guest, httpx.Client(base_url=base) as here, \
            httpx.Client(base_url=base2) as there:
        r = host.post("/api/matches", json={"game": "novuss", "players": [
            {"name": "Ann"}, {"name": "Mai", "invite": True}]})
        m = r.json()
        mid = m["id"]
        code = m["online"]["invitations"][0]["code"]
        assert guest.post(f"/api/matches/{mid}/join", json={"code": code, "name": "Mai"}).status_code == 200
        watchers = [EventReader(c, f"/api/matches/{mid}/live") for c in (here, there)]
        for w in watchers:
            assert w.until("match")[-1].data["status"] == "playing"
            while w.until("table")[-1].data["spectators"] != 2:  # (both counted: the table at rest)
                pass
        time.sleep(0.5)
        # Ann (to move) has no live connection; the server's clock 2 minutes on: Mai claims.
        since = datetime.fromisoformat(host.get(f"/api/matches/{mid}/seats").json()["seats"][0]["away_since"])
        near.state.online.clock.now = lambda: since + timedelta(seconds=120)
        t0 = time.perf_counter()
        r = guest.post(f"/api/matches/{mid}/claim", headers={"X-Match-Version": "0"})
        assert r.status_code == 200, r.text
        for w in watchers:
            ended = w.until("match")[-1].data
            assert time.perf_counter() - t0 < 3.0  # (at once here, by the poll there: not the 15 s ping)
            assert (ended["status"], ended["shots"]) == ("finished", 0)
            assert ended["state"]["winner"] == 1 and ended["state"]["claim"]["seat"] == 0
        for w in watchers:  # (not before both have it: a watcher leaving wakes the table too)
            w.close()
