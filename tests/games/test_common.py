"""A game refuses, through the protocol, a record of another game (cueboard/games/common.py)."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.games.crokinole.errors import CrokinoleError
from cueboard.games.protocol import get_game


def test_each_game_names_the_record_it_expected_and_the_one_it_got() -> None:
    snooker, crokinole, novuss = (get_game(n) for n in ("snooker", "crokinole", "novuss"))
    rng = np.random.default_rng(0)
    croki_position = crokinole.new_position()
    with pytest.raises(TypeError, match="snooker expects a SnookerPosition as position, not Crokinole"):
        snooker.is_over(croki_position)
    with pytest.raises(TypeError, match="novuss expects a NovussPosition as position, not CrokinolePosition"):
        novuss.is_over(croki_position)
    with pytest.raises(CrokinoleError, match="crokinole expects a CrokinoleOutcome as outcome, not"):
        crokinole.apply(croki_position, crokinole.records.declaration(), croki_position, rng)
    assert issubclass(CrokinoleError, ValueError)  # crokinole's refusals stay ValueErrors
