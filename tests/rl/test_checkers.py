"""The environments pass PettingZoo's and Gymnasium's own checkers (``pettingzoo.test.api_test``,
``parallel_api_test``, ``seed_test``; ``gymnasium.utils.env_checker.check_env``), for every game,
2 and 4 players, both ``on_illegal`` modes, with and without ``max_steps`` (an episode truncated
after a few steps, the next reset as after any end)."""

from __future__ import annotations

import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from cueboard.ai.players import SearchSettings
from cueboard.rl import aec_env, gym_env, parallel_env

#: A quick AI opponent: one sample of one candidate, no time budget (deterministic).
QUICK = SearchSettings(samples=1, top_k=1, budget_s=None, workers=1)

#: Every game with 2 and 4 players (snooker with 6 reds, for speed).
GAMES = [
    ("crokinole", {}),
    ("crokinole", {"players": 4}),
    ("novuss", {}),
    ("novuss", {"players": 4}),
    ("snooker", {"reds": 6}),
    ("snooker", {"players": 4, "reds": 6, "observation": "dict"}),
]
MODES = [
    {"on_illegal": "raise"},
    {"on_illegal": "penalize"},
    {"on_illegal": "raise", "max_steps": 7},
    {"on_illegal": "penalize", "max_steps": 5},
]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: "-".join(f"{k}={v}" for k, v in m.items()))
@pytest.mark.parametrize(("game", "settings"), GAMES, ids=lambda g: str(g))
def test_aec_env_passes_pettingzoo_api_test(
    game: str, settings: dict[str, object], mode: dict[str, object]
) -> None:
    # the api test's random agent draws the option from the action mask; every point of the
    # strike and place boxes is a move the game accepts (cueboard.rl.actions), so "raise" passes
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec_env(game, **settings, **mode), num_cycles=40)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: "-".join(f"{k}={v}" for k, v in m.items()))
@pytest.mark.parametrize(("game", "settings"), GAMES[::2] + GAMES[1:2], ids=lambda g: str(g))
def test_parallel_env_passes_pettingzoo_parallel_api_test(
    game: str, settings: dict[str, object], mode: dict[str, object]
) -> None:
    # the parallel test samples without masks: the flat action maps its selector onto the open
    # options, so every sample is legal in both modes
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(game, action="flat", **settings, **mode), num_cycles=40)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("game", "settings"),
    [("crokinole", {}), ("novuss", {}), ("snooker", {"on_illegal": "penalize", "reds": 6})],
)
def test_aec_env_passes_pettingzoo_seed_test(game: str, settings: dict[str, object]) -> None:
    seed_test(lambda: aec_env(game, **settings), num_cycles=20)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", MODES, ids=lambda m: "-".join(f"{k}={v}" for k, v in m.items()))
@pytest.mark.parametrize(
    ("game", "settings"),
    [
        ("crokinole", {}),
        ("crokinole", {"players": 4, "action": "flat"}),
        ("novuss", {"action": "flat"}),
        ("snooker", {"reds": 6, "action": "flat"}),
    ],
    ids=lambda g: str(g),
)
def test_gym_env_passes_gymnasium_check_env(
    game: str, settings: dict[str, object], mode: dict[str, object]
) -> None:
    # check_env samples the action space without a mask: crokinole's dict action has one option
    # (none), and a flat action is never illegal, so both modes pass
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # no spec: the render-mode check is skipped
        check_env(gym_env(game, search=QUICK, **settings, **mode), skip_render_check=True)  # type: ignore[arg-type]


def test_snooker_gym_env_with_dict_actions_passes_check_env_when_penalizing() -> None:
    # a random dict option is mostly one the rules do not open now: penalised, it is no error
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env("snooker", search=QUICK, reds=6, on_illegal="penalize"), skip_render_check=True)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["Crokinole", "Snooker", "Novuss"])
def test_registered_envs_are_made_by_id_and_pass_check_env(game: str) -> None:
    rules = {"reds": 6} if game == "Snooker" else {}
    env = gymnasium.make(f"cueboard/{game}-v0", search=QUICK, action="flat", max_steps=3, **rules)
    assert env.spec is not None and env.spec.id == f"cueboard/{game}-v0"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=True)
