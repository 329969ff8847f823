"""The environments' behaviour: turns and agents, observations, rewards, seeding and
determinism, illegal actions refused with clear errors."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import cueboard
from cueboard.ai.agent import Decision, ScriptedAgent
from cueboard.rl import ActionError, aec_env, gym_env
from cueboard.rl.core import GLOBAL_FEATURES, PIECE_FEATURES
from tests.rl.helpers import action

#: Crokinole singles decided by one round of one disc each: the first to 5 points wins.
ONE_DISC = {"discs_per_player": 1, "target": 5}


def _twenty_then_miss(reward: Any) -> Any:
    """Seat 0 flicks a 20 (1 m/s straight at the centre, docs/api.md), seat 2 flicks off the
    board (10 m/s): the round ends 20-0 and the game with it."""
    env = aec_env("crokinole", first=0, reward=reward, **ONE_DISC)
    env.reset(seed=0)
    env.step(action(env.core, speed=1.0, angle=90.0))
    assert env.position.twenties == (1, 0) and env.agent_selection == "seat_2"
    env.step(action(env.core, speed=10.0, angle=-90.0))
    return env


def test_score_reward_is_the_change_in_the_score_difference() -> None:
    env = _twenty_then_miss("score")
    # the 20 counts at the end of the round (rules: Scoring and game): 20 points to side 0
    assert env.scores == (20, 0)
    assert env.rewards == {"seat_0": 20.0, "seat_2": -20.0}
    assert all(env.terminations.values()) and not any(env.truncations.values())


def test_win_reward_is_the_game_result() -> None:
    env = _twenty_then_miss("win")
    assert env.rewards == {"seat_0": 1.0, "seat_2": -1.0}
    assert cueboard.get_game("crokinole").outcome(env.position).winner == 0


def test_reward_function_sees_the_positions_and_the_ruling() -> None:
    def twenties(game: Any, before: Any, after: Any, ruling: Any, seat: int) -> float:
        side = game.side_of(after, seat)
        return float(after.twenties[side] - before.twenties[side])

    env = aec_env("crokinole", first=0, reward=twenties, **ONE_DISC)
    env.reset(seed=0)
    env.step(action(env.core, speed=1.0, angle=90.0))
    # the rewards of the last step reach each agent when it is next selected (AEC)
    assert env.rewards == {"seat_0": 1.0, "seat_2": 0.0}
    assert env.infos["seat_0"]["ruling"] == ("ref.crokinole.twenty",)


def test_info_holds_the_outcome_the_referee_ruled_on() -> None:
    # 0.3 m/s from the shooting line: friction stops the disc after v²/(2μg) ≈ 46 mm, short of
    # the 15-line, so the open shot is removed (rules: "Shot") — yet the outcome still says where
    # it came to rest, on the table, 12 in less those 46 mm from the centre
    env = aec_env("crokinole", first=0, **ONE_DISC)
    env.reset(seed=0)
    env.step(action(env.core, speed=0.3, angle=90.0))
    info = env.infos["seat_0"]
    assert "ref.crokinole.foul.open_shot_outside_15" in info["ruling"]
    outcome = info["outcome"]
    disc = next(p for p in outcome.final if p.id == outcome.shot_disc)
    assert disc.state is cueboard.PieceState.ON_TABLE
    assert disc.x == pytest.approx(0.0, abs=1e-9)
    assert disc.y == pytest.approx(-0.3048 + 0.3**2 / (2 * 0.10 * 9.81), abs=2e-3)
    removed = next(p for p in env.position.pieces if p.id == outcome.shot_disc)
    assert removed.state is not cueboard.PieceState.ON_TABLE


def test_four_seats_take_turns_clockwise_and_partners_share_rewards() -> None:
    env = aec_env("crokinole", players=4, first=0, discs_per_player=1, target=5)
    env.reset(seed=0)
    order = [env.agent_selection]
    env.step(action(env.core, speed=1.0, angle=90.0))  # seat 0's 20
    for angle in (0.0, -90.0, 180.0):  # the others dribble off their lines: removed (15-rule)
        order.append(env.agent_selection)
        env.step(action(env.core, speed=0.05, angle=angle))
    assert order == ["seat_0", "seat_1", "seat_2", "seat_3"]
    # the round ends 20-0: the partnership at seats 0 and 2 scores 20 (rules: Players and discs)
    assert env.rewards == {"seat_0": 20.0, "seat_1": -20.0, "seat_2": 20.0, "seat_3": -20.0}


def test_observation_shows_pieces_from_the_observers_side() -> None:
    # without the 15-rule, a disc that stops short of the centre stays on the board
    env = aec_env("crokinole", first=0, observation="dict", fifteen_rule=False)
    env.reset(seed=0)
    env.step(action(env.core, speed=0.5, angle=90.0))
    mine, theirs = env.observe("seat_0"), env.observe("seat_2")
    slot = env.core.piece_ids.index("s0-01")
    on_table, own, opponent = (PIECE_FEATURES.index(f) for f in ("on_table", "own", "opponent"))
    assert mine["pieces"][slot, on_table] == 1.0 and mine["pieces"][slot, own] == 1.0
    assert theirs["pieces"][slot, opponent] == 1.0 and theirs["pieces"][slot, own] == 0.0
    disc = env.position.piece("s0-01")
    assert tuple(mine["pieces"][slot, 1:3]) == pytest.approx((disc.x, disc.y), abs=1e-6)
    my_turn = GLOBAL_FEATURES.index("my_turn")
    assert mine["globals"][my_turn] == 0.0 and theirs["globals"][my_turn] == 1.0
    assert env.core.observation_space.contains(mine)
    flat = aec_env("crokinole").core
    assert flat.array_space.shape == (len(GLOBAL_FEATURES) + 1 + 24 * len(PIECE_FEATURES),)


def test_snooker_options_mask_choices_and_nominations() -> None:
    env = aec_env("snooker", reds=6)
    env.reset(seed=0)
    options = env.core.options
    assert options[:4] == ("none", "play", "put_back", "replace")
    assert [options[i] for i in np.flatnonzero(env.infos["seat_0"]["action_mask"]["option"])] == ["none"]
    assert not env.infos["seat_1"]["action_mask"]["option"].any()


@pytest.mark.parametrize("game", ["novuss", "snooker"])
def test_same_seed_same_episode(game: str) -> None:
    def run(seed: int) -> list[Any]:
        env = aec_env(game, on_illegal="penalize", reds=6) if game == "snooker" else aec_env(game)
        env.reset(seed=seed)
        space = env.action_space(env.agent_selection)
        space.seed(7)
        trace = []
        for _ in range(12):
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                break
            env.step(space.sample(env.infos[agent]["action_mask"]))
            trace.append((env.agent_selection, env.observe(agent).tobytes(), dict(env.rewards)))
        return trace

    first = run(3)
    assert first == run(3)
    assert len(first) == 12


def test_reset_seed_draws_the_crokinole_first_shooter() -> None:
    game = cueboard.get_game("crokinole")
    env = aec_env("crokinole")
    firsts = set()
    for seed in range(8):
        env.reset(seed=seed)
        expected = game.new_position({}, seed=seed).to_move
        assert env.agent_selection == f"seat_{expected}"
        firsts.add(expected)
    assert firsts == {0, 2}


def test_max_steps_truncates() -> None:
    env = aec_env("novuss", max_steps=2)
    env.reset(seed=0)
    for _ in range(2):
        env.step(action(env.core, speed=0.3, angle=90.0, place=(0.0, -0.5)))
    assert all(env.truncations.values()) and not any(env.terminations.values())


# --- illegal actions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ({"strike": [0, 0, 2], "place": [0, 0], "option": 0}, r"action 'strike' must lie in \[-1, 1\]"),
        ({"strike": [0, 0], "place": [0, 0], "option": 0}, "action 'strike' must hold 3 numbers, got 2"),
        ({"strike": [0, float("nan"), 0], "place": [0, 0], "option": 0}, "NaN"),
        ({"strike": [0, 0, 0], "option": 0}, "the action has no 'place'"),
        ({"strike": [0, 0, 0], "place": [0, 0], "option": 3}, r"action 'option' 3 is not in 0..0"),
        ([0, 0, 0], "an action is a mapping"),
    ],
)
def test_malformed_actions_raise_clear_errors(bad: Any, message: str) -> None:
    env = aec_env("crokinole")
    env.reset(seed=0)
    with pytest.raises(ActionError, match=message):
        env.step(bad)
    assert isinstance(ActionError("x"), ValueError)


def test_snooker_refuses_a_nomination_not_open() -> None:
    env = aec_env("snooker", reds=6)
    env.reset(seed=0)
    pink = env.core.options.index("pink")
    with pytest.raises(ActionError, match="option 'pink' is not open to seat 0 now"):
        env.step(action(env.core, option=pink, speed=3.0, angle=90.0))


def test_a_tip_offset_that_would_miscue_is_pulled_onto_the_ball() -> None:
    """Side 0.6 R and top 0.5 R lie 0.78 R from the centre, past the 0.7 R a tip may strike
    without miscueing (the strike record's limit): the shorter pull is the side's, to
    sqrt(0.7² - 0.5²) = 0.4899 R (the top's would be to 0.3606 R, 0.14 R away)."""
    env = aec_env("snooker", reds=6)
    env.reset(seed=0)
    act = action(env.core, speed=3.0, angle=90.0, side=0.6, top=0.5)
    decoded = env.core.decode(env.position, act)
    assert decoded.strike_moved
    strike = decoded.strike
    assert strike.side == pytest.approx(math.sqrt(0.7**2 - 0.5**2), abs=0.7 / 2**11)
    assert strike.side**2 + strike.top**2 <= 0.7**2
    assert strike.top == pytest.approx(0.5, abs=1e-6) and strike.speed == pytest.approx(3.0, abs=1e-5)
    env.step(act)
    assert env.infos["seat_0"]["strike_moved"] and env.agent_selection == "seat_1"


def test_penalize_keeps_the_position_and_the_seat() -> None:
    env = aec_env("snooker", reds=6, on_illegal="penalize", illegal_penalty=-0.5)
    env.reset(seed=0)
    before = env.position
    env.step(action(env.core, option=env.core.options.index("pink"), speed=3.0, angle=90.0))
    assert env.position is before and env.agent_selection == "seat_0"
    assert env.rewards == {"seat_0": -0.5, "seat_1": 0.0}
    assert "option 'pink' is not open" in env.infos["seat_0"]["illegal"]


def test_a_place_another_piece_forbids_moves_to_a_legal_one() -> None:
    # (u, v) = (0, -1) is the middle of the baulk line, where the brown stands (S2 D10)
    env = aec_env("snooker", reds=6)
    env.reset(seed=0)
    env.step(action(env.core, place=(0.0, -1.0), speed=0.3, angle=-90.0))
    assert env.infos["seat_0"]["placement_moved"] is True


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"reward": "points"}, "reward 'points'"),
        ({"on_illegal": "ignore"}, "on_illegal 'ignore'"),
        ({"max_steps": 0}, "max_steps must be >= 1"),
        ({"players": 3}, "players"),
    ],
)
def test_bad_settings_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(cueboard.CueboardInputError, match=message):
        aec_env("crokinole", **kwargs)
    with pytest.raises(cueboard.UnknownGameError):
        aec_env("pool")


