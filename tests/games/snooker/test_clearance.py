"""One path-clearance kernel (cueboard/games/snooker/clearance.py) for the referee and the
AI: the referee's straight paths (S2 D16 snookered, S3 R14 clear path) and the AI's open
pots now say the same thing about the same path, grazing cases included.

Before the kernel the referee called a ball touched when the squared gap 4r² - d² exceeded
1e-12 m² (d < 2r - ~1e-11 m) and the AI when d < 2r: a ball 5e-12 m inside the contact distance
was a snooker to the AI and not to the referee. The kernel's one rule: touched when
d < clearance - 1 nm.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from cueboard.ai.snooker import geometry as ai
from cueboard.games import clearance as k
from cueboard.games.snooker import geometry as ref
from cueboard.games.snooker.table import STANDARD_TABLE as T

R = T.ball_radius


def _offset_obstacle(a: np.ndarray, b: np.ndarray, frac: float, gap: float) -> np.ndarray:
    """A point at distance ``gap`` beside the segment a-b, ``frac`` of the way along."""
    d = b - a
    n = np.array([-d[1], d[0]]) / np.hypot(*d)
    return a + frac * d + gap * n


@pytest.mark.parametrize(("gap", "touched"), [
    (2 * R - 5e-12, False),  # the old referee and AI disagreed here
    (2 * R - 0.5e-9, False),
    (2 * R - 2e-9, True),
    (2 * R + 1e-12, False),
    (2 * R - 1e-6, True),
])
def test_grazing_paths_one_answer(gap: float, touched: bool) -> None:
    a, b = np.array([0.1, 0.9]), np.array([0.3, 2.2])
    obstacle = _offset_obstacle(a, b, 0.6, gap)
    assert k.path_clear(tuple(a), tuple(b), [tuple(obstacle)], 2 * R) is not touched
    assert bool(k.blocked(a[None], b[None], obstacle[None], 2 * R)[0, 0]) is touched
    assert (int(k.first_blocker(a[None], b[None], obstacle[None], 2 * R)[0]) == 0) is touched
    own = np.zeros((1, 1), dtype=bool)
    ai_clear = ai._segments_clear(a[None, None], b[None, None], obstacle[None], own, 2 * R)
    assert bool(ai_clear[0, 0]) is not touched


def test_the_ai_open_pot_and_the_referee_agree_on_the_cue_ball_path() -> None:
    """For random cue ball / object ball / other balls, the AI's test of the cue ball's path to
    the ghost ball (pot_options' clearance) and the referee's straight-path test of the same path
    (the line through the cue ball at the same offset from the object ball) give one answer."""
    rng = np.random.default_rng(13)
    agreed = blocked_seen = 0
    for _ in range(400):
        cue = np.array([rng.uniform(-0.8, 0.8), rng.uniform(0.3, 1.5)])
        obj = np.array([rng.uniform(-0.8, 0.8), rng.uniform(1.8, 3.2)])
        # a contact position on the side facing the cue ball (cuts up to 70 degrees)
        back = (cue - obj) / np.hypot(*(cue - obj))
        turn = math.radians(rng.uniform(-70.0, 70.0))
        ghost = obj + 2 * R * np.array([back[0] * math.cos(turn) - back[1] * math.sin(turn),
                                        back[0] * math.sin(turn) + back[1] * math.cos(turn)])
        # other balls near the path, a few of them grazing it
        others = [
            _offset_obstacle(cue, ghost, rng.uniform(0.05, 0.95), 2 * R + rng.choice([-1, 1]) * g)
            for g in rng.choice([1e-12, 3e-10, 5e-9, 1e-3, 2e-2], size=3)
        ]
        others = [o for o in others if np.hypot(*(o - obj)) >= 2 * R and np.hypot(*(o - cue)) >= 2 * R]
        obstacles = np.array(others).reshape(-1, 2)
        own = np.zeros((1, obstacles.shape[0]), dtype=bool)
        ai_clear = bool(ai._segments_clear(cue[None, None], ghost[None, None], obstacles, own, 2 * R)[0, 0])
        # the referee's aim: the signed offset h of the path from the object ball's centre
        d = (ghost - cue) / np.hypot(*(ghost - cue))
        h = float(d[0] * (obj - cue)[1] - d[1] * (obj - cue)[0])
        layout = {"red1": tuple(obj), **{f"b{i}": tuple(o) for i, o in enumerate(others)}}
        ref_clear = bool(ref.clear_at(cue[None], ["red1"], layout, (h,), need_all=True)[0])
        assert ai_clear == ref_clear, (cue, obj, ghost, others)
        _, contact = ref._aim_segments(cue[None], obj[None], (h,), R)
        assert np.allclose(contact[0, 0, 0], ghost, atol=1e-9)  # the same path, to the same contact
        agreed += 1
        blocked_seen += not ai_clear
    assert agreed == 400 and 50 < blocked_seen < 350


def test_snookered_means_the_ai_sees_no_open_path_to_an_edge() -> None:
    """The referee's S2 D16 test and the kernel applied by hand to both edge paths agree."""
    rng = np.random.default_rng(16)
    for _ in range(200):
        cue = (float(rng.uniform(-0.5, 0.5)), float(rng.uniform(0.4, 1.0)))
        red = (float(rng.uniform(-0.5, 0.5)), float(rng.uniform(2.0, 3.0)))
        blocker = (cue[0] + (red[0] - cue[0]) * 0.5 + float(rng.normal(0, 0.04)), (cue[1] + red[1]) / 2)
        layout = {"white": cue, "red1": red, "pink": blocker}
        edges = []
        for h in ref._edges(T):
            starts, ends = ref._aim_segments(np.array([cue]), np.array([red]), (h,), R)
            edges.append(k.path_clear(tuple(starts[0, 0, 0]), tuple(ends[0, 0, 0]), [blocker], 2 * R))
        assert ref.is_snookered(cue, ["red1"], layout) == (not all(edges))
