"""Rematch by offer and accept (cueboard/app/online/offers.py, docs/app.md#playing-a-friend): one
seat offers once the match is over, every other person's seat accepts (or one declines, and
nothing is created); the rematch keeps the same people in the same seats with their tokens, the
break passes to the other side (WPBSA Section 3 Rule 3 alternates the break-off) and the series
is counted; only a seat's holder offers, accepts or declines."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from acting import act
from fastapi.testclient import TestClient

from cueboard.store.models import MatchRow


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _friends(client: TestClient, names: list[str]) -> tuple[str, list[TestClient]]:
    """A snooker match (best of 1) the client hosts at seat 0 with the other seats invited and
    taken, each by its own browser; returns the match id and the browsers by seat."""
    players: list[dict[str, Any]] = [{"name": names[0]}, *({"name": n, "invite": True} for n in names[1:])]
    r = client.post("/api/matches", json={"game": "snooker", "players": players, "seed": 5})
    assert r.status_code == 201, r.text
    m = r.json()
    browsers = [client]
    for inv in m["online"]["invitations"]:
        guest = TestClient(client.app)
        assert guest.post(f"/api/matches/{m['id']}/join",
                          json={"code": inv["code"], "name": names[inv["seat"]]}).status_code == 200
        browsers.append(guest)
    return m["id"], browsers


def _concede(mid: str, browsers: list[TestClient]) -> int:
    """The seat to move concedes the frame (WPBSA S4 R6), which ends a best-of-1 match; returns
    that seat."""
    seat = int(browsers[0].get(f"/api/matches/{mid}").json()["turn"]["seat"])
    r = act(browsers[seat], "POST", f"/api/matches/{mid}/concede")
    assert r.status_code == 200, r.text
    assert r.json()["match"]["status"] == "finished"
    return seat


def test_offer_accept_same_people_same_seats_and_the_break_alternates(client: TestClient) -> None:
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    stranger = TestClient(client.app)
    r = act(guest, "POST", f"/api/matches/{mid}/rematch")
    assert (r.status_code, r.json()["key"]) == (409, "offer.not_finished")
    conceded = _concede(mid, [host, guest])
    assert conceded == 0  # Ann breaks off the first match, and concedes it: Mai wins 1 : 0
    assert act(stranger, "POST", f"/api/matches/{mid}/rematch").status_code == 401
    # Mai offers: the offer waits for Ann.
    r = act(guest, "POST", f"/api/matches/{mid}/rematch")
    assert r.status_code == 200, r.text
    assert r.json()["offer"] == {"kind": "rematch", "by": 1, "accepted": [1]}
    assert r.json()["next"] is None
    # Ann accepts: the rematch exists.
    r = act(host, "POST", f"/api/matches/{mid}/rematch")
    nxt = r.json()["next"]
    assert nxt and nxt != mid
    new = host.get(f"/api/matches/{nxt}").json()
    assert [(p["seat"], p["name"]) for p in new["header"]["players"]] == [(0, "Ann"), (1, "Mai")]
    assert new["turn"]["seat"] == 1  # Mai breaks off the rematch
    # Each browser carries its own tokens: the same seats, the host still the host.
    assert guest.post(f"/api/matches/{mid}/rematch/carry").json() == {
        "next": nxt, "you": {"host": False, "seats": [1], "open": False}}
    assert host.post(f"/api/matches/{mid}/rematch/carry").json()["you"] == {"host": True, "seats": [0],
                                                                            "open": False}
    assert stranger.post(f"/api/matches/{mid}/rematch/carry").json()["you"]["seats"] == []
    assert guest.get(f"/api/matches/{nxt}/seats").json()["you"]["seats"] == [1]
    # No token, no move: Ann may not break for Mai; Mai's carried token breaks.
    foul = {"strike": {"speed": 0.5, "angle": 180.0, "place_cue_ball": [0.0, 0.6]}}
    assert act(host, "POST", f"/api/matches/{nxt}/shots", json=foul).status_code == 403
    assert act(stranger, "POST", f"/api/matches/{nxt}/shots", json=foul).status_code == 401
    assert act(guest, "POST", f"/api/matches/{nxt}/shots", json=foul).status_code == 200
    # The series: Mai leads 1 : 0 going into the rematch, which knows where it came from.
    table = client.app.state.online.offers.table(nxt)  # type: ignore[attr-defined]
    assert table["series"] == {"wins": [0, 1], "draws": 0} and table["previous"] == mid
    # Asking again gives the same rematch, never a second one.
    assert act(guest, "POST", f"/api/matches/{mid}/rematch").json()["next"] == nxt


def test_a_declined_offer_creates_nothing_and_may_be_made_again(client: TestClient) -> None:
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    _concede(mid, [host, guest])
    assert act(guest, "POST", f"/api/matches/{mid}/rematch/decline").json()["key"] == "offer.none"
    act(guest, "POST", f"/api/matches/{mid}/rematch")
    # The stranger may not decline for anyone.
    assert act(TestClient(client.app), "POST", f"/api/matches/{mid}/rematch/decline").status_code == 401
    r = act(host, "POST", f"/api/matches/{mid}/rematch/decline")
    assert r.status_code == 200
    assert r.json()["offer"] == {"kind": "rematch", "by": 1, "accepted": [1], "declined": 0}
    assert r.json()["next"] is None
    assert act(host, "POST", f"/api/matches/{mid}/rematch/carry").status_code == 409
    # Ann thinks again and offers herself: a new offer, waiting for Mai.
    r = act(host, "POST", f"/api/matches/{mid}/rematch")
    assert r.json()["offer"] == {"kind": "rematch", "by": 0, "accepted": [0]}


def test_four_players_all_must_accept(client: TestClient) -> None:
    names = ["Ann", "Bo", "Cy", "Di"]
    mid, browsers = _friends(client, names)
    _concede(mid, browsers)
    for seat in (2, 0, 3):
        r = act(browsers[seat], "POST", f"/api/matches/{mid}/rematch")
        assert r.json()["next"] is None
    assert r.json()["offer"]["accepted"] == [0, 2, 3]
    nxt = act(browsers[1], "POST", f"/api/matches/{mid}/rematch").json()["next"]
    assert nxt
    new = client.get(f"/api/matches/{nxt}").json()
    assert [p["name"] for p in new["header"]["players"]] == names
    assert new["turn"]["seat"] == 1  # the other side breaks
    for seat, b in enumerate(browsers):
        assert b.post(f"/api/matches/{mid}/rematch/carry").json()["you"]["seats"] == [seat]


def test_the_hot_seat_browser_rematches_at_once(client: TestClient) -> None:
    """One browser holding every seat: its offer is everyone's acceptance."""
    r = client.post("/api/matches", json={"game": "snooker", "players": [{"name": "A"}, {"name": "B"}]})
    mid = r.json()["id"]
    assert act(client, "POST", f"/api/matches/{mid}/concede").status_code == 200
    nxt = act(client, "POST", f"/api/matches/{mid}/rematch").json()["next"]
    assert nxt and client.get(f"/api/matches/{nxt}").json()["status"] == "playing"