# --- the Gymnasium environment -----------------------------------------------------------------


def _dribbler(game: str) -> ScriptedAgent:
    """An opponent that always dribbles its disc a few centimetres off the shooting line."""

    def decide(g: Any, position: Any) -> Decision:
        seat = g.to_move(position)
        x, y = g.placement_point(position, 0.0, 0.0)
        angle = {0: 90.0, 1: 0.0, 2: -90.0, 3: 180.0}[seat]
        return Decision(
            g.declaration(position), g.make_strike(position, {"speed": 0.05, "angle": angle}, (x, y))
        )

    return ScriptedAgent([decide] * 50, name="dribbler")


def test_gym_env_lets_the_opponent_play_first_when_it_starts() -> None:
    env = gym_env("crokinole", opponent=_dribbler("crokinole"), seat=0, first=2, **ONE_DISC)
    obs, info = env.reset(seed=0)
    assert [p.id for p in env.position.pieces] == ["s2-01"] and env.observation_space.contains(obs)
    assert env.core.game.to_move(env.position) == 0
    _, reward, terminated, truncated, info = env.step(action(env.core, speed=1.0, angle=90.0))
    # the dribble was an open shot that ended outside the 15 (WCC rule: removed), so the 20
    # alone counts at the end of the round: 20 points to side 0, which reaches 5
    assert terminated and not truncated and reward == 20.0
    assert "ref.crokinole.twenty" in info["ruling"]
    with pytest.raises(ActionError, match="call reset"):
        env.step(action(env.core, speed=1.0, angle=90.0))


def test_gym_env_refuses_a_seat_not_in_play_and_an_unknown_opponent() -> None:
    with pytest.raises(ActionError, match="seat 1 is not in play"):
        gym_env("crokinole", seat=1)
    with pytest.raises(ValueError, match="unknown player"):
        gym_env("crokinole", opponent="human")


def test_strike_unit_inverts_strike_values_and_refuses_what_is_out_of_range() -> None:
    core = aec_env("crokinole").core
    # speed 0.01..10 m/s, angle -180..180 deg, spin -100..100 rad/s
    unit = core.strike_unit({"speed": 1.0, "angle": 90.0})
    assert unit.tolist() == pytest.approx([2 * 0.99 / 9.99 - 1, 0.5, 0.0])
    assert core.strike_values(unit) == pytest.approx({"speed": 1.0, "angle": 90.0, "spin": 0.0})
    with pytest.raises(ActionError, match=r"speed 11\.0 is outside"):
        core.strike_unit({"speed": 11.0})
    with pytest.raises(ActionError, match="unknown strike parameter"):
        core.strike_unit({"power": 1.0})
