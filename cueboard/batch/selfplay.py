"""AI-vs-AI frames as batch tasks: the work of ``cueboard tournament`` (docs/scale.md).

A tournament is every pairing of its players (a round robin; two players: one match), ``frames``
frames (snooker frames, crokinole rounds, novuss games) each. One task plays one frame through
:func:`cueboard.ai.match.play_frame` — the loop the match CLI and the AI benchmark use — and
returns its match record and result. The AI searches without a time budget and in one process
(``SearchSettings(budget_s=None, workers=1)``: a serial search without a budget is
deterministic given its seed, :mod:`cueboard.ai.search`), its strength set by ``samples`` and
``top_k`` instead: so a frame depends only on the task's seed, and every record and figure is
the same whichever executor played it. ``budget_s`` gives the search the AI benchmark's CPU
budget per decision instead (benchmarks/bench_ai.py); the frames then depend on how fast the
machine running them is, and are no longer the same from one executor or machine to another.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np

from cueboard import __version__
from cueboard.ai.match import frame_settings, new_frame, play_frame, two_player_seats
from cueboard.ai.players import SearchSettings
from cueboard.ai.registry import make_agent
from cueboard.batch.executors import Executor
from cueboard.batch.run import run_tasks
from cueboard.batch.store import ResultStore
from cueboard.batch.tasks import BatchInputError, Task, check_seed
from cueboard.games.protocol import get_game
from cueboard.records.match import MatchHeader, MatchRecord, PlayerInfo
from cueboard.registry import check_game_name

#: Most frames per pairing, most players (a round robin of n players has n(n-1)/2 pairings).
MAX_FRAMES = 100_000
MAX_PLAYERS = 16
#: Longest search budget per decision (CPU seconds).
MAX_BUDGET_S = 600.0


@dataclass(frozen=True)
class TournamentSpec:
    """What a tournament plays. ``date`` (ISO 8601) goes into every record's header: the time
    the tournament was first started, kept when it is resumed."""

    game: str
    players: tuple[str, ...]
    frames: int
    seed: int
    date: str
    samples: int = 10
    top_k: int = 8
    max_shots: int = 600
    budget_s: float | None = None

    def __post_init__(self) -> None:
        check_game_name(self.game)
        if not 2 <= len(self.players) <= MAX_PLAYERS:
            raise BatchInputError(f"a tournament needs 2 to {MAX_PLAYERS} players, got {len(self.players)}")
        if len(set(self.players)) != len(self.players):
            raise BatchInputError(f"a player is named twice: {', '.join(self.players)}")
        for spec in self.players:
            make_agent(self.game, spec)  # AgentError (a ValueError) naming a bad player
        for name, value, low, high in (
            ("frames", self.frames, 1, MAX_FRAMES),
            ("samples", self.samples, 0, 1000),
            ("top_k", self.top_k, 1, 100),
            ("max_shots", self.max_shots, 1, 100_000),
        ):
            if not low <= value <= high:
                raise BatchInputError(f"{name} must be from {low} to {high}, got {value}")
        if self.budget_s is not None and not 0 < self.budget_s <= MAX_BUDGET_S:
            raise BatchInputError(f"budget must be above 0 and at most {MAX_BUDGET_S} s, got {self.budget_s}")
        check_seed(self.seed)
        try:
            datetime.fromisoformat(self.date)
        except (TypeError, ValueError):
            raise BatchInputError(f"date must be ISO 8601, got {self.date!r}") from None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["players"] = list(self.players)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentSpec:
        try:
            return cls(**{**data, "players": tuple(data["players"])})
        except (TypeError, KeyError) as err:
            raise BatchInputError(f"not a tournament description ({err})") from None


def pairings(spec: TournamentSpec) -> list[tuple[int, int]]:
    """The pairings (indices into ``spec.players``), in order."""
    return list(combinations(range(len(spec.players)), 2))


def frame_key(pair: tuple[int, int], frame: int) -> str:
    """The task key of ``frame`` (0-based) of the pairing ``pair``: ``p0-p1/frame001``."""
    return f"p{pair[0]}-p{pair[1]}/frame{frame + 1:03d}"


def tournament_tasks(spec: TournamentSpec) -> list[Task]:
    """One task per frame of every pairing, seeded from ``spec.seed`` and the task's key."""
    tasks = []
    for pair in pairings(spec):
        for k in range(spec.frames):
            payload = {
                "game": spec.game,
                "players": [spec.players[pair[0]], spec.players[pair[1]]],
                "frame": k,
                "samples": spec.samples,
                "top_k": spec.top_k,
                "max_shots": spec.max_shots,
                "budget_s": spec.budget_s,
                "date": spec.date,
            }
            tasks.append(Task.seeded(spec.seed, frame_key(pair, k), payload))
    return tasks


