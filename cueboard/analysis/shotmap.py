"""Shot maps: how likely a level's player is to pot a target ball from every place of the cue
ball (snooker), computed as a batch (:mod:`cueboard.batch`) and drawn as a heat map (:mod:`.plot`).

For each cell of a grid over the bed (``step`` metres; cells where the cue ball would not fit —
over a cushion, touching or overlapping a ball — are left empty), the cue ball is put at the
cell's centre and the level's AI proposes its pots (:func:`cueboard.ai.snooker.shots.pot_candidates`:
its best few pots of the balls on, each aim corrected through the physics; the safeties it would
weigh against them play no part here). Of its pots of the target, the one it rates most likely
to go in (its ``success`` estimate; of equals, the first in its own order) is played ``trials``
times through the physics and the referee, each time with the level's execution noise
(``perturb``: the noise model of docs/ai.md). A trial counts when the target drops (the
outcome's ``potted``) and the referee calls no foul (S3 R12: e.g. the cue ball following it in).
A cell where the AI sees no pot of the target (blocked, or not among its best few) scores 0 of
``trials``. The map is the fraction made, with its binomial spread: about ±0.11 at p = 0.5 with
20 trials.

One task is one row of the grid; each cell draws its noise from ``default_rng([task seed,
column])``, so the map is the same whatever the executor and worker count.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cueboard.ai.noise import check_level
from cueboard.ai.registry import game_ai
from cueboard.ai.snooker import make_ai
from cueboard.ai.snooker.shots import pot_candidates
from cueboard.batch.executors import Executor
from cueboard.batch.run import run_tasks
from cueboard.batch.store import ResultStore
from cueboard.batch.tasks import BatchInputError, Task, check_seed
from cueboard.games.snooker import (
    GAME,
    STANDARD_TABLE,
    SnookerPosition,
    ball_ids,
    is_red,
    layout_of,
    make_ball,
)
from cueboard.records.base import PieceState

T = STANDARD_TABLE
R = T.ball_radius
#: Grid steps allowed (metres) and most trials per cell.
MIN_STEP, MAX_STEP = 0.01, 0.5
MAX_TRIALS = 10_000
#: Clearance kept between the cue ball and any other ball (metres).
GAP = 0.001


#: The game whose positions a shot map reads: it plays the snooker AI's pots through snooker's
#: physics.
SHOTMAP_GAME = "snooker"


@dataclass(frozen=True)
class ShotMapSpec:
    """A shot map: the position (JSON of a snooker position record), the ball to pot, the level
    (``pro``, ``club@0.5``...), the grid step (metres), trials per cell and the seed."""

    position: str
    target: str
    level: str
    step: float = 0.05
    trials: int = 20
    seed: int = 0

    def __post_init__(self) -> None:
        pos = self.snooker_position()
        if self.target not in layout_of(pos.pieces) or self.target == "white":
            raise BatchInputError(f"the target '{self.target}' is not a ball on the table in the position")
        on = pos.ball_on
        if not (on == self.target or (on == "red" and is_red(self.target))
                or (on == "colour" and not is_red(self.target))):
            raise BatchInputError(f"the target '{self.target}' is not on in the position (ball on: {on})")
        check_level(self.level.partition("@")[0])
        game_ai(SHOTMAP_GAME, *_level(self.level))
        if not MIN_STEP <= self.step <= MAX_STEP:
            raise BatchInputError(f"step must be from {MIN_STEP} to {MAX_STEP} m, got {self.step}")
        if not 1 <= self.trials <= MAX_TRIALS:
            raise BatchInputError(f"trials must be from 1 to {MAX_TRIALS}, got {self.trials}")
        check_seed(self.seed)

    def snooker_position(self) -> SnookerPosition:
        return SnookerPosition.model_validate_json(self.position)

    def digest(self) -> str:
        """12 hex digits naming this map (its tasks' keys start with it)."""
        text = json.dumps(asdict(self), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]


def _level(text: str) -> tuple[str, float, str]:
    """(level, noise factor, noise study or "") of ``pro``, ``pro@0.5``, ``pro@tournament``."""
    from cueboard.ai.noise import NOISE_STUDIES
    from cueboard.ai.registry import parse_level

    study = text.partition("@")[2]
    return (*parse_level(text), study if study in NOISE_STUDIES else "")


def lone_ball(target: str) -> SnookerPosition:
    """The position with only the cue ball and ``target`` on the table, ``target`` on its spot
    (a red: on the blue spot) and on: the default of ``cueboard shotmap``."""
    spots = T.spots
    place = spots["blue"] if is_red(target) else spots.get(target)
    if place is None:
        raise BatchInputError(f"unknown ball '{target}' (red1..red15 or a colour)")
    balls = {"white": (0.0, T.baulk_y / 2), target: place}
    pieces = tuple(
        make_ball(b, *balls[b]) if b in balls else make_ball(b, state=PieceState.POCKETED)
        for b in ball_ids(15)
    )
    return SnookerPosition(pieces=pieces, ball_on="red" if is_red(target) else target, in_hand=False)


def grid(step: float) -> tuple[list[float], list[float]]:
    """The cell centres across (x) and along (y) the table, ``step`` apart, centred on the bed."""
    nx, ny = int(T.width / step), int(T.length / step)
    x0, y0 = -(nx - 1) * step / 2, T.length / 2 - (ny - 1) * step / 2
    return [x0 + i * step for i in range(nx)], [y0 + j * step for j in range(ny)]


def fits(pos: SnookerPosition, x: float, y: float) -> bool:
    """Whether the cue ball fits at (x, y): on the bed and clear of every other ball."""
    if abs(x) > T.half_width - R or not R <= y <= T.length - R:
        return False
    others = [xy for b, xy in layout_of(pos.pieces).items() if b != "white"]
    return all(math.hypot(x - bx, y - by) >= 2 * R + GAP for bx, by in others)


def with_cue_ball(pos: SnookerPosition, x: float, y: float) -> SnookerPosition:
    pieces = tuple(make_ball("white", x, y) if p.id == "white" else p for p in pos.pieces)
    return pos.model_copy(update={"pieces": pieces, "in_hand": False})


def cell_made(spec: ShotMapSpec, x: float, y: float, rng: np.random.Generator) -> int | None:
    """Trials made from the cell (x, y) (see the module docstring); None where the cue ball does not fit."""
    base = spec.snooker_position()
    if not fits(base, x, y):
        return None
    pos = with_cue_ball(base, x, y)
    ai = make_ai(*_level(spec.level))
    ideas = [c for c in pot_candidates(pos, ai.sigma) if c.label.startswith(f"pot {spec.target} ")]
    if not ideas:
        return 0
    best = max(ideas, key=lambda c: c.success)  # the first of equals: the AI's own order
    made = 0
    for _ in range(spec.trials):
        strike = ai.perturb(pos, best.strike, rng)
        try:
            _, outcome = GAME.simulate(pos, best.declaration, strike)
            _, ruling = GAME.apply(pos, best.declaration, outcome, rng)
        except (ValueError, RuntimeError):  # refused by the physics or the referee: a miss, as
            continue  # the AI's own search counts it (cueboard.ai.search.play_through)
        made += int(not ruling.foul and any(ball == spec.target for ball, _ in outcome.potted))
    return made


def row_task(task: Task) -> dict[str, Any]:
    """One row of the map: ``{"row": j, "made": [trials made or None per column]}``."""
    spec = ShotMapSpec(**task.payload["spec"])
    xs, ys = grid(spec.step)
    j = int(task.payload["row"])
    made = [cell_made(spec, x, ys[j], np.random.default_rng([task.seed, i])) for i, x in enumerate(xs)]
    return {"row": j, "made": made}


def shotmap_tasks(spec: ShotMapSpec) -> list[Task]:
    """One task per row, keyed ``<digest>/row<j>``, seeded from the spec's seed."""
    _, ys = grid(spec.step)
    return [
        Task.seeded(spec.seed, f"{spec.digest()}/row{j:03d}", {"spec": asdict(spec), "row": j})
        for j in range(len(ys))
    ]


@dataclass(frozen=True)
class ShotMap:
    """A computed map: the cell centres and the fraction made per cell (NaN: no cue-ball place),
    rows along the table (``p[j][i]`` at ``(xs[i], ys[j])``)."""

    spec: ShotMapSpec
    xs: list[float]
    ys: list[float]
    p: np.ndarray

    def to_json(self) -> dict[str, Any]:
        return {
            "target": self.spec.target, "level": self.spec.level, "step": self.spec.step,
            "trials": self.spec.trials, "seed": self.spec.seed, "xs": [round(x, 6) for x in self.xs],
            "ys": [round(y, 6) for y in self.ys],
            "p": [[None if math.isnan(v) else round(float(v), 6) for v in row] for row in self.p],
        }


def compute_shotmap(
    spec: ShotMapSpec, executor: Executor, store_path: Path, on_result: Any = None
) -> ShotMap:
    """Compute (or finish: the rows already in ``store_path`` are kept) the map on ``executor``."""
    xs, ys = grid(spec.step)
    results = run_tasks(row_task, shotmap_tasks(spec), executor, ResultStore(store_path), on_result=on_result)
    p = np.full((len(ys), len(xs)), np.nan)
    for r in results.values():
        p[r["row"]] = [np.nan if m is None else m / spec.trials for m in r["made"]]
    return ShotMap(spec, xs, ys, p)
