"""The store: Alembic creates the schema, a move is saved atomically with the match's new state by
a compare-and-set on the match's version, a second Store over the same file sees everything (a
restart loses nothing), a schema of revision 0001 is upgraded with its versions filled in, and a
database that cannot be used is named in one line."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect

from cueboard.store import StaleMatchError, Store, StoreError, StoreUnavailableError, upgrade_database


def _move(s: Store, expected: int, **kw: Any) -> Any:
    args: dict[str, Any] = {"frame": 0, "player": 0, "kind": "shot", "entry": {"index": 99, "x": expected},
                            "position_before": {"p": expected}, "position_after": {"p": expected + 1},
                            "state": {"frame": 0}, "status": "playing", **kw}
    return s.record_move("m1", expected_version=expected, **args)


def test_schema_moves_and_reopen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    s = Store(url)
    tables = set(inspect(s.engine).get_table_names())
    assert {"matches", "frames", "shots", "service_health", "alembic_version"} <= tables
    s.add_match("m1", "snooker", {"game": "snooker"}, {"frame": 0}, {"p": 0}, turn={"seat": 0})
    assert s.get_match("m1").version == 0
    _move(s, 0, state={"frame": 1}, turn={"seat": 1}, scoreboard={"sides": []},
          frame_result={"winner": 0}, next_frame_start={"p": 1})
    s.close()
    again = Store(url)  # upgrade again: a no-op on an up-to-date schema
    row = again.get_match("m1")
    assert row.position == {"p": 1} and row.state == {"frame": 1} and row.version == 1
    assert row.turn == {"seat": 1} and row.scoreboard == {"sides": []}
    (shot,) = again.shots("m1")
    assert shot.entry == {"index": 0, "x": 0} and shot.position_before == {"p": 0}
    frames = again.frames("m1")
    assert [f.number for f in frames] == [0, 1] and frames[0].result == {"winner": 0}
    assert [m.id for m in again.list_matches("playing")] == ["m1"]
    assert again.list_matches("finished") == []
    with pytest.raises(StoreError, match="nope"):
        again.get_match("nope")
    with pytest.raises(StoreError, match="no shot 5"):
        again.shot("m1", 5)
    again.delete_match("m1", 1)
    assert again.shots("m1") == [] and again.frames("m1") == []


def test_a_stale_move_writes_nothing(tmp_path: Path) -> None:
    s = Store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    s.add_match("m1", "snooker", {}, {}, {"p": 0})
    _move(s, 0)
    with pytest.raises(StaleMatchError, match="at version 1, not 0") as err:
        _move(s, 0, position_after={"p": "forked"})  # the same request sent twice
    assert (err.value.expected, err.value.current) == (0, 1)
    with pytest.raises(StaleMatchError):
        _move(s, 5)  # a version from the future
    assert [r.number for r in s.shots("m1")] == [0] and s.get_match("m1").position == {"p": 1}
    _move(s, 1)
    assert [r.number for r in s.shots("m1")] == [0, 1] and s.get_match("m1").version == 2
    with pytest.raises(StaleMatchError):
        s.delete_match("m1", 1)
    assert s.get_match("m1").version == 2  # not deleted
    with pytest.raises(StoreError, match="no match"):
        s.record_move("gone", expected_version=0, frame=0, player=0, kind="shot", entry={},
                      position_before={}, position_after={}, state={}, status="playing")


def test_shots_pages_and_entries(tmp_path: Path) -> None:
    s = Store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    s.add_match("m1", "snooker", {}, {}, {"p": 0})
    for n in range(7):
        _move(s, n, frame=n // 3)
    assert [r.number for r in s.shots("m1", start=2, limit=3)] == [2, 3, 4]
    assert [r.number for r in s.shots("m1", frame=1)] == [3, 4, 5]
    assert [r.number for r in s.shots("m1", frame=2, start=0, limit=10)] == [6]
    assert [json.loads(e)["index"] for e in s.shot_entries("m1", 7, page=2)] == list(range(7))
    assert [json.loads(e)["index"] for e in s.shot_entries("m1", 4, page=3)] == [0, 1, 2, 3]


def test_revision_0001_is_upgraded_with_versions(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    from cueboard.store.db import _migrations_dir

    path = tmp_path / "old.sqlite3"
    cfg = Config()
    cfg.set_main_option("script_location", str(_migrations_dir()))
    cfg.set_main_option("sqlalchemy.url", f"sqlite:///{path}")
    command.upgrade(cfg, "0001")
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO matches VALUES ('old', 'snooker', 'playing', '{}', '{}', '{}', "
                   "'2026-01-01', '2026-01-01')")
        for n in range(3):
            db.execute("INSERT INTO shots (match_id, number, frame, player, kind, entry, position_before, "
                       "created_at) VALUES ('old', ?, 0, 0, 'shot', '{}', '{}', '2026-01-01')", (n,))
    upgrade_database(f"sqlite:///{path}")
    row = Store(f"sqlite:///{path}").get_match("old")
    assert row.version == 3 and row.turn is None and row.scoreboard is None


def test_health_write_and_unusable_databases(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    s = Store(f"sqlite:///{path}")
    first = s.check_writable()
    assert s.check_writable() >= first
    s.close()
    ro = Store(f"sqlite:///file:{path}?mode=ro&uri=true")
    with pytest.raises(StoreUnavailableError, match="cannot be written: attempt to write a readonly"):
        ro.check_writable()
    with pytest.raises(StoreUnavailableError, match="driver for 'mysql\\+mysqldb' is not installed"):
        Store("mysql+mysqldb://u@127.0.0.1/db")
    with pytest.raises(StoreUnavailableError, match="URL cannot be used"):
        Store("nosuchdb://x")
    with pytest.raises(StoreUnavailableError, match="cannot be opened"):
        Store(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.sqlite3'}")
