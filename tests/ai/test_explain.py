"""The AI explains itself (cueboard/ai/explain.py): every shot idea carries its intention as a
catalogue message naming what the label names (the ball and the pocket of a pot, the ball of a
safety, the zone of a takeout), and each message reads in all five languages."""

from __future__ import annotations

import re

import pytest

from cueboard.ai import explain
from cueboard.ai.crokinole import candidates as crokinole_candidates
from cueboard.ai.novuss import candidates as novuss_candidates
from cueboard.ai.novuss import variations as novuss_variations
from cueboard.ai.snooker.player import forced
from cueboard.ai.snooker.shots import pot_candidates
from cueboard.app.messages import LANGUAGES, catalogue, translate
from cueboard.games.protocol import get_game
from cueboard.records.ruling import Call
from tests.ai.test_snooker_decisions import SIGMA, with_balls


def _reads_everywhere(call: Call) -> None:
    """The call's key and its ``_key`` parameters exist, and no language leaves a ``{name}``."""
    en = catalogue("en")
    assert call.key in explain.KEYS and call.key in en
    for name, value in call.params.items():
        if name.endswith("_key"):
            assert value in en, value
    for lang in LANGUAGES:
        text = translate(lang, call.key, dict(call.params))
        assert not re.search(r"\{\w+\}", text), (lang, text)


def test_every_key_and_pocket_is_in_the_catalogues() -> None:
    for lang in LANGUAGES:
        cat = catalogue(lang)
        missing = [k for k in explain.KEYS | {explain.pocket_key(p) for p in explain.POCKETS} if k not in cat]
        assert not missing, (lang, missing)


def test_a_snooker_pot_names_its_ball_and_pocket() -> None:
    pytest.importorskip("cueboard.games.snooker.physics")
    pos = with_balls({"white": (0.0, 2.4), "pink": (-0.55, 3.2), "black": (0.0, 3.245)}, ball_on="colour")
    cands = pot_candidates(pos, SIGMA)
    assert cands
    for c in cands:
        _, ball, _, pocket = c.label.split()[:4]  # "pot pink into top-left (...)"
        params = {"ball_key": f"ball.{ball}", "pocket_key": f"pocket.{pocket}"}
        assert c.explanation == Call("ai.snooker.pot", params)
        _reads_everywhere(c.explanation)
    en = translate("en", cands[0].explanation.key, dict(cands[0].explanation.params))  # type: ignore[union-attr]
    assert "pink" in en and "pocket" in en


def test_snooker_claim_and_choices_explain_themselves() -> None:
    pos = with_balls({"white": (0.0, 1.0), "black": (0.0, 3.245)}, ball_on="black", scores=(60, 52))
    d = forced(pos, SIGMA)
    assert d is not None and d.explanation == Call("ai.snooker.claim")
    hard = with_balls(
        {"white": (0.0, 0.2), "red1": (0.0, 3.0), "black": (0.0, 1.5)},
        ball_on="red", pending=("play", "put_back"), offender=0, to_move=1,
    )
    d = forced(hard, SIGMA)
    assert d is not None and d.explanation == Call("ai.snooker.put_back")
    concede = with_balls(
        {"white": (0.0, 1.0), "pink": (0.0, 2.677), "black": (0.0, 3.245)}, ball_on="pink", scores=(20, 60)
    )
    d = forced(concede, SIGMA)
    assert d is not None and d.explanation is not None and d.explanation.key == "ai.snooker.concede"
    assert "snookers needed" in translate("en", d.explanation.key, dict(d.explanation.params))


def test_crokinole_open_board_ideas_are_shots_at_the_20() -> None:
    start = get_game("crokinole").new_position()
    cands = crokinole_candidates(start)  # type: ignore[arg-type]
    assert cands
    for c in cands:
        assert c.explanation is not None
        _reads_everywhere(c.explanation)
    assert {c.explanation.key for c in cands if c.label.startswith("open 20")} == {"ai.crokinole.open_20"}  # type: ignore[union-attr]


def test_novuss_pots_and_their_variations_name_the_pocket() -> None:
    start = get_game("novuss").new_position()
    cands = novuss_candidates(start)  # type: ignore[arg-type]
    assert cands
    for c in cands:
        assert c.explanation is not None
        _reads_everywhere(c.explanation)
        if c.label.startswith(("pot", "rebound")):
            pocket = c.label.split(" into ")[1]
            assert c.explanation.params == {"pocket_key": f"pocket.{pocket}"}
            assert all(v.explanation == c.explanation for v in novuss_variations(c))
