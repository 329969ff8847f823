"""The crokinole look-ahead (:mod:`cueboard.ai.crokinole_reply`): a shot judged by the next
shooter's best reply, on a level's few best sampled shots only."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from cueboard.ai.crokinole import CrokinoleModel, candidates, evaluate
from cueboard.ai.crokinole_levels import DECISIONS
from cueboard.ai.crokinole_player import CrokinoleAI
from cueboard.ai.crokinole_reply import judge_by_replies, worst_reply
from cueboard.ai.search import search
from cueboard.games.crokinole import CrokinolePosition, CrokinoleRuling, new_position
from cueboard.records.base import Piece


def _board(pieces: tuple[Piece, ...], to_move: int = 0) -> CrokinolePosition:
    start = new_position({"variant": "seed", "players": 2}, starter=0)
    left = tuple(12 - sum(p.owner == s for p in pieces) if s in (0, 2) else 0 for s in range(4))
    return start.model_copy(update={"pieces": pieces, "discs_left": left, "to_move": to_move})


def test_an_open_disc_is_worth_less_after_the_reply_that_takes_it_out() -> None:
    """Our disc alone in the open 15: the next shooter's best reply removes it (or leaves less)."""
    model = CrokinoleModel("pro")
    before = _board(())
    after = _board((Piece(id="s0-01", kind="disc", owner=0, x=0.0, y=0.05),), to_move=2)
    ruling = CrokinoleRuling(next_to_move=2)
    assert worst_reply(model, before, after, ruling, 0) < evaluate(before, after, ruling, 0, model.decisions)


def test_only_the_best_sampled_shots_are_judged_again() -> None:
    position = _board((Piece(id="s2-01", kind="disc", owner=2, x=0.05, y=0.04),))
    model = CrokinoleModel("pro")
    scored = search(model, position, candidates(position), 0, np.random.default_rng(3), samples=2, top_k=4)
    assert judge_by_replies(model, position, scored, 0, 1, None) == scored  # one shot: nothing to compare
    assert judge_by_replies(model, position, scored, 0, 3, 0.0) == scored  # no budget left
    judged = judge_by_replies(model, position, scored, 0, 3, None)
    assert judged[3:] == scored[3:]
    assert {s.candidate.label for s in judged[:3]} == {s.candidate.label for s in scored[:3]}
    assert all(len(s.values) == 1 for s in judged[:3])
    assert [s.mean for s in judged[:3]] == sorted((s.mean for s in judged[:3]), reverse=True)


def test_a_level_without_replies_keeps_the_search_order() -> None:
    position = _board(())
    ai = CrokinoleAI("club")
    assert DECISIONS["club"].replies == 0
    rng = np.random.default_rng(0)
    scored = search(ai.model(), position, candidates(position), 0, rng, samples=1, top_k=2)
    assert ai.judge(position, scored, None) is scored
    assert replace(DECISIONS["club"], replies=2).replies == 2


def test_replies_only_for_the_rounds_last_discs(monkeypatch: pytest.MonkeyPatch) -> None:
    """``reply_discs``: the look-ahead only when at most that many discs are still to be shot."""
    monkeypatch.setitem(DECISIONS, "club", replace(DECISIONS["club"], replies=3, reply_discs=4))
    ai = CrokinoleAI("club")
    disc = Piece(id="s2-01", kind="disc", owner=2, x=0.05, y=0.04)
    early = _board((disc,))
    late = early.model_copy(update={"discs_left": (2, 0, 1, 0)})
    for position, judged in ((early, False), (late, True)):
        rng = np.random.default_rng(3)
        scored = search(ai.model(), position, candidates(position), 0, rng, samples=2, top_k=4)
        assert (ai.judge(position, scored, None) is not scored) is judged
