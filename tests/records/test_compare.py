"""The field-by-field comparison a replay uses to flag a recorded ruling or position that the
referee does not agree with (cueboard/records/compare.py)."""

from __future__ import annotations

from cueboard.records.base import Record
from cueboard.records.compare import differences, shot_differences
from cueboard.records.match import ShotEntry


class _Ruling(Record):
    points: int = 0
    foul: str | None = None


class _After(Record):
    scores: tuple[int, int] = (0, 0)


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
