"""The AI benchmark's figures from played frames (benchmarks/bench_ai.py): the ladder's
pairings, the bands judged, the ladder's win shares and the ratings of a round robin."""

from __future__ import annotations

import pytest

from benchmarks import bench_ai
from cueboard.ai.match import FrameResult
from cueboard.games.protocol import get_game


def _frames(winners: list[int | None]) -> list[FrameResult]:
    pos = get_game("crokinole").new_position()
    return [FrameResult([], pos, w) for w in winners]


def test_pairings_are_the_ladder_then_the_round_robin(monkeypatch: pytest.MonkeyPatch) -> None:
    levels = ["beginner", "amateur", "club", "pro"]
    monkeypatch.setenv("CUEBOARD_BENCH_ROUND_ROBIN", "0")
    assert bench_ai._pairings(levels) == [("pro", "club"), ("club", "amateur"), ("amateur", "beginner")]
    monkeypatch.setenv("CUEBOARD_BENCH_ROUND_ROBIN", "1")
    pairs = bench_ai._pairings(levels)
    assert pairs[:3] == [("pro", "club"), ("club", "amateur"), ("amateur", "beginner")]
    assert sorted(pairs[3:]) == sorted([("pro", "amateur"), ("pro", "beginner"), ("club", "beginner")])
    assert bench_ai._pairings(["pro", "beginner"]) == [("pro", "beginner")]


def test_a_rate_is_judged_against_its_band_with_a_wilson_interval() -> None:
    f = bench_ai._rate("x", 45, 50, (88.0, 95.0), "pots")
    assert f.value == 90.0 and f.met is True and f.goal == "88-95 %"
    # the note carries the counts and the Wilson interval (ratings.wilson, checked against Newcombe 1998)
    assert "45/50 pots, 95 % CI 78.6-95.7" in f.note
    assert bench_ai._rate("x", 49, 50, (88.0, 95.0), "pots").met is False  # above the band
    assert bench_ai._rate("x", 40, 50, (80.0, 100.0), "frames won").goal == ">= 80 %"
    assert bench_ai._rate("x", 0, 0, None, "pots").value == 0.0


def test_ladder_shares_and_goals() -> None:
    played = {
        ("pro", "club"): _frames([0] * 9 + [1]),  # 90 %: the pro-club goal is >= 90
        ("club", "amateur"): _frames([0] * 7 + [None] + [1] * 2),  # 70 %, one drawn
        ("pro", "amateur"): _frames([0] * 10),  # not a neighbour: no ladder line
    }
    figs = {f.name: f for f in bench_ai.ladder_figures("crokinole", played)}
    assert set(figs) == {"ai.ladder.crokinole.pro_v_club", "ai.ladder.crokinole.club_v_amateur"}
    pc, ca = figs["ai.ladder.crokinole.pro_v_club"], figs["ai.ladder.crokinole.club_v_amateur"]
    assert (pc.value, pc.goal, pc.met) == (90.0, ">= 90 %", True)
    assert (ca.value, ca.goal, ca.met) == (70.0, ">= 80 %", False)
    assert "1 drawn" in ca.note and ca.unit == "% of rounds"


def test_ratings_of_a_round_robin_follow_the_results() -> None:
    played = {
        ("pro", "club"): _frames([0] * 8 + [1] * 2),
        ("club", "amateur"): _frames([0] * 8 + [1] * 2),
        ("pro", "amateur"): _frames([0] * 10),
    }
    figs = {f.name: f.value for f in bench_ai.rating_figures("snooker", played)}
    pro, club, amateur = (figs[f"ai.rating.snooker.{lv}"] for lv in ("pro", "club", "amateur"))
    assert pro > club > amateur
    assert pro + club + amateur == pytest.approx(0.0, abs=1e-6)
