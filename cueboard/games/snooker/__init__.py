"""snooker: table specification, records, referee, scoreboard (docs/rules/snooker.md).

``GAME`` follows :class:`cueboard.games.protocol.Game`; the records are registered on import.
The physics is imported only when a shot is simulated.
"""

from cueboard.games.snooker.game import GAME, RECORD_TYPES, SnookerGame
from cueboard.records.registry import register_game_records

register_game_records(RECORD_TYPES)

__all__ = ["GAME", "RECORD_TYPES", "SnookerGame"]
