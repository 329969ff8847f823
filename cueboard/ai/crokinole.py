"""The crokinole AI: open 20s, takeouts, must-hit shots, guards behind the pegs, partnership play
(rules/crokinole.md).

Shot ideas (each from several legal starting points on the shooter's part of the shooting line):
- open 20: no opponent disc on the board — aim at the hole at the speed that stops a disc just
  past the centre (the disc drops when it crosses the hole slowly);
- takeouts and must-hit shots: aim at an opponent disc (full, or a half-disc to either side, to
  keep the shooter in) hard enough to send it off, or softly to "hit and stick";
- banks (every level but the beginner): at an opponent disc that no start has a clear line to, a
  sweep of flicks either side of the line to it from every start, screened through the physics,
  which finds the ricochets off pegs or discs that hit it (rules C8: such a hit counts);
- draws and guards (only when no opponent disc is on the board: otherwise a shot must hit one):
  a soft shot that stops in the 15 on a peg's radius, inside the 15-line (an open shot must end
  in the 15, the WCC rule; without that rule also just outside the peg).
Partnerships need nothing special: the evaluation is by side, so a shot that leaves the partner
(who shoots after the next opponent) a good position scores through the tally and the exposure.

Speeds come from the physics' own sliding friction, measured once by a calibration flick
(a disc flicked at v stops after v²/(2μg) when it does not spin: Farkas et al. 2003, f(∞) = 1).

Evaluation of the position left, for the deciding side: the round's tally difference (20s at
20, 15/10/5 by zone); discs of the side about to shoot against are discounted by how exposed
they are (a clear line from that shooter's starting arc), and the other side's by the same
measure for our next shooter; a finished round counts its points, a finished game ±1000. When
the round's result is what it scores (the tournament variant: 2 points for a round won, however
by much), that margin is turned into the expected result of the round (:mod:`cueboard.ai.crokinole_round`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Final

import numpy as np

from cueboard.ai import explain
from cueboard.ai.crokinole_levels import DECISIONS, FULL, OPEN20_SPEEDS, CrokinoleDecisions
from cueboard.ai.crokinole_round import counts_by_round, round_value
from cueboard.ai.noise import DiscNoise, gaussian
from cueboard.ai.search import REFUSED_VALUE, Candidate, play_through
from cueboard.games.crokinole import (
    GAME,
    MAX_SPEED,
    CrokinoleDeclaration,
    CrokinoleError,
    CrokinolePosition,
    CrokinoleRuling,
    CrokinoleStrike,
    tally,
    zone_value,
)
from cueboard.games.crokinole import STANDARD_BOARD as B
from cueboard.games.protocol import IllegalPlacementError
from cueboard.records.base import Piece

#: Execution noise per level, calibrated to open-20 success on an empty board of about
#: 30 % (beginner), 60 % (club) and 85-95 % (pro), amateur between: measured by the bench's test
#: (the best open 20 from the shooting line, seed 7) at 27.6 / 43.9 / 62.5 / 94.2 % of 2000
#: flicks each (docs/ai-calibration.md, "Crokinole"). No open-20 percentage of NCA players was found
#: published; what was found: the 20s count of the World Championship's preliminary rounds
#: (Justin Slater's record 142 20s in 320 shots, 44 % of all his shots, 2012; the usual winner's
#: 86-108), and a coach's drill of 100 open 20s scored at 76 % — so the bands are the issue's. A
#: flick is judged by where the disc stops: its length error is twice the relative speed error (d
#: ∝ v²); 'pro' (3.3 % speed, 0.15° direction, 1.2 mm along the line) stops a 0.3 m flick within
#: about ±20 mm (1σ). The same open-20 success comes from many pairs of direction and speed error
#: (0.15° / 3.3 % and 0.6° / 3.3 % both hole 94 %; 1.0° / 13 % and 1.8° / 7.5 % both 63 %), and
#: the direction error is what decides takeouts, so the levels' pairs were chosen for the ladder
#: (docs/ai-calibration.md, "Crokinole: the ideas measured"): the direction error far apart from
#: level to level, the speed error growing too (the club player's and the amateur's equal). Both
#: are assumptions within the calibration, not measured players' figures.
NOISE: Final[dict[str, DiscNoise]] = {
    "perfect": DiscNoise(0.0, 0.0, 0.0, 0.0),
    "pro": DiscNoise(direction_deg=0.15, speed_rel=0.033, speed=0.005, start=0.0012),
    "club": DiscNoise(direction_deg=1.0, speed_rel=0.13, speed=0.011, start=0.003),
    "amateur": DiscNoise(direction_deg=2.7, speed_rel=0.13, speed=0.014, start=0.004),
    "beginner": DiscNoise(direction_deg=5.0, speed_rel=0.15, speed=0.019, start=0.0055),
}

R_D = B.disc_radius
R_LINE = B.shooting_radius
#: Start offsets (degrees from the seat's direction) tried along the shooting line.
START_OFFSETS: Final = (-40.0, -30.0, -20.0, -10.0, 0.0, 10.0, 20.0, 30.0, 40.0)
_DECL = CrokinoleDeclaration()
#: Distances from the centre (m) of the draws behind a peg: inside the 15-line (its radius less a
#: disc's, 0.086 m), the outer one just clear of the peg.
DRAW_RADII: Final = (0.06, 0.08)
#: Angles (degrees) either side of the line from a start to a hidden opponent disc swept for a
#: ricochet off a peg or a disc into it (``CrokinoleDecisions.banks``); each is screened through
#: the physics, which finds the ones that hit.
BANK_OFFSETS: Final = tuple(float(a) for a in range(-15, 16, 2))
#: How far past a hidden target a bank is sent (m): a ricochet spends some of the speed.
BANK_PAST: Final = 0.6
#: Most hidden opponent discs (the highest-scoring first) a level sweeps banks at.
BANK_TARGETS: Final = 2


@cache
def friction_decel() -> float:
    """μg of the physics (m/s²), from a calibration flick on an empty board that stops in the
    5-zone: μg = v²/(2d)."""
    from cueboard.games.crokinole import GAME

    pos = GAME.new_position({"players": 2}, first=0)
    start = (0.0, -R_LINE)
    v = 0.6
    _, out = GAME.simulate(pos, _DECL, CrokinoleStrike(start=start, speed=v, angle=90.0))
    disc = next(p for p in out.final if p.id == out.shot_disc)
    d = math.hypot(disc.x - start[0], disc.y - start[1])
    if d <= 0.0:
        raise CrokinoleError("calibration flick did not move")
    return v * v / (2.0 * d)


def stop_speed(distance: float) -> float:
    """The flick speed that stops a non-spinning disc after ``distance`` metres."""
    return math.sqrt(2.0 * friction_decel() * max(distance, 1e-4))


def start_points(position: CrokinolePosition) -> list[tuple[float, float]]:
    """Legal starting points of the seat to move (centred on the shooting line)."""
    base = B.seat_angle(position.to_move)
    out = []
    for off in START_OFFSETS:
        a = base + math.radians(off)
        p = (R_LINE * math.cos(a), R_LINE * math.sin(a))
        try:
            GAME.check_placement(position, *p)  # the referee's own test (rules: "Shot")
        except IllegalPlacementError:
            continue
        out.append(p)
    return out


def _strike(
    start: tuple[float, float], target: tuple[float, float], speed: float, turn: float = 0.0
) -> CrokinoleStrike:
    """A flick from ``start`` at ``speed`` (kept inside the legal range) along the line to
    ``target``, turned by ``turn`` degrees."""
    ang = math.degrees(math.atan2(target[1] - start[1], target[0] - start[0])) + turn
    return CrokinoleStrike(start=start, speed=min(max(speed, 0.05), MAX_SPEED), angle=ang)


def _clear(
    a: tuple[float, float], b: tuple[float, float], obstacles: list[tuple[float, float, float]]
) -> bool:
    """Whether a disc moving from a to b misses every (x, y, clearance) obstacle."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy or 1e-12
    for x, y, c in obstacles:
        t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / L2))
        if math.hypot(x - ax - t * dx, y - ay - t * dy) < c:
            return False
    return True


