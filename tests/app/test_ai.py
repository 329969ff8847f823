"""AI turns through the API with the real AI (cueboard.ai) and the real physics: a human-vs-AI
match of each game where the AI plays its turns, the AI's choice after a person's foul, and an
AI-vs-AI match that advances by itself. The AI plays at the lowest level with a 0.2 s budget so
that each turn takes well under a few seconds."""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from acting import act, version
from fastapi.testclient import TestClient

from cueboard.app.server import create_app
from cueboard.app.service import ai_levels
from cueboard.records.match import loads_match

LEVEL = "beginner"


@pytest.fixture(scope="module")
def real(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A server with the games' real physics, warmed up (numba kernels loaded) before the tests."""
    db = tmp_path_factory.mktemp("ai") / "ai.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}", ai_budget_s=0.2)) as c:
        c.app.state.service.warm_up()  # type: ignore[attr-defined]
        yield c


def _need_ai(game: str) -> None:
    assert ai_levels(game), f"the AI for {game} is missing from the app"


def _create(client: TestClient, game: str, players: list[dict[str, Any]], seed: int = 5) -> dict[str, Any]:
    r = client.post("/api/matches", json={"game": game, "players": players, "settings": {}, "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()


def _ai(client: TestClient, mid: str) -> dict[str, Any]:
    r = act(client, "POST", f"/api/matches/{mid}/ai")
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize("game", ["snooker", "crokinole", "novuss"])
def test_ai_plays_its_turns_against_a_person(real: TestClient, game: str) -> None:
    _need_ai(game)
    players = [{"name": "Hal", "kind": "ai", "level": LEVEL}, {"name": "Ann"}]
    m = _create(real, game, players)
    if m["turn"]["player"]["kind"] != "ai":  # the seed chose the other seat to start: swap seats
        m = _create(real, game, players[::-1])
    mid = m["id"]
    assert m["turn"]["player"] == {"seat": m["turn"]["seat"], "name": "Hal", "kind": "ai", "level": LEVEL}
    # A person may not play for the AI: 409, nothing stored.
    refused = act(real, "POST", f"/api/matches/{mid}/shots", json={"strike": {"speed": 1.0, "angle": 0.0}})
    assert refused.status_code == 409 and refused.json()["key"] == "error.conflict"
    assert real.get(f"/api/matches/{mid}").json()["shots"] == 0
    # The AI plays until it is the person's turn (a player keeps the table after a pot / 20).
    ai_seat = m["turn"]["seat"]
    played = 0
    match = m
    while match["status"] == "playing" and match["turn"]["player"]["kind"] == "ai" and played < 6:
        res = _ai(real, mid)
        shot, match = res["shot"], res["match"]
        assert shot["number"] == played and shot["seat"] == ai_seat
        assert shot["kind"] == "shot" and shot["tracks"]["tracks"], "the AI's stroke comes with its animation"
        assert shot["ai"]["intent"], "the AI says what it tried"
        explanation = shot["ai"]["explanation"]  # ... and says it in every language (ai.<game>.* keys)
        assert explanation["key"].startswith(f"ai.{game}.")
        assert explanation["key"] in real.get("/api/i18n/uk").json()
        assert isinstance(shot["announcements"], list)
        played += 1
        assert match["shots"] == played
    assert played >= 1
    assert match["turn"]["player"]["kind"] == "human"
    # The AI may not play the person's turn; the stored shots replay and the record reads back.
    late = act(real, "POST", f"/api/matches/{mid}/ai")
    assert late.status_code == 409 and "person" in late.json()["detail"]
    stored = real.get(f"/api/matches/{mid}/shots/0").json()
    assert stored["seat"] == ai_seat and stored["tracks"]["tracks"]
    record = loads_match(real.get(f"/api/matches/{mid}/record").text)
    assert len(record.shots) == played and {p.kind for p in record.header.players} == {"ai", "human"}


def test_ai_chooses_after_a_persons_foul(real: TestClient) -> None:
    """Snooker: the person breaks off into the baulk cushion, touching no ball — a foul (S3 R12,
    hit nothing) — and the AI, to move, makes one of the choices the rules give (S3 R10)."""
    _need_ai("snooker")
    m = _create(real, "snooker", [{"name": "Ann"}, {"name": "Hal", "kind": "ai", "level": LEVEL}])
    mid = m["id"]
    r = act(real, "POST", f"/api/matches/{mid}/shots",
                  json={"strike": {"speed": 0.5, "angle": -90.0, "place_cue_ball": [0.0, 0.6]}})
    assert r.status_code == 200, r.text
    after = r.json()["match"]
    assert any(c["key"] == "ref.snooker.foul" for c in r.json()["shot"]["announcements"])
    assert after["turn"]["action"] == "choose" and after["turn"]["player"]["kind"] == "ai"
    offered = set(after["turn"]["choices"])
    res = _ai(real, mid)
    assert res["shot"]["kind"] in ("choice", "shot")
    if res["shot"]["kind"] == "choice":  # put the offender in (or replace): the person plays
        stored = real.get(f"/api/matches/{mid}/shots/1").json()
        assert stored["declaration"]["choice"] in offered
        assert res["match"]["turn"]["action"] == "strike"
    else:  # played on: its stroke from the position left
        assert "play" in offered
    assert res["match"]["shots"] == 2


def test_ai_against_ai_advances(real: TestClient) -> None:
    """Two AI players: each request plays the seat to move, and the match moves on by itself."""
    _need_ai("crokinole")
    m = _create(real, "crokinole", [{"name": "Hal", "kind": "ai", "level": LEVEL},
                                    {"name": "Eve", "kind": "ai", "level": LEVEL}], seed=9)
    seats = []
    for n in range(4):
        res = _ai(real, m["id"])
        assert res["shot"]["number"] == n
        seats.append(res["shot"]["seat"])
    # Crokinole: the turn passes after every shot (rules/crokinole.md: Turns).
    assert seats[0] != seats[1] and seats[0] == seats[2] and seats[1] == seats[3]
    assert real.get(f"/api/matches/{m['id']}").json()["shots"] == 4


@pytest.mark.parametrize("game", ["snooker", "crokinole", "novuss"])
def test_warm_up_strokes_are_legal_from_every_seat(real: TestClient, game: str) -> None:
    """The start-up stroke of each game (GameAdapter.warm_strike) is a legal placement and stroke
    for whichever seat is to move, 2 or 4 players, and the real physics plays it."""
    from cueboard.app.games import adapter
    from cueboard.records.registry import record_types

    a = adapter(game)
    for players in a.player_counts:
        opening = a.game.new_position(a.rules_settings(players, {}), seed=0)
        for seat in a.seats(players):
            position = opening.model_copy(update={"to_move": seat})
            strike = a.warm_strike(position)
            a.game.validate_strike(position, strike)
            events, _outcome = a.game.simulate(position, record_types(game).declaration(), strike)
            assert events, f"{game} seat {seat}: the stroke moved nothing"


def test_health_says_when_the_physics_is_warm(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}", warm_up=True)) as c:
        deadline = time.monotonic() + 120
        while not c.get("/api/health").json()["warm"]:
            assert time.monotonic() < deadline, "the warm-up did not finish"
            time.sleep(0.05)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.sqlite3'}")) as c:
        assert c.get("/api/health").json()["warm"] is True  # nothing to wait for


def test_two_ai_requests_at_once_play_one_turn(real: TestClient) -> None:
    """Two requests for the AI at the same moment against the same version (two tabs on an
    AI-vs-AI match): one turn is played and stored, the other request gets 409 and changes
    nothing — no move is ever played from a position that is no longer the match's."""
    _need_ai("crokinole")
    ai = {"kind": "ai", "level": LEVEL}
    m = _create(real, "crokinole", [{"name": "Hal", **ai}, {"name": "Eve", **ai}], seed=11)
    v = version(real, m["id"])
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda _: real.post(f"/api/matches/{m['id']}/ai",
                                                    headers={"X-Match-Version": str(v)}), range(2)))
    assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
    stale = next(a for a in answers if a.status_code == 409).json()
    assert stale["key"] == "error.conflict" and stale["params"]["expected"] == v
    assert stale["params"]["version"] == v + 1
    assert real.get(f"/api/matches/{m['id']}").json()["shots"] == 1
    assert len(real.get(f"/api/matches/{m['id']}/shots").json()) == 1
