"""The novuss AI: direct and rebound pots, dark-disc strategy, avoiding penalties, and using the
striker to leave discs light (rules/novuss.md; seed 004).

Shot ideas, from striker placements in the seat's own edge zone:
- direct pots: every own light disc into every pocket — the striker aimed at the ghost point
  (centres R_striker + r_disc apart on the disc-pocket line), placed either on that line's
  extension (a straight pot) or at a spread of points across the zone (cut pots);
- rebound pots: own dark discs (and light ones a direct stroke cannot reach) by a stroke off the
  opposite rail — the aim point is the ghost point mirrored in the rail line the striker's
  centre bounces from (equal angles, a first-order model of the cushion);
- when no direct pot is open: soft direct strokes onto an own light disc that push it out of the
  circle / zone so that it is left light for the next turn, elsewhere.
The search plays each idea through the physics and the referee, so a stroke that would break a
penalty rule (first contact with an opponent's disc, a dark disc hit directly, the striker
pocketed...) is found and scored down by what the referee rules, not by a separate check.

Evaluation for the striking side: +10 per own disc pocketed, -10 per opponent disc pocketed,
-12 for a penalty (a disc comes back and the turn is lost), the next stroke's prospects (keeping
the turn is worth the share of own discs that are light), -1.5 per own dark disc, +1 per
opponent dark disc; a won game ±1000.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, Final

import numpy as np

from cueboard.ai import explain
from cueboard.ai.agent import Decision
from cueboard.ai.noise import DiscNoise, check_level, check_noise_scale, gaussian
from cueboard.ai.search import REFUSED_VALUE, Candidate, play_through
from cueboard.errors import PlacementError
from cueboard.games.clearance import path_clear
from cueboard.games.novuss import (
    MAX_SPEED,
    NovussDeclaration,
    NovussPosition,
    NovussRuling,
    NovussStrike,
    check_striker_placement,
    depth,
    is_dark,
    point,
    side_of,
)
from cueboard.games.novuss import STANDARD_BOARD as B
from cueboard.records.base import Piece
from cueboard.records.ruling import Call

if TYPE_CHECKING:
    from cueboard.ai.match import FrameResult
    from cueboard.ai.stats import SideStats

#: Execution noise per level. A novuss stroke crosses up to ~0.9 m to a disc that then runs
#: ~0.3-0.6 m to a pocket 100 mm wide (50 mm more than a disc): the pocket takes about ±17 mm,
#: so 'pro' (0.2° direction, 2.5% speed, 1 mm placement) pots a 0.6 m + 0.4 m straight pot nearly
#: always. No published statistics of novuss players exist to calibrate to (docs/ai-calibration.md,
#: "Novuss"), so the levels are spaced for the ladder (the goal: each level wins >= 80 % of games
#: against the one below, the pro >= 90 % against the club player): the club player's direction
#: error 4.5 times the pro's, the amateur's and the beginner's about 2.4 and 2 times the level
#: above's. 0.2 / 0.6 / 1.4 / 2.8° left the pro winning 83 % and the amateur 78 % of their games;
#: the screens that chose these are in docs/ai-calibration.md ("Novuss").
NOISE: Final[dict[str, DiscNoise]] = {
    "perfect": DiscNoise(0.0, 0.0, 0.0, 0.0),
    "pro": DiscNoise(direction_deg=0.2, speed_rel=0.025, speed=0.008, start=0.001),
    "club": DiscNoise(direction_deg=0.9, speed_rel=0.055, speed=0.018, start=0.0025),
    "amateur": DiscNoise(direction_deg=2.2, speed_rel=0.09, speed=0.027, start=0.004),
    "beginner": DiscNoise(direction_deg=4.5, speed_rel=0.14, speed=0.045, start=0.0065),
}

RS, RD = B.striker_radius, B.disc_radius
#: Depth of the striker's centre in its own zone: as far forward as the zone line allows, and
#: at the rail.
U_FRONT = B.edge_zone_line(0) + B.line_width / 2 + RS + 0.0005
U_BACK = B.half - RS - 0.0005
LATERALS: Final = tuple(np.linspace(-0.36, 0.36, 9))
_DECL = NovussDeclaration()


@cache
def friction_decel() -> float:
    """μg of the disc physics for the striker (m/s²), from a calibration stroke on an empty
    lane: the striker of seat 0 struck along +x from its zone stops after v²/(2μg)."""

    from cueboard.games.novuss import simulate_stroke
    from cueboard.records.base import PieceState

    start = point(0, (U_FRONT + U_BACK) / 2, -0.3)
    striker = Piece(id="striker0", kind="striker", owner=0, x=start[0], y=start[1], state=PieceState.ON_TABLE)
    v = 0.5
    _, final = simulate_stroke((striker,), "striker0", (v, 0.0))
    end = next(p for p in final if p.id == "striker0")
    d = math.hypot(end.x - start[0], end.y - start[1])
    return v * v / (2.0 * max(d, 1e-6))


def _speed_for(distance: float, extra: float) -> float:
    return min(math.sqrt(2.0 * friction_decel() * (distance + extra)), MAX_SPEED)


def _angle(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))


def placements(position: NovussPosition) -> list[tuple[float, float]]:
    """Legal striker placements across the seat's zone, at the front of it."""
    seat = position.to_move
    out = []
    for v in LATERALS:
        for u in (U_FRONT, (U_FRONT + U_BACK) / 2):
            x, y = point(seat, u, float(v))
            if check_striker_placement(seat, x, y, position.pieces) is None:
                out.append((x, y))
                break
    return out


