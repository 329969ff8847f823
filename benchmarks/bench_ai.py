"""AI strength: snooker, crokinole and novuss players measured over simulated
frames, against the bands of real players of each standard (docs/ai-calibration.md).

Sizes (environment variables; the defaults are the issue's 50 frames or games per level and per
pairing and 300 crokinole rounds per pairing, several hours on 2 cores;
``CUEBOARD_BENCH_FRAMES=4`` gives a rough look):
- ``CUEBOARD_BENCH_FRAMES``: snooker frames per level (self-play), and snooker frames / novuss
  games per pairing of the ladder and the round robin (default 50);
- ``CUEBOARD_BENCH_ROUNDS``: crokinole rounds per pairing (default six times the frames, 300). A
  round is a small part of a crokinole game (the bench's rounds are 16 shots), so 300 rounds
  take a few minutes on 2 cores; at 90% won the Wilson 95% interval over 300 rounds is
  86.1-92.9%, over 50 it would be 78.6-95.7%;
- ``CUEBOARD_BENCH_SHOTS``: crokinole open-20 attempts per level (default 500);
- ``CUEBOARD_BENCH_BUDGET``: search CPU seconds per decision (default 0.5);
- ``CUEBOARD_BENCH_LEVELS``: comma-separated levels (default beginner,amateur,club,pro; the
  zero-noise clearances and the tournament-noise study are played when it names pro);
- ``CUEBOARD_BENCH_GAMES``: comma-separated games (default snooker,crokinole,novuss);
- ``CUEBOARD_BENCH_PROCS``: frames played at once, one process each (default 2);
- ``CUEBOARD_BENCH_ROUND_ROBIN``: 1 (default) plays every pairing of the levels for the ratings,
  0 only the ladder's neighbours (the ratings then come from those);
- ``CUEBOARD_BENCH_NOISE_SCALES``: comma-separated factors (e.g. ``0.5,0.25``; default none): the
  snooker pro's decisions self-played with its execution noise times each factor, figures
  ``ai.snooker.pro_noise_x<factor>.*``.

Figures: ``ai.<game>.<level>.<what>`` (each level's own play), ``ai.snooker.tournament_noise.*``
(the pro's decisions at the computational-pool tournament noise, ``ai:pro@tournament``),
``ai.ladder.<game>.<a>_v_<b>`` (the share of frames the stronger level wins against the one
below) and ``ai.rating.<game>.<level>`` (openskill ratings on Elo's scale from the round robin,
:mod:`cueboard.analysis.ratings`). Rates carry their counts and Wilson 95 % interval in the note.
"""

from __future__ import annotations

import dataclasses
import itertools
import multiprocessing
import os
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Final

import numpy as np

from benchmarks.core import BenchmarkUnavailableError, Figure, quick
from cueboard.ai.match import FrameResult, new_frame, play_frame
from cueboard.ai.noise import LEVELS, check_noise_scale
from cueboard.ai.players import SearchAgent, SearchSettings
from cueboard.ai.registry import make_agent
from cueboard.ai.stats import collect
from cueboard.analysis.ratings import Game as RatedGame
from cueboard.analysis.ratings import ratings, wilson
from cueboard.games.protocol import Game, get_game


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None
    if value < 1:
        raise ValueError(f"{name} must be >= 1, got {value}")
    return value


def _settings() -> SearchSettings:
    default = "0.02" if quick() else "0.5"  # quick mode: a token search
    return SearchSettings(budget_s=float(os.environ.get("CUEBOARD_BENCH_BUDGET", default)), workers=1)


def _levels() -> list[str]:
    raw = os.environ.get("CUEBOARD_BENCH_LEVELS", "beginner" if quick() else "beginner,amateur,club,pro")
    return [x for x in raw.split(",") if x.strip()]


def _agent(game: str, level: str) -> SearchAgent:
    """The player of ``level``; ``pro@0.5`` is the pro with half its execution noise,
    ``pro@tournament`` the pro's decisions with the tournament noise (the study's own noise,
    :func:`cueboard.ai.noise.study_noise`, as ``cueboard.ai.registry.make_agent`` builds it; before
    2026-12-02 the study was dropped here and the frames played the pro's noise times 5, its
    contact error of 1.5 mm included)."""
    agent = make_agent(game, f"ai:{level}", _settings())
    assert isinstance(agent, SearchAgent)
    return agent


