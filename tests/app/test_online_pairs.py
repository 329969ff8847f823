"""A side of two players (doubles: "Bo and Di") is named with the verb agreeing with them: the
catalogues' ``<key>_pair`` texts, chosen by cueboard.app.messages.translate (and by the page's
i18n.js, tests/e2e/test_online_pairs.py) when the parameters say ``pair``. English and the
East Slavic languages put the verb in the plural ("win", "выигрывают", "виграють"); Chinese and
Vietnamese verbs do not change with number, so their pair texts are the singular ones."""

from __future__ import annotations

import re

import pytest

from cueboard.app.messages import LANGUAGES, catalogue, translate

#: The winner, claim and concession lines that name a side or its players, and the scoreboard's
#: mark of the side to play, each with a pair form.
SIDE_LINES = ("match.winner", "ref.match_over", "snooker:ref.match_over", "end.match", "end.game",
              "end.frame", "ref.snooker.frame_over", "ref.snooker.concede", "ref.snooker.claim",
              "ref.snooker.forfeit", "call.crokinole.concede", "match.to_play")


def test_a_doubles_end_line_in_english_and_russian() -> None:
    assert translate("en", "end.game", {"name": "Bo and Di", "pair": True}) == "Bo and Di win the game"
    assert translate("en", "end.game", {"name": "Bo"}) == "Bo wins the game"
    assert translate("en", "match.winner", {"name": "Bo and Di", "pair": True}) == "Bo and Di win."
    assert translate("ru", "end.game", {"name": "Бо и Ди", "pair": True}) == "Игру выигрывают Бо и Ди"
    assert translate("ru", "end.game", {"name": "Бо", "pair": False}) == "Игру выигрывает Бо"
    assert translate("uk", "match.winner", {"name": "Бо і Ді", "pair": True}) == "Перемагають Бо і Ді."
    # the game's own text first, then its pair form: a snooker match, not a game
    assert translate("ru", "ref.match_over", {"side": "Оля и Ира", "pair": True}, game="snooker") == (
        "Матч окончен: побеждают Оля и Ира.")
    assert translate("en", "ref.snooker.concede", {"side": "Bo and Di", "pair": True}) == (
        "Bo and Di concede the frame.")


def test_chinese_and_vietnamese_keep_the_one_form() -> None:
    assert translate("zh-Hant", "end.match", {"name": "甲和乙", "pair": True}) == "甲和乙 贏得比賽"
    assert translate("vi", "match.winner", {"name": "An và Bình", "pair": True}) == "An và Bình thắng."


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_side_line_has_a_pair_form(lang: str) -> None:
    """Each line's pair form holds the same parameters; in English, Russian and Ukrainian it
    differs from the singular where the singular has a verb of the third person singular."""
    cat = catalogue(lang)
    for key in SIDE_LINES:
        one, two = cat[key], cat[f"{key}_pair"]
        assert set(re.findall(r"\{(\w+)\}", one)) == set(re.findall(r"\{(\w+)\}", two)), key
        if lang in ("zh-Hant", "vi"):
            assert one == two, key
        elif not (lang == "en" and key in ("end.frame", "ref.snooker.frame_over", "match.to_play")):
            # ("Frame to Bo and Di", "Bo and Di to play")
            assert one != two, key
