"""novuss: table specification, physics set-up, outcome of a shot and referee.

``GAME`` follows :class:`cueboard.games.protocol.Game`; the records are registered on import. The
names below are the package's public API: modules outside ``cueboard/games/novuss/`` import only
these. The physics (``simulate_stroke``) is imported on first use.
"""

from typing import TYPE_CHECKING

from cueboard.games.common import lazy_attributes
from cueboard.games.novuss import records as records
from cueboard.games.novuss.board import STANDARD_BOARD, NovussBoard
from cueboard.games.novuss.game import GAME, NovussGame, edge_zone_box, place_striker
from cueboard.games.novuss.geometry import check_striker_placement, depth, initial_pieces, is_dark, point
from cueboard.games.novuss.records import (
    MAX_SPEED,
    NovussDeclaration,
    NovussOutcome,
    NovussPosition,
    NovussRuling,
    NovussStrike,
    seats_in_play,
    side_of,
    striker_id,
)
from cueboard.games.novuss.referee import IllegalStrokeError
from cueboard.games.novuss.scoreboard import REPORT_WORDS, ReportError, Scoreboard, StrokeReport, parse_report

if TYPE_CHECKING:
    from cueboard.games.novuss.physics import simulate_stroke

__getattr__ = lazy_attributes(__name__, {"simulate_stroke": "physics"})

__all__ = [
    "GAME", "MAX_SPEED", "REPORT_WORDS", "STANDARD_BOARD", "IllegalStrokeError", "NovussBoard",
    "NovussDeclaration", "NovussGame", "NovussOutcome", "NovussPosition", "NovussRuling", "NovussStrike",
    "ReportError", "Scoreboard", "StrokeReport", "check_striker_placement", "depth", "edge_zone_box",
    "initial_pieces",
    "is_dark", "parse_report", "place_striker", "point", "records", "seats_in_play", "side_of",
    "simulate_stroke", "striker_id",
]
