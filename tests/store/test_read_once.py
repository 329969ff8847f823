"""Reading a match once per request (cueboard.store.db.read_once): in a request that asked for it,
the match row and its seats' rows come from the database once and are then kept; a move stored, a
deletion or a takeback drops what was kept of that match; outside such a request every read is
fresh. Whatever was kept, the compare-and-set on the match's version decides every write. And the
JSON columns' faster encoder stores what json.dumps would."""

from __future__ import annotations

import contextvars
import json
import math
import threading
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy.exc

from cueboard.store import StaleMatchError, Store
from cueboard.store.db import read_once
from cueboard.store.online import OnlineMatchRow, SeatRow, access_rows, take_back_move


def _move(s: Store, expected: int) -> None:
    s.record_move("m1", expected_version=expected, frame=0, player=0, kind="shot", entry={"x": expected},
                  position_before={"p": expected}, position_after={"p": expected + 1}, state={},
                  status="playing")


def _stores(tmp_path: Path) -> tuple[Store, Store]:
    """Two stores over one file: this server process's and another's."""
    url = f"sqlite:///{tmp_path / 's.sqlite3'}"
    here = Store(url)
    here.add_match("m1", "novuss", {}, {}, {"p": 0})
    with here.session() as s:
        s.add(OnlineMatchRow(match_id="m1", host_hash="h" * 64, public=False, legacy=False))
        s.add(SeatRow(match_id="m1", seat=1, name="Bob", invite_hash="i" * 64))
        s.add(SeatRow(match_id="m1", seat=0, name="Ann", token_hash="t" * 64))
    return here, Store(url, upgrade=False)


def _in_a_request(check: Any) -> None:
    contextvars.copy_context().run(check)


def _elsewhere(s: Store, expected: int) -> None:
    """A move stored by another request (a thread: a context of its own)."""
    t = threading.Thread(target=_move, args=(s, expected))
    t.start()
    t.join()


def test_outside_a_request_every_read_is_fresh(tmp_path: Path) -> None:
    here, other = _stores(tmp_path)
    assert here.get_match("m1").version == 0
    _move(other, 0)
    assert here.get_match("m1").version == 1
    rows = access_rows(here, "m1")
    assert rows.online is not None and rows.online.host_hash == "h" * 64
    assert [(r.seat, r.token_hash) for r in rows.seats] == [(0, "t" * 64), (1, None)]  # by seat


def test_a_request_reads_once_and_the_version_still_decides(tmp_path: Path) -> None:
    here, other = _stores(tmp_path)

    def request() -> None:
        read_once()
        first = here.get_match("m1")
        seats = access_rows(here, "m1")
        _elsewhere(other, 0)  # another process moves the match on meanwhile
        assert here.get_match("m1") is first and first.version == 0  # as if read at the first read
        assert access_rows(here, "m1") is seats
        with pytest.raises(StaleMatchError, match="at version 1, not 0"):
            _move(here, 0)  # the store's compare-and-set refuses the move all the same
        assert here.get_match("m1").version == 1  # the move tried dropped what was kept
        _move(here, 1)
        assert here.get_match("m1").version == 2 and here.get_match("m1").position == {"p": 2}
        assert access_rows(here, "m1") is not seats

    _in_a_request(request)
    assert here.get_match("m1").version == 2


def test_a_takeback_and_a_deletion_drop_what_was_kept(tmp_path: Path) -> None:
    here, _other = _stores(tmp_path)
    _move(here, 0)

    def request() -> None:
        read_once()
        assert here.get_match("m1").version == 1
        take_back_move(here, "m1", 1, position={"p": 0}, state={}, turn={}, scoreboard={})
        row = here.get_match("m1")
        assert (row.version, row.position) == (0, {"p": 0})
        here.delete_match("m1", 0)
        with pytest.raises(Exception, match="no match with id 'm1'"):
            here.get_match("m1")

    _in_a_request(request)


def test_requests_do_not_share_what_they_kept(tmp_path: Path) -> None:
    here, other = _stores(tmp_path)
    seen: list[int] = []

    def request() -> None:
        read_once()
        seen.append(here.get_match("m1").version)

    _in_a_request(request)
    _move(other, 0)
    _in_a_request(request)
    assert seen == [0, 1]


def test_json_columns_hold_what_json_dumps_would(tmp_path: Path) -> None:
    """The JSON columns' encoder (pydantic-core's, for speed) stores the values json.dumps would:
    non-ASCII text, tuples as lists, integer keys as strings, NaN and Infinity as json.dumps
    writes them; a value neither can write is refused with json.dumps's error."""
    s = Store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    header = {"players": [{"name": "Zoë Ω 台"}], "seats": (0, 1), 3: "three"}
    state = {"inf": math.inf, "small": 1e-07, "big": 2**53 + 1, "none": None, "flag": True}
    s.add_match("m1", "novuss", header, state, {"p": 0.1})
    row = s.get_match("m1")
    assert row.header == json.loads(json.dumps(header))
    assert row.state == json.loads(json.dumps(state)) and row.state["inf"] == math.inf
    _move(s, 0)
    s.record_move("m1", expected_version=1, frame=0, player=0, kind="shot", entry={"t": math.nan},
                  position_before={}, position_after={}, state={}, status="playing")
    assert math.isnan(s.shots("m1")[1].entry["t"])
    with pytest.raises(sqlalchemy.exc.StatementError, match="not JSON serializable"):
        s.add_match("m2", "novuss", {"x": object()}, {}, {})
