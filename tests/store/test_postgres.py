"""The store on a real PostgreSQL server (a throwaway cluster, tests/store/pgcluster.py): the same
schema from the same migrations, and the compare-and-set under contention — many threads storing
a move against one version: exactly one is stored, every other one is refused as stale; the same on
SQLite, where the write lock plays the part of ``SELECT ... FOR UPDATE``."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import inspect

from cueboard.store import StaleMatchError, Store, StoreError


def _race(store: Store, threads: int = 16) -> list[str]:
    store.add_match("m1", "novuss", {}, {}, {"p": 0})

    def move(n: int) -> str:
        try:
            store.record_move("m1", expected_version=0, frame=0, player=0, kind="shot", entry={"by": n},
                              position_before={"p": 0}, position_after={"p": n}, state={}, status="playing")
        except StaleMatchError:
            return "stale"
        return "stored"

    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(move, range(threads)))


def test_postgres_schema_and_moves(pg_url: str) -> None:
    s = Store(pg_url)
    assert s.engine.dialect.name == "postgresql"
    assert {"matches", "frames", "shots", "service_health"} <= set(inspect(s.engine).get_table_names())
    s.add_match("m1", "snooker", {"game": "snooker"}, {"frame": 0}, {"p": 0})
    for n in range(3):
        s.record_move("m1", expected_version=n, frame=0, player=n % 2, kind="shot", entry={"n": n},
                      position_before={"p": n}, position_after={"p": n + 1}, state={}, status="playing")
    with pytest.raises(StaleMatchError, match="at version 3, not 2"):
        s.record_move("m1", expected_version=2, frame=0, player=0, kind="shot", entry={},
                      position_before={}, position_after={}, state={}, status="playing")
    assert [r.entry for r in s.shots("m1")] == [{"n": n, "index": n} for n in range(3)]
    assert s.get_match("m1").position == {"p": 3}
    entries = [json.loads(e) for e in s.shot_entries("m1", 3, page=2)]
    assert entries == [{"n": n, "index": n} for n in range(3)]
    s.check_writable()
    with pytest.raises(StaleMatchError):
        s.delete_match("m1", 0)
    s.delete_match("m1", 3)
    with pytest.raises(StoreError):
        s.get_match("m1")
    s.close()
    Store(pg_url).close()  # the schema upgraded again: a no-op


def test_postgres_one_move_per_version_under_contention(pg_url: str) -> None:
    s = Store(pg_url)
    outcomes = _race(s)
    assert sorted(outcomes) == ["stale"] * 15 + ["stored"]
    assert len(s.shots("m1")) == 1 and s.get_match("m1").version == 1


def test_sqlite_one_move_per_version_under_contention(tmp_path: Path) -> None:
    s = Store(f"sqlite:///{tmp_path / 'race.sqlite3'}")
    outcomes = _race(s)
    assert sorted(outcomes) == ["stale"] * 15 + ["stored"]
    assert len(s.shots("m1")) == 1 and s.get_match("m1").version == 1