def _noise_scales() -> list[float]:
    raw = os.environ.get("CUEBOARD_BENCH_NOISE_SCALES", "")
    try:
        return [check_noise_scale(float(x)) for x in raw.split(",") if x.strip()]
    except ValueError as err:
        raise ValueError(f"CUEBOARD_BENCH_NOISE_SCALES={raw!r}: {err}") from None


#: Crokinole open-20 success on an empty board by level, % (the goal: beginner about 30, club
#: about 60, pro 85-95; the amateur between).
OPEN20_BANDS: Final[dict[str, tuple[float, float]]] = {
    "beginner": (25.0, 35.0), "amateur": (40.0, 50.0), "club": (55.0, 65.0), "pro": (85.0, 95.0),
}


#: Frames the engine or referee could not finish (an input error raised mid-frame), by game:
#: reported as a figure and left out of the statistics.
ABORTED: dict[str, list[str]] = {}


def _play_one(game: str, level_a: str, level_b: str, k: int, seed: int) -> FrameResult | str:
    """Frame ``k`` between two levels, with its own generator (seed + k); an error message when
    the engine or referee refused a shot mid-frame."""
    g = get_game(game)
    try:
        return play_frame(
            g,
            [_agent(game, level_a), _agent(game, level_b)],
            new_frame(g, k, seed + k),
            np.random.default_rng(seed + k),
        )
    except (ValueError, RuntimeError, ArithmeticError) as err:
        return f"{type(err).__name__}: {err}"


def _frames(g: Game, level_a: str, level_b: str, n: int, seed: int) -> list[FrameResult]:
    """``n`` frames, in ``CUEBOARD_BENCH_PROCS`` processes (default 2, one search worker each)."""
    procs = _env_int("CUEBOARD_BENCH_PROCS", 1 if quick() else 2)
    args = [(g.name, level_a, level_b, k, seed) for k in range(n)]
    if procs == 1:
        results = [_play_one(*a) for a in args]
    else:
        ctx = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with ProcessPoolExecutor(max_workers=procs, mp_context=ctx) as ex:
            results = list(ex.map(_play_one, *zip(*args, strict=True)))
    out = [r for r in results if not isinstance(r, str)]
    ABORTED.setdefault(g.name, []).extend(r for r in results if isinstance(r, str))
    if not out:
        raise RuntimeError(f"{g.name}: every frame aborted: {ABORTED[g.name][-1]}")
    return out


def _need(module: str) -> None:
    import importlib

    try:
        importlib.import_module(module)
    except ImportError as err:
        raise BenchmarkUnavailableError(f"{module} is not available yet ({err})") from None


#: Each snooker level's band of self-play pot success, % (real players' figures).
POT_BANDS: Final[dict[str, tuple[float, float]]] = {
    "beginner": (20.0, 35.0), "amateur": (40.0, 55.0), "club": (60.0, 75.0), "pro": (88.0, 95.0),
}
#: The professional's long-pot success and share of frames with a century, %.
LONG_POT_BAND: Final = (55.0, 75.0)
CENTURY_BAND: Final = (15.0, 40.0)
#: At the tournament noise: pot success at least this, % (the goal set for it), and fouls per frame
#: no more than the AI's before (2.6).
TOURNAMENT_POT_GOAL: Final = 85.0
TOURNAMENT_FOULS_GOAL: Final = 2.6
#: The ladder: each level wins at least this share of frames against the one below, %; the pro
#: against the club player at least :data:`PRO_CLUB_GOAL`.
LADDER_GOAL: Final = 80.0
PRO_CLUB_GOAL: Final = 90.0
#: Seeds of the head-to-head frames, by game (pairing i plays seeds base + 10 i + k).
PAIR_SEED: Final = {"snooker": 300, "crokinole": 400, "novuss": 500}


