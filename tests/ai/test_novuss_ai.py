"""Novuss shot ideas (cueboard/ai/novuss.py): a light disc no direct stroke can pot (tight on the
side rail in front of the own zone) gets pushes as well as rebounds — a pro once repeated a
rebound the physics never dropped for 50 strokes — and the search's variations turn a rebound."""

from __future__ import annotations

from cueboard.ai.novuss import candidates, variations
from cueboard.games.novuss.geometry import is_dark
from cueboard.games.novuss.records import NovussStrike
from cueboard.games.protocol import get_game
from cueboard.records.base import PieceState


def _lone_disc(x: float, y: float):  # type: ignore[no-untyped-def]
    start = get_game("novuss").new_position()
    own = [p for p in start.pieces if p.kind == "disc" and p.owner == 0]
    keep = own[0].id
    pieces = []
    for p in start.pieces:
        if p.id == keep:
            p = p.model_copy(update={"x": x, "y": y})
        elif p.kind == "disc" and p.owner == 0:
            p = p.model_copy(update={"state": PieceState.POCKETED})
        pieces.append(p)
    update = {"pieces": tuple(pieces), "pocketed": (len(own) - 1, 0), "to_move": 0}
    return start.model_copy(update=update), keep


def test_a_disc_no_direct_stroke_pots_gets_pushes_too() -> None:
    pos, disc = _lone_disc(-0.467, -0.274)  # the stalled game's disc: light, on the left rail
    assert not is_dark(0, -0.467, -0.274)
    cands = candidates(pos)
    labels = [c.label for c in cands]
    assert not any(label.startswith("pot") for label in labels)
    assert any(label.startswith("rebound") for label in labels)
    assert any(label.startswith(f"push {disc}") for label in labels)


def test_variations_turn_and_pace_a_rebound() -> None:
    pos, _ = _lone_disc(-0.467, -0.274)
    rebound = next(c for c in candidates(pos) if c.label.startswith("rebound"))
    varied = variations(rebound)
    assert isinstance(rebound.strike, NovussStrike)
    turns = sorted(round(v.strike.angle - rebound.strike.angle, 6) for v in varied)  # type: ignore[attr-defined]
    assert turns[0] < -1.0 and turns[-1] > 1.0
    assert {v.family for v in varied} == {rebound.family}
    push = next(c for c in candidates(pos) if c.label.startswith("push"))
    assert variations(push) == []


def test_every_novuss_error_grows_from_the_pro_to_the_beginner() -> None:
    """The levels are spaced for the ladder (docs/ai-calibration.md, "Novuss"): each level's
    direction, speed and placement errors are larger than the level above's."""
    from cueboard.ai.novuss import NOISE

    order = ["perfect", "pro", "club", "amateur", "beginner"]
    for what in ("direction_deg", "speed_rel", "speed", "start"):
        sigmas = [getattr(NOISE[lv], what) for lv in order]
        assert sigmas == sorted(sigmas) and len(set(sigmas)) == len(sigmas), what
