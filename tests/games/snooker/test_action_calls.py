"""The referee's calls for actions without a stroke (SnookerRuling.calls): each names what happened
— a concession (S4 R6), a claim (S2 D1(b)), a forfeit with the balls left awarded (S4 R3(b)), a
stalemate (S3 R16), balls moved by another put back (S3 R15) — before the end of the frame, and
never "no score" as if a stroke had been played."""

from __future__ import annotations

import numpy as np

from cueboard.app.messages import LANGUAGES, translate
from cueboard.games.snooker import GAME
from cueboard.games.snooker.declaration import Action, SnookerDeclaration
from cueboard.games.snooker.records import SnookerOutcome
from cueboard.records.ruling import Call
from tests.ai.test_snooker_decisions import with_balls

RNG = np.random.default_rng(0)


def _keys(calls: tuple[Call, ...]) -> list[str]:
    return [c.key for c in calls]


def test_concession_names_the_side_that_conceded() -> None:
    start = GAME.new_position()
    side = start.to_move  # seat = side with two players
    _, ruling = GAME.apply(start, SnookerDeclaration(action=Action.CONCEDE), SnookerOutcome(), RNG)
    assert _keys(ruling.calls)[:2] == ["ref.snooker.concede", "ref.snooker.frame_over"]
    assert ruling.calls[0].params == {"side": side} and ruling.calls[1].params == {"side": 1 - side}


def test_claim_with_only_the_black_left() -> None:
    pos = with_balls({"white": (0.0, 1.0), "black": (0.0, 3.245)}, ball_on="black", scores=(60, 52))
    _, ruling = GAME.apply(pos, SnookerDeclaration(action=Action.CLAIM), SnookerOutcome(), RNG)
    assert _keys(ruling.calls)[:2] == ["ref.snooker.claim", "ref.snooker.frame_over"]
    assert ruling.calls[0].params == {"side": 0}


def test_forfeit_awards_the_balls_left() -> None:
    start = GAME.new_position()  # 15 reds and the colours: 15 × 8 + 27 = 147 (S4 R3(b))
    _, ruling = GAME.apply(start, SnookerDeclaration(action=Action.FORFEIT, side=1), SnookerOutcome(), RNG)
    assert ruling.calls[0] == Call("ref.snooker.forfeit", {"side": 1, "points": 147})
    assert "ref.snooker.no_score" not in _keys(ruling.calls)
    assert translate("en", ruling.calls[0].key, {"side": "Bob", "points": 147}) == (
        "Bob forfeits the frame: 147 to the opponent.")


def test_stalemate_restarts_the_frame() -> None:
    start = GAME.new_position()
    _, ruling = GAME.apply(start, SnookerDeclaration(action=Action.STALEMATE), SnookerOutcome(), RNG)
    assert _keys(ruling.calls) == ["ref.snooker.stalemate"]


def test_every_action_call_reads_in_every_language() -> None:
    for key in ("concede", "claim", "forfeit", "stalemate", "choose_player", "replace_moved"):
        for lang in LANGUAGES:
            text = translate(lang, f"ref.snooker.{key}", {"side": "A", "seat": "B", "points": 8})
            assert text != f"ref.snooker.{key}" and "{" not in text, (lang, key)
