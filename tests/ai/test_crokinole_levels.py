"""Each crokinole level chooses as its :data:`cueboard.ai.crokinole_levels.DECISIONS` say: a
weaker level considers a subset of the stronger's shot ideas, weighs them with fewer samples, and
the plain tally where it does not look ahead (docs/ai.md)."""

from __future__ import annotations

import numpy as np
import pytest

from cueboard.ai import players
from cueboard.ai.crokinole import NOISE, CrokinoleModel, candidates, evaluate
from cueboard.ai.crokinole_levels import DECISIONS, FULL, CrokinoleDecisions
from cueboard.ai.players import SearchSettings
from cueboard.ai.registry import make_agent
from cueboard.ai.search import play_through
from cueboard.games.crokinole import CrokinolePosition, CrokinoleRuling, new_position, tally
from cueboard.games.protocol import get_game
from cueboard.records.base import Piece

LADDER = ("beginner", "amateur", "club", "pro")


def _board(pieces: tuple[Piece, ...], to_move: int = 0, variant: str = "seed") -> CrokinolePosition:
    start = new_position({"variant": variant, "players": 2}, starter=0)
    left = tuple(12 - sum(p.owner == s for p in pieces) if s in (0, 2) else 0 for s in range(4))
    return start.model_copy(update={"pieces": pieces, "discs_left": left, "to_move": to_move})


def _disc(pid: str, owner: int, x: float, y: float) -> Piece:
    return Piece(id=pid, kind="disc", owner=owner, x=x, y=y)


#: An open board, and one with three opponent discs (a 15 and two 10s) and one own disc.
OPEN = _board(())
CONTESTED = _board((_disc("s2-01", 2, 0.05, 0.04), _disc("s2-02", 2, -0.12, 0.05),
                    _disc("s2-03", 2, 0.10, -0.10), _disc("s0-01", 0, -0.03, -0.15)))


def _ideas(level: str, position: CrokinolePosition) -> set[tuple[str, tuple[float, float], float]]:
    """A level's shot ideas as (label, start, speed) — the same shot whoever considers it."""
    return {(c.label, c.strike.start, round(c.strike.speed or 0.0, 9))
            for c in candidates(position, DECISIONS[level])}


@pytest.mark.parametrize("position", [OPEN, CONTESTED], ids=["open", "contested"])
def test_a_weaker_level_considers_a_subset_of_the_stronger_levels_shots(position: CrokinolePosition) -> None:
    ideas = [_ideas(level, position) for level in LADDER]
    for weaker, stronger, name in zip(ideas, ideas[1:], LADDER, strict=False):
        assert weaker <= stronger, name
    assert len(ideas[0]) < len(ideas[1]) <= len(ideas[2]) <= len(ideas[3])
    assert ideas[3] == _ideas("perfect", position)


def test_the_bench_open_20_test_sees_every_shot() -> None:
    """The open-20 calibration (benchmarks/bench_ai.py ``crokinole``) picks the best open 20 of
    the module's default candidates: they are the pro's, all three speeds from every start."""
    default = {(c.label, c.strike.start) for c in candidates(OPEN)}
    assert default == {(c.label, c.strike.start) for c in candidates(OPEN, DECISIONS["pro"])}
    wanted = {"open 20", "open 20 firm", "open 20 soft", "guard behind a peg"}
    assert {label for label, _ in default} >= wanted


def test_the_beginner_shoots_at_the_20_or_takes_out_the_best_disc() -> None:
    """The beginner: one open-20 speed, on a contested board a full takeout of the
    highest-scoring opponent disc it can reach, nothing else."""
    open_labels = {c.label for c in candidates(OPEN, DECISIONS["beginner"])}
    assert open_labels == {"open 20"}
    assert {c.label for c in candidates(CONTESTED, DECISIONS["beginner"])} == {"takeout s2-01"}
    amateur = {c.label for c in candidates(CONTESTED, DECISIONS["amateur"])}
    assert {"takeout, cut left s2-01", "hit and stick s2-01", "takeout s2-02"} <= amateur
    assert not any("s2-03" in label for label in amateur)  # two targets: the 15 and one 10


def test_targets_count_only_discs_the_level_can_reach() -> None:
    """A target with no clear line is not one of the level's targets: the beginner then takes
    out the next disc rather than banking off the pegs."""
    hidden = _board((_disc("s2-01", 2, 0.0, -0.05), _disc("s0-01", 0, 0.0, -0.14),
                     _disc("s0-02", 0, -0.05, -0.13), _disc("s0-03", 0, 0.05, -0.13),
                     _disc("s2-02", 2, 0.0, 0.12)))
    takeouts = {c.label for c in candidates(hidden, FULL) if c.label.startswith("takeout ")}
    assert takeouts == {"takeout s2-02"}  # the 15 (s2-01) is hidden behind our three discs
    one_target = CrokinoleDecisions(targets=1, cuts=False, stick=False, banks=False)
    assert {c.label for c in candidates(hidden, one_target)} == {"takeout s2-02"}


