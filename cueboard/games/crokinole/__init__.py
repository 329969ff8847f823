"""crokinole: board specification, records, shot checks, outcome of a shot, referee and
scoreboard (docs/rules/crokinole.md). ``GAME`` follows :class:`cueboard.games.protocol.Game`."""

from cueboard.games.crokinole.game import GAME, RECORD_TYPES, CrokinoleGame, new_position
from cueboard.records.registry import register_game_records

register_game_records(RECORD_TYPES)

__all__ = ["GAME", "RECORD_TYPES", "CrokinoleGame", "new_position"]
