"""A match ended without a move — a claim (cueboard/app/online/offers.py) sets it finished and
keeps its version — must stay ended: a stroke, or a takeback, that read the match before the claim
and is saved after it is refused (409, nothing written), on SQLite and on PostgreSQL. Without the
status in the compare-and-set the version still matched, and the late stroke overwrote the ended
match with a playing one."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from cueboard.app.server import create_app
from cueboard.store import MatchEndedError, StaleMatchError, Store
from cueboard.store.models import MatchRow
from cueboard.store.online import take_back_move
from tests.app import fake_physics

OVER = {"seat": None, "action": "over", "choices": [], "placement": None, "player": None}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ended.sqlite3'}"
    pg: str = request.getfixturevalue("pg_url")
    return pg


def _claim(store: Store, match_id: str, version: int) -> dict[str, Any]:
    """What a claim writes (the same UPDATE as the claim's): the match finished at its version,
    its state keeping the claim, the turn over. The state written."""
    with store.session() as s:
        state = {**s.get_one(MatchRow, match_id).state, "winner": 1,
                 "claim": {"seat": 0, "by": 1, "at": version}}
        done = s.execute(update(MatchRow).where(
            MatchRow.id == match_id, MatchRow.version == version, MatchRow.status == "playing",
        ).values(status="finished", state=state, turn=OVER))
        assert getattr(done, "rowcount", 0) == 1
    return state


def _move(store: Store, version: int) -> None:
    store.record_move("m1", expected_version=version, frame=0, player=version % 2, kind="shot",
                      entry={"n": version}, position_before={"p": version},
                      position_after={"p": version + 1}, state={"frame": 0}, status="playing",
                      turn={"seat": (version + 1) % 2})


def test_a_stroke_saved_after_a_claim_is_refused(url: str) -> None:
    store = Store(url)
    store.add_match("m1", "novuss", {}, {"frame": 0}, {"p": 0})
    _move(store, 0)
    read = store.get_match("m1")  # the stroke request reads the match at version 1 ...
    claimed = _claim(store, "m1", read.version)  # ... the opponent claims ...
    with pytest.raises(MatchEndedError, match="'m1' is finished") as refused:
        _move(store, read.version)  # ... and the stroke arrives to be saved
    assert isinstance(refused.value, StaleMatchError)  # (every caller's "refused, nothing written")
    row = store.get_match("m1")
    assert (row.status, row.version, row.state, row.turn) == ("finished", 1, claimed, OVER)
    assert row.position == {"p": 1}
    assert [s.number for s in store.shots("m1")] == [0]
    # an older version on the ended match is stale, as before
    with pytest.raises(StaleMatchError, match="at version 1, not 0") as stale:
        _move(store, 0)
    assert not isinstance(stale.value, MatchEndedError)
    store.close()


def test_a_takeback_saved_after_a_claim_is_refused(url: str) -> None:
    store = Store(url)
    store.add_match("m1", "novuss", {}, {"frame": 0}, {"p": 0})
    _move(store, 0)
    claimed = _claim(store, "m1", 1)
    with pytest.raises(MatchEndedError):
        take_back_move(store, "m1", 1, position={"p": 0}, state={"frame": 0}, turn={"seat": 0},
                       scoreboard={})
    row = store.get_match("m1")
    assert (row.status, row.version, row.state) == ("finished", 1, claimed)
    assert [s.number for s in store.shots("m1")] == [0]
    store.close()


@pytest.fixture
def app_client(url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    fake_physics.install(monkeypatch)
    with TestClient(create_app(url)) as c:
        yield c


def test_the_service_answers_409_and_the_claim_stands(app_client: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    r = app_client.post("/api/matches", json={"game": "novuss", "players": [{"name": "Ann"}, {"name": "Bob"}],
                                              "seed": 3})
    assert r.status_code == 201, r.text
    mid = r.json()["id"]
    store: Store = app_client.app.state.service.store  # type: ignore[attr-defined]
    save: Callable[..., Any] = store.record_move
    claimed: list[dict[str, Any]] = []

    def claimed_first(match_id: str, **kw: Any) -> Any:  # the claim commits between read and save
        claimed.append(_claim(store, match_id, kw["expected_version"]))
        return save(match_id, **kw)

    monkeypatch.setattr(store, "record_move", claimed_first)
    r = app_client.post(f"/api/matches/{mid}/shots", headers={"X-Match-Version": "0"},
                        json={"strike": {"x": 0.0, "y": -0.44, "speed": 0.5, "angle": 90}})
    assert r.status_code == 409, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    assert body["type"].endswith("/problems/match-state") and body["status"] == 409
    assert "finished" in body["detail"]
    monkeypatch.setattr(store, "record_move", save)
    m = app_client.get(f"/api/matches/{mid}").json()
    assert (m["status"], m["version"], m["shots"]) == ("finished", 0, 0)
    assert m["state"]["claim"] == claimed[0]["claim"]
