"""The hand of a snooker player: the stroke a player with a level's execution noise produces from
the one intended (:class:`cueboard.ai.noise.CueNoise`: direction, speed, tip offsets, and the
contact-point error as a direction error over the distance to the first ball). Shared by the pot
and position play (:mod:`.shots`) and the safety play (:mod:`.safety`)."""

from __future__ import annotations

import math

import numpy as np

from cueboard.ai.noise import CueNoise, gaussian
from cueboard.games.snooker import (
    MAX_SPEED,
    MAX_TIP_OFFSET,
    STANDARD_TABLE,
    SnookerPosition,
    SnookerStrike,
    layout_of,
)

R = STANDARD_TABLE.ball_radius


def perturb(
    strike: SnookerStrike, direction_deg: float, speed: float, tip: float, rng: np.random.Generator,
    contact_deg: float = 0.0,
) -> SnookerStrike:
    """The stroke a player with these σ produces (noise.CueNoise); tip σ in metres on the ball;
    ``contact_deg``: the contact-point error as a direction σ for this stroke (:func:`contact_sigma_deg`),
    drawn after the others (a player without one consumes the same draws as before it existed)."""
    v = strike.speed + gaussian(rng, speed)
    a = strike.angle + gaussian(rng, direction_deg)
    side = strike.side + gaussian(rng, tip) / R
    top = strike.top + gaussian(rng, tip) / R
    a += gaussian(rng, contact_deg)
    norm = math.hypot(side, top)
    if norm > MAX_TIP_OFFSET * 0.999:
        side, top = side * MAX_TIP_OFFSET * 0.999 / norm, top * MAX_TIP_OFFSET * 0.999 / norm
    a = (a + 180.0) % 360.0 - 180.0
    return strike.model_copy(
        update={
            "speed": float(min(max(v, 0.05), MAX_SPEED)),
            "angle": float(a),
            "side": float(side),
            "top": float(top),
        }
    )


#: The farthest a cue ball is taken to travel to its first ball (about the table's diagonal), m.
MAX_REACH = 3.6


def first_ball_distance(position: SnookerPosition, strike: SnookerStrike) -> float:
    """How far the cue ball travels along the stroke's line before it touches a ball (centre to
    the point of contact), :data:`MAX_REACH` when the line touches none; never below one radius."""
    layout = layout_of(position.pieces)
    start = strike.place_cue_ball if strike.place_cue_ball is not None else layout.get("white")
    if start is None:
        return MAX_REACH
    others = np.array([p for k, p in layout.items() if k != "white"], dtype=np.float64)
    if not len(others):
        return MAX_REACH
    a = math.radians(strike.angle)
    u = np.array([math.cos(a), math.sin(a)])
    rel = others - np.asarray(start, dtype=np.float64)
    along = rel @ u
    off2 = (rel * rel).sum(axis=1) - along * along
    hit = (along > 0.0) & (off2 < (2.0 * R) ** 2)
    if not hit.any():
        return MAX_REACH
    d = float(np.min(along[hit] - np.sqrt((2.0 * R) ** 2 - off2[hit])))
    return min(max(d, R), MAX_REACH)


def contact_sigma_deg(position: SnookerPosition, strike: SnookerStrike, contact: float) -> float:
    """A contact-point error of σ ``contact`` metres (noise.CueNoise.contact) as a direction σ in
    degrees for this stroke: contact / (distance to the first ball)."""
    if contact == 0.0:
        return 0.0
    return math.degrees(contact / first_ball_distance(position, strike))


def execute(
    position: SnookerPosition, strike: SnookerStrike, noise: CueNoise, rng: np.random.Generator
) -> SnookerStrike:
    """The stroke a player whose hand has ``noise`` plays in ``position`` when ``strike`` is
    intended: :func:`perturb` with the noise's direction, speed and tip σ, and its contact-point
    error as a direction σ for this stroke (:func:`contact_sigma_deg`)."""
    contact = contact_sigma_deg(position, strike, noise.contact)
    return perturb(strike, noise.direction_deg, noise.speed, noise.tip, rng, contact)
