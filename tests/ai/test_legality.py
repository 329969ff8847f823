"""Every AI only ever returns legal declarations and strikes: over seeded
random positions of each game, at every level, the decision's records validate against the
game's models and the game's physics and referee accept them (no input error)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from pydantic import BaseModel

from cueboard.ai.players import SearchAgent, SearchSettings
from cueboard.ai.registry import game_ai
from cueboard.games.protocol import Game, get_game
from cueboard.records.base import Piece, PieceState, Position

FAST = SearchSettings(samples=2, top_k=2, budget_s=None, workers=1)
LEVELS = ("beginner", "club", "pro", "perfect")


def _revalidate(model: type[BaseModel], record: BaseModel) -> None:
    """A record built by the AI passes its model's validation from JSON, as a person's would."""
    model.model_validate_json(record.model_dump_json())


def check_decision(game: Game, position: Position, level: str, seed: int) -> None:
    agent = SearchAgent(game_ai(game.name, level), FAST)
    decision = agent.decide(game, position, np.random.default_rng(seed))
    types = game.records
    _revalidate(types.declaration, decision.declaration)
    if decision.strike is None:
        outcome: BaseModel = types.outcome()
    else:
        _revalidate(types.strike, decision.strike)
        _, outcome = game.simulate(position, decision.declaration, decision.strike)
    game.apply(position, decision.declaration, outcome, np.random.default_rng(seed))


def _free_points(rng: np.random.Generator, n: int, sample, radius: float, placed=()):  # type: ignore[no-untyped-def]
    pts = list(placed)
    out = []
    while len(out) < n:
        p = sample(rng)
        if all(math.dist(p, q) > 2 * radius + 1e-3 for q in pts):
            pts.append(p)
            out.append(p)
    return out


# --- snooker ------------------------------------------------------------------------------------
def snooker_position(seed: int) -> Position:
    from cueboard.games.snooker.position import SnookerPosition, ball_ids, make_ball
    from cueboard.games.snooker.table import COLOURS_IN_ORDER
    from cueboard.games.snooker.table import STANDARD_TABLE as T

    rng = np.random.default_rng(seed)
    r = T.ball_radius
    reds = int(rng.integers(0, 6))
    colours = list(COLOURS_IN_ORDER) if reds else list(COLOURS_IN_ORDER[int(rng.integers(0, 6)):])
    names = [f"red{i}" for i in range(1, reds + 1)] + colours + ["white"]

    def sample(g: np.random.Generator) -> tuple[float, float]:
        return (float(g.uniform(-T.half_width + 2 * r, T.half_width - 2 * r)),
                float(g.uniform(2 * r, T.length - 2 * r)))

    pts = dict(zip(names, _free_points(rng, len(names), sample, r), strict=True))
    in_hand = bool(rng.random() < 0.25)
    if in_hand:
        pts["white"] = (0.0, 0.3)
    pieces = tuple(
        make_ball(b, *pts[b]) if b in pts and not (b == "white" and in_hand)
        else make_ball(b, state=PieceState.OFF_TABLE if b == "white" else PieceState.POCKETED)
        for b in ball_ids(15)
    )
    ball_on = ("red" if rng.random() < 0.6 else "colour") if reds else colours[0]
    if ball_on == "colour" and rng.random() < 0.5:
        ball_on = "red"
    to_move = int(rng.integers(0, 2))
    extra: dict[str, object] = {}
    roll = rng.random()
    if roll < 0.3 and ball_on != "colour":
        # just after the opponent's foul: the choice is open (S3 R11(h)), maybe with a free ball
        free = bool(rng.random() < 0.5)
        extra = {"pending": ("play", "put_back"), "offender": 1 - to_move, "free_ball": free}
    return SnookerPosition(
        pieces=pieces, in_hand=in_hand, ball_on=ball_on, to_move=to_move,
        scores=(int(rng.integers(0, 60)), int(rng.integers(0, 60))), **extra,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize("seed", range(12))
def test_snooker_decisions_are_legal(seed: int) -> None:
    pytest.importorskip("cueboard.games.snooker.physics")
    check_decision(get_game("snooker"), snooker_position(seed), LEVELS[seed % len(LEVELS)], seed)


# --- crokinole ----------------------------------------------------------------------------------
def crokinole_position(seed: int, players: int = 2) -> Position:
    from cueboard.games.crokinole.board import STANDARD_BOARD as B
    from cueboard.games.crokinole.game import new_position

    rng = np.random.default_rng(seed)
    start = new_position({"players": players}, starter=0)
    seats = start.settings.seats
    n = start.settings.discs
    counts = {s: int(rng.integers(0, min(4, n - 1) + 1)) for s in seats}

    def sample(g: np.random.Generator) -> tuple[float, float]:
        rad = float(g.uniform(0.03, B.shooting_radius - 2 * B.disc_radius))
        a = float(g.uniform(0, 2 * math.pi))
        return (rad * math.cos(a), rad * math.sin(a))

    pegs = [(x, y) for x, y in B.peg_positions]
    total = sum(counts.values())
    pts = _free_points(rng, total, sample, B.disc_radius, placed=pegs)
    pieces = []
    k = 0
    for s in seats:
        for i in range(counts[s]):
            x, y = pts[k]
            k += 1
            pieces.append(Piece(id=f"s{s}-{i + 1:02d}", kind="disc", owner=s, x=x, y=y))
    left = tuple(n - counts.get(s, 0) if s in seats else 0 for s in range(4))
    mover = int(rng.choice(seats))
    return start.model_copy(update={"pieces": tuple(pieces), "discs_left": left, "to_move": mover})


@pytest.mark.parametrize("seed", range(8))
def test_crokinole_decisions_are_legal(seed: int) -> None:
    pytest.importorskip("cueboard.games.crokinole.physics")
    pos = crokinole_position(seed, players=4 if seed % 3 == 2 else 2)
    type(pos).model_validate(pos.model_dump())  # the random position itself is consistent
    check_decision(get_game("crokinole"), pos, LEVELS[seed % len(LEVELS)], seed)


# --- novuss -------------------------------------------------------------------------------------
def novuss_position(seed: int) -> Position:
    from cueboard.games.novuss.board import STANDARD_BOARD as B

    rng = np.random.default_rng(seed)
    g = get_game("novuss")
    start = g.new_position()
    discs = [p for p in start.pieces if p.kind == "disc"]
    others = [p for p in start.pieces if p.kind != "disc"]
    lim = B.half - B.disc_radius - 0.01

    def sample(gen: np.random.Generator) -> tuple[float, float]:
        while True:
            p = (float(gen.uniform(-lim, lim)), float(gen.uniform(-lim, lim)))
            if all(math.dist(p, c) > B.pocket_radius + B.disc_radius for c in B.pocket_centres.values()):
                return p

    pocket = {d.id for d in discs if rng.random() < 0.3}
    pts = iter(_free_points(rng, len(discs), sample, B.disc_radius))
    new = []
    for d in discs:
        x, y = next(pts)
        state = PieceState.POCKETED if d.id in pocket else PieceState.ON_TABLE
        new.append(d.model_copy(update={"x": x, "y": y, "state": state}))
    pocketed = (
        sum(1 for d in new if d.owner == 0 and d.state is PieceState.POCKETED),
        sum(1 for d in new if d.owner == 1 and d.state is PieceState.POCKETED),
    )
    mover = 0 if rng.random() < 0.5 else 2
    return start.model_copy(update={"pieces": (*new, *others), "pocketed": pocketed, "to_move": mover})


@pytest.mark.parametrize("seed", range(6))
def test_novuss_decisions_are_legal(seed: int) -> None:
    pytest.importorskip("cueboard.games.novuss.physics")
    pos = novuss_position(seed)
    type(pos).model_validate(pos.model_dump())
    check_decision(get_game("novuss"), pos, LEVELS[seed % len(LEVELS)], seed)


@pytest.mark.parametrize("seed", [6, 8])
def test_snooker_free_ball_strokes_are_legal(seed: int) -> None:
    """S3 R10: every free-ball pot the AI proposes is accepted by the referee as a declaration."""
    pytest.importorskip("cueboard.games.snooker.physics")
    from cueboard.ai.snooker.shots import pot_candidates

    game = get_game("snooker")
    pos = snooker_position(seed)
    assert pos.free_ball  # type: ignore[attr-defined]
    frees = [c for c in pot_candidates(pos, 0.2) if c.declaration.free_ball]  # type: ignore[attr-defined]
    assert frees
    for c in frees[:3]:
        _revalidate(game.records.declaration, c.declaration)
        _, outcome = game.simulate(pos, c.declaration, c.strike)
        game.apply(pos, c.declaration, outcome, np.random.default_rng(seed))
