"""Snooker shot ideas: pots with speed and spin for position, safeties, escapes from snookers
via one and two cushions, the break-off, free-ball pots.

- Pots: ghost-ball aim at every ball on into every open pocket (:mod:`.geometry`); the speed
  that gets the object ball to the pocket (from the cloth's deceleration, measured once through
  the physics) times 1, 1.5 and 2.2, each with follow, stun or screw; the search then picks by the
  position the cue ball is left in (:mod:`.evaluate`).
- Safeties and escapes: strokes inside the contact windows of the balls on, found by sweeping
  the stroke direction through the physics (:mod:`.safety`, :mod:`.sweep`).
- In hand: every pot idea is played from the D point that makes it most likely.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from cueboard.ai import explain
from cueboard.ai.noise import CueNoise
from cueboard.ai.search import Candidate
from cueboard.ai.snooker.evaluate import MISS_COST, balls_on, best_pots, free_placements
from cueboard.ai.snooker.geometry import angle_deg
from cueboard.ai.snooker.safety import safety_candidates
from cueboard.engine.events import Event, EventKind
from cueboard.games.snooker import (
    COLOURS_IN_ORDER,
    GAME,
    MAX_SPEED,
    STANDARD_PHYSICS,
    STANDARD_TABLE,
    Choice,
    SnookerDeclaration,
    SnookerPosition,
    SnookerStrike,
    ball_ids,
    colour_of,
    is_red,
    layout_of,
    make_ball,
    squirt_angle,
)
from cueboard.records.base import PieceState

T = STANDARD_TABLE
R = T.ball_radius
#: Tip offsets (fractions of the radius) for follow, stun and screw.
SPINS = ((0.5, "follow"), (0.2, "roll"), (0.0, "stun"), (-0.3, "screw"), (-0.6, "deep screw"))
SPEED_FACTORS = (1.0, 1.3, 1.7, 2.3, 3.0)
MAX_POTS = 4
#: What the search expects of a missed pot when it ranks the candidates to sample (points): the
#: opponent is often left a pot. A pot's sampling rank is P(pot) × screen + (1 - P(pot)) × this.
MISS_VALUE = -MISS_COST


@cache
def cloth_decel() -> float:
    """Effective deceleration of a ball on the cloth (m/s²): a lone cue ball struck at 1 m/s
    through the physics travels d, and a = v²/(2d) (sliding then rolling, lumped)."""
    from cueboard.games.snooker import GAME

    pieces = tuple(
        make_ball("white", 0.0, 0.5) if b == "white" else make_ball(b, state=PieceState.POCKETED)
        for b in ball_ids(15)
    )
    lone = SnookerPosition(pieces=pieces, in_hand=False)
    _, out = GAME.simulate(lone, SnookerDeclaration(), SnookerStrike(speed=1.0, angle=90.0))
    white = next(p for p in out.final if p.id == "white")
    d = math.hypot(white.x, white.y - 0.5)
    return 1.0 / (2.0 * max(d, 0.05))


def pot_speed(d_cue: float, d_obj: float, cut_deg: float) -> float:
    """Cue-ball speed that brings the object ball to the pocket with about 0.3 m/s left."""
    a = cloth_decel()
    v_obj = math.sqrt(2 * a * d_obj + 0.09)
    v_contact = v_obj / (0.96 * max(math.cos(math.radians(cut_deg)), 0.2))
    return math.sqrt(v_contact**2 + 2 * a * d_cue)


def _strike(speed: float, angle: float, top: float, place: tuple[float, float] | None) -> SnookerStrike:
    return SnookerStrike(
        speed=float(min(max(speed, 0.1), min(MAX_SPEED, 7.0))),
        angle=float(angle),
        top=top,
        place_cue_ball=place,
    )


def object_direction(
    events: tuple[Event, ...] | list[Event], ball: str, start: tuple[float, float]
) -> float | None:
    """Direction (radians) the object ball ``ball`` took from ``start`` after the cue ball hit it:
    towards its first recorded position after the contact (object balls run straight until
    their first cushion). None when the cue ball did not touch it first."""
    hit = False
    for e in events:
        if e.kind is EventKind.COLLISION and ball in e.bodies:
            if "white" not in e.bodies:
                return None
            hit = True
            continue
        moved = e.x is not None and e.y is not None and math.hypot(e.x - start[0], e.y - start[1]) > 1e-4
        if hit and e.bodies == (ball,) and moved:
            assert e.x is not None and e.y is not None
            return math.atan2(e.y - start[1], e.x - start[0])
    return None


def refine_aim(
    position: SnookerPosition,
    decl: SnookerDeclaration,
    strike: SnookerStrike,
    ball: str,
    start: tuple[float, float],
    target: tuple[float, float],
    d_cue: float,
    cut_deg: float,
    rounds: int = 2,
) -> SnookerStrike:
    """Correct the ghost-ball aim for throw and the cloth by simulation: play the stroke, measure
    the object ball's direction, turn the stroke by the error over the first-order sensitivity
    dφ_obj/dθ = -d_cue / (2R cos cut) (see :mod:`.geometry`), and repeat."""
    from cueboard.games.snooker import simulate_shot

    want = math.atan2(target[1] - start[1], target[0] - start[0])
    k = d_cue / (2 * R * max(math.cos(math.radians(cut_deg)), 0.15))
    best = strike
    for _ in range(rounds):
        try:
            events, _ = simulate_shot(position, best)
        except (ValueError, RuntimeError):
            return best
        got = object_direction(events, ball, start)
        if got is None:
            return best
        err = (want - got + math.pi) % (2 * math.pi) - math.pi
        if abs(err) < 1e-4:
            break
        best = best.model_copy(update={"angle": best.angle - math.degrees(err / k)})
    return best


def declaration_for(position: SnookerPosition, target: str, free_ball: bool = False) -> SnookerDeclaration:
    """The declaration that goes with playing at ``target``: the nomination when the ball on is
    "any colour", the free ball when one is taken, "play" when a choice after a foul is open."""
    choice = Choice.PLAY if GAME.choices(position) else None
    if free_ball:
        return SnookerDeclaration(free_ball=target, choice=choice)
    nominated = target if position.ball_on == "colour" and target in COLOURS_IN_ORDER else None
    return SnookerDeclaration(nominated=nominated, choice=choice)


def pot_candidates(position: SnookerPosition, sigma_deg: float, refine: bool = True) -> list[Candidate]:
    """Pots of the balls on (and of a free ball when one is awarded); ``refine`` corrects each
    aim through the physics (:func:`refine_aim`)."""
    out: list[Candidate] = []
    options = [(o, c, False) for o, c in best_pots(position, sigma_deg)[:MAX_POTS]]
    free_balls = list(GAME.free_balls(position))  # the balls the referee takes as a free ball (S3 R10)
    if free_balls:
        options += [(o, c, True) for o, c in best_pots(position, sigma_deg, targets=free_balls)[:3]]
    in_hand = GAME.legal_placements(position) is not None
    layout = layout_of(position.pieces)
    for o, cue, free in options:
        decl = declaration_for(position, o.ball, free)
        base = pot_speed(o.distance_cue, o.distance_obj, o.cut)
        aim = PotAim(o.ball, layout[o.ball], o.target, o.distance_cue, o.cut)
        place = cue if in_hand else None
        for top, spin in SPINS:
            # throw changes with speed and spin (by a centimetre or more at the pocket on a cut):
            # the aim is corrected at the middle speed, then from there at each other speed
            mid_f = SPEED_FACTORS[len(SPEED_FACTORS) // 2]
            mid = _strike(base * mid_f, o.angle, top, place)
            if refine:
                mid = aim.refine(position, decl, mid, rounds=2)
            for f in SPEED_FACTORS:
                strike = mid
                if f != mid_f:
                    strike = mid.model_copy(update={"speed": _strike(base * f, 0, 0, None).speed})
                    if refine:
                        strike = aim.refine(position, decl, strike, rounds=1)
                out.append(
                    Candidate(
                        decl,
                        strike,
                        f"pot {o.ball} into {o.pocket.name} ({spin}, x{f:g})"
                        + (" free ball" if free else ""),
                        prior=o.probability * 10 - f,
                        success=o.probability,
                        fail=MISS_VALUE,
                        meta=(aim,),
                        family=f"{o.ball} {o.pocket.name} {spin} x{f:g}",
                        explanation=explain.snooker_pot(colour_of(o.ball), o.pocket.name, free),
                    )
                )
    return out


@dataclass(frozen=True)
class PotAim:
    """What correcting a pot's aim needs: the object ball, where it starts, the target point, the
    cue ball's distance to the ghost ball and the cut (see :func:`refine_aim`)."""

    ball: str
    start: tuple[float, float]
    target: tuple[float, float]
    distance_cue: float
    cut: float

    def refine(
        self, position: SnookerPosition, decl: SnookerDeclaration, strike: SnookerStrike, rounds: int
    ) -> SnookerStrike:
        return refine_aim(
            position, decl, strike, self.ball, self.start, self.target, self.distance_cue, self.cut, rounds
        )


