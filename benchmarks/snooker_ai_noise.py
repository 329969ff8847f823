"""The snooker AI at the computational-pool tournament noise: a benchmark others can cite.

Every level plays its own decisions, and every stroke it chooses is struck with one fixed noise
model instead of the level's calibrated one (``make_ai(level, execution=TOURNAMENT_CUE_NOISE)``,
:class:`cueboard.ai.snooker.player.SnookerAI`): independent Gaussian errors of σ 0.125° on the
stroke direction, 0.075 m/s on the cue-ball speed and 0.5 mm on each tip-offset coordinate, the
noise of the ICGA computational-pool tournaments played on FastFiz (Archibald, Altman & Shoham,
"Analysis of a winning computational billiards player", IJCAI 2009). Beside the levels, the
strongest search the AI has at that noise: the ``ai:pro@tournament`` study, whose decisions are
made for this noise (candidates and evaluation at its σ, noisy samples drawn at it, safeties
checked for fouls under it, a 65 % pot floor; docs/ai-calibration.md, "Stronger at the tournament
noise"), searched with twice the samples, half again the candidates and twice the budget.

A trial (one "frame from the break-off"): the standard set-up, seat 0 breaks off, and the same
player plays every stroke for both seats (solo practice, so no opponent's skill enters), until
the end of the first visit that scores: the frame's first chance. The computational-pool
convention counts a rack cleared when it is cleared in one visit after the break (a
break-and-run); a snooker break-off rarely pots a red and is followed by safeties, so here the
first visit that scores is the one that must clear. Measured (docs/benchmarks.md, "Snooker AI at
tournament noise"):

- **pot success per shot**: strokes the player meant as pots (its label "pot ...") that scored,
  over those strokes (:func:`cueboard.ai.snooker.stats.frame_stats`, the match statistics'
  count), over every stroke of the trials; safeties, escapes and the break-off are not pots;
- **clearance**: trials whose first scoring visit potted every ball (the frame ended with the
  table empty), the share of trials;
- **first-chance break**: the points of that visit (a foul's points go to the other side and are
  not a break); mean, highest, and the share of trials with a century;
- **decision time**: CPU seconds of each decision of the trials (the deciding process, one search
  worker), median and 95th percentile.

Each comes with a 95 % interval: Wilson's for the shares (the strokes of one trial taken as
independent), a bootstrap over trials (:data:`BOOTSTRAP` resamples of whole trials, seeded) for
the mean break and the decision-time quantiles. A trial that reaches :data:`STROKE_CAP` strokes
without a scoring visit counts as not cleared, with a break of 0 (its count is in the notes).

Sizes (environment variables): ``CUEBOARD_BENCH_NOISE_TRIALS`` trials per player (default
:data:`TRIALS`, about 13 CPU minutes in all), ``CUEBOARD_BENCH_NOISE_PLAYERS`` a comma-separated
subset of :data:`PLAYERS`, ``CUEBOARD_BENCH_BUDGET`` the levels' search CPU seconds per decision
(default 0.5, the calibration's effort), ``CUEBOARD_BENCH_PROCS`` trials played at once (default
1). Quick mode: one trial of every player, cut after :data:`QUICK_STROKES` strokes, a token search.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Final

import numpy as np

from benchmarks.core import Figure, quick
from cueboard.ai.match import FrameResult, new_frame
from cueboard.ai.noise import TOURNAMENT_CUE_NOISE, study_factor
from cueboard.ai.players import SearchAgent, SearchSettings
from cueboard.ai.snooker import frame_stats, make_ai
from cueboard.ai.stats import SideStats
from cueboard.analysis.ratings import wilson
from cueboard.engine.warm import warm
from cueboard.games.protocol import get_game, is_over
from cueboard.games.snooker import SnookerPosition
from cueboard.records.match import ShotEntry

#: The rows: each level's decisions at the tournament noise, and the strongest search at it.
PLAYERS: Final = ("beginner", "amateur", "club", "pro", "perfect", "strongest")
#: Trials per player in the full mode: 12.5 CPU minutes in all (user + system time of the six
#: runs of docs/benchmarks.md, "Snooker AI at tournament noise"). A trial cost 1.2 CPU s for the
#: beginner, 1.6 the amateur, 2.2 the club player, 2.5 the pro, 1.7 perfect and 8.5 the strongest
#: search (its frames are long safety exchanges, searched harder).
TRIALS: Final[dict[str, int]] = {
    "beginner": 200, "amateur": 60, "club": 50, "pro": 40, "perfect": 40, "strongest": 16,
}
#: The search of the strongest row: samples per candidate and candidates sampled (the levels':
#: 10 and 8), and its budget as a multiple of the levels'.
STRONGEST_SAMPLES: Final = 20
STRONGEST_TOP_K: Final = 12
STRONGEST_BUDGET: Final = 2.0
#: Most strokes of a trial; quick mode's strokes.
STROKE_CAP: Final = 400
QUICK_STROKES: Final = 3
#: Bootstrap resamples for the intervals of means and quantiles.
BOOTSTRAP: Final = 2000
#: Trial k plays the deal and noise of seed SEED + k, the same for every player.
SEED: Final = 600


@dataclass
class Trial:
    """One trial (module docstring): its strokes as a frame result, whether the first scoring
    visit cleared the table, whether it hit the stroke cap, its CPU seconds."""

    frame: FrameResult
    cleared: bool
    capped: bool
    cpu_s: float


def player(name: str, budget_s: float | None) -> SearchAgent:
    """The agent of a row: a level's decisions struck with the tournament noise, searched within
    ``budget_s`` CPU seconds a decision (None: no limit, deterministic), or the strongest search
    (the ``pro@tournament`` study, :data:`STRONGEST_SAMPLES`, :data:`STRONGEST_TOP_K`,
    :data:`STRONGEST_BUDGET`)."""
    if name == "strongest":
        settings = SearchSettings(samples=STRONGEST_SAMPLES, top_k=STRONGEST_TOP_K,
                                  budget_s=None if budget_s is None else STRONGEST_BUDGET * budget_s,
                                  workers=1)
        study = make_ai("pro", study_factor("pro", "tournament"), "tournament")
        return SearchAgent(study, settings, name="ai:pro@tournament")
    if name not in PLAYERS:
        raise ValueError(f"unknown player '{name}' (choose from: {', '.join(PLAYERS)})")
    return SearchAgent(make_ai(name, execution=TOURNAMENT_CUE_NOISE),
                       SearchSettings(budget_s=budget_s, workers=1), name=f"ai:{name} (tournament noise)")


def play_trial(agent: SearchAgent, seed: int, cap: int = STROKE_CAP) -> Trial:
    """One trial from the break-off of seed ``seed``, both seats played by ``agent``, until the end
    of the first visit that scores (or the frame's end, or ``cap`` strokes)."""
    g = get_game("snooker")
    pos = new_frame(g, 0, seed)
    rng = np.random.default_rng(seed)
    shots: list[ShotEntry] = []
    intents: list[str] = []
    wall: tuple[list[float], list[float]] = ([], [])
    cpu: tuple[list[float], list[float]] = ([], [])
    scorer: int | None = None
    start = time.process_time()
    for index in range(cap):
        if is_over(g, pos) or (scorer is not None and pos.to_move != scorer):
            break
        seat = pos.to_move
        t0, c0 = time.perf_counter(), time.process_time()
        decision = agent.decide(g, pos, rng)
        wall[seat].append(time.perf_counter() - t0)
        cpu[seat].append(time.process_time() - c0)
        if decision.strike is None:
            outcome = g.no_stroke_outcome(pos)
        else:
            _, outcome = g.simulate(pos, decision.declaration, decision.strike)
        after, ruling = g.apply(pos, decision.declaration, outcome, rng)
        shots.append(ShotEntry(index=index, player=seat, declaration=decision.declaration,
                               strike=decision.strike, outcome=outcome, ruling=ruling, position_after=after))
        intents.append(decision.intent)
        if scorer is None and not getattr(ruling, "foul", False) and int(getattr(ruling, "points", 0)) > 0:
            scorer = seat
        pos = after
    assert isinstance(pos, SnookerPosition)
    over = is_over(g, pos)
    cleared = scorer is not None and over and pos.frame_end in (None, "last_ball") and not pos.on_table_ids()
    capped = scorer is None and not over
    frame = FrameResult(shots, pos, None, wall, intents, cpu)
    return Trial(frame, cleared, capped, time.process_time() - start)


def _one(name: str, budget_s: float, seed: int, cap: int) -> Trial:
    return play_trial(player(name, budget_s), seed, cap)


def play(name: str, n: int, budget_s: float, cap: int, procs: int) -> list[Trial]:
    """``n`` trials of the row ``name`` (seeds :data:`SEED` + k), in ``procs`` processes."""
    args = [(name, budget_s, SEED + k, cap) for k in range(n)]
    if procs <= 1:
        return [_one(*a) for a in args]
    ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with ProcessPoolExecutor(max_workers=procs, mp_context=ctx) as ex:
        return list(ex.map(_one, *zip(*args, strict=True)))


def bootstrap(values: Sequence[Sequence[float]], stat: str, q: float = 0.5) -> tuple[float, float, float]:
    """``stat`` ("mean" or "quantile" ``q``) of the pooled ``values`` (one list per trial) and
    its 95 % percentile-bootstrap interval, resampling whole trials (:data:`BOOTSTRAP` times,
    seeded: the same figures every run)."""
    groups = [np.asarray(v, dtype=np.float64) for v in values if len(v)]
    if not groups:
        return 0.0, 0.0, 0.0

    def of(sample: Sequence[np.ndarray]) -> float:
        pooled = np.concatenate(sample)
        return float(pooled.mean() if stat == "mean" else np.quantile(pooled, q))

    rng = np.random.default_rng(0)
    draws = [of([groups[i] for i in rng.integers(0, len(groups), len(groups))]) for _ in range(BOOTSTRAP)]
    low, high = np.quantile(draws, [0.025, 0.975])
    return of(groups), float(low), float(high)


def _share(name: str, hits: int, n: int, what: str) -> Figure:
    low, high = wilson(hits, n)
    value = 100.0 * hits / n if n else 0.0
    return Figure(name, value, "%", note=f"{hits}/{n} {what}, 95 % CI {100 * low:.1f}-{100 * high:.1f}")


def figures(name: str, trials: list[Trial]) -> list[Figure]:
    """The row's figures, named ``ai.noise_bench.snooker.<name>.<what>`` (module docstring)."""
    n = len(trials)
    counts: Counter[str] = Counter()
    breaks: list[list[float]] = []
    for t in trials:
        sides = (SideStats(), SideStats())
        frame_stats(t.frame, sides)
        counts += sides[0].counts + sides[1].counts
        # the trial's one scoring visit (0 when it had none)
        breaks.append([float(max(sides[0].breaks + sides[1].breaks, default=0))])
    first = [b[0] for b in breaks]
    cpu = [t.frame.decision_cpu[0] + t.frame.decision_cpu[1] for t in trials]
    capped = sum(t.capped for t in trials)
    base = f"ai.noise_bench.snooker.{name}"
    mean, low, high = bootstrap(breaks, "mean")
    med, med_lo, med_hi = bootstrap(cpu, "quantile", 0.5)
    p95, p95_lo, p95_hi = bootstrap(cpu, "quantile", 0.95)
    strokes = sum(len(t.frame.shots) for t in trials)
    return [
        _share(f"{base}.pot_success", counts["pots"], counts["pot_attempts"], f"pots, {n} trials"),
        _share(f"{base}.clearance", sum(t.cleared for t in trials), n,
               "trials cleared in the first scoring visit" + (f", {capped} capped" if capped else "")),
        Figure(f"{base}.first_break_mean", mean, "points",
               note=f"{n} trials, 95 % CI {low:.1f}-{high:.1f} (bootstrap)"),
        Figure(f"{base}.first_break_highest", max(first, default=0.0), "points", note=f"{n} trials"),
        _share(f"{base}.centuries", sum(b >= 100 for b in first), n, "trials with a century"),
        Figure(f"{base}.decision_median", med, "s",
               note=f"CPU s, 95 % CI {med_lo:.3f}-{med_hi:.3f}, {strokes} decisions"),
        Figure(f"{base}.decision_p95", p95, "s", note=f"CPU s, 95 % CI {p95_lo:.3f}-{p95_hi:.3f}"),
        Figure(f"{base}.cpu", sum(t.cpu_s for t in trials), "s",
               note=f"CPU s for {n} trials, {strokes} strokes"),
    ]


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "")
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number >= 1, got {raw!r}") from None
    if value < 1:
        raise ValueError(f"{name} must be a whole number >= 1, got {raw!r}")
    return value


def _players() -> list[str]:
    raw = os.environ.get("CUEBOARD_BENCH_NOISE_PLAYERS", "")
    names = [x.strip() for x in raw.split(",") if x.strip()] or list(PLAYERS)
    unknown = [x for x in names if x not in PLAYERS]
    if unknown:
        raise ValueError(f"CUEBOARD_BENCH_NOISE_PLAYERS: unknown {', '.join(unknown)} (choose from:"
                         f" {', '.join(PLAYERS)})")
    return names


def run() -> list[Figure]:
    budget = float(os.environ.get("CUEBOARD_BENCH_BUDGET", "0.02" if quick() else "0.5"))
    procs = _env_int("CUEBOARD_BENCH_PROCS", 1)
    cap = QUICK_STROKES if quick() else STROKE_CAP
    if not quick():
        warm()  # the physics kernels compiled or loaded before any decision is timed
    out: list[Figure] = []
    for name in _players():
        n = 1 if quick() else _env_int("CUEBOARD_BENCH_NOISE_TRIALS", TRIALS[name])
        out += figures(name, play(name, n, budget, cap, procs))
    return out