def _rate(name: str, hits: int, n: int, band: tuple[float, float] | None, what: str, judged: bool = True,
          unit: str = "%") -> Figure:
    """``hits`` of ``n`` as a percentage, with its Wilson 95 % interval, judged against ``band``."""
    value = 100.0 * hits / n if n else 0.0
    low, high = wilson(hits, n)
    note = f"{hits}/{n} {what}, 95 % CI {100 * low:.1f}-{100 * high:.1f}"
    if band is None or not judged:
        return Figure(name, value, unit, note=note)
    lo, hi = band
    goal = f">= {lo:g} %" if hi >= 100 else f"{lo:g}-{hi:g} %"
    return Figure(name, value, unit, goal, lo <= value <= hi, note)


def snooker_figures(name: str, frames: list[FrameResult], level: str | None) -> list[Figure]:
    """Pot success, breaks, centuries, fouls and decision time of self-played ``frames``, named
    ai.snooker.<name>; judged against the bands of ``level`` (None: not judged)."""
    m = len(frames)
    s0, s1 = collect("snooker", frames)
    c = s0.counts + s1.counts
    breaks = s0.breaks + s1.breaks
    pro = level == "pro"
    cpu = s0.decision_cpu + s1.decision_cpu
    wall = s0.decision_times + s1.decision_times
    out = [
        _rate(f"ai.snooker.{name}.pot_success", c["pots"], c["pot_attempts"], POT_BANDS.get(level or ""),
              f"pots, {m} frames"),
        _rate(f"ai.snooker.{name}.long_pot_success", c["long_pots"], c["long_pot_attempts"], LONG_POT_BAND,
              "long pots", pro),
        _rate(f"ai.snooker.{name}.century_rate", c["frames_with_century"], m, CENTURY_BAND,
              "frames with a century (either player)", pro, "% of frames"),
        Figure(f"ai.snooker.{name}.average_break", statistics.mean(breaks) if breaks else 0.0, "points"),
        Figure(f"ai.snooker.{name}.highest_break", float(max(breaks, default=0)), "points"),
        Figure(f"ai.snooker.{name}.fouls_per_frame", c["fouls"] / m, "fouls", note="both players"),
    ]
    if cpu:
        median = statistics.median(cpu)
        out.append(
            Figure(f"ai.snooker.{name}.decision_median", median, "s", "<= 1 s" if pro else "",
                   median <= 1.0 if pro else None,
                   f"CPU s, budget {_settings().budget_s} s, 1 worker; wall-clock median "
                   f"{statistics.median(wall):.2f} s on this machine's load")
        )
    return out


def tournament_figures(frames: list[FrameResult]) -> list[Figure]:
    """The pro's decisions at the tournament noise: its figures, pot success and fouls judged
    against item 3's goals."""
    out = snooker_figures("tournament_noise", frames, None)
    for i, f in enumerate(out):
        if f.name.endswith(".pot_success"):
            out[i] = dataclasses.replace(f, goal=f">= {TOURNAMENT_POT_GOAL:g} %",
                                         met=f.value >= TOURNAMENT_POT_GOAL)
        elif f.name.endswith(".fouls_per_frame"):
            out[i] = dataclasses.replace(f, goal=f"<= {TOURNAMENT_FOULS_GOAL:g}",
                                         met=f.value <= TOURNAMENT_FOULS_GOAL)
    return out


def _pairings(levels: list[str]) -> list[tuple[str, str]]:
    """(stronger, weaker) pairs: the ladder's neighbours first, then (round robin) the others."""
    order = [str(lv) for lv in reversed(LEVELS) if lv in levels and lv != "perfect"]
    pairs: list[tuple[str, str]] = list(itertools.pairwise(order))
    if os.environ.get("CUEBOARD_BENCH_ROUND_ROBIN", "1") != "0":
        pairs += [(a, b) for i, a in enumerate(order) for b in order[i + 2:]]
    return pairs


def head_to_head(g: Game, levels: list[str], n: int) -> dict[tuple[str, str], list[FrameResult]]:
    """``n`` frames of every pairing of :func:`_pairings` (the stronger level as side 0)."""
    return {
        pair: _frames(g, pair[0], pair[1], n, PAIR_SEED[g.name] + 10 * i)
        for i, pair in enumerate(_pairings(levels))
    }