def test_abort_before_the_first_stroke_only_by_a_player(client: TestClient) -> None:
    """Any player may call the match off before its first stroke: it is deleted, no result kept;
    after the first stroke it may only be conceded."""
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    stranger = TestClient(client.app)
    assert act(stranger, "POST", f"/api/matches/{mid}/abort").status_code == 401
    r = act(host, "POST", f"/api/matches/{mid}/abort", headers={"X-Match-Version": "3"})
    assert r.status_code == 409  # a stale version, as for any acting request
    assert act(guest, "POST", f"/api/matches/{mid}/abort").status_code == 204
    assert host.get(f"/api/matches/{mid}").status_code == 404
    assert mid not in {m["id"] for m in host.get("/api/matches").json()}
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    foul = {"strike": {"speed": 0.5, "angle": 180.0, "place_cue_ball": [0.0, 0.6]}}
    assert act(host, "POST", f"/api/matches/{mid}/shots", json=foul).status_code == 200
    r = act(guest, "POST", f"/api/matches/{mid}/abort")
    assert (r.status_code, r.json()["key"]) == (409, "offer.started")
    assert host.get(f"/api/matches/{mid}").json()["version"] == 1


FOUL = {"strike": {"speed": 0.5, "angle": 180.0, "place_cue_ball": [0.0, 0.6]}}  # touches nothing


