"""Reading the novuss referee scenarios (tests/games/novuss/scenarios/*.json).

A scenario file holds a list of scenarios, each:
- ``name``, ``rule``: what it checks and the rule it cites (rules/novuss.md section / seed 004);
- ``position``: the set-up for ``players`` (2 or 4) changed by ``pocketed`` (disc ids in the
  pockets), ``at`` (disc id -> [x, y]), ``to_move``, ``debt``, ``winner``;
- either ``outcome`` (the stroke facts as ``NovussOutcome`` fields) or ``events`` (engine events)
  with ``striker_at`` / ``final_at`` (where the striker / discs lie after the stroke) for
  ``outcome_of``; ``known`` (default false) passes the final pieces to the referee with ``outcome``;
- multi-step: ``steps``, a list of such steps (``outcome`` / ``events`` with their ``known``,
  ``final_at``, ``striker_at``, or a ``strike``: ``NovussStrike`` fields that the disc physics
  plays from the position the previous step left, engine-driven), each with its ``expect``;
- ``expect``: ruling fields (placements compared field by field, numbers to 0.1 mm), ``outcome``
  fields (events scenarios), ``after`` (``to_move``, ``pocketed``, ``debt``, ``winner``,
  ``on_table``, ``in_pockets``), or ``error`` (a substring of the IllegalStrokeError message).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cueboard.engine.events import Event
from cueboard.games.novuss.geometry import initial_pieces
from cueboard.games.novuss.outcome import outcome_of
from cueboard.games.novuss.records import NovussOutcome, NovussPosition, striker_id
from cueboard.records.base import Piece, PieceState
from tests.games.scenario_files import load_scenario_files

SCENARIO_DIR = Path(__file__).parent / "scenarios"


def load_scenarios() -> list[dict[str, Any]]:
    return load_scenario_files(SCENARIO_DIR)


def build_position(spec: dict[str, Any]) -> NovussPosition:
    players = spec.get("players", 2)
    pocketed = set(spec.get("pocketed", ()))
    at = spec.get("at", {})
    pieces = []
    for p in initial_pieces(players):
        update: dict[str, Any] = {}
        if p.id in pocketed:
            update["state"] = PieceState.POCKETED
        if p.id in at:
            update["x"], update["y"] = at[p.id]
        pieces.append(p.model_copy(update=update))
    counts = [
        sum(1 for p in pieces if p.kind == "disc" and p.owner == s and p.id in pocketed) for s in (0, 1)
    ]
    return NovussPosition(
        pieces=tuple(pieces),
        players=players,
        to_move=spec.get("to_move", 0),
        pocketed=(counts[0], counts[1]),
        debt=tuple(spec.get("debt", (0, 0))),
        winner=spec.get("winner"),
    )


def final_pieces(position: NovussPosition, sc: dict[str, Any]) -> tuple[Piece, ...]:
    """The pieces after the stroke: ``final_at`` moves discs, ``striker_at`` places the striker."""
    final_at = sc.get("final_at", {})
    sid = striker_id(position.to_move)
    out = []
    for p in position.pieces:
        if p.id in final_at:
            p = p.model_copy(update={"x": final_at[p.id][0], "y": final_at[p.id][1]})
        if p.id == sid and "striker_at" in sc:
            x, y = sc["striker_at"]
            p = p.model_copy(update={"x": x, "y": y, "state": PieceState.ON_TABLE})
        out.append(p)
    return tuple(out)


def build_outcome(position: NovussPosition, sc: dict[str, Any]) -> NovussOutcome:
    if "events" in sc:
        events = [Event.model_validate(e) for e in sc["events"]]
        return outcome_of(events, final_pieces(position, sc), position, striker_id(position.to_move))
    data = dict(sc["outcome"])
    if sc.get("known"):
        data["final"] = [p.model_dump(mode="json") for p in final_pieces(position, sc)]
    return NovussOutcome.model_validate(data)


def steps_of(sc: dict[str, Any]) -> list[dict[str, Any]]:
    """A scenario's steps: its ``steps``, or the scenario itself as one step."""
    return list(sc["steps"]) if "steps" in sc else [sc]


def is_engine_driven(sc: dict[str, Any]) -> bool:
    """Whether some step is a ``strike`` the physics simulates."""
    return any("strike" in step for step in steps_of(sc))


def step_outcome(position: NovussPosition, step: dict[str, Any]) -> NovussOutcome:
    """The step's outcome: the physics' for a ``strike``, else as :func:`build_outcome` reads it."""
    if "strike" in step:
        from cueboard.games.novuss.game import GAME
        from cueboard.games.novuss.records import NovussDeclaration, NovussStrike

        _events, outcome = GAME.simulate(
            position, NovussDeclaration(), NovussStrike.model_validate(step["strike"])
        )
        return outcome
    return build_outcome(position, step)
