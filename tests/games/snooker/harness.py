"""Builds positions for the scenario files and checks a ruling against the expected fields.

A scenario (tests/games/snooker/scenarios/*.json) is::

    {"id": "...", "rule": "S3 R12 ...: what is checked",
     "position": {...}, "steps": [{"declaration": {...}, "outcome": {...}, "expect": {...}}]}

(or a single step given by top-level "declaration", "outcome", "expect").
"position" starts from the opening rack (``rules.reds`` reds) and changes it:
- ``white``: [x, y] in millimetres puts the cue ball there (otherwise it is in hand);
- ``reds_left``: keep red1..redN on the table, the others potted;
- ``off``: balls potted before the scenario;
- ``balls``: {id: [x, y]} in millimetres, moving balls (or bringing them back);
- every other key is a :class:`SnookerPosition` field (``ball_on``, ``scores``, ``to_move``...).
An outcome's ``final`` may be given as {id: [x, y]} in millimetres.
"expect" maps ruling fields (``penalty``) or ``position.<field>`` of the position after the step to
their expected values; ``error`` expects the step to be refused with a message containing it.

Multi-step scenarios chain strokes and actions: "steps" is a list, each step an ``outcome`` (the
facts, written by hand) or a ``strike`` (:class:`SnookerStrike` fields: the engine simulates it from
the position left by the previous step and ``outcome_of`` gives the facts), with its
``declaration`` and ``expect``. With a strike, ``outcome.<field>`` expects a field of the simulated
outcome (``outcome.potted`` as ball ids). Positions (``position.xy.<ball>``, ``respots``) compare
within :data:`TOLERANCE_MM`.

A step may instead be a ``report``: one line of the scorer's words (``cueboard score snooker``,
:func:`cueboard.games.snooker.scoreboard.parse_report`), given to a scoreboard holding the
position (scorer mode: the position's ``rules.geometry`` must be false).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cueboard.games.snooker.declaration import SnookerDeclaration
from cueboard.games.snooker.match import rack_pieces
from cueboard.games.snooker.position import SnookerPosition, SnookerRules, make_ball
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.records.base import PieceState
from tests.games.scenario_files import load_scenario_files

SCENARIO_DIR = Path(__file__).parent / "scenarios"
MM = 0.001
#: Positions compare within 0.1 mm: a rack or a respot in exact contact is not matched to the bit.
TOLERANCE_MM = 0.1


def load_scenarios() -> list[dict[str, Any]]:
    return load_scenario_files(SCENARIO_DIR)


def build_position(spec: dict[str, Any]) -> SnookerPosition:
    spec = dict(spec)
    rules = SnookerRules.model_validate(spec.pop("rules", {}))
    balls = {p.id: p for p in rack_pieces(rules.reds)}
    white = spec.pop("white", None)
    if white is not None:
        balls["white"] = make_ball("white", white[0] * MM, white[1] * MM)
        spec.setdefault("in_hand", False)
    reds_left = spec.pop("reds_left", None)
    if reds_left is not None:
        for i in range(reds_left + 1, rules.reds + 1):
            balls[f"red{i}"] = balls[f"red{i}"].model_copy(update={"state": PieceState.POCKETED})
    for ball in spec.pop("off", []):
        balls[ball] = balls[ball].model_copy(update={"state": PieceState.POCKETED})
    for ball, (x, y) in spec.pop("balls", {}).items():
        balls[ball] = make_ball(ball, x * MM, y * MM)
    return SnookerPosition(pieces=tuple(balls.values()), rules=rules, **spec)


def build_outcome(spec: dict[str, Any], position: SnookerPosition) -> SnookerOutcome:
    spec = dict(spec)
    final = spec.pop("final", None)
    if isinstance(final, dict):
        moved = {p.id: p for p in position.pieces}
        for ball, (x, y) in final.items():
            moved[ball] = make_ball(ball, x * MM, y * MM)
        spec["final"] = [p.model_dump(mode="json") for p in moved.values()]
    return SnookerOutcome.model_validate(spec)


def build_declaration(spec: dict[str, Any] | None) -> SnookerDeclaration:
    return SnookerDeclaration.model_validate(spec or {})


def steps_of(scenario: dict[str, Any]) -> list[dict[str, Any]]:
    if "steps" in scenario:
        return list(scenario["steps"])
    keys = ("declaration", "outcome", "strike", "report", "expect")
    return [{k: scenario[k] for k in keys if k in scenario}]


def is_engine_driven(scenario: dict[str, Any]) -> bool:
    """Whether some step's outcome comes from the engine (a ``strike``)."""
    return any("strike" in step for step in steps_of(scenario))


def outcome_value(field: str, outcome: SnookerOutcome) -> Any:
    """``outcome.<name>`` of an expectation: a field of the (simulated) outcome, in JSON form;
    ``potted`` as the ball ids only (the pocket names are the table's)."""
    name = field.removeprefix("outcome.")
    if name == "potted":
        return [b for b, _ in outcome.potted]
    return outcome.model_dump(mode="json")[name]


def matches(field: str, got: Any, want: Any) -> bool:
    """Whether ``got`` is the expected ``want``: coordinates within :data:`TOLERANCE_MM`."""
    if field.startswith("position.xy.") and got is not None and want is not None:
        return len(got) == len(want) and all(
            abs(g - w) <= TOLERANCE_MM for g, w in zip(got, want, strict=True)
        )
    if field == "respots":
        return len(got) == len(want) and all(
            g[0] == w[0] and abs(g[1] - w[1]) <= TOLERANCE_MM and abs(g[2] - w[2]) <= TOLERANCE_MM
            for g, w in zip(got, want, strict=True)
        )
    return bool(got == want)


def actual_value(field: str, ruling: Any, position: SnookerPosition) -> Any:
    if field.startswith("position."):
        name = field.removeprefix("position.")
        if name == "points_remaining":
            return position.points_remaining()
        if name.startswith("snookers_required"):
            return position.snookers_required(int(name[-1]))
        if name.startswith("state."):
            return position.piece(name.removeprefix("state.")).state.value
        if name.startswith("xy."):
            p = position.piece(name.removeprefix("xy."))
            return [p.x / MM, p.y / MM]
        data = position.model_dump(mode="json")
        return data[name]
    data = ruling.model_dump(mode="json")
    if field == "fouls":
        return sorted(f["reason"] for f in data["fouls"])
    if field == "respots":
        return [[r["ball"], r["x"] / MM, r["y"] / MM] for r in data["respots"]]
    if field == "announce":
        return data["announcements"]
    return data[field]
