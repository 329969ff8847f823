"""crokinole: board specification, records, shot checks, outcome of a shot, referee and
scoreboard (docs/rules/crokinole.md). ``GAME`` follows :class:`cueboard.games.protocol.Game`.

The names below are the package's public API: modules outside ``cueboard/games/crokinole/``
import only these. The physics (``simulate_strike``) is imported on first use.
"""

from typing import TYPE_CHECKING

from cueboard.games.common import lazy_attributes
from cueboard.games.crokinole.board import STANDARD_BOARD, CrokinoleBoard
from cueboard.games.crokinole.errors import CrokinoleError, IllegalShotError, OutcomeError
from cueboard.games.crokinole.game import GAME, RECORD_TYPES, CrokinoleGame, new_position, shooting_box
from cueboard.games.crokinole.records import (
    MAX_SPEED,
    MAX_SPIN,
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
    CrokinoleRuling,
    CrokinoleSettings,
    CrokinoleStrike,
    Foul,
    RemovalReason,
    RoundResult,
    Variant,
    ZoneCount,
)
from cueboard.games.crokinole.referee import is_over, winner
from cueboard.games.crokinole.scoreboard import Scoreboard
from cueboard.games.crokinole.shot import check_start, next_disc_id
from cueboard.games.crokinole.zones import tally, zone_value
from cueboard.records.registry import register_game_records

if TYPE_CHECKING:
    from cueboard.games.crokinole.simulate import simulate_strike

register_game_records(RECORD_TYPES)

__getattr__ = lazy_attributes(__name__, {"simulate_strike": "simulate"})

__all__ = [
    "GAME", "MAX_SPEED", "MAX_SPIN", "RECORD_TYPES", "STANDARD_BOARD", "CrokinoleBoard",
    "CrokinoleDeclaration", "CrokinoleError", "CrokinoleGame", "CrokinoleOutcome", "CrokinolePosition",
    "CrokinoleRuling", "CrokinoleSettings", "CrokinoleStrike", "Foul", "IllegalShotError", "OutcomeError",
    "RemovalReason", "RoundResult", "Scoreboard", "Variant", "ZoneCount", "check_start", "is_over",
    "new_position", "next_disc_id", "shooting_box", "simulate_strike", "tally", "winner", "zone_value",
]
