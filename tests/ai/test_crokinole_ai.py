"""The crokinole AI's evaluation values what wins a tournament round (rules/crokinole.md C14, C17:
2 points to the side with the higher total, 1 each for a tie, whatever the difference)."""

from __future__ import annotations

from cueboard.ai.crokinole import evaluate
from cueboard.ai.crokinole_round import hammer_side, outcome_chances, round_value, stakes
from cueboard.games.crokinole import CrokinolePosition, CrokinoleRuling, new_position
from cueboard.records.base import Piece

#: A one-round tournament game (the bench's ladder frame), seat 0 to start.
ONE_ROUND = {"variant": "tournament", "rounds": 1, "players": 2}


def _disc(pid: str, owner: int, y: float) -> Piece:
    return Piece(id=pid, kind="disc", owner=owner, x=0.0, y=y)


def _position(settings: dict, pieces: tuple[Piece, ...], discs_left: tuple[int, int, int, int],
              to_move: int, twenties: tuple[int, int] = (0, 0)) -> CrokinolePosition:
    start = new_position(settings, starter=0)
    return start.model_copy(update={"pieces": pieces, "discs_left": discs_left, "to_move": to_move,
                                    "twenties": twenties})


def _ruling() -> CrokinoleRuling:
    return CrokinoleRuling(next_to_move=2)


def test_the_hammer_is_the_side_that_did_not_start() -> None:
    """C3 and C15: play goes round from the round's starter, so the other side shoots last."""
    assert hammer_side(new_position(ONE_ROUND, starter=0)) == 1
    assert hammer_side(new_position(ONE_ROUND, starter=2)) == 0
    assert hammer_side(new_position({"variant": "tournament", "players": 4}, starter=1)) == 0


def test_a_round_is_won_tied_or_lost_not_counted_by_its_margin() -> None:
    """C17: a round won is 2 points, a tie 1 each; in the game's last round what counts is the
    game: with the scores 4 to 2 before the fourth round, a tie still wins the game (5 to 3) and a
    loss draws it (4 to 4)."""
    first = new_position({"variant": "tournament", "rounds": 4, "players": 2}, starter=0)
    assert stakes(first, 0) == (2.0, 0.0, -2.0)
    last = first.model_copy(update={"scores": (4, 2), "history": _played_rounds(3)})
    assert stakes(last, 0) == (1000.0, 1000.0, 0.0)
    assert stakes(last, 1) == (0.0, -1000.0, -1000.0)


def _played_rounds(n: int) -> tuple:
    from cueboard.games.crokinole import RoundResult, ZoneCount

    empty = ZoneCount()
    return tuple(
        RoundResult(round=k + 1, starter=0, counts=(empty, empty), totals=(0, 0), difference=0,
                    points=(1, 1), scores_after=(k + 1, k + 1))
        for k in range(n)
    )


def test_outcome_chances_add_up_and_a_level_margin_is_even() -> None:
    win, tie, lose = outcome_chances(0.0, 4)
    assert abs(win + tie + lose - 1.0) < 1e-12
    assert abs(win - lose) < 1e-12 and tie > 0.0
    assert outcome_chances(30.0, 1)[0] > 0.99  # three spreads up with one disc left


def test_a_bigger_lead_against_the_hammer_is_worth_more_but_not_linearly() -> None:
    """C14 and C17: only the round's winner scores, so a lead of 25 before the opponent's last
    disc (the hammer) is worth much more than a lead of 10 — the hammer can overturn 10 — while
    going from a lead of 45 to 60 gains almost nothing: both win the round almost surely."""
    pos = _position(ONE_ROUND, (), (0, 0, 1, 0), to_move=2)
    v = {m: round_value(pos, 0, m) for m in (10.0, 25.0, 45.0, 60.0)}
    assert v[25.0] - v[10.0] > 300.0
    assert 0.0 <= v[60.0] - v[45.0] < 10.0
    assert v[60.0] < 1000.0


def test_the_tournament_evaluation_prefers_the_higher_margin_before_the_hammer() -> None:
    """The AI's own evaluation of two positions left by its last disc, the opponent's hammer to
    come: its disc in the 15 beside the hole and its 20 (35 to 0) against its 20 alone (20 to 0).
    The tournament evaluation (C17) must rank the higher margin above; and both, by what they win,
    between a lost and a won game (±1000)."""
    before = _position(ONE_ROUND, (), (1, 0, 1, 0), to_move=0)
    guarded = _position(ONE_ROUND, (_disc("s0-08", 0, 0.05),), (0, 0, 1, 0), to_move=2, twenties=(1, 0))
    bare = _position(ONE_ROUND, (), (0, 0, 1, 0), to_move=2, twenties=(1, 0))
    high, low = evaluate(before, guarded, _ruling(), 0), evaluate(before, bare, _ruling(), 0)
    assert -1000.0 < low < high < 1000.0


def test_the_seed_game_keeps_counting_the_margin() -> None:
    """C14: in the seed game the difference itself is scored, so a 20 is worth 20 points."""
    seed_game = {"variant": "seed", "players": 2}
    before = _position(seed_game, (), (12, 0, 12, 0), to_move=0)
    after = _position(seed_game, (), (11, 0, 12, 0), to_move=2, twenties=(1, 0))
    assert evaluate(before, after, _ruling(), 0) == 20.0