def _view(client: TestClient, mid: str) -> dict[str, Any]:
    view = client.get(f"/api/matches/{mid}").json()
    view.pop("updated_at")
    return view  # type: ignore[no-any-return]


def test_takeback_accepted_returns_exactly_to_before_declined_changes_nothing(client: TestClient) -> None:
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    stranger = TestClient(client.app)
    before = _view(client, mid)
    record_before = client.get(f"/api/matches/{mid}/record").json()
    assert act(host, "POST", f"/api/matches/{mid}/takeback").json()["key"] == "takeback.nothing"
    assert act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 200
    after = _view(client, mid)
    assert after["scoreboard"]["sides"][1]["score"] == 4  # the foul gave Mai 4 (S3 R12)
    # Only the striker asks, only the opponent answers; a stranger does neither.
    assert act(stranger, "POST", f"/api/matches/{mid}/takeback").status_code == 401
    assert act(guest, "POST", f"/api/matches/{mid}/takeback").json()["key"] == "takeback.not_yours"
    r = act(host, "POST", f"/api/matches/{mid}/takeback")
    assert r.json()["offer"] == {"kind": "takeback", "by": 0, "at": 1, "accepted": [0]}
    assert act(host, "POST", f"/api/matches/{mid}/takeback/accept").status_code == 403
    assert act(stranger, "POST", f"/api/matches/{mid}/takeback/accept").status_code == 401
    # Declined: nothing changes.
    r = act(guest, "POST", f"/api/matches/{mid}/takeback/decline")
    assert r.json()["offer"]["declined"] == 1
    assert _view(client, mid) == after
    assert act(guest, "POST", f"/api/matches/{mid}/takeback/accept").json()["key"] == "offer.none"
    # Asked again and accepted: the position, the scores, the turn and the version are those of
    # before the stroke; the match keeps the takeback; the record has no stroke.
    act(host, "POST", f"/api/matches/{mid}/takeback")
    assert act(guest, "POST", f"/api/matches/{mid}/takeback/accept").status_code == 200
    undone = _view(client, mid)
    assert undone["state"].pop("takebacks") == [{"number": 0, "seat": 0}]
    assert undone == before
    record = client.get(f"/api/matches/{mid}/record").json()
    assert record["shots"] == record_before["shots"] == []
    # Play goes on from there: the same stroke is move 0 again.
    r = act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL)
    assert r.status_code == 200 and r.json()["shot"]["number"] == 0
    assert client.get(f"/api/matches/{mid}/shots/0").json()["seat"] == 0


def test_a_takeback_asked_lapses_when_the_opponent_plays(client: TestClient) -> None:
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL)
    act(host, "POST", f"/api/matches/{mid}/takeback")
    assert act(guest, "POST", f"/api/matches/{mid}/choices", json={"choice": "play"}).status_code == 200
    assert act(guest, "POST", f"/api/matches/{mid}/takeback/accept").json()["key"] == "offer.none"
    assert client.get(f"/api/matches/{mid}").json()["version"] == 2


def test_takebacks_are_off_with_a_shot_clock_and_the_host_may_turn_them_off(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "snooker", "players": [{"name": "A"}, {"name": "B"}],
                                          "shot_clock": 30})
    mid = r.json()["id"]
    assert client.app.state.online.offers.table(mid)["takeback"] is False  # type: ignore[attr-defined]
    assert act(client, "POST", f"/api/matches/{mid}/shots", json=FOUL).status_code == 200
    assert act(client, "POST", f"/api/matches/{mid}/takeback").json()["key"] == "takeback.off"
    r = act(client, "POST", f"/api/matches/{mid}/takeback-setting", json={"allowed": True})
    assert r.status_code == 422 and "shot clock" in r.json()["detail"]
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    r = act(guest, "POST", f"/api/matches/{mid}/takeback-setting", json={"allowed": False})
    assert r.status_code == 403
    assert act(host, "POST", f"/api/matches/{mid}/takeback-setting",
               json={"allowed": False}).json()["takeback"] is False
    act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL)
    assert act(host, "POST", f"/api/matches/{mid}/takeback").json()["key"] == "takeback.off"


