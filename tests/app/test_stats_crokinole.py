"""Crokinole statistics and Crokinole Match Notation, against hand-counted rounds and the CMN
specification's own examples (tests/app/data/cmn/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cueboard.app.cmn import CmnBatch, CmnError, CmnFile, cmn_stats, read_cmn, to_cmn, write_cmn
from cueboard.app.stats import match_stats, stats_csv
from cueboard.games.crokinole.scoreboard import Scoreboard

DATA = Path(__file__).parent / "data" / "cmn"
EXAMPLES = sorted(DATA.glob("*.json"))


def _tournament_game() -> Scoreboard:
    """Four rounds of NCA tournament play (2 points a round won, 1 each for a tie), counted by hand:
    round 1 Ann 1x20 2x15 1x10 = 60, Bob 1x15 2x10 2x5 = 45 (Ann); round 2 Ann 1x10 1x5 = 15,
    Bob 2x20 1x5 = 45 (Bob); round 3 15 against 15 (tied); round 4 Ann 1x20 = 20 against 0 (Ann)."""
    board = Scoreboard({"variant": "tournament", "rounds": 4}, names=("Ann", "Bob"))
    board.enter_round([1, 2, 1, 0], [0, 1, 2, 2])
    board.enter_round([0, 0, 1, 1], [2, 0, 0, 1])
    board.enter_round([0, 1, 0, 0], [0, 0, 1, 1])
    board.enter_round([1, 0, 0, 0], [0, 0, 0, 0])
    return board


def test_statistics_of_a_kept_tournament_game() -> None:
    stats = match_stats(_tournament_game().match_record())
    ann, bob = stats["sides"]
    assert (ann["name"], bob["name"]) == ("Ann", "Bob")
    assert ann["twenties"] == [1, 0, 0, 1] and bob["twenties"] == [0, 2, 0, 0]
    assert ann["points"] == [60, 15, 15, 20] and bob["points"] == [45, 45, 15, 0]
    assert ann["points_per_round"] == 27.5 and bob["points_per_round"] == 26.25
    assert ann["twenties_per_round"] == 0.5 and bob["twenties_per_round"] == 0.5
    assert (ann["rounds_won"], ann["rounds_tied"], ann["rounds_lost"]) == (2, 1, 1)
    assert (bob["rounds_won"], bob["rounds_tied"], bob["rounds_lost"]) == (1, 1, 2)
    assert ann["round_points"] == [2, 0, 1, 2] and ann["score"] == 5 and bob["score"] == 3
    assert ann["zones"] == {"twenties": 2, "fifteens": 3, "tens": 2, "fives": 1}


def test_seed_game_rounds_add_the_difference() -> None:
    """Seed game: the round's winner scores the difference of the totals (60 - 45 = 15)."""
    board = Scoreboard(names=("Ann", "Bob"))
    board.enter_round([1, 2, 1, 0], [0, 1, 2, 2])
    ann, bob = match_stats(board.match_record())["sides"]
    assert ann["round_points"] == [15] and bob["round_points"] == [0]


def test_csv_has_a_row_per_side_and_figure() -> None:
    text = stats_csv(match_stats(_tournament_game().match_record()))
    lines = text.split("\r\n")
    assert lines[0] == "game,seat,name,statistic,value"
    assert "crokinole,0,Ann,twenties,1 0 0 1" in lines
    assert "crokinole,1,Bob,points,45 45 15 0" in lines
    assert "crokinole,0,Ann,zones.fifteens,3" in lines


