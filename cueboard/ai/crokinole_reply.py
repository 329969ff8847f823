"""Judging a crokinole shot by the next shooter's best reply (a two-ply look-ahead).

The search (:func:`cueboard.ai.search.search`) values a shot by the position it leaves, the
discs that the next shooter can reach discounted by a fixed share of their value
(:func:`cueboard.ai.crokinole.evaluate`, the exposure). A level whose decisions ask for it
(``CrokinoleDecisions.replies``) judges its few best sampled shots again by what the next shooter
could do: each shot is played a few times with the level's own noise, and each position it leaves
is valued after the reply that is worst for the deciding side among the next shooter's candidates
(all of them: :data:`cueboard.ai.crokinole_levels.FULL`, played as aimed; a shot that ends the
round has no reply and counts its result). It is the minimax idea of game-tree search (Knuth and
Moore, "An analysis of alpha-beta pruning", Artificial Intelligence 6, 1975) one reply deep, on a
handful of shots only, as the computational-pool players search a few shots deep on their best
candidates only (Archibald et al., IJCAI 2009).

The samples of a shot use the same generators for every shot judged (seeds ``(REPLY_SEED, j)``),
so the shots are compared on the same noise, and the look-ahead draws nothing from the game's
generator.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Final

import numpy as np

from cueboard.ai.crokinole import CrokinoleModel, candidates, evaluate
from cueboard.ai.crokinole_levels import FULL
from cueboard.ai.search import REFUSED_VALUE, Scored, play_through
from cueboard.games.crokinole import GAME, CrokinoleError, CrokinolePosition, CrokinoleRuling

#: Noisy samples of each shot judged by its replies.
REPLY_SAMPLES: Final = 3
#: Seed of the samples' generators (sample j: ``(REPLY_SEED, j)``).
REPLY_SEED: Final = 19


def worst_reply(
    model: CrokinoleModel, position: CrokinolePosition, after: CrokinolePosition, ruling: CrokinoleRuling,
    seat: int,
) -> float:
    """``seat``'s value of ``after`` (what a shot from ``position`` left) once the next shooter has
    played the reply worst for ``seat``; the value of ``after`` itself when the round or game is
    over or the next shooter has no legal start."""
    if ruling.game_over or ruling.round_result is not None:
        return evaluate(position, after, ruling, seat, model.decisions)
    try:
        replies = candidates(after, FULL)
    except CrokinoleError:
        return evaluate(position, after, ruling, seat, model.decisions)
    worst = None
    for c in replies:
        played = play_through(GAME, after, c.declaration, c.strike)
        if played is None:
            continue
        value = evaluate(after, played[0], played[1], seat, model.decisions)
        worst = value if worst is None else min(worst, value)
    return evaluate(position, after, ruling, seat, model.decisions) if worst is None else worst


def reply_value(model: CrokinoleModel, position: CrokinolePosition, scored: Scored, seat: int) -> float:
    """Mean over :data:`REPLY_SAMPLES` noisy plays of ``scored``'s shot of :func:`worst_reply`."""
    total = 0.0
    c = scored.candidate
    for j in range(REPLY_SAMPLES):
        strike = model.perturb(position, c.strike, np.random.default_rng([REPLY_SEED, j]))
        played = play_through(GAME, position, c.declaration, strike)
        total += REFUSED_VALUE if played is None else worst_reply(model, position, *played, seat)
    return total / REPLY_SAMPLES


def judge_by_replies(
    model: CrokinoleModel, position: CrokinolePosition, scored: list[Scored], seat: int, n: int,
    budget_s: float | None,
) -> list[Scored]:
    """``scored`` (best first) with its first ``n`` sampled shots put in the order of their
    :func:`reply_value` (each one's ``values`` replaced by that value); unchanged when fewer than
    two were sampled, or when judging them spends more than ``budget_s`` CPU seconds (the shots
    judged by then are not compared with the others on a different measure)."""
    top = [s for s in scored[:n] if s.values]
    if len(top) < 2:
        return scored
    cpu0 = time.process_time()
    judged = []
    for s in top:
        if budget_s is not None and time.process_time() - cpu0 > budget_s:
            return scored
        judged.append(replace(s, values=(reply_value(model, position, s, seat),)))
    judged.sort(key=lambda s: -s.mean)
    return judged + scored[len(top):]
