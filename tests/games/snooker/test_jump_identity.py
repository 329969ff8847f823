"""The jump-shot test (games/snooker/jump.py) gives the same answers as its plain definition —
every object ball's centre sampled at every step of every flight, S2 "Jump Shot" — over many
random strokes with the cue raised, whatever shortcuts the module takes to be quick."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

import cueboard
from cueboard.engine.events import BodyMotion, Event, EventKind
from cueboard.games.snooker.jump import DT
from cueboard.records.base import Position


def _centre(
    motions: list[tuple[float, BodyMotion | None]], start: tuple[float, float], t: float
) -> tuple[float, float]:
    """A ball's centre at time ``t``: its last motion started at or before ``t``."""
    t_k, m = [(tk, mk) for tk, mk in motions if tk <= t][-1]
    if m is None:
        return start
    if m.state == "removed":
        return math.nan, math.nan
    tau = t - t_k
    return m.x + tau * (m.vx + 0.5 * m.ax * tau), m.y + tau * (m.vy + 0.5 * m.ay * tau)


def _reference(events: Sequence[Event], position: Position, cue: str, diameter: float) -> tuple[str, ...]:
    """The definition sample by sample, no screen, no slices (the module docstring's rule)."""
    flights: list[tuple[float, float, BodyMotion]] = []
    pending: tuple[float, BodyMotion] | None = None
    first_touch: dict[str, float] = {}
    tracks: dict[str, list[tuple[float, BodyMotion | None]]] = {
        p.id: [(0.0, None)] for p in position.pieces if p.on_table
    }
    for ev in events:
        if ev.kind is EventKind.COLLISION and cue in ev.bodies:
            first_touch.setdefault(ev.bodies[1] if ev.bodies[0] == cue else ev.bodies[0], ev.time)
        for m in ev.motion:
            if m.body in tracks:
                tracks[m.body].append((ev.time, m))
            if m.body != cue:
                continue
            if pending is not None:
                flights.append((pending[0], ev.time, pending[1]))
                pending = None
            if m.state == "airborne":
                pending = (ev.time, m)
    found = []
    starts = {p.id: (p.x, p.y) for p in position.pieces}
    for ball, motions in tracks.items():
        if ball == cue:
            continue
        limit = min((t for b, t in first_touch.items() if b != ball), default=math.inf)
        for t0, t1, m in flights:
            if t0 >= limit:
                continue
            times = [*np.arange(t0, min(t1, limit), DT).tolist(), min(t1, limit)]
            last: tuple[float, bool, float] | None = None  # the previous sample: t, over, s
            hit = None
            for t in times:
                tau = t - t0
                cx = m.x + tau * (m.vx + 0.5 * m.ax * tau)
                cy = m.y + tau * (m.vy + 0.5 * m.ay * tau)
                px, py = _centre(motions, starts[ball], t)
                over = bool(np.hypot(cx - px, cy - py) < diameter)
                s = (cx - px) * m.vx + (cy - py) * m.vy
                if last is not None and last[1] and over and last[2] < 0.0 and s >= 0.0:
                    hit = last[0]
                    break
                last = (t, over, s)
            if hit is not None:
                found.append((hit, ball))
                break
    return tuple(b for _, b in sorted(found))


def test_jumped_over_matches_its_definition_on_random_raised_strokes() -> None:
    game = cueboard.get_game("snooker")
    rng = np.random.default_rng(7)
    compared = flew = jumps = 0
    position = game.new_position({"reds": 15}, seed=0)
    while compared < 120:
        if game.to_move(position) is None:
            position = game.new_position({"reds": 15}, seed=compared)
        turn = game.turn(position)
        if turn.action == "choose":
            choice = game.choose(position, turn.choices[0])
            position, _ = game.apply(position, choice, game.no_stroke_outcome(position), rng)
            continue
        placement = None if turn.placement is None else game.placement_point(position, *rng.uniform(-1, 1, 2))
        values = {
            "speed": rng.uniform(0.5, 8.0),
            "angle": rng.uniform(-180, 180),
            "elevation": rng.uniform(20, 60),
            "top": rng.uniform(-0.3, 0.3),
        }
        try:
            strike = game.make_strike(position, values, placement)
            game.validate_strike(position, strike)
        except (ValueError, cueboard.CueboardError):
            continue
        declaration = game.declaration(position)
        events, outcome = game.simulate(position, declaration, strike)
        if placement is None:
            airborne = any(h.body == "white" for ev in events for h in ev.heights)
            expected = _reference(events, position, "white", 0.0525) if airborne else ()
            assert outcome.jumped_over == expected
            compared += 1
            flew += airborne
            jumps += bool(expected)
        position, _ = game.apply(position, declaration, outcome, rng)
    # the comparison covered strokes that flew and strokes that jumped a ball
    assert flew >= 30 and jumps >= 3, (flew, jumps)