def play_task(task: Task) -> dict[str, Any]:
    """Play one frame of a tournament: ``{"winner": side or None, "scores": [a, b], "shots": n,
    "record": the match record as JSON Lines}`` (side 0 is the pairing's first player).

    A frame the rules or the engine cannot finish — one that does not end within ``max_shots``,
    a stroke the physics refuses (the input errors, ``ValueError``; the engine's event limit,
    ``RuntimeError``) — is *aborted*: ``{"winner": None, "scores": None, "shots": 0, "record":
    None, "aborted": "Type: message"}``, left out of the figures and listed apart, as the AI
    benchmark does. (A frame is deterministic: playing it again would fail again, so stopping the
    tournament there would stop it for good.) Any other exception is a bug and stops the batch."""
    p = task.payload
    game = get_game(p["game"])
    settings = SearchSettings(samples=p["samples"], top_k=p["top_k"], budget_s=p.get("budget_s"), workers=1)
    players: Sequence[str] = p["players"]
    agents = [make_agent(game.name, spec, settings) for spec in players]
    rng = np.random.default_rng(task.seed)
    frame = int(p["frame"])
    try:
        result = play_frame(game, agents, new_frame(game, frame, task.seed), rng, max_shots=p["max_shots"])
    except (ValueError, RuntimeError, ArithmeticError) as err:
        return {"winner": None, "scores": None, "shots": 0, "record": None,
                "aborted": f"{type(err).__name__}: {err}"}
    header = MatchHeader(
        game=game.name,
        settings=frame_settings(game.name, frame),
        players=tuple(
            PlayerInfo(seat=seat, name=spec, kind="ai", level=spec.partition(":")[2])
            for seat, spec in zip(two_player_seats(game), players, strict=True)
        ),
        date=datetime.fromisoformat(p["date"]),
        cueboard_version=__version__,
        seed=task.seed,
    )
    outcome = game.outcome(result.final)
    return {
        "winner": result.winner,
        "scores": list(outcome.scores) if outcome is not None else None,
        "shots": len(result.shots),
        "record": MatchRecord(header=header, shots=result.shots).to_jsonl(),
    }


#: The files of a tournament's folder: its description, the results, the match records.
MANIFEST = "tournament.json"
RESULTS = "results.jsonl"
RECORDS = "records"


def open_tournament(spec: TournamentSpec, out: Path) -> TournamentSpec:
    """The tournament to play in the folder ``out``: ``spec``, written to ``out/tournament.json``
    when the folder holds none; when it holds one (a tournament to resume), the same spec with
    the first start's date. BatchInputError when the folder holds a different tournament."""
    manifest = out / MANIFEST
    if not manifest.exists():
        out.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps(spec.to_json(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
        return spec
    try:
        saved = TournamentSpec.from_json(json.loads(manifest.read_text(encoding="utf-8")))
    except (ValueError, AttributeError) as err:
        raise BatchInputError(f"{manifest}: not a tournament description ({err})") from None
    asked = replace(spec, date=saved.date)
    if asked != saved:
        diff = ", ".join(
            f"{k} {v!r} there, {asked.to_json()[k]!r} asked"
            for k, v in saved.to_json().items() if asked.to_json()[k] != v
        )
        raise BatchInputError(f"{out} holds another tournament ({diff}); choose another --out")
    return saved


def save_record(out: Path, task: Task, result: dict[str, Any]) -> dict[str, Any]:
    """Write the frame's match record to ``out/records/<key>.jsonl`` (whole or not at all) and
    return the result without the record's text, naming its file instead (an aborted frame
    has no record: nothing is written)."""
    if result["record"] is None:
        return result
    rel = f"{RECORDS}/{task.key}.jsonl"
    path = out / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(result["record"], encoding="utf-8")
    tmp.replace(path)
    return {**{k: v for k, v in result.items() if k != "record"}, "record": rel}


def run_tournament(
    spec: TournamentSpec,
    executor: Executor,
    out: Path,
    on_result: Callable[[Task, dict[str, Any]], None] | None = None,
) -> tuple[TournamentSpec, dict[str, dict[str, Any]]]:
    """Play (or resume) ``spec`` in the folder ``out`` on ``executor``: the tournament played
    (with the first start's date) and every frame's result by task key."""
    spec = open_tournament(spec, out)
    store = ResultStore(out / RESULTS)
    results = run_tasks(
        play_task, tournament_tasks(spec), executor, store,
        on_result=on_result, prepare=lambda task, result: save_record(out, task, result),
    )
    return spec, results
