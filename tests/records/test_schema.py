"""The JSON Schemas shipped in cueboard/records/schemas/ are those the models generate now, and
they accept the records cueboard writes and refuse what its readers refuse."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cueboard
from cueboard.records import MatchHeader, MatchRecord, PlayerInfo, RecordError, ShotEntry
from cueboard.records.schema import SCHEMA_DIR, kinds, schema, schema_text, shipped

jsonschema = pytest.importorskip("jsonschema")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_shipped_schemas_are_current() -> None:
    stale = [kind for kind in kinds() if shipped(kind) != schema_text(kind)]
    assert not stale, f"regenerate with python -m cueboard.records.schema: {stale}"
    assert sorted(p.stem for p in SCHEMA_DIR.glob("*.json")) == sorted(kinds())


@pytest.mark.parametrize("kind", ["match-header", "event", "snooker.match", "crokinole.position"])
def test_every_schema_is_a_valid_draft_2020_12_schema(kind: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(kind))


def _played(game_name: str, strokes: int) -> MatchRecord:
    """A match record of ``game_name``: a few strokes played through the Game interface."""
    game = cueboard.get_game(game_name)
    rng = np.random.default_rng(0)
    position = game.new_position({}, seed=0)
    shots = []
    for i in range(strokes):
        turn = game.turn(position)
        if turn.action == "choose":  # after a foul: play on (S3 R11(h)), no stroke
            declaration = game.choose(position, turn.choices[0])
            outcome = game.no_stroke_outcome(position)
            after, ruling = game.apply(position, declaration, outcome, rng)
            shots.append(
                ShotEntry(
                    index=i,
                    player=turn.seat,
                    declaration=declaration,
                    strike=None,
                    outcome=outcome,
                    ruling=ruling,
                    position_after=after,
                )
            )
            position = after
            continue
        place = None if turn.placement is None else game.placement_point(position, 0.1, 0.0)
        values = {p.name: p.low + 0.3 * (p.high - p.low) for p in game.strike_bounds(position)}
        values.update({k: 0.0 for k in ("side", "top", "elevation") if k in values})
        values["angle"] = 80.0
        strike = game.make_strike(position, values, place)
        declaration = game.declaration(position)
        _, outcome = game.simulate(position, declaration, strike)
        after, ruling = game.apply(position, declaration, outcome, rng)
        shots.append(
            ShotEntry(
                index=i,
                player=turn.seat,
                declaration=declaration,
                strike=strike,
                outcome=outcome,
                ruling=ruling,
                position_after=after,
            )
        )
        position = after
    players = (PlayerInfo(seat=0, name="Ann"), PlayerInfo(seat=1, name="Bob"))
    return MatchRecord(header=MatchHeader(game=game_name, players=players), shots=shots)


@pytest.mark.parametrize("game", ["snooker", "crokinole", "novuss"])
def test_a_written_match_record_validates_and_an_unknown_field_does_not(game: str) -> None:
    validator = jsonschema.Draft202012Validator(schema(f"{game}.match"))
    data: dict[str, Any] = json.loads(_played(game, 3).to_json())
    assert list(validator.iter_errors(data)) == []
    data["shots"][1]["outcome"]["spin_rate"] = 3.0  # a field no outcome has: refused by both
    errors = list(validator.iter_errors(data))
    assert errors and "spin_rate" in errors[0].message
    with pytest.raises(RecordError, match="spin_rate"):
        cueboard.records.loads_match(json.dumps(data))


@pytest.mark.parametrize(
    ("file", "kind"),
    [
        ("snooker-start.json", "snooker.position"),
        ("crokinole-flick.json", "crokinole.strike"),
        ("novuss-start.json", "novuss.position"),
    ],
)
def test_the_examples_validate(file: str, kind: str) -> None:
    data = json.loads((EXAMPLES / file).read_text())
    jsonschema.Draft202012Validator(schema(kind)).validate(data)


def test_an_unknown_kind_names_the_kinds() -> None:
    with pytest.raises(RecordError, match=r"no record kind 'pool.position' \(kinds: match-header, event"):
        schema("pool.position")