def _pegs() -> list[tuple[float, float, float]]:
    return [(x, y, R_D + B.peg_radius) for x, y in B.peg_positions]


def exposure(position: CrokinolePosition, disc_xy: tuple[float, float], seat: int, exclude: str) -> float:
    """Share of ``seat``'s starting points from which a straight flick reaches the disc at
    ``disc_xy`` without touching a peg or another disc (0 = fully guarded)."""
    obstacles = _pegs() + [(p.x, p.y, 2 * R_D) for p in position.on_table() if p.id != exclude]
    base = B.seat_angle(seat)
    n = ok = 0
    for off in START_OFFSETS[::2]:
        a = base + math.radians(off)
        n += 1
        ok += _clear((R_LINE * math.cos(a), R_LINE * math.sin(a)), disc_xy, obstacles)
    return ok / n


def evaluate(
    before: CrokinolePosition, after: CrokinolePosition, ruling: CrokinoleRuling, seat: int,
    decisions: CrokinoleDecisions = FULL,
) -> float:
    """Value of the position left for ``seat``'s side (module docstring); a level whose
    ``decisions`` leave out the exposure or the round's result counts the plain tally or margin."""
    side = before.side(seat)
    if ruling.game_over:
        return 1000.0 if ruling.winner == side else (-1000.0 if ruling.winner is not None else 0.0)
    if ruling.round_result is not None:
        pts = ruling.round_result.points
        return float(pts[side] - pts[1 - side]) * 1.0
    sides = {s: after.side(s) for s in after.settings.seats}
    counts = tally(after.pieces, sides, after.twenties)
    value = float(counts[side].total - counts[1 - side].total)
    if not decisions.exposure:
        return round_value(after, side, value) if decisions.by_round and counts_by_round(after) else value
    nxt = after.to_move
    nxt_side = after.side(nxt)
    for p in after.on_table():
        s = after.side_of_disc(p)
        if s == nxt_side:
            continue
        v = zone_value(p.x, p.y)
        risk = 0.6 * v * exposure(after, (p.x, p.y), nxt, p.id)
        value += -risk if s == side else risk
    if decisions.by_round and counts_by_round(after):
        return round_value(after, side, value)
    return value


