"""Evaluation of a snooker position left by a stroke, from the deciding side's view.

value = (points won - points given away by the stroke)
        ± continuation, + for the side to play next being ours, - for the opponent's,
where continuation is what the player to move makes of the table: the better of his best pot and
a safety. A pot is worth P(pot) × (ball value + BREAK_ON) - (1 - P(pot)) × MISS_COST, with P(pot)
the first-order pot probability of :mod:`cueboard.ai.snooker.geometry` under the evaluating
level's direction noise (a pot that also keeps the break going is worth more than its points:
BREAK_ON; a miss leaves the opponent at the table, often with the ball over the pocket:
MISS_COST); a safety is worth 0 (an even exchange). So a long pot left to the opponent costs
nothing (he plays safe), an easy one costs nearly its value. A player left with no pot and
snookered on every ball on is worth SNOOKERED_VALUE (the foul he is likely to make). A frame won
or lost is ±1000.

This is the "position-left" evaluation of the computational-pool players (Archibald et al. 2009:
probability-weighted best next shot), adapted to snooker's ball on.
"""

from __future__ import annotations

from typing import Final

from cueboard.ai.snooker.geometry import PotOption, pot_options
from cueboard.games.snooker import (
    COLOURS_IN_ORDER,
    GAME,
    STANDARD_TABLE,
    SnookerPosition,
    is_red,
    is_snookered,
    layout_of,
    side_of,
    value_of,
)

#: What keeping the break going is worth on top of the ball's value (points).
BREAK_ON: Final = 4.0
#: What missing a pot costs the player who tried it (points).
MISS_COST: Final = 5.0
#: Value for the player to move of being snookered on every ball on.
SNOOKERED_VALUE: Final = -3.0
#: Where the AI considers placing the cue ball in hand: a grid over the D.
R = STANDARD_TABLE.ball_radius


def d_grid() -> list[tuple[float, float]]:
    """Points of the D (radius 292 mm behind the baulk line) the AI places the cue ball on."""
    t = STANDARD_TABLE
    out = []
    for x in (-0.22, -0.11, 0.0, 0.11, 0.22):
        for dy in (0.0, -0.1):
            if t.in_d(x, t.baulk_y + dy - 1e-6):
                out.append((x, t.baulk_y + dy - 1e-6))
    return out


D_GRID: Final = tuple(d_grid())


def balls_on(position: SnookerPosition) -> list[str]:
    """The balls the player to move may play at (free ball aside): reds, any colour, or the
    colour of the final sequence."""
    on_table = position.on_table_ids()
    if position.ball_on == "red":
        return [b for b in on_table if is_red(b)]
    if position.ball_on == "colour":
        return [b for b in on_table if b in COLOURS_IN_ORDER]
    return [b for b in on_table if b == position.ball_on]


def free_placements(position: SnookerPosition) -> list[tuple[float, float]]:
    """D points where the cue ball may be placed without touching a ball."""
    layout = layout_of(position.pieces)
    others = [p for b, p in layout.items() if b != "white"]
    return [
        d for d in D_GRID if all((d[0] - x) ** 2 + (d[1] - y) ** 2 > (2 * R + 0.001) ** 2 for x, y in others)
    ]


def best_pots(
    position: SnookerPosition,
    sigma_deg: float,
    cue: tuple[float, float] | None = None,
    targets: list[str] | None = None,
    limit: float = 0.02,
) -> list[tuple[PotOption, tuple[float, float]]]:
    """Open pots for the player to move (each with the cue-ball position it is played from: the
    ball's place, or the best point of the D when in hand), best expected value first."""
    layout = layout_of(position.pieces)
    on = balls_on(position) if targets is None else targets
    tgt = [(b, layout[b]) for b in on if b in layout]
    others = [(b, p) for b, p in layout.items() if b != "white" and b not in on]
    if cue is not None:
        cues = [cue]
    elif position.in_hand or "white" not in layout:
        cues = free_placements(position)
    else:
        cues = [layout["white"]]
    found: dict[tuple[str, str], tuple[PotOption, tuple[float, float]]] = {}
    for c in cues:
        for o in pot_options(c, tgt, others, sigma_deg, min_probability=limit):
            key = (o.ball, o.pocket.name)
            if key not in found or found[key][0].probability < o.probability:
                found[key] = (o, c)
    return sorted(found.values(), key=lambda oc: -oc[0].probability * (value_of(oc[0].ball) + BREAK_ON))


def pot_value(o: PotOption) -> float:
    """What trying the pot ``o`` is worth to the player to move (module docstring)."""
    return o.probability * (value_of(o.ball) + BREAK_ON) - (1.0 - o.probability) * MISS_COST


def continuation(position: SnookerPosition, sigma_deg: float, floor: float | None = None) -> float:
    """The value of the position for the player to move (module docstring). With ``floor`` (a
    player who plays safe rather than take on a pot less likely than that), only the pots at
    least that likely count: one under it is worth a safety's 0."""
    pots = best_pots(position, sigma_deg)
    if floor is not None:
        pots = [(o, c) for o, c in pots if o.probability >= floor]
    if pots:
        return max(0.0, max(pot_value(o) for o, _ in pots))
    layout = layout_of(position.pieces)
    cue = None if position.in_hand or "white" not in layout else layout["white"]
    on = balls_on(position)
    if on and cue is not None and is_snookered(cue, on, layout):
        return SNOOKERED_VALUE
    return 0.0


def evaluate(
    before: SnookerPosition, after: SnookerPosition, seat: int, sigma_deg: float, floor: float | None = None
) -> float:
    """The value for ``seat``'s side of the stroke that led from ``before`` to ``after``;
    ``floor`` as :func:`continuation` (both players are taken to play with it)."""
    side = side_of(seat)
    if after.frame_over:
        if after.frame_winner is None:
            return 0.0
        return 1000.0 if after.frame_winner == side else -1000.0
    gain = (after.scores[side] - before.scores[side]) - (after.scores[1 - side] - before.scores[1 - side])
    cont = continuation(after, sigma_deg, floor)
    if GAME.choices(after):
        # the opponent chooses after our foul: he may also put us back in (then our continuation)
        cont = max(cont, 1.0)
    return float(gain) + (cont if side_of(after.to_move) == side else -cont)
