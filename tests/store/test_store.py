"""The store: Alembic creates the schema, a move is saved atomically with the match's new state,
and a second Store over the same file sees everything (a restart loses nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import inspect

from cueboard.store import Store, StoreError


def test_schema_moves_and_reopen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    s = Store(url)
    assert {"matches", "frames", "shots", "alembic_version"} <= set(inspect(s.engine).get_table_names())
    s.add_match("m1", "snooker", {"game": "snooker"}, {"frame": 0}, {"p": 0})
    n = s.record_move("m1", frame=0, player=0, kind="shot", entry={"index": 99, "x": 1},
                      position_before={"p": 0}, position_after={"p": 1}, state={"frame": 1},
                      status="playing", frame_result={"winner": 0}, next_frame_start={"p": 1})
    assert n == 0
    s.close()
    again = Store(url)  # upgrade again: a no-op on an up-to-date schema
    row = again.get_match("m1")
    assert row.position == {"p": 1} and row.state == {"frame": 1}
    (shot,) = again.shots("m1")
    assert shot.entry == {"index": 0, "x": 1} and shot.position_before == {"p": 0}
    frames = again.frames("m1")
    assert [f.number for f in frames] == [0, 1] and frames[0].result == {"winner": 0}
    assert [m.id for m in again.list_matches("playing")] == ["m1"]
    assert again.list_matches("finished") == []
    with pytest.raises(StoreError, match="nope"):
        again.get_match("nope")
    with pytest.raises(StoreError, match="no shot 5"):
        again.shot("m1", 5)
    again.delete_match("m1")
    assert again.shots("m1") == [] and again.frames("m1") == []
