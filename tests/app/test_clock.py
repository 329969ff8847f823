"""The optional per-shot clock (cueboard/app/online/clock.py, docs/app.md#the-shot-clock): off by
default, the deadline kept by the server, a stroke arriving late refused and the time-out ruled
with each game's consequence — the Snooker Shoot-Out's time foul of five points, a lost disc in
crokinole, a penalty disc and loss of turn in novuss — at the next request that touches the
match, once, whichever process gets there first. Time is injected (``ShotClock.now``): no sleeps."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from acting import act
from fastapi.testclient import TestClient

from cueboard.app.server import create_app

TWO = [{"name": "Ann"}, {"name": "Bob"}]


def _create(client: TestClient, game: str = "snooker", players: list[dict[str, Any]] | None = None,
            **extra: Any) -> Any:
    r = client.post("/api/matches", json={"game": game, "players": players or TWO, "seed": 5, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def _at(client: TestClient, t: datetime) -> None:
    """Set the server's clock to ``t``."""
    client.app.state.online.clock.now = lambda: t  # type: ignore[attr-defined]


def _deadline(view: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(view["clock"]["deadline"])


def _shots(client: TestClient, mid: str) -> list[dict[str, Any]]:
    return client.get(f"/api/matches/{mid}/shots").json()  # type: ignore[no-any-return]


def test_no_clock_unless_chosen_and_bad_seconds_refused(client: TestClient) -> None:
    m = _create(client)
    assert m["clock"] is None and client.get(f"/api/matches/{m['id']}").json()["clock"] is None
    for bad in (4, 601, "15", 15.5, True):
        r = client.post("/api/matches", json={"game": "snooker", "players": TWO, "shot_clock": bad})
        assert r.status_code == 422, (bad, r.text)
        assert "shot_clock" in r.json()["detail"]


def test_snooker_time_foul_five_points_at_the_next_request(client: TestClient) -> None:
    """Shoot-Out: 15 s a shot; a shot not played in time is a foul of five points. The clock
    starts when the version is reached; nothing happens before the deadline; the first request
    after it rules the time foul (a move of kind ``time``), the next player's clock runs from
    the deadline that passed."""
    m = _create(client, shot_clock=15)
    mid = m["id"]
    start = datetime.fromisoformat(m["updated_at"])
    if start.tzinfo is None:
        start = start.replace(tzinfo=UTC)
    assert m["clock"]["seconds"] == 15 and m["clock"]["version"] == 0
    deadline = _deadline(m)
    # from the moment the match was stored and its seats handed out
    assert timedelta(0) <= deadline - timedelta(seconds=15) - start < timedelta(seconds=1)
    _at(client, deadline - timedelta(milliseconds=100))
    view = client.get(f"/api/matches/{mid}").json()
    assert view["version"] == 0 and view["clock"]["now"] < view["clock"]["deadline"]
    _at(client, deadline + timedelta(milliseconds=100))
    view = client.get(f"/api/matches/{mid}").json()
    assert view["version"] == 1
    assert view["scoreboard"]["sides"][1]["score"] == 5 and view["scoreboard"]["sides"][0]["score"] == 0
    assert view["turn"]["seat"] == 1 and view["turn"]["action"] == "strike"  # no choice: Bob plays on
    [shot] = _shots(client, mid)
    assert shot["kind"] == "time" and shot["seat"] == 0
    one = client.get(f"/api/matches/{mid}/shots/0").json()
    assert one["ruling"]["fouls"] == [{"reason": "time_foul", "ball": None, "penalty": 5}]
    assert one["announcements"][0]["key"] == "clock.time_up"
    assert _deadline(view) == deadline + timedelta(seconds=15) and view["clock"]["version"] == 1
    # A second request at the same moment rules nothing more (the next deadline is 15 s on).
    assert client.get(f"/api/matches/{mid}").json()["version"] == 1
    # The record holds the time foul as a move without a stroke.
    record = client.get(f"/api/matches/{mid}/record").json()
    first = record["shots"][0]
    assert first["strike"] is None and first["outcome"]["manual_fouls"] == ["time_foul"]


def test_a_stroke_arriving_late_is_refused_and_the_time_out_ruled(client: TestClient) -> None:
    m = _create(client, "crokinole", shot_clock=10)
    mid = m["id"]
    seat = m["turn"]["seat"]
    _at(client, _deadline(m) + timedelta(seconds=1))
    stroke = {"strike": {"x": 0.0, "y": -0.44, "speed": 0.5, "angle": 90}}
    r = client.post(f"/api/matches/{mid}/shots", json=stroke, headers={"X-Match-Version": "0"})
    assert (r.status_code, r.json()["key"]) == (409, "clock.expired"), r.text
    view = client.get(f"/api/matches/{mid}").json()
    assert view["version"] == 1 and view["turn"]["seat"] != seat
    # Crokinole: the shot is lost, its disc in the ditch unplayed, nothing scored.
    shot = client.get(f"/api/matches/{mid}/shots/0").json()
    assert shot["kind"] == "time" and shot["tracks"] is None
    lost = [p for p in shot["position_after"]["pieces"] if p["owner"] == seat]
    assert [p["state"] for p in lost] == ["in_ditch"]
    assert view["position"]["discs_left"][seat] == m["position"]["discs_left"][seat] - 1


def test_novuss_time_out_is_a_penalty_disc_and_loss_of_turn(client: TestClient) -> None:
    m = _create(client, "novuss", shot_clock=20)
    mid = m["id"]
    seat = m["turn"]["seat"]
    _at(client, _deadline(m))  # the deadline itself: time is up
    view = client.get(f"/api/matches/{mid}").json()
    assert view["version"] == 1 and view["turn"]["seat"] != seat
    ruling = client.get(f"/api/matches/{mid}/shots/0").json()["ruling"]
    assert ruling["penalty"] is True and ruling["penalty_cases"] == [1] and ruling["turn_lost"] is True


def test_the_clock_waits_for_an_invited_seat_and_for_the_ai(client: TestClient) -> None:
    m = _create(client, players=[{"name": "Ann"}, {"name": "Bob", "invite": True}], shot_clock=15)
    mid = m["id"]
    assert m["clock"]["deadline"] is None  # Bob has not taken his seat: no clock runs
    _at(client, datetime.now(UTC) + timedelta(hours=1))
    assert client.get(f"/api/matches/{mid}").json()["version"] == 0  # nobody timed out
    [inv] = m["online"]["invitations"]
    before = datetime.now(UTC)
    _at(client, before)
    guest = TestClient(client.app)
    joined = guest.post(f"/api/matches/{mid}/join", json={"code": inv["code"], "name": "Bob"})
    assert joined.status_code == 200
    view = client.get(f"/api/matches/{mid}").json()
    assert view["version"] == 0  # the clock starts when the seat is taken, not at creation
    taken = _deadline(view) - timedelta(seconds=15)
    assert before <= taken <= datetime.now(UTC)
    ai = _create(client, players=[{"name": "Ann"}, {"name": "AI", "kind": "ai", "level": "club"}],
                 shot_clock=15)
    if ai["turn"]["player"]["kind"] == "ai":
        assert ai["clock"]["deadline"] is None


def test_two_processes_rule_one_time_out(client: TestClient, db_url: str) -> None:
    """A second server over the same database (another worker process) sees the time-out the
    first one ruled and rules no second one."""
    m = _create(client, shot_clock=15)
    mid = m["id"]
    late = _deadline(m) + timedelta(seconds=2)
    with TestClient(create_app(db_url)) as other:
        other.cookies.update(client.cookies)
        other.app.state.online.clock.now = lambda: late  # type: ignore[attr-defined]
        _at(client, late)
        assert other.get(f"/api/matches/{mid}").json()["version"] == 1
        assert client.get(f"/api/matches/{mid}").json()["version"] == 1
        assert [s["kind"] for s in _shots(client, mid)] == ["time"]
        # The next deadline is 15 s after the one that passed: Bob's stroke, in time, is taken.
        stroke = {"strike": {"speed": 0.5, "angle": 180.0, "place_cue_ball": [0.0, 0.6]}}
        r = act(other, "POST", f"/api/matches/{mid}/shots", json=stroke)
        assert r.status_code == 200, r.text
        assert [s["kind"] for s in _shots(client, mid)] == ["time", "shot"]
