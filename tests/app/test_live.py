"""Live tables (docs/app.md#the-live-protocol): a server under uvicorn in a thread, watchers
reading ``GET /api/matches/{id}/live`` as Server-Sent Events. Every move reaches every watcher in
order; a reconnect with Last-Event-ID gets what it missed exactly once; seats show presence; a
second server over the same database (its own live hub, as another worker process has) delivers
the first server's moves; a deleted match says so."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from live_client import EventReader, friend_match, serve

from cueboard.app.server import create_app

FOUL = {"strike": {"speed": 0.5, "angle": 180.0, "place_cue_ball": [0.0, 0.6]}}


@pytest.fixture
def base(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    import fake_physics

    fake_physics.install(monkeypatch)
    app = create_app(db_url)
    app.state.online.hub.poll_s = 0.1
    with serve(app) as url:
        yield url


def _act(client: httpx.Client, method: str, path: str, json: Any = None) -> httpx.Response:
    """An acting request naming the match's current version (X-Match-Version)."""
    mid = path.split("/")[3]
    version = client.get(f"/api/matches/{mid}").json()["version"]
    return client.request(method, path, json=json, headers={"X-Match-Version": str(version)})


def _play_foul_and_choice(host: httpx.Client, guest: httpx.Client, mid: str) -> None:
    """Seat 0 (the cue ball no longer in hand) touches nothing again; seat 1 puts it back."""
    r = _act(host, "POST", f"/api/matches/{mid}/shots", json={"strike": {"speed": 0.3, "angle": 0.0}})
    assert r.status_code == 200, r.text
    assert _act(guest, "POST", f"/api/matches/{mid}/choices", json={"choice": "put_back"}).status_code == 200


def test_moves_reach_every_watcher_in_order_and_reconnects_miss_nothing(base: str) -> None:
    with httpx.Client(base_url=base) as host, httpx.Client(base_url=base) as guest, \
            httpx.Client(base_url=base) as spectator:
        mid = friend_match(host, guest)
        watch = EventReader(spectator, f"/api/matches/{mid}/live")
        hello = watch.until("seats")
        assert [e.event for e in hello] == ["match", "seats"]
        assert hello[0].data["shots"] == 0 and hello[0].data["header"]["players"][1]["name"] == "Mai"
        r = _act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL)
        assert r.status_code == 200
        got = watch.until("match")
        shots = [e for e in got if e.event == "shot"]
        assert [(e.id, e.data["number"], e.data["seat"]) for e in shots] == [(1, 0, 0)]
        assert shots[0].data["tracks"] == r.json()["shot"]["tracks"]  # the same animation as the striker's
        assert shots[0].data["announcements"][0]["key"] == "ref.snooker.foul"
        assert got[-1].data["turn"] == {**r.json()["match"]["turn"]}
        _act(guest, "POST", f"/api/matches/{mid}/choices", json={"choice": "put_back"})
        got = watch.until("match")
        assert [(e.id, e.data["kind"]) for e in got if e.event == "shot"] == [(2, "choice")]
        watch.close()
        # Two more moves while nobody watches; a reconnect after the first move gets 2, 3, 4 once.
        _play_foul_and_choice(host, guest, mid)
        again = EventReader(spectator, f"/api/matches/{mid}/live", {"Last-Event-ID": "1"})
        got = again.until("match")
        assert [e.id for e in got if e.event == "shot"] == [2, 3, 4]
        assert got[-1].data["shots"] == 4
        again.close()
        # A page that has loaded the match opens its stream with ?after=<moves it has>.
        fresh = EventReader(spectator, f"/api/matches/{mid}/live?after=3")
        assert [e.id for e in fresh.until("match") if e.event == "shot"] == [4]
        fresh.close()
        bad = spectator.get(f"/api/matches/{mid}/live", headers={"Last-Event-ID": "soon"})
        assert bad.status_code == 422 and "Last-Event-ID" in bad.json()["detail"]
        assert spectator.get("/api/matches/000000000000/live").status_code == 404


def _present(seats: list[dict[str, Any]]) -> dict[int, bool]:
    return {s["seat"]: s["present"] for s in seats}


def test_presence_of_the_seats(base: str) -> None:
    with httpx.Client(base_url=base) as host, httpx.Client(base_url=base) as guest, \
            httpx.Client(base_url=base) as spectator:
        mid = friend_match(host, guest)
        watch = EventReader(spectator, f"/api/matches/{mid}/live")
        assert _present(watch.until("seats")[-1].data) == {0: False, 1: False}
        g = EventReader(guest, f"/api/matches/{mid}/live")
        assert _present(watch.until("seats")[-1].data) == {0: False, 1: True}
        g.close()
        assert _present(watch.until("seats")[-1].data) == {0: False, 1: False}
        watch.close()


