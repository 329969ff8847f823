"""Crokinole records: settings defaults (rules/crokinole.md Players and discs), position checks,
and a match record round trip through the registry."""

from __future__ import annotations

import pytest

from cueboard.errors import SettingsError
from cueboard.games.crokinole import GAME, new_position
from cueboard.games.crokinole.records import (
    CrokinoleDeclaration,
    CrokinoleOutcome,
    CrokinolePosition,
    CrokinoleSettings,
    ZoneCount,
)
from cueboard.games.protocol import get_game
from cueboard.records import MatchHeader, MatchRecord, PlayerInfo, ShotEntry, loads_match, record_types
from cueboard.records.base import Piece, RecordError, parse_record


def test_discs_per_player_defaults() -> None:
    assert CrokinoleSettings().discs == 12  # seed: 2 players, 12 discs each
    assert CrokinoleSettings(variant="tournament").discs == 8  # type: ignore[arg-type]
    assert CrokinoleSettings(players=4).discs == 6  # partnerships: 6 each
    assert CrokinoleSettings(discs_per_player=8).discs == 8
    assert CrokinoleSettings(players=2).seats == (0, 2)
    assert CrokinoleSettings(players=4).seats == (0, 1, 2, 3)


def test_sides_and_turn_order() -> None:
    two, four = CrokinoleSettings(), CrokinoleSettings(players=4)
    assert [two.side(s) for s in (0, 2)] == [0, 1]
    assert [four.side(s) for s in range(4)] == [0, 1, 0, 1]  # partners sit opposite
    assert [two.next_seat(s) for s in (0, 2)] == [2, 0]
    assert [four.next_seat(s) for s in range(4)] == [1, 2, 3, 0]


def test_new_position_draws_the_starter_from_the_seed() -> None:
    starters = {new_position(seed=s).to_move for s in range(20)}
    assert starters == {0, 2}
    assert new_position(seed=3) == new_position(seed=3)
    p = new_position({"players": 4}, starter=3)
    assert (p.to_move, p.round_starter, p.discs_left) == (3, 3, (6, 6, 6, 6))
    with pytest.raises(ValueError, match="starter"):
        new_position(starter=1)
    with pytest.raises(SettingsError, match="setting 'players'"):
        new_position({"players": 3})


def test_position_checks() -> None:
    with pytest.raises(RecordError, match="to_move"):
        parse_record(CrokinolePosition, {"game": "crokinole", "pieces": [], "to_move": 1})
    with pytest.raises(RecordError, match="11 left"):
        parse_record(CrokinolePosition, {"game": "crokinole", "pieces": [], "discs_left": [11, 0, 12, 0]})
    disc = {"id": "s1-01", "kind": "disc", "owner": 1, "x": 0.0, "y": 0.0}
    with pytest.raises(RecordError, match="owner"):
        parse_record(CrokinolePosition, {"game": "crokinole", "pieces": [disc]})


def test_outcome_is_a_shot_or_a_tally() -> None:
    with pytest.raises(ValueError, match="not both"):
        CrokinoleOutcome(shooter=0, shot_disc="s0-01", tally=(ZoneCount(), ZoneCount()))


def test_registered_and_round_trips_in_a_match_record() -> None:
    assert record_types("crokinole").position is CrokinolePosition
    assert get_game("crokinole") is GAME
    start = new_position(starter=0)
    disc = Piece(id="s0-01", kind="disc", owner=0, y=-0.02)
    outcome = CrokinoleOutcome(shooter=0, shot_disc="s0-01", final=(disc,))
    after, ruling = GAME.apply(start, CrokinoleDeclaration(), outcome, rng=None)  # type: ignore[arg-type]
    players = (PlayerInfo(seat=0, name="A"), PlayerInfo(seat=2, name="B"))
    entry = ShotEntry(
        index=0, player=0, declaration=CrokinoleDeclaration(), outcome=outcome, ruling=ruling,
        position_after=after,
    )
    record = MatchRecord(header=MatchHeader(game="crokinole", variant="seed", players=players), shots=[entry])
    back = loads_match(record.to_jsonl())
    assert back.shots[0].position_after == after
    assert back.shots[0].ruling == ruling


def test_discs_left_default_to_the_discs_not_yet_shot() -> None:
    disc = {"id": "s1-01", "kind": "disc", "owner": 1, "x": 0.0, "y": 0.05}
    p = parse_record(CrokinolePosition, {"game": "crokinole", "settings": {"players": 4}, "pieces": [disc]})
    assert p.discs_left == (6, 5, 6, 6)
    assert CrokinolePosition(pieces=()).discs_left == (12, 0, 12, 0)
    tournament = {"game": "crokinole", "settings": {"variant": "tournament"}, "pieces": []}
    t = parse_record(CrokinolePosition, tournament)
    assert t.discs_left == (8, 0, 8, 0)