def break_off_candidates(position: SnookerPosition) -> list[Candidate]:
    """The break-off: from the D beside the yellow or the green, a thin contact on the end red of
    the back row... of the pack's near side, to bring the cue ball back to baulk off the cushions."""
    layout = layout_of(position.pieces)
    reds = [(b, p) for b, p in layout.items() if is_red(b)]
    out: list[Candidate] = []
    for place in ((0.22, T.baulk_y - 0.001), (-0.22, T.baulk_y - 0.001), (0.12, T.baulk_y - 0.001)):
        if not free_placements(position) or not T.in_d(*place):
            continue
        # the outermost red of the pack's apex-side rows on the placement's side
        sgn = 1.0 if place[0] > 0 else -1.0
        b, (bx, by) = max(reds, key=lambda bp: sgn * bp[1][0] - 0.3 * bp[1][1])
        d = math.dist(place, (bx, by))
        base = math.atan2(by - place[1], bx - place[0])
        for frac in (0.85, 0.93):
            off = math.asin(min(1.0, frac * 2 * R / d)) * sgn
            for speed in (4.0, 5.0, 6.0):
                for side in (0.0, -0.3 * sgn):
                    out.append(
                        Candidate(
                            declaration_for(position, b),
                            SnookerStrike(
                                speed=speed, angle=math.degrees(base + off), side=side, place_cue_ball=place
                            ),
                            f"break-off off {b}",
                            prior=1.0,
                            explanation=explain.snooker_break_off(),
                        )
                    )
    return out


