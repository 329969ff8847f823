"""The environments pass PettingZoo's and Gymnasium's own checkers
(``pettingzoo.test.api_test`` / ``gymnasium.utils.env_checker.check_env``)."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cueboard.ai.players import SearchSettings
from cueboard.rl import aec_env, gym_env

#: A quick AI opponent: one sample of one candidate, no time budget (deterministic).
QUICK = SearchSettings(samples=1, top_k=1, budget_s=None, workers=1)


@pytest.mark.parametrize(
    ("game", "settings"),
    [
        ("crokinole", {}),
        ("crokinole", {"players": 4}),
        ("novuss", {}),
        ("novuss", {"players": 4}),
        # random tip offsets fall outside the 0.7-radius disc (side² + top² ≤ 0.7²) a fifth of
        # the time: the checker's random agent needs those refused with a penalty, not raised
        ("snooker", {"on_illegal": "penalize", "reds": 6}),
        ("snooker", {"on_illegal": "penalize", "players": 4, "reds": 6, "observation": "dict"}),
    ],
)
def test_aec_env_passes_pettingzoo_api_test(game: str, settings: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "action space probably should be Box or Discrete": it is a Dict
        api_test(aec_env(game, **settings), num_cycles=60)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "settings"),
    [("crokinole", {}), ("novuss", {}), ("snooker", {"on_illegal": "penalize", "reds": 6})],
)
def test_aec_env_passes_pettingzoo_seed_test(game: str, settings: dict[str, object]) -> None:
    seed_test(lambda: aec_env(game, **settings), num_cycles=20)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "settings"),
    [
        ("crokinole", {}),
        ("novuss", {}),
        ("crokinole", {"players": 4}),
        ("snooker", {"on_illegal": "penalize", "reds": 6}),
    ],
)
def test_gym_env_passes_gymnasium_check_env(game: str, settings: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no spec: the render-mode check is skipped
        check_env(gym_env(game, search=QUICK, **settings), skip_render_check=True)  # type: ignore[arg-type]
