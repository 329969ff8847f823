"""Message catalogues: the five languages carry the same keys and the same parameters, and every
key the server emits (fouls, removals, placements) has a text."""

from __future__ import annotations

import re

import pytest

from cueboard.app.messages import LANGUAGES, UnknownLanguageError, catalogue, pick_language, translate
from cueboard.games.crokinole.errors import IllegalShotError
from cueboard.games.crokinole.records import Foul as CrokinoleFoul
from cueboard.games.crokinole.records import RemovalReason
from cueboard.games.snooker.ruling import FoulReason


def _params(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_same_keys_and_parameters(lang: str) -> None:
    en, other = catalogue("en"), catalogue(lang)
    assert set(other) == set(en)
    for key, text in en.items():
        assert _params(other[key]) == _params(text), key
        assert other[key].strip(), key


def test_every_emitted_key_has_a_text() -> None:
    en = catalogue("en")
    keys = [f"foul.{r.value}" for r in FoulReason]
    keys += [f"removal.{r.value}" for r in RemovalReason]
    keys += [f"ref.crokinole.foul.{f.value}" for f in CrokinoleFoul]
    keys += [f"novuss.penalty.{n}" for n in range(7)]
    doc = IllegalShotError.__doc__ or ""
    keys += [f"placement.{code}" for code in re.findall(r"``(\w+)``", doc.split("``reason``")[1])]
    missing = [k for k in keys if k not in en]
    assert not missing


def test_translate_and_pick() -> None:
    assert translate("en", "ref.snooker.foul", {"penalty": 4, "reason_key": "foul.in_off"}) == (
        "Foul — in-off (the cue ball was potted). 4 away.")
    assert translate("ru", "lobby.count", {"n": 4}) == "4 игрока"
    assert translate("vi", "no.such.key") == "no.such.key"
    assert pick_language(None, "vi-VN,vi;q=0.9") == "vi"
    assert pick_language(None, "zh-HK") == "zh-Hant"
    assert pick_language("uk", "en") == "uk"
    assert pick_language(None, "de") == "en"
    with pytest.raises(UnknownLanguageError, match="klingon"):
        catalogue("klingon")


def test_game_overrides() -> None:
    """'frame' only in snooker: a crokinole screen reads rounds, a novuss screen games."""
    assert translate("en", "match.frame_n", {"n": 2}) == "Frame 2"
    assert translate("en", "match.frame_n", {"n": 2}, game="crokinole") == "Round 2"
    assert translate("uk", "match.frame_n", {"n": 2}, game="novuss") == "Гра 2"
    assert translate("zh-Hant", "match.frame_n", {"n": 3}, game="snooker") == "第 3 盤"
    assert translate("ru", "ref.match_over", {"side": "Оля"}, game="snooker") == (
        "Матч окончен: побеждает Оля.")


# Terms of the official rules text in each language (the WPBSA rules in Ukrainian, Russian and
# Traditional Chinese; the Vietnamese crokinole rules; the Ukrainian novuss rules): the catalogue
# uses them, never the words the rules do not use.
RULE_TERMS = {
    "uk": ({"score.ball_on": "Чергова куля", "ref.snooker.touching": "Притиснута куля: {ball}.",
            "ball.white": "биток", "match.frame_n": "Фрейм {n}", "crokinole:match.frame_n": "Раунд {n}"},
           ("біток", "Біток", "Куля на черзі", "Дотик кулі", "Партія", "шайб")),
    "ru": ({"ref.snooker.touching": "Соприкасающийся шар: {ball}.", "score.ball_on": "Прицельный шар",
            "ref.snooker.respot": "На отметку выставляется {ball}."},
           ("Касание шара", "точку", "Партия", "шайб")),
    "zh-Hant": ({"ball.brown": "褐球", "ref.snooker.touching": "相連球：{ball}。",
                 "match.frame_n": "第 {n} 盤", "ball.colour": "任一色球"},
                ("咖啡球", "彩球", "貼球", "本局", "桿")),
    "vi": ({"placement.off_playing_surface": "Đĩa sẽ chìa ra trên mương.",
            "placement.not_touching_shooting_line": "Đĩa phải chạm vạch xuất phát."},
           ("rãnh", "vạch bắn")),
}


@pytest.mark.parametrize("lang", list(RULE_TERMS))
def test_terms_of_the_rules_texts(lang: str) -> None:
    cat = catalogue(lang)
    expected, banned = RULE_TERMS[lang]
    for key, text in expected.items():
        assert cat[key] == text, key
    snooker_words = {k: v for k, v in cat.items() if not k.startswith("novuss:")}
    for word in banned:
        assert not [k for k, v in snooker_words.items() if word in v], word


def test_sentence_case_and_frame_only_in_snooker() -> None:
    """Lobby options start with a capital in every language; the crokinole and novuss overrides
    cover every text that says "frame"."""
    for lang in LANGUAGES:
        cat = catalogue(lang)
        for key, text in cat.items():
            if key.startswith(("option.", "level.")):
                assert text[0] == text[0].upper(), (lang, key)
    en = catalogue("en")
    snooker_only = ("ref.snooker.", "score.", "setting.best_of", "ai.snooker.", "end.frame", "scorer.")
    framed = [k for k, v in en.items()
              if "frame" in v.lower() and ":" not in k and not k.startswith(snooker_only)]
    for key in framed:
        for game in ("crokinole", "novuss"):
            assert f"{game}:{key}" in en, (key, game)
