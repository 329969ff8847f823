"""Snooker safeties and escapes from the contact windows of :mod:`.sweep`.

Every stroke that meets a ball on first is legal; which of them is a good safety is for the
evaluation to say (it prefers the strokes that leave the opponent no pot, or snookered). So the
candidates are strokes inside the windows of balls on, straight or off cushions, at the middle of
each window (the most robust contact: an escape) and near its edges (thin and thick contacts,
kept ``EDGE_SIGMAS`` direction errors inside so that the contact survives the player's noise),
each soft, medium and firm. A candidate carries the chance that the contact is made under the
level's noise as ``success`` and a foul and a free shot for the opponent as ``fail``, so the search
samples the safeties a player can actually play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cueboard.ai import explain
from cueboard.ai.search import Candidate
from cueboard.ai.snooker.evaluate import balls_on, free_placements
from cueboard.ai.snooker.sweep import HitWindow, contact_windows
from cueboard.games.snooker import (
    COLOURS_IN_ORDER,
    GAME,
    Choice,
    SnookerDeclaration,
    SnookerPosition,
    SnookerStrike,
    colour_of,
    is_red,
    layout_of,
)

#: The speeds the windows are swept at (m/s), each with the speeds its safeties are played at: a
#: cushion route found at one speed may fall short at a softer one, so the soft safeties come from
#: a soft sweep; a firmer stroke keeps nearly the same route.
SWEEPS: Final = ((1.2, (1.2,)), (2.6, (2.6, 3.4)))
#: The speed of a last sweep when neither reaches a ball on.
FIRM_SWEEP_SPEED: Final = 4.5
#: Windows per sweep turned into candidates: the widest first.
MAX_WINDOWS: Final = 5
#: How many direction errors (σ) a thin or thick contact keeps inside its window's edge.
EDGE_SIGMAS: Final = 2.5
#: What a missed contact costs (points): the foul (at least 4) and the opponent's free choice.
FOUL_VALUE: Final = -7.0


def _key(position: SnookerPosition) -> Callable[[str], str | None]:
    """What counts as the same legal first contact: every red alike when reds are on; each colour
    for itself otherwise (a colour on must be nominated before the stroke); with a free ball
    (S3 R10) any other ball too, nominated as the free ball."""
    on = set(balls_on(position))
    free = set(GAME.free_balls(position))

    def key(b: str) -> str | None:
        if b in on:
            return "red" if position.ball_on == "red" and is_red(b) else b
        return b if b in free else None

    return key


def cue_points(position: SnookerPosition) -> list[tuple[float, float] | None]:
    """Where the cue ball is played from: its place (None), or a few points of the D in hand."""
    if GAME.legal_placements(position) is None:
        return [None]
    pts = free_placements(position)
    out: list[tuple[float, float] | None] = list(pts[:: max(1, len(pts) // 2)][:2])
    return out


def _declaration(position: SnookerPosition, window: HitWindow) -> SnookerDeclaration:
    choice = Choice.PLAY if GAME.choices(position) else None
    if window.ball != "red" and window.ball not in balls_on(position):
        return SnookerDeclaration(free_ball=window.ball, choice=choice)
    nominated = window.ball if position.ball_on == "colour" and window.ball in COLOURS_IN_ORDER else None
    return SnookerDeclaration(nominated=nominated, choice=choice)


def safety_candidates(position: SnookerPosition, sigma_deg: float) -> list[Candidate]:
    """Strokes inside the widest contact windows of the balls on (module docstring)."""
    layout = layout_of(position.pieces)
    if not position.in_hand and "white" not in layout:
        return []
    key = _key(position)
    out: list[Candidate] = []
    for cue in cue_points(position):
        sweeps = [(contact_windows(position, v, cue, key), speeds) for v, speeds in SWEEPS]
        if not any(w for w, _ in sweeps):  # no route at those speeds: a firmer stroke goes further
            sweeps = [(contact_windows(position, FIRM_SWEEP_SPEED, cue, key), (FIRM_SWEEP_SPEED,))]
        for windows, speeds in sweeps:
            for w in sorted(windows, key=lambda w: -w.width)[:MAX_WINDOWS]:
                out += _window_candidates(position, w, speeds, sigma_deg, cue)
    return out


def _window_candidates(
    position: SnookerPosition,
    w: HitWindow,
    speeds: tuple[float, ...],
    sigma_deg: float,
    cue: tuple[float, float] | None,
) -> list[Candidate]:
    """The middle of ``w`` and, when it is wide enough, its two edges ``EDGE_SIGMAS`` inside."""
    margin = EDGE_SIGMAS * sigma_deg
    angles = {"middle": w.centre}
    if w.width > 2.0 * margin + 0.5:
        angles["left edge"] = w.hi - margin
        angles["right edge"] = w.lo + margin
    out = []
    for where, angle in angles.items():
        p = w.contact_probability(angle, sigma_deg)
        for speed in speeds:
            strike = SnookerStrike(
                speed=speed,
                angle=(angle + 180.0) % 360.0 - 180.0,
                place_cue_ball=cue if position.in_hand else None,
            )
            out.append(
                Candidate(
                    _declaration(position, w),
                    strike,
                    f"safety on {w.ball} ({where} of a {w.width:.1f}° window) at {speed:g} m/s",
                    prior=2.5,
                    success=p,
                    fail=FOUL_VALUE,
                    explanation=explain.snooker_safety(colour_of(w.ball)),
                )
            )
    return out
