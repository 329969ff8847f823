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

from cueboard.games.replay import replay
from cueboard.records import loads_match
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
    [taken] = undone["state"].pop("takebacks")
    assert {k: taken[k] for k in ("number", "seat", "by")} == {"number": 0, "seat": 0, "by": 1}
    assert undone == before
    record = client.get(f"/api/matches/{mid}/record").json()
    assert record["shots"] == record_before["shots"] == []
    # Play goes on from there: the same stroke is move 0 again.
    r = act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL)
    assert r.status_code == 200 and r.json()["shot"]["number"] == 0
    assert client.get(f"/api/matches/{mid}/shots/0").json()["seat"] == 0


def test_the_record_keeps_each_takeback_and_replays_to_the_position_after_it(client: TestClient) -> None:
    """Each accepted takeback is an incident of the match's record (header ``incidents``, format
    1.2: the shot's number and seat); the record's shots are the moves that stand, so a replay of
    the record by the referee gives the position the match stands at after the takebacks."""
    mid, (host, guest) = _friends(client, ["Ann", "Mai"])
    act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL)  # move 0 by Ann...
    act(host, "POST", f"/api/matches/{mid}/takeback")
    assert act(guest, "POST", f"/api/matches/{mid}/takeback/accept").status_code == 200  # ...taken back
    act(host, "POST", f"/api/matches/{mid}/shots", json=FOUL)  # move 0 again: a foul, Mai to choose
    assert act(guest, "POST", f"/api/matches/{mid}/choices", json={"choice": "play"}).status_code == 200
    strike = {"strike": {"speed": 0.5, "angle": 0.0}}  # (Mai plays from where the cue ball lies)
    assert act(guest, "POST", f"/api/matches/{mid}/shots", json=strike).status_code == 200  # move 2...
    act(guest, "POST", f"/api/matches/{mid}/takeback")
    assert act(host, "POST", f"/api/matches/{mid}/takeback/accept").status_code == 200  # ...taken back
    text = client.get(f"/api/matches/{mid}/record").text
    record = loads_match(text)
    incidents = [(i.kind, i.at, i.player, i.by) for i in record.header.incidents]
    assert incidents == [("takeback", 0, 0, 1), ("takeback", 2, 1, 0)]  # (Ann's, then Mai's)
    assert all(i.time is not None for i in record.header.incidents)
    assert record.header.minor >= 2  # (incidents came with format 1.2)
    assert [s.index for s in record.shots] == [0, 1]
    steps = replay(record)
    assert all(not step.differences for step in steps)
    now = client.get(f"/api/matches/{mid}").json()
    assert steps[-1].position.model_dump(mode="json") == now["position"]
    assert now["turn"]["seat"] == 1  # Mai to play again, as before her stroke
    # A record without incidents leaves the field out (an older reader sees nothing new).
    other, _ = _friends(client, ["Bo", "Cy"])
    assert "incidents" not in client.get(f"/api/matches/{other}/record").json()["header"]


