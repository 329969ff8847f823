"""What a crokinole position in the middle of a round is worth when the round's result is what
counts: the chance of winning, tying or losing it (rules/crokinole.md C14, C17).

In the tournament variant (NCA and WCC rules) a round is worth 2 points to the side with the
higher total, 1 each for a tie, whatever the difference: a lead of 5 wins the round as surely as
a lead of 50 once the last disc is shot. So the AI values a position by the expected result of
the round, not by its tally: the final margin is modelled as a normal variable around the
current (exposure-adjusted) margin plus what the side about to shoot is expected to gain, with a
spread that grows with the discs still to be shot. Measured in the AI's own play before this
evaluation (67 one-round games of the ladder's pairings: 30 pro v club, 30 club v amateur, 7
amateur v beginner, frames seeded from 600 on, not the benchmark's seeds; 2026-12-02): the final
margin's spread is 8.5-10.2 points times the square root of the discs left (1 to 15 discs), and the
side about to shoot gains on the exposure-adjusted margin -0.4 to 5.1 points (mean 1.4) without the
hammer and 9.6-12.1 with it (the round's last disc still to come). The constants below are round
figures inside those ranges.
"""

from __future__ import annotations

import math
from typing import Final

from cueboard.games.crokinole import CrokinolePosition, Variant

#: Spread of the round's final margin per square root of the discs still to be shot (points).
SIGMA_PER_DISC: Final = 10.0
#: Mean gain of the side about to shoot over the rest of the round (points), without and with the
#: hammer.
TEMPO: Final = 3.0
HAMMER_TEMPO: Final = 10.0
#: Totals are multiples of 5: a final margin within ±2.5 of 0 is a tie.
TIE_HALF_WIDTH: Final = 2.5
#: Value of a won game (a lost one is its negative): what :func:`cueboard.ai.crokinole.evaluate`
#: gives a finished game.
GAME_VALUE: Final = 1000.0


def hammer_side(position: CrokinolePosition) -> int:
    """The side that shoots the round's last disc (the hammer): the side that did not start it,
    since play goes round the seats from the starter (rules C3, C15)."""
    return 1 - position.side(position.round_starter)


def counts_by_round(position: CrokinolePosition) -> bool:
    """Whether a round's result (won, tied, lost) is what it scores, not its difference: the
    tournament variant (rules C17); the seed game scores the difference (C14)."""
    return position.settings.variant is Variant.TOURNAMENT


def stakes(position: CrokinolePosition, side: int) -> tuple[float, float, float]:
    """``side``'s value of the round being won, tied, lost: the game's result (±1000, 0 for a
    draw) when the game ends with this round, else the round points' difference (2, 0, -2)."""
    if len(position.history) + 1 < position.settings.rounds:
        return 2.0, 0.0, -2.0
    own, opp = position.scores[side], position.scores[1 - side]

    def result(a: int, b: int) -> float:
        return GAME_VALUE if a > b else (-GAME_VALUE if a < b else 0.0)

    return result(own + 2, opp), result(own + 1, opp + 1), result(own, opp + 2)


def outcome_chances(mean: float, discs_left: int) -> tuple[float, float, float]:
    """Chances of a final margin above, within and below ±:data:`TIE_HALF_WIDTH` when it is normal
    with ``mean`` and the spread of ``discs_left`` discs still to be shot (at least one)."""
    sigma = SIGMA_PER_DISC * math.sqrt(max(discs_left, 1))

    def below(x: float) -> float:
        return 0.5 * (1.0 + math.erf((x - mean) / (sigma * math.sqrt(2.0))))

    lose = below(-TIE_HALF_WIDTH)
    win = 1.0 - below(TIE_HALF_WIDTH)
    return win, 1.0 - win - lose, lose


def round_value(position: CrokinolePosition, side: int, margin: float) -> float:
    """``side``'s expected value of the round left in ``position`` (discs still to be shot), its
    exposure-adjusted margin being ``margin``: the stakes weighted by the outcome chances."""
    nxt = position.side(position.to_move)
    gain = HAMMER_TEMPO if nxt == hammer_side(position) else TEMPO
    mean = margin + (gain if nxt == side else -gain)
    win, tie, lose = outcome_chances(mean, sum(position.discs_left))
    v_win, v_tie, v_lose = stakes(position, side)
    return win * v_win + tie * v_tie + lose * v_lose
