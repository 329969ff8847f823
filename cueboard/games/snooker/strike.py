"""The cue strike: from a SnookerStrike to the cue ball's velocity and spin.

The cue delivers an impulse ``J`` along the cue direction ``c`` (the stroke angle in the table
plane, tilted down by the elevation) through the tip's contact point ``r = R(a ŝ + b û - √(1-a²-b²) c)``
(``a`` side, ``b`` top: fractions of the radius in the plane square to the cue; ``ŝ`` to the
right, ``û`` up). So the ball gets ``v = J / m`` and ``ω = r × J / I`` (Leckie & Greenspan 2005,
eq. 1-2; Alciatore TP A-30). ``speed`` is ``|J| / m``; the horizontal speed is
``speed · cos(elevation)``. The spin of an elevated cue keeps its tilted axis, which makes the
sliding ball swerve (massé).

Jump: the vertical part of the cue's impulse drives the ball down into the bed at
``speed · sin(elevation)``; the bed returns it with the ball-bed restitution, so the ball leaves
the bed at ``vz = e_bed · speed · sin(elevation)`` (the rebound-from-the-slate picture of
Alciatore's jump-shot technical proofs, billiards.colostate.edu; docs/physics.md). The bed's
push is taken as frictionless, as the planar model takes it; friction acts at every landing. A
rebound under ``V_HOP`` (engine/models/ball.py) leaves the ball on the bed, so shots with the cue
nearly level are planar exactly as before.

Squirt (cue-ball deflection away from the side of the tip offset): Alciatore TP A-31,
``tan α = (5/2) a √(1-a²) / (1 + m_b/m_e + (5/2)(1-a²))`` with ``m_e`` the cue's end mass.
"""

from __future__ import annotations

import math

from cueboard.engine.models.ball import V_HOP
from cueboard.games.snooker.physics_params import SnookerPhysics
from cueboard.games.snooker.records import SnookerStrike


def squirt_angle(side: float, ball_mass: float, end_mass: float) -> float:
    """Squirt angle in radians for a tip offset ``side`` (fraction of R); positive to the left of
    the aim for right-hand side (``side`` > 0)."""
    a = side
    q = 1.0 - a * a
    return math.atan2(2.5 * a * math.sqrt(max(q, 0.0)), 1.0 + ball_mass / end_mass + 2.5 * q)


def cue_ball_motion(
    strike: SnookerStrike, *, radius: float, mass: float, physics: SnookerPhysics
) -> tuple[tuple[float, float], tuple[float, float, float]]:
    """The cue ball's velocity ``(vx, vy)`` and angular velocity ``(wx, wy, wz)`` after the strike."""
    return motion_from(
        strike.speed, strike.angle, strike.elevation, strike.side, strike.top,
        radius=radius, mass=mass, end_mass=physics.cue_end_mass,
    )


def motion_from(
    speed: float, angle: float, elevation: float, side: float, top: float, *,
    radius: float, mass: float, end_mass: float,
) -> tuple[tuple[float, float], tuple[float, float, float]]:
    """``cue_ball_motion`` from plain numbers (the fields of a SnookerStrike; ``end_mass`` the
    cue's end mass), for the search's fast path."""
    phi = math.radians(angle)
    el = math.radians(elevation)
    dx, dy = math.cos(phi), math.sin(phi)
    ce, se = math.cos(el), math.sin(el)
    # written out component by component (no tuples to index: this runs once per shot of a search)
    c0, c1, c2 = ce * dx, ce * dy, -se  # cue direction
    s0, s1, s2 = dy, -dx, 0.0  # to the right of the stroke, horizontal
    u0, u1, u2 = s1 * c2 - s2 * c1, s2 * c0 - s0 * c2, s0 * c1 - s1 * c0  # s × c: "up"
    k = speed * mass * radius / (0.4 * mass * radius * radius)  # R |J| / I
    # ω = (r × J)/I with r = R(a s + b u - .. c), J ∥ c:  s × c = u, u × c = -s
    a, b = side, top
    squirt = squirt_angle(side, mass, end_mass)
    vh = speed * ce
    v = (vh * math.cos(phi + squirt), vh * math.sin(phi + squirt))
    return v, (k * (a * u0 - b * s0), k * (a * u1 - b * s1), k * (a * u2 - b * s2))


def launch_from(speed: float, elevation: float, bed_restitution: float) -> float:
    """The cue ball's upward speed off the bed after a strike at ``speed`` and ``elevation``, m/s
    (module doc: jump); 0 when it stays on the bed."""
    vz = bed_restitution * speed * math.sin(math.radians(elevation))
    return vz if vz >= V_HOP else 0.0