def ladder_figures(game: str, played: dict[tuple[str, str], list[FrameResult]]) -> list[Figure]:
    """``ai.ladder.<game>.<a>_v_<b>``: the share of frames that level ``a`` (side 0) won against
    the level below, for the neighbouring pairs of ``played``."""
    unit = {"snooker": "frames", "crokinole": "rounds", "novuss": "games"}[game]
    out = []
    for (a, b), frames in played.items():
        if LEVELS.index(a) - LEVELS.index(b) != 1:
            continue
        wins = sum(fr.winner == 0 for fr in frames)
        drawn = sum(fr.winner is None for fr in frames)
        goal = PRO_CLUB_GOAL if (a, b) == ("pro", "club") else LADDER_GOAL
        f = _rate(f"ai.ladder.{game}.{a}_v_{b}", wins, len(frames), (goal, 100.0), f"{unit} won",
                  unit=f"% of {unit}")
        out.append(dataclasses.replace(f, note=f.note + (f", {drawn} drawn" if drawn else "")))
    return out


def rating_figures(game: str, played: dict[tuple[str, str], list[FrameResult]]) -> list[Figure]:
    """``ai.rating.<game>.<level>``: openskill ratings on Elo's scale from every frame played."""
    levels = sorted({lv for pair in played for lv in pair}, key=LEVELS.index)
    games = [
        RatedGame(levels.index(a), levels.index(b), fr.winner)
        for (a, b), frames in played.items() for fr in frames
    ]
    pairs = len(played)
    return [
        Figure(f"ai.rating.{game}.{lv}", r.elo, "Elo",
               note=f"openskill μ {r.mu:.1f} σ {r.sigma:.1f}; {len(games)} results, {pairs} pairings")
        for lv, r in zip(levels, ratings(games, len(levels)), strict=True)
    ]


def snooker(n: int) -> list[Figure]:
    _need("cueboard.games.snooker.physics")
    g = get_game("snooker")
    out: list[Figure] = []
    for level in _levels():
        out += snooker_figures(level, _frames(g, level, level, n, 100), level)
    if "pro" in _levels():
        out += tournament_figures(_frames(g, "pro@tournament", "pro@tournament", n, 100))
    for scale in _noise_scales():
        frames = _frames(g, f"pro@{scale:g}", f"pro@{scale:g}", n, 100)
        out += snooker_figures(f"pro_noise_x{scale:g}", frames, None)
    played = head_to_head(g, _levels(), n)
    out += ladder_figures("snooker", played) + rating_figures("snooker", played)
    if "pro" not in _levels():
        return out
    perfect = _frames(g, "perfect", "perfect", n, 200)
    cleared = sum(_cleared_first_visit(fr) for fr in perfect)
    out.append(
        _rate("ai.snooker.perfect.clearance_share", cleared, len(perfect), None,
              "frames: zero noise, the first scoring visit clears the table", unit="% of frames")
    )
    return out


def _cleared_first_visit(fr: FrameResult) -> bool:
    """Whether the first visit that scored went on to pot the last ball of the frame."""
    scorer = None
    for entry in fr.shots:
        r = entry.ruling
        points = 0 if getattr(r, "foul", False) else int(getattr(r, "points", 0))
        if scorer is None:
            if points > 0:
                scorer = entry.player
            else:
                continue
        if entry.player != scorer or (points == 0 and not getattr(entry.position_after, "frame_over", False)):
            return False
        after = entry.position_after
        if getattr(after, "frame_over", False):
            return getattr(after, "frame_end", None) == "last_ball" and not after.on_table_ids()  # type: ignore[attr-defined]
    return False


def crokinole(n: int, shots: int) -> list[Figure]:
    _need("cueboard.games.crokinole.physics")
    from cueboard.ai import crokinole as ai
    from cueboard.games.crokinole.game import new_position

    g = get_game("crokinole")
    out: list[Figure] = []
    pos = new_position({"players": 2}, starter=0)
    model = ai.CrokinoleModel("perfect")
    open20 = [c for c in ai.candidates(pos) if c.label.startswith("open 20")]
    best = max(open20, key=lambda c: model.outcome_value(pos, c.declaration, c.strike, 0))
    for level in _levels():
        rng = np.random.default_rng(7)
        made = 0
        for _ in range(shots):
            strike = ai.perturb(pos, best.strike, ai.NOISE[level], rng)
            _, outcome = g.simulate(pos, best.declaration, strike)
            made += bool(getattr(outcome, "holed", ()))
        band = OPEN20_BANDS.get(level)
        out.append(_rate(f"ai.crokinole.{level}.open20_success", made, shots, band, "flicks"))
    played = head_to_head(g, _levels(), n)
    return out + ladder_figures("crokinole", played) + rating_figures("crokinole", played)


