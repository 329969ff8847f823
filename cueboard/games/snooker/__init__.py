"""snooker: table specification, records, referee, scoreboard (docs/rules/snooker.md).

``GAME`` follows :class:`cueboard.games.protocol.Game`; the records are registered on import. The
names below are the package's public API: modules outside ``cueboard/games/snooker/`` import only
these. The physics (``simulate_shot``, ``play_fast``, ``prepare``, ``trace_shot``,
``table_shapes``, ``STANDARD_PHYSICS``, ``squirt_angle``, ``render_svg``) is imported on first use,
so that importing the package — and the referee — never imports the physics engine.
"""

from typing import TYPE_CHECKING

from cueboard.games.common import lazy_attributes
from cueboard.games.snooker.declaration import Action, Choice, SnookerDeclaration
from cueboard.games.snooker.game import GAME, RECORD_TYPES, SnookerGame
from cueboard.games.snooker.geometry import is_snookered, layout_of
from cueboard.games.snooker.match import award_match, match_score, new_position, next_frame
from cueboard.games.snooker.position import (
    SnookerInputError,
    SnookerPosition,
    SnookerRules,
    ball_ids,
    colour_of,
    is_red,
    make_ball,
    side_of,
    value_of,
)
from cueboard.games.snooker.records import (
    MAX_SPEED,
    MAX_TIP_OFFSET,
    ManualFoul,
    SnookerOutcome,
    SnookerStrike,
)
from cueboard.games.snooker.ruling import FoulReason, FrameEnd, SnookerRuling
from cueboard.games.snooker.scoreboard import REPORT_HELP, ReportError, Scoreboard, parse_report
from cueboard.games.snooker.table import COLOURS_IN_ORDER, STANDARD_TABLE, SnookerTable
from cueboard.records.registry import register_game_records

if TYPE_CHECKING:
    from cueboard.games.snooker.cushions import table_shapes
    from cueboard.games.snooker.physics import (
        PositionError,
        ShotSetup,
        play_fast,
        prepare,
        simulate_shot,
        trace_shot,
    )
    from cueboard.games.snooker.physics_params import STANDARD_PHYSICS, SnookerPhysics
    from cueboard.games.snooker.strike import squirt_angle
    from cueboard.games.snooker.svg import render_svg

register_game_records(RECORD_TYPES)

__getattr__ = lazy_attributes(__name__, {
    "table_shapes": "cushions",
    "PositionError": "physics",
    "ShotSetup": "physics",
    "play_fast": "physics",
    "prepare": "physics",
    "simulate_shot": "physics",
    "trace_shot": "physics",
    "STANDARD_PHYSICS": "physics_params",
    "SnookerPhysics": "physics_params",
    "squirt_angle": "strike",
    "render_svg": "svg",
})

__all__ = [
    "COLOURS_IN_ORDER", "GAME", "MAX_SPEED", "MAX_TIP_OFFSET", "RECORD_TYPES", "REPORT_HELP",
    "STANDARD_PHYSICS", "STANDARD_TABLE", "Action", "Choice", "FoulReason", "FrameEnd", "ManualFoul",
    "PositionError",
    "ReportError", "Scoreboard", "ShotSetup", "SnookerDeclaration", "SnookerGame", "SnookerInputError",
    "SnookerOutcome", "SnookerPhysics", "SnookerPosition", "SnookerRules", "SnookerRuling", "SnookerStrike",
    "SnookerTable",
    "award_match", "ball_ids", "colour_of", "is_red", "is_snookered", "layout_of", "make_ball", "match_score",
    "new_position", "next_frame", "parse_report", "play_fast", "prepare", "render_svg", "side_of",
    "simulate_shot", "squirt_angle", "table_shapes", "trace_shot", "value_of",
]
