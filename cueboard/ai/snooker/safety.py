"""Snooker safeties and escapes from the contact windows of :mod:`.sweep`.

Every stroke that meets a ball on first is legal; which of them is a good safety is for the
evaluation to say (it prefers the strokes that leave the opponent no pot, or snookered). So the
candidates are strokes inside the windows of balls on, straight or off cushions, at the middle of
each window (the most robust contact: an escape) and near its edges (thin and thick contacts,
kept ``EDGE_SIGMAS`` direction errors inside so that the contact survives the player's noise),
each soft, medium and firm. A candidate carries the chance that the contact is made under the
level's noise as ``success`` and a foul and a free shot for the opponent as ``fail``, so the search
samples the safeties a player can actually play.

With ``foul_checks`` (the tournament study, :data:`cueboard.ai.snooker.player.STUDY_FOUL_CHECKS`)
each candidate is also played that many times through the fast physics with the player's whole
execution noise (direction, speed, tip), and what share of those plays foul is counted
(:func:`foul_share`: no ball hit, a first contact not on, the cue ball or a ball not on potted).
The contact-window estimate covers the direction error alone, and the swept route was found with
the stroke's speed exact: at the pool robots' noise the firm safeties (2.6 and 3.4 m/s) fouled
2.3-3.6% of the times they were played and the soft ones 0.3% (docs/ai-calibration.md, "Stronger at the
tournament noise"). A candidate's ``success`` is then the smaller of the two estimates, and the
candidates that fouled in more than :data:`MAX_FOUL_SHARE` of their plays are dropped while at
least :data:`MIN_KEPT` others are left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final

import numpy as np

from cueboard.ai import explain
from cueboard.ai.noise import CueNoise
from cueboard.ai.search import Candidate
from cueboard.ai.snooker.evaluate import balls_on, free_placements
from cueboard.ai.snooker.hand import contact_sigma_deg, perturb
from cueboard.ai.snooker.sweep import HitWindow, contact_windows
from cueboard.games.snooker import (
    COLOURS_IN_ORDER,
    GAME,
    Choice,
    PositionError,
    ShotSetup,
    SnookerDeclaration,
    SnookerPosition,
    SnookerStrike,
    colour_of,
    is_red,
    layout_of,
    play_fast,
    prepare,
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
#: A checked candidate that fouled in more than this share of its noisy plays is dropped ...
MAX_FOUL_SHARE: Final = 0.1
#: ... while at least this many candidates (the least foul-prone) are left.
MIN_KEPT: Final = 4


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


def foul_share(
    position: SnookerPosition,
    setup: ShotSetup,
    strike: SnookerStrike,
    ball: str,
    key: Callable[[str], str | None],
    noise: CueNoise,
    n: int,
) -> float:
    """The share of ``n`` plays of ``strike`` with ``noise`` (through :func:`play_fast`, from
    ``setup``) that foul for a safety on ``ball`` (a :func:`_key` name): the cue ball meets no
    ball, or first a ball whose key is not ``ball`` (S3 R12(a)-(b)), or the cue ball or a ball
    whose key is not ``ball`` drops (S3 R12(c)-(d); with a free ball the ball on dropping counts
    too, which overstates the risk of those rare strokes). The draws come from a generator seeded
    0, so every candidate meets the same errors."""
    rng = np.random.default_rng(0)
    contact = contact_sigma_deg(position, strike, noise.contact)
    fouls = 0
    for _ in range(n):
        played = perturb(strike, noise.direction_deg, noise.speed, noise.tip, rng, contact)
        try:
            shot = play_fast(setup, played)
        except (ValueError, RuntimeError):
            fouls += 1
            continue
        first = {key(setup.ids[i]) for i in shot.first_contacts}
        potted = {None if b == setup.cue else key(setup.ids[b]) for b, _ in shot.potted}
        fouls += first != {ball} or not potted <= {ball}
    return fouls / n


def safety_candidates(
    position: SnookerPosition, sigma_deg: float, noise: CueNoise | None = None, foul_checks: int = 0
) -> list[Candidate]:
    """Strokes inside the widest contact windows of the balls on (module docstring); with
    ``noise`` and ``foul_checks`` > 0 each is checked for fouls under that noise."""
    layout = layout_of(position.pieces)
    if not position.in_hand and "white" not in layout:
        return []
    key = _key(position)
    out: list[Candidate] = []
    shares: list[float] = []
    for cue in cue_points(position):
        sweeps = [(contact_windows(position, v, cue, key), speeds) for v, speeds in SWEEPS]
        if not any(w for w, _ in sweeps):  # no route at those speeds: a firmer stroke goes further
            sweeps = [(contact_windows(position, FIRM_SWEEP_SPEED, cue, key), (FIRM_SWEEP_SPEED,))]
        setup = None
        if noise is not None and foul_checks > 0:
            try:
                setup = prepare(position, place_cue_ball=cue if position.in_hand else None)
            except PositionError:
                setup = None
        for windows, speeds in sweeps:
            for w in sorted(windows, key=lambda w: -w.width)[:MAX_WINDOWS]:
                for c in _window_candidates(position, w, speeds, sigma_deg, cue):
                    if setup is not None and noise is not None:
                        share = foul_share(position, setup, c.strike, w.ball, key, noise, foul_checks)
                        c = replace(c, success=min(c.success, 1.0 - share))
                        shares.append(share)
                    out.append(c)
    if shares and len(shares) == len(out):
        limit = max(MAX_FOUL_SHARE, sorted(shares)[min(MIN_KEPT, len(shares)) - 1])
        out = [c for c, share in zip(out, shares, strict=True) if share <= limit]
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