@dataclass(frozen=True)
class CrokinoleModel:
    """The picklable shot model of one level (its noise times ``noise_scale``)."""

    level: str
    noise_scale: float = 1.0

    @cached_property
    def decisions(self) -> CrokinoleDecisions:
        """How the level chooses (:data:`cueboard.ai.crokinole_levels.DECISIONS`)."""
        return DECISIONS[self.level]

    @cached_property
    def noise(self) -> DiscNoise:
        """The level's noise times ``noise_scale`` (once: :meth:`perturb` runs for every sample)."""
        return NOISE[self.level].scaled(self.noise_scale)

    def perturb(
        self, position: CrokinolePosition, strike: CrokinoleStrike, rng: np.random.Generator
    ) -> CrokinoleStrike:
        return perturb(position, strike, self.noise, rng)

    def outcome_value(
        self, position: CrokinolePosition,
        declaration: CrokinoleDeclaration, strike: CrokinoleStrike, seat: int
    ) -> float:
        from cueboard.games.crokinole import GAME

        played = play_through(GAME, position, declaration, strike)
        if played is None:
            return REFUSED_VALUE  # an illegal start, or a shot the engine cannot finish (event cap)
        after, ruling = played
        return evaluate(position, after, ruling, seat, self.decisions)


def perturb(
    position: CrokinolePosition, strike: CrokinoleStrike, noise: DiscNoise, rng: np.random.Generator
) -> CrokinoleStrike:
    """The flick a player with ``noise`` produces when aiming for ``strike``: speed and direction
    errors, and a slip of the starting point along the shooting line (kept on the line and in
    the quadrant: a player never places a disc illegally, only imprecisely)."""
    vx, vy = strike.velocity_vector()
    aimed_speed, aimed_angle = math.hypot(vx, vy), math.degrees(math.atan2(vy, vx))
    if strike.speed is not None and strike.angle is not None:  # as given, not recomputed
        aimed_speed, aimed_angle = strike.speed, strike.angle
    speed = aimed_speed + gaussian(rng, noise.speed_sigma(aimed_speed))
    angle = aimed_angle + gaussian(rng, noise.direction_deg)
    sx, sy = strike.start
    r = math.hypot(sx, sy)
    slip = gaussian(rng, noise.start) / r
    a = math.atan2(sy, sx) + slip
    start = (r * math.cos(a), r * math.sin(a))
    try:
        GAME.check_placement(position, *start)
    except IllegalPlacementError:
        start = strike.start
    return CrokinoleStrike(start=start, speed=min(max(speed, 0.05), MAX_SPEED), angle=angle, spin=strike.spin)


