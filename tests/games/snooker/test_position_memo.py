"""The balls on the table are worked out once per position's pieces (a ruling asks a dozen
times), and the memo never shows: a copy with other pieces counts again, and the memo is not
dumped, compared or hashed."""

from __future__ import annotations

import pickle

from cueboard.games.protocol import get_game
from cueboard.games.snooker.position import SnookerPosition
from cueboard.records.base import PieceState


def _rack() -> SnookerPosition:
    position = get_game("snooker").new_position()
    assert isinstance(position, SnookerPosition)
    return position


def _potted(position: SnookerPosition, *ids: str) -> SnookerPosition:
    gone = {"state": PieceState.POCKETED}
    pieces = tuple(p.model_copy(update=gone) if p.id in ids else p for p in position.pieces)
    return position.model_copy(update={"pieces": pieces})


def test_a_copy_with_balls_potted_counts_them_again() -> None:
    rack = _rack()
    assert len(rack.reds_on_table()) == 15 and len(rack.on_table_ids()) == 21  # 15 reds, 6 colours
    after = _potted(rack, "red3", "red7", "pink")  # the copy carries the rack's memo along
    assert len(after.reds_on_table()) == 13
    assert "red3" not in after.on_table_ids() and "pink" not in after.on_table_ids()
    assert after.points_remaining() == 13 * 8 + 27  # 8 a red, 27 the colours (rules: statistics)
    assert len(rack.reds_on_table()) == 15  # the rack itself is unchanged


def test_a_copy_with_the_same_pieces_gives_the_same_balls() -> None:
    after = _potted(_rack(), "red1")
    moved = after.model_copy(update={"scores": (4, 0)})
    assert moved.reds_on_table() == after.reds_on_table() == tuple(f"red{i}" for i in range(2, 16))


def test_the_memo_is_not_part_of_the_record() -> None:
    rack, fresh = _rack(), _rack()
    before = rack.model_dump_json()
    rack.reds_on_table()
    assert rack.model_dump_json() == before
    assert rack == fresh and fresh == rack and hash(rack) == hash(fresh)
    assert pickle.loads(pickle.dumps(rack)) == fresh
    assert "memo" not in repr(rack)
