"""The learning pipeline (cueboard.rl.learn, the ``learn`` extra: skrl on JAX) on crokinole's open
shot (examples/learn_open_shot.py): the task scores shots as the rules do, and a brief PPO run
trains, evaluates and writes and draws its learning curve."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("skrl", reason="the learn extra is not installed: pip install -e '.[learn]'")

from cueboard.rl.learn import (
    CURVE_COLUMNS,
    PPOSettings,
    estimate,
    plot_curve,
    random_baseline,
    read_curve,
    train,
    uniform_policy,
    write_curve,
)
from examples.learn_open_shot import SETTINGS, OpenShot


def _shot(env: OpenShot, speed: float, angle: float = 90.0) -> tuple[float, dict[str, int]]:
    """Seat 0's open shot from the middle of its line (place 0, 0), at ``speed`` m/s."""
    env.reset(seed=0)
    strike = env.env.core.strike_unit({"speed": speed, "angle": angle})
    _, reward, terminated, truncated, info = env.step(np.concatenate([[0.0, 0.0, 0.0], strike]))
    assert terminated and not truncated  # one shot is the whole episode
    return float(reward), info


def test_open_shot_scores_each_zone_of_the_seed_rules() -> None:
    env = OpenShot()  # the seed rules, WCC's fifteen rule off
    # Straight at the centre at 1 m/s the disc drops into the 20-hole (docs/rl.md's example).
    assert _shot(env, 1.0) == (1.0, {"points": 20})
    # Softer, it stops short of the hole, further out the softer it is: 15, 10, 5 (the zones of
    # docs/rules/crokinole.md, "Scoring and the game").
    assert _shot(env, 0.7) == (0.75, {"points": 15})
    assert _shot(env, 0.5) == (0.5, {"points": 10})
    assert _shot(env, 0.3) == (0.25, {"points": 5})
    # Too hard, it crosses the hole and leaves the board.
    assert _shot(env, 3.0) == (0.0, {"points": 0})


def test_with_the_fifteen_rule_an_open_shot_short_of_the_15_line_is_removed() -> None:
    # WCC: an open shot (no opponent disc on the board) that ends outside the 15-line is removed
    # (docs/rules/crokinole.md, "Valid shots"); the 20 and the 15 still count.
    env = OpenShot(fifteen_rule=True)
    assert _shot(env, 0.5) == (0.0, {"points": 0})
    assert _shot(env, 0.7) == (0.75, {"points": 15})
    assert _shot(env, 1.0) == (1.0, {"points": 20})


def test_shaping_pays_a_miss_by_how_near_the_centre_it_came_to_rest() -> None:
    env = OpenShot(shaping=0.25, fifteen_rule=True)
    short, info = _shot(env, 0.5)
    off, _ = _shot(env, 3.0)
    assert info == {"points": 0}
    assert off == -0.25  # off the surface: no nearer than its edge (1 radius)
    # resting on the board outside the 15-line: nearer than the edge, further than the 15-line
    assert -0.25 < short < -0.25 * (4 - 0.625) / 13
    assert _shot(env, 1.0)[0] == 1.0  # a scoring shot is paid its points alone
    with pytest.raises(ValueError, match="shaping"):
        OpenShot(shaping=-1.0)


def test_estimate_is_the_mean_and_a_95_percent_interval() -> None:
    # 0, 1, 0, 1: mean 1/2, sample standard deviation sqrt(1/3), 1.96 standard errors of n = 4.
    e = estimate([0.0, 1.0, 0.0, 1.0])
    assert e.mean == 0.5 and e.n == 4
    assert e.ci == pytest.approx(1.959964 * math.sqrt(1 / 3) / 2)
    with pytest.raises(ValueError, match="at least two"):
        estimate([1.0])
    with pytest.raises(ValueError, match="finite"):
        estimate([1.0, float("nan")])


def test_bad_settings_and_spaces_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="rollouts"):
        PPOSettings(rollouts=0)
    with pytest.raises(ValueError, match="learning_rate"):
        PPOSettings(learning_rate=2.0)
    import gymnasium

    with pytest.raises(ValueError, match="bounded Box"):
        uniform_policy(gymnasium.spaces.Discrete(3), seed=0)
    with pytest.raises(ValueError, match="Box in"):
        train(lambda: gymnasium.make("CartPole-v1"), steps=10)


def test_the_random_baseline_rarely_scores_and_repeats_with_its_seed() -> None:
    env = OpenShot()
    first = random_baseline(env, episodes=100, seed=3, score="points")
    assert first == random_baseline(env, episodes=100, seed=3, score="points")
    # Uniform draws over the six numbers: almost every shot misses (about 3 in 100 score).
    assert 0.0 <= first.mean < 2.0


def test_a_brief_run_beats_random_and_writes_and_draws_its_learning_curve(tmp_path: Path) -> None:
    # 6,000 steps (about 20 CPU seconds): the policy's draws already score more than uniformly
    # random ones by more than the two 95 % intervals together. Seeds 0 to 3 all did (by 0.45 to
    # 0.95 points beyond the intervals, 1.85 to 2.45 points a shot against 0.6); the policy's mean
    # action then sits on a 5 (docs/rl.md, "A run that learns").
    points = train(lambda: OpenShot(), steps=6000, seed=0, eval_every=3000, eval_episodes=100,
                   settings=SETTINGS, score="points")
    assert [p.step for p in points] == [0, 3000, 6000]
    assert all(p.policy.n == 100 and 0 <= p.policy.mean <= 20 for p in points)
    assert all(-1 <= a <= 1 for p in points for a in p.action)  # the tanh-squashed mean
    random = random_baseline(OpenShot(), episodes=100, seed=0, score="points")
    final = points[-1].policy
    assert final.mean - random.mean > math.hypot(final.ci, random.ci)
    curve = tmp_path / "curve.csv"
    write_curve(curve, points, random)
    rows = read_curve(curve)
    assert tuple(rows[0]) == CURVE_COLUMNS and [r["step"] for r in rows] == [0, 3000, 6000]
    assert rows[-1]["policy_mean"] == pytest.approx(final.mean)
    png = tmp_path / "curve.png"
    plot_curve(curve, png, title="test")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (tmp_path / "bad.csv").write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="not a learning curve"):
        read_curve(tmp_path / "bad.csv")
