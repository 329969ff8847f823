"""The field-by-field comparison a replay uses to flag a recorded ruling or position that the
referee does not agree with (cueboard/records/compare.py)."""

from __future__ import annotations

from typing import ClassVar

from cueboard.records.base import Piece, Position, Record
from cueboard.records.compare import differences, shot_differences
from cueboard.records.match import ShotEntry
from cueboard.records.ruling import LaterFields


class _Ruling(Record):
    points: int = 0
    foul: str | None = None


class _After(Position):
    game: str = "test"
    pieces: tuple[Piece, ...] = ()
    scores: tuple[int, int] = (0, 0)


class _NewerRuling(LaterFields, Record):
    later_fields: ClassVar[frozenset[str]] = frozenset({"scores"})
    points: int = 0
    scores: tuple[int, int] | None = None


def test_equal_values_have_no_differences() -> None:
    assert differences("ruling", {"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2]}) == []


def test_nested_dicts_name_each_differing_field_in_sorted_order() -> None:
    mine = {"z": 1, "a": {"x": 2, "y": 3}}
    recorded = {"z": 1, "a": {"x": 5, "y": 3}, "b": True}
    assert differences("ruling", mine, recorded) == [
        "ruling.a.x: recorded 5, referee 2",
        "ruling.b: recorded True, referee None",
    ]


def test_a_list_is_compared_whole() -> None:
    assert differences("p", [1, 2], [1, 3]) == ["p: recorded [1, 3], referee [1, 2]"]


def test_shot_differences_compare_ruling_then_position_after() -> None:
    shot = ShotEntry(
        index=3, player=0, declaration=_Ruling(), outcome=_Ruling(),
        ruling=_Ruling(points=4), position_after=_After(scores=(4, 0)),
    )
    assert shot_differences(shot, _Ruling(points=4), _After(scores=(4, 0))) == []
    assert shot_differences(shot, _Ruling(points=0, foul="miss"), _After(scores=(0, 4))) == [
        "ruling.foul: recorded None, referee 'miss'",
        "ruling.points: recorded 4, referee 0",
        "position_after.scores: recorded [4, 0], referee [0, 4]",
    ]


def test_a_field_the_ruling_gained_later_is_not_compared_when_the_record_lacks_it() -> None:
    """An older record (no ``scores`` in its ruling) replays clean; a newer one that holds the
    field is compared on it."""
    older = _NewerRuling.model_validate({"points": 4})
    newer = _NewerRuling.model_validate({"points": 4, "scores": [4, 0]})
    referee = _NewerRuling(points=4, scores=(9, 9))
    for recorded, expected in ((older, []), (newer, ["ruling.scores: recorded [4, 0], referee [9, 9]"])):
        shot = ShotEntry(index=0, player=0, declaration=_Ruling(), outcome=_Ruling(), ruling=recorded,
                         position_after=_After())
        assert shot_differences(shot, referee, _After()) == expected
