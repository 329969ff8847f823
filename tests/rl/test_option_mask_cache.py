"""The option mask kept for the last position asked (cueboard/rl/core.py ``Core.option_mask``):
the same answer as asked afresh, and each caller gets its own array."""

from __future__ import annotations

import numpy as np

from cueboard.rl import aec_env


def test_the_kept_mask_is_a_copy_and_follows_the_position() -> None:
    env = aec_env("snooker", action="flat")
    env.reset(seed=4)
    core = env.core
    seat = core.game.to_move(env.position)
    first = core.option_mask(env.position, seat)
    first[:] = 7  # a caller writing into its mask changes nobody else's
    again = core.option_mask(env.position, seat)
    assert again.tolist() == core._option_mask(env.position, seat).tolist()
    assert again[0] == 1  # 'none': a stroke is due at the break-off
    other = next(s for s in core.seats if s != seat)
    assert not core.option_mask(env.position, other).any()  # not its turn: all closed
    # a new position asks afresh
    rng = np.random.default_rng(0)
    for _ in range(30):
        env.step(rng.uniform(-1.0, 1.0, 8).astype(np.float32))
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        seat = core.game.to_move(env.position)
        assert core.option_mask(env.position, seat).tolist() == core._option_mask(env.position, seat).tolist()
        assert (
            env.infos[agent]["action_mask"]["option"].tolist()
            == core._option_mask(env.position, seat).tolist()
        )
