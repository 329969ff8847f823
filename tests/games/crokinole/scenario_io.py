"""Reading the referee scenarios (tests/games/crokinole/scenarios/README.md)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from cueboard.games.crokinole.board import INCH
from cueboard.games.crokinole.records import (
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
    CrokinoleSettings,
    CrokinoleStrike,
    RoundResult,
    ZoneCount,
)
from cueboard.records.base import Piece, PieceState
from tests.games.scenario_files import load_scenario_files

SCENARIOS = Path(__file__).parent / "scenarios"


def load_all() -> list[dict[str, Any]]:
    """Every scenario of every file, with ``file`` added."""
    return load_scenario_files(SCENARIOS, file_key="file")


def disc(d: dict[str, Any], owner: int) -> Piece:
    """A disc from ``{id, r, deg, state}``: r in inches from the centre, deg counter-clockwise
    from +x (270 = towards seat 0, 180 = seat 1, 90 = seat 2, 0 = seat 3)."""
    r = float(d.get("r", 0.0)) * INCH
    a = math.radians(float(d.get("deg", 0.0)))
    return Piece(
        id=d["id"], kind="disc", owner=owner, x=r * math.cos(a), y=r * math.sin(a),
        state=PieceState(d.get("state", "on_table")),
    )


def zone_count(v: list[int]) -> ZoneCount:
    return ZoneCount(twenties=v[0], fifteens=v[1], tens=v[2], fives=v[3])


def position_of(sc: dict[str, Any]) -> CrokinolePosition:
    settings = CrokinoleSettings.model_validate(sc.get("settings", {}))
    pos = sc.get("position", {})
    pieces = tuple(disc(d, d["owner"]) for d in sc.get("board", []))
    to_move = pos.get("to_move", 0)
    history = tuple(
        RoundResult(
            round=i + 1, starter=0, counts=(ZoneCount(), ZoneCount()), totals=tuple(h["totals"]),
            difference=abs(h["totals"][0] - h["totals"][1]), points=tuple(h["points"]),
            scores_after=(0, 0),
        )
        for i, h in enumerate(pos.get("history", []))
    )
    fields = {
        "pieces": pieces, "settings": settings, "to_move": to_move,
        "round_starter": pos.get("round_starter", to_move), "round": pos.get("round", 1),
        "twenties": tuple(pos.get("twenties", (0, 0))), "scores": tuple(pos.get("scores", (0, 0))),
        "history": history,
    }
    if "discs_left" in pos:  # else: each player's discs less those on the board (the model's default)
        fields["discs_left"] = tuple(pos["discs_left"])
    return CrokinolePosition.model_validate(fields)


def steps_of(sc: dict[str, Any]) -> list[dict[str, Any]]:
    """A scenario's steps: its ``steps``, or the scenario itself as one step."""
    return list(sc["steps"]) if "steps" in sc else [sc]


def is_engine_driven(sc: dict[str, Any]) -> bool:
    """Whether some step is a ``flick`` the physics simulates."""
    return any("flick" in step for step in steps_of(sc))


def step_outcome(
    step: dict[str, Any], position: CrokinolePosition
) -> tuple[CrokinoleDeclaration, CrokinoleOutcome]:
    """The step's declaration and outcome: a flick through the physics, or the facts by hand."""
    if "flick" in step:
        from cueboard.games.crokinole.simulate import simulate_strike

        _events, outcome = simulate_strike(position, CrokinoleStrike.model_validate(step["flick"]))
        return CrokinoleDeclaration(), outcome
    return declaration_and_outcome(step, position)


def declaration_and_outcome(
    sc: dict[str, Any], position: CrokinolePosition
) -> tuple[CrokinoleDeclaration, CrokinoleOutcome]:
    shooter = sc.get("shooter", position.to_move)
    if sc.get("concede"):
        return CrokinoleDeclaration(concede=True), CrokinoleOutcome(shooter=shooter)
    if "tally" in sc:
        t = sc["tally"]
        return CrokinoleDeclaration(), CrokinoleOutcome(
            shooter=shooter, tally=(zone_count(t[0]), zone_count(t[1]))
        )
    shot = sc["shot"]
    owners = {p.id: p.owner for p in position.pieces}
    final = tuple(disc(d, owners.get(d["id"], shooter)) for d in shot["final"])
    return CrokinoleDeclaration(), CrokinoleOutcome(
        shooter=shooter,
        shot_disc=shot["disc"],
        touched=tuple(shot.get("touched", ())),
        chain=tuple(shot.get("chain", ())),
        opponent_hit=shot.get("opponent_hit", False),
        holed=tuple(shot.get("holed", ())),
        ditched=tuple(shot.get("ditched", ())),
        returned=tuple(shot.get("returned", ())),
        final=final,
    )