def novuss(n: int) -> list[Figure]:
    _need("cueboard.games.novuss.physics")
    g = get_game("novuss")
    out: list[Figure] = []
    for level in _levels():
        runs = [_clear_alone(g, _agent("novuss", level), seed) for seed in range(n)]
        strokes = [k for k in runs if k is not None] or [0]
        out.append(
            Figure(
                f"ai.novuss.{level}.strokes_to_clear",
                statistics.mean(strokes),
                "strokes",
                note=f"8 discs, uncontested, {n} games (cap 150)",
            )
        )
    played = head_to_head(g, _levels(), n)
    out += ladder_figures("novuss", played) + rating_figures("novuss", played)
    for (a, b), frames in played.items():
        if (a, b) == ("pro", "club"):
            s0, s1 = collect("novuss", frames)
            out += [
                Figure("ai.novuss.pro.penalties_per_game", s0.counts["penalties"] / len(frames), "penalties",
                       note="against club"),
                Figure("ai.novuss.club.penalties_per_game", s1.counts["penalties"] / len(frames), "penalties",
                       note="against pro"),
            ]
    return out


def _clear_alone(g: Game, agent: SearchAgent, seed: int, cap: int = 150) -> int | None:
    """Strokes seat 0 needs to pocket its 8 discs when the opponent never plays (None: the engine
    or referee refused a stroke; counted with the aborted frames)."""
    try:
        return _clear_alone_run(g, agent, seed, cap)
    except (ValueError, RuntimeError, ArithmeticError) as err:
        ABORTED.setdefault(g.name, []).append(f"{type(err).__name__}: {err}")
        return None


def _clear_alone_run(g: Game, agent: SearchAgent, seed: int, cap: int) -> int:
    rng = np.random.default_rng(seed)
    pos = g.new_position()
    for k in range(1, cap + 1):
        d = agent.decide(g, pos, rng)
        assert d.strike is not None
        _, outcome = g.simulate(pos, d.declaration, d.strike)
        pos, _ = g.apply(pos, d.declaration, outcome, rng)
        if getattr(pos, "pocketed", (0, 0))[0] >= 8 and getattr(pos, "debt", (0, 0))[0] == 0:
            return k
        if getattr(pos, "winner", None) is not None:
            return k
        pos = pos.model_copy(update={"to_move": 0})
    return cap


def run() -> list[Figure]:
    # quick mode: one game of crokinole and novuss at level beginner (a snooker frame between AIs
    # takes minutes even then; the snooker AI's own tests play its shots)
    n = _env_int("CUEBOARD_BENCH_FRAMES", 1 if quick() else 50)
    shots = _env_int("CUEBOARD_BENCH_SHOTS", 5 if quick() else 500)
    rounds = _env_int("CUEBOARD_BENCH_ROUNDS", 1 if quick() else 6 * n)
    games = os.environ.get("CUEBOARD_BENCH_GAMES",
                           "crokinole,novuss" if quick() else "snooker,crokinole,novuss").split(",")
    parts: dict[str, Callable[[], list[Figure]]] = {
        "snooker": lambda: snooker(n),
        "crokinole": lambda: crokinole(rounds, shots),
        "novuss": lambda: novuss(n),
    }
    out: list[Figure] = []
    skipped: list[str] = []
    for name in games:
        try:
            out += parts[name]()
        except BenchmarkUnavailableError as err:
            skipped.append(f"{name}: {err}")
    for game, errors in ABORTED.items():
        if not errors:
            continue
        out.append(
            Figure(
                f"ai.{game}.aborted_frames",
                float(len(errors)),
                "frames",
                "0",
                False,
                f"engine/referee refused a shot mid-frame: {errors[0][:120]}",
            )
        )
    if not out:
        raise BenchmarkUnavailableError("; ".join(skipped))
    return out
