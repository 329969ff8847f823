"""What vulture cannot see being used: names reached dynamically, or only from outside the package.

    .venv/bin/vulture cueboard vulture_whitelist.py --min-confidence 80
    .venv/bin/vulture cueboard vulture_whitelist.py --min-confidence 60 \\
        --ignore-decorators "@router.*,@app.*,@*_app.command,@*_validator,@atexit.register,@event.listens_for"

The first is what tests/test_repository_hygiene.py holds clean. The second also lists unused
functions, classes and attributes; what it reports beyond this file is either dead code to remove
or a name to add here with where it is used. It also lists record fields, ORM columns and layout
constants as unused variables: pydantic, SQLAlchemy and the engine's array layout read those by
name. The decorators it ignores register their function with a framework: FastAPI routes, Typer
commands, pydantic validators, ``atexit`` and SQLAlchemy event hooks.

Vulture counts a name as used wherever it appears, so each entry below is an attribute access
that is never executed (nothing imports this module).
"""

from types import SimpleNamespace

import cueboard
import cueboard.games
from cueboard.ai.noise import CueNoise, DiscNoise
from cueboard.ai.snooker import geometry as ai_geometry
from cueboard.ai.snooker import player as snooker_player
from cueboard.app import motion, server
from cueboard.app.games import crokinole as crokinole_app
from cueboard.app.games import novuss as novuss_app
from cueboard.app.games import snooker as snooker_app
from cueboard.engine import detect, jit
from cueboard.engine.models import disc_friction
from cueboard.games.common import GameBase
from cueboard.games.crokinole import physics as crokinole_physics
from cueboard.games.novuss import geometry as novuss_geometry
from cueboard.games.novuss.records import NovussRuling
from cueboard.games.snooker import geometry as snooker_geometry
from cueboard.games.snooker.ruling import SnookerRuling
from cueboard.games.snooker.scoreboard import Scoreboard
from cueboard.records.ruling import Ruling

#: Stands for an object whose attribute a framework or a library reads or writes.
_ = SimpleNamespace()

REACHED_DYNAMICALLY = (
    cueboard.__getattr__,  # PEP 562 module attributes: the public API imported lazily
    cueboard.__dir__,
    cueboard.games.__getattr__,
    snooker_app.SnookerAdapter,  # the cueboard.app entry points (pyproject.toml)
    crokinole_app.CrokinoleAdapter,
    novuss_app.NovussAdapter,
    server.app_from_environment,  # uvicorn's factory, named as a string by cueboard serve
    jit.CompileNotice.on_start,  # numba's event listener hooks
    jit.CompileNotice.on_end,
    _.downgrade,  # every Alembic migration's downgrade step
    _.writeable,  # numpy's array flags, set to freeze the shared start arrays
    _.checked_at,  # the health row's column, written through the ORM
    _._registered,  # cueboard.rl's Gymnasium entry point, named as a string
)

USED_OUTSIDE_THE_PACKAGE = (
    CueNoise.is_zero,  # tests/ai/test_noise.py
    DiscNoise.is_zero,
    ai_geometry.cut_angle_deg,  # tests/ai/test_snooker_geometry.py
    ai_geometry.pot_probability,
    snooker_player.eval_sigma,  # tests/ai/test_noise.py
    motion.position_at,  # tests/app/test_motion.py
    detect.segment_time,  # tests/engine/test_roots_and_times.py: the detectors one by one
    detect.arc_time,
    detect.capture_time,
    disc_friction.friction_integrals,  # tests/engine/test_disc_friction.py
    GameBase.nominates,  # the RL environments' capability; tests/rl/test_game_additions.py
    crokinole_physics.run_flick,  # tests/games/crokinole/test_physics.py
    novuss_geometry.line_shows_in_zone,  # tests/games/novuss/test_geometry.py
    novuss_geometry.line_shows_in_circle,
    snooker_geometry.d_points,  # tests/games/snooker/test_in_hand.py
    snooker_geometry.forget_answers,  # benchmarks/snooker_referee.py
    Ruling.next_to_move,  # the rulings' public answer (docs/api.md), read by tests and the app's pages
    SnookerRuling.next_to_move,
    NovussRuling.next_to_move,
    Scoreboard.stalemate,  # scoreboard mode's API (docs/rules/snooker.md)
)