def _ghost(disc: tuple[float, float], pocket: tuple[float, float]) -> tuple[float, float] | None:
    dx, dy = pocket[0] - disc[0], pocket[1] - disc[1]
    d = math.hypot(dx, dy)
    if d < 1e-9:
        return None
    k = (RS + RD) / d
    return (disc[0] - dx * k, disc[1] - dy * k)


def _mirror(p: tuple[float, float], seat_far: int) -> tuple[float, float]:
    """``p`` mirrored in the line the striker's centre bounces from at ``seat_far``'s rail."""
    wall = B.half - RS
    x, y = p
    if seat_far == 0:
        return (x, -2 * wall - y)
    if seat_far == 2:
        return (x, 2 * wall - y)
    if seat_far == 1:
        return (-2 * wall - x, y)
    return (2 * wall - x, y)


def candidates(position: NovussPosition) -> list[Candidate]:
    """The stroke ideas for the seat to move (module docstring); never empty."""
    seat = position.to_move
    side = side_of(seat, position.players)
    far = (seat + 2) % 4
    spots = placements(position)
    if not spots:
        raise PlacementError(f"novuss: no legal striker placement for seat {seat}")
    on = [p for p in position.pieces if p.on_table and p.kind == "disc"]
    own = [p for p in on if p.owner == side]
    light = [p for p in own if not is_dark(seat, p.x, p.y)]
    dark = [p for p in own if is_dark(seat, p.x, p.y)]
    pockets = B.pocket_centres
    out: list[Candidate] = []

    def add(
        s: tuple[float, float],
        aim: tuple[float, float],
        dist: float,
        extra: float,
        label: str,
        prior: float,
        target: str | None,
        explanation: Call,
    ) -> None:
        speed = _speed_for(dist, extra)
        out.append(
            Candidate(
                NovussDeclaration(target=target),
                NovussStrike(x=s[0], y=s[1], speed=max(speed, 0.05), angle=_angle(s, aim)),
                label,
                prior,
                family=f"{label} from {s[0]:.3f},{s[1]:.3f}",
                explanation=explanation,
            )
        )

    for disc in light:
        others = [(q.x, q.y) for q in on if q.id != disc.id]
        for pname, pc in pockets.items():
            g = _ghost((disc.x, disc.y), pc)
            if g is None or not path_clear((disc.x, disc.y), pc, others, (2 * RD) / 1.0 * 0.999):
                continue
            d_obj = math.dist((disc.x, disc.y), pc)
            for s in spots:
                d_cue = math.dist(s, g)
                cut = abs(((_angle(s, g) - _angle((disc.x, disc.y), pc)) + 180) % 360 - 180)
                if cut > 55 or not path_clear(s, g, others, (RS + RD) * 0.999):
                    continue
                # the disc leaves at about 1.6 cos(cut) of the striker's speed (4:1 masses)
                extra = d_obj / (1.6 * math.cos(math.radians(cut))) ** 2 + 0.15
                add(s, g, d_cue, extra, f"pot {disc.id} into {pname}", 3.0 - cut / 30.0, disc.id,
                    explain.novuss_pot(pname))
    direct = len(out)
    for disc in dark + (light if not out else []):
        others = [(q.x, q.y) for q in on if q.id != disc.id]
        for pname, pc in pockets.items():
            if depth(seat, pc[0], pc[1]) < 0:
                continue  # rebounds come back towards the own side: own-side pockets
            g = _ghost((disc.x, disc.y), pc)
            if g is None:
                continue
            gm = _mirror(g, far)
            for s in spots[::2]:
                d = math.dist(s, gm)
                add(
                    s,
                    gm,
                    d,
                    math.dist((disc.x, disc.y), pc) + 0.2,
                    f"rebound {disc.id} into {pname}",
                    1.0,
                    disc.id,
                    explain.novuss_rebound(pname),
                )
    if direct == 0 or len(out) < 4:
        # no direct pot: move a light disc somewhere else as well (a rebound the physics never
        # drops would otherwise be tried stroke after stroke)
        for disc in light or own:
            for s in spots[::2]:
                add(
                    s,
                    (disc.x, disc.y),
                    math.dist(s, (disc.x, disc.y)),
                    0.25,
                    f"push {disc.id} light",
                    0.5,
                    disc.id,
                    explain.novuss_push(),
                )
    if not out:  # a rebound off the opposite rail straight back: always legal to try
        s = spots[len(spots) // 2]
        aim = point(far, B.half, -0.1)  # the opposite rail, 0.1 m off its middle line
        add(s, aim, 1.6, 0.2, "rebound safety", 0.0, own[0].id if own else None, explain.novuss_safety())
    return out


#: Local variations of a pot or rebound (direction change in degrees, speed factor) the search
#: screens around its best strokes: the rebound's aim comes from mirroring in the rail, a first-order
#: model the rail's friction and restitution bend by a degree or two, and a stroke that misses by
#: that at the pro's small noise misses the same way every time (a disc was left for 50 strokes).
VARIATIONS: Final = ((-0.4, 1.0), (0.4, 1.0), (-0.8, 1.0), (0.8, 1.0), (-1.6, 1.0), (1.6, 1.0),
                     (0.0, 0.9), (0.0, 1.15))


def variations(candidate: Candidate) -> list[Candidate]:
    """Strokes like a pot or rebound ``candidate``, turned a little or played softer or firmer."""
    strike = candidate.strike
    if not isinstance(strike, NovussStrike) or not candidate.label.startswith(("pot", "rebound")):
        return []
    return [
        Candidate(
            candidate.declaration,
            strike.model_copy(update={"angle": strike.angle + turn,
                                      "speed": float(min(strike.speed * factor, MAX_SPEED))}),
            f"{candidate.label} ({turn:+g}°, x{factor:g} speed)",
            candidate.prior,
            family=candidate.family,
            explanation=candidate.explanation,
        )
        for turn, factor in VARIATIONS
    ]


def evaluate(before: NovussPosition, after: NovussPosition, ruling: NovussRuling, seat: int) -> float:
    """The striking side's value of the position left (module docstring)."""
    side = side_of(seat, before.players)
    if ruling.winner is not None:
        return 1000.0 if ruling.winner == side else -1000.0
    v = 10.0 * len(ruling.own_pocketed) - 10.0 * len(ruling.opponent_pocketed)
    if ruling.penalty:
        v -= 12.0
    own = [p for p in after.discs_on_table(side)]
    opp = [p for p in after.discs_on_table(1 - side)]
    opp_seat = (seat + 1) % 4 if before.players == 4 else (seat + 2) % 4
    own_dark = sum(is_dark(seat, p.x, p.y) for p in own)
    opp_dark = sum(is_dark(opp_seat, p.x, p.y) for p in opp)
    v += -1.5 * own_dark + 1.0 * opp_dark
    if not ruling.turn_lost and own:
        v += 4.0 * (len(own) - own_dark) / len(own)
    elif opp:
        v -= 4.0 * (len(opp) - opp_dark) / len(opp)
    return v


@dataclass(frozen=True)
class NovussModel:
    """The picklable stroke model of one level (its noise times ``noise_scale``)."""

    level: str
    noise_scale: float = 1.0

    @cached_property
    def noise(self) -> DiscNoise:
        """The level's noise times ``noise_scale`` (once: :meth:`perturb` runs for every sample)."""
        return NOISE[self.level].scaled(self.noise_scale)

    def perturb(
        self, position: NovussPosition, strike: NovussStrike, rng: np.random.Generator
    ) -> NovussStrike:
        return perturb(position, strike, self.noise, rng)

    def outcome_value(
        self, position: NovussPosition, declaration: NovussDeclaration, strike: NovussStrike, seat: int
    ) -> float:
        from cueboard.games.novuss import GAME

        played = play_through(GAME, position, declaration, strike)
        if played is None:
            return REFUSED_VALUE  # an illegal placement, or a stroke the engine cannot finish
        after, ruling = played
        return evaluate(position, after, ruling, seat)


def perturb(
    position: NovussPosition, strike: NovussStrike, noise: DiscNoise, rng: np.random.Generator
) -> NovussStrike:
    """The stroke a player with ``noise`` produces: speed and direction errors and a slip of the
    striker's placement; a slip that would make the placement illegal is not made (a player
    places the striker by hand and never illegally, only imprecisely)."""
    speed = strike.speed + gaussian(rng, noise.speed_sigma(strike.speed))
    angle = strike.angle + gaussian(rng, noise.direction_deg)
    x = strike.x + gaussian(rng, noise.start)
    y = strike.y + gaussian(rng, noise.start)
    if check_striker_placement(position.to_move, x, y, position.pieces) is not None:
        x, y = strike.x, strike.y
    return NovussStrike(x=x, y=y, speed=float(min(max(speed, 0.05), MAX_SPEED)), angle=angle)


@dataclass
class NovussAI:
    """Novuss knowledge for :class:`cueboard.ai.players.SearchAgent`."""

    level: str
    noise_scale: float = 1.0

    def model(self) -> NovussModel:
        return NovussModel(self.level, self.noise_scale)

    def perturb(
        self, position: NovussPosition, strike: NovussStrike, rng: np.random.Generator
    ) -> NovussStrike:
        return self.model().perturb(position, strike, rng)

    def forced(self, position: NovussPosition, rng: np.random.Generator) -> Decision | None:
        return None

    def candidates(self, position: NovussPosition) -> list[Candidate[NovussDeclaration, NovussStrike]]:
        return candidates(position)

    def variations(
        self, position: NovussPosition, candidate: Candidate[NovussDeclaration, NovussStrike]
    ) -> list[Candidate[NovussDeclaration, NovussStrike]]:
        """Turned, softer and firmer copies of a promising pot or rebound (local refinement)."""
        return variations(candidate)


def make_ai(level: str, noise_scale: float = 1.0) -> NovussAI:
    """The novuss AI of ``level``, its execution noise times ``noise_scale`` (ValueError for an
    unknown level or a scale that is not a finite number >= 0)."""
    return NovussAI(check_level(level), check_noise_scale(noise_scale))


def frame_stats(fr: FrameResult, out: tuple[SideStats, SideStats]) -> None:
    """Add one game's shots, penalties and own discs pocketed to each side's counters
    (:func:`cueboard.ai.stats.collect`)."""
    from cueboard.ai.match import side_of

    for entry in fr.shots:
        r = entry.ruling
        side = int(getattr(r, "side", side_of(entry.position_after, entry.player)))
        st = out[side]
        st.shots += 1
        if getattr(r, "penalty", False):
            st.counts["penalties"] += 1
        st.counts["own_pocketed"] += len(getattr(r, "own_pocketed", ()))