def test_the_record_keeps_a_claim(client: TestClient) -> None:
    mid, _host, guest = _claimable(client, "novuss", {})
    assert act(guest, "POST", f"/api/matches/{mid}/claim").status_code == 200
    header = client.get(f"/api/matches/{mid}/record").json()["header"]
    assert [{k: i[k] for k in ("kind", "at", "player", "by")} for i in header["incidents"]] == [
        {"kind": "claim", "at": 0, "player": 0, "by": 2}]  # (two novuss players sit opposite: 0 and 2)
    assert loads_match(client.get(f"/api/matches/{mid}/record").text).header.incidents[0].kind == "claim"


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
    opponent may claim the match (lichess's "claim victory"); before the limit, or by the absent
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
    r = client.post(f"/api/matches/{mid}/claim", headers={"X-Match-Version": "7"})  # (a stale page)
    assert r.status_code in (401, 409)
    r = act(guest, "POST", f"/api/matches/{mid}/claim")
    assert r.status_code == 200, r.text
    view = client.get(f"/api/matches/{mid}").json()
    assert view["status"] == "finished" and view["state"]["winner"] == 1
    assert view["state"]["claim"]["seat"] == 0 and view["state"]["claim"]["by"] == 1
    assert view["version"] == 0 and view["turn"]["action"] == "over"  # no move was played
    assert act(guest, "POST", f"/api/matches/{mid}/claim").json()["key"] == "claim.not_opponent"
    assert datetime.now(UTC) > since  # (the claim used the server's clock, injected here)


def _claimable(client: TestClient, game: str, settings: dict[str, Any],
               seed: int = 0) -> tuple[str, TestClient, TestClient]:
    """A match of ``game`` between Ann (seat 0, the host, to move first: in crokinole the starter
    is drawn with the ``seed``) and Mai, who took her invitation; the away limit 1 s and the
    server's clock 5 s past Ann's going away."""
    players = [{"name": "Ann"}, {"name": "Mai", "invite": True}]
    r = client.post("/api/matches", json={"game": game, "players": players, "settings": settings,
                                          "seed": seed})
    assert r.status_code == 201, r.text
    m = r.json()
    assert m["turn"]["seat"] == 0
    guest = TestClient(client.app)
    inv = m["online"]["invitations"][0]
    joined = guest.post(f"/api/matches/{m['id']}/join", json={"code": inv["code"], "name": "Mai"})
    assert joined.status_code == 200, joined.text
    act(client, "POST", f"/api/matches/{m['id']}/away-limit", json={"seconds": 1})
    seats = client.get(f"/api/matches/{m['id']}/seats").json()["seats"]
    _set_now(client, datetime.fromisoformat(seats[0]["away_since"]) + timedelta(seconds=5))
    return m["id"], client, guest


def test_a_claim_ends_a_multi_frame_snooker_match_not_one_frame(client: TestClient) -> None:
    """Best of 5, Ann away at the first frame's break-off: Mai's claim ends the MATCH, as a
    match is awarded against a player who refuses to continue (WPBSA Section 4 Rule 3: the frame
    lost and, besides, the frames needed to complete the match) and as lichess's claim ends the
    game — not the frame alone, which would leave four more frames to claim one by one."""
    mid, _host, guest = _claimable(client, "snooker", {"best_of": 5})
    r = act(guest, "POST", f"/api/matches/{mid}/claim")
    assert r.status_code == 200, r.text
    view = r.json()["match"]
    assert view["status"] == "finished" and view["state"]["winner"] == 1
    frame = next(row for row in view["scoreboard"]["rows"] if row["key"] == "score.frame")
    assert (frame["value"], frame["of"]) == (1, 5)  # the position stays as it stood
    assert client.get(f"/api/matches/{mid}").json()["status"] == "finished"
    assert act(_host, "POST", f"/api/matches/{mid}/concede").status_code == 409  # nothing left to play


def _frames(view: dict[str, Any]) -> list[int]:
    return [next(e["value"] for e in side["extra"] if e["key"] == "score.frames")
            for side in view["scoreboard"]["sides"]]


def test_a_claimed_best_of_7_at_1_1_is_won_4_1(client: TestClient) -> None:
    """WPBSA Section 4 Rule 3: the player against whom a match is awarded loses the frame in
    progress (his points in it forfeited, the opponent receiving the value of the balls left: 15
    reds at 8 and the colours' 27 before the break-off, 147) and, besides, the unplayed frames
    needed to complete the match. Best of 7 (4 frames to win) at 1-1, Ann away at the third
    frame's break-off: Mai's claim gives her 4 frames to Ann's 1 — on the scoreboard, in the
    stored position the page and the record's readers see, and pushed as the match's view."""
    mid, host, guest = _claimable(client, "snooker", {"best_of": 7})
    assert act(host, "POST", f"/api/matches/{mid}/concede").json()["match"]["turn"]["seat"] == 1
    assert _frames(act(guest, "POST", f"/api/matches/{mid}/concede").json()["match"]) == [1, 1]
    view = client.get(f"/api/matches/{mid}").json()
    assert (view["turn"]["seat"], view["position"]["frame_number"]) == (0, 2)  # Ann breaks frame 3
    r = act(guest, "POST", f"/api/matches/{mid}/claim")
    assert r.status_code == 200, r.text
    for seen in (r.json()["match"], client.get(f"/api/matches/{mid}").json()):
        assert seen["status"] == "finished" and seen["state"]["winner"] == 1
        assert _frames(seen) == [1, 4]
        assert [side["score"] for side in seen["scoreboard"]["sides"]] == [0, 147]
        p = seen["position"]
        assert (p["frames_won"], p["match_over"], p["match_winner"]) == ([1, 4], True, 1)
        assert (p["frame_winner"], p["frame_end"]) == (1, "forfeit")
    record = loads_match(client.get(f"/api/matches/{mid}/record").text)
    assert [(i.kind, i.at, i.player, i.by) for i in record.header.incidents] == [("claim", 2, 0, 1)]


def test_a_claimed_crokinole_game_keeps_its_score(client: TestClient) -> None:
    """The crokinole rules (NCA) say nothing of a game forfeited by an absent player: the claim
    ends the game and the score stays as it stood (nothing is awarded besides)."""
    mid, _host, guest = _claimable(client, "crokinole", {}, seed=1)  # (seed 1 draws Ann to start)
    before = client.get(f"/api/matches/{mid}").json()
    r = act(guest, "POST", f"/api/matches/{mid}/claim")
    assert r.status_code == 200, r.text
    after = r.json()["match"]
    assert after["status"] == "finished" and after["state"]["winner"] == 1
    assert after["position"] == before["position"]
    assert after["scoreboard"]["sides"] == before["scoreboard"]["sides"]


def test_a_claim_ends_a_novuss_game_which_has_no_concession(client: TestClient) -> None:
    """Novuss's rules give no concession, yet an opponent who left may be claimed against: the
    absent side loses the game; a rematch follows as after any ending, the series 0 : 1."""
    mid, host, guest = _claimable(client, "novuss", {})
    r = act(guest, "POST", f"/api/matches/{mid}/claim")
    assert r.status_code == 200, r.text
    assert r.json()["match"]["state"]["winner"] == 1
    assert act(guest, "POST", f"/api/matches/{mid}/rematch").status_code == 200
    nxt = act(host, "POST", f"/api/matches/{mid}/rematch").json()["next"]
    assert nxt is not None
    table = act(host, "POST", f"/api/matches/{mid}/rematch/carry").json()
    assert table["next"] == nxt
    assert client.get(f"/api/matches/{nxt}").json()["status"] == "playing"


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