def candidates(
    position: SnookerPosition, sigma_deg: float, pot_first: float | None = None,
    pot_floor: float | None = None, noise: CueNoise | None = None, foul_checks: int = 0,
) -> list[Candidate]:
    """Every shot idea for the player to move; never empty. With ``pot_first``, safeties are
    offered only when no pot is at least that likely (a weaker player's style); with
    ``pot_floor``, pots less likely than that are not offered when a safety is (a professional's
    style: the search's noisy samples overrate a risky pot that happened to drop); with ``noise``
    and ``foul_checks``, the safeties are checked for fouls under that noise
    (:func:`.safety.safety_candidates`)."""
    reds = position.reds_on_table()
    full_rack = position.in_hand and len(reds) == position.rules.reds and position.scores == (0, 0)
    if full_rack and position.break_points == 0 and not GAME.choices(position):
        out = break_off_candidates(position)
        if out:
            return out
    out = pot_candidates(position, sigma_deg)
    # safeties (and escapes when snookered) compete with the pots
    if pot_first is None or not any(c.success >= pot_first for c in out):
        safeties = safety_candidates(position, sigma_deg, noise, foul_checks)
        if pot_floor is not None and safeties:
            out = [c for c in out if c.success >= pot_floor]
        out += safeties
    return out or _fallback(position)


#: Local variations of a pot (speed factor, change of top spin, side) the search screens around its
#: best pots: the grid of SPEED_FACTORS × SPINS leaves the cue ball in 25 places; these move it
#: between, and side (its squirt and throw corrected with the rest of the aim) changes the angle
#: the cue ball leaves a cushion at.
VARIATIONS = ((0.88, 0.0, 0.0), (0.94, 0.0, 0.0), (1.06, 0.0, 0.0), (1.12, 0.0, 0.0), (1.0, -0.15, 0.0),
              (1.0, 0.15, 0.0), (0.94, -0.1, 0.0), (1.06, 0.1, 0.0), (1.0, 0.0, 0.35), (1.0, 0.0, -0.35),
              (1.1, 0.0, 0.35), (1.1, 0.0, -0.35))


def _squirt(side: float) -> float:
    """The cue ball's squirt (radians) for ``side`` with the standard ball and cue."""
    return squirt_angle(side, T.ball_mass, STANDARD_PHYSICS.cue_end_mass)


def variations(
    position: SnookerPosition, candidate: Candidate[SnookerDeclaration, SnookerStrike]
) -> list[Candidate[SnookerDeclaration, SnookerStrike]]:
    """Pots like ``candidate`` with a little more or less speed and top spin, each aim corrected
    again for its throw; nothing for other shots."""
    strike = candidate.strike
    aim = candidate.meta[0] if candidate.meta else None
    if not isinstance(aim, PotAim):
        return []
    out = []
    for factor, dtop, side in VARIATIONS:
        top = float(min(max(strike.top + dtop, -0.6), 0.6))
        speed = float(min(max(strike.speed * factor, 0.1), min(MAX_SPEED, 7.0)))
        if speed == strike.speed and top == strike.top and side == strike.side:
            continue
        # side squirts the cue ball off its line (Alciatore TP A.31): aim against the squirt first,
        # then correct through the physics as for throw
        squirt = math.degrees(_squirt(side) - _squirt(strike.side))
        update = {"speed": speed, "top": top, "side": side, "angle": strike.angle - squirt}
        varied = aim.refine(
            position, candidate.declaration, strike.model_copy(update=update), rounds=2 if side else 1
        )
        out.append(
            Candidate(
                candidate.declaration,
                varied,
                f"{candidate.label} varied (x{factor:g} speed, {dtop:+.2f} top, {side:+.2f} side)",
                candidate.prior,
                candidate.success,
                candidate.fail,
                candidate.meta,
                candidate.family,
                candidate.explanation,
            )
        )
    return out


def _fallback(position: SnookerPosition) -> list[Candidate]:
    """A firm shot towards the first ball on (never needed in practice; keeps the list non-empty)."""
    layout = layout_of(position.pieces)
    on = [b for b in balls_on(position) if b in layout] or [b for b in layout if b != "white"]
    layout_cue = layout.get("white")
    placements = free_placements(position)
    cue = layout_cue if layout_cue is not None and not position.in_hand else (
        placements[0] if placements else (0.0, T.baulk_y - 0.1))
    b = on[0]
    return [
        Candidate(
            declaration_for(position, b),
            _strike(3.0, angle_deg(cue, layout[b]), 0.0, cue if position.in_hand else None),
            f"hit {b}",
            0.0,
            explanation=explain.snooker_hit(colour_of(b)),
        )
    ]
