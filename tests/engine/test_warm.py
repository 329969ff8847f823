"""``python -m cueboard.engine.warm`` (run by ``make run``'s install step) compiles or loads every
kernel a request calls: after it, a new process plays each game's strike and an elevated snooker
stroke without compiling anything. A process that compiles tells the user, once, that it
compiles, and how long each kernel took (``jit.CompileNotice``); a level snooker stroke from an
empty cache compiles the planar kernel and none of the flight code (cueboard/engine/planar.py)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cueboard.engine import planar, warm
from cueboard.engine.jit import NOTICE
from cueboard.engine.loop import run_balls
from cueboard.engine.models import ball
from cueboard.engine.placement import placement_clear

ROOT = Path(__file__).resolve().parents[2]

#: Each game's requests through the public API, in a new process: snooker's cue ball placed in
#: the D and played level, then played elevated 30° (a jump: the ball lands on the bed); a
#: crokinole flick from the shooting line and a novuss stroke from the edge zone, each disc
#: sliding to rest (its last event).
_REQUESTS = """
import math
import cueboard
from cueboard.games.crokinole import STANDARD_BOARD as CROKINOLE, CrokinoleStrike
from cueboard.games.novuss import STANDARD_BOARD as NOVUSS, NovussStrike
from cueboard.games.snooker import STANDARD_TABLE as T, SnookerStrike

def play(name, settings, strike):
    game = cueboard.get_game(name)
    position = game.new_position(settings, seed=0)
    events, _outcome = game.simulate(position, game.declaration(position), strike(position))
    return [str(e.kind) for e in events]

in_d = (T.d_radius / 2, T.baulk_y - 0.1)
level = play("snooker", {}, lambda p: SnookerStrike(speed=0.8, angle=90.0, place_cue_ball=in_d))
print("snooker level:", "bounce" in level)
jumped = SnookerStrike(speed=3.0, angle=90.0, elevation=30.0, place_cue_ball=in_d)
jump = play("snooker", {}, lambda p: jumped)
print("snooker elevated:", "bounce" in jump)

def flick(p):
    a = CROKINOLE.seat_angle(p.to_move)
    start = (CROKINOLE.shooting_radius * math.cos(a), CROKINOLE.shooting_radius * math.sin(a))
    return CrokinoleStrike(start=start, speed=0.6, angle=math.degrees(a) + 180.0)

print("crokinole:", play("crokinole", {"players": 2}, flick)[-1])
u = NOVUSS.half - NOVUSS.edge_zone / 2
stroke = NovussStrike(x=0.1, y=-u, speed=0.8, angle=90.0)
print("novuss:", play("novuss", {"players": 2}, lambda p: stroke)[-1])
"""


#: A level snooker stroke in a new process, then how many versions the full kernel and the flight
#: functions hold here (none unless this process compiled or loaded them).
_LEVEL = """
import json
import cueboard
from cueboard.engine import detect, loop
from cueboard.engine.models import ball
from cueboard.games.snooker import STANDARD_TABLE as T, SnookerStrike
game = cueboard.get_game("snooker")
position = game.new_position({}, seed=0)
strike = SnookerStrike(speed=0.8, angle=90.0, place_cue_ball=(T.d_radius / 2, T.baulk_y - 0.1))
game.simulate(position, game.declaration(position), strike)
flight = [loop.run_balls, ball.start_segment, ball._air_segment, ball._collide_3d, ball._air_wall,
          ball._bed_impact, ball.flies_over, detect._pair_time_3d, loop._over_wall]
print(json.dumps({fn.py_func.__name__: len(fn.signatures) for fn in flight}))
"""


def _python(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``python *args`` in a new interpreter on this checkout with ``env`` added; it must
    succeed."""
    proc = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def test_warm_leaves_every_kernel_compiled() -> None:
    called = (planar.run_balls, run_balls, planar.run_discs, placement_clear, planar.start_segment,
              ball.start_segment)
    assert warm.warm() >= 0.0
    assert all(k.signatures for k in called)
    before = [len(k.signatures) for k in called]
    warm.warm()  # the same argument types: no new compilation
    assert [len(k.signatures) for k in called] == before


@pytest.mark.slow
def test_after_warm_from_an_empty_cache_no_request_compiles(tmp_path: Path) -> None:
    cache = str(tmp_path)
    level = _python(["-c", _LEVEL], NUMBA_CACHE_DIR=cache)
    assert level.stderr.count(NOTICE) == 1  # told once, before the first compile
    assert re.search(r"cueboard: compiled run_events_balls_planar in [0-9.]+ s", level.stderr)
    flight = json.loads(level.stdout)
    assert flight == dict.fromkeys(flight, 0)  # a level stroke: no flight code, no full kernel

    first = _python(["-m", "cueboard.engine.warm"], NUMBA_CACHE_DIR=cache)
    assert first.stderr.count(NOTICE) == 1
    took = dict(re.findall(r"cueboard: compiled (\S+) in ([0-9.]+) s", first.stderr))
    # what the level stroke left it: the full kernel of elevated strokes, the disc kernel and the
    # disc shot's filter of motion-state events
    assert set(took) == {"run_events_balls", "start_segment", "run_events_discs_planar", "_state_news"}, \
        first.stderr
    assert re.search(r"physics kernels compiled in [0-9.]+ s \(4 compiles\)", first.stdout)

    played = _python(["-c", _REQUESTS], NUMBA_CACHE_DIR=cache, NUMBA_DEBUG_CACHE="1")
    lines = played.stdout.splitlines()
    # each request was played as described (the jump in the air, the discs to rest)
    assert [line for line in lines if not line.startswith("[cache]")] == [
        "snooker level: False", "snooker elevated: True", "crokinole: stationary", "novuss: stationary",
    ]
    assert any("data loaded" in line for line in lines)  # numba reports its cache use here
    assert [line for line in lines if "saved" in line] == []  # and saved nothing: no compile
    assert NOTICE not in played.stderr and "compiled" not in played.stderr

    again = _python(["-m", "cueboard.engine.warm"], NUMBA_CACHE_DIR=cache)
    assert re.fullmatch(r"cueboard: physics kernels loaded from numba's cache in [0-9.]+ s\n", again.stdout)
    assert NOTICE not in again.stderr
