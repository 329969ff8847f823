"""novuss: table specification, physics set-up, outcome of a shot and referee.

``GAME`` follows :class:`cueboard.games.protocol.Game`; the records are registered on import.
"""

from cueboard.games.novuss import records as records
from cueboard.games.novuss.game import GAME as GAME

__all__ = ["GAME", "records"]