def candidates(position: CrokinolePosition, decisions: CrokinoleDecisions = FULL) -> list[Candidate]:
    """The shot ideas for the seat to move (module docstring) that a level choosing as
    ``decisions`` considers (the default: all of them); never empty."""
    seat = position.to_move
    side = position.side(seat)
    legal = start_points(position)
    if not legal:
        raise CrokinoleError(f"seat {seat} has no legal starting point")
    starts = legal[::decisions.start_stride]
    board = position.on_table()
    opp = [p for p in board if position.side_of_disc(p) != side]
    pegs = _pegs()
    out: list[Candidate] = []
    if not opp:
        for s in starts:
            d = math.hypot(*s)
            for f, label in OPEN20_SPEEDS[:decisions.open20_speeds]:
                if _clear(s, (0.0, 0.0), pegs + [(p.x, p.y, 2 * R_D) for p in board]):
                    out.append(Candidate(_DECL, _strike(s, (0.0, 0.0), stop_speed(d) * f + 0.02), label, 3.0,
                                         family=label, explanation=explain.crokinole_open_20()))
    aimed = 0
    hidden: list[Piece] = []  # the opponent discs looked at that no start has a clear line to
    for p in sorted(opp, key=lambda q: -zone_value(q.x, q.y)):
        if decisions.targets is not None and aimed >= decisions.targets:
            break
        obstacles = pegs + [(q.x, q.y, 2 * R_D) for q in board if q.id != p.id]
        clear = [s for s in starts if _clear(s, (p.x, p.y), obstacles)]
        aimed += bool(clear)
        if not clear:
            hidden.append(p)
        for s in clear:
            d = math.hypot(p.x - s[0], p.y - s[1])
            # perpendicular to the line of aim, for thin / half-disc hits
            ux, uy = (p.x - s[0]) / d, (p.y - s[1]) / d
            # (offset of the aim, label, how far past the target the disc is sent, prior)
            cuts = ((0.9 * R_D, "takeout, cut left", 0.45, 2.0),
                    (-0.9 * R_D, "takeout, cut right", 0.45, 2.0))
            soft = ((0.0, "takeout, softer", 0.2, 1.8),)
            for off, label, past, prior in (
                (0.0, "takeout", 0.45, 2.0), *(cuts if decisions.cuts else ()),
                *(soft if decisions.soft_takeouts else ()),
            ):
                tgt = (p.x - uy * off, p.y + ux * off)
                out.append(
                    Candidate(
                        _DECL,
                        _strike(s, tgt, stop_speed(d + past)),
                        f"{label} {p.id}",
                        prior + zone_value(p.x, p.y) / 15,
                        family=f"{label} {p.id}",
                        explanation=explain.crokinole_takeout(zone_value(p.x, p.y)),
                    )
                )
            if not decisions.stick:
                continue
            out.append(
                Candidate(_DECL, _strike(s, (p.x, p.y), stop_speed(d + 0.06)), f"hit and stick {p.id}", 1.5,
                          family=f"hit and stick {p.id}",
                          explanation=explain.crokinole_stick(zone_value(p.x, p.y)))
            )
    if decisions.banks:
        out += _banks(hidden, starts)
    if not opp and decisions.draws:
        # draws behind the pegs: an open shot must end in the 15 (rules C7, the WCC rule), so
        # inside the 15-line on a peg's radius; without that rule also just outside the peg.
        # With an opponent disc on the board every shot must hit one (C8, C9): no draws then.
        obstacles = pegs + [(q.x, q.y, 2 * R_D) for q in board]
        ks = [r / B.fifteen_radius for r in DRAW_RADII]
        if not position.settings.fifteen_rule:
            ks.append(1.0 + 2.6 * R_D / B.fifteen_radius)
        for peg, (px, py) in enumerate(B.peg_positions):
            for k in ks:
                tgt = (px * k, py * k)
                for s in starts[::2] if len(starts) > 4 else starts:
                    if _clear(s, tgt, obstacles):
                        d = math.hypot(tgt[0] - s[0], tgt[1] - s[1])
                        out.append(Candidate(_DECL, _strike(s, tgt, stop_speed(d)), "guard behind a peg", 1.0,
                                             family=f"guard {peg} {k:.3f}",
                                             explanation=explain.crokinole_guard()))
    if not out:  # nothing clear: a firm shot at the centre from the middle start (banks off pegs)
        s = starts[len(starts) // 2]
        out.append(Candidate(_DECL, _strike(s, (0.0, 0.0), stop_speed(0.6)), "bank off the pegs", 0.0,
                             explanation=explain.crokinole_bank()))
    return out


def _banks(hidden: list[Piece], starts: list[tuple[float, float]]) -> list[Candidate]:
    """Bank shots at the ``hidden`` opponent discs (no start has a clear line to them, the
    highest-scoring first): from every start, flicks at :data:`BANK_OFFSETS` either side of the
    line to the disc, hard enough to reach it after a ricochet (module docstring: a shot must hit
    an opponent disc, rules C8, and a hit off a peg or an own disc counts)."""
    out: list[Candidate] = []
    for p in hidden[:BANK_TARGETS]:
        for s in starts:
            speed = stop_speed(math.hypot(p.x - s[0], p.y - s[1]) + BANK_PAST)
            out += [Candidate(_DECL, _strike(s, (p.x, p.y), speed, off), f"bank at {p.id}", 0.5,
                              family=f"bank {p.id} {s[0]:.3f}", explanation=explain.crokinole_bank())
                    for off in BANK_OFFSETS]
    return out
