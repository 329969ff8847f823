"""Time cueboard's snooker shot set in pooltool 0.6 (the peer it is timed against).

Run with the peer's own interpreter (benchmarks/.peers/pooltool-venv, made by setup_pooltool.sh):

    pooltool-venv/bin/python pooltool_runner.py SHOTS.json OUT.json [--repeats N]

SHOTS.json is written by ``python -m benchmarks.snooker_shots``: positions in cueboard's frame
(metres, origin at the centre of the baulk cushion face, x across, y up the table) and strikes as
in cueboard's SnookerStrike. This script imports nothing from cueboard (a different venv).

The mapping onto pooltool:
- table: pooltool's generic snooker table with the WPBSA playing area and cushion height of the
  shot set (pooltool's own pockets kept); balls: pooltool's snooker ball parameters with the
  shot set's radius and mass. Both engines thus play on the same table with the same balls.
- frame: pooltool puts the origin at the corner left of the head (baulk) cushion, x across and
  y up the table, so x_pooltool = x + width / 2, y_pooltool = y.
- cloth, balls and cushions: when the shot file carries cueboard's parameters ("physics"), the
  same values: sliding, rolling and spinning friction, ball-ball and ball-cushion restitution,
  cushion friction (pooltool's ball-ball throw model already uses Alciatore's constants, as
  cueboard does). pooltool keeps its own models (its default resolver).
- strike: phi = angle (both counter-clockwise from +x), theta = elevation, b = top, and
  a = -side (pooltool's a > 0 is left-hand side; cueboard's side > 0 is right-hand side).
  pooltool's V0 is the cue's speed, not the ball's: the runner solves pooltool's own stick-ball
  model at V0 = 1 (the ball's speed is linear in V0) and scales V0 so that the cue ball leaves
  at the shot set's speed; and when the shot gives "launch_angle" (the white's direction in
  cueboard, squirt included) it turns phi by the difference of the two engines' squirt so the
  white leaves on the same line.

Timing: every shot is simulated once untimed first (numba compiles or loads pooltool's kernels),
then ``repeats`` times on a fresh copy of the system; the fastest run counts. Only
``pooltool.simulate`` is timed, not building the system. Events counted: every pooltool event
except its initial "none" placeholder (the stick-ball strike, collisions, cushions, pockets and
motion transitions, as cueboard counts them).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from importlib import metadata
from typing import Any


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("shots")
    parser.add_argument("out")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--limit", type=int, default=0, help="only the first N shots (0: all)")
    parser.add_argument(
        "--cushion",
        choices=("default", "mathavan"),
        default="default",
        help="pooltool's ball-cushion model: its default resolver's, or its Mathavan 2010 model",
    )
    parser.add_argument(
        "--serve",
        action="store_true",
        help="after warming every shot, read lines 'index [repeats]' from stdin and answer each "
        "with a JSON line {index, seconds (fastest), first, events}: the shot played repeats times "
        "in a row (the interleaved benchmark drives this)",
    )
    args = parser.parse_args()

    start = time.perf_counter()
    import attrs
    import numpy as np
    import pooltool as pt
    from pooltool.events import EventType
    from pooltool.game.datatypes import GameType
    from pooltool.objects.table.collection import TableName, prebuilt_specs
    from pooltool.physics.engine import PhysicsEngine

    import_s = time.perf_counter() - start

    doc = json.loads(open(args.shots).read())
    tspec = doc["table"]
    specs = attrs.evolve(
        prebuilt_specs(TableName.SNOOKER_GENERIC),
        l=tspec["length"],
        w=tspec["width"],
        cushion_height=tspec["cushion_height"],
    )
    table = pt.Table.from_table_specs(specs)
    params = attrs.evolve(
        pt.BallParams.default(game_type=GameType.SNOOKER), m=tspec["ball_mass"], R=tspec["ball_radius"]
    )
    phys = doc.get("physics")
    if phys:
        params = attrs.evolve(
            params,
            g=phys["g"],
            u_s=phys["mu_slide"],
            u_r=phys["mu_roll"],
            # pooltool's spinning friction is u_sp_proportionality * R
            u_sp_proportionality=phys["mu_spin"] / tspec["ball_radius"],
            e_b=phys["e_ball"],
            e_c=phys["e_cushion"],
            f_c=phys["mu_cushion"],
        )
    engine = PhysicsEngine()
    if args.cushion == "mathavan":
        from pooltool.physics.resolve.ball_cushion import Mathavan2010Circular, Mathavan2010Linear

        engine.resolver.ball_linear_cushion = Mathavan2010Linear()
        engine.resolver.ball_circular_cushion = Mathavan2010Circular()
    cue_id = doc["cue_ball"]
    half_width = tspec["width"] / 2.0

    def build(shot: dict) -> pt.System:
        balls = {}
        for b in shot["balls"]:
            ball = pt.Ball(b["id"], params=params)
            ball.state.rvw[0] = [b["x"] + half_width, b["y"], params.R]
            balls[b["id"]] = ball
        strike = shot["strike"]
        cue = pt.Cue(cue_ball_id=cue_id)
        cue.set_state(V0=1.0, phi=strike["angle"], theta=strike["elevation"], a=-strike["side"], b=strike["top"])
        _, struck = engine.resolver.stick_ball.solve(cue.copy(), balls[cue_id].copy())
        v = struck.state.rvw[1]
        unit_speed = float(np.linalg.norm(v))
        phi = strike["angle"]
        if "launch_angle" in shot:  # turn the cue so that the white leaves on the same line
            launched = float(np.degrees(np.arctan2(v[1], v[0])))
            phi += (shot["launch_angle"] - launched + 180.0) % 360.0 - 180.0
        cue.set_state(V0=strike["speed"] / unit_speed, phi=phi % 360.0)
        return pt.System(cue=cue, table=table, balls=balls)

    def count_events(system: pt.System) -> int:
        return sum(1 for e in system.events if e.event_type != EventType.NONE)

    shots = doc["shots"][: args.limit] if args.limit else doc["shots"]
    systems = [build(s) for s in shots]

    if args.serve:
        return serve(systems, engine, count_events)

    results = []
    first_shot_s = None
    for shot, system in zip(shots, systems, strict=True):
        t0 = time.perf_counter()
        warm = pt.simulate(system.copy(), engine=engine, max_events=20_000)
        untimed_s = time.perf_counter() - t0
        if first_shot_s is None:
            first_shot_s = untimed_s
        best = untimed_s if args.repeats == 0 else float("inf")
        for _ in range(args.repeats):
            trial = system.copy()
            t0 = time.perf_counter()
            pt.simulate(trial, engine=engine, inplace=True, max_events=20_000)
            best = min(best, time.perf_counter() - t0)
        n_events = count_events(warm)
        results.append({"name": shot["name"], "kind": shot["kind"], "events": n_events, "seconds": best})

    out = {
        "engine": "pooltool",
        "version": metadata.version("pooltool-billiards"),
        "numba": metadata.version("numba"),
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "import_s": import_s,
        "first_shot_s": first_shot_s,
        "repeats": args.repeats,
        "shots": results,
    }
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)
    return 0


def serve(systems: list, engine: Any, count_events: Any) -> int:
    """Warm every shot once, then time shots on request (stdin / stdout, JSON lines): each
    request plays one shot ``repeats`` times back to back (a fresh copy each time)."""
    import pooltool as pt

    events = [count_events(pt.simulate(s.copy(), engine=engine, max_events=20_000)) for s in systems]
    print(json.dumps({"ready": len(systems)}), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        fields = line.split()
        k = int(fields[0])
        repeats = int(fields[1]) if len(fields) > 1 else 1
        times = []
        for _ in range(max(1, repeats)):
            trial = systems[k].copy()
            t0 = time.perf_counter()
            pt.simulate(trial, engine=engine, inplace=True, max_events=20_000)
            times.append(time.perf_counter() - t0)
        doc = {"index": k, "seconds": min(times), "first": times[0], "events": events[k]}
        print(json.dumps(doc), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
