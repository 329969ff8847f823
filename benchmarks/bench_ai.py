"""AI strength (issue 7): snooker, crokinole and novuss players measured over simulated frames.

Sizes (environment variables; the defaults are the issue's 50 frames, rounds or games per level,
about two hours on 2 cores; ``CUEBOARD_BENCH_FRAMES=4`` gives a rough look in minutes):
- ``CUEBOARD_BENCH_FRAMES``: snooker frames per level (self-play), per head-to-head, and
  crokinole rounds / novuss games per head-to-head (default 50);
- ``CUEBOARD_BENCH_SHOTS``: crokinole open-20 attempts per level (default 500);
- ``CUEBOARD_BENCH_BUDGET``: search seconds per decision (default 0.5);
- ``CUEBOARD_BENCH_LEVELS``: comma-separated levels (default beginner,amateur,club,pro; the
  zero-noise clearances and pro v club are played when it names pro);
- ``CUEBOARD_BENCH_GAMES``: comma-separated games (default snooker,crokinole,novuss);
- ``CUEBOARD_BENCH_PROCS``: frames played at once, one process each (default 2);
- ``CUEBOARD_BENCH_NOISE_SCALES``: comma-separated factors (e.g. ``0.5,0.25``; default none): the
  snooker pro's decisions self-played with its execution noise times each factor, figures
  ``ai.snooker.pro_noise_x<factor>.*`` (how far the pro's goals are a matter of the cue arm).

Figures are named ``ai.<game>.<level>.<what>``; see docs/ai.md for the table of a full run.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from benchmarks.core import BenchmarkUnavailableError, Figure
from cueboard.ai.match import FrameResult, new_frame, play_frame
from cueboard.ai.noise import check_noise_scale
from cueboard.ai.players import SearchAgent, SearchSettings
from cueboard.ai.registry import game_ai, parse_level
from cueboard.ai.stats import collect
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
    return SearchSettings(budget_s=float(os.environ.get("CUEBOARD_BENCH_BUDGET", "0.5")), workers=1)


def _levels() -> list[str]:
    raw = os.environ.get("CUEBOARD_BENCH_LEVELS", "beginner,amateur,club,pro")
    return [x for x in raw.split(",") if x.strip()]


def _agent(game: str, level: str) -> SearchAgent:
    """The player of ``level``; ``pro@0.5`` is the pro with half its execution noise."""
    return SearchAgent(game_ai(game, *parse_level(level)), _settings(), name=f"ai:{level}")


def _noise_scales() -> list[float]:
    raw = os.environ.get("CUEBOARD_BENCH_NOISE_SCALES", "")
    try:
        return [check_noise_scale(float(x)) for x in raw.split(",") if x.strip()]
    except ValueError as err:
        raise ValueError(f"CUEBOARD_BENCH_NOISE_SCALES={raw!r}: {err}") from None


def _goal(name: str, value: float, unit: str, goal: str, met: bool, judged: bool, note: str = "") -> Figure:
    """A figure with the issue's goal when ``judged`` (the level the goal is for), else plain."""
    return Figure(name, value, unit, goal if judged else "", met if judged else None, note)


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
    procs = _env_int("CUEBOARD_BENCH_PROCS", 2)
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