def test_a_kept_game_goes_out_as_cmn() -> None:
    doc = write_cmn(to_cmn(_tournament_game().match_record(), match_id="m1"))
    match = doc["match"]
    assert doc["cmn"] == "1.0" and doc["source"]["app"] == "cueboard"
    assert match["format"] == "singles" and match["gameFormat"] == {"type": "fixed", "count": 4}
    assert match["teams"] == [{"players": [{"name": "Ann"}]}, {"players": [{"name": "Bob"}]}]
    assert match["games"] == [
        {"winner": 0, "hammer": 0, "scores": [60, 45], "twenties": [1, 0]},
        {"winner": 1, "hammer": 1, "scores": [15, 45], "twenties": [0, 2]},
        {"winner": None, "hammer": 0, "scores": [15, 15], "twenties": [0, 0]},
        {"winner": 0, "hammer": 1, "scores": [20, 0], "twenties": [1, 0]},
    ]
    assert match["winner"] == 0 and match["date"].endswith("Z")
    # the same id for the same match, and the file reads back to the same statistics
    assert doc["id"] == write_cmn(to_cmn(_tournament_game().match_record(), match_id="m1"))["id"]
    back = read_cmn(json.dumps(doc))
    assert isinstance(back, CmnFile)
    ann = cmn_stats(back.match)["sides"][0]
    assert ann["twenties"] == [1, 0, 0, 1] and ann["points"] == [60, 15, 15, 20] and ann["score"] == 5


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_the_specifications_examples_round_trip(path: Path) -> None:
    original = json.loads(path.read_text())
    assert write_cmn(read_cmn(path.read_text())) == original


def test_statistics_of_the_specifications_examples() -> None:
    league = read_cmn((DATA / "singles_league.json").read_text())
    assert isinstance(league, CmnFile)
    jacob, maria = cmn_stats(league.match)["sides"]
    assert jacob["name"] == "Jacob Decker"
    assert (jacob["rounds_won"], jacob["rounds_tied"], jacob["rounds_lost"]) == (2, 1, 1)
    assert jacob["twenties"] == [2, 0, 1, 0] and jacob["twenties_total"] == 3
    assert jacob["points"] == [20, 15, 20, 10] and jacob["points_per_round"] == 16.25
    assert maria["points"] == [5, 20, 10, 10] and maria["points_per_round"] == 11.25
    assert (jacob["score"], maria["score"]) == (5, 3)
    doubles = read_cmn((DATA / "doubles_tournament.json").read_text())
    assert isinstance(doubles, CmnFile)
    one, two = cmn_stats(doubles.match)["sides"]
    assert one["name"] == "Jacob Decker & Alex Kim"
    assert (one["rounds_won"], two["rounds_won"]) == (5, 3)
    assert (one["twenties_total"], two["twenties_total"]) == (4, 3)
    assert one["points"] == [None] * 8 and one["points_per_round"] is None
    batch = read_cmn((DATA / "batch_league_night.json").read_text())
    assert isinstance(batch, CmnBatch) and len(batch.matches) == 2
    cy, di = cmn_stats(batch.matches[1].match)["sides"]
    assert (cy["rounds_tied"], di["rounds_won"], di["points_per_round"]) == (1, 1, 40.0)


def _league() -> dict:
    return json.loads((DATA / "singles_league.json").read_text())


@pytest.mark.parametrize(("change", "named"), [
    (lambda d: d.update(cmn="2.0"), "version"),
    (lambda d: d["match"].update(date="2026-02-11T19:30:00+01:00"), "match.date"),
    (lambda d: d["match"].update(format="doubles"), "match"),
    (lambda d: d["match"]["games"][0].update(winner=1), "match.games.0"),
    (lambda d: d["match"]["games"][0].update(scores=[20]), "match.games.0.scores"),
    (lambda d: d["match"]["gameFormat"].pop("count"), "match.gameFormat"),
    (lambda d: d["match"].pop("winner"), "match.winner"),
    (lambda d: d["match"]["teams"].pop(), "match.teams"),
])
def test_a_bad_file_is_refused_naming_the_field(change, named: str) -> None:
    doc = _league()
    change(doc)
    with pytest.raises(CmnError, match=named.replace(".", r"\.")):
        read_cmn(doc)


def test_not_json_is_refused() -> None:
    with pytest.raises(CmnError, match="JSON"):
        read_cmn("{not json")
