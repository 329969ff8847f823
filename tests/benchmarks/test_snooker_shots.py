"""The benchmark shot set (benchmarks/snooker_shots.py): legal, deterministic, as described."""

from __future__ import annotations

import json
import math
from itertools import combinations

import pytest

from benchmarks.snooker_shots import (
    break_off,
    launch_deviation,
    pack_break,
    rack_positions,
    shot_set,
    shot_set_json,
)
from cueboard.games.snooker.records import SnookerStrike
from cueboard.games.snooker.table import STANDARD_TABLE as T

R = T.ball_radius


@pytest.fixture(scope="module")
def shots() -> list[dict]:
    return shot_set()


def _first_ball_hit(shot: dict) -> tuple[str, float]:
    """The first ball the white's straight path (its launch direction) reaches, and the
    distance from that ball's centre to the path (2R = grazing, 0 = full)."""
    white = shot["balls"][0]
    a = math.radians(shot["launch_angle"])
    dx, dy = math.cos(a), math.sin(a)
    best: tuple[float, str, float] = (math.inf, "", 0.0)
    for b in shot["balls"][1:]:
        rx, ry = b["x"] - white["x"], b["y"] - white["y"]
        along = rx * dx + ry * dy
        across = abs(rx * dy - ry * dx)
        if along > 0 and across < 2 * R:
            travel = along - math.sqrt(4 * R * R - across * across)
            best = min(best, (travel, b["id"], across))
    return best[1], best[2]


def test_the_set_is_one_break_off_one_pack_break_and_100_typical_shots(shots: list[dict]) -> None:
    kinds = [s["kind"] for s in shots]
    assert kinds[:2] == ["break_off", "pack_break"]
    assert len(shots) == 102
    assert set(kinds[2:]) == {"pot", "positional"}
    assert len({s["name"] for s in shots}) == 102


def test_the_set_is_deterministic(shots: list[dict]) -> None:
    assert shot_set() == shots
    assert json.loads(shot_set_json(shots))["shots"] == shots


def test_balls_lie_on_the_bed_without_overlapping(shots: list[dict]) -> None:
    for shot in shots:
        ids = [b["id"] for b in shot["balls"]]
        assert ids[0] == "white" and len(set(ids)) == len(ids)
        for b in shot["balls"]:
            assert abs(b["x"]) <= T.half_width - R and R <= b["y"] <= T.length - R, (shot["name"], b)
        for a, b in combinations(shot["balls"], 2):
            assert math.hypot(a["x"] - b["x"], a["y"] - b["y"]) >= 2 * R - 1e-12, (shot["name"], a, b)


def test_strikes_are_valid_and_typical_speeds_lie_in_half_to_five_m_per_s(shots: list[dict]) -> None:
    for shot in shots:
        SnookerStrike(**shot["strike"])
    speeds = [s["strike"]["speed"] for s in shots[2:]]
    assert min(speeds) >= 0.5 and max(speeds) <= 5.0
    assert max(speeds) - min(speeds) > 3.0  # spread over the range, not clustered


def test_the_rack_is_a_tight_triangle_just_above_the_pink() -> None:
    # rules/snooker.md, Equipment: apex on the centre line as near the pink as possible without
    # touching (gap <= 1 mm), base parallel to the top cushion.
    reds = rack_positions()
    assert len(reds) == 15
    apex = min(reds, key=lambda p: p[1])
    pink = T.spots["pink"]
    assert apex[0] == pytest.approx(0.0, abs=1e-9)
    assert 0.0 < apex[1] - pink[1] - 2 * R <= 0.001
    base = sorted(reds, key=lambda p: p[1])[-5:]
    assert max(p[1] for p in base) - min(p[1] for p in base) < 1e-9
    gaps = [math.hypot(a[0] - b[0], a[1] - b[1]) - 2 * R for a, b in combinations(reds, 2)]
    assert min(gaps) >= -1e-12
    neighbours = sum(1 for g in gaps if g < 1e-4)
    assert neighbours == 30  # the 30 touching pairs of a 15-ball triangle


def test_break_off_is_thin_on_the_right_hand_red_of_the_back_row(shots: list[dict]) -> None:
    shot = shots[0]
    white = shot["balls"][0]
    assert T.in_d(white["x"], white["y"])
    assert shot["strike"]["side"] == 0.3
    hit, across = _first_ball_hit(shot)
    reds = {b["id"]: b for b in shot["balls"] if b["id"].startswith("red")}
    back_row_right = max(reds.values(), key=lambda b: (round(b["y"], 6), b["x"]))
    assert hit == back_row_right["id"]
    assert across == pytest.approx(0.9 * 2 * R, abs=5e-5)  # 10 % of the ball


def test_the_cue_allows_for_squirt() -> None:
    # Right-hand side squirts the white left of the cue line (counter-clockwise): the cue aims
    # right of the launch line, by about a degree or two at 0.3 R (Alciatore TP A-31: end mass
    # 5-15 g gives 1-3° at 0.3 R); a centre-ball hit leaves on the cue line.
    offset = break_off()["launch_angle"] - break_off()["strike"]["angle"]
    assert 1.0 < offset < 3.0
    assert pack_break()["launch_angle"] == pytest.approx(pack_break()["strike"]["angle"], abs=1e-12)
    assert math.degrees(launch_deviation(-0.3)) == pytest.approx(-offset, abs=1e-9)


def test_pack_break_is_full_on_the_apex_from_the_d(shots: list[dict]) -> None:
    shot = shots[1]
    white = shot["balls"][0]
    assert T.in_d(white["x"], white["y"])
    hit, across = _first_ball_hit(shot)
    apex = min((b for b in shot["balls"] if b["id"].startswith("red")), key=lambda b: b["y"])
    assert hit == apex["id"]
    assert across == pytest.approx(0.0, abs=1e-9)
    assert shot["strike"]["speed"] >= 7.0


def test_pot_attempts_reach_an_object_ball(shots: list[dict]) -> None:
    pots = [s for s in shots[2:] if s["kind"] == "pot"]
    assert len(pots) >= 50
    for shot in pots:
        hit, _ = _first_ball_hit(shot)
        # the aim is at a ghost ball, so some ball is on the path (another one may be in the way)
        assert hit, shot["name"]