def _snooker_play(name: str, frames: list[FrameResult], goals: bool) -> list[Figure]:
    """Pot success, breaks, centuries, fouls and decision time of self-played ``frames``, named
    ai.snooker.<name>; ``goals``: judged against the issue's goals for 'pro'."""
    m = len(frames)
    s0, s1 = collect("snooker", frames)
    pots = s0.counts["pots"] + s1.counts["pots"]
    attempts = s0.counts["pot_attempts"] + s1.counts["pot_attempts"]
    breaks = s0.breaks + s1.breaks
    century_rate = 100.0 * (s0.counts["frames_with_century"] + s1.counts["frames_with_century"]) / m
    fouls = s0.counts["fouls"] + s1.counts["fouls"]
    median = statistics.median(s0.decision_times + s1.decision_times)
    rate = 100.0 * pots / attempts if attempts else 0.0
    return [
        _goal(
            f"ai.snooker.{name}.pot_success",
            rate,
            "%",
            ">= 90 %",
            rate >= 90,
            goals,
            f"{pots}/{attempts} pots, {m} frames",
        ),
        Figure(f"ai.snooker.{name}.average_break", statistics.mean(breaks) if breaks else 0.0, "points"),
        Figure(f"ai.snooker.{name}.highest_break", float(max(breaks, default=0)), "points"),
        _goal(
            f"ai.snooker.{name}.century_rate",
            century_rate,
            "% of frames",
            ">= 30 %",
            century_rate >= 30,
            goals,
        ),
        Figure(f"ai.snooker.{name}.fouls_per_frame", fouls / m, "fouls", note="both players"),
        _goal(
            f"ai.snooker.{name}.decision_time_median",
            median,
            "s",
            "<= 1 s",
            median <= 1.0,
            goals,
            f"budget {_settings().budget_s} s, 1 worker",
        ),
    ]


def snooker(n: int) -> list[Figure]:
    _need("cueboard.games.snooker.physics")
    g = get_game("snooker")
    out: list[Figure] = []
    for level in _levels():
        out += _snooker_play(level, _frames(g, level, level, n, 100), level == "pro")
    for scale in _noise_scales():
        frames = _frames(g, f"pro@{scale:g}", f"pro@{scale:g}", n, 100)
        out += _snooker_play(f"pro_noise_x{scale:g}", frames, False)
    if "pro" not in _levels():
        return out
    perfect = _frames(g, "perfect", "perfect", n, 200)
    cleared = sum(_cleared_first_visit(fr) for fr in perfect)
    m = len(perfect)
    out.append(
        Figure(
            "ai.snooker.perfect.clearance_share",
            100.0 * cleared / m,
            "% of frames",
            note="zero noise: the first scoring visit clears the table",
        )
    )
    head = _frames(g, "pro", "club", n, 300)
    wins = sum(fr.winner == 0 for fr in head)
    m = len(head)
    out.append(
        Figure(
            "ai.snooker.pro_vs_club.pro_wins",
            100.0 * wins / m,
            "% of frames",
            ">= 90 %",
            100.0 * wins / m >= 90,
        )
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
        rate = 100.0 * made / shots
        name = f"ai.crokinole.{level}.open20_success"
        out.append(_goal(name, rate, "%", ">= 75 %", rate >= 75, level == "pro", f"{shots} flicks"))
    head = _frames(g, "pro", "club", n, 400)
    wins = sum(fr.winner == 0 for fr in head)
    m = len(head)
    out.append(
        Figure(
            "ai.crokinole.pro_vs_club.pro_round_wins",
            100.0 * wins / m,
            "% of rounds",
            note=f"{m} rounds, {sum(fr.winner is None for fr in head)} tied",
        )
    )
    return out


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
    head = _frames(g, "pro", "club", n, 500)
    m = len(head)
    s0, s1 = collect("novuss", head)
    out += [
        Figure("ai.novuss.pro_vs_club.pro_wins", 100.0 * s0.frames_won / m, "% of games", note=f"{m} games"),
        Figure("ai.novuss.pro.penalties_per_game", s0.counts["penalties"] / m, "penalties"),
        Figure("ai.novuss.club.penalties_per_game", s1.counts["penalties"] / m, "penalties"),
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
    n = _env_int("CUEBOARD_BENCH_FRAMES", 50)
    shots = _env_int("CUEBOARD_BENCH_SHOTS", 500)
    games = os.environ.get("CUEBOARD_BENCH_GAMES", "snooker,crokinole,novuss").split(",")
    parts: dict[str, Callable[[], list[Figure]]] = {
        "snooker": lambda: snooker(n),
        "crokinole": lambda: crokinole(n, shots),
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
