"""Contact windows and the safeties built on them (cueboard/ai/snooker/sweep.py, safety.py).

The sweep's windows are checked against geometry (a lone ball's window spans the directions whose
line passes within 2R of its centre: 2·asin(2R/d)); the safeties against the referee: an escape
from a snooker must be ruled legal (S3 R12(a): the cue ball must first strike a ball on)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cueboard.ai.noise import study_noise
from cueboard.ai.snooker.hand import perturb
from cueboard.ai.snooker.player import POT_FIRST, make_ai
from cueboard.ai.snooker.safety import MAX_FOUL_SHARE, MIN_KEPT, _key, foul_share, safety_candidates
from cueboard.ai.snooker.sweep import STEP_DEG, HitWindow, _windows, contact_windows
from cueboard.games.snooker import GAME, SnookerDeclaration, SnookerPosition, SnookerStrike, prepare
from cueboard.games.snooker.geometry import is_snookered, layout_of
from cueboard.games.snooker.table import STANDARD_TABLE as T
from tests.ai.test_snooker_decisions import with_balls

R = T.ball_radius


def test_runs_join_across_the_back_of_the_compass() -> None:
    first = ["a", "a", None, "b", "b", "b", None, "a"]
    got = _windows(first)  # type: ignore[arg-type]
    assert [(w.ball, w.n) for w in got] == [("b", 3), ("a", 3)]
    a = got[1]
    assert a.lo == pytest.approx(-180.0 + 7 * STEP_DEG) and a.n == 3  # from the last entry onwards


def test_contact_probability_is_the_normal_mass_inside_the_window() -> None:
    w = HitWindow("red", -1.0, 1.0, 3)
    half = 1.0 + 0.5 * STEP_DEG
    expected = math.erf(half / (0.5 * math.sqrt(2.0)))
    assert w.contact_probability(0.0, 0.5) == pytest.approx(expected)
    assert w.contact_probability(0.0, 0.0) == 1.0
    assert w.contact_probability(5.0, 0.0) == 0.0


def test_lone_ball_window_matches_geometry() -> None:
    pos = with_balls({"white": (0.0, 1.0), "red1": (0.0, 2.0)}, ball_on="red")
    windows = contact_windows(pos, 2.0)
    direct = [w for w in windows if w.ball == "red1" and w.lo <= 90.0 <= w.hi]
    assert len(direct) == 1
    exact = 2 * math.degrees(math.asin(2 * R / 1.0))  # 6.02°
    assert direct[0].width + STEP_DEG == pytest.approx(exact, abs=STEP_DEG)


def test_escape_from_a_snooker_is_ruled_legal() -> None:
    # the red hidden behind the blue: snookered (S2 D... "snookered"), escapes via cushions
    pos = with_balls(
        {"white": (0.0, 1.2), "blue": (0.0, 1.7845), "red1": (0.0, 2.2)}, ball_on="red"
    )
    layout = layout_of(pos.pieces)
    assert is_snookered(layout["white"], ["red1"], layout)
    cands = safety_candidates(pos, 0.22)
    assert cands
    best = max(cands, key=lambda c: c.success)
    assert best.success > 0.5
    _, outcome = GAME.simulate(pos, best.declaration, best.strike)
    _, ruling = GAME.apply(pos, best.declaration, outcome, np.random.default_rng(0))
    assert not ruling.foul, best.label  # type: ignore[attr-defined]


def test_free_ball_can_be_nominated_as_the_first_contact() -> None:
    # S3 R10: after a foul that snookers, any ball may be nominated as the ball on
    pos = with_balls(
        {"white": (0.0, 1.2), "blue": (0.0, 1.7845), "red1": (0.0, 2.2)},
        ball_on="red",
        free_ball=True,
    )
    cands = safety_candidates(pos, 0.22)
    free = [c for c in cands if c.declaration.free_ball == "blue"]  # type: ignore[attr-defined]
    assert free
    _, outcome = GAME.simulate(pos, free[0].declaration, free[0].strike)
    _, ruling = GAME.apply(pos, free[0].declaration, outcome, np.random.default_rng(0))
    assert not getattr(ruling, "foul", False) or "snooker" in str(getattr(ruling, "foul_reason", ""))


def test_club_players_go_for_a_likely_pot_without_looking_at_safeties() -> None:
    # a straight 0.5 m + 0.5 m red into the middle pocket: likely for a club player (POT_FIRST)
    pos = with_balls({"white": (0.3, T.length / 2), "red1": (-0.3, T.length / 2)}, ball_on="red")
    club = make_ai("club").candidates(pos)
    assert any(c.label.startswith("pot") and c.success >= POT_FIRST["club"] for c in club)  # type: ignore[operator]
    assert not any(c.label.startswith("safety") for c in club)
    pro = make_ai("pro").candidates(pos)
    assert any(c.label.startswith("safety") for c in pro)  # a pro weighs the pot against safeties


def _ruled_foul_share(pos: SnookerPosition, decl: SnookerDeclaration, strike: SnookerStrike, n: int) -> float:
    """The share of ``n`` noisy plays (the draws :func:`foul_share` makes) the referee rules fouls."""
    noise = study_noise("pro", "tournament")
    rng = np.random.default_rng(0)
    fouls = 0
    for _ in range(n):
        played = perturb(strike, noise.direction_deg, noise.speed, noise.tip, rng)
        _, outcome = GAME.simulate(pos, decl, played)
        _, ruling = GAME.apply(pos, decl, outcome, np.random.default_rng(0))
        fouls += bool(ruling.foul)
    return fouls / n


def test_foul_share_counts_what_the_referee_rules_fouls() -> None:
    # S3 R12: no ball hit, a first contact not on, the cue ball in-off: the fast check of a
    # safety must count the same fouls as the referee on the same noisy strokes
    pos = with_balls({"white": (0.0, 1.0), "red1": (0.0, 2.0), "blue": (0.3, 1.5)}, ball_on="red")
    edge = math.degrees(math.asin(2 * R / 1.0))
    # a red 0.25 m out of the top-left pocket on its diagonal, the cue ball 0.6 m behind it
    diag = math.sqrt(0.5)
    red = (-T.width / 2 + 0.25 * diag, T.length - 0.25 * diag)
    near = with_balls({"white": (red[0] + 0.6 * diag, red[1] - 0.6 * diag), "red1": red}, ball_on="red")
    cases = [
        (pos, SnookerStrike(speed=1.2, angle=90.0)),  # full on red1: no foul
        (pos, SnookerStrike(speed=2.0, angle=90.0 + edge)),  # the window's edge: about half miss it
        (pos, SnookerStrike(speed=2.0, angle=math.degrees(math.atan2(0.5, 0.3)))),  # the blue first
        (pos, SnookerStrike(speed=1.5, angle=180.0)),  # across to the side cushion and back: no ball
        (near, SnookerStrike(speed=2.5, angle=135.0, top=0.5)),  # followed through: in-off or not
    ]
    noise = study_noise("pro", "tournament")
    got = [foul_share(p, prepare(p, place_cue_ball=None), s, "red", _key(p), noise, 16) for p, s in cases]
    want = [_ruled_foul_share(p, SnookerDeclaration(), s, 16) for p, s in cases]
    assert got == want
    assert got[0] == 0.0 and got[2] == 1.0 and got[3] == 1.0
    assert 0.0 < got[1] < 1.0 and 0.0 < got[4] < 1.0


def test_checked_safeties_leave_out_the_foul_prone() -> None:
    # snookered behind the blue: the escapes off cushions are what the speed error spoils
    pos = with_balls(
        {"white": (0.0, 1.2), "blue": (0.0, 1.7845), "red1": (0.0, 2.2)}, ball_on="red"
    )
    noise = study_noise("pro", "tournament")
    plain = safety_candidates(pos, 0.22)
    checked = safety_candidates(pos, 0.22, noise, 24)
    assert checked and len(checked) < len(plain)
    shares = {c.label: _ruled_foul_share(pos, c.declaration, c.strike, 24) for c in plain}
    kept = sorted(shares[c.label] for c in checked)
    dropped = [s for label, s in shares.items() if label not in {c.label for c in checked}]
    assert dropped and min(dropped) > MAX_FOUL_SHARE  # only candidates above the limit go
    assert max(kept) <= max(MAX_FOUL_SHARE, sorted(shares.values())[MIN_KEPT - 1])
    for c in checked:  # each kept candidate's estimate includes its measured foul risk
        assert c.success <= 1.0 - shares[c.label] + 1e-9


def test_the_tournament_study_plays_its_own_floor_and_checks_and_the_pro_does_not() -> None:
    """The study's settings (STUDY_POT_FLOOR, STUDY_FOUL_CHECKS) change only the study: the red
    to the top-right pocket (about a third likely at the study's σ) is above the pro's floor and
    under the study's; the study's safeties are the checked ones, the pro's the plain ones."""
    from cueboard.ai.snooker.player import POT_FLOOR, STUDY_FOUL_CHECKS, STUDY_POT_FLOOR
    from cueboard.ai.snooker.shots import candidates

    pos = with_balls({"white": (0.0, 2.0), "red1": (0.5, 3.0), "red2": (0.6, 3.25)}, ball_on="red")
    study, pro = make_ai("pro", 5.0, "tournament"), make_ai("pro")
    floor, pro_floor = STUDY_POT_FLOOR["tournament"], POT_FLOOR["pro"]
    assert floor is not None and pro_floor is not None and floor > pro_floor
    at_pro_floor = candidates(pos, study.sigma, None, pro_floor)
    assert any(c.label.startswith("pot") and pro_floor <= c.success < floor for c in at_pro_floor)
    got = study.candidates(pos)
    assert all(c.success >= floor for c in got if c.label.startswith("pot"))
    checked = safety_candidates(pos, study.sigma, study.model().noise, STUDY_FOUL_CHECKS["tournament"])
    assert [(c.label, c.success) for c in got if c.label.startswith("safety")] == [
        (c.label, c.success) for c in checked
    ]
    plain = safety_candidates(pos, pro.sigma)
    assert [(c.label, c.success) for c in pro.candidates(pos) if c.label.startswith("safety")] == [
        (c.label, c.success) for c in plain
    ]