def test_a_second_server_over_the_same_database_delivers_the_moves(base: str, db_url: str) -> None:
    """The moves are read from the database: a watcher of another server (its own live hub and
    memory, as another worker process has) sees a move stored through the first."""
    other = create_app(db_url)
    other.state.online.hub.poll_s = 0.1
    with serve(other) as base2, httpx.Client(base_url=base) as host, httpx.Client(base_url=base) as guest, \
            httpx.Client(base_url=base2) as far:
        mid = friend_match(host, guest)
        watch = EventReader(far, f"/api/matches/{mid}/live")
        watch.until("seats")
        t0 = time.perf_counter()
        assert _act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 200
        got = watch.until("match")
        assert [e.id for e in got if e.event == "shot"] == [1]
        # by the other server's poll of the database (0.1 s here), well before its 15 s ping
        assert time.perf_counter() - t0 < 5.0
        # Deleted by its host: the watchers are told, and the stream ends.
        assert _act(host, "DELETE", f"/api/matches/{mid}").status_code == 204
        assert watch.until("deleted")[-1].data == {"id": mid}
        watch.close()


def test_the_live_poll_rules_a_time_out_nobody_acts_on(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shot clock (docs/app.md#the-shot-clock) with nobody acting: the process's live poll
    rules the time foul once the deadline has passed and pushes it to the watchers, with the next
    person's deadline (time injected: no waiting for the clock)."""
    from datetime import datetime, timedelta

    import fake_physics

    fake_physics.install(monkeypatch)
    app = create_app(db_url)
    app.state.online.hub.poll_s = 0.1
    with serve(app) as url, httpx.Client(base_url=url) as host, httpx.Client(base_url=url) as guest, \
            httpx.Client(base_url=url) as spectator:
        r = host.post("/api/matches", json={"game": "snooker", "seed": 2, "shot_clock": 15,
                                            "players": [{"name": "Ann"}, {"name": "Bob", "invite": True}]})
        m = r.json()
        mid = m["id"]
        watch = EventReader(spectator, f"/api/matches/{mid}/live")
        first = watch.until("seats")[0].data
        assert first["clock"]["deadline"] is None  # Bob's seat is open: the clock waits
        code = m["online"]["invitations"][0]["code"]
        assert guest.post(f"/api/matches/{mid}/join", json={"code": code, "name": "Bob"}).status_code == 200
        started = watch.until("match")[-1].data["clock"]  # the deadline, pushed once the seat is taken
        assert started["version"] == 0 and started["deadline"] is not None
        deadline = datetime.fromisoformat(started["deadline"])
        app.state.online.clock.now = lambda: deadline + timedelta(milliseconds=1)
        got = watch.until("match")
        [shot] = [e for e in got if e.event == "shot"]
        assert shot.data["kind"] == "time" and shot.data["announcements"][0]["key"] == "clock.time_up"
        view = got[-1].data
        assert view["shots"] == 1 and view["turn"]["seat"] == 1
        assert view["clock"]["version"] == 1
        assert datetime.fromisoformat(view["clock"]["deadline"]) == deadline + timedelta(seconds=15)
        watch.close()


def test_on_postgresql_a_notify_from_one_server_wakes_the_others_streams_at_once(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """LISTEN/NOTIFY between server processes: the far server polls only every 60 s here, so a
    move reaches its watcher promptly only through the near server's NOTIFY."""
    import fake_physics

    fake_physics.install(monkeypatch)
    near, far = create_app(pg_url), create_app(pg_url)
    far.state.online.hub.poll_s = 60.0
    with serve(near) as base, serve(far) as base2, httpx.Client(base_url=base) as host, \
            httpx.Client(base_url=base) as guest, httpx.Client(base_url=base2) as watcher:
        mid = friend_match(host, guest)
        watch = EventReader(watcher, f"/api/matches/{mid}/live")
        watch.until("seats")
        hub = far.state.online.hub
        deadline = time.monotonic() + 10
        while not hub.listening and time.monotonic() < deadline:
            time.sleep(0.02)
        assert hub.listening
        delays = []
        for move in range(2):
            t0 = time.perf_counter()
            if move == 0:
                r = _act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL)
            else:
                r = _act(guest, "POST", f"/api/matches/{mid}/choices", json={"choice": "put_back"})
            assert r.status_code == 200, r.text
            got = watch.until("match")
            delays.append(time.perf_counter() - t0)
            assert [e.id for e in got if e.event == "shot"] == [move + 1]
        assert max(delays) < 1.0, delays  # the far poll would have taken up to 60 s
        assert hub.heard >= 2
        watch.close()