def test_every_level_but_the_beginner_banks_at_a_disc_it_cannot_see() -> None:
    """An opponent 15 hidden behind three own discs from every start (rules C8: the shot must hit
    it, a ricochet counts): the beginner has one firm shot at the centre, which drives the 15
    into the hole (20 to the opponent); the amateur, the club player and the pro sweep banks
    around the line to it, and as aimed some leave the opponent 10 with our three discs and the
    shooter on the board."""
    hidden = _board((_disc("s2-01", 2, 0.0, -0.05), _disc("s0-01", 0, 0.0, -0.14),
                     _disc("s0-02", 0, -0.05, -0.13), _disc("s0-03", 0, 0.05, -0.13)))
    game = get_game("crokinole")

    def played(level: str) -> list[tuple[int, int, float]]:
        out = []
        for c in candidates(hidden, DECISIONS[level]):
            result = play_through(game, hidden, c.declaration, c.strike)
            assert result is not None
            after, ruling = result
            counts = tally(after.pieces, {s: after.side(s) for s in after.settings.seats}, after.twenties)
            out.append((counts[0].total, counts[1].total, evaluate(hidden, after, ruling, 0, FULL)))
        return out

    assert {c.label for c in candidates(hidden, DECISIONS["beginner"])} == {"bank off the pegs"}
    beginner = played("beginner")
    assert [(own, opp) for own, opp, _ in beginner] == [(45, 20)]
    for level in ("amateur", "club", "pro"):
        assert {c.label for c in candidates(hidden, DECISIONS[level])} == {"bank at s2-01"}, level
        banks = played(level)
        assert (45, 10) in {(own, opp) for own, opp, _ in banks}, level
        assert max(v for *_, v in banks) > max(v for *_, v in beginner), level


def test_the_level_that_does_not_look_ahead_counts_the_plain_tally() -> None:
    """Without the exposure the value is the tally difference (C14, the seed game); with it, our
    disc in the open 15 that the next shooter can reach is discounted."""
    before = _board(())
    after = _board((_disc("s0-01", 0, 0.0, 0.05),), to_move=2)
    ruling = CrokinoleRuling(next_to_move=2)
    counts = tally(after.pieces, {s: after.side(s) for s in after.settings.seats}, after.twenties)
    plain = float(counts[0].total - counts[1].total)
    assert plain == 15.0
    assert evaluate(before, after, ruling, 0, DECISIONS["beginner"]) == plain
    assert evaluate(before, after, ruling, 0, FULL) < plain


def test_a_level_that_plays_the_margin_ignores_the_round_value() -> None:
    """In the tournament variant (C17) the pro values the round's expected result, a level with
    ``by_round=False`` the margin."""
    before = _board((), variant="tournament")
    after = _board((_disc("s0-01", 0, 0.0, 0.05),), to_move=2, variant="tournament")
    ruling = CrokinoleRuling(next_to_move=2)
    margin = evaluate(before, after, ruling, 0, CrokinoleDecisions(by_round=False))
    assert margin == evaluate(_board(()), _board((_disc("s0-01", 0, 0.0, 0.05),), to_move=2), ruling, 0)
    assert evaluate(before, after, ruling, 0, FULL) != margin
    assert abs(evaluate(before, after, ruling, 0, FULL)) <= 2.0  # a round is worth ±2 before the last


def test_the_levels_model_and_agent_use_their_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The model evaluates with the level's decisions, and the search draws at most the level's
    samples and candidates, whatever the settings allow."""
    seen: dict[str, int] = {}
    real = players.search

    def spy(*args: object, **kwargs: int) -> object:
        seen.update(samples=kwargs["samples"], top_k=kwargs["top_k"])
        return real(*args, **kwargs)  # type: ignore[arg-type, type-var]

    monkeypatch.setattr(players, "search", spy)
    for level in LADDER:
        assert CrokinoleModel(level).decisions is DECISIONS[level]
        agent = make_agent("crokinole", f"ai:{level}", SearchSettings(samples=50, top_k=50, budget_s=None))
        agent.decide(get_game("crokinole"), OPEN, np.random.default_rng(0))
        assert seen == {"samples": DECISIONS[level].samples, "top_k": DECISIONS[level].top_k}, level
    few = make_agent("crokinole", "ai:pro", SearchSettings(samples=2, top_k=1, budget_s=None))
    few.decide(get_game("crokinole"), OPEN, np.random.default_rng(0))
    assert seen == {"samples": 2, "top_k": 1}


def test_the_decisions_do_not_change_the_noise() -> None:
    """The open-20 calibration is the hand's: a level's noise is its own, whatever it decides."""
    for level in LADDER:
        assert CrokinoleModel(level).noise == NOISE[level]


def test_bad_decisions_are_refused() -> None:
    for bad in ({"open20_speeds": 0}, {"open20_speeds": 4}, {"targets": 0}, {"samples": 0},
                {"start_stride": 0}, {"top_k": 0}, {"replies": -1}):
        with pytest.raises(ValueError):
            CrokinoleDecisions(**bad)  # type: ignore[arg-type]


def test_softer_takeouts_only_for_a_level_that_asks_for_them() -> None:
    """``soft_takeouts`` adds a full takeout at a middle speed per target and start, nothing else."""
    plain = candidates(CONTESTED, FULL)
    soft = candidates(CONTESTED, CrokinoleDecisions(soft_takeouts=True))
    extra = [c for c in soft if c.label.startswith("takeout, softer")]
    assert not any(c.label.startswith("takeout, softer") for c in plain)
    assert extra and len(soft) == len(plain) + len(extra)
    full = {c.label: c.strike.speed for c in plain if c.label.startswith("takeout s")}
    assert all((c.strike.speed or 0.0) < max(full.values()) for c in extra)