def _set_now(client: TestClient, t: Any) -> None:
    client.app.state.online.clock.now = lambda: t  # type: ignore[attr-defined]


def test_claim_after_the_away_limit_only_by_the_opponent(client: TestClient) -> None:
    """The player to move has had no live connection for longer than the away limit: the
    opponent may claim — the absent player's concession is ruled (WPBSA S4 R6: the frame, which
    ends a best-of-1 match) as a move of kind ``claim``; before the limit, or by the absent
    player's own side, or by a stranger, it is refused."""
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    stranger = TestClient(client.app)
    r = act(host, "POST", f"/api/matches/{mid}/away-limit", json={"seconds": 2})
    assert r.json()["away_limit"] == 2
    assert act(host, "POST", f"/api/matches/{mid}/away-limit", json={"seconds": 0}).status_code == 422
    assert act(guest, "POST", f"/api/matches/{mid}/away-limit", json={"seconds": 30}).status_code == 403
    # Ann (seat 0) is to break and has no live connection: she has been away since she sat down.
    seats = client.get(f"/api/matches/{mid}/seats").json()["seats"]
    since = datetime.fromisoformat(seats[0]["away_since"])
    assert seats[0]["present"] is False
    _set_now(client, since + timedelta(seconds=1))
    r = act(guest, "POST", f"/api/matches/{mid}/claim")
    assert (r.status_code, r.json()["key"]) == (409, "claim.too_soon")
    _set_now(client, since + timedelta(seconds=3))
    assert act(stranger, "POST", f"/api/matches/{mid}/claim").status_code == 401
    assert act(host, "POST", f"/api/matches/{mid}/claim").json()["key"] == "claim.not_opponent"
    r = act(guest, "POST", f"/api/matches/{mid}/claim")
    assert r.status_code == 200, r.text
    assert r.json()["shot"]["kind"] == "claim" and r.json()["shot"]["seat"] == 0
    view = client.get(f"/api/matches/{mid}").json()
    assert view["status"] == "finished" and view["state"]["winner"] == 1
    calls = [c["key"] for c in client.get(f"/api/matches/{mid}/shots").json()[0]["announcements"]]
    assert calls[0] == "claim.made"
    assert datetime.now(UTC) > since  # (the claim used the server's clock, injected here)


def test_no_claim_with_a_shot_clock(client: TestClient) -> None:
    r = client.post("/api/matches", json={"game": "snooker", "shot_clock": 30, "players": [
        {"name": "Ann"}, {"name": "Mai", "invite": True}]})
    m = r.json()
    guest = TestClient(client.app)
    code = m["online"]["invitations"][0]["code"]
    guest.post(f"/api/matches/{m['id']}/join", json={"code": code, "name": "Mai"})
    r = act(guest, "POST", f"/api/matches/{m['id']}/claim")
    assert (r.status_code, r.json()["key"]) == (409, "claim.clock")


def test_the_host_rematches_a_match_of_the_ai_alone(client: TestClient) -> None:
    ai = {"kind": "ai", "level": "beginner"}
    players = [{"name": "Hal", **ai}, {"name": "Eve", **ai}]
    r = client.post("/api/matches", json={"game": "snooker", "players": players})
    mid = r.json()["id"]
    with client.app.state.online.service.store.session() as s:  # type: ignore[attr-defined]
        s.get(MatchRow, mid).status = "finished"  # (as if the AI had played it out)
    assert act(TestClient(client.app), "POST", f"/api/matches/{mid}/rematch").status_code == 401
    nxt = act(client, "POST", f"/api/matches/{mid}/rematch").json()["next"]
    players = client.get(f"/api/matches/{nxt}").json()["header"]["players"]
    assert [p["name"] for p in players] == ["Hal", "Eve"]
