"""Contact windows: which ball the cue ball meets first, for every stroke direction.

A safety or an escape needs a stroke whose first contact is a ball on, and that keeps it so under
the player's direction error. Geometry alone cannot say where a cushion route with spin and the
cushion's friction sends the cue ball, so the AI asks the physics: it plays the stroke at every
direction around the compass (``STEP_DEG`` apart, plain ball, one speed) with
:func:`cueboard.games.snooker.physics.play_fast`, records the first ball touched, and merges
neighbouring directions with the same first ball into a :class:`HitWindow`. The windows of balls
on are the legal strokes at that speed, straight or off any number of cushions; a window's width
is its margin for error (the "angle sweep" of Landry & Dussault's and Archibald et al.'s
computational-pool players, who search shot parameters by simulation where geometry runs out).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cueboard.games.snooker import PositionError, SnookerPosition, SnookerStrike, play_fast, prepare

#: Spacing of the swept directions, degrees: a direct hit on a ball 3 m away spans about 2°.
STEP_DEG: Final = 0.75


@dataclass(frozen=True)
class HitWindow:
    """Stroke directions ``lo``..``hi`` (degrees, ``lo`` <= ``hi``, ``hi`` possibly beyond 180)
    whose first contact at the swept speed is ``ball`` (or the group the sweep's key names);
    ``n`` swept directions lie inside."""

    ball: str
    lo: float
    hi: float
    n: int

    @property
    def width(self) -> float:
        return self.hi - self.lo

    @property
    def centre(self) -> float:
        return 0.5 * (self.lo + self.hi)

    def contact_probability(self, angle: float, sigma_deg: float) -> float:
        """Chance that a stroke aimed at ``angle`` with direction error N(0, σ²) stays inside the
        window. Each edge lies between a swept direction inside and the next one outside: it is
        taken half a step out."""
        lo, hi = self.lo - 0.5 * STEP_DEG, self.hi + 0.5 * STEP_DEG
        if sigma_deg <= 0.0:
            return 1.0 if lo <= angle <= hi else 0.0
        s = sigma_deg * math.sqrt(2.0)
        return max(0.0, 0.5 * (math.erf((hi - angle) / s) - math.erf((lo - angle) / s)))


def contact_windows(
    position: SnookerPosition,
    speed: float,
    cue: tuple[float, float] | None = None,
    key: Callable[[str], str | None] = lambda ball: ball,
) -> list[HitWindow]:
    """Every window of first contacts around the compass for the cue ball at its place (or at
    ``cue`` when in hand), struck plainly at ``speed``. ``key`` names what counts as the same
    contact (e.g. "red" for every red when any red is on) or None for a contact that does not
    count; strokes that touch no ball, or two at once, form no window. Empty when the position
    cannot be played."""
    try:
        setup = prepare(position, place_cue_ball=cue if position.in_hand else None)
    except PositionError:
        return []
    steps = round(360.0 / STEP_DEG)
    first: list[str | None] = []
    for k in range(steps):
        angle = -180.0 + k * STEP_DEG
        strike = SnookerStrike.model_construct(
            speed=speed, angle=angle, elevation=0.0, side=0.0, top=0.0, place_cue_ball=None
        )
        try:
            shot = play_fast(setup, strike)
        except (ValueError, RuntimeError):
            first.append(None)
            continue
        contacts = shot.first_contacts
        first.append(key(setup.ids[contacts[0]]) if len(contacts) == 1 else None)
    return _windows(first)


def _windows(first: list[str | None]) -> list[HitWindow]:
    """Runs of equal first contacts, the run across ±180° joined."""
    steps = len(first)
    if not steps:
        return []
    # start at a change so that no run wraps past the list's end
    start = next((k for k in range(steps) if first[k] != first[k - 1]), None)
    if start is None:
        ball = first[0]
        return [] if ball is None else [HitWindow(ball, -180.0, 180.0, steps)]
    out: list[HitWindow] = []
    k = 0
    while k < steps:
        i = (start + k) % steps
        ball = first[i]
        n = 1
        while k + n < steps and first[(start + k + n) % steps] == ball:
            n += 1
        if ball is not None:
            lo = -180.0 + ((start + k) % steps) * STEP_DEG
            lo = lo if lo < 180.0 else lo - 360.0
            out.append(HitWindow(ball, lo, lo + (n - 1) * STEP_DEG, n))
        k += n
    return out
